// A real bundler: Vite builds an app that imports the package; the built app
// then runs in Chromium against the local service and shows exact sizes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { startService, launchBrowser, openPage } from './harness.mjs';

const vite = new URL('../node_modules/.bin/vite', import.meta.url).pathname;
const app = new URL('./vite-app/', import.meta.url).pathname;
let service;
let browser;

after(async () => {
  await browser?.close();
  await service?.stop();
});

test('Vite builds an app importing the package, and it works in a browser', async () => {
  execFileSync(vite, ['build', '--config', `${app}vite.config.js`], { stdio: 'inherit' });
  const assets = readdirSync(`${app}dist/assets`);
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `the wasm core is emitted: ${assets}`);

  service = await startService([], { dist: `${app}dist` });
  browser = await launchBrowser();
  const { page, problems } = await openPage(browser);
  await page.goto(`${service.url}?game=${service.gameId}`);
  await page.getByLabel('Token').fill(service.token);
  await page.getByRole('button', { name: 'Load' }).click();
  await page.getByText('36 builds').waitFor();
  assert.equal(await page.getByRole('status').textContent(), '36 builds, largest 9007199254740993 bytes');
  assert.deepEqual(problems, []);

  // Offline, the failure says so rather than blaming the service.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Load' }).click();
  await page.getByText('network: offline').waitFor();
  await page.context().setOffline(false);
});
