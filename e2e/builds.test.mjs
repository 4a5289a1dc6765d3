// The builds table as a person uses it: exact sizes, sorting, filtering, and
// 100,000 builds sorted and scrolled with only the visible rows in the DOM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, launchBrowser, openPage, axeViolations } from './harness.mjs';
import { BuildsPage, Connection } from './pages.mjs';

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

test('two builds compare: exact size difference, time between, tags added, removed and changed', async () => {
  const service = await startService();
  try {
    const { page, problems, builds } = await loaded(service);
    // The two largest: the 2^53 + 1 byte build and the next.
    await builds.sortBy('Size');
    const rows = builds.rows();
    await rows.nth(0).getByRole('checkbox').check();
    await page.getByText('Choose one more build to compare.').waitFor();
    await rows.nth(1).getByRole('checkbox').check();
    const cmp = page.getByRole('region', { name: 'Comparison' });
    await cmp.waitFor();
    const text = await cmp.textContent();
    assert.match(text, /Size[+-][\d,]+ bytes \([+-][\d.]+ [KMGTPE]iB\)/);
    assert.match(text, /Time between\d+ (day|hour|minute|second)/);
    assert.match(text, /Tags added/);
    assert.match(text, /Tags removed/);
    assert.match(text, /Tags changed/);
    assert.deepEqual(await axeViolations(page), []);
    // A third choice replaces the first; Clear ends the comparison.
    await rows.nth(2).getByRole('checkbox').check();
    assert.equal(await rows.nth(0).getByRole('checkbox').isChecked(), false);
    await cmp.getByRole('button', { name: 'Clear comparison' }).click();
    await cmp.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  } finally {
    await service.stop();
  }
});
