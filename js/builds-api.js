// The builds entry's API over its own wasm (`gamecloud_builds_bg.wasm`),
// shared by `builds.js` (browsers and bundlers) and `builds-node.js` (Node):
// the panel's builds index for a `listBuilds` answer. The wasm loads at
// `init()` or `BuildsIndex.from()`, never at import.
import start, { BuildsCore } from './gamecloud_builds.js';
import { GameCloudError, badArgument, describe, loader, read } from './load.js';
import { kind, otherThan } from './kind.js';

const STATES = ['all', 'complete', 'unfinished'];

/** A build as the wasm writes it (its size a string of digits) with its size an exact bigint. */
function sizedBuild(build) {
  build.content_length = BigInt(build.content_length);
  return build;
}

/** A failure of the wasm (`[path, message]`) as a `GameCloudError`, `prefix` before its path. */
function rethrow(error, prefix = '') {
  if (Array.isArray(error)) {
    const [path, message] = error;
    const at = prefix + path;
    throw badArgument(at, `${at}: ${message}.`);
  }
  throw error;
}

/**
 * The builds as columns for the wasm: every string in UTF-8, one after the
 * other, with each one's length in bytes; sizes, states, and each build's
 * number of tags. Each value's type is checked here, naming where a wrong
 * one is.
 */
function columns(answer) {
  let builds;
  let n;
  try {
    builds = answer?.builds;
    n = Array.isArray(builds) ? builds.length : undefined;
  } catch {}
  if (!Number.isSafeInteger(n)) {
    throw badArgument('answer', "answer must be listBuilds' answer, an object such as { builds: [...] }.");
  }
  const strings = [];
  let units = 0;
  let sizes, complete, tagCounts;
  try {
    sizes = new BigUint64Array(n);
    complete = new Uint8Array(n);
    tagCounts = new Uint32Array(n);
  } catch (e) {
    // A sparse array as long as an array can be, say.
    throw badArgument('answer.builds', `answer.builds has ${n} builds, more than there is memory for: ${describe(e)}.`);
  }
  let i = 0;
  // Where a wrong value is: made only for the message.
  const at = () => `answer.builds[${i}]`;
  // A string checked and added; `field` names it in a message, with `key` for a tag's value.
  const text = (value, field, key) => {
    if (typeof value !== 'string') {
      const path = key === undefined ? `${at()}.${field}` : `${at()}.${field}[${JSON.stringify(key)}]`;
      throw badArgument(path, `${path} must be a string, not ${kind(value)}.`);
    }
    strings.push(value);
    units += value.length;
  };
  try {
    for (; i < n; i++) {
      const b = builds[i];
      if (typeof b !== 'object' || b === null) throw badArgument(at(), `${at()} must be a build, not ${kind(b)}.`);
      text(b.build_id, 'build_id');
      text(b.upload_id, 'upload_id');
      text(b.display_name, 'display_name');
      text(b.create_ts, 'create_ts');
      let size = b.content_length;
      if (typeof size === 'number' && Number.isSafeInteger(size)) size = BigInt(size);
      if (typeof size !== 'bigint' || size < 0n || size > 0xffffffffffffffffn) {
        const path = `${at()}.content_length`;
        throw badArgument(path, `${path} must be a size in bytes (a bigint from 0 to 2^64 - 1), not ${kind(size)}.`);
      }
      sizes[i] = size;
      const done = b.complete;
      if (typeof done !== 'boolean') throw badArgument(`${at()}.complete`, `${at()}.complete must be true or false, not ${kind(done)}.`);
      complete[i] = done ? 1 : 0;
      const tags = b.tags ?? {};
      if (typeof tags !== 'object' || Array.isArray(tags)) {
        throw badArgument(`${at()}.tags`, `${at()}.tags must be an object of strings, not ${kind(tags)}.`);
      }
      let count = 0;
      for (const key of Object.keys(tags)) {
        strings.push(key);
        units += key.length;
        text(tags[key], 'tags', key);
        count++;
      }
      tagCounts[i] = count;
    }
  } catch (e) {
    if (e instanceof GameCloudError) throw e;
    // A getter or a Proxy that throws.
    throw badArgument(at(), `Reading ${at()} threw an exception: ${describe(e)}.`);
  }
  return [...utf8(strings, units), sizes, complete, tagCounts];
}

/**
 * `strings` in UTF-8 one after the other, and each one's length in bytes; a
 * lone surrogate becomes U+FFFD, as TextEncoder makes it. Encoded here a
 * character at a time rather than joined and given to TextEncoder, which in
 * Chromium copies the text before it encodes it.
 */
