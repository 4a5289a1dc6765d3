// Static deployment: the release build served from a sub-path of a plain
// static host under a strict Content Security Policy, calling the service on
// another origin. Nothing is blocked, and nothing goes to a third party.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { startService, launchBrowser } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const DIST = process.env.PANEL_DIST ?? 'dist';
const PREFIX = '/studio/tools/panel/';
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:*; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml' };

let service;
let host;
let browser;

before(async () => {
  service = await startService();
  host = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith(PREFIX)) {
      res.writeHead(404).end();
      return;
    }
    const rel = normalize(url.pathname.slice(PREFIX.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(DIST, rel));
      res.writeHead(200, { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream', 'content-security-policy': CSP });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => host.listen(0, '127.0.0.1', r));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  host?.close();
  await service?.stop();
});

test('the panel works from a sub-path under a strict CSP, with no third-party request', async () => {
  const requests = [];
  const origin = `http://127.0.0.1:${host.address().port}`;
  const { problems, builds } = await openPanel({ browser, service }, {
    before: (page) => page.on('request', (r) => requests.push(r.url())),
    servedAt: `${origin}${PREFIX}`,
    ns: null,
    baseUrl: service.url,
    submit: true,
  });
  await builds.load();
  await builds.counted('36 of 36 builds');
  assert.deepEqual(problems, [], 'no CSP violation or other console error');
  const hosts = new Set(requests.map((u) => new URL(u).host));
  assert.deepEqual([...hosts].sort(), [new URL(origin).host, new URL(service.url).host].sort());
  assert.ok(requests.every((u) => !u.startsWith(`${origin}/`) || u.startsWith(`${origin}${PREFIX}`)), 'every asset is relative');
});
