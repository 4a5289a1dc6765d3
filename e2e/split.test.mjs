// The panel's pages in parts (what `cargo xtask dist` ships): opening it
// fetches no part, each page's parts come on its first visit, deep links and
// Back/Forward work, and a part that cannot be fetched or fails its integrity
// check is said on that page with a retry while every other page keeps working.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startService, launchBrowser, bearer } from './harness.mjs';
import { openPanel, BuildView } from './pages/index.mjs';

// A part, or a pack of a page's parts (what a deep link fetches in one file).
const PART = /\/(part|pack)-[\w-]{16}\.wasm$/;
const PACK = /\/pack-[\w-]{16}\.wasm$/;
const fx = {};
before(async () => {
  fx.service = await startService([]);
  fx.browser = await launchBrowser();
});
after(async () => {
  await fx.browser?.close();
  await fx.service?.stop();
});

/** A game the local service does not hold: its calls fail with a 500. */
const UNKNOWN_GAME = '00000000-0000-4000-8000-000000000000';

const HEADINGS = {
  tokens: 'Tokens made here',
  'dev-token': 'Development token',
  settings: 'Namespace settings',
  log: 'Action log',
};

/**
 * The panel on `page` (the builds unless given) of `game` (the demo's unless given), no
 * namespace unless `ns` names one of the demo's, with every part it fetches recorded in `parts`; the token
 * pasted unless `token` is false (and submitted if `submit`). Its `Panel`.
 */
async function open({ page = 'builds', token = true, game, submit = false, ns = null } = {}) {
  const parts = [];
  const panel = await openPanel(fx, {
    page,
    game,
    submit,
    ns,
    token: token ? fx.service.token : null,
    before: (page) => page.on('request', (r) => PART.test(r.url()) && parts.push(new URL(r.url()).pathname)),
  });
  return Object.assign(panel, { parts });
}

/** The page's title, the heading of level 1 named `name`. */
const heading = (panel, name) => panel.heading(name, { level: 1 });

test('opening the panel fetches no part; each page fetches its own once, and Back and Forward move between them', async () => {
  // No token yet: with one, the builds would load, and bring the list's and the table's parts.
  const panel = await open({ token: false });
  const { page, problems, parts, builds, connection, header } = panel;
  await heading(panel, 'Builds').waitFor();
  await builds.loadButton.waitFor();
  await connection.tokenField.waitFor();
  assert.deepEqual(parts, [], 'the builds page and the connection card need no part');

  const seen = new Map();
  for (const [slug, name] of Object.entries(HEADINGS)) {
    const before = parts.length;
    await header.goTo(HEADINGS[slug]);
    await heading(panel, name).waitFor();
    seen.set(slug, parts.length - before);
  }
  assert.ok(seen.get('dev-token') > 0, 'the token page came in parts of its own');
  assert.ok(seen.get('settings') > 0, 'the settings page came in parts of its own');
  assert.ok(seen.get('tokens') > 0, 'the tokens made here came in a part of their own');
  assert.ok(seen.get('log') > 0, 'the log came in a part of its own');
  const fetched = parts.length;

  await page.goBack();
  await heading(panel, HEADINGS.settings).waitFor();
  await page.goBack();
  await heading(panel, HEADINGS['dev-token']).waitFor();
  await page.goForward();
  await heading(panel, HEADINGS.settings).waitFor();
  assert.equal(parts.length, fetched, 'a page seen before fetches nothing again');
  assert.equal(new Set(parts).size, parts.length, 'no part is fetched twice');

  // Back past the token page and the tokens made here, to the builds.
  for (let i = 0; i < 3; i += 1) await page.goBack();
  await heading(panel, 'Builds').waitFor();
  await connection.submitToken(fx.service.token);
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');
  assert.deepEqual(problems, []);
});

for (const [slug, name] of Object.entries(HEADINGS)) {
  test(`a deep link to #/${slug} shows that page`, async () => {
    const panel = await open({ page: slug });
    const { problems, parts } = panel;
    await heading(panel, name).waitFor();
    assert.ok(parts.length > 0);
    assert.deepEqual(problems, []);
  });
}

