// The work on arrival (issue 40, item 2): with a token and a game known, the
// builds load by themselves, and stay loaded across pages with when they
// were loaded; a refresh is one quiet button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceState, until, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures(['--test-hooks']);
const listed = async () => (await serviceState(fx.service)).hits.builds ?? 0;

test('the builds load once the token is entered, and stay loaded across pages and a reload', async () => {
  const panel = await openPanel(fx, { token: null });
  const { page, problems, connection, builds, header } = panel;
  assert.match(await builds.section().textContent(), /the builds load by themselves/);
  const before = await listed();
  // Pasted and Enter pressed, as a person does: nothing else to click.
  await connection.submitToken(fx.service.token);
  await builds.count().waitFor();
  assert.equal(await listed(), before + 1, 'one call');
  assert.equal(await connection.card.count(), 0, 'the connection card is put away');
  await page.waitForFunction(() => document.activeElement?.id === 'gc-status'); // the focus on what opens it again
  await panel.says('Updated just now');

  // Another page and back: the same list, not fetched again.
  await header.goTo('Action log');
  await panel.shows('Action log');
  await header.goTo('Builds');
  await builds.count().waitFor();
  assert.equal(await listed(), before + 1, 'kept, not fetched again');

  // Refresh fetches again and keeps the rows on screen meanwhile.
  await builds.refresh();
  await until(async () => (await listed()) === before + 2);
  await builds.count().waitFor();

  // Remembered in the tab: a reload loads them on arrival.
  await connection.openCard();
  await connection.remember.check();
  await page.reload();
  await builds.count().waitFor();
  assert.equal(await listed(), before + 3);
  assert.deepEqual(problems, []);
});

test('another game\'s builds are not shown for the game typed, and load once it is entered', async () => {
  const panel = await openPanel(fx, { token: null });
  const { problems, connection, builds } = panel;
  await connection.submitToken(fx.service.token);
  await builds.count().waitFor();
  // An unknown game: its list is not the kept one; the service's answer is said.
  await (await connection.openGame()).fill('00000000-0000-4000-8000-000000000000');
  assert.equal(await builds.count().count(), 0, 'the other game\'s rows are gone');
  await connection.gameId.press('Enter');
  await panel.alert().first().waitFor();
  // Back to the demo game: its list comes back.
  await connection.selectGame(fx.service.gameId);
  await builds.count().waitFor();
  assert.deepEqual(problems.filter((p) => !p.includes('status of 500')), []);
});

// Issue 40, items 1 and 2: nothing but the header stands above the page, so
// the first builds are in the first screen on a desktop and on a phone.
for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`at ${width}x${height} the first builds are in the first screen once connected`, async () => {
    const { page, problems, connection, builds } = await openPanel(fx, { token: null });
    await page.setViewportSize({ width, height });
    await connection.submitToken(fx.service.token);
    await builds.count().waitFor();
    const first = builds.rows().nth(2);
    await first.waitFor();
    const box = await first.boundingBox();
    assert.ok(box.y + box.height <= height, `the third build ends at ${box.y + box.height} px, below the ${height} px screen`);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'without scrolling');
    assert.deepEqual(problems, []);
  });
}
