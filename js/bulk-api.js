// The bulk entry's API over its own wasm (`gamecloud_bulk_bg.wasm`), shared by
// `bulk.js` (browsers and bundlers) and `bulk-node.js` (Node): one setting
// applied to several namespaces as the panel applies it. The plan (what to
// send, when to pause, what a cancel and a retry do) is the panel's own, in
// the wasm; this makes the calls, through the caller's `GameCloudClient`,
// and keeps what each call threw for the caller. The wasm loads at `init()`
// or the first run, never at import.
import start, { BulkCore, confirms, holdsToken, isNamespaceId, nameProblem, namespaceKey } from './gamecloud_bulk.js';
import { badArgument, describe, loader, read } from './load.js';
import { kind, otherThan } from './kind.js';

/** The `{ signal }` of a run: an AbortSignal, or none. */
function signalOf(options, path) {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object') throw badArgument(path, `${path} must be an object such as { signal }, not ${kind(options)}.`);
  const signal = read(options, 'signal', `${path}.signal`);
  if (signal === undefined || signal === null) return undefined;
  if (typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function') {
    throw badArgument(`${path}.signal`, `${path}.signal must be an AbortSignal.`);
  }
  return signal;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms, signal) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The setting's call for one namespace, checked once: `{ cdnAuth }` or `{ domainAuth }`. */
function settingCall(setting) {
  let keys = [];
  try {
    keys = typeof setting === 'object' && setting !== null ? Object.keys(setting) : [];
    setting = { ...setting }; // read once: a getter is called here, not at each call
  } catch (e) {
    throw badArgument('options.setting', `Reading options.setting threw an exception: ${describe(e)}.`);
  }
  if (keys.length === 1 && keys[0] === 'cdnAuth') {
    if (setting.cdnAuth !== 'none' && setting.cdnAuth !== 'basic') {
      throw badArgument('options.setting.cdnAuth', `options.setting.cdnAuth must be "none" or "basic", not ${otherThan(setting.cdnAuth)}.`);
    }
    return (client, gameId, ns, signal) => client.setCdnAuth(gameId, ns, setting.cdnAuth, { signal });
  }
  if (keys.length === 1 && keys[0] === 'domainAuth') {
    if (typeof setting.domainAuth !== 'boolean') {
      throw badArgument('options.setting.domainAuth', `options.setting.domainAuth must be true or false, not ${kind(setting.domainAuth)}.`);
    }
    return (client, gameId, ns, signal) => client.setDomainAuth(gameId, ns, setting.domainAuth, { signal });
  }
  throw badArgument('options.setting', 'options.setting must be one setting: { cdnAuth: "none" | "basic" } or { domainAuth: true | false }.');
}

