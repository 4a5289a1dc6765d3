// Issue 54, "Names in the header": the game and the namespace go by their
// names, the short id muted after them; the switcher is a list of rows
// filtered as one types, "Add by id…" last; a protected change asks to type
// the name, and a mark needs one; the token's status is grey until checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoNamespaces, useFixtures, userToken } from './harness.mjs';
import { openPanel, ConfirmDialog } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

/** The kept recent ids, as the panel writes them: `[kind, id, label]` each. */
const kept = (...rows) => rows.map(([kind, id, label]) => `${JSON.stringify({ kind, id, label })}\n`).join('');

// Issue 54: the header named nothing ("4f3c2a10 ▾ / 7d8e9f10 ▾").
test('the header names the game and the namespace, each short id muted after its name', async () => {
  const panel = await openPanel(fx, {
    page: 'settings',
    ns: 'prod',
    local: { 'gamecloud.v3.recent': kept(['game', fx.service.gameId, 'Space Miners'], ['namespace', ns.prod, 'prod']) },
  });
  const { connection } = panel;
  assert.equal(await connection.gameShown(), `GameSpace Miners${fx.service.gameId.slice(0, 8)}`);
  assert.equal(await connection.namespaceShown(), `Namespaceprod${ns.prod.slice(0, 8)}`);
  assert.deepEqual(panel.problems, []);
});

// Issue 54: the dot was green for "Token not checked".
test('the token status is grey and says what to do until the token is checked', async () => {
  const unread = await openPanel(fx, { page: 'settings', ns: 'prod' }); // the local service's token: no claims to read
  const { connection } = unread;
  assert.match(await connection.status.textContent(), /^Check token/);
  const grey = await connection.mutedColour();
  assert.equal(await connection.statusDotColour(), grey);
  const none = await openPanel(fx, { page: 'settings', ns: 'prod', token: null });
  assert.equal(await none.connection.status.textContent(), 'No token: connect');
  assert.equal(await none.connection.statusDotColour(), grey);
  const checked = await openPanel(fx, { page: 'settings', ns: 'prod', token: userToken(Date.now() + 30 * 86400e3) });
  assert.match(await checked.connection.status.textContent(), /^Token expires in/);
  assert.notEqual(await checked.connection.statusDotColour(), grey, 'checked: grey no more');
});

test('the switcher is a list of rows filtered as one types, and Enter picks the first left', async () => {
  const panel = await openPanel(fx, {
    page: 'settings',
    ns: 'prod',
    local: { 'gamecloud.v3.recent': kept(['namespace', ns.prod, 'prod'], ['namespace', ns.staging, 'staging'], ['namespace', '7a1b2c3d-5b7e-4a0b-9a3e-3f1c2b7d8e91', '']) },
  });
  const { recent, connection } = panel;
  await recent.open();
  assert.deepEqual(await recent.rows(), [`prod${ns.prod.slice(0, 8)}`, `staging${ns.staging.slice(0, 8)}`, 'Unnamed7a1b2c3d']);
  await recent.filter('STAG');
  assert.deepEqual(await recent.rows(), [`staging${ns.staging.slice(0, 8)}`], 'by name, in either case');
  await recent.filter('7a1b');
  assert.deepEqual(await recent.rows(), ['Unnamed7a1b2c3d'], 'by id');
  await recent.filter('nothing like it');
  assert.deepEqual(await recent.rows(), []);
  await panel.says('No namespace here has that name or id: add it by its id below.');
  await recent.filter('stag');
  await recent.find.press('Enter');
  await connection.namespaceSwitcher.filter({ hasText: 'staging' }).waitFor();
  assert.equal(await connection.namespace(), ns.staging);
});

test('an id used for the first time asks for a name, and a hostile name never lands', async () => {
  const panel = await openPanel(fx, { page: 'settings', ns: null });
  const { connection, recent } = panel;
  await connection.addNamespace(ns.staging, 'staging');
  await connection.namespaceSwitcher.filter({ hasText: 'staging' }).waitFor();
  assert.equal(await connection.namespaceShown(), `Namespacestaging${ns.staging.slice(0, 8)}`);
  // Markup is text; a name too long, or with a direction override, is refused in words.
  await recent.name(ns.staging, '<script>window.pwned = 1</script>');
  assert.match(await connection.namespaceShown(), /<script>window\.pwned = 1<\/script>/);
  assert.equal(await panel.page.evaluate(() => window.pwned), undefined);
  await recent.name(ns.staging, 'x'.repeat(10_000));
  await panel.says('A label is 256 bytes at most.');
  await recent.name(ns.staging, 'prod\u202Eved');
  await panel.says('A label cannot hold control or invisible characters (direction marks, zero-width spaces).');
  await recent.name(ns.staging, 'مرحلة');
  assert.equal(await connection.namespaceShown(), `Namespaceمرحلة${ns.staging.slice(0, 8)}`, 'right-to-left, the short id still after it');
  assert.deepEqual(panel.problems, []);
});

