// The API over the wasm core, shared by the two entries: `index.js` (browsers
// and bundlers: fetches the wasm) and `node.js` (reads it from disk). Nothing
// happens at import: the core loads on the first call that needs it, or at
// `init()`, once however many callers wait.
import start, * as core from './gamecloud_core.js';

/**
 * Every failure of this package: a real `Error` with a machine-readable `kind`.
 * See index.d.ts for the fields each kind carries.
 */
export class GameCloudError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'GameCloudError';
  }
}

let loading; // the one load every caller waits for; forgotten if it fails
let loaded = false;

function notLoaded(message, fields) {
  const e = new GameCloudError(message, fields && { cause: fields.cause });
  e.kind = 'not_loaded';
  if (fields) e.url = fields.url;
  return e;
}

/** Where `init` sought the core, in words: a place as it is, anything else by kind. */
function place(wasm) {
  if (wasm === undefined || wasm === null) return { words: 'beside the module' };
  if (typeof wasm === 'string' || wasm instanceof URL) return { words: String(wasm), url: String(wasm) };
  if (typeof Response !== 'undefined' && wasm instanceof Response) return { words: `the Response for ${wasm.url || 'an unnamed URL'}` };
  const size = wasm.byteLength ?? wasm.length;
  const kind = wasm?.constructor?.name ?? typeof wasm;
  return { words: `the ${kind} given${typeof size === 'number' ? ` (${size} bytes)` : ''}` };
}

/**
 * The entry's `init` and client, for the entry's way to get the wasm:
 * `source(wasm)` gives what wasm-bindgen instantiates (a `Response` or
 * bytes), `wasm` being `init`'s argument or, when absent, `beside()`: the
 * file beside the entry, asked for only then (a bundle without
 * `import.meta.url` fails at the load, not at import).
 */
export function entry(source, beside) {
  function init(wasm) {
    if (!loading) {
      loading = (async () => {
        wasm ??= beside();
        await start({ module_or_path: await source(wasm) });
        core.__setErrorClass(GameCloudError);
        loaded = true;
      })().catch((cause) => {
        loading = undefined; // the next call tries again
        // What the caller gave, or threw, may throw again when read (a revoked
        // Proxy, a getter or `toString` that throws).
        let where = { words: 'a value that throws when read' };
        let why = 'an error that throws when read';
        try {
          where = place(wasm);
          why = String(cause?.message ?? cause);
        } catch {}
        throw notLoaded(
          `The WebAssembly core did not load from ${where.words}: ${why}. ` +
            'Serve gamecloud_core_bg.wasm where the module expects it (see its README), then call init() again.',
          { url: where.url, cause },
        );
      });
      // An early init() nobody awaits must not end the process (Node) or
      // print an unhandled rejection: whoever awaits it still gets the error.
      loading.catch(() => {});
    }
    return loading;
  }

  class GameCloudClient {
    #options;
    #core;
    constructor(options) {
      this.#options = options;
      // Checked at once when the core is there, else by the first call.
      if (loaded) this.#core = new core.GameCloudClient(options);
    }
    async #client() {
      if (!this.#core) await init();
      return (this.#core ??= new core.GameCloudClient(this.#options));
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
  return { init, GameCloudClient };
}

/** `f` for a synchronous call, which cannot wait for the load. */
function sync(name, f) {
  return (arg) => {
    if (!loaded) {
      throw notLoaded(
        `${name}() needs the WebAssembly core, which is not loaded yet: await init() first ` +
          '(once, early; every caller shares the one load).',
      );
    }
    return f(arg);
  };
}

export const validateDevTokenRequest = sync('validateDevTokenRequest', core.validateDevTokenRequest);
export const proxyPort = sync('proxyPort', core.proxyPort);
export const decodeToken = sync('decodeToken', core.decodeToken);