/** The bulk entry's `init` and `BulkChange`, for its way to get the wasm. */
export function bulk(source, beside) {
  const file = 'gamecloud_bulk_bg.wasm';
  const { init, mustBeLoaded } = loader({ start, file, source: (place) => source(place, file), beside });

  /** Whether `typed` confirms a protected namespace's `name`, as the panel's confirmation reads it. */
  function confirmsName(typed, name) {
    mustBeLoaded('confirms()');
    if (typeof typed !== 'string') throw badArgument('typed', `typed must be a string, not ${kind(typed)}.`);
    if (typeof name !== 'string') throw badArgument('name', `name must be a string, not ${kind(name)}.`);
    return confirms(typed, name);
  }

  class BulkChange extends EventTarget {
    #core;
    #client;
    #gameId;
    #call;
    /** The namespaces in the order given: `{ key, namespaceId, label, refused }`. */
    #targets;
    /** What each namespace's last call threw, by its key. */
    #errors = new Map();

    constructor(options) {
      super();
      if (typeof options !== 'object' || options === null) {
        throw badArgument('options', 'options must be an object such as { client, gameId, namespaces, setting }.');
      }
      // Every option read once, here (a getter or a Proxy that throws is
      // named), and copied: changing the caller's lists later changes nothing.
      const get = (key, fallback) => read(options, key, `options.${key}`) ?? fallback;
      const client = get('client');
      const gameId = get('gameId');
      const namespaces = get('namespaces');
      const setting = get('setting');
      const marked = get('protected', []);
      const confirmed = get('confirmed', {});
      if (typeof client?.setCdnAuth !== 'function' || typeof client?.setDomainAuth !== 'function') {
        throw badArgument('options.client', "options.client must be a GameCloudClient of '@gamecloud/client'.");
      }
      if (typeof gameId !== 'string') throw badArgument('options.gameId', `options.gameId must be a string, not ${kind(gameId)}.`);
      if (!Array.isArray(namespaces) || namespaces.length === 0) {
        throw badArgument('options.namespaces', 'options.namespaces must be a list of namespace ids (or { id, label }), at least one.');
      }
      if (!Array.isArray(marked) || marked.some((id) => typeof id !== 'string')) {
        throw badArgument('options.protected', 'options.protected must be a list of namespace ids.');
      }
      if (typeof confirmed !== 'object' || confirmed === null || Array.isArray(confirmed)) {
        throw badArgument('options.confirmed', 'options.confirmed must be an object: for each protected namespace id, the name typed for it.');
      }
      const typed = {};
      for (const key of Object.keys(confirmed)) {
        const value = read(confirmed, key, `options.confirmed.${key}`);
        if (typeof value !== 'string') throw badArgument(`options.confirmed.${key}`, `options.confirmed.${key} must be the name typed, a string, not ${kind(value)}.`);
        typed[key] = value;
      }
      this.#call = settingCall(setting);
      this.#client = client;
      this.#gameId = gameId;
      this.#options = { marked: [...marked], confirmed: typed };
      this.#targets = namespaces.map((n, i) => {
        const at = `options.namespaces[${i}]`;
        const [id, label] = typeof n === 'string' ? [n, ''] : [read(n ?? {}, 'id', `${at}.id`), read(n ?? {}, 'label', `${at}.label`) ?? ''];
        if (typeof id !== 'string' || typeof label !== 'string') {
          throw badArgument(at, `${at} must be a namespace id or { id, label }, not ${kind(n)}.`);
        }
        return { namespaceId: id, label };
      });
    }

    #options;

    /**
     * Applies the setting: a few calls at a time, pausing every call as long
     * as a 429 asks; each protected namespace only if the name typed for it
     * confirms its name. Resolves with a result per namespace once the run
     * ends (an abort ends it: what has not started is not sent).
     */
    async run(options) {
      const signal = signalOf(options, 'options');
      await init();
      this.#core ??= new BulkCore();
      if (this.#core.isRunning()) throw badArgument('run', 'This change is running: wait for its run to end.');
      const { marked, confirmed } = this.#options;
      // Other text would protect nothing: refused before anything is sent.
      marked.forEach((id, i) => {
        if (!isNamespaceId(id)) {
          const what = holdsToken(id) ? 'a token' : JSON.stringify(id.slice(0, 80));
          throw badArgument(`options.protected[${i}]`, `options.protected[${i}] must be a namespace id (a UUID), not ${what}: nothing was sent.`);
        }
      });
      // A token where an id or a name belongs is a secret in the wrong
      // place: refused without repeating it. A name the panel would not keep
      // (control or invisible characters, no letter or digit) cannot be
      // typed back to confirm a protected namespace: refused too.
      if (holdsToken(this.#gameId)) throw badArgument('options.gameId', 'options.gameId holds a token, not an id: nothing was sent.');
      this.#targets.forEach((t, i) => {
        const at = `options.namespaces[${i}]`;
        if (holdsToken(t.namespaceId)) throw badArgument(`${at}.id`, `${at}.id holds a token, not an id: nothing was sent.`);
        const problem = nameProblem(t.label.trim());
        if (problem !== undefined) throw badArgument(`${at}.label`, `${at}.label: ${problem} Nothing was sent.`);
      });
      const keys = new Set(marked.map(namespaceKey));
      // Each namespace once, however it was spelt: the first spelling stays.
      const seen = new Set();
      this.#targets = this.#targets.filter((t) => {
        t.key = namespaceKey(t.namespaceId);
        return !seen.has(t.key) && seen.add(t.key);
      });
      for (const t of this.#targets) {
        const typed = confirmed[t.namespaceId] ?? confirmed[t.key];
        const name = t.label.trim() || t.key;
        t.refused = keys.has(t.key) && !(typeof typed === 'string' && confirms(typed, name));
        if (t.refused) {
          this.#errors.set(t.key, badArgument(`options.confirmed.${t.namespaceId}`,
            `${name} is protected: nothing was sent to it. Give the name typed for it in options.confirmed to change it.`));
        }
      }
      const sent = this.#targets.filter((t) => !t.refused);
      const run = this.#core.start(sent.map((t) => t.namespaceId), sent.map((t) => t.label));
      return this.#go(run, signal);
    }

    /** Sends again to the namespaces whose call failed or was not sent (what is done stays done). */
    async retryFailed(options) {
      const signal = signalOf(options, 'options');
      if (!this.#core) return this.run(options);
      if (this.#core.isRunning()) throw badArgument('retryFailed', 'This change is running: wait for its run to end.');
      const run = this.#core.retry();
      if (run === undefined) return this.results;
      return this.#go(run, signal);
    }

    /** Where each namespace is: `{ namespaceId, label, status, error }`, in the order given. */
    get results() {
      const steps = new Map((this.#core ? JSON.parse(this.#core.steps()) : []).map(([key, , step]) => [key, step]));
      return this.#targets.map((t) => {
        const status = t.refused ? 'refused' : (steps.get(t.key) ?? 'waiting');
        const error = status === 'failed' || status === 'refused' ? this.#errors.get(t.key) : undefined;
        return error ? { namespaceId: t.namespaceId, label: t.label, status, error } : { namespaceId: t.namespaceId, label: t.label, status };
      });
    }

    /** What was and was not changed, in one sentence, every namespace counted (the panel's words, and the refused). */
    get summary() {
      const results = this.results;
      const count = (...statuses) => results.filter((r) => statuses.includes(r.status)).length;
      const parts = [`${count('done')} of ${results.length} changed`];
      const failed = count('failed');
      const notSent = count('not_sent');
      const refused = count('refused');
      const toGo = count('waiting', 'running');
      if (failed) parts.push(`${failed} failed`);
      if (notSent) parts.push(`${notSent} not sent (cancelled)`);
      if (refused) parts.push(`${refused} not sent (protected, not confirmed)`);
      if (toGo) parts.push(`${toGo} to go`);
      return `${parts.join(', ')}.`;
    }

    #progress() {
      this.dispatchEvent(new CustomEvent('progress', { detail: { results: this.results, summary: this.summary } }));
    }

    async #go(run, signal) {
      const core = this.#core;
      const stop = () => {
        core.cancel();
        this.#progress();
      };
      if (signal?.aborted) stop();
      signal?.addEventListener('abort', stop, { once: true });
      const worker = async () => {
        for (;;) {
          const [what, ticket, ns] = core.next(run, Date.now());
          if (what === 2) return;
          if (what === 1) {
            await pause(ticket, signal);
            continue;
          }
          this.#progress();
          let status = 0;
          let retryAfter = NaN;
          let done = true;
          try {
            await this.#call(this.#client, this.#gameId, ns, signal);
            this.#errors.delete(ns);
          } catch (e) {
            done = false;
            status = typeof e?.status === 'number' ? e.status : 0;
            retryAfter = typeof e?.retryAfterMs === 'number' ? e.retryAfterMs : NaN;
            this.#errors.set(ns, e); // a GameCloudError: the client's calls throw nothing else
          }
          core.finish(ticket, done, status, retryAfter, Date.now());
          this.#progress();
        }
      };
      try {
        this.#progress();
        await Promise.all(Array.from({ length: core.concurrency }, worker));
      } finally {
        signal?.removeEventListener('abort', stop);
      }
      return this.results;
    }
  }

  return { init, BulkChange, confirms: confirmsName };
}
