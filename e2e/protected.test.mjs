// Protected namespaces, tried as a hostile teammate and an impatient user
// would (issue 30): no path changes a protected namespace, removes its
// mark or renames it without its name typed, whatever another tab does,
// however its id is spelled; presentation mode leaves no id in the
// address, the links, a download's name or an accessible name; two tabs
// never undo each other's kept state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearFaults, demoNamespaces, holdRequests, queueFault, serviceState, until, useFixtures } from './harness.mjs';
import { ConfirmDialog, openPanel } from './pages/index.mjs';

const fx = useFixtures(['--test-hooks']);
const ns = demoNamespaces(fx);

const everything = () => serviceState(fx.service);
const hits = async () => (await everything()).hits['cdn-auth'] ?? 0;

/**
 * The panel on `route` for namespace `which`, its browser already knowing
 * prod as "Production" and staging as "Staging" (and `marked` protected);
 * with `.another(route, which)`, a second tab of the same browser.
 */
async function panel(route, { which = 'prod', marked = [] } = {}) {
  const line = (id, label) => JSON.stringify({ kind: 'namespace', id, label });
  const tab = await openPanel(fx, {
    page: route,
    ns: which,
    local: {
      'gamecloud.v3.recent': `${line(ns.prod, 'Production')}\n${line(ns.staging, 'Staging')}\n`,
      'gamecloud.v3.protected': marked.map((m) => ns[m]).join('\n'),
    },
  });
  tab.another = (route, which = 'prod') => tab.openTab({ page: route, ns: which });
  return tab;
}

// Issue 30, finding 1: unticking "Protected" took one click, and another
// tab's untick emptied the guard of a confirmation open here.
test('removing a mark asks for the name; a confirmation open in another tab follows the marks', async () => {
  const a = await panel('cdn-auth', { marked: ['prod'] });
  const b = await a.another('cdn-auth');
  await b.settings.choose('basic');
  await b.settings.tick(ns.prod);
  const pending = await b.settings.askToApply();
  assert.ok(await pending.confirmButton.isDisabled(), 'protected: its name first');

  // One click asks; Cancel keeps the mark, here and as kept.
  await a.page.bringToFront();
  let dialog = await a.connection.askToUnprotect();
  assert.equal(await dialog.title(), 'Remove the protected mark?');
  assert.match(await dialog.said(), /^A change to this namespace will no longer ask for its name\.\n\nProtected: type Production to apply\.$/);
  assert.ok(await dialog.confirmButton.isDisabled());
  await dialog.cancel();
  assert.ok(await a.connection.mark.isChecked(), 'still marked');
  assert.equal(await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), ns.prod);
  dialog = await a.connection.askToUnprotect();
  await dialog.typeNames('Prod');
  assert.ok(await dialog.confirmButton.isDisabled(), 'a part of the name is not enough');
  await dialog.cancel();

  // With the name, the mark goes, and the other tab sees it go: its open
  // confirmation follows the marks (the name was typed, in this tab).
  await a.connection.unprotect('production');
  assert.equal(await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), '');
  await b.connection.unmarked();
  await pending.names.waitFor({ state: 'hidden' });
  assert.equal(await hits(), 0, 'nothing sent');
  // Marked again from this tab while the other's confirmation is open: it
  // asks for the name again before it acts.
  await a.connection.protect();
  await pending.names.waitFor();
  assert.ok(await pending.confirmButton.isDisabled(), 'a mark made elsewhere guards an open confirmation');
  await b.page.bringToFront();
  await pending.confirm('Production');
  await b.settings.summary('1 of 1 changed.');
  assert.deepEqual(a.problems, []);
});

