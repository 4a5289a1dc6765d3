// @gamecloud/client/builds for Node: the builds index, its wasm read from
// disk beside this file.
import { source } from './read.js';
import { builds } from './builds-api.js';

export { GameCloudError } from './load.js';

export const { init, BuildsIndex } = builds(source, () => new URL('./gamecloud_builds_bg.wasm', import.meta.url));
