// The CDN auth and domain auth pages, clicked through as a person would, and
// the shell around them: deep links, the token kept only where asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixtures, openPage } from './harness.mjs';

const fx = useFixtures(['--test-hooks']);

const PROD = 'c0ffee00-1234-4abc-9def-0123456789ab';
const state = async () => (await (await fetch(`${fx.service.url}_local/state`)).json()).namespaces[PROD];
const fault = (f) => fetch(`${fx.service.url}_local/faults`, { method: 'POST', body: JSON.stringify(f) });

async function open(path) {
  const { page, problems } = await openPage(fx.browser);
  await page.goto(`${fx.service.url}#/${path}?game=${fx.service.gameId}&ns=${PROD}`);
  await page.getByLabel('Token', { exact: true }).fill(fx.service.token);
  return { page, problems };
}

test('the CDN auth type is set after a confirmation, and shown as last set here', async () => {
  const { page, problems } = await open('cdn-auth');
  assert.match(await page.locator('.gc-last-set').textContent(), /unknown/);
  await page.getByRole('radio', { name: /basic/ }).check();
  await page.getByRole('button', { name: 'Apply…' }).click();
  const dialog = page.getByRole('alertdialog');
  assert.match(await dialog.textContent(), new RegExp(`${PROD} to basic\\?`));
  assert.equal((await state()).cdn_auth_type, 'none', 'nothing is sent before the confirmation');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('CDN auth type set to basic.').waitFor();
  assert.equal(await page.locator('.gc-last-set').textContent(), 'Last set from this panel: basic.');
  assert.equal((await state()).cdn_auth_type, 'basic');
  assert.deepEqual(problems, []);
});

test('domain auth starts unknown, asks before enabling, and rolls back when the call fails', async () => {
  const { page } = await open('domain-auth');
  // Nothing set from this panel: unknown, not off, with both choices.
  const unknown = page.getByRole('group', { name: 'Domain-based authentication: unknown' });
  await unknown.waitFor();
  assert.equal(await page.getByRole('switch').count(), 0);
  await page.getByText('Not set from this panel yet: the current setting is unknown.').waitFor();
  await unknown.getByRole('button', { name: 'Enable…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Enable' }).click();
  await page.getByText('Last set from this panel: on.').waitFor();
  const toggle = page.getByRole('switch', { name: 'Domain-based authentication' });
  assert.equal(await toggle.getAttribute('aria-checked'), 'true');
  assert.equal((await state()).domain_auth_enabled, true);

  const body = JSON.stringify({ code: 'ERROR', message: 'An internal error has occurred.', ray_id: 'ray-e2e-1' });
  await fault({ route: 'domain-public-auth', status: 500, body, content_type: 'application/json', delay_ms: 400 });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-checked'), 'false', 'the switch shows the new state at once');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal(await toggle.getAttribute('aria-checked'), 'true', 'and goes back when the call fails');
  const text = await alert.textContent();
  assert.match(text, /ERROR/);
  assert.match(text, /ray-e2e-1/);
  assert.equal((await state()).domain_auth_enabled, true);

  // Retrying is safe: it repeats the intended change.
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByText('Last set from this panel: off.').waitFor();
  assert.equal((await state()).domain_auth_enabled, false);

  // Each change is in the action log, the failure with its code and ray id.
  await page.getByRole('link', { name: 'Action log' }).click();
  const log = page.getByRole('table', { name: 'Action log' });
  await log.waitFor();
  const rows = log.getByRole('row');
  assert.equal(await rows.count(), 4, 'a header and three changes');
  assert.match(await rows.nth(1).textContent(), /set-domain-auth.*disabled.*done/);
  assert.match(await rows.nth(2).textContent(), /set-domain-auth.*disabled.*failed: 500 ERROR.*ray-e2e-1/);
  assert.match(await rows.nth(3).textContent(), /set-domain-auth.*enabled.*done/);
});

test('a deep link reopens the same view; the token stays only if remembered in this tab', async () => {
  const { page } = await open('cdn-auth');
  await page.reload();
  await page.getByRole('heading', { name: 'CDN authentication' }).waitFor();
  assert.equal(await page.getByLabel('Namespace id').inputValue(), PROD);
  assert.equal(await page.getByLabel('Game id').inputValue(), fx.service.gameId);
  assert.equal(await page.getByLabel('Token', { exact: true }).inputValue(), '', 'not kept unless asked');
  assert.equal(await page.getByLabel('Token', { exact: true }).getAttribute('type'), 'password');

  await page.getByLabel('Token', { exact: true }).fill(fx.service.token);
  await page.getByLabel('Remember in this tab').check();
  await page.reload();
  await page.getByRole('heading', { name: 'CDN authentication' }).waitFor();
  assert.equal(await page.getByLabel('Token', { exact: true }).inputValue(), fx.service.token);
  const stored = await page.evaluate(() => [sessionStorage.length, localStorage.length]);
  assert.deepEqual(stored, [1, 0], 'sessionStorage only, never localStorage');
  assert.ok(!page.url().includes(fx.service.token), 'never in the URL');

  await page.getByRole('link', { name: 'Builds' }).click();
  assert.match(page.url(), /#\/builds\?game=/);
});

test('recently used ids are offered again, with a label', async () => {
  const { page } = await open('cdn-auth');
  await page.getByRole('radio', { name: /none/ }).check();
  await page.getByRole('button', { name: 'Apply…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('CDN auth type set to none.').waitFor();
  await page.getByText('Recent ids (2)').click();
  await page.getByLabel(`Label for namespace ${PROD}`).fill('Production');
  await page.getByLabel(`Label for namespace ${PROD}`).press('Enter');
  const stored = await page.evaluate(() => localStorage.getItem('gamecloud.recent'));
  assert.ok(stored.includes('Production') && !stored.includes(fx.service.token), 'ids and labels only, never the token');

  const fresh = await page.context().newPage(); // same origin storage, a new tab
  await fresh.goto(`${fx.service.url}#/cdn-auth`);
  await fresh.getByText('Recent ids (2)').click();
  assert.equal(await fresh.getByLabel('Namespace id').inputValue(), '');
  await fresh.getByRole('button', { name: `Use Production (${PROD})` }).click();
  assert.equal(await fresh.getByLabel('Namespace id').inputValue(), PROD);
  await fresh.getByRole('button', { name: `Use ${fx.service.gameId}` }).click();
  assert.equal(await fresh.getByLabel('Game id').inputValue(), fx.service.gameId);
  await fresh.close();
});

test('leaving a page cancels its call, and the log says the change may have landed', async () => {
  const { page } = await open('cdn-auth');
  await fault({ route: 'cdn-auth', delay_ms: 1500 });
  await page.getByRole('radio', { name: /basic/ }).check();
  await page.getByRole('button', { name: 'Apply…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Saving…' }).waitFor();
  await page.getByRole('link', { name: 'Action log' }).click();
  const row = page.getByRole('table', { name: 'Action log' }).getByRole('row').nth(1);
  await row.waitFor();
  assert.match(await row.textContent(), /set-cdn-auth.*basic.*unknown: the page was left before the answer/);
});
