// The elements' example host page (js/examples/) as the tests open it: a
// studio's dashboard with the three drop-in elements, served from the
// example's own folder by the local service.
import { openPage } from './harness.mjs';

/**
 * The example page, connected as its form does it (the token typed into the
 * host's own field, given to each element as a property); `events` lists the
 * elements' events as the page received them, `refused` what the policy
 * refused, `wasm` the wasm files fetched. `clock`: a time to hold the
 * page's clock at. `before(page)` runs before the page loads (a route to
 * hold the wasm, say).
 */
export async function openHost(browser, service, { scheme = 'light', width = 1280, height = 900, connect = true, clock = null, bypassCSP = false, tabStorage = {}, before = async () => {} } = {}) {
  const { page, problems } = bypassCSP ? await openPage(browser, { bypassCSP }) : await openPage(browser);
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  if (clock) await page.clock.install({ time: Date.parse(clock) });
  const wasm = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(new URL(r.url()).pathname.split('/').pop());
  });
  // What this tab's sessionStorage holds before the page's scripts run.
  await page.addInitScript((kept) => {
    for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
  }, tabStorage);
  await page.addInitScript(() => {
    window.refused = [];
    window.seen = [];
    document.addEventListener('securitypolicyviolation', (e) => window.refused.push(`${e.violatedDirective}: ${e.blockedURI}`));
    for (const type of ['gamecloud-change', 'gamecloud-error']) {
      document.addEventListener(type, (e) => {
        const d = e.detail;
        window.seen.push({
          type,
          from: e.target.localName,
          composed: e.composed,
          isGameCloudError: type === 'gamecloud-error' && d instanceof Error && d.name === 'GameCloudError',
          detail: type === 'gamecloud-error' ? { kind: d.kind, status: d.status, operation: d.operation, message: d.message } : d,
        });
      });
    }
  });
  await before(page);
  await page.goto(`${service.url}js/examples/`);
  if (connect) {
    await page.getByLabel('Game').fill(service.gameId);
    await page.getByLabel('Namespace', { exact: true }).fill(service.namespaces.staging);
    await page.getByLabel('API token').fill(service.token);
    await page.getByRole('button', { name: 'Connect' }).click();
  }
  const events = () => page.evaluate(() => window.seen);
  const refused = () => page.evaluate(() => window.refused);
  return { page, problems, events, refused, wasm };
}

/** The builds element's table, once its rows are there. */
export async function buildsShown(page) {
  await page.locator('gamecloud-builds').getByText('36 of 36 builds').waitFor({ timeout: 30_000 });
}
