// @gamecloud/client for Node: the wasm is read from disk beside this file.
import { readFile } from 'node:fs/promises';
import { entry } from './shared.js';

export { GameCloudError, validateDevTokenRequest, proxyPort, decodeToken } from './shared.js';

// A path or a `file:` URL is a file to read (fetch cannot read files); bytes,
// a Response or a WebAssembly.Module are instantiated as they are.
function source(wasm) {
  if (typeof wasm === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(wasm)) return readFile(wasm);
  if (typeof wasm === 'string' || wasm instanceof URL || typeof wasm?.href === 'string') {
    const url = new URL(String(wasm.href ?? wasm));
    if (url.protocol === 'file:') return readFile(url);
    // A bundler's server build that rewrote the module's own URL to a web
    // path (Next.js) would make this a request to the page's server.
    throw new Error(
      `in Node the wasm is read from a path or a file: URL, not ${url.href}. ` +
        "Under Next.js, add serverExternalPackages: ['@gamecloud/client'] to next.config; elsewhere pass init() a path or the bytes",
    );
  }
  return wasm;
}

export const { init, GameCloudClient } = entry(source, () => new URL('./gamecloud_core_bg.wasm', import.meta.url));