function utf8(strings, units) {
  // Most of the text is ASCII: room for it all and half again, grown
  // (doubled) before a string that might not fit.
  let bytes = new Uint8Array(units + (units >> 1) + 64);
  const lengths = new Uint32Array(strings.length);
  let end = 0;
  for (let k = 0; k < strings.length; k++) {
    const s = strings[k];
    if (end + s.length * 3 > bytes.length) {
      const more = new Uint8Array(Math.max(bytes.length * 2, end + s.length * 3));
      more.set(bytes.subarray(0, end));
      bytes = more;
    }
    const start = end;
    for (let j = 0; j < s.length; j++) {
      let c = s.charCodeAt(j);
      if (c < 0x80) {
        bytes[end++] = c;
        continue;
      }
      if (c < 0x800) {
        bytes[end++] = 0xc0 | (c >> 6);
        bytes[end++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c < 0xe000) {
        const low = c < 0xdc00 && j + 1 < s.length ? s.charCodeAt(j + 1) : 0;
        if (low >= 0xdc00 && low < 0xe000) {
          j++;
          c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
          bytes[end++] = 0xf0 | (c >> 18);
          bytes[end++] = 0x80 | ((c >> 12) & 0x3f);
          bytes[end++] = 0x80 | ((c >> 6) & 0x3f);
          bytes[end++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd; // a lone surrogate
      }
      bytes[end++] = 0xe0 | (c >> 12);
      bytes[end++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[end++] = 0x80 | (c & 0x3f);
    }
    lengths[k] = end - start;
  }
  return [bytes.subarray(0, end), lengths];
}

/** The builds entry's `init` and `BuildsIndex`, for its way to get the wasm. */
export function builds(source, beside) {
  const file = 'gamecloud_builds_bg.wasm';
  const { init, mustBeLoaded } = loader({ start, file, source: (place) => source(place, file), beside });

  class BuildsIndex {
    #core;

    /** Loads the wasm if it is not yet, then indexes `answer`. */
    static async from(answer) {
      await init();
      return new BuildsIndex(answer);
    }

    constructor(answer) {
      mustBeLoaded('new BuildsIndex()');
      const [text, lengths, sizes, complete, tagCounts] = columns(answer);
      try {
        this.#core = new BuildsCore(text, lengths, sizes, complete, tagCounts);
      } catch (e) {
        rethrow(e, 'answer.');
      }
    }

    /** The index in the wasm, unless freed. */
    #live() {
      if (!this.#core) throw badArgument('this', 'This BuildsIndex was freed: build another from the answer.');
      return this.#core;
    }

    /** How many builds the current filter shows. */
    get length() {
      return this.#live().length;
    }

    sort(column, direction = 'asc') {
      if (typeof column !== 'string') throw badArgument('column', `column must be a build's field name, not ${kind(column)}.`);
      if (direction !== 'asc' && direction !== 'desc') {
        throw badArgument('direction', `direction must be "asc" or "desc", not ${otherThan(direction)}.`);
      }
      try {
        this.#live().sort(column, direction === 'desc');
      } catch (e) {
        rethrow(e);
      }
      return this;
    }

    filter(options = {}) {
      if (typeof options !== 'object' || options === null) {
        throw badArgument('options', `options must be an object such as { text, state, tags }, not ${kind(options)}.`);
      }
      const text = read(options, 'text', 'options.text') ?? '';
      const state = read(options, 'state', 'options.state') ?? 'all';
      const tags = read(options, 'tags', 'options.tags') ?? {};
      if (typeof text !== 'string') throw badArgument('options.text', `options.text must be a string, not ${kind(text)}.`);
      if (!STATES.includes(state)) {
        throw badArgument('options.state', `options.state must be "all", "complete" or "unfinished", not ${otherThan(state)}.`);
      }
      if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
        throw badArgument('options.tags', `options.tags must be an object such as { channel: "beta" }, not ${kind(tags)}.`);
      }
      const pairs = [];
      let entries;
      try {
        entries = Object.entries(tags);
      } catch (e) {
        throw badArgument('options.tags', `Reading options.tags threw an exception: ${describe(e)}.`);
      }
      for (const [key, value] of entries) {
        if (typeof value !== 'string') {
          throw badArgument(`options.tags.${key}`, `options.tags.${key} must be a string, not ${kind(value)}.`);
        }
        pairs.push(key, value);
      }
      this.#live().filter(text, state, pairs);
      return this;
    }

    rows(start = 0, count = this.length) {
      for (const [name, value] of [['start', start], ['count', count]]) {
        if (!Number.isSafeInteger(value) || value < 0) {
          throw badArgument(name, `${name} must be a whole number from 0, not ${kind(value)}.`);
        }
      }
      return JSON.parse(this.#live().rows(Math.min(start, 2 ** 32 - 1), Math.min(count, 2 ** 32 - 1))).map(sizedBuild);
    }

    compare(a, b) {
      for (const [name, value] of [['a', a], ['b', b]]) {
        if (typeof value !== 'string') throw badArgument(name, `${name} must be a build id, not ${kind(value)}.`);
      }
      try {
        const c = JSON.parse(this.#live().compare(a, b));
        return { ...c, older: sizedBuild(c.older), newer: sizedBuild(c.newer), sizeDelta: BigInt(c.sizeDelta) };
      } catch (e) {
        rethrow(e);
      }
    }

    sizeChange(buildId) {
      if (typeof buildId !== 'string') throw badArgument('buildId', `buildId must be a build id, not ${kind(buildId)}.`);
      try {
        const change = JSON.parse(this.#live().sizeChange(buildId));
        return change && { previous: sizedBuild(change.previous), bytes: BigInt(change.bytes) };
      } catch (e) {
        rethrow(e);
      }
    }

    sizeHistory(options = {}) {
      const buckets = (options === undefined || options === null ? undefined : read(options, 'buckets', 'options.buckets')) ?? 200;
      if (!Number.isSafeInteger(buckets) || buckets < 1 || buckets > 10000) {
        throw badArgument('options.buckets', `options.buckets must be a whole number from 1 to 10000, not ${kind(buckets)}.`);
      }
      return JSON.parse(this.#live().sizeHistory(buckets)).map((b) => ({ ...b, min: BigInt(b.min), max: BigInt(b.max) }));
    }

    toCsv() {
      return this.#live().toCsv();
    }

    toJson() {
      return this.#live().toJson();
    }

    /** Frees the index's memory in the wasm at once (it is freed when collected otherwise). */
    free() {
      this.#core?.free();
      this.#core = undefined;
    }
  }

  return { init, BuildsIndex };
}
