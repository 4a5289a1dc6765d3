// `cargo xtask bench`: what each page of the shipped panel costs on a first
// visit (the bytes downloaded, gzip -9 of each body, and the time to the
// page's first usable control), and for 10,000 and 100,000 builds the time to
// show them, to re-sort by each column and to filter by a word, in headless
// Chromium against the local service. Each action is a real click or real
// keystrokes through the driver; the time is read inside the page, from the
// input event to the frame painted after the result is in the DOM: the
// result in the DOM, then a requestAnimationFrame and the task after it, so
// a task the page queued behind the result (indexing the list, say) counts,
// as it does for a person who scrolls or types at once.
//
// Showing is compared with a floor: the browser's own fetch and JSON.parse
// of the same list, in the same kind of page in the same state (the panel
// loaded, the token entered, nothing fetched yet). A person's click on "Load
// builds" is the first fetch of a fresh page, whose heap and network stack
// are cold: the first fetch and parse takes some 1.5x the later ones. The
// bench once timed the show after four warm-up fetches in the same page,
// which no person's click has (1.27x reported where 1.69x was measured from
// outside): now the show and the floor are each the first fetch of a page of
// their own. The warm floor is printed, for scale. Medians of RUNS pages.
import { gzipSync } from 'node:zlib';
import { bearer, startService, launchBrowser, openPage, queueFault } from './harness.mjs';
import { BuildsPage, openPanel } from './pages/index.mjs';

const RUNS = 5;
const SHOW_RATIO = 1.3;
const INTERACTION_MS = 50;
// Issue 38's goal, beyond the target: a re-sort and each filter key within a
// frame. Printed, not counted in the target: the time includes waiting for the
// next frame to be painted (16.7 ms at 60 Hz), which 10,000 builds already
// take about as long as.
const GOAL_MS = 16;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await launchBrowser();
const rows = [];
let met = true;

// The panel's pages by their route ('' is the panel opened by its URL alone).
const ROUTES = ['', 'builds', 'dev-token', 'tokens', 'settings', 'log'];

