/**
 * `@gamecloud/client/files`: the panel's engine files for a new development
 * token (Godot, Unity, Unreal, `.env`; the token inside, or read from the
 * environment) and its encrypted hand-off (sealed in format version 2,
 * versions 1 and 2 opened), each byte for byte what the panel writes. Its
 * WebAssembly is its own (`gamecloud_files_bg.wasm`), loaded at {@link init}
 * or by the first async call, never at import.
 */
import type { PortConfig } from './index.js';

export type { PortConfig } from './index.js';
export { GameCloudError } from './index.js';

/**
 * Loads this entry's WebAssembly, once. Await it before the synchronous
 * {@link engineFile}, {@link passphraseProblem} and {@link suggestPassphrase};
 * {@link sealHandoff} and {@link openHandoff} wait for it themselves.
 *
 * @param wasm Where `gamecloud_files_bg.wasm` is, when not beside the module.
 * @throws A {@link GameCloudError} of kind `not_loaded` if it cannot load.
 */
export function init(
  wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | Uint8Array,
): Promise<void>;

/** An engine the files are written for. */
export type Engine = 'godot' | 'unity' | 'unreal' | 'env';

/** What a new development token hands to a game. */
export interface Handoff {
  /** The new development token. */
  token: string;
  /** The service's base URL (http or https). */
  baseUrl: string;
  /** The game's id (a UUID). */
  gameId: string;
  /** The namespace's id (a UUID). */
  namespaceId: string;
  /** The hostname the token binds. */
  hostname: string;
  /** The ports the token binds, keyed by label, as the request gave them. */
  ports: Record<string, PortConfig>;
  /**
   * The game reads the token from the environment variable
   * `GAMECLOUD_DEV_TOKEN`: the engine's file holds no secret, and
   * {@link EngineFile.local} is the one file that does.
   */
  tokenFromEnv?: boolean;
}

/** One engine's file, and how to use it (the panel's words). */
export interface EngineFile {
  engine: Engine;
  /** The name to save it under (`gamecloud_dev.cfg`, `GameCloudDev.json`, `DefaultGameCloudDev.ini`, `dev-token.env`). */
  fileName: string;
  /** Its media type, for a download. */
  mime: string;
  /** The file. */
  text: string;
  /** Where in the project it goes. */
  place: string;
  /** Whether it holds a secret, and how to keep it out of builds and version control. */
  note: string;
  /** The `.gitignore` line for it (for the local file when the token is read from the environment). */
  gitignore: string;
  /** How the engine reads it: code to paste. */
  snippet: string;
  /** With `tokenFromEnv`: the one file that holds the token, and how to load it into the environment. */
  local?: {
    /** `gamecloud.<namespace id>.local.env`. */
    fileName: string;
    text: string;
    /** A POSIX shell's and PowerShell's way to load it before starting the game or the editor. */
    loader: string;
  };
}

/**
 * One engine's file for a new token. Synchronous: throws a
 * {@link GameCloudError} of kind `not_loaded` before {@link init} resolved,
 * and of kind `invalid_request` for a value the file cannot hold safely
 * (each is refused, never escaped: a token not shaped like the service's, an
 * id that is not a UUID, a hostname or base URL with other characters, a
 * port the service would refuse, checked as `validateDevTokenRequest` checks
 * it: `issues[0].path` is then `handoff.ports.<label>…`).
 */
export function engineFile(engine: Engine, handoff: Handoff): EngineFile;

/** What an encrypted hand-off holds: a token and what it is for. */
export interface HandoffContents {
  token: string;
  baseUrl: string;
  gameId: string;
  namespaceId: string;
  /** The namespace's label in the sealer's panel, or empty. */
  namespaceLabel?: string;
  /** Whether the sealer marked the namespace protected. */
  protected?: boolean;
  hostname: string;
  ports: Record<string, PortConfig>;
}

/** A hand-off as opened: every field present, ids in their canonical form. */
export type OpenedHandoff = Required<HandoffContents>;

/**
 * Seals `contents` with `passphrase` (format version 2: PBKDF2-SHA256, 600,000
 * rounds, then HKDF and AES-256-GCM, by the platform's WebCrypto): the file's
 * text, to send over chat while the passphrase goes another way. Rejects with
 * a {@link GameCloudError} of kind `invalid_request` for a weak passphrase
 * (`issues[0].path` `passphrase`, see {@link passphraseProblem}) or contents a
 * teammate's panel would refuse to open (path `contents`), and of kind
 * `not_loaded` where the page has no WebCrypto (not a secure page).
 */
export function sealHandoff(contents: HandoffContents, passphrase: string): Promise<string>;

/**
 * Opens a sealed hand-off (version 1 or 2) with its passphrase. Rejects with
 * a {@link GameCloudError} of kind `invalid_request` saying what is wrong:
 * path `passphrase` for a wrong one, path `text` for a file cut short,
 * damaged, changed after sealing, of another version, or holding no usable
 * token (one for another namespace, say).
 */
export function openHandoff(text: string, passphrase: string): Promise<OpenedHandoff>;

/** Why a passphrase cannot seal a hand-off (too short, too few characters, a part repeated), or `null`. */
export function passphraseProblem(passphrase: string): string | null;

/** A passphrase of 100 random bits: 20 letters and digits in groups of four, to read out over a call. */
export function suggestPassphrase(): string;
