// The builds table as a person uses it: exact sizes, sorting, filtering, and
// 100,000 builds sorted and scrolled with only the visible rows in the DOM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, launchBrowser, openPage, axeViolations } from './harness.mjs';
import { BuildsPage, Connection } from './pages.mjs';
import { readFile } from 'node:fs/promises';

const pkg = (file) => new URL(`../pkg/${file}`, import.meta.url).href;
const core = await import(pkg('node.js'));
const { BuildsIndex } = await import(pkg('builds-node.js'));

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function loaded(service) {
  const { page, problems } = await openPage(browser);
  await page.goto(`${service.url}#/builds?game=${service.gameId}`);
  await new Connection(page).enterToken(service.token);
  const builds = new BuildsPage(page);
  await builds.load();
  return { page, problems, builds };
}

test('sizes are exact, columns sort, and filters narrow the rows', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    await builds.sortBy('Size');
    assert.match((await builds.column('Size'))[0], /9,007,199,254,740,993 bytes/);
    assert.equal(await page.getByRole('columnheader', { name: 'Size' }).getAttribute('aria-sort'), 'descending');

    await page.getByLabel('Upload state').selectOption({ label: 'Unfinished' });
    const shown = await builds.shown();
    assert.ok(shown > 0 && shown < 36, `${shown} shown`);
    assert.deepEqual(new Set(await builds.column('Upload')), new Set(['Unfinished']));

    await page.getByLabel('Upload state').selectOption({ label: 'All' });
    await page.getByLabel('Filter').fill('channel=qa nonexistent');
    await page.getByText('No builds match the filter.').waitFor();
    await page.getByLabel('Filter').fill('Ελληνικά');
    await page.getByText('3 of 36 builds').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'builds.csv');
    // The JS module's builds entry exports the same view byte for byte.
    const client = new core.GameCloudClient({ baseUrl: service.url, token: service.token });
    const index = await BuildsIndex.from(await client.listBuilds(service.gameId));
    index.sort('content_length', 'desc').filter({ text: 'Ελληνικά' });
    assert.equal(await readFile(await file.path(), 'utf8'), index.toCsv());
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});

test('100,000 builds load, sort and scroll with only the visible rows in the DOM', async () => {
  const service = await startService(['--builds', '100000']);
  try {
    const { page, builds } = await loaded(service);
    assert.equal(await builds.count().textContent(), '100000 of 100000 builds');
    assert.ok((await builds.rows().count()) < 60, 'only the visible rows are rendered');
    let t = Date.now();
    await builds.sortBy('Name');
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]'));
    const sortMs = Date.now() - t;
    assert.ok(sortMs < 5000, `sorting took ${sortMs} ms`);
    t = Date.now();
    await builds.scrollToEnd();
    await builds.row(100001).waitFor();
    assert.ok((await builds.rows().count()) < 60);
  } finally {
    await service.stop();
  }
});

test('two builds compare side by side, chosen from each row\'s ⋯ menu, which also copies its ids', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    // The two largest: the 2^53 + 1 byte build and the next.
    await builds.sortBy('Size');
    const rows = builds.rows();
    const menu = await builds.menuOf(rows.nth(0));
    assert.deepEqual(
      await menu.getByRole('menuitem').allTextContents(),
      ['Copy build id', 'Copy upload id', 'Compare'],
    );
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await menu.getByRole('menuitem', { name: 'Copy build id' }).click();
    await menu.getByText('Copied ✓').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^[0-9a-f-]{36}$/);
    assert.ok(copied.startsWith(await rows.nth(0).getByRole('code').first().textContent()), 'the row shows that id, short');
    await menu.getByRole('menuitem', { name: 'Compare' }).click();
    await page.getByText('Choose one more build to compare (its ⋯ menu).').waitFor();
    await builds.compare(rows.nth(1));
    const cmp = builds.comparison();
    await cmp.waitFor();
    const text = await cmp.textContent();
    assert.match(text, /Older.*Newer/s, 'side by side, older first');
    assert.match(text, /9,007,199,254,740,993 bytes/);
    assert.match(text, /Size[+-−][\d,]+ bytes \([+-][\d.]+ [KMGTPE]iB\)/);
    assert.match(text, /Time between\d+ (day|hour|minute|second)/);
    assert.match(text, /Tags added.*Tags removed.*Tags changed/s);
    // The address follows the view once it holds still.
    await page.waitForFunction((id) => location.hash.includes(`cmp=${id}`), copied);
    assert.deepEqual(await axeViolations(page), []);
    // A third choice replaces the first; Close ends the comparison.
    await builds.compare(rows.nth(2));
    assert.equal(await rows.nth(0).getAttribute('data-picked'), 'false');
    assert.equal(await rows.nth(2).getAttribute('data-picked'), 'true');
    await cmp.getByRole('button', { name: 'Close the comparison' }).click();
    await cmp.waitFor({ state: 'detached' });
    await page.waitForFunction(() => !location.hash.includes('cmp='));
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});

