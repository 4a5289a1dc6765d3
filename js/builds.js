// @gamecloud/client/builds for browsers and bundlers: the builds index, its
// wasm fetched from beside this file.
import { source } from './fetch.js';
import { builds } from './builds-api.js';

export { GameCloudError } from './load.js';

export const { init, BuildsIndex } = builds(source, () => new URL('./gamecloud_builds_bg.wasm', import.meta.url));
