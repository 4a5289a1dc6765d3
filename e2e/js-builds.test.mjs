// `@gamecloud/client/builds` from Node 20 as a dashboard would use it: the
// builds of the local service's demo game, listed by the core entry, indexed,
// sorted, filtered, compared and exported; and every wrong answer it may be
// handed, refused with where the wrong value is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from './harness.mjs';

// The package's `node` entries (its `exports` give Node these files).
const pkg = (file) => new URL(`../pkg/${file}`, import.meta.url).href;
const { init, BuildsIndex, GameCloudError } = await import(pkg('builds-node.js'));
const core = await import(pkg('node.js'));

let service;
let answer;

before(async () => {
  service = await startService();
  const client = new core.GameCloudClient({ baseUrl: service.url, token: service.token });
  answer = await client.listBuilds(service.gameId);
});

after(async () => {
  await service?.stop();
});

/** What a build shows the filter: its name, ids and tags, lower-cased. */
const searchable = (b) =>
  [b.display_name, b.build_id, b.upload_id, ...Object.entries(b.tags).map(([k, v]) => `${k}=${v}`)].join('\n').toLowerCase();

const ids = (builds) => builds.map((b) => b.build_id);

/** The error `f` throws. */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('expected an error');
}

/** Asserts `e` is the entry's error for a wrong value at `path`, its message matching `words`. */
function wrongAt(e, path, words) {
  assert.ok(e instanceof GameCloudError, String(e));
  assert.equal(e.kind, 'invalid_request');
  assert.equal(e.issues[0].path, path);
  assert.match(e.message, words);
}

// Runs first: nothing has loaded this entry's wasm yet.
test('importing loads nothing: an index needs init(), or BuildsIndex.from() loads it', async () => {
  const early = thrown(() => new BuildsIndex(answer));
  assert.ok(early instanceof GameCloudError && early.kind === 'not_loaded', String(early));
  assert.match(early.message, /new BuildsIndex\(\) needs the WebAssembly core, which is not loaded yet: await init\(\) first/);
  // The core entry's error class is this entry's: one `instanceof` for both.
  assert.equal(GameCloudError, core.GameCloudError);
  const index = await BuildsIndex.from(answer);
  assert.equal(index.length, answer.builds.length);
  await init(); // once loaded, init() is the same load
});

test('the rows start in the service\'s order with every field exact, sizes as bigints', () => {
  const index = new BuildsIndex(answer);
  assert.equal(index.length, 36);
  assert.deepEqual(index.rows(), answer.builds);
  assert.deepEqual(index.rows(34, 10), answer.builds.slice(34));
  assert.deepEqual(index.rows(40, 5), []);
  assert.equal(typeof index.rows(0, 1)[0].content_length, 'bigint');
});