test('each build shows its change in size from the previous build of its name', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    // The demo's names repeat every 12 builds: "Nightly v36" follows "Nightly v24".
    await page.getByLabel('Filter').fill('Nightly');
    await page.getByText('3 of 36 builds').waitFor();
    const sizes = await builds.table().evaluate((t) => [...t.tBodies[0].rows]
      .filter((tr) => tr.hasAttribute('aria-rowindex'))
      .map((tr) => ({ name: tr.cells[0].textContent, bytes: BigInt(tr.cells[4].querySelector('.gc-exact').textContent.replace(/[^\d]/g, '')), delta: tr.querySelector('.gc-delta')?.getAttribute('title') ?? null })));
    assert.deepEqual(sizes.map((s) => s.name), ['Nightly v36', 'Nightly v24', 'Nightly v12']);
    for (const [i, s] of sizes.entries()) {
      if (i === sizes.length - 1) {
        assert.equal(s.delta, null, 'the first of its name has nothing to compare with');
        continue;
      }
      const diff = s.bytes - sizes[i + 1].bytes;
      const exact = (diff < 0n ? -diff : diff).toLocaleString('en-US');
      assert.match(s.delta, new RegExp(`^${diff < 0n ? '-' : '\\+'}${exact} bytes .* from ${sizes[i + 1].name}$`), s.delta);
    }
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});

test('the chart draws the shown builds, chips and dates narrow the table, and the budget marks what is over it', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    const chart = builds.chart();
    await chart.waitFor();
    assert.match(await chart.getAttribute('aria-label'), /^Sizes of the 36 builds shown, from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d; the largest 8\.00 PiB\.$/);
    assert.equal((await builds.marks()).length, 36, 'one mark per build while they are few');
    // The chart follows the filter.
    await builds.chip('channel=qa').click();
    assert.equal(await builds.chip('channel=qa').getAttribute('aria-pressed'), 'true');
    await page.getByText('4 of 36 builds').waitFor();
    assert.equal((await builds.marks()).length, 4);
    assert.deepEqual(new Set((await builds.column('Tags')).map((t) => t.includes('channel=qa'))), new Set([true]));
    await builds.chip('channel=qa').click();
    await page.getByText('36 of 36 builds').waitFor();
    // Dates: the table keeps the builds of those days, and the chart
    // zooms in to them.
    const days = await builds.table().evaluate((t) => [...t.querySelectorAll('time')].map((e) => e.getAttribute('datetime').slice(0, 10)));
    const newest = days[0];
    await builds.keepDays(newest, newest);
    const kept = days.filter((d) => d === newest).length;
    await page.getByText(`${kept} of 36 builds`).waitFor();
    assert.equal((await builds.marks()).length, kept);
    assert.match(await chart.getAttribute('aria-label'), new RegExp(`^Sizes of the ${kept} builds shown, from ${newest} to ${newest}`));
    await page.getByRole('button', { name: 'All dates' }).click();
    await page.getByText('36 of 36 builds').waitFor();
    // A drag across the chart's right half keeps the newer builds.
    const box = await chart.boundingBox();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const dragged = await builds.shown();
    assert.ok(dragged > 0 && dragged < 36, `${dragged} kept by the drag`);
    assert.match(await page.getByLabel('From', { exact: true }).inputValue(), /^\d{4}-\d\d-\d\d$/, 'the dates say the range');
    await page.getByRole('button', { name: 'All dates' }).click();
    // The budget: a line, the marks over it, and "Over budget only".
    const over = page.getByLabel('Over budget only');
    assert.equal(await over.isDisabled(), true, 'no budget, nothing over it');
    await builds.setBudget(2048);
    const line = chart.locator('line.gc-budget');
    await line.waitFor({ state: 'attached' });
    const y = Number(await line.getAttribute('y1'));
    assert.ok(y > 0 && y < 160, `the budget line is inside the chart (y ${y})`);
    assert.ok((await builds.marks()).some((m) => m.endsWith('(over budget)')), 'the builds over it are said to be');
    assert.equal(await chart.locator('path.gc-over').count(), 1, 'and drawn in the colour of danger');
    // One column, drawn cut at the top: the 8 PiB build.
    assert.equal((await chart.locator('path.gc-off-scale').getAttribute('d')).match(/M/g).length, 1, 'the 8 PiB build is drawn cut at the top');
    await over.check();
    const big = await builds.shown();
    const sizes = await builds.exactSizes();
    assert.ok(big > 0 && big < 36, `${big} over budget`);
    assert.ok(sizes.every((s) => s > 2048n * 1024n * 1024n), 'every row shown is over 2 GiB');
    // Kept for the game: a reload finds the budget.
    await page.reload();
    await new Connection(page).enterToken(service.token);
    await builds.load();
    assert.equal(await page.getByLabel('Size budget (MiB)').inputValue(), '2048');
    // The chart's numbers, as a table: a row per build shown (the view,
    // over budget only, came back with the address).
    assert.equal((await builds.marks()).length, await builds.shown());
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});

