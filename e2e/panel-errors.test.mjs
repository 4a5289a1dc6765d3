// How the panel explains failures that are not the service's error bodies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, launchBrowser } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

let service;
let strict;
let browser;

before(async () => {
  service = await startService();
  strict = await startService(['--allow-origin', 'https://nobody.example']);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await service?.stop();
  await strict?.stop();
});

/** The builds of `game` (the demo's unless given) asked of the service at `baseUrl`: the panel, and what the page says where the list would be. */
async function loadWith(baseUrl, game = service.gameId) {
  const panel = await openPanel({ browser, service }, { game, ns: null, baseUrl, submit: true });
  await panel.builds.pressLoad();
  const alert = panel.builds.section().getByRole('alert');
  await alert.waitFor();
  return { panel, alert, text: await alert.textContent() };
}

test('an unreachable service is named as such, with a retry', async () => {
  const { alert, text } = await loadWith('http://127.0.0.1:9');
  assert.match(text, /could not be reached/);
  assert.equal(await alert.getByRole('button', { name: 'Try again' }).count(), 1);
});

test('a refused origin is diagnosed as CORS, saying what to allow', async () => {
  const { text } = await loadWith(strict.url.replace(/\/$/, ''));
  assert.match(text, /refused the GET/);
  assert.match(text, new RegExp(`must allow origin ${service.url.replace(/\/$/, '').replace(/[.]/g, '\\.')}`));
});

test('an unknown game gets the service error and a hint', async () => {
  const { text } = await loadWith(service.url.replace(/\/$/, ''), '00000000-0000-4000-8000-000000000000');
  assert.match(text, /500 ERROR/);
  assert.match(text, /check the ids/);
});

test('a bad base URL is caught before sending', async () => {
  const { text, panel } = await loadWith('ftp://example');
  assert.match(text, /base_url/);
  const { connection } = panel;
  assert.match(await connection.cardAlert.textContent(), /^The base URL .*; give one such as https:\/\/api\.example\.com/, 'the card stays open and says why');
  assert.equal(await connection.baseUrlValue(), 'ftp://example');
});
