// The work on arrival (issue 40, item 2): with a token and a game known, the
// builds load by themselves, and stay loaded across pages with when they
// were loaded; a refresh is one quiet button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPanel, serviceState, until, useFixtures } from './harness.mjs';
import { BuildsPage, Connection } from './pages.mjs';

const fx = useFixtures(['--test-hooks']);
const listed = async () => (await serviceState(fx.service)).hits.builds ?? 0;

test('the builds load once the token is entered, and stay loaded across pages and a reload', async () => {
  const { page, problems } = await openPanel(fx, 'builds', { token: null });
  const connection = new Connection(page);
  const builds = new BuildsPage(page);
  assert.match(await page.locator('#builds-heading').locator('xpath=..').textContent(), /the builds load by themselves/);
  const before = await listed();
  // Pasted and Enter pressed, as a person does: nothing else to click.
  await connection.enterToken(fx.service.token);
  await connection.tokenField.press('Enter');
  await builds.count().waitFor();
  assert.equal(await listed(), before + 1, 'one call');
  await page.getByText('Updated just now').waitFor();

  // Another page and back: the same list, not fetched again.
  await page.getByRole('link', { name: 'Action log' }).click();
  await page.getByRole('heading', { name: 'Action log' }).waitFor();
  await page.getByRole('link', { name: 'Builds' }).click();
  await builds.count().waitFor();
  assert.equal(await listed(), before + 1, 'kept, not fetched again');

  // Refresh fetches again and keeps the rows on screen meanwhile.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await until(async () => (await listed()) === before + 2);
  await builds.count().waitFor();

  // Remembered in the tab: a reload loads them on arrival.
  await connection.remember.check();
  await page.reload();
  await builds.count().waitFor();
  assert.equal(await listed(), before + 3);
  assert.deepEqual(problems, []);
});

test('another game\'s builds are not shown for the game typed, and load once it is entered', async () => {
  const { page, problems } = await openPanel(fx, 'builds', { token: null });
  const connection = new Connection(page);
  const builds = new BuildsPage(page);
  await connection.enterToken(fx.service.token);
  await connection.tokenField.press('Enter');
  await builds.count().waitFor();
  // An unknown game: its list is not the kept one; the service's answer is said.
  await connection.gameId.fill('00000000-0000-4000-8000-000000000000');
  assert.equal(await builds.count().count(), 0, 'the other game\'s rows are gone');
  await connection.gameId.press('Enter');
  await page.getByRole('alert').first().waitFor();
  // Back to the demo game: its list comes back.
  await connection.gameId.fill(fx.service.gameId);
  await connection.gameId.press('Enter');
  await builds.count().waitFor();
  assert.deepEqual(problems.filter((p) => !p.includes('status of 500')), []);
});