test('every view is a link: filter, state, sort, tags, dates and budget filter open the same in a fresh tab', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    await page.getByLabel('Filter').fill('v3');
    await page.getByLabel('Upload state').selectOption({ label: 'Complete' });
    await builds.sortBy('Size');
    await builds.chip('channel=beta').click();
    await page.waitForFunction(() => location.hash.includes('tag='));
    const url = page.url();
    assert.match(url, /#\/builds\?game=[0-9a-f-]{36}&.*q=v3.*&state=complete&sort=size-desc&tag=channel%3Dbeta/);
    const rows = await builds.column('Name');
    const shown = await page.getByText(/^\d+ of 36 builds$/).textContent();
    // A fresh tab: the token entered again (it is never in the address).
    const fresh = await openPage(browser);
    await fresh.page.goto(url);
    await new Connection(fresh.page).enterToken(service.token);
    const again = new BuildsPage(fresh.page);
    await again.load();
    // The view from the address is applied at the frame after the rows come:
    // read once the count says so.
    await fresh.page.getByText(shown, { exact: true }).waitFor();
    assert.deepEqual(await again.column('Name'), rows);
    assert.equal(await fresh.page.getByLabel('Filter').inputValue(), 'v3');
    assert.equal(await fresh.page.getByLabel('Upload state').inputValue(), await page.getByLabel('Upload state').inputValue());
    assert.equal(await fresh.page.getByRole('columnheader', { name: 'Size' }).getAttribute('aria-sort'), 'descending');
    await again.chart().waitFor();
    assert.equal(await again.chip('channel=beta').getAttribute('aria-pressed'), 'true');
    // Another page and back: the view is kept.
    await fresh.page.getByRole('link', { name: 'Action log' }).first().click();
    await fresh.page.waitForFunction(() => location.hash.startsWith('#/log'));
    assert.ok(!fresh.page.url().includes('q=v3'), 'another page names no builds view');
    await fresh.page.getByRole('link', { name: 'Builds' }).first().click();
    await again.load();
    assert.equal(await fresh.page.getByLabel('Filter').inputValue(), 'v3');
    await fresh.page.waitForFunction(() => location.hash.startsWith('#/builds') && location.hash.includes('q=v3'));
    // Presentation mode: the filter's text is left out of the address.
    await fresh.page.getByRole('switch', { name: 'Presentation mode' }).check();
    await fresh.page.waitForFunction(() => !location.hash.includes('q='));
    assert.match(fresh.page.url(), /sort=size-desc/);
    assert.deepEqual([...problems, ...fresh.problems], []);
  } finally {
    await service.stop();
  }
});

// The address follows the view once it holds still (300 ms): a view changed
// just before leaving the page must not come back later over a newer one.
test('a view changed just before leaving the page is the one found on coming back, and a newer one stays', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    const filter = page.getByLabel('Filter');
    await filter.fill('v3');
    await page.getByRole('link', { name: 'Action log' }).first().click();
    await page.getByRole('link', { name: 'Builds' }).first().click();
    await builds.load();
    assert.equal(await filter.inputValue(), 'v3', 'the view left is the one found');
    await filter.fill('v2');
    await page.waitForFunction(() => location.hash.includes('q=v2'));
    await page.waitForTimeout(500);
    assert.equal(await filter.inputValue(), 'v2', 'nothing written before comes back over it');
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});
