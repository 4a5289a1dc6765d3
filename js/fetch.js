// How the browser entries get their wasm: fetched from beside the entry, a
// URL that webpack, Vite, Next.js and Rollup see as an asset.

/** What wasm-bindgen instantiates for `init(wasm)`: `file` names the wasm in messages. */
export async function source(wasm, file) {
  if (!(typeof wasm === 'string' || wasm instanceof URL)) return wasm;
  if (String(wasm).startsWith('file:')) {
    // The browser entry under Node (a test environment that sets the
    // `browser` condition): fetch cannot read files.
    throw new Error(
      `the browser entry cannot fetch ${wasm}: under Node, pass init() the bytes of @gamecloud/client/${file}`,
    );
  }
  const answer = await fetch(wasm);
  const type = answer.headers.get('content-type') ?? '';
  // A server that does not have the file often answers its index page.
  if (!answer.ok || type.startsWith('text/html')) {
    const vite = String(wasm).includes('/.vite/deps/')
      ? " (Vite's dependency pre-bundling moved the module: add optimizeDeps: { exclude: ['@gamecloud/client'] } to vite.config.js)"
      : '';
    throw new Error(`the server answered ${answer.status} ${type || 'without a content type'}, not the wasm file${vite}`);
  }
  return answer;
}
