// @gamecloud/client: the entry a dashboard imports. Loads the wasm core once
// (top-level await), registers the error class, and re-exports the API.
import init, * as core from './gamecloud_core.js';

/**
 * Every failure of this package: a real `Error` with a machine-readable `kind`.
 * See index.d.ts for the fields each kind carries.
 */
export class GameCloudError extends Error {
  constructor(message) {
    super(message);
    this.name = 'GameCloudError';
  }
}

const wasmUrl = new URL('./gamecloud_core_bg.wasm', import.meta.url);

async function load() {
  if (wasmUrl.protocol === 'file:') {
    // Node: fetch() cannot read files, so read the bytes.
    const fsName = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fsName);
    return readFile(wasmUrl);
  }
  return wasmUrl;
}

await init({ module_or_path: await load() });
core.__setErrorClass(GameCloudError);

/** The client; see index.d.ts. */
export class GameCloudClient extends core.GameCloudClient {
  /** Every build of a game, newest first; `content_length` an exact bigint. */
  async listBuilds(gameId, options) {
    const list = JSON.parse(await this.__listBuildsText(gameId, options));
    for (const build of list.builds) build.content_length = BigInt(build.content_length);
    return list;
  }
}
export const validateDevTokenRequest = core.validateDevTokenRequest;
export const proxyPort = core.proxyPort;
export const decodeToken = core.decodeToken;
