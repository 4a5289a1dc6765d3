// The files entry's API over its own wasm (`gamecloud_files_bg.wasm`), shared
// by `files.js` (browsers and bundlers) and `files-node.js` (Node): the
// panel's engine files and its encrypted hand-off, byte for byte. The wasm
// loads at `init()` or the first call that needs it, never at import.
import start, * as wasm from './gamecloud_files.js';
import { GameCloudError, badArgument, loader, read } from './load.js';
import { kind } from './kind.js';

/** `object[key]`, a string, or a bad argument at `path`. */
function text(object, key, path) {
  const value = read(object, key, path);
  if (typeof value !== 'string') throw badArgument(path, `${path} must be a string, not ${kind(value)}.`);
  return value;
}

/** The ports as JSON text for the wasm, which checks them as the service would. */
function ports(object, path) {
  const at = `${path}.ports`;
  const given = read(object, 'ports', at);
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw badArgument(at, `${at} must be an object of port configurations keyed by label, not ${kind(given)}.`);
  }
  let json;
  try {
    json = JSON.stringify(given);
  } catch {}
  // A bigint, a cycle, a getter that throws, or a toJSON that gives no object.
  if (typeof json !== 'string' || !json.startsWith('{')) {
    throw badArgument(at, `${at} cannot be read as JSON (a bigint, a cycle, a getter that throws, or a toJSON).`);
  }
  return json;
}

/** `arg` is an object, or a bad argument named `path`. */
function object(arg, path, shape) {
  if (typeof arg !== 'object' || arg === null) throw badArgument(path, `${path} must be an object such as ${shape}, not ${kind(arg)}.`);
  return arg;
}

/** A failure of the wasm (`[path, message, kind]`) as a `GameCloudError`. */
function rethrow(error) {
  if (!Array.isArray(error)) throw error;
  const [path, message, errorKind] = error;
  const said = message.endsWith('.') ? message : `${message}.`;
  if (errorKind === 'invalid_request') throw badArgument(path, said);
  const e = new GameCloudError(said);
  e.kind = errorKind;
  throw e;
}

const HANDOFF = '{ token, baseUrl, gameId, namespaceId, hostname, ports }';

/** The files entry's `init` and functions, for its way to get the wasm. */
export function files(source, beside) {
  const file = 'gamecloud_files_bg.wasm';
  const { init, mustBeLoaded } = loader({ start, file, source: (place) => source(place, file), beside });

  function engineFile(engine, handoff) {
    mustBeLoaded('engineFile()');
    if (typeof engine !== 'string') throw badArgument('engine', `engine must be "godot", "unity", "unreal" or "env", not ${kind(engine)}.`);
    const h = object(handoff, 'handoff', HANDOFF);
    const fields = ['token', 'baseUrl', 'gameId', 'namespaceId', 'hostname'].map((key) => text(h, key, `handoff.${key}`));
    const fromEnv = read(h, 'tokenFromEnv', 'handoff.tokenFromEnv') ?? false;
    if (typeof fromEnv !== 'boolean') throw badArgument('handoff.tokenFromEnv', `handoff.tokenFromEnv must be true or false, not ${kind(fromEnv)}.`);
    try {
      return JSON.parse(wasm.engineFile(engine, ...fields, ports(h, 'handoff'), fromEnv));
    } catch (e) {
      rethrow(e);
    }
  }

  async function sealHandoff(contents, passphrase) {
    await init();
    const c = object(contents, 'contents', '{ token, baseUrl, gameId, namespaceId, namespaceLabel, protected, hostname, ports }');
    const fields = ['token', 'baseUrl', 'gameId', 'namespaceId'].map((key) => text(c, key, `contents.${key}`));
    const label = read(c, 'namespaceLabel', 'contents.namespaceLabel') ?? '';
    if (typeof label !== 'string') throw badArgument('contents.namespaceLabel', `contents.namespaceLabel must be a string, not ${kind(label)}.`);
    const marked = read(c, 'protected', 'contents.protected') ?? false;
    if (typeof marked !== 'boolean') throw badArgument('contents.protected', `contents.protected must be true or false, not ${kind(marked)}.`);
    const hostname = text(c, 'hostname', 'contents.hostname');
    if (typeof passphrase !== 'string') throw badArgument('passphrase', `passphrase must be a string, not ${kind(passphrase)}.`);
    try {
      return await wasm.sealHandoff(...fields, label, marked, hostname, ports(c, 'contents'), passphrase);
    } catch (e) {
      rethrow(e);
    }
  }

  async function openHandoff(sealed, passphrase) {
    await init();
    if (typeof sealed !== 'string') throw badArgument('text', `text must be a hand-off file's text, not ${kind(sealed)}.`);
    if (typeof passphrase !== 'string') throw badArgument('passphrase', `passphrase must be a string, not ${kind(passphrase)}.`);
    try {
      return JSON.parse(await wasm.openHandoff(sealed, passphrase));
    } catch (e) {
      rethrow(e);
    }
  }

  function passphraseProblem(passphrase) {
    mustBeLoaded('passphraseProblem()');
    if (typeof passphrase !== 'string') throw badArgument('passphrase', `passphrase must be a string, not ${kind(passphrase)}.`);
    return wasm.passphraseProblem(passphrase) ?? null;
  }

  function suggestPassphrase() {
    mustBeLoaded('suggestPassphrase()');
    try {
      return wasm.suggestPassphrase();
    } catch (e) {
      rethrow(e);
    }
  }

  return { init, engineFile, sealHandoff, openHandoff, passphraseProblem, suggestPassphrase };
}
