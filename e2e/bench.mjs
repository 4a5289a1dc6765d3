// `cargo xtask bench`: time to a usable form, and time to show and to re-sort
// 10,000 and 100,000 builds, in headless Chromium against the local service.
// Each figure is the median of three runs.
import { startService, launchBrowser, openPage } from './harness.mjs';

const RUNS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await launchBrowser();
const results = [];

async function usableForm(service) {
  const { page } = await openPage(browser);
  await page.goto(`${service.url}#/builds?game=${service.gameId}`);
  await page.getByLabel('Token', { exact: true }).waitFor();
  // performance.now() counts from the start of the navigation.
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

async function builds(service, n) {
  const { page } = await openPage(browser);
  await page.goto(`${service.url}#/builds?game=${service.gameId}`);
  await page.getByLabel('Token', { exact: true }).fill(service.token);
  let t = Date.now();
  await page.getByRole('button', { name: 'Load builds' }).click();
  await page.getByText(`${n} of ${n} builds`).waitFor({ timeout: 120_000 });
  const show = Date.now() - t;
  t = Date.now();
  await page.getByRole('button', { name: 'Name' }).click();
  await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]'));
  const sort = Date.now() - t;
  t = Date.now();
  await page.getByLabel('Filter').fill('v99');
  await page.locator('.gc-count').filter({ hasNotText: `${n} of ${n}` }).waitFor();
  const filter = Date.now() - t;
  await page.close();
  return { show, sort, filter };
}

try {
  const demo = await startService();
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await usableForm(demo));
  results.push(['navigation to a usable form', `${median(times).toFixed(0)} ms`]);
  await demo.stop();
  for (const n of [10_000, 100_000]) {
    const service = await startService(['--builds', String(n)]);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await builds(service, n));
    results.push([`show ${n} builds (fetch, decode, render)`, `${median(runs.map((r) => r.show))} ms`]);
    results.push([`re-sort ${n} builds by name`, `${median(runs.map((r) => r.sort))} ms`]);
    results.push([`filter ${n} builds by a word`, `${median(runs.map((r) => r.filter))} ms`]);
    await service.stop();
  }
} finally {
  await browser.close();
}
for (const [what, value] of results) console.log(`${what.padEnd(44)} ${value.padStart(10)}`);
