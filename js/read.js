// How the Node entries get their wasm: read from disk beside the entry.
import { readFile } from 'node:fs/promises';

// A path or a `file:` URL is a file to read (fetch cannot read files); bytes,
// a Response or a WebAssembly.Module are instantiated as they are.
export function source(wasm) {
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
