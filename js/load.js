// What every entry of @gamecloud/client shares: its one error class, and
// loading an entry's WebAssembly once. Each entry (the core, the builds
// index) has a wasm of its own, loaded only when that entry is used; their
// errors are the one `GameCloudError`, whichever entry threw.

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

/** A `GameCloudError` of kind `invalid_request` for a bad argument at `path`. */
export function badArgument(path, message) {
  const e = new GameCloudError(message);
  e.kind = 'invalid_request';
  e.issues = [{ code: 'type-invalid', path, message, severity: 'error', serviceCode: null }];
  return e;
}

/** What was thrown, in words, whatever it is (a Symbol cannot become a string by itself). */
export function describe(e) {
  try {
    return String(e?.message ?? e);
  } catch {
    return 'a value that cannot be written';
  }
}

/** `object[key]`, or a bad argument at `path` if reading it throws (a getter, a Proxy). */
export function read(object, key, path) {
  try {
    return object[key];
  } catch (e) {
    throw badArgument(path, `Reading ${path} threw an exception: ${describe(e)}.`);
  }
}

function notLoaded(message, fields) {
  const e = new GameCloudError(message, fields && { cause: fields.cause });
  e.kind = 'not_loaded';
  if (fields) e.url = fields.url;
  return e;
}

/** Where `init` sought the wasm, in words: a place as it is, anything else by kind. */
function place(wasm) {
  if (wasm === undefined || wasm === null) return { words: 'beside the module' };
  if (typeof wasm === 'string' || wasm instanceof URL) return { words: String(wasm), url: String(wasm) };
  if (typeof Response !== 'undefined' && wasm instanceof Response) return { words: `the Response for ${wasm.url || 'an unnamed URL'}` };
  const size = wasm.byteLength ?? wasm.length;
  const kind = wasm?.constructor?.name ?? typeof wasm;
  return { words: `the ${kind} given${typeof size === 'number' ? ` (${size} bytes)` : ''}` };
}

/**
 * One entry's load: `start` is its wasm-bindgen glue's `init`, `file` its
 * wasm's name, `source(wasm)` gives what `start` instantiates (a `Response`
 * or bytes) for `init`'s argument or, when absent, `beside()`: the file
 * beside the entry, asked for only then (a bundle without `import.meta.url`
 * fails at the load, not at import). `started()` runs once it is loaded.
 */
export function loader({ start, file, source, beside, started = () => {} }) {
  let loading; // the one load every caller waits for; forgotten if it fails
  let loaded = false;

  function init(wasm) {
    if (!loading) {
      loading = (async () => {
        wasm ??= beside();
        await start({ module_or_path: await source(wasm) });
        started();
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
            `Serve ${file} where the module expects it (see its README), then call init() again.`,
          { url: where.url, cause },
        );
      });
      // An early init() nobody awaits must not end the process (Node) or
      // print an unhandled rejection: whoever awaits it still gets the error.
      loading.catch(() => {});
    }
    return loading;
  }

  /** Throws unless loaded: for `name`, a synchronous call, which cannot wait. */
  function mustBeLoaded(name) {
    if (!loaded) {
      throw notLoaded(
        `${name} needs the WebAssembly core, which is not loaded yet: await init() first ` +
          '(once, early; every caller shares the one load).',
      );
    }
  }

  return { init, isLoaded: () => loaded, mustBeLoaded };
}
