// @gamecloud/client/bulk for Node: one setting applied to several
// namespaces, the wasm read from disk beside this file.
import { source } from './read.js';
import { bulk } from './bulk-api.js';

export { GameCloudError } from './load.js';

export const { init, BulkChange, confirms } = bulk(source, () => new URL('./gamecloud_bulk_bg.wasm', import.meta.url));
