// `cargo xtask bench`, the JS module's builds entry: for 100,000 builds of the
// local service, in Node 20 and in headless Chromium, the time to build a
// `BuildsIndex` from `listBuilds`' answer against a floor measured in the same
// run (`JSON.parse` of the same answer's text), and once it is built, each
// re-sort and each filter (every key of a word typed, then other words).
// Medians of RUNS indexes; each time is read around the one synchronous
// call, in the process that makes it. Then where Chromium's index spends its
// time, from the page's CPU profile.
import { startService, launchBrowser } from './harness.mjs';

const N = 100_000;
const RUNS = 5;
const BUILD_RATIO = 1.5;
const INTERACTION_MS = 16;

/**
 * The measurement, run in Node and in the page alike (self-contained: the
 * page gets it as source): `entry` is the builds entry to import, `url` and
 * `token` the service's builds list.
 */
async function measure({ entry, url, token, runs }) {
  const { init, BuildsIndex } = await import(entry);
  await init();
  const text = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();
  const columns = ['display_name', 'build_id', 'upload_id', 'complete', 'content_length', 'create_ts', 'tags'];
  const typed = 'nightly';
  const words = ['channel=beta', 'ελληνικά', 'v9', 'release candidate'];
  const time = (f) => {
    const t = performance.now();
    f();
    return performance.now() - t;
  };
  const out = [];
  for (let r = 0; r < runs; r++) {
    let answer;
    const parse = time(() => (answer = JSON.parse(text)));
    // listBuilds' answer: each size an exact bigint.
    for (const b of answer.builds) b.content_length = BigInt(b.content_length);
    let index;
    const build = time(() => (index = new BuildsIndex(answer)));
    const sorts = {};
    for (const column of columns) {
      for (const direction of ['desc', 'asc']) sorts[`${column} ${direction}`] = time(() => index.sort(column, direction));
    }
    index.sort('create_ts', 'desc');
    const filters = {};
    for (let k = 1; k <= typed.length; k++) filters[`"${typed.slice(0, k)}"`] = time(() => index.filter({ text: typed.slice(0, k) }));
    for (const word of words) filters[`"${word}"`] = time(() => index.filter({ text: word }));
    filters['cleared'] = time(() => index.filter({ text: '' }));
    out.push({ parse, build, sorts, filters, builds: index.length });
    index.free();
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t) => `${t.toFixed(1)} ms`;
let met = true;
const check = (ok) => {
  if (!ok) met = false;
  return ok ? 'met' : 'NOT met';
};

function report(where, runs) {
  if (runs[0].builds !== N) throw new Error(`${where}: indexed ${runs[0].builds} builds, not ${N}`);
  const rows = [];
  const parse = median(runs.map((r) => r.parse));
  const ratios = runs.map((r) => r.build / r.parse);
  rows.push([`floor: JSON.parse of the answer`, ms(parse)]);
  rows.push([`new BuildsIndex(answer)`, `${ms(median(runs.map((r) => r.build)))} = ${median(ratios).toFixed(2)}x floor`, check(median(ratios) <= BUILD_RATIO)]);
  const slowest = (key) => {
    let worst = ['', 0];
    for (const name of Object.keys(runs[0][key])) {
      const t = median(runs.map((r) => r[key][name]));
      if (t > worst[1]) worst = [name, t];
    }
    return worst;
  };
  const [sortName, sort] = slowest('sorts');
  rows.push([`slowest re-sort (${sortName})`, ms(sort), check(sort <= INTERACTION_MS)]);
  const [filterName, filter] = slowest('filters');
  rows.push([`slowest filter (${filterName})`, ms(filter), check(filter <= INTERACTION_MS)]);
  for (const [what, value, verdict = ''] of rows) console.log(`${`${where}, ${N} builds: ${what}`.padEnd(64)} ${value.padStart(20)}  ${verdict}`);
  return parse;
}

/**
 * Where Chromium's index spends its time: the page's CPU profile (sampled
 * every 0.1 ms) over RUNS indexes, each made from an answer parsed before
 * the profile starts, its samples summed by where each one ran, each sum
 * against `floor` (the median `JSON.parse` just measured). Medians cannot be
 * taken of samples: these are means per index, and sampling slows the page a
 * little.
 */
async function whereTimeGoes(page, { url, token, runs }, floor) {
  await page.evaluate(
    async ({ url, token, runs }) => {
      const text = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();
      window.answers = Array.from({ length: runs }, () => {
        const answer = JSON.parse(text);
        for (const b of answer.builds) b.content_length = BigInt(b.content_length);
        return answer;
      });
    },
    { url, token, runs },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const wall = await page.evaluate(async () => {
    const { BuildsIndex } = await import('/builds.js');
    let total = 0;
    for (const answer of window.answers.splice(0)) {
      const t = performance.now();
      const index = new BuildsIndex(answer);
      total += performance.now() - t;
      index.free();
    }
    return total;
  });
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const groups = [
    ['the wrapper: reading the answer, writing its text as UTF-8 (builds-api.js)', (f) => f.url.endsWith('/builds-api.js')],
    ['the wasm: the builds, the search text, the ranks, the first order', (f) => f.url.endsWith('.wasm')],
    ["the glue and the engine's own calls (gamecloud_builds.js, toLowerCase, TextDecoder)", (f) => f.url.endsWith('/gamecloud_builds.js') || (f.url === '' && !f.functionName.startsWith('('))],
    ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ];
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const sums = new Map([...groups.map(([name]) => [name, 0]), ["the rest: the engine's own time outside any function, and the bench's loop", 0]]);
  profile.samples.forEach((id, k) => {
    const frame = nodes.get(id);
    const name = groups.find(([, holds]) => holds(frame))?.[0] ?? [...sums.keys()].at(-1);
    if (frame.functionName !== '(idle)') sums.set(name, sums.get(name) + profile.timeDeltas[k] / 1000);
  });
  console.log(`Chromium, where new BuildsIndex(answer) spends its time (a CPU profile of ${runs} indexes, ${(wall / runs).toFixed(1)} ms each; mean ms per index):`);
  for (const [name, total] of sums) {
    const each = total / runs;
    console.log(`  ${name.padEnd(90)} ${each.toFixed(1).padStart(7)} ms = ${(each / floor).toFixed(2)}x floor`);
  }
}

const service = await startService(['--builds', String(N)], { dist: new URL('../pkg/', import.meta.url).pathname });
const browser = await launchBrowser();
try {
  const url = `${service.url}cloud/games/${service.gameId}/builds`;
  const args = { url, token: service.token, runs: RUNS };
  report('Node', await measure({ ...args, entry: new URL('../pkg/builds-node.js', import.meta.url).href }));
  const page = await browser.newPage();
  // A page of the service's origin, which serves the package's files.
  await page.goto(`${service.url}package.json`);
  const floor = report('Chromium', await page.evaluate(measure, { ...args, entry: '/builds.js' }));
  await whereTimeGoes(page, args, floor);
} finally {
  await browser.close();
  await service.stop();
}
console.log(`targets for ${N} builds: an index built within ${BUILD_RATIO}x JSON.parse of the answer, each re-sort and filter after it within ${INTERACTION_MS} ms`);
console.log(met ? 'every builds-entry target met' : 'some builds-entry targets NOT met');
