// The CDN auth and domain auth pages, clicked through as a person would, and
// the shell around them: deep links, the token kept only where asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { axeViolations, clearFaults, demoNamespaces, holdRequests, queueFault, requestsTo, serviceState, until, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures(['--test-hooks']);
const ns = demoNamespaces(fx);

// Namespaces the service does not know: it answers 500.
const UNKNOWN = '00000000-0000-4000-8000-00000000000a';
const MORE = ['b', 'c', 'd', 'e', 'f'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
const everything = () => serviceState(fx.service);
const state = async () => (await everything()).namespaces[ns.prod];
const fault = (f) => queueFault(fx.service, f);

/** The panel on `route` (a settings page), for namespace prod, with the token; its `Panel`. */
function open(route) {
  return openPanel(fx, { page: route });
}

test('the CDN auth type is set on the selected namespace after a confirmation, and shown as last set here', async () => {
  const { problems, settings: cdn } = await open('cdn-auth');
  assert.equal(await cdn.lastSet(), 'Not set from this panel yet: the current setting is unknown.');
  await cdn.choose('basic');
  assert.ok(await cdn.namespace(ns.prod).isChecked(), 'the selected namespace is chosen');
  const dialog = await cdn.askToApply();
  assert.equal(await dialog.title(), 'Set CDN auth to Basic auth?');
  assert.equal(await dialog.question(), `On 1 namespace: ${ns.prod.slice(0, 8)}.`);
  assert.equal((await state()).cdn_auth_type, 'none', 'nothing is sent before the confirmation');
  await dialog.confirm();
  await cdn.summary('1 of 1 changed.');
  assert.deepEqual(await cdn.results(), [`${ns.prod}: Done`]);
  assert.equal(await cdn.lastSet(), 'Last set from this panel: Basic auth.');
  assert.equal((await state()).cdn_auth_type, 'basic');
  assert.deepEqual(problems, []);
});

test('one setting goes to several namespaces: one confirmation, a result each, a 429 waited out, only the failed sent again', async () => {
  const panel = await open('cdn-auth');
  const { page, problems, settings, log } = panel;
  await clearFaults(fx.service); // and the hit counts
  await settings.choose('basic');
  // An id that would change the route is refused, and stays to be corrected.
  await settings.add('..');
  await panel.says('".." is not a namespace id; ids are UUIDs.');
  assert.equal(await settings.another.inputValue(), '..');
  for (const id of [ns.staging, UNKNOWN]) await settings.addWithEnter(id);
  assert.equal(await settings.another.inputValue(), '');
  // The service asks for a 1 s pause on the first call that reaches it.
  const limited = JSON.stringify({ code: 'API_RATE_LIMIT', message: 'Slow down.', ray_id: 'ray-429' });
  await fault({ route: 'cdn-auth', status: 429, retry_after: '1', body: limited, content_type: 'application/json' });
  const dialog = await settings.askToApply(3);
  assert.equal(await dialog.question(), `On 3 namespaces: ${ns.prod.slice(0, 8)}, ${ns.staging.slice(0, 8)}, ${UNKNOWN.slice(0, 8)}.`);
  const started = Date.now();
  await dialog.confirm();
  await settings.summary('2 of 3 changed, 1 failed.');
  assert.ok(Date.now() - started >= 1000, 'the rate-limited call waited as the service asked');
  const items = settings.resultItems();
  assert.equal(await items.nth(0).textContent(), `${ns.prod}: Done`);
  assert.equal(await items.nth(1).textContent(), `${ns.staging}: Done`);
  const failed = await items.nth(2).textContent();
  assert.match(failed, new RegExp(`^${UNKNOWN}: Failed`));
  assert.match(failed, /Code\s*ERROR/, 'the failure with its code');
  assert.match(failed, /Ray id/);
  const after = await everything();
  assert.equal(after.namespaces[ns.prod].cdn_auth_type, 'basic');
  assert.equal(after.namespaces[ns.staging].cdn_auth_type, 'basic');
  assert.equal(after.hits['cdn-auth'], 4, 'three namespaces, one of them twice after its 429');
  // Each namespace now says what this panel set on it; the failed one does not.
  await settings.namespace(`${ns.staging} (last set here: basic)`).waitFor();
  assert.equal(await settings.namespacesNamed(UNKNOWN).count(), 1);

  // Only what failed is sent again: one call, counted as the page starts it.
  const sent = requestsTo(page, '/cdn-auth');
  await settings.retryButton.click();
  await until(async () => (await everything()).hits['cdn-auth'] === 5, { what: 'the retried call at the service' });
  await settings.summary('2 of 3 changed, 1 failed.');
  await settings.retryButton.waitFor();
  assert.equal(sent(), 1, 'the namespaces done are never sent again');
  assert.equal((await everything()).hits['cdn-auth'], 5);

  // Each namespace's change is in the log, with its outcome.
  await panel.header.goTo('Action log');
  const rows = log.rows();
  await rows.first().waitFor();
  assert.equal(await log.rowCount(), 1 + 5, 'a header, the 429, the two done and the unknown one twice');
  const text = (await rows.allTextContents()).join('\n');
  assert.match(text, new RegExp(`Set CDN auth.*${ns.staging.slice(0, 8)}.*basic.*✓ Done`));
  assert.match(text, new RegExp(`Set CDN auth.*${UNKNOWN.slice(0, 8)}.*basic.*✕ Failed 500 ERROR`));
  assert.deepEqual(problems.filter((p) => !/status of (429|500)/.test(p)), []);
});

test('cancel stops what has not started and says what was and was not changed', async () => {
  const { page, settings } = await open('cdn-auth');
  await settings.choose('none');
  for (const id of [ns.staging, ...MORE]) await settings.add(id);
  await settings.untick(ns.prod);
  // The first three calls (three run at once) are held on their way until
  // Cancel is pressed; let go together, the service takes 0.8 s over each, so
  // that it answers the three at once.
  const calls = await holdRequests(page, '/cdn-auth');
  await fault({ route: 'cdn-auth', delay_ms: 800, times: 3 });
  await settings.apply(6);
  await calls.held(3);
  await settings.cancelTheRest();
  await calls.release();
  await settings.summary('1 of 6 changed, 2 failed, 3 not sent (cancelled).');
  const items = await settings.results();
  assert.equal(items[0], `${ns.staging}: Done`, 'a call already sent finishes');
  assert.deepEqual(items.slice(3), MORE.slice(2).map((id) => `${id}: Not sent: cancelled`));
  assert.equal((await everything()).namespaces[ns.staging].cdn_auth_type, 'none');
  await settings.retryButton.waitFor();
  // The service counted the calls it answered at once: never more than three.
  assert.equal((await everything()).max_in_flight['cdn-auth'], 3);
  // Retry sends the failed and the not sent, still three at a time.
  await fault({ route: 'cdn-auth', delay_ms: 300, times: 5 });
  await settings.retryButton.click();
  await settings.summary(/^1 of 6 changed, 5 failed\.$/);
  assert.equal((await everything()).max_in_flight['cdn-auth'], 3);
});

// Issue 38: domain auth had its own confirm, send, retry and guard beside
// the shared change; it is a run of that one change now.
test('domain auth starts unknown, is set through the one change of every setting, and only what failed is sent again', async () => {
  const { domain, header, log } = await open('domain-auth');
  // Nothing set from this panel: unknown, not off.
  await domain.showsLastSet(null);
  let dialog = await domain.askToEnable();
  assert.equal(await dialog.title(), 'Turn domain auth on?');
  assert.equal(await dialog.question(), `On 1 namespace: ${ns.prod.slice(0, 8)}.`);
  assert.match(await dialog.sent(), /^PUT .*\/domain-public-auth\n\{"enabled":true\}\nLast set here from this panel: unknown$/);
  await dialog.confirm();
  await domain.summary('1 of 1 changed.');
  await domain.showsLastSet('enabled');
  assert.equal((await state()).domain_auth_enabled, true);

  const body = JSON.stringify({ code: 'ERROR', message: 'An internal error has occurred.', ray_id: 'ray-e2e-1' });
  await fault({ route: 'domain-public-auth', status: 500, body, content_type: 'application/json' });
  // Disabling is confirmed too, with the request it sends.
  await domain.choose('disabled');
  dialog = await domain.askToApply();
  assert.equal(await dialog.title(), 'Turn domain auth off?');
  assert.equal(
    await dialog.sent(),
    `PUT ${fx.service.url}cloud/games/${fx.service.gameId}/namespaces/${ns.prod}/domain-public-auth\n{"enabled":false}\nLast set here from this panel: enabled`,
  );
  await dialog.confirm();
  await domain.summary('0 of 1 changed, 1 failed.');
  const [failed] = await domain.results();
  assert.match(failed, /ERROR/);
  assert.match(failed, /ray-e2e-1/);
  await domain.showsLastSet('enabled');
  assert.equal((await state()).domain_auth_enabled, true, 'the failed call changed nothing');

  // A retry sends the failed one again, with the value it was confirmed for.
  await domain.choose('enabled');
  await domain.retryButton.click();
  await domain.summary('1 of 1 changed.');
  await domain.showsLastSet('disabled');
  assert.equal((await state()).domain_auth_enabled, false);

  // Each change is in the action log, the failure with its code and ray id.
  await header.goTo('Action log');
  await log.shown();
  assert.equal(await log.rowCount(), 4, 'a header and three changes');
  assert.match(await log.entry(0).textContent(), /Set domain auth.*disabled.*✓ Done/);
  assert.match(await log.entry(1).textContent(), /Set domain auth.*disabled.*✕ Failed 500 ERROR.*ray-e2e-1/);
  assert.match(await log.entry(2).textContent(), /Set domain auth.*enabled.*✓ Done/);
});

test('domain auth goes to several namespaces from the same page, and each one is then known', async () => {
  const { problems, domain, settings: cdn } = await open('domain-auth');
  await domain.choose('disabled');
  await domain.add(ns.staging);
  const dialog = await domain.askToApply(2);
  assert.equal(await dialog.question(), `On 2 namespaces: ${ns.prod.slice(0, 8)}, ${ns.staging.slice(0, 8)}.`);
  await dialog.confirm();
  await domain.summary('2 of 2 changed.');
  const after = await everything();
  assert.equal(after.namespaces[ns.prod].domain_auth_enabled, false);
  assert.equal(after.namespaces[ns.staging].domain_auth_enabled, false);
  // The selected namespace now says what was set.
  await domain.showsLastSet('disabled');
  // The namespaces changed are offered again to the other setting, unticked.
  await cdn.showOthers();
  const offered = cdn.namespace(ns.staging);
  await offered.waitFor();
  assert.equal(await offered.isChecked(), false);
  assert.deepEqual(problems, []);
});

test('a deep link reopens the same view; the token stays only if remembered in this tab', async () => {
  const panel = await open('cdn-auth');
  const { page, connection } = panel;
  await page.reload();
  await panel.shows('CDN authentication');
  assert.equal(await connection.namespace(), ns.prod);
  assert.equal(await connection.game(), fx.service.gameId);
  assert.equal(await connection.token(), '', 'not kept unless asked');
  assert.equal(await connection.tokenField.getAttribute('type'), 'password');

  await connection.enterToken(fx.service.token);
  await connection.remember.check();
  await page.reload();
  await panel.shows('CDN authentication');
  assert.equal(await connection.token(), fx.service.token);
  const stored = await page.evaluate(() => [sessionStorage.length, localStorage.length]);
  assert.deepEqual(stored, [1, 0], 'sessionStorage only, never localStorage');
  assert.ok(!page.url().includes(fx.service.token), 'never in the URL');

  // Unticked, the tab forgets it.
  await connection.remember.uncheck();
  await page.reload();
  await panel.shows('CDN authentication');
  assert.equal(await connection.token(), '');
  assert.ok(!(await connection.remember.isChecked()));
  assert.ok(!(await page.evaluate(() => Object.values(sessionStorage).join('\n'))).includes(fx.service.token), 'gone from the tab');

  // A token the first version remembered (an older build in this tab) is
  // read once and kept under the new key, whatever the new key held.
  await page.evaluate((token) => sessionStorage.setItem('gamecloud.token', token), fx.service.token);
  await page.reload();
  await panel.shows('CDN authentication');
  assert.equal(await connection.token(), fx.service.token);
  assert.ok(await connection.remember.isChecked());
  assert.deepEqual(
    await page.evaluate(() => [sessionStorage.getItem('gamecloud.token'), sessionStorage.getItem('gamecloud.v2.token')]),
    [null, fx.service.token],
  );

  await panel.header.goTo('Builds');
  assert.match(page.url(), /#\/builds\?game=/);
});

test('Back and Forward move between the pages visited, each with its ids', async () => {
  // Issue 18: a page link set the page before it followed, so the URL was
  // replaced and no history entry was made: Back left the panel.
  const panel = await open('builds');
  const { page, connection } = panel;
  const visit = async (link, heading) => {
    await panel.header.goTo(link);
    await panel.shows(heading);
  };
  await visit('Development token', 'Development token');
  await visit('Namespace settings', 'Namespace settings');
  await visit('Action log', 'Action log');
  await page.goBack();
  await panel.shows('Namespace settings');
  assert.equal(await connection.namespace(), ns.prod);
  await page.goBack();
  await panel.shows('Development token');
  await page.goForward();
  await panel.shows('Namespace settings');
  assert.match(page.url(), /#\/settings\?game=/);
});

test('recently used ids are offered again, with a label', async () => {
  const panel = await open('cdn-auth');
  const { page, settings } = panel;
  await settings.choose('none');
  await settings.apply();
  await settings.summary('1 of 1 changed.');
  await panel.recent.name(ns.prod, 'Production');
  const stored = await page.evaluate(() => localStorage.getItem('gamecloud.v3.recent'));
  assert.ok(stored.includes('Production') && !stored.includes(fx.service.token), 'ids and labels only, never the token');

  // A new tab, no id in its address: each switcher offers the ids used.
  const fresh = await panel.openTab({ page: 'cdn-auth', game: null, ns: null, token: null }); // same origin storage, a new tab
  const there = fresh.connection;
  assert.match(await there.namespaceSwitcher.textContent(), /Choose a namespace/);
  await there.openNamespace();
  assert.equal(await there.namespaceId.inputValue(), '');
  const production = fresh.recent.useButton('Production');
  assert.equal(await production.getAttribute('aria-current'), 'false');
  await there.namespaceId.fill(ns.prod);
  await fresh.recent.chosen('Production', { timeout: 5000 }); // marked as the one chosen as the id is typed
  await there.namespaceId.fill('');
  await production.click();
  assert.match(await there.namespaceSwitcher.textContent(), /Production/, 'the bar names it by its label');
  assert.equal(await there.namespace(), ns.prod);
  await there.openGame();
  await fresh.recent.use(fx.service.gameId);
  assert.equal(await there.game(), fx.service.gameId);
  await fresh.page.close();
});

test('leaving a page cancels its call, and the log says the change may have landed', async () => {
  const { page, settings, header, log } = await open('cdn-auth');
  // The call is held on its way: the page is left before any answer.
  const call = await holdRequests(page, '/cdn-auth', { count: 1 });
  await settings.choose('basic');
  await settings.apply();
  await call.held();
  await settings.sending(ns.prod);
  await header.goTo('Action log');
  const row = log.entry(0);
  await row.waitFor();
  assert.match(await row.textContent(), /Set CDN auth.*basic.*\? Unknown the page was left before the answer/);
  await call.release();
});

test('Apply clicked while a retry runs starts nothing; the panel still navigates and sends', async () => {
  // Issue 16: the confirmation was not modal; its Apply during "Retry the failed
  // ones" replaced the plan under running calls, the wasm trapped and the panel
  // no longer navigated or sent until reloaded.
  const { page, problems, settings, header, builds } = await open('cdn-auth');
  await clearFaults(fx.service);
  await settings.choose('basic');
  await settings.add(ns.staging);
  const body = JSON.stringify({ code: 'ERROR', message: 'An internal error has occurred.', ray_id: 'ray-race' });
  await fault({ route: 'cdn-auth', status: 500, body, content_type: 'application/json' });
  await settings.apply(2);
  await settings.summary('1 of 2 changed, 1 failed.');
  const sent = requestsTo(page, '/cdn-auth');

  // The retry's call is held on its way; the confirmation opens over the page, modal.
  const retried = await holdRequests(page, '/cdn-auth', { count: 1 });
  const dialog = await settings.askToApply(2);
  const retry = settings.retryButtonBehind;
  await assert.rejects(retry.click({ timeout: 300 }), 'nothing behind the dialog can be clicked');
  // The race, replayed in code: the retry starts behind the dialog, then its Apply.
  await retry.evaluate((button) => button.click());
  await retried.held();
  await settings.sending();
  await dialog.confirm();
  await retried.release();
  await settings.summary('2 of 2 changed.');
  assert.equal(sent(), 1, 'the one retried: the Apply started nothing');
  assert.equal((await everything()).hits['cdn-auth'], 3, 'two, then the one retried');
  assert.ok((await everything()).max_in_flight['cdn-auth'] <= 3);

  // Escape closes the dialog without sending (another value: the one
  // just set is set, and its button waits for a change).
  assert.ok(await settings.anyApplyButton.isDisabled(), 'basic is set on both: nothing to apply');
  await settings.choose('none');
  const escaped = await settings.askToApply(2);
  await page.keyboard.press('Escape');
  await escaped.closed();
  assert.equal((await everything()).hits['cdn-auth'], 3);

  // The panel still navigates and sends.
  await header.goTo('Builds');
  await builds.load();
  assert.match(await builds.count().textContent(), /of 36 builds$/);
  await header.goTo('Namespace settings');
  await settings.choose('none');
  const once = await settings.askToApply();
  // A double click on Apply sends once.
  await once.confirmButton.evaluate((apply) => {
    apply.click();
    apply.click();
  });
  await settings.summary('1 of 1 changed.');
  assert.equal(sent(), 2, 'a double click on Apply sends once');
  assert.equal((await everything()).hits['cdn-auth'], 4);
  assert.deepEqual(problems.filter((p) => !/status of 500/.test(p)), []);
});

test('kept entries that do not read are dropped with a note, the rest stay, and the first version\'s are carried over', async () => {
  // Issue 17: one damaged entry emptied the whole log; each store had its own format.
  const entry = { at_ms: 1767225600000, operation: 'set-cdn-auth', game_id: 'g', namespace_id: ns.staging, value: 'basic', outcome: 'done' };
  const panel = await openPanel(fx, {
    page: 'log',
    ns: null,
    token: null,
    local: {
      'gamecloud.v3.log': `${JSON.stringify(entry)}\n{"at_ms":"x"}\n`,
      'gamecloud.v3.recent': `${JSON.stringify({ kind: 'namespace', id: ns.staging, label: 'Staging' })}\n{"kind":"planet","id":"x"}\nnot json\n`,
    },
  });
  const { page, problems, log, recent } = panel;
  await panel.says('1 entry 1 kept log entry could not be read (damaged, or written by another version) and was dropped.');
  assert.match(await log.entry(0).textContent(), new RegExp(`Set CDN auth.*${ns.staging.slice(0, 8)}.*basic.*✓ Done`));
  await recent.open();
  await panel.says('2 kept recent ids could not be read (damaged, or written by another version) and were dropped.');
  await recent.useButton('Staging').waitFor();
  // What was read is kept again, clean: a reload has nothing more to drop.
  await page.reload();
  await panel.says('1 entry');
  assert.equal(await panel.text(/could not be read/).count(), 0);

  // The first version's keys (a JSON array, tab-separated lines) are read once and removed.
  const first = { at_ms: 1767225600000, operation: 'set-domain-auth', game_id: 'g', namespace_id: ns.prod, value: 'enabled', outcome: 'done' };
  const old = await openPanel(fx, {
    page: 'log',
    game: null,
    ns: null,
    token: null,
    local: { 'gamecloud.log': JSON.stringify([first]), 'gamecloud.recent': `namespace\t${ns.prod}\tProduction\n` },
  });
  await old.says('1 entry');
  assert.match(await old.log.entry(0).textContent(), /Set domain auth.*enabled/);
  await old.recent.open();
  await old.recent.useButton('Production').waitFor();
  const keys = await old.page.evaluate(() => Object.keys(localStorage).sort());
  assert.deepEqual(keys, ['gamecloud.v3.log', 'gamecloud.v3.recent']);
  assert.deepEqual([...problems, ...old.problems], []);
});

test('a change shows the exact request for each namespace before it is sent, copies it for sh, fish and PowerShell without the token, and the log keeps it', async () => {
  const { page, problems, settings, header, log } = await open('cdn-auth');
  await page.evaluate(() => {
    navigator.clipboard.writeText = async (text) => {
      window.copied = text;
    };
  });
  // Both start from a value this page set (earlier tests share the service).
  await settings.add(ns.staging);
  await settings.choose('none');
  await settings.apply(2);
  await settings.summary('2 of 2 changed.');
  await settings.choose('basic');
  const dialog = await settings.askToApply(2);
  const url = (id) => `${fx.service.url}cloud/games/${fx.service.gameId}/namespaces/${id}/cdn-auth`;
  assert.equal(
    await dialog.sent(),
    `PUT ${url(ns.prod)}\n{"auth_type":"basic"}\nLast set here from this panel: none\n\n` +
      `PUT ${url(ns.staging)}\n{"auth_type":"basic"}\nLast set here from this panel: none`,
  );
  // Issue 39: the commands are for sh and fish, and the button says so.
  assert.equal(await dialog.curlButton.textContent(), 'Copy as curl (bash, zsh, fish)');
  await dialog.copyAsCurl();
  const curl = await page.evaluate(() => window.copied);
  assert.ok(!curl.includes(fx.service.token), 'the token is never copied');
  assert.equal(curl.split('\n').filter(Boolean).length, 2, 'a command per namespace');
  await dialog.cancel();
  assert.equal((await everything()).namespaces[ns.staging].cdn_auth_type, 'none', 'nothing sent');

  // The commands, run by a shell with the token in the variable, make the
  // very change the panel would have made.
  execFileSync('sh', ['-c', curl], { env: { PATH: process.env.PATH, GAMECLOUD_API_TOKEN: fx.service.token }, stdio: 'pipe' });
  assert.equal((await everything()).namespaces[ns.prod].cdn_auth_type, 'basic');
  assert.equal((await everything()).namespaces[ns.staging].cdn_auth_type, 'basic');
  // Without the token the service refuses them: the command carries none.
  // (None is what this panel set last: the service holds basic since the
  // commands ran, which no call can read, so it is set again.)
  await settings.choose('none');
  assert.ok(await settings.anyApplyButton.isDisabled(), 'as far as the panel knows, nothing changes');
  const second = await settings.askToSetAgain();
  await second.copyAsCurl();
  const again = await page.evaluate(() => window.copied);
  for (const shell of ['sh', 'fish']) {
    const refused = execFileSync(shell, ['-c', again.split('\n')[0] + " -s -o /dev/null -w '%{http_code}'"], { env: { PATH: process.env.PATH } }).toString();
    assert.equal(refused, '401', shell);
  }
  // Run by fish with the token, they make the change too.
  execFileSync('fish', ['-c', again], { env: { PATH: process.env.PATH, GAMECLOUD_API_TOKEN: fx.service.token }, stdio: 'pipe' });
  assert.equal((await everything()).namespaces[ns.prod].cdn_auth_type, 'none');
  assert.equal((await everything()).namespaces[ns.staging].cdn_auth_type, 'none');
  // Beside them, the same for PowerShell: curl.exe, the token from its
  // environment, the body piped in (no PowerShell here: tests/api.rs reads
  // the quoting as PowerShell 5.1 and 7 do).
  await second.copyForPowerShell();
  const powershell = (id) =>
    `'{"auth_type":"none"}' | curl.exe --globoff -X PUT '${url(id)}' -H "Authorization: Bearer $env:GAMECLOUD_API_TOKEN" ` +
    `-H 'Content-Type: application/json' --data '@-'\n`;
  assert.equal(await page.evaluate(() => window.copied), powershell(ns.prod) + powershell(ns.staging));
  await second.confirm();
  await settings.summary('2 of 2 changed.');

  // The log keeps each request as it was shown.
  await header.goTo('Action log');
  await log.entry(0).waitFor();
  const requests = await log.requests();
  assert.deepEqual(requests.slice(0, 2).sort(), [ns.prod, ns.staging].map((id) => `PUT ${url(id)}\n{"auth_type":"none"}`).sort());
  assert.deepEqual(problems, []);
});

test('a protected namespace is marked, badged, left out unless ticked, and changed only once its name is typed', async () => {
  const panel = await open('cdn-auth');
  const { page, problems, settings, connection, header } = panel;
  await settings.choose('none');
  await settings.apply();
  await settings.summary('1 of 1 changed.');
  await panel.recent.name(ns.prod, 'Production');
  // Its name says production: the panel suggests the mark.
  const suggestion = panel.text('Its name says production: mark it protected?');
  await suggestion.waitFor();
  await connection.protect();
  await suggestion.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), ns.prod);

  // Badged with a word wherever it is named, and no longer chosen by default.
  const prod = settings.namespace(ns.prod);
  // The badge: the id's text, with the word after it.
  await settings.showOthers();
  const badge = settings.badge(ns.prod);
  assert.equal(await badge.textContent(), ns.prod);
  assert.equal(await badge.evaluate((e) => getComputedStyle(e, '::after').content), '"protected"', 'a word, not colour alone');
  assert.equal(await prod.isChecked(), false);
  assert.ok(await settings.anyApplyButton.isDisabled(), 'nothing chosen');

  // A change to several leaves it out, and says so.
  await settings.add(ns.staging);
  await settings.choose('basic');
  let dialog = await settings.askToApply(1);
  const text = await dialog.said();
  assert.equal(text, `On 1 namespace: ${ns.staging.slice(0, 8)}. Left out, protected and not ticked: Production (${ns.prod.slice(0, 8)}).`);
  assert.ok(await dialog.names.isHidden(), 'nothing to type without a protected namespace');
  await dialog.cancel();

  // Ticked, it is in; Apply works only once its name is typed.
  await prod.check();
  dialog = await settings.askToApply(2);
  assert.match(await dialog.said(), /\n\nProtected: type Production to apply or to copy the commands\.$/);
  assert.ok(await dialog.confirmButton.isDisabled());
  await dialog.typeNames('Prod');
  assert.ok(await dialog.confirmButton.isDisabled(), 'a part of the name is not enough');
  assert.deepEqual(await axeViolations(page), []);
  // Cancel, then the button that acts, on the right: red, as a protected
  // namespace is involved.
  await dialog.typeNames('Production');
  assert.deepEqual(await dialog.buttons(), ['Cancel', 'Set CDN auth']);
  const red = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('i'));
    probe.style.color = 'var(--gc-danger)';
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  assert.equal(await dialog.confirmButton.evaluate((b) => getComputedStyle(b).backgroundColor), red);
  await dialog.confirm(' production ');
  await settings.summary('2 of 2 changed.');
  assert.equal((await state()).cdn_auth_type, 'basic');

  // The badge keeps its word in presentation mode.
  await header.present();
  assert.equal(await badge.evaluate((e) => getComputedStyle(e, '::after').webkitTextFillColor), 'rgb(255, 255, 255)');
  await header.stopPresenting();

  // Kept in the browser: another tab has it, and domain auth asks for the name too.
  const other = await panel.openTab({ page: 'domain-auth', token: null });
  const there = other.connection;
  assert.ok(await there.isMarked());
  await there.enterToken(fx.service.token);
  const { domain } = other;
  // Protected, the selected namespace is changed only once ticked.
  await domain.choose('enabled');
  assert.ok(await domain.applyButton(0).isDisabled(), 'left out until ticked');
  await domain.tick(ns.prod);
  const second = await domain.askToApply();
  assert.ok(await second.confirmButton.isDisabled());
  await second.confirm('production');
  await domain.showsLastSet('enabled');

  // A token for it is made only once its name is typed too.
  await other.header.goTo('Development token');
  const { tokens } = other;
  await tokens.hostname.fill('10.0.0.7');
  const third = await tokens.askToCreate();
  assert.ok(await third.confirmButton.isDisabled());
  await third.confirm('Production');
  await tokens.issued().shown();

  // Unmarked in the other tab, it is unmarked here at once (and the other
  // way round), and neither tab's change undoes the other's.
  await there.unprotect('Production');
  await header.goTo('Namespace settings');
  await settings.namespace(ns.prod).waitFor({ state: 'attached' });
  await connection.unmarked();
  assert.equal(await badge.evaluate((e) => getComputedStyle(e, '::after').content), 'none', 'no badge once unmarked elsewhere');
  await connection.protect();
  await there.marked();
  assert.equal(await page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), ns.prod);
  await other.page.close();

  // Each mark is in the action log, the namespace badged there too.
  await header.goTo('Action log');
  const marked = panel.log.entriesWith('Mark protected');
  await marked.first().waitFor();
  assert.match(await marked.last().textContent(), /Mark protected.*Production.*protected.*✓ Done/);
  const inLog = marked.first().getByText(ns.prod.slice(0, 8), { exact: true });
  assert.equal(await inLog.evaluate((e) => getComputedStyle(e, '::after').content), '"protected"', 'badged in the log');
  await header.goTo('Namespace settings');
  await connection.unprotect('Production');
  assert.equal(await page.evaluate(() => localStorage.getItem('gamecloud.v3.protected')), '');
  assert.deepEqual(problems, []);
});