test('a part that cannot be fetched is said on its page with a retry; the other pages keep working', async () => {
  const panel = await open();
  const { page, problems, builds, header } = panel;
  await builds.load();

  await page.route(PART, (route) => route.abort('internetdisconnected'));
  await header.goTo('Development token');
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /could not be downloaded/);

  // The builds page and its table were fetched before: they still work.
  await header.goTo('Builds');
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');

  await header.goTo('Development token');
  await alert.waitFor();
  await page.unroute(PART);
  await panel.tryAgain();
  await heading(panel, 'Development token').waitFor();
  assert.equal(await panel.alert().count(), 0);
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

test('a part that never arrives is given up after the time limit and said; Try again fetches it', { timeout: 60_000 }, async () => {
  const panel = await open();
  const { page, problems } = panel;
  await page.route(PART, () => {}); // the network holds the request forever
  await panel.header.goTo('Development token');
  await panel.loading();
  const alert = panel.alert(/could not be downloaded/);
  await alert.waitFor({ timeout: 40_000 });
  await page.unroute(PART);
  await panel.tryAgain();
  await heading(panel, 'Development token').waitFor();
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

test("the builds' part failing is said where the list would be, and Try again loads them once it arrives", async () => {
  // The code that loads the list and draws the table is one part, fetched
  // with the first load.
  // The part is fetched as soon as a token is entered: the network fails first.
  const panel = await open({ token: false });
  const { page, problems, builds } = panel;
  await page.route(PART, (route) => route.abort('connectionreset'));
  await panel.connection.enterToken(fx.service.token);
  await builds.pressLoad();
  const alert = panel.alert(/The code of the builds list could not be downloaded/);
  await alert.waitFor();
  assert.equal(await builds.loadButton.count(), 1, 'nothing loaded');
  await page.unroute(PART);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await builds.count().waitFor();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');
  assert.equal(await alert.count(), 0);
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

/** A line of `target/split/parts/<file>` (written by `cargo xtask dist` beside the `dist/` it ships) for `point`, its files. */
async function manifest(file, point) {
  const text = await readFile(join(process.env.PANEL_DIST, '..', 'target', 'split', 'parts', file), 'utf8');
  return text.split('\n').find((line) => line.startsWith(`${point}: `)).slice(point.length + 2).split(' ');
}

/** The files of the split points a visit starts with (`PANEL_VISITS` in `xtask/src/split.rs`), each once. */
async function visitFiles(...points) {
  return [...new Set((await Promise.all(points.map((point) => manifest('shipped.txt', point)))).flat())];
}

test("a deep link to the builds fetches the list's and the table's parts in one file, then what is around it in another; if a file fails, its parts come one by one", async () => {
  const [pack] = await manifest('packed.txt', 'builds');
  const held = await visitFiles('builds_list', 'builds_table');
  assert.ok(held.length > 1, 'the list and the table need more than one part');
  const [aroundPack] = await manifest('packed.txt', 'after builds');
  const around = new Set();
  for (const point of ['builds_tools', 'builds_chart', 'builds_more']) {
    for (const file of await onlyFor(point, 'builds_list', 'builds_table')) around.add(file);
  }
  const panel = await open();
  const { problems, parts, builds } = panel;
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');
  assert.ok(parts.includes(`/${pack}`), `the table's pack was fetched: ${parts.join(' ')}`);
  assert.deepEqual(parts.filter((p) => held.includes(p.slice(1))), [], 'and none of its parts alone');
  await builds.chart().waitFor();
  assert.ok(parts.includes(`/${aroundPack}`), `what is around the table came in one file: ${parts.join(' ')}`);
  assert.deepEqual(parts.filter((p) => around.has(p.slice(1))), [], 'and none of its parts alone');
  assert.deepEqual(problems, []);

  // The pack fails (a CDN that lost it): its parts come one by one, and
  // the list loads.
  const again = await open({ token: false });
  await again.page.route(PACK, (route) => route.abort('connectionreset'));
  await again.connection.enterToken(fx.service.token);
  await again.builds.load();
  assert.equal(await again.builds.count().textContent(), '36 of 36 builds');
  assert.ok(again.parts.includes(`/${pack}`), 'the pack was asked for first');
  const alone = again.parts.filter((p) => held.includes(p.slice(1)));
  assert.deepEqual(alone.sort(), held.map((p) => `/${p}`).sort(), 'each of its parts was fetched alone');
  assert.deepEqual(again.problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

/**
 * The files `point` fetches that none of `others` does (`target/split/parts/shipped.txt`,
 * which `cargo xtask dist` writes beside the `dist/` it ships).
 */
async function onlyFor(point, ...others) {
  const theirs = new Set((await Promise.all(others.map((other) => manifest('shipped.txt', other)))).flat());
  return new Set((await manifest('shipped.txt', point)).filter((file) => !theirs.has(file)));
}

test("a deep link to a build's page fetches the list's code and its view in one file, and nothing of the table", async () => {
  const [pack] = await manifest('packed.txt', 'build');
  const [aroundPack] = await manifest('packed.txt', 'after builds');
  const table = await onlyFor('builds_table', 'builds_list', 'build_page');
  assert.ok(table.size > 0, 'the table has parts of its own');
  const answer = await fetch(`${fx.service.url}cloud/games/${fx.service.gameId}/builds`, { headers: bearer(fx.service.token) });
  const { builds } = await answer.json();
  const panel = await open({ page: `builds/${builds[0].build_id}`, submit: true });
  await new BuildView(panel.page).shown();
  await panel.page.waitForLoadState('networkidle');
  assert.ok(panel.parts.includes(`/${pack}`), `the build's pack was fetched: ${panel.parts.join(' ')}`);
  assert.ok(!panel.parts.includes(`/${aroundPack}`), 'the pack after the table was not taken');
  assert.deepEqual(panel.parts.filter((p) => table.has(p.slice(1))), [], "nor any of the table's parts");
  assert.deepEqual(panel.problems, []);
});

test("a deep link to the token page with a token fetches none of the builds' code", async () => {
  const builds = await onlyFor('builds_list', 'dev_token', 'token_send');
  assert.ok(builds.size > 0, 'the code that loads the builds has parts of its own');
  const packs = [...(await manifest('packed.txt', 'builds')), ...(await manifest('packed.txt', 'build'))];
  const panel = await open({ page: 'dev-token', submit: true });
  await panel.tokens.createButton.waitFor();
  await panel.page.waitForLoadState('networkidle');
  assert.deepEqual(panel.parts.filter((p) => builds.has(p.slice(1)) || packs.includes(p.slice(1))), [], `no part or pack of the builds' list: ${panel.parts.join(' ')}`);
  assert.deepEqual(panel.problems, []);
});

/** What a page asks for later, each in a pack of the parts not there yet (`AFTER` in `xtask/src/split.rs`). */
const LATER = [
  {
    said: 'a token asked for on a deep link to the token page fetches the engine files in one file',
    pack: 'later dev_token engine_files after token_send',
    point: 'engine_files',
    there: ['dev_token', 'token_send'],
    open: { page: 'dev-token', ns: 'staging' },
    ask: async ({ tokens }) => {
      await tokens.create('127.0.0.1');
      await tokens.issued().engines().waitFor();
    },
  },
  {
    said: 'a change asked for on a deep link to the settings fetches its confirmation in one file',
    pack: 'later settings confirm after settings_send',
    point: 'confirm',
    there: ['settings', 'settings_send'],
    open: { page: 'settings', ns: 'prod' },
    ask: async ({ settings }) => {
      await settings.choose('basic');
      await settings.askToApply();
    },
  },
];

for (const later of LATER) {
  test(later.said, async () => {
    const [pack] = await manifest('packed.txt', later.pack);
    const files = await onlyFor(later.point, ...later.there);
    assert.ok(files.size > 1, `${later.point} has parts of its own`);
    const panel = await open({ ...later.open, submit: true });
    await later.ask(panel);
    assert.ok(panel.parts.includes(`/${pack}`), `its pack was fetched: ${panel.parts.join(' ')}`);
    assert.deepEqual(panel.parts.filter((p) => files.has(p.slice(1))), [], 'and none of its parts alone');
    assert.deepEqual(panel.problems, []);
  });
}

/** The files of how a failure is shown that the builds page's parts do not hold. */
const failureFiles = () => onlyFor('error_panel', 'builds_list', 'builds_table', 'builds_tools', 'builds_chart', 'builds_more');

test("a visit whose builds load never downloads how a failure is shown; a failed load fetches it and says the service's error", async () => {
  const failure = await failureFiles();
  assert.ok(failure.size > 0, 'how a failure is shown is a part of its own');
  const fetched = (panel) => panel.parts.filter((p) => failure.has(p.slice(1)));
  const panel = await open();
  await panel.builds.load();
  assert.deepEqual(fetched(panel), [], 'the list loaded: its failure was never needed');
  assert.deepEqual(panel.problems, []);

  // A game the service does not hold: its 500, with the code and ray id.
  const failed = await open({ game: UNKNOWN_GAME });
  const alert = failed.builds.section().getByRole('alert');
  await failed.builds.pressLoad();
  await alert.getByRole('button', { name: 'Copy ray id' }).waitFor();
  assert.match(await alert.textContent(), /500 ERROR/);
  assert.ok(fetched(failed).length > 0, `its part was fetched: ${failed.parts.join(' ')}`);
  const again = failed.page.waitForRequest((r) => r.url().includes(`/games/${UNKNOWN_GAME}/builds`));
  await failed.builds.tryAgain();
  await again;
  assert.deepEqual(failed.problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

test("a failure whose explanation cannot be downloaded still says what is known of it, and Try again sends the call again", async () => {
  const failure = await failureFiles();
  const panel = await open({ game: UNKNOWN_GAME });
  await panel.page.route(PART, (route) =>
    failure.has(new URL(route.request().url()).pathname.slice(1)) ? route.abort('connectionreset') : route.continue());
  await panel.builds.pressLoad();
  const alert = panel.builds.section().getByRole('alert');
  await alert.getByText(/its explanation could not be downloaded/).waitFor();
  assert.match(await alert.textContent(), /The call failed \(service\).* The service answered 500 ERROR \(ray id \S+\)\./);
  const again = panel.page.waitForRequest((r) => r.url().includes(`/games/${UNKNOWN_GAME}/builds`));
  await panel.builds.tryAgain();
  await again;
  assert.deepEqual(panel.problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

test('a sort clicked and a filter typed before what is around the table arrives stay, and the address follows them', async () => {
  // The table comes first; the chart, the chips and the view kept in the
  // address come in a part of their own, here held back until the sort.
  const around = await onlyFor('builds_more', 'builds_list', 'builds_table');
  assert.ok(around.size > 0, 'what is around the table is a part of its own');
  let arrive;
  const arrived = new Promise((resolve) => { arrive = resolve; });
  const panel = await open({ token: false });
  const { page, problems, builds } = panel;
  await page.route(PART, async (route) => {
    if (around.has(new URL(route.request().url()).pathname.slice(1))) await arrived;
    await route.continue();
  });
  await panel.connection.enterToken(fx.service.token);
  await builds.load();
  await builds.sortBy('Size');
  const size = builds.columnHeader('Size');
  assert.equal(await size.getAttribute('aria-sort'), 'descending');
  await builds.filter('v3');
  arrive();
  await builds.chart().waitFor();
  assert.equal(await size.getAttribute('aria-sort'), 'descending', 'the sort chosen stays once the part is there');
  assert.equal(await builds.filterField.inputValue(), 'v3', 'and the text typed');
  await page.waitForFunction(() => location.hash.includes('sort=size-desc') && location.hash.includes('q=v3'));
  assert.deepEqual(problems, []);
});

test('a part that fails its integrity check is refused and said, and nothing else breaks', async () => {
  const panel = await open();
  const { page, problems, builds, header } = panel;
  await builds.load();
  await header.goTo('Action log');
  await heading(panel, 'Action log').waitFor();

  // A deploy that changed a part under a running page, or a tampering proxy.
  await page.route(PART, async (route) => {
    const response = await route.fetch();
    const body = Buffer.concat([await response.body(), Buffer.from([0])]);
    await route.fulfill({ response, body });
  });
  await header.goTo('Development token');
  await panel.alert(/could not be downloaded/).waitFor();
  assert.ok(problems.some((p) => /integrity/i.test(p)), `the browser refused it: ${problems.join('\n')}`);
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');

  await header.goTo('Action log');
  await heading(panel, 'Action log').waitFor();
  await header.goTo('Builds');
  await builds.count().waitFor();
});

test('a host that sends the parts with another Content-Type still serves the pages', async () => {
  const panel = await open();
  const { page, problems } = panel;
  await page.route(PART, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  await panel.header.goTo('Namespace settings');
  await heading(panel, 'Namespace settings').waitFor();
  assert.deepEqual(problems, []);
});

// Issue 39, finding 7: only the parts were checked; the main wasm and the
// script that starts it loaded without integrity (a preload's hash binds
// no later fetch of the same URL). Trunk names a file by its hash in hex
// without leading zeros (15 digits, one build in 16).
test('one byte changed in any file the panel loads stops it with a message', async () => {
  const kinds = {
    'the glue, its one script': /\/panel-[0-9a-f]+\.js$/,
    'the main wasm': /\/panel-[0-9a-f]+_bg\.wasm$/,
    'the stylesheet': /\/main-[0-9a-f]+\.css$/,
  };
  /** The panel's address alone, as a person types it: no page, no ids, no token. */
  const bare = { page: null, game: null, ns: null, token: null };
  for (const [kind, pattern] of Object.entries(kinds)) {
    let changed = 0;
    const panel = await openPanel(fx, {
      ...bare,
      before: (page) => page.route(pattern, async (route) => {
        const response = await route.fetch();
        const body = Buffer.from(await response.body());
        body[body.length >> 1] ^= 0x20;
        changed += 1;
        await route.fulfill({ response, body });
      }),
    });
    const { page, problems } = panel;
    await panel.bootMessage().waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(changed, 1, `${kind}: one file changed`);
    assert.ok(problems.some((p) => /integrity/i.test(p)), `${kind}: the browser refused it: ${problems.join('\n')}`);
    if (kind !== 'the stylesheet') {
      assert.equal(await panel.heading('Builds', { exact: false }).count(), 0, `${kind}: the panel did not start`);
    }
    await page.close();
  }
  // Untouched, the message never shows.
  const panel = await openPanel(fx, bare);
  const { problems } = panel;
  await panel.heading('Builds', { exact: false }).waitFor();
  assert.equal(await panel.bootMessage().count(), 0, 'the page\'s message is gone once the panel started');
  assert.deepEqual(problems, []);
});
