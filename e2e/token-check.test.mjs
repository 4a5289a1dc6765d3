// The token entered to connect is decoded in the page and judged before any
// call: the wrong kind or an expired one is named, and nothing is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, issueDevToken, openPage, openPanel, serviceState, useFixtures } from './harness.mjs';
import { Connection, SettingsPage } from './pages.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

const hits = async () => (await serviceState(fx.service)).hits.builds ?? 0;

/** The builds page for namespace staging with `token` entered; and its connection form. */
async function withToken(token) {
  const { page, problems } = await openPanel(fx, 'builds', { ns: 'staging', token });
  return { page, problems, connection: new Connection(page) };
}

/** A token whose claims are a user entitlement expiring at `expMs`. */
function userToken(expMs) {
  const varint = (n) => {
    const out = [];
    for (n = BigInt(n); n >= 0x80n; n >>= 7n) out.push(Number(n & 0x7fn) | 0x80);
    out.push(Number(n));
    return out;
  };
  const claims = Buffer.from([0x08, ...varint(expMs), 0x22, 0x02, 0x12, 0x00]);
  const b64 = (b) => Buffer.from(b).toString('base64url');
  return `user.${b64('{"typ":"JWT","alg":"EdDSA"}')}.${b64(claims)}.${b64(new Uint8Array(64))}`;
}

test('a development token is named, with what to use instead, and no call is sent', async () => {
  const token = await issueDevToken(fx.service, ns.staging);
  const { page, connection } = await withToken(token);
  const kind = connection.tokenCheck;
  await kind.filter({ hasText: 'A development token' }).waitFor();
  assert.match(await kind.textContent(), /Use a cloud token of this game, or your user token/);
  const before = await hits();
  await page.getByRole('button', { name: 'Load builds' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /A development token/);
  assert.equal(await hits(), before, 'nothing was sent');
  assert.deepEqual(await axeViolations(page), []);
});

test('an expired token is blocked with its expiry date; a usable one is named and works', async () => {
  const { page, connection } = await withToken(userToken(1000));
  await connection.tokenCheck.filter({ hasText: 'This token expired on 1970-01-01 at 00:00 UTC' }).waitFor();
  const before = await hits();
  await page.getByRole('button', { name: 'Load builds' }).click();
  await page.getByRole('alert').waitFor();
  assert.equal(await hits(), before);

  // The tests' service accepts a plain string, which the panel cannot read:
  // it says so, sends it as it is, and the service decides.
  const ok = await withToken(fx.service.token);
  assert.equal(await ok.connection.tokenCheck.textContent(), 'Not a token this panel can read; it will be sent as it is, and only the service can tell whether it is accepted.');
  await ok.page.getByRole('button', { name: 'Load builds' }).click();
  await ok.page.getByText('36 of 36 builds').waitFor();
});

test('an expired token can be sent anyway, and the log says so; a development token never can', async () => {
  // Issue 16: a clock running ahead blocked every call, though the check is advisory.
  const { page, problems, connection } = await withToken(userToken(1000));
  const anyway = connection.sendAnyway;
  await anyway.check();
  const before = await hits();
  await page.getByRole('button', { name: 'Load builds' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /401/, 'the service, not the panel, answered');
  assert.equal(await hits(), before + 1, 'the call was sent');

  await page.getByRole('link', { name: 'Namespace settings' }).click();
  const settings = new SettingsPage(page);
  await settings.choose('basic');
  await settings.apply();
  await settings.summary('0 of 1 changed, 1 failed.');
  await page.getByRole('link', { name: 'Action log' }).click();
  const row = page.getByRole('table', { name: 'Action log' }).getByRole('row').nth(1);
  assert.match(await row.textContent(), /set-cdn-auth.*failed: 401 .*\(sent anyway, past the token check\)/);

  // Another token is checked again: the choice was for that token only.
  await connection.enterToken(userToken(2000));
  assert.equal(await anyway.isChecked(), false);
  assert.deepEqual(problems.filter((p) => !/status of 401/.test(p)), []);

  // A development token is never sent: there is nothing to override.
  const dev = await withToken(await issueDevToken(fx.service, ns.staging));
  await dev.connection.tokenCheck.filter({ hasText: 'A development token' }).waitFor();
  assert.equal(await dev.connection.sendAnyway.isVisible(), false);
});

test("a pasted token's life counts down, warns in its last day without an issue time, and turns expired live", async () => {
  const { page } = await openPage(fx.browser);
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto(`${fx.service.url}#/builds?game=${fx.service.gameId}&ns=${ns.staging}`);
  const connection = new Connection(page);
  await connection.enterToken(userToken(start + 2 * 3_600_000 + 30_000));
  const timer = connection.tokenLife;
  await timer.waitFor();
  assert.match(await timer.textContent(), /^Expires in 2 h (\d+ s)?, on .* UTC\. Less than a tenth of its life is left/);
  await page.clock.runFor(3000);
  assert.match(await timer.textContent(), /^Expires in 2 h \d+ s,/);
  await page.clock.fastForward(2 * 3_600_000 + 60_000);
  await connection.tokenCheck.filter({ hasText: 'This token expired on' }).waitFor();
  assert.ok(await timer.isHidden(), 'the expiry is said once, by the token check');
  const before = await hits();
  await page.getByRole('button', { name: 'Load builds' }).click();
  await page.getByRole('alert').waitFor();
  assert.equal(await hits(), before, 'nothing was sent');
  assert.deepEqual(await axeViolations(page), []);
});