test('both settings are rows of one Namespace settings page, which the two former pages\' addresses open', async () => {
  for (const old of ['cdn-auth', 'domain-auth']) {
    const panel = await open(old);
    await panel.shows('Namespace settings', { level: 1 });
    assert.equal(await panel.header.link('Namespace settings').getAttribute('aria-current'), 'page');
    for (const setting of [panel.settings, panel.domain]) {
      // Its title and a line, what this panel last set, the choice and Apply.
      assert.equal(await setting.lastSet(), 'Not set from this panel yet: the current setting is unknown.');
      await setting.applyButton().waitFor();
      // The namespaces it goes to, and a field for another, folded under
      // "Apply to other namespaces".
      assert.ok(await setting.namespace(ns.prod).isChecked(), 'the selected one');
      await setting.showOthers();
      await setting.another.waitFor();
    }
    assert.deepEqual(panel.problems, []);
  }
});

test('a confirmation says its change in words, the request folded under "Show request"', async () => {
  const { problems, domain } = await open('settings');
  await domain.choose('disabled');
  const dialog = await domain.askToApply();
  assert.equal(await dialog.title(), 'Turn domain auth off?');
  assert.equal(await dialog.said(), `On 1 namespace: ${ns.prod.slice(0, 8)}.`);
  const request = dialog.request;
  assert.ok(await request.isHidden(), 'the request folded');
  assert.ok(await dialog.curlButton.isHidden(), 'and its commands');
  await dialog.showRequest();
  assert.ok(await request.isVisible());
  assert.match(await dialog.sent(), new RegExp(`^PUT .*/namespaces/${ns.prod}/domain-public-auth\n\\{"enabled":false\\}\nLast set here from this panel: unknown$`));
  assert.deepEqual(await dialog.buttons(), ['Cancel', 'Set domain auth']);
  await dialog.cancel();
  assert.deepEqual(problems, []);
});

