// Presentation mode, as a person sharing their screen sees it: one switch,
// and no token, hostname or id is readable on any page, its dialogs and log
// included; a pressed value shows while it is held, a field's while Alt is
// held; the switch is kept for the tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures(['--builds', '30']);
const ns = demoNamespaces(fx);

/**
 * The secrets readable on the screen: every visible text node, field value
 * and tooltip holding one of `secrets`, unless it is drawn in a transparent
 * colour (masked).
 */
async function readable(page, secrets) {
  return page.evaluate((secrets) => {
    const found = [];
    const holds = (text) => secrets.find((s) => s && text.includes(s));
    const shown = (el) => el.checkVisibility({ visibilityProperty: true }) && getComputedStyle(el).color !== 'rgba(0, 0, 0, 0)';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const s = holds(n.data);
      if (s && shown(n.parentElement)) found.push(`${s} in <${n.parentElement.localName}> "${n.data}"`);
    }
    for (const el of document.querySelectorAll('input')) {
      const s = holds(el.value);
      if (s && el.type !== 'password' && shown(el)) found.push(`${s} in the field ${el.name || el.ariaLabel}`);
    }
    for (const el of document.querySelectorAll('[title]')) {
      const s = holds(el.title);
      if (s) found.push(`${s} in a tooltip`);
    }
    return found;
  }, secrets);
}

/** Whether `locator`'s text is drawn (not masked). */
const drawn = (locator) => locator.evaluate((el) => getComputedStyle(el).color !== 'rgba(0, 0, 0, 0)');

