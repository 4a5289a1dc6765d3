// How the panel explains failures that are not the service's error bodies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, launchBrowser, openPage } from './harness.mjs';
import { Connection } from './pages.mjs';

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

async function loadWith(baseUrl, game = service.gameId) {
  const { page } = await openPage(browser);
  await page.goto(`${service.url}#/builds?game=${game}`);
  await new Connection(page).connect({ baseUrl, token: service.token });
  await page.getByRole('button', { name: 'Load builds' }).click();
  const alert = page.getByRole('region', { name: 'Builds' }).getByRole('alert');
  await alert.waitFor();
  return { page, alert, text: await alert.textContent() };
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
  const { text, page } = await loadWith('ftp://example');
  assert.match(text, /base_url/);
  const connection = new Connection(page);
  assert.match(await connection.card.getByRole('alert').textContent(), /^The base URL .*; give one such as https:\/\/api\.example\.com/, 'the card stays open and says why');
  assert.equal(await connection.baseUrlValue(), 'ftp://example');
});
