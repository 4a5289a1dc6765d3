// The core entry's API over its wasm, shared by `index.js` (browsers and
// bundlers: fetches the wasm) and `node.js` (reads it from disk). Nothing
// happens at import: the core loads on the first call that needs it, or at
// `init()`, once however many callers wait.
import start, * as wasm from './gamecloud_core.js';
import { GameCloudError, loader } from './load.js';

/**
 * The core's `init`, client and functions, for the entry's way to get the
 * wasm (`load.js`, `loader`).
 */
export function core(source, beside) {
  const file = 'gamecloud_core_bg.wasm';
  const { init, isLoaded, mustBeLoaded } = loader({
    start,
    file,
    source: (place) => source(place, file),
    beside,
    started: () => wasm.__setErrorClass(GameCloudError),
  });

  class GameCloudClient {
    #options;
    #core;
    constructor(options) {
      this.#options = options;
      // Checked at once when the core is there, else by the first call.
      if (isLoaded()) this.#core = new wasm.GameCloudClient(options);
    }
    async #client() {
      if (!this.#core) await init();
      return (this.#core ??= new wasm.GameCloudClient(this.#options));
    }
    async createDevToken(gameId, namespaceId, request, options) {
      return (await this.#client()).createDevToken(gameId, namespaceId, request, options);
    }
    /** Every build of a game, newest first; `content_length` an exact bigint. */
    async listBuilds(gameId, options) {
      const list = JSON.parse(await (await this.#client()).__listBuildsText(gameId, options));
      for (const build of list.builds) build.content_length = BigInt(build.content_length);
      return list;
    }
    async setCdnAuth(gameId, namespaceId, authType, options) {
      return (await this.#client()).setCdnAuth(gameId, namespaceId, authType, options);
    }
    async setDomainAuth(gameId, namespaceId, enabled, options) {
      return (await this.#client()).setDomainAuth(gameId, namespaceId, enabled, options);
    }
    free() {
      this.#core?.free();
      this.#core = undefined;
    }
  }

  /** `f` for a synchronous call, which cannot wait for the load. */
  const sync = (name, f) => (arg) => {
    mustBeLoaded(`${name}()`);
    return f(arg);
  };

  return {
    init,
    GameCloudClient,
    validateDevTokenRequest: sync('validateDevTokenRequest', wasm.validateDevTokenRequest),
    proxyPort: sync('proxyPort', wasm.proxyPort),
    decodeToken: sync('decodeToken', wasm.decodeToken),
    sendsTokenInClear: sync('sendsTokenInClear', wasm.sendsTokenInClear),
  };
}
