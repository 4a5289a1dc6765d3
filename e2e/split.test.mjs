// The panel's pages in parts (what `cargo xtask dist` ships): opening it
// fetches no part, each page's parts come on its first visit, deep links and
// Back/Forward work, and a part that cannot be fetched or fails its integrity
// check is said on that page with a retry while every other page keeps working.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startService, launchBrowser, openPage } from './harness.mjs';
import { BuildsPage, Connection } from './pages.mjs';

const PART = /\/part-[0-9a-f]{16}\.wasm$/;
const fx = {};
before(async () => {
  fx.service = await startService([]);
  fx.browser = await launchBrowser();
});
after(async () => {
  await fx.browser?.close();
  await fx.service?.stop();
});

const HEADINGS = {
  'dev-token': 'Development token',
  settings: 'Namespace settings',
  log: 'Action log',
};

/** The panel at `hash` (the builds of the demo game unless given), with every part it fetches recorded; the token pasted unless `token` is false. */
async function open(hash = `#/builds?game=${fx.service.gameId}`, { token = true } = {}) {
  const { page, problems } = await openPage(fx.browser);
  const parts = [];
  page.on('request', (r) => PART.test(r.url()) && parts.push(new URL(r.url()).pathname));
  await page.goto(`${fx.service.url}${hash}`);
  if (token) await new Connection(page).enterToken(fx.service.token);
  return { page, problems, parts };
}

function heading(page, name) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

test('opening the panel fetches no part; each page fetches its own once, and Back and Forward move between them', async () => {
  // No token yet: the builds would load, and bring the table's part.
  const { page, problems, parts } = await open(undefined, { token: false });
  await heading(page, 'Builds').waitFor();
  await page.getByRole('button', { name: 'Load builds' }).waitFor();
  await new Connection(page).tokenField.waitFor();
  assert.deepEqual(parts, [], 'the builds page and the connection card need no part');

  const seen = new Map();
  for (const [slug, name] of Object.entries(HEADINGS)) {
    const before = parts.length;
    await page.getByRole('link', { name: HEADINGS[slug] }).click();
    await heading(page, name).waitFor();
    seen.set(slug, parts.length - before);
  }
  assert.ok(seen.get('dev-token') > 0, 'the token page came in parts of its own');
  assert.ok(seen.get('settings') > 0, 'the settings page came in parts of its own');
  assert.ok(seen.get('log') > 0, 'the log came in a part of its own');
  const fetched = parts.length;

  await page.goBack();
  await heading(page, HEADINGS.settings).waitFor();
  await page.goBack();
  await heading(page, HEADINGS['dev-token']).waitFor();
  await page.goForward();
  await heading(page, HEADINGS.settings).waitFor();
  assert.equal(parts.length, fetched, 'a page seen before fetches nothing again');
  assert.equal(new Set(parts).size, parts.length, 'no part is fetched twice');

  await page.goBack();
  await page.goBack();
  await heading(page, 'Builds').waitFor();
  const builds = new BuildsPage(page);
  await new Connection(page).submitToken(fx.service.token);
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');
  assert.deepEqual(problems, []);
});

for (const [slug, name] of Object.entries(HEADINGS)) {
  test(`a deep link to #/${slug} shows that page`, async () => {
    const { page, problems, parts } = await open(`#/${slug}?game=${fx.service.gameId}`);
    await heading(page, name).waitFor();
    assert.ok(parts.length > 0);
    assert.deepEqual(problems, []);
  });
}

