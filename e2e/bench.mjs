// `cargo xtask bench`: time to a usable form, and for 10,000 and 100,000
// builds the time to show them, to re-sort by each column and to filter by a
// word, in headless Chromium against the local service. Every time is taken
// inside the page with performance.now(), from the action to the first frame
// painted after the DOM shows its result (not through the driver's round
// trip). Showing is compared with a floor measured in the same page: the
// browser's own fetch + JSON.parse of the same list. Medians of RUNS runs.
import { startService, launchBrowser, openPage } from './harness.mjs';

const RUNS = 3;
const SHOW_RATIO = 1.5;
const INTERACTION_MS = 50;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await launchBrowser();
const rows = [];
let met = true;

async function usableForm(service) {
  const { page } = await openPage(browser);
  await page.goto(`${service.url}#/builds?game=${service.gameId}`);
  await page.getByLabel('Token', { exact: true }).waitFor();
  // performance.now() counts from the start of the navigation.
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

// In the page: runs `act`, then resolves with the milliseconds until `done()`
// holds and the next frame has been painted.
const IN_PAGE = `
window.__timeUntil = (act, done) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  setTimeout(() => reject(new Error('the page never showed the result')), 30000);
  const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); painted(); }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  act();
  if (done()) { observer.disconnect(); painted(); }
});
window.__count = () => document.querySelector('.gc-count')?.textContent ?? '';
window.__firstRow = () => document.querySelector('tbody tr:not(.gc-spacer)')?.textContent ?? '';
`;

async function builds(service, n) {
  const { page, problems } = await openPage(browser);
  page.on('crash', () => console.error(`the page crashed with ${n} builds`, problems));
  await page.goto(`${service.url}#/builds?game=${service.gameId}`);
  await page.getByLabel('Token', { exact: true }).fill(service.token);
  await page.evaluate(IN_PAGE);
  const floor = await page.evaluate(async ({ url, gameId, token }) => {
    const t0 = performance.now();
    const res = await fetch(new URL(`cloud/games/${gameId}/builds`, url.endsWith('/') ? url : `${url}/`), { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`the floor's fetch answered ${res.status}`);
    const list = JSON.parse(await res.text());
    if (list.builds.length === 0) throw new Error('no builds');
    return performance.now() - t0;
  }, { url: service.url, gameId: service.gameId, token: service.token });
  const all = `${n} of ${n} builds`;
  const show = await page.evaluate(
    (all) => window.__timeUntil(
      () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Load builds').click(),
      () => window.__count() === all,
    ),
    all,
  );
  const sorts = {};
  for (const [column, state] of [['Name', 'ascending'], ['Name', 'descending'], ['Size', 'descending'], ['Created', 'descending'], ['Build id', 'ascending']]) {
    sorts[`${column} ${state}`] = await page.evaluate(
      ({ column, state }) => window.__timeUntil(
        () => [...document.querySelectorAll('th button')].find((b) => b.textContent === column).click(),
        () => [...document.querySelectorAll('th')].some((th) => th.textContent === column && th.getAttribute('aria-sort') === state),
      ),
      { column, state },
    );
  }
  // Types `text` into the filter; done when the count is (or is not) `all`.
  const typeFilter = (text, showsAll) => page.evaluate(
    ({ text, showsAll, all }) => window.__timeUntil(
      () => {
        const input = document.querySelector('input[type="search"]');
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      () => (window.__count() === all) === showsAll,
    ),
    { text, showsAll, all },
  );
  const filter = await typeFilter('v99', false);
  const unfilter = await typeFilter('', true);
  await page.close();
  return { floor, show, sorts, filter, unfilter };
}

const ms = (x) => `${x.toFixed(1)} ms`;
function row(what, value, verdict = '') {
  rows.push([what, value, verdict]);
}
// The targets are for the largest list; smaller ones are shown for scale.
const TARGET_N = 100_000;
function check(ok, n) {
  if (n !== TARGET_N) return '';
  if (!ok) met = false;
  return ok ? 'met' : 'NOT met';
}

try {
  const demo = await startService();
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await usableForm(demo));
  row('navigation to a usable form', ms(median(times)));
  await demo.stop();
  for (const n of (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number)) {
    const service = await startService(['--builds', String(n)]);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await builds(service, n));
    const floor = median(runs.map((r) => r.floor));
    const show = median(runs.map((r) => r.show));
    row(`${n} builds: floor (fetch + JSON.parse in the page)`, ms(floor));
    row(`${n} builds: show (fetch, decode, index, render)`, `${ms(show)} = ${(show / floor).toFixed(2)}x floor`, `${check(show <= SHOW_RATIO * floor, n)}`);
    let worst = 0;
    for (const key of Object.keys(runs[0].sorts)) {
      const t = median(runs.map((r) => r.sorts[key]));
      worst = Math.max(worst, t);
      row(`${n} builds: re-sort by ${key}`, ms(t));
    }
    row(`${n} builds: slowest re-sort`, ms(worst), `${check(worst <= INTERACTION_MS, n)}`);
    const filter = median(runs.map((r) => r.filter));
    row(`${n} builds: filter by a word`, ms(filter), `${check(filter <= INTERACTION_MS, n)}`);
    row(`${n} builds: clear the filter`, ms(median(runs.map((r) => r.unfilter))));
    await service.stop();
  }
} finally {
  await browser.close();
}
for (const [what, value, verdict] of rows) console.log(`${what.padEnd(52)} ${value.padStart(24)}  ${verdict}`);
console.log(`targets for ${TARGET_N} builds: show within ${SHOW_RATIO}x the floor, re-sort and filter within ${INTERACTION_MS} ms`);
console.log(met ? 'every speed target met' : 'some speed targets NOT met');
