// @gamecloud/client/bulk for browsers and bundlers: one setting applied to
// several namespaces, the wasm fetched from beside this file.
import { source } from './fetch.js';
import { bulk } from './bulk-api.js';

export { GameCloudError } from './load.js';

export const { init, BulkChange, confirms } = bulk(source, () => new URL('./gamecloud_bulk_bg.wasm', import.meta.url));