test('a mark needs a name: the switcher asks for one, and a row without one cannot be protected', async () => {
  const panel = await openPanel(fx, {
    page: 'settings',
    ns: 'prod',
    local: { 'gamecloud.v3.recent': kept(['namespace', ns.staging, '']) },
  });
  const { connection, recent } = panel;
  await recent.toggleProtection(ns.staging);
  await panel.says('Name it first: a change to a protected namespace asks to type its name.');
  await connection.protect('prod');
  assert.match(await connection.namespaceShown(), /^Namespaceprod[0-9a-f]{8}protected$/);
});

// Issue 54: a protected change asked to type a 36-character UUID.
test('a protected change asks to type the name, and typing it applies the change', async () => {
  const panel = await openPanel(fx, {
    page: 'settings',
    ns: 'prod',
    local: { 'gamecloud.v3.recent': kept(['namespace', ns.prod, 'prod']), 'gamecloud.v3.protected': ns.prod },
  });
  const { settings } = panel;
  await settings.choose('basic');
  await settings.tick(ns.prod);
  const dialog = await settings.askToApply();
  assert.match(await dialog.said(), /Protected: type prod to apply/);
  await dialog.typeNames(ns.prod);
  assert.ok(await dialog.confirmButton.isDisabled(), 'the id is not the name');
  await dialog.confirm('prod');
  await settings.summary('1 of 1 changed.');
  assert.ok(!(await new ConfirmDialog(panel.page).root.isVisible()));
});

test('names, marks and budgets go to a file and back; an import shows its changes first and never unprotects', async () => {
  const game = fx.service.gameId;
  const lead = await openPanel(fx, {
    page: 'settings',
    ns: 'prod',
    local: {
      'gamecloud.v3.recent': kept(['game', game, 'Space Miners'], ['namespace', ns.prod, 'prod'], ['namespace', ns.staging, 'staging']),
      'gamecloud.v3.protected': ns.prod,
      'gamecloud.v1.budgets': `${game} 5000000\n`,
    },
  });
  const file = await lead.recent.exportNames();
  assert.equal(file.name, 'gamecloud-names.jsonl');
  const lines = file.text.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.find((l) => l.id === ns.prod), { kind: 'namespace', id: ns.prod, label: 'prod', protected: true, budget_bytes: 0 });
  assert.equal(lines.find((l) => l.id === game).budget_bytes, 5000000);

  // A teammate who protected staging: the lead's file (staging unmarked there) never unmarks it.
  const mate = await openPanel(fx, {
    page: 'settings',
    ns: 'staging',
    local: { 'gamecloud.v3.recent': kept(['namespace', ns.staging, 'staging']), 'gamecloud.v3.protected': ns.staging },
  });
  const { recent, connection } = mate;
  await recent.importNames('not json\n{"kind":"namespace","id":42}\n');
  await mate.says('This file holds no names this panel can read');
  await recent.importNames(file.text);
  const preview = await recent.importPreview().textContent();
  assert.match(preview, /Importing changes 4 thing\(s\) here:/);
  assert.match(preview, new RegExp(`Name ${game.slice(0, 8)} “Space Miners”`));
  assert.match(preview, new RegExp(`Protect prod \\(${ns.prod.slice(0, 8)}\\)`));
  assert.match(preview, /Set the size budget of Space Miners \([0-9a-f]{8}\) to 5000000 bytes \(was none\)/);
  assert.doesNotMatch(preview, /staging|[Uu]nprotect|[Rr]emove/, 'nothing about staging, which keeps its mark');
  assert.equal(await mate.page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), ns.staging, 'nothing applied before Apply');
  await recent.applyImport();
  await mate.says('4 change(s) applied.');
  const marks = await mate.page.evaluate(() => localStorage.getItem('gamecloud.v3.protected'));
  assert.deepEqual(marks.split('\n').sort(), [ns.prod, ns.staging].sort());
  assert.match(await connection.namespaceShown(), /^Namespacestaging[0-9a-f]{8}protected$/);
  assert.deepEqual([...lead.problems, ...mate.problems], []);
});
