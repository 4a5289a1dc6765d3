// What was dropped for bytes until issue 53 made room: the builds table as one
// tab stop moved by the keys, "Apply to other namespaces" folded, a page's
// help in one line with the rest behind it, and an Apply button that never
// counts 0 namespaces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures(['--builds', '300']);

/** The builds page with its list loaded, the table focused from the filter by Tab. */
async function focusedTable() {
  const panel = await openPanel(fx, { submit: true });
  await panel.builds.load();
  await panel.builds.filterField.focus();
  // The toolbar (the filter, the upload state, the chips, the options),
  // then the table: one stop for all its rows.
  const stops = await panel.builds.tabToTable();
  assert.ok(stops <= 12, `the table is ${stops} tab stops after the filter`);
  return panel;
}

test('the builds table is one tab stop: the arrows, Page Down, End and Home move the current row in view', async () => {
  const panel = await focusedTable();
  const { builds, problems } = panel;
  assert.equal(await builds.currentRow(), 2, 'the first build is current');
  await panel.press('ArrowDown');
  await panel.press('ArrowDown');
  assert.equal(await builds.currentRow(), 4);
  await panel.press('ArrowUp');
  assert.equal(await builds.currentRow(), 3);
  await panel.press('PageDown');
  const paged = await builds.currentRow();
  assert.ok(paged > 6, `Page Down moves by a screen of rows (now at ${paged})`);
  assert.ok(await builds.currentRowInView(), 'after Page Down, in view');
  await panel.press('End');
  assert.equal(await builds.currentRow(), 301, 'End: the last of 300 builds');
  assert.ok(await builds.currentRowInView(), 'after End, in view under the header');
  await panel.press('Home');
  assert.equal(await builds.currentRow(), 2);
  assert.ok(await builds.currentRowInView(), 'after Home, in view under the header');
  // The rows' ⋯ buttons are not tab stops of their own: from the rows, Tab
  // goes through the columns' sort buttons, then out of the table.
  const sorts = await builds.sortButtons().count();
  await panel.tab(sorts);
  assert.equal(await panel.focusOutsideTables(), false, 'on the last sort button');
  await panel.tab();
  assert.ok(await panel.focusOutsideTables(), 'then out of the table');
  assert.deepEqual(problems, []);
});

test('a sort button keeps its keys: Enter sorts, and no row moves or opens its menu', async () => {
  const panel = await focusedTable();
  const { builds, problems } = panel;
  await panel.tab();
  const sort = builds.sortButtons().first();
  assert.ok(await sort.evaluate((el) => el === document.activeElement), 'the first sort button has the focus');
  const before = await builds.column('Name');
  await panel.press('Enter');
  await builds.sortedBy('Name');
  assert.notDeepEqual(await builds.column('Name'), before, 'sorted by name');
  await panel.press('ArrowDown');
  assert.equal(await builds.currentRow(), 2, 'the arrows on a sort button move no row');
  assert.equal(await builds.menuOpen(), false, 'no menu opened');
  assert.deepEqual(problems, []);
});

test("Enter opens the current row's menu, on its first item, for that build", async () => {
  const panel = await focusedTable();
  const { builds, page, problems } = panel;
  await panel.press('ArrowDown');
  const name = (await builds.column('Name'))[1];
  await panel.press('Enter');
  const menu = builds.menuFor(name);
  await menu.waitFor();
  assert.ok(await menu.evaluate((el) => el.contains(document.activeElement)), 'the focus is in the menu');
  await panel.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  assert.equal(await builds.currentRow(), 3, 'the same row is current after the menu');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
});

test('"Apply to other namespaces" is folded, and open while the selected namespace is protected', async () => {
  const panel = await openPanel(fx, { page: 'settings' });
  const { settings, connection, problems } = panel;
  await settings.applyButton().waitFor();
  assert.equal(await settings.othersShown(), false, 'folded for a namespace that is not protected');
  assert.equal(await settings.others.isVisible(), false);
  await settings.showOthers();
  assert.equal(await settings.others.isVisible(), true, 'unfolded when asked');
  await connection.protect('prod');
  await panel.page.reload();
  await settings.anyApplyButton.waitFor();
  assert.equal(await settings.othersShown(), true, 'open for a protected namespace, which a change leaves out until it is ticked');
  assert.deepEqual(problems, []);
});

test('with no namespace chosen the button that applies is disabled and counts none', async () => {
  const panel = await openPanel(fx, { page: 'settings' });
  const { settings, service, problems } = panel;
  await settings.applyButton().waitFor();
  await settings.untick(service.namespaces.prod);
  assert.equal(await settings.anyApplyButton.textContent(), 'Set to No auth…');
  assert.equal(await settings.anyApplyButton.isDisabled(), true);
  assert.deepEqual(problems, []);
});

test("a page's help is one line; the rest unfolds under it", async () => {
  const panel = await openPanel(fx, { page: 'dev-token' });
  const help = panel.help(
    'A development token lets a game server on your machine answer matchmaking as if it ran in the cloud.',
    'It bypasses the proxy',
  );
  await help.line.waitFor();
  assert.equal(await help.rest.isVisible(), false, 'the rest is folded');
  await help.line.click();
  assert.equal(await help.rest.isVisible(), true, 'unfolded by its line');
  assert.deepEqual(panel.problems, []);
});
