// The builds page as a studio engineer meets it (issue 54): the builds in
// the first screen at a desktop's and a phone's size, one scroll, a row a
// line, one meaning per colour, a chart that can be read and that leads to
// its rows. Positions and sizes are measured from the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixtures } from './harness.mjs';
import { BuildView, openPanel } from './pages/index.mjs';

const fx = useFixtures(['--clock', '2026-11-26T12:00:00Z']);

/** The builds page of the demo game, loaded, in a window of `width` x `height`. */
async function arrive(width, height) {
  const panel = await openPanel(fx, { page: 'builds', ns: 'staging', submit: true, viewport: { width, height } });
  await panel.builds.load();
  await panel.builds.counted('36 of 36 builds');
  return panel;
}

test('at 1280x800 the rows start above y = 330, nine or more in view, under one toolbar row', async () => {
  const { builds: page, problems } = await arrive(1280, 800);
  const at = await page.layout();
  assert.ok(at.header < 330, `the table's header row is at y = ${at.header}`);
  assert.ok(at.rows >= 9, `${at.rows} rows in the first screen`);
  assert.equal(new Set([at.filter, at.state, at.options]).size, 1, `filter, upload state and options on one row: ${JSON.stringify(at)}`);
  assert.ok(Math.abs(at.chips - at.filter) < 8, 'the tag chips on that row too');
  assert.ok(at.filter < at.header, 'the filter above the rows');
  assert.equal(at.innerBox, null, 'no box scrolls inside the page');
  assert.ok(at.sideways <= 0, `the page scrolls sideways by ${at.sideways} px`);
  // A row a line, about 36 px.
  assert.ok(at.rowHeight >= 32 && at.rowHeight <= 40, `rows of ${at.rowHeight} px`);
  assert.equal(at.lines, 1, 'one line per row');
  // The header row stays under the panel's header as the page scrolls.
  await page.scrollPage(600);
  const later = await page.layout();
  assert.ok(later.header > 40 && later.header < 120, `the header row stays in view (y = ${later.header})`);
  assert.ok(later.rows >= 15, `${later.rows} rows in view once scrolled`);
  assert.deepEqual(problems, []);
});

test('at 390x844 four build cards in the first screen, one scroll, a full-width sticky sort bar, ⋯ of 44 px', async () => {
  const { builds: page, problems } = await arrive(390, 844);
  const at = await page.layout();
  assert.ok(at.rows >= 4, `${at.rows} cards in the first screen`);
  assert.equal(at.innerBox, null, 'the page scrolls as one');
  assert.ok(at.sideways <= 0, `the page scrolls sideways by ${at.sideways} px`);
  assert.equal(at.headerWidth, at.tableWidth, 'the sort bar is as wide as the list');
  assert.ok(at.more.width >= 44 && at.more.height >= 44, `⋯ is ${at.more.width}x${at.more.height}`);
  await page.scrollPage(900);
  const later = await page.layout();
  assert.ok(later.header > 40 && later.header < 140, `the sort bar stays in view (y = ${later.header})`);
  assert.deepEqual(problems, []);
});

test('one meaning per colour: unfinished is a quiet outline, not italics; growth is muted; counts have separators', async () => {
  const { builds: page, problems } = await arrive(1280, 800);
  const look = await page.unfinishedLook();
  assert.equal(look.nameStyle, 'normal');
  assert.equal(look.badgeFill, 'rgba(0, 0, 0, 0)', 'the badge is an outline');
  const colours = await page.growthColour();
  assert.equal(colours.growth, colours.muted, 'a growth within the budget is muted');
  assert.deepEqual(problems, []);
});