// One first visit: the bytes every response of the panel's origin carried
// (gzip -9 of each body, as a CDN would send it) until the page's first form
// control in the main area is usable, and the time to that moment.
async function firstLoad(service, route) {
  const { page } = await openPage(browser);
  const bodies = [];
  page.on('response', (res) => {
    if (res.url().startsWith(service.url)) bodies.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  // The service prints its URL with the trailing slash: the panel's own URL.
  await page.goto(route ? `${service.url}#/${route}?game=${service.gameId}` : service.url);
  const control = page.getByRole('main').locator('input:enabled, select:enabled, textarea:enabled, button:enabled').first();
  await control.waitFor();
  const ms = await page.evaluate(() => performance.now());
  const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  await page.close();
  return { ms, bytes };
}

// In the page: the clock starts at the next pointer or key input
// (`__start()`), and `__until(done)` resolves with the milliseconds from it
// to the task after the first frame painted once `done()` holds.
const IN_PAGE = `
window.__start = () => {
  window.__t0 = null;
  const mark = (e) => { window.__t0 ??= performance.now(); };
  document.addEventListener('pointerdown', mark, { capture: true, once: true });
  document.addEventListener('keydown', mark, { capture: true, once: true });
};
window.__until = (done) => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error('the page never showed the result')), 30000);
  const painted = () => {
    window.__doneAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.__t0)));
  };
  if (done()) return painted();
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); painted(); }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
});
// The long tasks (over 50 ms) from now on (those that start once a result
// is in the DOM: after \`__doneAt\`).
window.__watchLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { window.__longTasks.push(...list.getEntries()); }).observe({ type: 'longtask' });
};
window.__firstRow = () => document.querySelector('tbody tr[aria-rowindex]');
// The table's count ("N of M builds", its numbers grouped: "1,200 of 100,000
// builds"), found as a user's screen reader finds it, its numbers read plain.
window.__count = () => ([...document.querySelectorAll('[role="status"]')].map((e) => e.textContent).find((t) => /^[\\d,]+ of [\\d,]+ builds$/.test(t)) ?? '').replaceAll(',', '');
// The browser's own fetch and JSON.parse of the list.
window.__floor = async (url, headers) => {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error("the floor's fetch answered " + res.status);
  const list = JSON.parse(await res.text());
  if (list.builds.length === 0) throw new Error('no builds');
  return performance.now() - t0;
};
`;

/** The builds page of a fresh page, the token entered, nothing fetched. */
async function buildsPage(service) {
  const { page, problems } = await openPanel({ browser, service }, { ns: null });
  page.on('crash', () => console.error('the page crashed', problems));
  await page.evaluate(IN_PAGE);
  return page;
}

/** The floor: the first fetch and parse of the list in a fresh page, then a warm one. */
async function floor(service) {
  const page = await buildsPage(service);
  const listUrl = `${service.url}cloud/games/${service.gameId}/builds`;
  const run = () => page.evaluate(({ listUrl, headers }) => window.__floor(listUrl, headers), { listUrl, headers: bearer(service.token) });
  const cold = await run();
  await run();
  const warm = await run();
  await page.close();
  return { cold, warm };
}

/** Times `act` (real input) until `done` holds in the page and a frame is painted. */
async function timed(page, act, done, arg) {
  await page.evaluate(() => window.__start());
  const [ms] = await Promise.all([page.evaluate(done, arg), act()]);
  return ms;
}

async function builds(service, n) {
  const page = await buildsPage(service);
  await page.evaluate(() => window.__watchLongTasks());
  const show = await timed(
    page,
    () => new BuildsPage(page).pressLoad(),
    () => window.__until(() => window.__firstRow() !== null),
  );
  const all = `${n} of ${n} builds`;
  await page.waitForFunction((all) => window.__count() === all, all);
  // What the page still does once the rows are on screen: the longest task
  // that would hold up a scroll or a key.
  await page.waitForTimeout(1000);
  const after = await page.evaluate(() => Math.max(0, ...window.__longTasks.filter((t) => t.startTime >= window.__doneAt).map((t) => t.duration)));
  const sorts = {};
  for (const [column, state] of [['Name', 'ascending'], ['Name', 'descending'], ['Size', 'descending'], ['Created', 'descending'], ['Build id', 'ascending']]) {
    sorts[`${column} ${state}`] = await timed(
      page,
      // A sorted column's name ends with its arrow (CSS content): "Name ▲".
      () => page.getByRole('button', { name: new RegExp(`^${column}( [▲▼])?$`) }).click(),
      ({ column, state }) => window.__until(() => [...document.querySelectorAll('th')].some((th) => th.textContent === column && th.getAttribute('aria-sort') === state)),
      { column, state },
    );
  }
  // Typing a word into the filter: each key as the browser's Event Timing
  // reports it (what Interaction to Next Paint is made of): from the key to
  // the frame painted after the page handled it. Keys 100 ms apart, a fast
  // typist's pace; the slowest key is what a person waits for. Only keys
  // that begin once the typing does count: an earlier interaction's entry
  // can arrive late (a sort's click, which headless Chromium presents late:
  // docs/PERFORMANCE.md). Also the whole word sent as fast as the driver
  // can (three keys in a few ms, which no person types), to the count
  // painted, for scale.
  const search = page.getByRole('searchbox');
  const slowestKey = async (type) => {
    await page.evaluate(() => {
      const since = performance.now();
      window.__keys = new Map();
      window.__keyObserver?.disconnect();
      window.__keyObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.interactionId && e.startTime >= since) window.__keys.set(e.interactionId, Math.max(window.__keys.get(e.interactionId) ?? 0, e.duration));
        }
      });
      window.__keyObserver.observe({ type: 'event', durationThreshold: 16 });
    });
    await type();
    await page.waitForTimeout(500);
    // Event Timing leaves out what takes under 16 ms: such a key counts as 16.
    return page.evaluate(() => Math.max(16, ...window.__keys.values()));
  };
  const filter = await slowestKey(() => search.pressSequentially('v99', { delay: 100 }));
  // The count "v99" gives, to know when the burst below is through (every
  // demo name holds a "v": "v9" too shows fewer than all).
  const v99 = await page.evaluate(() => window.__count());
  const unfilter = await slowestKey(() => search.press('Control+A').then(() => search.press('Backspace')));
  const burst = await timed(
    page,
    () => search.pressSequentially('v99'),
    ({ v99 }) => window.__until(() => window.__count() === v99 && document.querySelector('input[type="search"]').value === 'v99'),
    { v99 },
  );
  await page.close();
  return { show, after, sorts, filter, unfilter, burst };
}

/**
 * A sort asked the moment the first rows are painted (issue 40, item 2: a
 * sort "at any moment after the rows appear"): the index is still being
 * built in slices behind the first frame then. Timed as the sorts above.
 */
async function sortRightAfterShow(service) {
  const page = await buildsPage(service);
  await new BuildsPage(page).pressLoad();
  await page.waitForFunction(() => window.__firstRow() !== null, null, { polling: 'raf' });
  const ms = await timed(
    page,
    () => page.getByRole('button', { name: /^Size( [▲▼])?$/ }).click(),
    () => window.__until(() => [...document.querySelectorAll('th')].some((th) => th.textContent === 'Size' && th.getAttribute('aria-sort') === 'descending')),
  );
  await page.close();
  return ms;
}

/** A slow link's rate for the trickled answer (issue 55, item 4): 20 Mbit/s. */
const LINK_KBIT = 20_000;
/** Issue 55's target: the first rows painted within this long of the answer's first bytes. */
const FIRST_ROWS_MS = 1000;
/** Runs over the slow link: each takes the answer's time on the wire (10 s for 100,000 builds). */
const SLOW_RUNS = 3;