// Issue 30, finding 2: "Retry the failed ones" skipped the guard, and a
// namespace marked after the run was confirmed was sent to without its name.
test('a namespace marked after a change was confirmed is not sent to, and a retry asks for its name', async () => {
  await clearFaults(fx.service);
  const a = await panel('cdn-auth', { which: 'staging' });
  await a.settings.choose('basic');
  // A confirmation open while another tab marks the namespace asks for its
  // name before it acts.
  const b = await a.another('domain-auth', 'staging');
  await a.page.bringToFront();
  let dialog = await a.settings.askToApply();
  assert.ok(await dialog.names.isHidden(), 'not protected yet');
  await b.connection.protect();
  await dialog.names.waitFor();
  assert.ok(await dialog.confirmButton.isDisabled());
  await dialog.cancel();
  await b.page.bringToFront();
  await b.connection.unprotect('Staging');
  await a.page.bringToFront();

  // Confirmed unprotected; while its call is on its way the other tab marks
  // it; the service then makes it wait 2 s (a 429). It is not sent again.
  const limited = JSON.stringify({ code: 'API_RATE_LIMIT', message: 'Slow down.', ray_id: 'ray-429' });
  await queueFault(fx.service, { route: 'cdn-auth', status: 429, retry_after: '2', body: limited, content_type: 'application/json' });
  const call = await holdRequests(a.page, '/cdn-auth', { count: 1 });
  await a.settings.apply();
  await call.held();
  await b.connection.protect();
  await a.connection.marked();
  await call.release();
  await until(async () => (await hits()) === 1, { what: 'the call answered 429' });
  await a.settings.summary('0 of 1 changed, 1 failed.');
  assert.match(
    (await a.settings.results())[0],
    /Staging \(.*\) was marked protected after the change was confirmed: nothing was sent to it\./,
  );
  assert.equal(await hits(), 1, 'only the call answered 429 reached the service');
  assert.equal((await everything()).namespaces[ns.staging].cdn_auth_type, 'none');

  // The retry asks for its name, and sends only once it is typed.
  await a.settings.retryButton.click();
  dialog = await new ConfirmDialog(a.page).shown();
  assert.equal(await dialog.title(), 'Set CDN auth to Basic auth?');
  assert.equal(await dialog.said(), `On 1 namespace: Staging (${ns.staging.slice(0, 8)}).\n\nProtected: type Staging to apply or to copy the commands.`);
  assert.match(await dialog.sent(), /^PUT .*\/cdn-auth\n/);
  await dialog.cancel();
  assert.equal(await hits(), 1, 'nothing sent without the name');
  await a.settings.retryButton.click();
  await dialog.confirm('staging');
  await a.settings.summary('1 of 1 changed.');
  assert.equal((await everything()).namespaces[ns.staging].cdn_auth_type, 'basic');
  assert.deepEqual(a.problems.filter((p) => !/status of 429/.test(p)), []);
});

