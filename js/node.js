// @gamecloud/client for Node: the wasm is read from disk beside this file.
import { source } from './read.js';
import { core } from './shared.js';

export { GameCloudError } from './load.js';

export const { init, GameCloudClient, validateDevTokenRequest, proxyPort, decodeToken, sendsTokenInClear } = core(
  source,
  () => new URL('./gamecloud_core_bg.wasm', import.meta.url),
);
