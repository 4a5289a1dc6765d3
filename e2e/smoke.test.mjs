// The pipeline end to end: the local service serves the built panel; the page
// loads cleanly, a person enters the token, and the demo builds' names appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);

test('the panel loads, takes the token and lists the demo builds', async () => {
  // The service's own link: the game's id in the query, no page named.
  const panel = await openPanel(fx, { page: null, ns: null, token: null });
  const { problems, connection, builds } = panel;
  assert.equal(await connection.baseUrlValue(), fx.service.url.replace(/\/$/, ''), 'the base URL defaults to the page origin');
  assert.equal(await connection.game(), fx.service.gameId);

  await connection.enterToken(fx.service.token);
  await builds.load();
  assert.equal(await builds.count().textContent(), '36 of 36 builds');
  const names = await builds.column('Name');
  assert.ok(names.some((n) => n.includes('<script>alert(1)</script>')), 'HTML-like names are shown as text');
  assert.ok(names.some((n) => n.includes('サーバービルド')));
  assert.equal(await builds.table().locator('img').count(), 0, 'no markup from a name');
  assert.equal(await panel.inlineScripts(), 0, 'no inline script');
  const csp = await panel.declaredPolicy();
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval';/, 'the strict policy is in force');
  assert.deepEqual(problems, []);
});

test('a wrong token ends in a clear message, and the input stays', async () => {
  const panel = await openPanel(fx, { page: null, ns: null, token: 'wrong' });
  const { problems, connection } = panel;
  await panel.builds.pressLoad();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /TOKEN_INVALID/);
  assert.equal(await connection.token(), 'wrong');
  // The fx.browser logs the failed request itself; nothing else may fail.
  assert.deepEqual(problems.filter((p) => !p.includes('Failed to load resource')), []);
});
