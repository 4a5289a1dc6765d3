// @gamecloud/client/elements: the panel's own pages as drop-in elements,
// <gamecloud-builds>, <gamecloud-dev-token> and <gamecloud-namespace-settings>,
// each in a shadow root of its own. Importing this file defines them; their
// wasm (the panel's pages, `gamecloud_elements_bg.wasm`) and stylesheet
// (`elements.css`) are fetched from beside it when the first one is connected.
// The token is given through the `token` property or a `tokenProvider`
// callback, never an attribute: an attribute is in the page's HTML for every
// script and extension to read.
import start, { mount, __setErrorClass } from './gamecloud_elements.js';
import { GameCloudError, badArgument, describe, loader, read } from './load.js';
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
  static observedAttributes = ['base-url', 'game', 'namespace', 'token', 'persist'];

  #token = '';
  #tokenFor = null; // the base URL the token was given for: it is sent nowhere else
  #service; // the base URL the element works with (the attribute's, or this page's origin)
  #provider = null;
  #protected = []; // the host's protected namespaces, [{ id, name }]
  #retried = 0; // when the provider was last asked after a refusal (ms), 0: not since the host last spoke
  #stopped = false; // refused twice: the provider is not asked again until the host speaks
  #marksRefused = false; // no page: the host's protected namespaces could not be read
  #asking = false; // the provider is being asked
  #given = 0; // counts the tokens given to the page
  #answered = -1; // the count of the token whose refusal was answered
  #box = null; // the element in the shadow root the page is mounted in
  #page = null; // the mounted page (the wasm's `Mounted`)
  #sized = null; // what tells the page the element's width
  #starting = false;
  #asked = 0; // which answer of the provider counts: the latest call's

  constructor() {
    super();
    this.#service = this.#baseUrl();
    // A value set on the element before it was defined (a framework that
    // renders before the import) is an own property that hides the class's
    // setter: taken through it now.
    for (const name of ['token', 'tokenProvider', 'protected']) {
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
    this.#tokenFor = this.#baseUrl();
    this.#given++;
    this.#heard();
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
    this.#heard();
    if (provider && this.isConnected) this.#askToken();
  }

  get tokenProvider() {
    return this.#provider;
  }

  /**
   * The namespaces the studio marked protected, `[{ id, name }]`: each is
   * changed only once a person types its name, as in the panel, together
   * with the marks the element keeps. A copy is taken; the name is what is
   * typed to confirm.
   */
  set protected(list) {
    let marks;
    try {
      marks = protectedList(list);
    } catch (e) {
      // Marks that cannot be read protect nothing: no page until they can.
      if (!this.#page) this.#marksRefused = true;
      throw e;
    }
    if (this.#page) {
      try {
        this.#page.setProtected(marks.map((m) => m.id), marks.map((m) => m.name));
      } catch (e) {
        throw badArgument('protected', e.message); // the marks stay as they were
      }
    }
    this.#protected = marks;
    // The page that waited for marks it could read.
    if (this.#marksRefused) {
      this.#marksRefused = false;
      if (this.isConnected && this.#box && !this.#page && !this.#starting) this.#mount();
    }
  }

  get protected() {
    return this.#protected.map((mark) => ({ ...mark }));
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
        this.#refuse(error);
      },
    );
  }

  /** Says `error` where the page would be, and to the host. */
  #refuse(error) {
    this.#box.hidden = false;
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = error.message;
    this.#box.replaceChildren(p);
    this.#fail(error);
  }

  #mount() {
    if (this.#marksRefused) {
      this.#refuse(badArgument('protected', 'The protected namespaces given could not be read: nothing is shown until a list of { id, name } that can be is set.'));
      return;
    }
    this.#box.replaceChildren(); // a failed load's message
    const url = this.#baseUrl();
    this.#page = mount(this.constructor.page, this.#box, url, this.hasAttribute('persist'), (type, detail) => {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
      if (type === 'gamecloud-error' && this.#provider && (detail.status === 401 || detail.issues?.some((i) => i.path === 'token'))) {
        this.#refused(detail);
      }
    });
    try {
      this.#page.setProtected(this.#protected.map((m) => m.id), this.#protected.map((m) => m.name));
    } catch (e) {
      // Protected namespaces that cannot be read protect nothing: no page,
      // so that nothing can change them, until the host sets them right.
      this.#unmount();
      this.#marksRefused = true;
      this.#refuse(badArgument('protected', e.message));
      return;
    }
    this.#page.setGame(this.getAttribute('game') ?? '');
    this.#page.setNamespace(this.getAttribute('namespace') ?? '');
    // Only a token given for this very service: otherwise none, until the provider answers.
    this.#page.setToken(this.#tokenFor === url ? this.#token : '');
    nameParts(this.#box);
    // The page is laid out for the element's width (its stylesheet's
    // container queries), which the builds table's rows follow too.
    this.#sized = new ResizeObserver(([entry]) => this.#page?.setWidth(entry.contentRect.width));
    this.#sized.observe(this.#box);
  }

  #unmount() {
    this.#sized?.disconnect();
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

  attributeChangedCallback(name, old, value) {
    if (name === 'token') {
      // Never an attribute: it would be in the page's HTML for every script,
      // extension and crash report to read. Taken off, and not used.
      if (value !== null) {
        this.removeAttribute('token');
        this.#fail(badArgument('token', 'The token is never an attribute: set the element\'s token property or tokenProvider. The attribute was removed and not used.'));
      }
      return;
    }
    if (value === old) return; // the same value set again (a framework's render)
    this.#heard();
    if (name === 'base-url') {
      this.#anotherService();
      return;
    }
    if (!this.#page) return; // read when the page is mounted
    if (name === 'persist') {
      // Where the log and the recent ids are kept is the page's from its start.
      this.#unmount();
      this.#mount();
    } else if (name === 'game') {
      this.#page.setGame(value ?? '');
    } else {
      this.#page.setNamespace(value ?? '');
    }
  }

  /**
   * The service changed, mounted or not, connected or not: a token given for
   * another is dropped and never sent here, a provider's answer on its way
   * no longer counts, and the provider (if any) is asked for this one before
   * anything is sent.
   */
  #anotherService() {
    const url = this.#baseUrl();
    if (url === this.#service) return; // the same service, written again or otherwise
    this.#service = url;
    this.#asked++;
    const given = this.#token && this.#tokenFor !== url ? this.#tokenFor : null;
    if (given !== null) {
      this.#token = '';
      this.#tokenFor = null;
    }
    if (this.#page) {
      this.#unmount();
      this.#mount();
    }
    if (this.#provider && (this.#page || this.#starting)) this.#askToken();
    // Said once the page is the new service's: a listener that sets a token
    // now gives it to that page.
    if (given !== null && !this.#provider) {
      const error = new GameCloudError(`The token was given for ${given}, and base-url is now ${url}: it was dropped and is not sent there. Set the token again after base-url, or give a tokenProvider.`);
      error.kind = 'invalid_request';
      this.#fail(error);
    }
  }

  /** The host set the token, the provider or an attribute: a refused token may be asked about again. */
  #heard() {
    this.#retried = 0;
    this.#stopped = false;
  }

  /**
   * The service refused the token the provider gave: the provider is asked
   * once more. Refused again soon after (within a minute: a token that
   * expires hours later is a new refusal), it is not asked again until the
   * host sets the token, the provider or an attribute; one event says so.
   */
  #refused(detail) {
    // Calls made at once with one token are refused together: only the
    // first counts, until the provider's next token is in use.
    if (this.#stopped || this.#asking || this.#answered === this.#given) return;
    this.#answered = this.#given;
    const now = Date.now();
    if (this.#retried && now - this.#retried < 60_000) {
      this.#stopped = true;
      const error = new GameCloudError(`The service refused the token the tokenProvider gave, twice: the provider is not asked again until the token, the tokenProvider or an attribute is set. ${detail.message ?? ''}`.trim(), { cause: detail });
      for (const field of ['kind', 'status', 'code', 'rayId', 'operation']) error[field] = detail[field];
      this.#fail(error);
      return;
    }
    this.#retried = now;
    this.#askToken();
  }

  /** The `base-url` attribute, or this page's origin (where the panel itself assumes the service). */
  #baseUrl() {
    return this.getAttribute('base-url') ?? location.origin;
  }

  async #askToken() {
    const asked = ++this.#asked;
    const provider = this.#provider;
    const url = this.#baseUrl();
    let token;
    this.#asking = true;
    try {
      token = await provider(url);
    } catch (e) {
      this.#asking = false;
      if (asked !== this.#asked) return; // a later call, or a token set since, answers instead
      const error = new GameCloudError(`The tokenProvider threw: ${describe(e)}.`, { cause: e });
      error.kind = 'invalid_request';
      this.#fail(error);
      return;
    }
    this.#asking = false;
    if (asked !== this.#asked) return;
    if (typeof token !== 'string') {
      this.#fail(badArgument('tokenProvider', `tokenProvider must return the token as a string, not ${token === null ? 'null' : typeof token}.`));
      return;
    }
    this.#token = token;
    this.#tokenFor = url; // asked for this service, and the answer still counts: it is this one
    this.#given++;
    this.#page?.setToken(token);
  }

  #fail(error) {
    this.dispatchEvent(new CustomEvent('gamecloud-error', { detail: error, bubbles: true, composed: true }));
  }
}

/**
 * The host's protected namespaces as the page takes them: each `{ id, name }`
 * with both strings (the wasm checks the id is a namespace id and the name a
 * name a person can type, and refuses the list otherwise).
 */
function protectedList(list) {
  if (!Array.isArray(list)) {
    throw badArgument('protected', 'protected must be an array of { id, name }.');
  }
  return list.map((mark, i) => {
    const path = `protected[${i}]`;
    if (mark === null || typeof mark !== 'object') throw badArgument(path, `${path} must be an object { id, name }.`);
    const id = read(mark, 'id', `${path}.id`);
    const name = read(mark, 'name', `${path}.name`);
    if (typeof id !== 'string') throw badArgument(`${path}.id`, `${path}.id must be the namespace's id, a string.`);
    if (typeof name !== 'string') throw badArgument(`${path}.name`, `${path}.name must be the namespace's name, a string.`);
    return { id, name };
  });
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
