// @gamecloud/client/elements: the panel's own pages as drop-in elements,
// <gamecloud-builds>, <gamecloud-dev-token> and <gamecloud-namespace-settings>,
// each in a shadow root of its own. Importing this file defines them; their
// wasm (the panel's pages, `gamecloud_elements_bg.wasm`) and stylesheet
// (`elements.css`) are fetched from beside it when the first one is connected.
// The token is given through the `token` property or a `tokenProvider`
// callback, never an attribute: an attribute is in the page's HTML for every
// script and extension to read.
import start, { mount, __setErrorClass } from './gamecloud_elements.js';
import { GameCloudError, badArgument, describe, loader } from './load.js';
import { source } from './fetch.js';

export { GameCloudError } from './load.js';

const FILE = 'gamecloud_elements_bg.wasm';

export const { init } = loader({
  start,
  file: FILE,
  source: (place) => source(place, FILE),
  beside: () => new URL('./gamecloud_elements_bg.wasm', import.meta.url),
  started: () => __setErrorClass(GameCloudError),
});

let stylesheet = () => new URL('./elements.css', import.meta.url);

/**
 * Where the elements' stylesheet is, when the bundler or the host serves it
 * elsewhere than beside this file: call before the first element is connected.
 */
export function setStylesheet(url) {
  if (!(typeof url === 'string' || url instanceof URL)) {
    throw badArgument('url', 'url must be the stylesheet\'s address, a string or a URL.');
  }
  stylesheet = () => url;
}

/**
 * The parts a host styles with `::part()`: what the panel's markup is, named
 * once here (its views carry no part names of their own).
 */
const PARTS = [
  ['h1', 'title'],
  ['h2', 'heading'],
  ['button', 'button'],
  ['input, select, textarea', 'field'],
  ['table', 'table'],
  ['[role="alert"]', 'error'],
  ['.gc-token-once', 'token'],
];

function nameParts(root) {
  for (const [selector, part] of PARTS) {
    for (const el of root.querySelectorAll(selector)) el.part.add(part);
  }
}

// Outside a browser (a server render, Node) the module imports and defines
// nothing: the elements exist where there is a DOM.
const Base = globalThis.HTMLElement ?? class {};

class GameCloudElement extends Base {
  static observedAttributes = ['base-url', 'game', 'namespace', 'token'];

  #token = '';
  #provider = null;
  #box = null; // the element in the shadow root the page is mounted in
  #page = null; // the mounted page (the wasm's `Mounted`)
  #sized = null; // what tells the page the element's width
  #starting = false;
  #asked = 0; // which answer of the provider counts: the latest call's

