// The keyboard (issue 40, item 8): a skip link first, `/` for the filter,
// Ctrl-K for the palette (a page, a namespace by its label, an action), `?`
// for the list of shortcuts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, openPanel, useFixtures } from './harness.mjs';
import { BuildsPage, Connection, RecentIds } from './pages.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

/** Takes the focus from any field, as a click on the page's background does. */
const unfocus = (page) => page.evaluate(() => document.activeElement?.blur());

/** The palette's dialog, opened with Ctrl-K. */
async function palette(page) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Palette' });
  await dialog.waitFor();
  return dialog;
}

test('the first tab stop is "Skip to the page", shown once focused, which moves past the header', async () => {
  const { page, problems } = await openPanel(fx, 'cdn-auth', { token: null });
  await page.getByRole('heading', { name: 'CDN authentication' }).waitFor();
  const skip = page.getByRole('button', { name: 'Skip to the page' });
  const first = await page.evaluate(() => [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
    .find((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0)?.textContent);
  assert.equal(first, 'Skip to the page', 'the first tab stop');
  assert.ok((await skip.boundingBox()).y < 0, 'out of sight until it has the focus');
  await skip.focus();
  assert.ok((await skip.boundingBox()).y >= 0, 'shown while it has the focus');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'gc-main');
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.getElementById('gc-main').contains(document.activeElement)), 'the next stop is in the page');
  assert.deepEqual(problems, []);
});

test('/ focuses the filter; typed in a field, it is a character', async () => {
  const { page, problems } = await openPanel(fx, 'builds');
  const connection = new Connection(page);
  await connection.tokenField.press('Enter');
  await new BuildsPage(page).load();
  await unfocus(page);
  await page.keyboard.press('/');
  const filter = page.getByLabel('Filter');
  assert.ok(await filter.evaluate((el) => el === document.activeElement), 'the filter has the focus');
  assert.equal(await filter.inputValue(), '', 'the slash is not typed into it');
  await page.keyboard.type('a/b');
  assert.equal(await filter.inputValue(), 'a/b');
  assert.deepEqual(problems, []);
});

test('Ctrl-K goes to a page, a namespace by its label, or an action; ? lists the shortcuts', async () => {
  const { page, problems } = await openPanel(fx, 'builds', { ns: 'staging' });
  const connection = new Connection(page);
  await connection.tokenField.press('Enter');
  await new BuildsPage(page).load();
  await new RecentIds(page).name(ns.staging, 'Staging');
  await connection.closeSwitcher();

  // A page, by a word of its name.
  let dialog = await palette(page);
  // "cdn": a setting by its own name, on the page they share.
  await page.keyboard.type('cdn');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: 'Namespace settings' }).waitFor();

  // A namespace by its label, chosen with the arrows.
  await connection.selectNamespace('00000000-0000-4000-8000-00000000000b');
  dialog = await palette(page);
  await page.keyboard.type('namespace');
  const options = dialog.getByRole('option');
  assert.ok((await options.allTextContents()).includes(`Namespace: Staging (${ns.staging.slice(0, 8)})`), 'offered by its label');
  const at = (await options.allTextContents()).indexOf(`Namespace: Staging (${ns.staging.slice(0, 8)})`);
  for (let i = 0; i < at; i += 1) await page.keyboard.press('ArrowDown');
  assert.equal(await dialog.getByRole('option', { selected: true }).textContent(), `Namespace: Staging (${ns.staging.slice(0, 8)})`);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  assert.match(await connection.namespaceSwitcher.textContent(), /Staging/);
  assert.equal(await connection.namespace(), ns.staging);

  // An action: the development token page.
  dialog = await palette(page);
  await page.keyboard.type('create token');
  assert.deepEqual(await dialog.getByRole('option').allTextContents(), ['Create a development token']);
  assert.deepEqual(await axeViolations(page), [], 'the palette');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Development token' }).waitFor();

  // Presenting: a namespace is offered by its label alone, no part of its id.
  await page.getByRole('switch', { name: 'Presentation mode' }).check();
  dialog = await palette(page);
  const offered = (await dialog.getByRole('option').allTextContents()).join('\n');
  assert.match(offered, /^Namespace: Staging$/m);
  assert.ok(![ns.staging.slice(0, 8), fx.service.gameId.slice(0, 8)].some((id) => offered.includes(id)), offered);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('switch', { name: 'Presentation mode' }).uncheck();

  // Escape closes it, and nothing runs.
  dialog = await palette(page);
  await page.keyboard.type('log');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: 'Development token' }).waitFor();

  // ? lists the shortcuts (not while typing in a field).
  await unfocus(page);
  await page.keyboard.press('?');
  const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await list.waitFor();
  assert.match(await list.textContent(), /Focus the page's filter/);
  await list.getByRole('button', { name: 'Close' }).click();
  await list.waitFor({ state: 'hidden' });
  assert.deepEqual(problems, []);
});
