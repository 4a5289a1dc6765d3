// The keyboard (issue 40, item 8): a skip link first, `/` for the filter,
// Ctrl-K for the palette (a page, a namespace by its label, an action), `?`
// for the list of shortcuts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

test('the first tab stop is "Skip to the page", shown once focused, which moves past the header', async () => {
  const panel = await openPanel(fx, { page: 'cdn-auth', token: null });
  const { page, problems } = panel;
  await panel.shows('CDN authentication');
  const skip = panel.header.skipLink;
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
  const panel = await openPanel(fx, { submit: true });
  const { page, problems, builds } = panel;
  await builds.load();
  await panel.unfocus();
  await page.keyboard.press('/');
  const filter = builds.filterField;
  assert.ok(await filter.evaluate((el) => el === document.activeElement), 'the filter has the focus');
  assert.equal(await filter.inputValue(), '', 'the slash is not typed into it');
  await page.keyboard.type('a/b');
  assert.equal(await filter.inputValue(), 'a/b');
  assert.deepEqual(problems, []);
});

test('Ctrl-K goes to a page, a namespace by its label, or an action; ? lists the shortcuts', async () => {
  const panel = await openPanel(fx, { ns: 'staging', submit: true });
  const { page, problems, connection, palette, header } = panel;
  await panel.builds.load();
  await panel.recent.name(ns.staging, 'Staging');
  await connection.closeSwitcher();

  // A page, by a word of its name.
  await palette.open();
  // "cdn": a setting by its own name, on the page they share.
  await palette.type('cdn');
  await palette.run();
  await palette.closed();
  await panel.shows('Namespace settings');

  // A namespace by its label, chosen with the arrows.
  await connection.selectNamespace('00000000-0000-4000-8000-00000000000b');
  await palette.open();
  await palette.type('namespace');
  assert.ok((await palette.offered()).includes(`Namespace: Staging (${ns.staging.slice(0, 8)})`), 'offered by its label');
  const at = (await palette.offered()).indexOf(`Namespace: Staging (${ns.staging.slice(0, 8)})`);
  await palette.down(at);
  assert.equal(await palette.selected(), `Namespace: Staging (${ns.staging.slice(0, 8)})`);
  await palette.run();
  await palette.closed();
  assert.match(await connection.namespaceSwitcher.textContent(), /Staging/);
  assert.equal(await connection.namespace(), ns.staging);

  // An action: the development token page.
  await palette.open();
  await palette.type('create token');
  assert.deepEqual(await palette.offered(), ['Create a development token']);
  assert.deepEqual(await axeViolations(page), [], 'the palette');
  await palette.run();
  await panel.shows('Development token');

  // Presenting: a namespace is offered by its label alone, no part of its id.
  await header.present();
  await palette.open();
  const offered = (await palette.offered()).join('\n');
  assert.match(offered, /^Namespace: Staging$/m);
  assert.ok(![ns.staging.slice(0, 8), fx.service.gameId.slice(0, 8)].some((id) => offered.includes(id)), offered);
  await palette.dismiss();
  await palette.closed();
  await header.stopPresenting();

  // Escape closes it, and nothing runs.
  await palette.open();
  await palette.type('log');
  await palette.dismiss();
  await palette.closed();
  await panel.shows('Development token');

  // ? lists the shortcuts (not while typing in a field).
  await panel.unfocus();
  await panel.shortcuts.open();
  assert.match(await panel.shortcuts.text(), /Focus the page's filter/);
  await panel.shortcuts.close();
  assert.deepEqual(problems, []);
});