/**
 * The list over a slow link (issue 55, item 4): the service sends the answer
 * at LINK_KBIT, and the time is read in the page from the answer's first
 * byte (its Resource Timing `responseStart`) to the first row painted.
 */
async function showOverSlowLink(service) {
  await queueFault(service, { route: 'builds', rate_kbit: LINK_KBIT });
  const page = await buildsPage(service);
  await page.evaluate(() => window.__start());
  await Promise.all([page.evaluate(() => window.__until(() => window.__firstRow() !== null)), new BuildsPage(page).pressLoad()]);
  // The answer's timing is there once it is all in.
  const timing = await page.waitForFunction(
    () => {
      const answer = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/builds') && e.responseEnd > 0);
      return answer && { ms: window.__doneAt - answer.responseStart };
    },
    null,
    { polling: 100, timeout: 60_000 },
  );
  const { ms } = await timing.jsonValue();
  await page.close();
  return ms;
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

/** Whether `t` is within the goal, for the largest list. */
function goal(t, n) {
  if (n !== TARGET_N) return '';
  return t <= GOAL_MS ? `; goal of ${GOAL_MS} ms met` : `; goal of ${GOAL_MS} ms not met`;
}

try {
  const demo = await startService([]);
  for (const route of ROUTES) {
    const loads = [];
    for (let i = 0; i < RUNS; i++) loads.push(await firstLoad(demo, route));
    const kb = (median(loads.map((l) => l.bytes)) / 1024).toFixed(1);
    row(`first visit to ${route ? `#/${route}` : 'the panel (no hash)'}`, `${kb} KB, ${ms(median(loads.map((l) => l.ms)))}`);
  }
  await demo.stop();
  const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
  for (const n of sizes) {
    const service = await startService(['--builds', String(n)]);
    const floors = [];
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      floors.push(await floor(service));
      runs.push(await builds(service, n));
    }
    const cold = median(floors.map((f) => f.cold));
    const show = median(runs.map((r) => r.show));
    row(`${n} builds: floor, first fetch + JSON.parse of a page`, ms(cold));
    row(`${n} builds: floor, a later one (warm, for scale)`, ms(median(floors.map((f) => f.warm))));
    row(`${n} builds: show (click to first row painted)`, `${ms(show)} = ${(show / cold).toFixed(2)}x floor`, `${check(show <= SHOW_RATIO * cold, n)}`);
    row(`${n} builds: longest task once shown`, ms(median(runs.map((r) => r.after))));
    let worst = 0;
    for (const key of Object.keys(runs[0].sorts)) {
      const t = median(runs.map((r) => r.sorts[key]));
      worst = Math.max(worst, t);
      row(`${n} builds: re-sort by ${key}`, ms(t));
    }
    row(`${n} builds: slowest re-sort`, ms(worst), `${check(worst <= INTERACTION_MS, n)}${goal(worst, n)}`);
    const early = [];
    for (let i = 0; i < RUNS; i++) early.push(await sortRightAfterShow(service));
    row(`${n} builds: sort by Size right after show`, ms(median(early)), check(median(early) <= INTERACTION_MS, n));
    const filter = median(runs.map((r) => r.filter));
    row(`${n} builds: filter, the slowest key of a word typed`, ms(filter), `${check(filter <= INTERACTION_MS, n)}${goal(filter, n)}`);
    row(`${n} builds: filter, clearing it`, ms(median(runs.map((r) => r.unfilter))));
    row(`${n} builds: filter, a word's keys all at once`, ms(median(runs.map((r) => r.burst))));
    await service.stop();
  }
  if (sizes.includes(TARGET_N)) {
    const slow = await startService(['--builds', String(TARGET_N), '--test-hooks']);
    const times = [];
    for (let i = 0; i < SLOW_RUNS; i++) times.push(await showOverSlowLink(slow));
    // Each run is the first fetch of a fresh page: the first one also on its own.
    row(`${TARGET_N} builds at ${LINK_KBIT / 1000} Mbit/s: first row after first byte, first run`, ms(times[0]));
    row(`${TARGET_N} builds at ${LINK_KBIT / 1000} Mbit/s: first row after first byte`, `${ms(median(times))} (median of ${SLOW_RUNS})`, check(median(times) <= FIRST_ROWS_MS, TARGET_N));
    await slow.stop();
  }
} finally {
  await browser.close();
}
for (const [what, value, verdict] of rows) console.log(`${what.padEnd(52)} ${value.padStart(24)}  ${verdict}`);
console.log(`targets for ${TARGET_N} builds: show within ${SHOW_RATIO}x the floor, re-sort (also right after show) and filter within ${INTERACTION_MS} ms; over a ${LINK_KBIT / 1000} Mbit/s link, the first row within ${FIRST_ROWS_MS} ms of the answer's first byte`);
console.log(met ? 'every speed target met' : 'some speed targets NOT met');
