// @gamecloud/client/files for Node: the engine files and the encrypted
// hand-off, the wasm read from disk beside this file.
import { source } from './read.js';
import { files } from './files-api.js';

export { GameCloudError } from './load.js';

export const { init, engineFile, sealHandoff, openHandoff, passphraseProblem, suggestPassphrase } = files(
  source,
  () => new URL('./gamecloud_files_bg.wasm', import.meta.url),
);