test('a part that cannot be fetched is said on its page with a retry; the other pages keep working', async () => {
  const { page, problems } = await open();
  const builds = new BuildsPage(page);
  await builds.load();

  await page.route(PART, (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: 'Development token' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /could not be downloaded/);

  // The builds page and its table were fetched before: they still work.
  await page.getByRole('link', { name: 'Builds' }).click();
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');

  await page.getByRole('link', { name: 'Development token' }).click();
  await alert.waitFor();
  await page.unroute(PART);
  await page.getByRole('button', { name: 'Try again' }).click();
  await heading(page, 'Development token').waitFor();
  assert.equal(await page.getByRole('alert').count(), 0);
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

test('a part that never arrives is given up after the time limit and said; Try again fetches it', { timeout: 60_000 }, async () => {
  const { page, problems } = await open();
  await page.route(PART, () => {}); // the network holds the request forever
  await page.getByRole('link', { name: 'Development token' }).click();
  await page.getByRole('status').filter({ hasText: 'Loading this page' }).waitFor();
  const alert = page.getByRole('alert').filter({ hasText: /could not be downloaded/ });
  await alert.waitFor({ timeout: 40_000 });
  await page.unroute(PART);
  await page.getByRole('button', { name: 'Try again' }).click();
  await heading(page, 'Development token').waitFor();
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

test("the builds' part failing is said where the list would be, and Try again loads them once it arrives", async () => {
  // The code that loads the list and draws the table is one part, fetched
  // with the first load.
  // The part is fetched as soon as a token is entered: the network fails first.
  const { page, problems } = await open(undefined, { token: false });
  await page.route(PART, (route) => route.abort('connectionreset'));
  await new Connection(page).enterToken(fx.service.token);
  await page.getByRole('button', { name: 'Load builds' }).click();
  const alert = page.getByRole('alert').filter({ hasText: /The code of the builds list could not be downloaded/ });
  await alert.waitFor();
  assert.equal(await page.getByRole('button', { name: 'Load builds' }).count(), 1, 'nothing loaded');
  await page.unroute(PART);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await new BuildsPage(page).count().waitFor();
  assert.equal(await new BuildsPage(page).count().textContent(), '36 of 36 builds');
  assert.equal(await alert.count(), 0);
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');
});

/**
 * The files only `point` fetches of the two points' (`target/split/parts/shipped.txt`,
 * which `cargo xtask dist` writes beside the `dist/` it ships).
 */
async function onlyFor(point, other) {
  const shipped = await readFile(join(process.env.PANEL_DIST, '..', 'target', 'split', 'parts', 'shipped.txt'), 'utf8');
  const files = (name) => new Set(shipped.split('\n').find((line) => line.startsWith(`${name}: `)).split(' ').slice(1));
  const theirs = files(other);
  return new Set([...files(point)].filter((file) => !theirs.has(file)));
}

test('a sort clicked and a filter typed before what is around the table arrives stay, and the address follows them', async () => {
  // The table comes first; the chart, the chips and the view kept in the
  // address come in a part of their own, here held back until the sort.
  const around = await onlyFor('builds_more', 'builds_table');
  assert.ok(around.size > 0, 'what is around the table is a part of its own');
  let arrive;
  const arrived = new Promise((resolve) => { arrive = resolve; });
  const { page, problems } = await open(undefined, { token: false });
  await page.route(PART, async (route) => {
    if (around.has(new URL(route.request().url()).pathname.slice(1))) await arrived;
    await route.continue();
  });
  await new Connection(page).enterToken(fx.service.token);
  const builds = new BuildsPage(page);
  await builds.load();
  await builds.sortBy('Size');
  const size = builds.table().getByRole('columnheader', { name: 'Size' });
  assert.equal(await size.getAttribute('aria-sort'), 'descending');
  await page.getByLabel('Filter').fill('v3');
  arrive();
  await builds.chart().waitFor();
  assert.equal(await size.getAttribute('aria-sort'), 'descending', 'the sort chosen stays once the part is there');
  assert.equal(await page.getByLabel('Filter').inputValue(), 'v3', 'and the text typed');
  await page.waitForFunction(() => location.hash.includes('sort=size-desc') && location.hash.includes('q=v3'));
  assert.deepEqual(problems, []);
});

test('a part that fails its integrity check is refused and said, and nothing else breaks', async () => {
  const { page, problems } = await open();
  const builds = new BuildsPage(page);
  await builds.load();
  await page.getByRole('link', { name: 'Action log' }).click();
  await heading(page, 'Action log').waitFor();

  // A deploy that changed a part under a running page, or a tampering proxy.
  await page.route(PART, async (route) => {
    const response = await route.fetch();
    const body = Buffer.concat([await response.body(), Buffer.from([0])]);
    await route.fulfill({ response, body });
  });
  await page.getByRole('link', { name: 'Development token' }).click();
  await page.getByRole('alert').filter({ hasText: /could not be downloaded/ }).waitFor();
  assert.ok(problems.some((p) => /integrity/i.test(p)), `the browser refused it: ${problems.join('\n')}`);
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), [], 'the panel never stopped');

  await page.getByRole('link', { name: 'Action log' }).click();
  await heading(page, 'Action log').waitFor();
  await page.getByRole('link', { name: 'Builds' }).click();
  await builds.count().waitFor();
});

test('a host that sends the parts with another Content-Type still serves the pages', async () => {
  const { page, problems } = await open();
  await page.route(PART, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  await page.getByRole('link', { name: 'Namespace settings' }).click();
  await heading(page, 'Namespace settings').waitFor();
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
  for (const [kind, pattern] of Object.entries(kinds)) {
    const { page, problems } = await openPage(fx.browser);
    let changed = 0;
    await page.route(pattern, async (route) => {
      const response = await route.fetch();
      const body = Buffer.from(await response.body());
      body[body.length >> 1] ^= 0x20;
      changed += 1;
      await route.fulfill({ response, body });
    });
    await page.goto(fx.service.url);
    const message = page.getByText('The panel has not started. If this stays, one of its files did not load');
    await message.waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(changed, 1, `${kind}: one file changed`);
    assert.ok(problems.some((p) => /integrity/i.test(p)), `${kind}: the browser refused it: ${problems.join('\n')}`);
    if (kind !== 'the stylesheet') {
      assert.equal(await page.getByRole('heading', { name: 'Builds' }).count(), 0, `${kind}: the panel did not start`);
    }
    await page.close();
  }
  // Untouched, the message never shows.
  const { page, problems } = await openPage(fx.browser);
  await page.goto(fx.service.url);
  await page.getByRole('heading', { name: 'Builds' }).waitFor();
  assert.equal(await page.locator('.gc-boot').count(), 0, 'the page\'s message is gone once the panel started');
  assert.deepEqual(problems, []);
});
