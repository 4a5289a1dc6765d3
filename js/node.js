// @gamecloud/client for Node: the wasm is read from disk beside this file.
import { readFile } from 'node:fs/promises';
import { entry } from './shared.js';

export { GameCloudError, validateDevTokenRequest, proxyPort, decodeToken } from './shared.js';

// A path or a URL is a file to read (fetch cannot read files); anything else
// (bytes, a Response) is instantiated as it is.
const source = (wasm) => (typeof wasm === 'string' || wasm instanceof URL ? readFile(wasm) : wasm);

export const { init, GameCloudClient } = entry(source, () => new URL('./gamecloud_core_bg.wasm', import.meta.url));