  constructor() {
    super();
    // A value set on the element before it was defined (a framework that
    // renders before the import) is an own property that hides the class's
    // setter: taken through it now.
    for (const name of ['token', 'tokenProvider']) {
      if (Object.hasOwn(this, name)) {
        const value = this[name];
        delete this[name];
        try {
          this[name] = value;
        } catch (e) {
          queueMicrotask(() => this.#fail(e));
        }
      }
    }
  }

  /** The service's API token. Write-only: it is never reflected or read back. */
  set token(value) {
    if (typeof value !== 'string') {
      throw badArgument('token', `token must be a string, not ${value === null ? 'null' : typeof value}.`);
    }
    this.#asked++; // a provider's answer on its way no longer counts
    this.#token = value;
    this.#page?.setToken(value);
  }

  get token() {
    return undefined;
  }

  /**
   * A function that returns the token (or a promise of it): called when the
   * element is connected, when its `base-url` changes, and when the service
   * refuses the token it gave (401, or a token the page cannot use).
   */
  set tokenProvider(provider) {
    if (provider !== null && typeof provider !== 'function') {
      throw badArgument('tokenProvider', 'tokenProvider must be a function that returns the token, or null.');
    }
    this.#asked++;
    this.#provider = provider;
    if (provider && this.isConnected) this.#askToken();
  }

  get tokenProvider() {
    return this.#provider;
  }

  connectedCallback() {
    if (this.#page || this.#starting) return;
    this.#starting = true;
    // After the module that defined the element has run: elements already
    // in the page are connected by the definition itself, before the host
    // could call init(url) or setStylesheet().
    queueMicrotask(() => this.#start());
  }

  #start() {
    if (!this.isConnected) {
      this.#starting = false;
      return;
    }
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    if (!this.#box) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = String(stylesheet());
      this.#box = document.createElement('div');
      this.#box.className = 'gc-element';
      this.#box.part.add('panel');
      // Shown once styled, or unstyled if the stylesheet cannot be had.
      this.#box.hidden = true;
      const show = () => {
        this.#box.hidden = false;
      };
      link.addEventListener('load', show);
      link.addEventListener('error', () => {
        show();
        this.#fail(new GameCloudError(`The elements' stylesheet did not load from ${link.href}: serve elements.css beside the module, or call setStylesheet().`));
      });
      root.append(link, this.#box);
      new MutationObserver(() => nameParts(this.#box)).observe(this.#box, { childList: true, subtree: true });
    }
    if (this.#provider) this.#askToken();
    init().then(
      () => {
        this.#starting = false;
        if (this.isConnected && !this.#page) this.#mount();
      },
      (error) => {
        this.#starting = false;
        this.#box.hidden = false;
        const p = document.createElement('p');
        p.setAttribute('role', 'alert');
        p.textContent = error.message;
        this.#box.replaceChildren(p);
        this.#fail(error);
      },
    );
  }

  #mount() {
    this.#box.replaceChildren(); // a failed load's message
    this.#page = mount(this.constructor.page, this.#box, this.#baseUrl(), (type, detail) => {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
      // The service refused the token the provider gave: ask again.
      if (type === 'gamecloud-error' && this.#provider && (detail.status === 401 || detail.issues?.some((i) => i.path === 'token'))) {
        this.#askToken();
      }
    });
    this.#page.setGame(this.getAttribute('game') ?? '');
    this.#page.setNamespace(this.getAttribute('namespace') ?? '');
    this.#page.setToken(this.#token);
    nameParts(this.#box);
    // The page is laid out for the element's width (its stylesheet's
    // container queries), which the builds table's rows follow too.
    this.#sized = new ResizeObserver(([entry]) => this.#page?.setWidth(entry.contentRect.width));
    this.#sized.observe(this.#box);
  }

  #unmount() {
    this.#sized.disconnect();
    this.#page.free();
    this.#page = null;
  }

  disconnectedCallback() {
    // Moved in the page, the element is connected again at once and keeps
    // its page (a token shown once stays shown); removed, its page goes.
    queueMicrotask(() => {
      if (!this.isConnected && this.#page) this.#unmount();
    });
  }

  attributeChangedCallback(name, _old, value) {
    if (name === 'token') {
      // Never an attribute: it would be in the page's HTML for every script,
      // extension and crash report to read. Taken off, and not used.
      if (value !== null) {
        this.removeAttribute('token');
        this.#fail(badArgument('token', 'The token is never an attribute: set the element\'s token property or tokenProvider. The attribute was removed and not used.'));
      }
      return;
    }
    if (!this.#page) return; // read when the page is mounted
    if (name === 'base-url') {
      // Another service: a new page, and no token sent there that was given
      // for the other (the provider, if any, is asked for this one).
      this.#unmount();
      this.#token = '';
      this.#asked++;
      this.#mount();
      if (this.#provider) this.#askToken();
    } else if (name === 'game') {
      this.#page.setGame(value ?? '');
    } else {
      this.#page.setNamespace(value ?? '');
    }
  }

  /** The `base-url` attribute, or this page's origin (where the panel itself assumes the service). */
  #baseUrl() {
    return this.getAttribute('base-url') ?? location.origin;
  }

  async #askToken() {
    const asked = ++this.#asked;
    const provider = this.#provider;
    let token;
    try {
      token = await provider(this.#baseUrl());
    } catch (e) {
      if (asked !== this.#asked) return; // a later call, or a token set since, answers instead
      const error = new GameCloudError(`The tokenProvider threw: ${describe(e)}.`, { cause: e });
      error.kind = 'invalid_request';
      this.#fail(error);
      return;
    }
    if (asked !== this.#asked) return;
    if (typeof token !== 'string') {
      this.#fail(badArgument('tokenProvider', `tokenProvider must return the token as a string, not ${token === null ? 'null' : typeof token}.`));
      return;
    }
    this.#token = token;
    this.#page?.setToken(token);
  }

  #fail(error) {
    this.dispatchEvent(new CustomEvent('gamecloud-error', { detail: error, bubbles: true, composed: true }));
  }
}

/** `<gamecloud-builds>`: the game's builds, as the panel's builds page shows them. */
export class GameCloudBuilds extends GameCloudElement {
  static page = 'builds';
}

/** `<gamecloud-dev-token>`: the panel's form for a development token, the token shown once. */
export class GameCloudDevToken extends GameCloudElement {
  static page = 'dev-token';
}

/** `<gamecloud-namespace-settings>`: the namespace's CDN and domain authentication. */
export class GameCloudNamespaceSettings extends GameCloudElement {
  static page = 'namespace-settings';
}

if (globalThis.customElements) {
  for (const [name, element] of [
    ['gamecloud-builds', GameCloudBuilds],
    ['gamecloud-dev-token', GameCloudDevToken],
    ['gamecloud-namespace-settings', GameCloudNamespaceSettings],
  ]) {
    // Imported twice (two bundles of the page), the first definition stays.
    if (!customElements.get(name)) customElements.define(name, element);
  }
}
