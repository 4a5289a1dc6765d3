/**
 * `@gamecloud/client/elements`: the panel's own pages as drop-in elements,
 * each in a shadow root of its own. Importing this entry defines
 * `<gamecloud-builds>`, `<gamecloud-dev-token>` and
 * `<gamecloud-namespace-settings>`; their WebAssembly
 * (`gamecloud_elements_bg.wasm`) and stylesheet (`elements.css`) are fetched
 * from beside the module when the first one is connected.
 *
 * Attributes: `base-url` (the service; this page's origin when absent),
 * `game`, `namespace`, `persist` (keep the action log and recent ids in this
 * origin's `localStorage`; without it, in memory). The token only through the
 * `token` property or a `tokenProvider`, never an attribute; a token is sent
 * only to the `base-url` it was given for.
 *
 * Theming: the custom properties `--gamecloud-accent`, `--gamecloud-accent-text`,
 * `--gamecloud-font`, `--gamecloud-mono`, `--gamecloud-radius`, `--gamecloud-bg`,
 * `--gamecloud-surface`, `--gamecloud-text`, `--gamecloud-muted`,
 * `--gamecloud-border`, `--gamecloud-danger` (and the others the README lists),
 * `color-scheme` (the page's, inherited, unless set on the elements), and the parts
 * `panel`, `title`, `heading`, `button`, `field`, `table`, `error`, `token`.
 */
import type { GameCloudError } from './index.js';

export { GameCloudError } from './index.js';

/**
 * Loads the elements' WebAssembly, once; connecting the first element does
 * it too. Await it to load early, or to load from elsewhere than beside the
 * module.
 *
 * @throws A {@link GameCloudError} of kind `not_loaded` if it cannot load;
 *   calling again tries again.
 */
export function init(wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | Uint8Array): Promise<void>;

/** Where the elements' stylesheet is, when not beside the module: call before the first element is connected. */
export function setStylesheet(url: string | URL): void;

/** An operation of the service, as the events name it. */
export type OperationName = 'list-builds' | 'create-dev-token' | 'set-cdn-auth' | 'set-domain-auth';

/** What a `gamecloud-change` event says was changed. */
export interface ChangeDetail {
  operation: Exclude<OperationName, 'list-builds'>;
  gameId: string;
  namespaceId: string;
  /**
   * What was set: the CDN authentication type, `enabled` or `disabled`, or a
   * development token's ports. Never the token itself, which is shown once on
   * the element's page.
   */
  value: string;
  /** The service's ray id for the call. */
  rayId: string;
}

/**
 * The error of a `gamecloud-error` event: a {@link GameCloudError}, and which
 * call failed when a call did (not for a wasm or stylesheet that did not load,
 * or a `tokenProvider` that threw).
 */
export type ElementError = GameCloudError & { readonly operation?: OperationName };

/** A namespace the studio marks protected, and the name a person types to change it. */
export interface ProtectedNamespace {
  /** The namespace's id (a UUID, however spelt). */
  id: string;
  /** Its name: what the confirmation asks to type ("" for its id). */
  name: string;
}

/** What every element has: the token, the protected namespaces, and the events. */
export interface GameCloudElement extends HTMLElement {
  /**
   * The service's API token, for the `base-url` of the moment it is set: a
   * change to another service drops it. Write-only: reading it gives `undefined`.
   */
  get token(): undefined;
  set token(value: string);
  /**
   * The namespaces the studio marks protected, with the marks the element
   * keeps: each is changed only once its name is typed. Reading gives a copy.
   *
   * @throws A {@link GameCloudError} of kind `invalid_request` for an entry
   *   that is not a namespace id, or a name that cannot be typed back; the
   *   marks stay as they were.
   */
  get protected(): ProtectedNamespace[];
  set protected(value: readonly ProtectedNamespace[]);
  /**
   * Returns the token for the service at `baseUrl` (or a promise of it):
   * called when the element is connected, when its `base-url` changes, and
   * when the service refuses the token it gave (once: refused again within a
   * minute, not until the host sets the token, the provider or an
   * attribute). `null` for none.
   */
  tokenProvider: ((baseUrl: string) => string | PromiseLike<string>) | null;
  addEventListener<K extends keyof GameCloudElementEventMap>(
    type: K,
    listener: (this: GameCloudElement, ev: GameCloudElementEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof GameCloudElementEventMap>(
    type: K,
    listener: (this: GameCloudElement, ev: GameCloudElementEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** The events the elements send (they bubble, and cross shadow roots). */
export interface GameCloudElementEventMap extends HTMLElementEventMap {
  'gamecloud-change': CustomEvent<ChangeDetail>;
  'gamecloud-error': CustomEvent<ElementError>;
}

/** `<gamecloud-builds>`: the game's builds, as the panel's builds page shows them. */
export interface GameCloudBuilds extends GameCloudElement {}
/** `<gamecloud-dev-token>`: the panel's form for a development token; the token shown once. */
export interface GameCloudDevToken extends GameCloudElement {}
/** `<gamecloud-namespace-settings>`: the namespace's CDN and domain authentication. */
export interface GameCloudNamespaceSettings extends GameCloudElement {}

export const GameCloudBuilds: { prototype: GameCloudBuilds; new (): GameCloudBuilds };
export const GameCloudDevToken: { prototype: GameCloudDevToken; new (): GameCloudDevToken };
export const GameCloudNamespaceSettings: {
  prototype: GameCloudNamespaceSettings;
  new (): GameCloudNamespaceSettings;
};

declare global {
  interface HTMLElementTagNameMap {
    'gamecloud-builds': GameCloudBuilds;
    'gamecloud-dev-token': GameCloudDevToken;
    'gamecloud-namespace-settings': GameCloudNamespaceSettings;
  }
}
