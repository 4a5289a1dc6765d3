// The token entered to connect is decoded in the page and judged before any
// call: the wrong kind or an expired one is named, and nothing is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, issueDevToken, serviceState, useFixtures, userToken } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

const hits = async () => (await serviceState(fx.service)).hits.builds ?? 0;

/** The builds page for namespace staging with `token` entered (the page's clock installed at `clock`, if given); its `Panel`. */
function withToken(token, clock) {
  return openPanel(fx, { ns: 'staging', token, clock });
}

test('a development token is named, with what to use instead, and no call is sent', async () => {
  const token = await issueDevToken(fx.service, ns.staging);
  const panel = await withToken(token);
  const { page, tokenCheck } = panel;
  await tokenCheck.says('A development token');
  assert.match(await tokenCheck.text(), /Use a cloud token of this game, or your user token/);
  const before = await hits();
  await panel.builds.pressLoad();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /A development token/);
  assert.equal(await hits(), before, 'nothing was sent');
  assert.deepEqual(await axeViolations(page), []);
});

test('an expired token is blocked with its expiry date; a usable one is named and works', async () => {
  const panel = await withToken(userToken(1000));
  await panel.tokenCheck.says('This token expired on 1970-01-01 at 00:00 UTC');
  const before = await hits();
  await panel.builds.pressLoad();
  await panel.alert().waitFor();
  assert.equal(await hits(), before);

  // The tests' service accepts a plain string, which the panel cannot read:
  // it says so, sends it as it is, and the service decides.
  const ok = await withToken(fx.service.token);
  assert.equal(await ok.tokenCheck.text(), 'Not a token this panel can read; it will be sent as it is, and only the service can tell whether it is accepted.');
  await ok.builds.pressLoad();
  await ok.builds.counted('36 of 36 builds');
});

test('an expired token can be sent anyway, and the log says so; a development token never can', async () => {
  // Issue 16: a clock running ahead blocked every call, though the check is advisory.
  const panel = await withToken(userToken(1000));
  const { problems, connection, header, settings } = panel;
  const anyway = panel.tokenCheck.sendAnyway;
  await anyway.check();
  const before = await hits();
  await panel.builds.pressLoad();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /401/, 'the service, not the panel, answered');
  assert.equal(await hits(), before + 1, 'the call was sent');

  await header.goTo('Namespace settings');
  await settings.choose('basic');
  await settings.apply();
  await settings.summary('0 of 1 changed, 1 failed.');
  await header.goTo('Action log');
  const row = panel.log.entry(0);
  assert.match(await row.textContent(), /Set CDN auth.*✕ Failed 401 .*\(sent anyway, past the token check\)/);

  // Another token is checked again: the choice was for that token only.
  await connection.enterToken(userToken(2000));
  assert.equal(await anyway.isChecked(), false);
  assert.deepEqual(problems.filter((p) => !/status of 401/.test(p)), []);

  // A development token is never sent: there is nothing to override.
  const dev = await withToken(await issueDevToken(fx.service, ns.staging));
  await dev.tokenCheck.says('A development token');
  assert.equal(await dev.tokenCheck.sendAnyway.isVisible(), false);
});

test("a pasted token's life counts down, warns in its last day without an issue time, and turns expired live", async () => {
  const start = Date.now();
  const panel = await withToken(userToken(start + 2 * 3_600_000 + 30_000), start);
  const { page, tokenCheck } = panel;
  const timer = tokenCheck.life;
  await timer.waitFor();
  assert.match(await timer.textContent(), /^Expires in 2 h (\d+ s)?, on .* UTC\. Less than a tenth of its life is left/);
  await page.clock.runFor(3000);
  assert.match(await timer.textContent(), /^Expires in 2 h \d+ s,/);
  await page.clock.fastForward(2 * 3_600_000 + 60_000);
  await tokenCheck.says('This token expired on');
  assert.ok(await timer.isHidden(), 'the expiry is said once, by the token check');
  const before = await hits();
  await panel.builds.pressLoad();
  await panel.alert().waitFor();
  assert.equal(await hits(), before, 'nothing was sent');
  assert.deepEqual(await axeViolations(page), []);
});