test('presentation mode masks every token, hostname and id on every page, and shows one while it is held', async () => {
  const panel = await openPanel(fx, { ns: 'staging' });
  const { page, problems, builds, connection, header } = panel;
  await builds.load();
  const buildIds = await builds.ids().allTextContents();
  assert.ok(buildIds.length > 4, 'the table shows build ids');
  const secrets = [fx.service.token, fx.service.gameId, ns.staging, ns.prod, '10.20.30.40', ...buildIds];
  await builds.menuButtons().first().waitFor();
  await panel.recent.open();
  assert.notDeepEqual(await readable(page, secrets), [], 'without the mode, ids are readable (the check sees them)');

  const mode = header.presentation;
  await mode.check();
  await connection.showToken();
  assert.deepEqual(await readable(page, secrets), [], 'builds page, connection and recent ids');
  assert.ok(!page.url().includes(fx.service.gameId), `the address bar names no id: ${page.url()}`);
  const cdnLink = header.link('Namespace settings');
  assert.ok(!(await cdnLink.getAttribute('href')).includes(ns.staging));
  // Off, the ids come back into the address and the links; on again, out.
  await mode.uncheck();
  await panel.addressSays(fx.service.gameId);
  assert.ok((await cdnLink.getAttribute('href')).includes(ns.staging));
  await mode.check();
  await panel.addressSays(fx.service.gameId, false);
  await builds.filter(buildIds[0]);
  // High contrast (forced colours) does not undo the mask.
  await page.emulateMedia({ forcedColors: 'active' });
  assert.deepEqual(await readable(page, secrets), [], 'in forced colours, a typed filter included');
  await page.emulateMedia({ forcedColors: 'none' });
  await builds.filter('');
  assert.match(await header.presentationHint(), /Press and hold one to see it/);

  // Pressed and held: that one value shows, and only while held.
  const first = builds.ids().first();
  await first.hover();
  await page.mouse.down();
  assert.ok(await drawn(first), 'shown while pressed');
  assert.ok(!(await drawn(builds.ids().nth(1))), 'the others stay masked');
  await page.mouse.up();
  assert.ok(!(await drawn(first)), 'masked again');
  // In a field, Alt held shows it.
  const game = await connection.openGame();
  await game.focus();
  await page.keyboard.down('Alt');
  assert.ok(await drawn(game), 'shown while Alt is held');
  await page.keyboard.up('Alt');
  assert.ok(!(await drawn(game)));
  // Alt+Tab: the release goes to another window; leaving hides it again.
  await page.keyboard.down('Alt');
  assert.ok(await drawn(game));
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  assert.ok(!(await drawn(game)), 'hidden once the window loses the focus');
  await page.keyboard.up('Alt');
  // A press on a field (to type in it) does not show it.
  await game.hover();
  await page.mouse.down();
  assert.ok(!(await drawn(game)), 'a field shows only with Alt');
  await page.mouse.up();
  assert.deepEqual(await axeViolations(page), [], 'a switcher open');
  await connection.closeSwitcher();

  // The token page: the hostname, the ports' addresses, the new token and
  // what it decodes to.
  await header.goTo('Development token');
  const { tokens } = panel;
  await tokens.hostname.fill('10.20.30.40');
  await tokens.createButton.click();
  const region = tokens.issued();
  await region.reveal();
  const token = await region.value();
  assert.deepEqual(await readable(page, [...secrets, token]), [], 'token page');
  // The token from the environment: the local file's name and the loaders
  // hold the namespace id.
  await region.handTo('Godot');
  await region.fromEnvironment.check();
  await region.file('Godot').localEnvButton.waitFor();
  assert.deepEqual(await readable(page, [...secrets, token]), [], 'token page, token from the environment');

  // A settings page with its confirmation, then the log of what was done.
  await header.goTo('Namespace settings');
  const cdn = panel.settings;
  await cdn.choose('basic');
  await cdn.showOthers();
  await cdn.another.fill(ns.prod);
  assert.deepEqual(await readable(page, secrets), [], 'a namespace id typed in');
  await cdn.another.fill('');
  const dialog = await cdn.askToApply();
  assert.match(await dialog.said(), new RegExp(ns.staging.slice(0, 8)));
  assert.match(await dialog.sent(), new RegExp(ns.staging));
  assert.deepEqual(await readable(page, secrets), [], 'the confirmation');
  await dialog.confirm();
  await cdn.summary('1 of 1 changed.');
  assert.deepEqual(await readable(page, secrets), [], 'the results');
  const enabling = await panel.domain.askToEnable();
  assert.deepEqual(await readable(page, secrets), [], 'domain auth confirmation');
  await enabling.cancel();
  await header.goTo('Action log');
  await panel.log.entry(1).waitFor();
  const rays = await panel.log.column('Ray id');
  assert.ok(rays.length >= 2 && rays.every(Boolean), 'the log shows ray ids');
  assert.deepEqual(await readable(page, [...secrets, ...rays]), [], 'the log');
  assert.deepEqual(await axeViolations(page), []);

  // Kept for the tab: a reload stays in the mode.
  await page.reload();
  await panel.log.shown();
  assert.ok(await header.presentation.isChecked());
  assert.deepEqual(await readable(page, [...secrets, ...rays]), [], 'after a reload');
  assert.ok(!page.url().includes(fx.service.gameId), 'the reloaded address names no id');
  await header.stopPresenting();
  assert.notDeepEqual(await readable(page, [...secrets, ...rays]), [], 'off again: readable');
  assert.deepEqual(problems, []);
});

// Issue 39, finding 8: Back and Forward brought up the entries made before
// the mode, with ids in the address.
test('in presentation mode, Back and Forward show no id, in entries made before the mode too', async () => {
  const panel = await openPanel(fx, { ns: 'staging' });
  const { page, problems, builds, header } = panel;
  // The builds' view with a filter's text, in the entry left behind.
  await builds.load();
  await builds.filter('v3');
  await panel.addressSays('q=v3');
  await header.goTo('Namespace settings');
  await header.goTo('Action log');
  await page.waitForFunction(() => location.hash.startsWith('#/log'));
  assert.ok(page.url().includes(fx.service.gameId), 'before the mode, the entries name the ids');
  await header.present();
  await panel.addressSays(fx.service.gameId, false);
  const addresses = [];
  for (const [move, slug] of [['goBack', 'settings'], ['goBack', 'builds'], ['goForward', 'settings'], ['goForward', 'log']]) {
    await page[move]();
    await page.waitForFunction((slug) => location.hash.startsWith(`#/${slug}`), slug);
    addresses.push(await page.evaluate(() => location.href));
  }
  assert.deepEqual(addresses.filter((url) => url.includes(fx.service.gameId) || url.includes(ns.staging) || url.includes('q=v3')), []);
  assert.ok(!(await header.link('Builds').getAttribute('href')).includes('q='), 'nor the links');
  assert.equal(await panel.connection.game(), fx.service.gameId, 'the view keeps its ids');

  assert.deepEqual(problems, []);
});
