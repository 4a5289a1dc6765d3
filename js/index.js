// @gamecloud/client for browsers and bundlers: the wasm is fetched from beside
// this file, a URL that webpack, Vite, Next.js and Rollup see as an asset.
import { source } from './fetch.js';
import { core } from './shared.js';

export { GameCloudError } from './load.js';

export const { init, GameCloudClient, validateDevTokenRequest, proxyPort, decodeToken, sendsTokenInClear } = core(
  source,
  () => new URL('./gamecloud_core_bg.wasm', import.meta.url),
);
