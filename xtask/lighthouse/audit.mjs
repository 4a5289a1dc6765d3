// `cargo xtask lighthouse`: Lighthouse's mobile audit (its default: a
// mid-range phone on a slow 4G link, simulated) of the opening page and of a
// deep link to each page (builds, the development token, the namespace
// settings, the action log), dist/ served as a CDN serves it (gzip, the
// fingerprinted files cached for a year). Performance and best practices
// must score 95 or more, accessibility 100 (issues 40 and 53): a budget the
// command checks, not a timed test, so the test command does not run it.
// The reports are left in target/lighthouse (JSON, for Lighthouse's viewer).
import { createServer } from 'node:http';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** The least score of each category. */
const LEAST = { performance: 95, accessibility: 100, 'best-practices': 95 };
const OUT = new URL('../../target/lighthouse/', import.meta.url).pathname;

const DIST = new URL('../../dist/', import.meta.url).pathname;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** dist/ over HTTP as a CDN serves it: gzip -9, and the files named by their content cached for a year. */
async function serveDist() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(DIST, path === '/' ? 'index.html' : path);
    const body = file.startsWith(DIST) ? await readFile(file).catch(() => null) : null;
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const fingerprinted = /-[0-9a-f]{16}(_bg)?\.\w+$|\/(part|pack)-[\w-]{16}\.wasm$/.test(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(gzipSync(body, { level: 9 }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

const site = await serveDist();
// Debian's Chromium, with the flags this closed network needs (as the tests'
// browser has them).
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
// Any game's and namespace's ids: a deep link opens the page before a token
// is entered.
const ids = 'game=4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f&ns=7d8e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const pages = {
  opening: site.url,
  builds: `${site.url}#/builds?${ids}`,
  token: `${site.url}#/dev-token?${ids}`,
  settings: `${site.url}#/settings?${ids}`,
  log: `${site.url}#/log?${ids}`,
};
let met = true;
try {
  await mkdir(OUT, { recursive: true });
  console.log(`${'page'.padEnd(10)}${CATEGORIES.map((c) => c.padStart(16)).join('')}`);
  for (const [name, url] of Object.entries(pages)) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: CATEGORIES, logLevel: 'error' });
    await writeFile(`${OUT}${name}.json`, result.report);
    const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c].score ?? 0) * 100));
    met &&= CATEGORIES.every((c, i) => scores[i] >= LEAST[c]);
    console.log(`${name.padEnd(10)}${scores.map((s) => String(s).padStart(16)).join('')}`);
    for (const [id, audit] of Object.entries(result.lhr.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual') {
        console.log(`  ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
} finally {
  await chrome.kill();
  site.close();
}
const least = CATEGORIES.map((c) => `${c} ${LEAST[c]}`).join(', ');
console.log(met ? `every page at least ${least}` : `a score under its least (${least})`);
process.exit(met ? 0 : 1);