test('the chart names its scale, its days and its budget; a bar names its build and leads to its row', async () => {
  const { builds: page, problems } = await arrive(1280, 800);
  await page.setBudget(3500);
  const labels = await page.chartLabels();
  assert.ok(labels.sizes.length >= 3, `sizes up the side: ${labels.sizes}`);
  assert.equal(labels.sizes[0], '0');
  for (const size of labels.sizes.slice(1)) assert.match(size, /^\d+(\.\d)? (B|KiB|MiB|GiB|TiB|PiB|EiB)$/, 'round sizes');
  assert.equal(labels.gridLines, labels.sizes.length - 1, 'a faint line across at each size');
  assert.ok(labels.days.length >= 3, `days under it: ${labels.days}`);
  for (const day of labels.days) assert.match(day, /^[A-Z][a-z]{2} \d{1,2}$/);
  assert.equal(labels.budget, 'Budget 3.42 GiB', 'the budget line says what it is, in the scale\'s unit');
  // The 8 PiB build: cut, with a break and its size.
  assert.deepEqual(labels.cut, ['8.00 PiB']);
  assert.equal(labels.breaks, 1);
  const bars = await page.bars();
  assert.equal(bars.length, 36, 'a bar per build while they are few');
  const zero = bars.find((b) => b.name.startsWith('游戏服务器 v31: 0 B'));
  assert.ok(zero, 'the 0-byte build has a bar named for it');
  assert.match(zero.kind, /gc-zero/);
  assert.ok(zero.height >= 4, `drawn as a marker (${zero.height} px), not a sliver`);
  assert.match(bars.find((b) => b.name.startsWith('Release candidate v35: ')).name, /^Release candidate v35: 697 MiB, \+627 MiB, 2026-11-26$/);
  // A click leads to the row, scrolled into view and marked.
  await page.clickBar('Nightly v12');
  const marked = await page.markedRow();
  assert.deepEqual(marked, { name: 'Nightly v12', inView: true });
  assert.deepEqual(problems, []);
});

test('a build has a page of its own, with a link: its ids whole, its tags, its name\'s neighbours and history; the view has Copy link', async () => {
  const { page, builds, connection, problems } = await arrive(1280, 800);
  await page.evaluate(() => {
    navigator.clipboard.writeText = async (text) => {
      window.copied = text;
    };
  });
  await builds.filter('Nightly');
  await builds.counted('3 of 36 builds');
  // (The address follows the view once it has held still a moment.)
  await builds.addressHolds('q=Nightly');
  await builds.copyLink();
  assert.match(await page.evaluate(() => window.copied), /#\/builds\?game=[0-9a-f-]{36}&ns=[0-9a-f-]{36}&q=Nightly$/, 'the view as a link');
  const build = await builds.openPageOf(builds.rows().nth(1));
  assert.equal(await build.title(), 'Nightly v24');
  const facts = await build.facts();
  assert.match(facts['Build id'], /^[0-9a-f-]{36}$/, 'the whole id');
  assert.match(facts['Upload id'], /^[0-9a-f-]{36}$/);
  assert.match(facts.Size, /^[\d.]+ [KMGTP]?i?B \([\d,]+ bytes\) · [+-][\d,]+ bytes \([+-][\d.]+ [KMGTP]?i?B\) from Nightly v12$/, facts.Size);
  await build.copy('Build id');
  assert.equal(await page.evaluate(() => window.copied), facts['Build id']);
  assert.match(page.url(), new RegExp(`#/builds/${facts['Build id']}\\?game=`), 'the page has a link of its own');
  assert.deepEqual((await build.history()).map((r) => r[0]), ['Nightly v36', 'Nightly v24', 'Nightly v12'], 'its name\'s history, newest first');
  // Its neighbours lead to theirs, and a reload opens it again.
  await build.neighbour('next').click();
  assert.equal(await build.title(), 'Nightly v36');
  assert.equal(await build.neighbour('next').count(), 0, 'the newest has none after it');
  // Remembered in the tab, the token outlives a reload: the link opens it again.
  await connection.openCard();
  await connection.remember.check();
  await page.reload();
  assert.equal(await (await new BuildView(page).shown()).title(), 'Nightly v36');
  await build.back();
  await builds.count().waitFor();
  assert.deepEqual(problems, []);
});
