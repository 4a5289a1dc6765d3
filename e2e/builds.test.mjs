// The builds table as a person uses it: exact sizes, sorting, filtering, and
// 100,000 builds sorted and scrolled with only the visible rows in the DOM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, launchBrowser, axeViolations } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

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

/** The builds page of the demo game (no namespace), the token entered and the builds loaded; its `Panel`. */
async function loaded(service) {
  const panel = await openPanel({ browser, service }, { ns: null });
  await panel.builds.load();
  return panel;
}

test('sizes are exact, columns sort, and filters narrow the rows', async () => {
  const service = await startService();
  try {
    const panel = await loaded(service);
    const { problems, builds } = panel;
    await builds.sortBy('Size');
    assert.match((await builds.column('Size'))[0], /9,007,199,254,740,993 bytes/);
    assert.equal(await builds.columnHeader('Size').getAttribute('aria-sort'), 'descending');

    await builds.showState('Unfinished');
    const shown = await builds.shown();
    assert.ok(shown > 0 && shown < 36, `${shown} shown`);
    assert.deepEqual(new Set(await builds.column('Upload')), new Set(['Unfinished']));

    await builds.showState('All uploads');
    await builds.filter('channel=qa nonexistent');
    await panel.says('No builds match the filter.');
    await builds.filter('Ελληνικά');
    await builds.counted('3 of 36 builds');

    const file = await builds.exportCsv();
    assert.equal(file.name, 'builds.csv');
    // The JS module's builds entry exports the same view byte for byte.
    const client = new core.GameCloudClient({ baseUrl: service.url, token: service.token });
    const index = await BuildsIndex.from(await client.listBuilds(service.gameId));
    index.sort('content_length', 'desc').filter({ text: 'Ελληνικά' });
    assert.equal(await file.text(), index.toCsv());
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});

test('100,000 builds load, sort and scroll with only the visible rows in the DOM', async () => {
  const service = await startService(['--builds', '100000']);
  try {
    const { page, builds } = await loaded(service);
    assert.equal(await builds.count().textContent(), '100,000 of 100,000 builds');
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
    const panel = await loaded(service);
    const { page, problems, builds } = panel;
    // The two largest: the 2^53 + 1 byte build and the next.
    await builds.sortBy('Size');
    const rows = builds.rows();
    const menu = await builds.menuOf(rows.nth(0));
    assert.deepEqual(await menu.items(), ['Open its page', 'Copy build id', 'Copy upload id', 'Compare']);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await menu.copyBuildId();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^[0-9a-f-]{36}$/);
    assert.ok(copied.startsWith(await rows.nth(0).getByRole('code').first().textContent()), 'the row shows that id, short');
    await menu.compare();
    await panel.says('Choose one more build to compare (its ⋯ menu).');
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
    await builds.closeComparison();
    await panel.addressSays('cmp=', false);
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});

test('each build shows its change in size from the previous build of its name', async () => {
  const service = await startService();
  try {
    const { problems, builds } = await loaded(service);
    // The demo's names repeat every 12 builds: "Nightly v36" follows "Nightly v24".
    await builds.filter('Nightly');
    await builds.counted('3 of 36 builds');
    const sizes = await builds.sizeChanges();
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
    const { page, problems, builds, connection } = await loaded(service);
    const chart = builds.chart();
    await chart.waitFor();
    assert.match(await chart.getAttribute('aria-label'), /^Sizes of the 36 builds shown, from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d; the largest 8\.00 PiB\.$/);
    assert.equal((await builds.marks()).length, 36, 'one mark per build while they are few');
    // The chart follows the filter.
    await builds.chip('channel=qa').click();
    assert.equal(await builds.chip('channel=qa').getAttribute('aria-pressed'), 'true');
    await builds.counted('4 of 36 builds');
    assert.equal((await builds.marks()).length, 4);
    assert.deepEqual(new Set((await builds.column('Tags')).map((t) => t.includes('channel=qa'))), new Set([true]));
    await builds.chip('channel=qa').click();
    await builds.counted('36 of 36 builds');
    // Dates: the table keeps the builds of those days, and the chart
    // zooms in to them.
    const days = await builds.days();
    const newest = days[0];
    await builds.keepDays(newest, newest);
    const kept = days.filter((d) => d === newest).length;
    await builds.counted(`${kept} of 36 builds`);
    assert.equal((await builds.marks()).length, kept);
    assert.match(await chart.getAttribute('aria-label'), new RegExp(`^Sizes of the ${kept} builds shown, from ${newest} to ${newest}`));
    await builds.allDates();
    await builds.counted('36 of 36 builds');
    // A drag across the chart's right half keeps the newer builds.
    await builds.dragAcrossRightHalf();
    const dragged = await builds.shown();
    assert.ok(dragged > 0 && dragged < 36, `${dragged} kept by the drag`);
    assert.match(await builds.fromField.inputValue(), /^\d{4}-\d\d-\d\d$/, 'the dates say the range');
    await builds.allDates();
    // The budget: a line, the marks over it, and "Over budget only".
    const over = builds.overBudgetOnly;
    assert.equal(await over.isDisabled(), true, 'no budget, nothing over it');
    await builds.setBudget(2048);
    const line = builds.budgetLine();
    await line.waitFor({ state: 'attached' });
    const y = Number(await line.getAttribute('y1'));
    assert.ok(y > 0 && y < 160, `the budget line is inside the chart (y ${y})`);
    const overMarks = (await builds.marks()).filter((m) => m.endsWith('(over budget)'));
    assert.ok(overMarks.length > 1, 'the builds over it are said to be');
    // One column, drawn cut at the top: the 8 PiB build; the others over
    // the budget in the colour of danger.
    assert.equal(await builds.offScaleMarks().count(), 1, 'the 8 PiB build is drawn cut at the top');
    assert.equal(await builds.overBudgetMarks().count(), overMarks.length - 1, 'and the rest over it in the colour of danger');
    await builds.onlyOverBudget();
    const big = await builds.shown();
    const sizes = await builds.exactSizes();
    assert.ok(big > 0 && big < 36, `${big} over budget`);
    assert.ok(sizes.every((s) => s > 2048n * 1024n * 1024n), 'every row shown is over 2 GiB');
    // Kept for the game: a reload finds the budget.
    await page.reload();
    await connection.enterToken(service.token);
    await builds.load();
    assert.equal(await builds.budgetField.inputValue(), '2048');
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
    const panel = await loaded(service);
    const { page, problems, builds } = panel;
    await builds.filter('v3');
    await builds.showState('Complete');
    await builds.sortBy('Size');
    await builds.chip('channel=beta').click();
    await panel.addressSays('tag=');
    const url = page.url();
    assert.match(url, /#\/builds\?game=[0-9a-f-]{36}&.*q=v3.*&state=complete&sort=size-desc&tag=channel%3Dbeta/);
    const rows = await builds.column('Name');
    const shown = await builds.count().textContent();
    // A fresh tab, at that address: the token entered again (it is never in the address).
    const fresh = await openPanel({ browser, service }, { address: url });
    const again = fresh.builds;
    await again.load();
    // The view from the address is applied at the frame after the rows come:
    // read once the count says so.
    await again.counted(shown);
    assert.deepEqual(await again.column('Name'), rows);
    assert.equal(await again.filterField.inputValue(), 'v3');
    assert.equal(await again.stateField.inputValue(), await builds.stateField.inputValue());
    assert.equal(await again.columnHeader('Size').getAttribute('aria-sort'), 'descending');
    await again.chart().waitFor();
    assert.equal(await again.chip('channel=beta').getAttribute('aria-pressed'), 'true');
    // Another page and back: the view is kept.
    await fresh.header.goTo('Action log');
    await fresh.page.waitForFunction(() => location.hash.startsWith('#/log'));
    assert.ok(!fresh.page.url().includes('q=v3'), 'another page names no builds view');
    await fresh.header.goTo('Builds');
    await again.load();
    assert.equal(await again.filterField.inputValue(), 'v3');
    await fresh.page.waitForFunction(() => location.hash.startsWith('#/builds') && location.hash.includes('q=v3'));
    // Presentation mode: the filter's text is left out of the address.
    await fresh.header.present();
    await fresh.addressSays('q=', false);
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
    const panel = await loaded(service);
    const { problems, builds, header } = panel;
    await builds.filter('v3');
    await header.goTo('Action log');
    await header.goTo('Builds');
    await builds.load();
    assert.equal(await builds.filterField.inputValue(), 'v3', 'the view left is the one found');
    await builds.filter('v2');
    await panel.addressSays('q=v2');
    // A view written late would come 300 ms after it was left: the field is
    // watched for 500 ms, and the watch fails as soon as it holds another.
    await assert.doesNotReject(builds.keepsFilter('v2', 500), 'nothing written before comes back over it');
    assert.equal(await builds.filterField.inputValue(), 'v2', 'nothing written before comes back over it');
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});