test('a sort orders every row by its column, largest first or last; sizes above 2^53 stay exact', () => {
  const index = new BuildsIndex(answer);
  const sizes = index.sort('content_length', 'desc').rows().map((b) => b.content_length);
  assert.equal(sizes[0], 2n ** 53n + 1n);
  assert.deepEqual(sizes, [...sizes].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  const times = index.sort('create_ts').rows().map((b) => Date.parse(b.create_ts));
  assert.deepEqual(times, [...times].sort((a, b) => a - b), 'oldest first');
  const names = index.sort('display_name').rows().map((b) => b.display_name.toLowerCase());
  // By their lower-cased UTF-8 bytes, as the panel sorts them.
  assert.deepEqual(names, [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  // Ties keep the service's order: the unfinished uploads first, as listed.
  const states = index.sort('complete').rows();
  assert.deepEqual(ids(states), ids([...answer.builds.filter((b) => !b.complete), ...answer.builds.filter((b) => b.complete)]));
});

test('a filter keeps the builds holding every word, in any case, in their name, ids or tags, in the current sort', () => {
  const index = new BuildsIndex(answer).sort('content_length', 'desc');
  const bySize = index.rows();
  for (const text of ['NIGHTLY', 'ελληνικά', 'channel=beta', 'v3 release', '🎮', answer.builds[5].build_id.slice(0, 8)]) {
    const words = text.toLowerCase().split(/\s+/);
    const want = bySize.filter((b) => words.every((w) => searchable(b).includes(w)));
    assert.ok(want.length > 0, `the demo has builds for ${text}`);
    assert.deepEqual(ids(index.filter({ text }).rows()), ids(want), text);
    assert.equal(index.length, want.length);
  }
  index.filter({ text: 'nightly', state: 'unfinished' });
  assert.deepEqual(ids(index.rows()), ids(bySize.filter((b) => !b.complete && searchable(b).includes('nightly'))));
  index.filter({ tags: { channel: 'beta' }, state: 'complete' });
  assert.deepEqual(ids(index.rows()), ids(bySize.filter((b) => b.complete && b.tags.channel === 'beta')));
  assert.equal(index.filter({ text: 'no-such-build' }).length, 0);
  assert.equal(index.filter().length, 36, 'no filter keeps every build');
});

test('two builds compare as the panel compares them: the older first, the exact difference, the tags that changed', () => {
  const index = new BuildsIndex(answer);
  const [newest] = answer.builds;
  const huge = answer.builds.find((b) => b.content_length === 2n ** 53n + 1n);
  const c = index.compare(newest.build_id, huge.build_id);
  assert.deepEqual(c.older, huge.create_ts < newest.create_ts ? huge : newest);
  assert.equal(c.sizeDelta, c.newer.content_length - c.older.content_length);
  assert.equal(c.timeMs, Date.parse(c.newer.create_ts) - Date.parse(c.older.create_ts));
  const only = (a, b) => Object.entries(a.tags).filter(([k]) => !(k in b.tags));
  assert.deepEqual(c.added, only(c.newer, c.older));
  assert.deepEqual(c.removed, only(c.older, c.newer));
  assert.deepEqual(
    c.changed,
    Object.keys(c.older.tags).filter((k) => k in c.newer.tags && c.older.tags[k] !== c.newer.tags[k]).map((k) => [k, c.older.tags[k], c.newer.tags[k]]),
  );
  wrongAt(thrown(() => index.compare(newest.build_id, 'nope')), 'b', /^b: no build has the id "nope"\.$/);
});

test('each build\'s change in size is from the build before it of the same name stem', () => {
  const index = new BuildsIndex(answer);
  const nightlies = answer.builds.filter((b) => b.display_name.startsWith('Nightly v'));
  const [newer, older] = nightlies; // newest first
  assert.deepEqual(index.sizeChange(newer.build_id), { previous: older, bytes: newer.content_length - older.content_length });
  assert.equal(index.sizeChange(nightlies.at(-1).build_id), null, 'the first of its name has none');
});

test('the size history has every shown build in a bucket, oldest first, with its smallest and largest size', () => {
  const index = new BuildsIndex(answer);
  const each = index.sizeHistory();
  assert.equal(each.length, 36, 'one bucket per build while they are few');
  const three = index.filter({ state: 'complete' }).sizeHistory({ buckets: 3 });
  assert.ok(three.length <= 3);
  assert.equal(three.reduce((n, b) => n + b.builds, 0), index.length);
  const complete = answer.builds.filter((b) => b.complete);
  assert.equal(three.reduce((m, b) => (b.max > m ? b.max : m), 0n), complete.reduce((m, b) => (b.content_length > m ? b.content_length : m), 0n));
  for (const [a, b] of three.slice(1).map((b, i) => [three[i], b])) assert.ok(a.lastMs <= b.firstMs);
});

test('the exports hold the shown rows in their order, exact, with formulas neutralised', () => {
  const index = new BuildsIndex(answer).sort('content_length', 'desc').filter({ text: 'img' });
  const csv = index.toCsv();
  const lines = csv.split('\r\n');
  assert.equal(lines[0], 'display_name,build_id,upload_id,complete,content_length,create_ts,tags');
  assert.equal(lines.length, index.length + 2);
  assert.ok(lines[1].startsWith('<img src=x onerror=alert(1)>'));
  const json = JSON.parse(index.toJson());
  assert.deepEqual(json.builds.map((b) => b.build_id), ids(index.rows()));
  assert.match(new BuildsIndex(answer).sort('content_length', 'desc').toJson(), /"content_length": 9007199254740993/);
});

test('names with NUL, emoji and lone surrogates round-trip exactly; whole-number sizes are read too', () => {
  const odd = ['a\u0000b', '🎮\u0000', '\ud800', 'x\udc00', '', 'Ω'.repeat(100)];
  const builds = odd.map((display_name, i) => ({
    ...answer.builds[i],
    display_name,
    content_length: i, // a number, as a hand-made answer might hold
    tags: { [`k${i}\u0000`]: display_name },
  }));
  const rows = new BuildsIndex({ builds }).rows();
  assert.deepEqual(
    rows.map((b) => b.display_name),
    // The wasm holds UTF-8: a lone surrogate becomes U+FFFD, as TextEncoder makes it.
    odd.map((s) => s.toWellFormed()),
  );
  assert.deepEqual(rows.map((b) => b.content_length), [0n, 1n, 2n, 3n, 4n, 5n]);
  assert.deepEqual(rows[0].tags, { 'k0\u0000': 'a\u0000b' });
  // Two halves of one character side by side in two fields stay two fields.
  const halves = [{ ...answer.builds[0], build_id: 'x\ud83c', upload_id: '\udfaey' }];
  const [row] = new BuildsIndex({ builds: halves }).rows();
  assert.deepEqual([row.build_id, row.upload_id], ['x\ufffd', '\ufffdy']);
});

test('a wrong answer is refused with where the wrong value is, never a crash', () => {
  const build = answer.builds[3];
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const cases = [
    [undefined, 'answer', /listBuilds' answer/],
    [{ builds: 'none' }, 'answer', /listBuilds' answer/],
    [proxy, 'answer', /listBuilds' answer/],
    [{ builds: proxy }, 'answer', /listBuilds' answer/],
    [{ builds: new Proxy([], { get: (t, k) => { if (k === 'length') throw Symbol('no'); return t[k]; } }) }, 'answer', /listBuilds' answer/],
    [{ builds: Object.assign([], { length: 2 ** 32 - 1 }) }, 'answer.builds', /answer\.builds has 4294967295 builds, more than there is memory for: /],
    [{ builds: Object.assign([], { length: 5 }) }, 'answer.builds[0]', /must be a build, not undefined/],
    [{ builds: [build, null] }, 'answer.builds[1]', /must be a build, not null/],
    [{ builds: [{ ...build, build_id: 7 }] }, 'answer.builds[0].build_id', /must be a string, not the number 7/],
    [{ builds: [{ ...build, content_length: '12' }] }, 'answer.builds[0].content_length', /a bigint from 0 to 2\^64 - 1\), not a string/],
    [{ builds: [{ ...build, content_length: -1n }] }, 'answer.builds[0].content_length', /not the number -1/],
    [{ builds: [{ ...build, content_length: 2n ** 64n }] }, 'answer.builds[0].content_length', /not the number 18446744073709551616/],
    [{ builds: [{ ...build, content_length: 0.5 }] }, 'answer.builds[0].content_length', /not the number 0.5/],
    [{ builds: [{ ...build, complete: 'yes' }] }, 'answer.builds[0].complete', /must be true or false/],
    [{ builds: [{ ...build, tags: { a: 1n } }] }, 'answer.builds[0].tags["a"]', /must be a string, not the number 1/],
    [{ builds: [{ ...build, tags: ['x'] }] }, 'answer.builds[0].tags', /must be an object of strings, not an array/],
    [{ builds: [build, { ...build, create_ts: 'yesterday' }] }, 'answer.builds[1].create_ts', /not an RFC 3339 timestamp: "yesterday"/],
    [{ builds: [build, { get build_id() { throw new Error('boom'); } }] }, 'answer.builds[1]', /Reading answer\.builds\[1\] threw an exception: boom/],
  ];
  for (const [given, path, words] of cases) wrongAt(thrown(() => new BuildsIndex(given)), path, words);

  const index = new BuildsIndex(answer);
  wrongAt(thrown(() => index.sort('size')), 'column', /no column is named "size": one of display_name, build_id, upload_id, complete, content_length, create_ts, tags/);
  wrongAt(thrown(() => index.sort({})), 'column', /must be a build's field name, not object/);
  wrongAt(thrown(() => index.sort('content_length', 'down')), 'direction', /"asc" or "desc", not another string\./);
  wrongAt(thrown(() => index.filter({ state: 'done' })), 'options.state', /"all", "complete" or "unfinished"/);
  wrongAt(thrown(() => index.filter({ text: 5 })), 'options.text', /must be a string/);
  wrongAt(thrown(() => index.filter({ tags: { channel: 1 } })), 'options.tags.channel', /must be a string/);
  wrongAt(thrown(() => index.filter('nightly')), 'options', /such as \{ text, state, tags \}/);
  wrongAt(thrown(() => index.rows(-1)), 'start', /whole number from 0/);
  wrongAt(thrown(() => index.rows(0, Infinity)), 'count', /whole number from 0/);
  wrongAt(thrown(() => index.sizeHistory({ buckets: 0 })), 'options.buckets', /from 1 to 10000/);
  wrongAt(thrown(() => index.sizeChange(null)), 'buildId', /must be a build id, not null/);
  wrongAt(thrown(() => index.filter({ get text() { throw Symbol('x'); } })), 'options.text', /threw an exception/);
  wrongAt(thrown(() => index.sizeHistory({ get buckets() { throw new Error('no'); } })), 'options.buckets', /threw an exception: no/);
  // A tag named like a size stays text; a freed index says so.
  const tagged = answer.builds.slice(0, 2).map((b) => ({ ...b, tags: { content_length: 'big', bytes: '7', sizeDelta: 'x' } }));
  const t = new BuildsIndex({ builds: tagged });
  assert.deepEqual(t.compare(tagged[0].build_id, tagged[1].build_id).older.tags, { bytes: '7', content_length: 'big', sizeDelta: 'x' });
  assert.equal(t.rows(0, 1)[0].tags.bytes, '7');
  t.free();
  wrongAt(thrown(() => t.length), 'this', /was freed/);
  wrongAt(thrown(() => t.rows()), 'this', /was freed/);
  // After all of that the index still answers.
  assert.equal(index.filter().sort('content_length', 'desc').rows(0, 1)[0].content_length, 2n ** 53n + 1n);
});
