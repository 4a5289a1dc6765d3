// The panel on a phone: 360 px wide (the narrowest common phone width), a person
// walks every page through the navigation and does its main task. The page itself
// never scrolls sideways (a wide table or a file's text may scroll in its own box),
// and each control they need is within the screen's width once scrolled to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const WIDTH = 360;

/** How far the page scrolls sideways, in CSS pixels (0 when it does not). */
function sideways(page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
}

/** Asserts that `control` is shown, and wholly within the screen's width once scrolled to. */
async function inView(control, what) {
  await control.scrollIntoViewIfNeeded();
  assert.ok(await control.isVisible(), `${what} is shown`);
  const box = await control.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= WIDTH, `${what} is within the ${WIDTH} px (from ${box.x} to ${box.x + box.width})`);
}

/** Goes to a page by its link in the navigation, behind the menu button on a phone, as a person does. */
async function go({ header }, name) {
  await header.menuButton.click();
  const link = header.link(name);
  await inView(link, `the link to ${name}`);
  await link.click();
  await link.waitFor({ state: 'hidden' });
}

test('every page is usable 360 px wide: the page never scrolls sideways, and its controls are in view', async (t) => {
  const panel = await openPanel(fx, { ns: 'staging', viewport: { width: WIDTH, height: 740 }, token: null });
  const { page, problems, connection } = panel;
  await inView(connection.tokenField, 'the token field');
  await connection.enterToken(fx.service.token);

  await t.test('builds: loaded, filtered and sorted, the table scrolling in its own box', async () => {
    const { builds } = panel;
    await inView(builds.loadButton, 'Load builds');
    await builds.load();
    await inView(builds.filterField, 'the filter');
    await builds.filter('qa');
    await inView(builds.count(), 'the count of builds');
    await inView(builds.sortButton('Size'), 'the Size column’s header');
    await builds.sortBy('Size');
    // Each build a card: its name, size, age and ⋯ in view, and the table's
    // box does not scroll sideways either.
    const box = builds.table().locator('xpath=..');
    await inView(box, 'the table’s box');
    const first = builds.rows().first();
    // The cells a card shows (the ids and tags are hidden there): name, state, size, age.
    for (const [cell, what] of [[0, 'name'], [1, 'state'], [2, 'size'], [3, 'age']]) await inView(first.getByRole('gridcell').nth(cell), `the first build’s ${what}`);
    await inView(builds.menuButtons(first), 'the first build’s ⋯');
    assert.equal(await box.evaluate((b) => b.scrollWidth - b.clientWidth), 0, 'the table does not scroll sideways');
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways');
  });

  await t.test('development token: made, and shown with its engine files', async () => {
    await go(panel, 'Development token');
    const token = panel.tokens;
    await inView(token.hostname, 'the hostname field');
    // Each port a card: its fields each under its name, in the screen's width.
    const port = token.portRows().first();
    const names = await port.locator('td').evaluateAll((cells) => cells.map((td) => getComputedStyle(td, '::before').content));
    const header = await token.portHeaders().allTextContents();
    assert.deepEqual(names.slice(0, 5), ['"Label"', '"Protocol"', '"Port or range"', '"Through the proxy"', '"With this token"'], 'each field under its name');
    assert.deepEqual(names.slice(0, 5), header.slice(0, 5).map((text) => JSON.stringify(text)), 'the names the table\'s header gives them (the stylesheet repeats them)');
    await inView(port.getByRole('textbox', { name: /^Label of port/ }), 'the port\'s label');
    await inView(port.getByRole('textbox', { name: 'Port', exact: true }), 'the port');
    await inView(port.getByRole('button', { name: /^Remove port/ }), 'the port\'s Remove');
    assert.equal(await port.evaluate((tr) => getComputedStyle(tr).display), 'grid', 'a card, not a table row');
    await inView(token.createButton, 'Create token');
    await token.create('192.168.1.20');
    await inView(token.issued().field, 'the new token');
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways');
  });

  await t.test('tokens made here: the token just made, a card', async () => {
    await go(panel, 'Tokens made here');
    const { tokensMade: list } = panel;
    await list.shown();
    const made = list.token(0);
    assert.equal(await made.layout(), 'grid', 'a card, not a table row');
    await inView(made.anotherButton, 'Create another like this');
    await inView(made.reminderButton, 'Reminder (.ics)');
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways');
  });

  await t.test('namespace settings: a change of CDN auth asked, confirmed and done', async () => {
    await go(panel, 'Namespace settings');
    const { settings } = panel;
    await inView(settings.applyButton(), 'its button');
    await settings.choose('basic');
    const dialog = await settings.askToApply();
    await inView(dialog.confirmButton, 'the confirmation’s Set CDN auth');
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways under the confirmation');
    await dialog.confirm();
    await dialog.closed();
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways');
  });

  await t.test('namespace settings: the switch of domain auth and its button', async () => {
    const { domain } = panel;
    await inView(domain.switch, 'the switch');
    await inView(domain.applyButton(), 'its button');
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways');
  });

  await t.test('action log: the change just made', async () => {
    await go(panel, 'Action log');
    const { log } = panel;
    await log.rows().first().waitFor();
    await inView(log.rows().first().getByRole('cell').first(), 'the first entry');
    assert.equal(await sideways(page), 0, 'the page does not scroll sideways');
  });

  assert.deepEqual(problems, []);
});
