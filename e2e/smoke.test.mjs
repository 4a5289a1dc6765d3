// The pipeline end to end: the local service serves the built panel; the page
// loads cleanly, a person enters the token, and the demo builds' names appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixtures, openPage } from './harness.mjs';
import { BuildsPage, Connection } from './pages.mjs';

const fx = useFixtures([]);

test('the panel loads, takes the token and lists the demo builds', async () => {
  const { page, problems } = await openPage(fx.browser);
  await page.goto(`${fx.service.url}?game=${fx.service.gameId}`);
  const connection = new Connection(page);
  assert.equal(await connection.baseUrlValue(), fx.service.url.replace(/\/$/, ''), 'the base URL defaults to the page origin');
  assert.equal(await connection.game(), fx.service.gameId);

  await connection.enterToken(fx.service.token);
  const builds = new BuildsPage(page);
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');
  const names = await builds.column('Name');
  assert.ok(names.some((n) => n.includes('<script>alert(1)</script>')), 'HTML-like names are shown as text');
  assert.ok(names.some((n) => n.includes('サーバービルド')));
  assert.equal(await builds.table().locator('img').count(), 0, 'no markup from a name');
  assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval';/, 'the strict policy is in force');
  assert.deepEqual(problems, []);
});

test('a wrong token ends in a clear message, and the input stays', async () => {
  const { page, problems } = await openPage(fx.browser);
  await page.goto(`${fx.service.url}?game=${fx.service.gameId}`);
  const connection = new Connection(page);
  await connection.enterToken('wrong');
  await page.getByRole('button', { name: 'Load builds' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /TOKEN_INVALID/);
  assert.equal(await connection.token(), 'wrong');
  // The fx.browser logs the failed request itself; nothing else may fail.
  assert.deepEqual(problems.filter((p) => !p.includes('Failed to load resource')), []);
});