// Issue 30, finding 3: renaming a protected namespace changed the name its
// confirmation asks for without asking for the old one; labels took format
// characters.
test('a protected namespace keeps its name until its mark is removed; a label with invisible characters is refused', async () => {
  const a = await panel('cdn-auth', { marked: ['prod'] });
  await a.recent.name(ns.prod, 'staging');
  await a.alert('A protected namespace keeps its name').waitFor();
  assert.equal(await a.recent.label(ns.prod).inputValue(), 'Production', 'the name kept is shown');
  assert.match(await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.recent')), /"label":"Production"/);
  // Renamed once its mark is removed, which asks for the old name.
  await a.connection.unprotect('Production');
  await a.recent.name(ns.prod, 'Prod EU');
  await a.page.waitForFunction(() => localStorage.getItem('gamecloud.v3.recent').includes('"label":"Prod EU"'));
  await a.connection.protect();
  // The confirmation of a change now asks for the new name.
  await a.settings.choose('basic');
  await a.settings.tick(ns.prod);
  const apply = await a.settings.askToApply();
  assert.match(await apply.said(), /Protected: type Prod EU to apply or to copy the commands\.$/);
  await apply.cancel();

  for (const hostile of ['Prod\u202EUE', '\u2066Prod\u2069', 'Pr\u200Bod', '.']) {
    await a.recent.name(ns.staging, hostile);
    await a.alert(/A label (cannot hold control or invisible|needs a letter)/).waitFor();
    assert.equal(await a.recent.label(ns.staging).inputValue(), 'Staging', `${JSON.stringify(hostile)} refused, the label kept`);
    assert.match(await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.recent')), /"label":"Staging"/);
  }
  assert.deepEqual(a.problems, []);
});

// Issue 30, finding 4: another spelling of a marked id was another id.
test('every spelling of a marked id is the marked namespace: written in its one form, and its name asked for', async () => {
  const a = await panel('cdn-auth', { which: 'staging', marked: ['prod'] });
  const bare = ns.prod.replaceAll('-', '').toUpperCase();
  await a.connection.selectNamespace(`urn:uuid:${bare}`);
  assert.equal(await a.connection.namespaceId.inputValue(), ns.prod, 'written in its one form as the field is left');
  assert.ok(await a.connection.mark.isChecked(), 'the marked namespace');
  await a.connection.selectNamespace(ns.staging);
  await a.settings.choose('basic');
  await a.settings.add(`{${ns.prod.toUpperCase()}}`);
  await a.settings.namespace(ns.prod).waitFor();
  const dialog = await a.settings.askToApply(2);
  assert.match(await dialog.said(), /Protected: type Production to apply or to copy the commands\.$/);
  assert.ok(await dialog.confirmButton.isDisabled());
  await dialog.confirm('Production');
  await a.settings.summary('2 of 2 changed.');
  assert.equal((await everything()).namespaces[ns.prod].cdn_auth_type, 'basic');
  assert.deepEqual(a.problems, []);
});

// Issue 30, finding 5: the service's `?game=<id>` link stayed in the
// address and every link; download names and accessible names held ids.
test('presentation mode leaves no id in the address, the links, a download name or an aria-label', async () => {
  // The service's own link: the game's id before the hash.
  const { page, problems, connection, header, tokens } = await openPanel(fx, { page: 'dev-token', ns: null, search: true });
  assert.equal(await connection.game(), fx.service.gameId, 'the id is taken');
  assert.equal(await page.evaluate(() => location.search), '', 'and left out of the address');
  await header.present();
  await connection.selectNamespace(ns.staging);
  await tokens.hostname.fill('10.20.30.40');
  await tokens.createButton.click();
  const region = tokens.issued();
  await region.fromEnvironment.check();
  // Both switchers opened: their recent ids drawn.
  await connection.openGame();
  await connection.closeSwitcher();
  await connection.openNamespace();
  const ids = [fx.service.gameId, ns.staging];
  const leaks = await page.evaluate((ids) => {
    const found = [];
    const holds = (text) => ids.some((id) => text && text.includes(id));
    if (holds(location.href)) found.push(`the address ${location.href}`);
    for (const a of document.querySelectorAll('a[href]')) if (holds(a.href)) found.push(`a link ${a.href}`);
    for (const el of document.querySelectorAll('[aria-label]')) if (holds(el.getAttribute('aria-label'))) found.push(`an accessible name "${el.getAttribute('aria-label')}"`);
    return found;
  }, ids);
  assert.deepEqual(leaks, []);
  await connection.closeSwitcher();
  const { name } = await region.downloadLocalEnv();
  assert.equal(name, 'gamecloud.local.env', 'saved without the namespace id');
  assert.deepEqual(problems, []);
});

// Issue 30, finding 6: each tab wrote its stale copy of the log and the
// recent ids: tab A's three entries vanished when tab B logged one.
test('two tabs keep each other\'s log entries, labels and marks', async () => {
  const a = await panel('cdn-auth', { which: 'staging' });
  const b = await a.another('cdn-auth', 'prod');
  // Three entries in tab A, one in tab B, which loaded before them. (The tab
  // in front is the one acted on: a tab behind is throttled.)
  await a.page.bringToFront();
  await a.connection.protect();
  await a.connection.unprotect('Staging');
  await a.settings.choose('none');
  await a.settings.apply();
  await a.settings.summary('1 of 1 changed.');
  await b.page.bringToFront();
  await b.recent.name(ns.prod, 'Live');
  await b.connection.protect();
  const kept = await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.log').trim().split('\n').length);
  assert.equal(kept, 4, 'every entry of both tabs is kept');
  await a.page.bringToFront();
  await a.header.goTo('Action log');
  await a.says('4 entries');
  assert.match((await a.log.rows().allTextContents()).join('\n'), new RegExp(`Mark protected.*Live ${ns.prod.slice(0, 8)}.*protected.*✓ Done`));
  // Tab B's label survives tab A's next write of the recent ids.
  await a.header.goTo('Namespace settings');
  await a.settings.choose('basic');
  await a.settings.apply();
  await a.settings.summary('1 of 1 changed.');
  const recent = await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.recent'));
  assert.match(recent, /"label":"Live"/);
  await a.recent.open();
  assert.equal(await a.recent.label(ns.prod).inputValue(), 'Live', 'and shown here');
  assert.equal(await a.page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), ns.prod);
  assert.deepEqual(a.problems, []);
});

// Issue 39, finding 3: Copy as curl worked before a protected namespace's
// name was typed, and the copied commands changed it with no name and no log.
test('a change to a protected namespace is copied as commands only once its name is typed', async () => {
  const a = await panel('cdn-auth', { which: 'staging', marked: ['prod'] });
  const sent = await hits();
  await a.page.evaluate(() => {
    navigator.clipboard.writeText = async (text) => {
      window.copied = text;
    };
  });
  await a.settings.choose('basic');
  await a.settings.tick(ns.prod);
  const dialog = await a.settings.askToApply(2);
  for (const button of [dialog.curlButton, dialog.powerShellButton]) {
    assert.ok(await button.isDisabled(), 'no command before the name is typed');
    await button.dispatchEvent('click');
  }
  assert.match(await dialog.said(), /\n\nProtected: type Production to apply or to copy the commands\.$/, 'and it says why');
  await dialog.typeNames('Prod');
  assert.ok(await dialog.curlButton.isDisabled(), 'a part of the name is not enough');
  assert.equal(await a.page.evaluate(() => window.copied), undefined, 'nothing copied');
  await dialog.typeNames('Production');
  await dialog.copyAsCurl();
  const commands = (await a.page.evaluate(() => window.copied)).split('\n').filter(Boolean);
  assert.equal(commands.length, 2, 'a command per namespace');
  assert.ok(commands.some((c) => c.includes(ns.prod)), 'the protected namespace among them');
  await dialog.cancel();

  // A mark made in another tab while a confirmation is open: copying waits
  // for the name again.
  await a.settings.untick(ns.prod);
  const open = await a.settings.askToApply();
  assert.ok(await open.curlButton.isEnabled(), 'nothing protected: copied at once');
  const b = await a.another('domain-auth', 'staging');
  await b.connection.protect();
  await a.page.bringToFront();
  await open.names.waitFor();
  assert.match(await open.said(), /Protected: type Staging to apply or to copy the commands\.$/);
  assert.ok(await open.curlButton.isDisabled());
  assert.ok(await open.powerShellButton.isDisabled());
  await open.cancel();
  assert.equal(await hits(), sent, 'nothing sent');
  assert.deepEqual(a.problems, []);
});
