// Shared fixtures for the browser tests: the local service on a free loopback
// port, and Debian's Chromium driven by playwright-core (no downloaded browser).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

const SERVICE = process.env.LOCAL_SERVICE ?? 'target/debug/local-service';
const DIST = process.env.PANEL_DIST ?? 'dist';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Starts the local service serving `dist` (the built panel by default);
 * resolves with its URL, token, demo game id and a stop().
 */
export async function startService(args = [], { dist = DIST } = {}) {
  const token = 'e2e-token-' + Math.random().toString(36).slice(2);
  const child = spawn(SERVICE, ['--listen', '127.0.0.1:0', '--dist', dist, '--token', token, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  // The demo namespaces by the names the service prints (`staging`, `prod`).
  const info = { token, child, namespaces: {} };
  for await (const line of lines) {
    const url = line.match(/listening on (http:\/\/\S+)/);
    if (url) info.url = url[1];
    const game = line.match(/^Game:\s+(\S+)/);
    if (game) info.gameId = game[1];
    const ns = line.match(/^Namespace:\s+(\S+) \((\S+)\)/);
    if (ns) info.namespaces[ns[2]] = ns[1];
    if (line.startsWith('Builds:')) break;
  }
  if (!info.url) throw new Error('the local service did not print its URL');
  info.stop = async () => {
    child.kill();
    await once(child, 'exit');
  };
  return info;
}

/** Launches headless Chromium with the flags this closed network needs. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The demo namespaces' ids by name, read from the running service. */
export function demoNamespaces(fx) {
  return {
    get staging() {
      return fx.service.namespaces.staging;
    },
    get prod() {
      return fx.service.namespaces.prod;
    },
  };
}

/** A page that records console errors and uncaught exceptions. */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { page, problems: recordProblems(page) };
}

/** Records the console errors and uncaught exceptions of `page` in `problems` (a new list unless given); returns it. */
export function recordProblems(page, problems = []) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

const AXE = new URL('../node_modules/axe-core/axe.min.js', import.meta.url).pathname;

/** Runs axe-core in the page; resolves with the serious and critical violations. */
export async function axeViolations(page) {
  // Evaluated through the DevTools protocol: the page's strict CSP (rightly)
  // refuses an injected <script>.
  const { readFile } = await import('node:fs/promises');
  await page.evaluate(await readFile(AXE, 'utf8'));
  const results = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/**
 * Registers before/after hooks that start a local service (with `args`) and a
 * browser for the test file; returns the object they fill in.
 */
export function useFixtures(args = []) {
  const fx = {};
  before(async () => {
    fx.service = await startService(args);
    fx.browser = await launchBrowser();
  });
  after(async () => {
    await fx.browser?.close();
    await fx.service?.stop();
  });
  return fx;
}

/**
 * Counts the requests the page starts whose URL holds `part`: a call is
 * counted when the panel starts it, so once the page shows a result, a
 * second call the same click would have made is counted already (no wait
 * to prove that nothing happened). Returns the count so far.
 */
export function requestsTo(page, part) {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes(part) && r.method() !== 'OPTIONS') n += 1;
  });
  return () => n;
}

/** The header that gives the service `token`, for a call made from Node. */
export function bearer(token) {
  return { authorization: `Bearer ${token}` };
}

/**
 * Waits until `check()` (sync or async) holds, asking again every 50 ms: for a
 * state outside the page (the local service's counts), which sends no event.
 * Fails after `ms`, naming `what`.
 */
export async function until(check, { ms = 5000, what = 'the condition' } = {}) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    if (await check()) return;
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/**
 * The local service's own state (`--test-hooks` or not): the settings the PUTs
 * left (`namespaces`), the calls each endpoint got (`hits`) and the most it
 * answered at once (`max_in_flight`).
 */
export async function serviceState(service) {
  const res = await fetch(`${service.url}_local/state`, { headers: bearer(service.token) });
  if (!res.ok) throw new Error(`the local service's state answered ${res.status}`);
  return res.json();
}

/**
 * Queues a failure for the next call to an endpoint (`--test-hooks`): `route`
 * (`builds`, `tokens/development`, `cdn-auth`, `domain-public-auth`), and any
 * of `status`, `body`, `content_type`, `retry_after`, `delay_ms`, `times`.
 * A fault the service refuses (misspelt, say) fails the test here rather than
 * never firing.
 */
export async function queueFault(service, fault) {
  const res = await fetch(`${service.url}_local/faults`, { method: 'POST', headers: bearer(service.token), body: JSON.stringify(fault) });
  if (!res.ok) throw new Error(`the service refused the fault ${JSON.stringify(fault)}: ${res.status} ${await res.text()}`);
}

/** Forgets every queued failure, the call counts and the most calls seen at once. */
export async function clearFaults(service) {
  const res = await fetch(`${service.url}_local/faults`, { method: 'DELETE', headers: bearer(service.token) });
  if (!res.ok) throw new Error(`the service did not clear its faults: ${res.status}`);
}

/** A development token the service issues for namespace `nsId`, made from Node (as a lead's panel would). */
export async function issueDevToken(service, nsId, { hostname = '127.0.0.1', ports = {} } = {}) {
  const res = await fetch(`${service.url}cloud/games/${service.gameId}/namespaces/${nsId}/tokens/development`, {
    method: 'POST',
    headers: { ...bearer(service.token), 'content-type': 'application/json' },
    body: JSON.stringify({ hostname, ports }),
  });
  if (res.status !== 200) throw new Error(`the service issued no token: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * Holds the calls the page starts whose URL holds `part` (the next `count` of
 * them) before they leave the browser, until `release()`: a test looks at the
 * page while a call is on its way for as long as it needs, instead of racing a
 * slow answer. `held(n)` resolves once `n` calls are held (and fails if the
 * page has not started them within `ms`). A call the page gave up meanwhile
 * (it navigated away) is let go quietly.
 */
export async function holdRequests(page, part, { count = Infinity } = {}) {
  const routes = [];
  const waiting = [];
  const matches = (url) => url.href.includes(part);
  const hold = async (route) => {
    if (route.request().method() === 'OPTIONS' || routes.length >= count) return route.continue();
    routes.push(route);
    for (const w of waiting) if (routes.length >= w.n) w.resolve();
  };
  await page.route(matches, hold);
  return {
    held(n = 1, ms = 10_000) {
      if (routes.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the page started ${routes.length} calls to ${part}, not ${n}, in ${ms} ms`)), ms);
        waiting.push({ n, resolve: () => { clearTimeout(timer); resolve(); } });
      });
    },
    async release() {
      await page.unroute(matches, hold);
      await Promise.all(routes.splice(0).map((r) => r.continue().catch(() => {})));
    },
  };
}

/**
 * A user token expiring at `expMs` (Unix ms): its claims a user
 * entitlement, as the panel reads and checks it (the signature zeros: the
 * panel does not verify it).
 */
export function userToken(expMs) {
  const varint = (n) => {
    const out = [];
    for (n = BigInt(n); n >= 0x80n; n >>= 7n) out.push(Number(n & 0x7fn) | 0x80);
    out.push(Number(n));
    return out;
  };
  const claims = Buffer.from([0x08, ...varint(expMs), 0x22, 0x02, 0x12, 0x00]);
  const b64 = (b) => Buffer.from(b).toString('base64url');
  return `user.${b64('{"typ":"JWT","alg":"EdDSA"}')}.${b64(claims)}.${b64(new Uint8Array(64))}`;
}
