// @gamecloud/client for browsers and bundlers: the wasm is fetched from beside
// this file, a URL that webpack, Vite, Next.js and Rollup see as an asset.
import { entry } from './shared.js';

export { GameCloudError, validateDevTokenRequest, proxyPort, decodeToken } from './shared.js';

async function source(wasm) {
  if (!(typeof wasm === 'string' || wasm instanceof URL)) return wasm;
  if (String(wasm).startsWith('file:')) {
    // The browser entry under Node (a test environment that sets the
    // `browser` condition): fetch cannot read files.
    throw new Error(
      `the browser entry cannot fetch ${wasm}: under Node, pass init() the bytes of @gamecloud/client/gamecloud_core_bg.wasm`,
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

export const { init, GameCloudClient } = entry(source, () => new URL('./gamecloud_core_bg.wasm', import.meta.url));
