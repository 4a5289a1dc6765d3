// `@gamecloud/client/files` from Node 20 as a dashboard would use it: the
// engine files for a token the local service issued, read back by
// python-dotenv; the encrypted hand-off sealed here and opened by Python's
// `cryptography` (tests/readers/handoff.py), sealed there and opened here,
// and the published test vectors; every wrong value refused by name. That
// each file is the panel's byte for byte is e2e/dev-token.test.mjs's and
// e2e/handoff.test.mjs's to show (they compare the panel's downloads).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueDevToken, startService } from './harness.mjs';

const pkg = (file) => new URL(`../pkg/${file}`, import.meta.url).href;
const { init, engineFile, sealHandoff, openHandoff, passphraseProblem, suggestPassphrase, GameCloudError } = await import(pkg('files-node.js'));

const PYTHON = process.env.READERS_PYTHON ?? 'python3';
const READER = new URL('../tests/readers/handoff.py', import.meta.url).pathname;
const VECTORS = ['v1', 'v2'].map((v) => new URL(`../docs/handoff-vector-${v}.txt`, import.meta.url).pathname);
/** The test vectors' passphrase (docs/HANDOFF.md). */
const VECTOR_PASSPHRASE = 'correct horse battery staple';
const PASSPHRASE = 'kettle-orbit-violin-27';
const PORTS = { game: { protocol: 'udp', port_range: { min: 7000, max: 7010 } }, web: { protocol: 'https', port: 8443 } };

let service;
let handoff;

before(async () => {
  service = await startService();
  const namespaceId = service.namespaces.staging;
  const token = await issueDevToken(service, namespaceId, { hostname: '192.168.1.20', ports: PORTS });
  handoff = { token, baseUrl: service.url.replace(/\/$/, ''), gameId: service.gameId, namespaceId, hostname: '192.168.1.20', ports: PORTS };
});

after(async () => {
  await service?.stop();
});

function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('expected an error');
}

async function rejected(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail('expected a rejection');
}

function wrongAt(e, path, words, kind = 'invalid_request') {
  assert.ok(e instanceof GameCloudError, String(e));
  assert.equal(e.kind, kind);
  if (kind === 'invalid_request') assert.equal(e.issues[0].path, path);
  assert.match(e.message, words);
}

/** What python-dotenv reads from `text`. */
async function dotenv(text) {
  const dir = await mkdtemp(join(tmpdir(), 'gamecloud-env-'));
  const file = join(dir, 'x.env');
  await writeFile(file, text);
  const script = 'import json, sys; from dotenv import dotenv_values; print(json.dumps(dotenv_values(sys.argv[1])))';
  return JSON.parse(execFileSync(PYTHON, ['-c', script, file], { encoding: 'utf8' }));
}

// Runs first: nothing has loaded this entry's wasm yet.
test('importing loads nothing: the synchronous functions need init(), the async ones load it', async () => {
  for (const call of [() => engineFile('godot', handoff), () => passphraseProblem('x'), () => suggestPassphrase()]) {
    const e = thrown(call);
    assert.ok(e instanceof GameCloudError && e.kind === 'not_loaded', String(e));
    assert.match(e.message, /needs the WebAssembly core, which is not loaded yet: await init\(\) first/);
  }
  const sealed = await sealHandoff(handoff, PASSPHRASE); // loads it
  assert.match(sealed, /^gamecloud-handoff 2\n/);
  await init();
});

test('each engine gets its file with the token inside, and .env readers read every value back exactly', async () => {
  const files = Object.fromEntries(['godot', 'unity', 'unreal', 'env'].map((e) => [e, engineFile(e, handoff)]));
  assert.deepEqual(Object.values(files).map((f) => f.fileName), ['gamecloud_dev.cfg', 'GameCloudDev.json', 'DefaultGameCloudDev.ini', 'dev-token.env']);
  assert.ok(files.godot.text.includes(`token="${handoff.token}"`));
  assert.match(files.godot.text, /^\[gamecloud\.port\.game\]\nprotocol="udp"\nport_min=7000\nport_max=7010$/m);
  const unity = JSON.parse(files.unity.text);
  assert.equal(unity.token, handoff.token);
  assert.equal(files.unity.mime, 'application/json');
  assert.match(files.unreal.text, /^\+Ports=\(Label="web",Protocol="https",Port=8443\)$/m);
  assert.deepEqual(await dotenv(files.env.text), {
    GAMECLOUD_DEV_TOKEN: handoff.token,
    GAMECLOUD_BASE_URL: handoff.baseUrl,
    GAMECLOUD_GAME_ID: handoff.gameId,
    GAMECLOUD_NAMESPACE_ID: handoff.namespaceId,
    GAMECLOUD_HOSTNAME: '192.168.1.20',
  });
  for (const f of Object.values(files)) {
    assert.match(f.note, /secret/);
    assert.ok(f.gitignore && f.place && f.snippet, f.engine);
    assert.equal(f.local, undefined);
  }
});

test('with the token from the environment, the engine\'s file holds no secret and one local .env file does', async () => {
  const godot = engineFile('godot', { ...handoff, tokenFromEnv: true });
  assert.ok(!godot.text.includes(handoff.token), 'no token in the engine file');
  assert.match(godot.note, /holds no secret/);
  assert.equal(godot.local.fileName, `gamecloud.${handoff.namespaceId}.local.env`);
  assert.equal(godot.gitignore, 'gamecloud.*.env');
  assert.deepEqual(await dotenv(godot.local.text), { GAMECLOUD_DEV_TOKEN: handoff.token });
  assert.match(godot.local.loader, /set -a; \. \.\/gamecloud\.[0-9a-f-]{36}\.local\.env; set \+a/);
  assert.ok(godot.snippet.includes(godot.local.loader), 'the snippet says how to load it');
});

test('a value a file cannot hold safely is refused by name, never escaped into it', () => {
  wrongAt(thrown(() => engineFile('cryengine', handoff)), 'engine', /no engine is named "cryengine": one of godot, unity, unreal, env/);
  const injected = thrown(() => engineFile('env', { ...handoff, hostname: 'a\nGAMECLOUD_DEV_TOKEN=stolen' }));
  assert.ok(injected instanceof GameCloudError && injected.kind === 'invalid_request' && /^handoff(\.hostname)?$/.test(injected.issues[0].path), String(injected));
  wrongAt(thrown(() => engineFile('godot', { ...handoff, token: 'x"\n[evil]' })), 'handoff', /not shaped like one the service issues/);
  wrongAt(thrown(() => engineFile('unity', { ...handoff, gameId: 'game' })), 'handoff', /game id is not a UUID/);
  wrongAt(thrown(() => engineFile('unreal', { ...handoff, baseUrl: 'javascript:alert(1)' })), 'handoff', /base URL is not an http\(s\) URL/);
  wrongAt(thrown(() => engineFile('godot', { ...handoff, ports: { game: { protocol: 'udp', port: 'x' } } })), 'handoff.ports.game.port', /handoff\.ports\.game\.port/);
  // A port the service would refuse is refused here too, never written.
  for (const game of [{ protocol: 'udp', port: -1 }, { protocol: 'tcp', port_range: { min: 7010, max: 7000 } }, { protocol: 'udp', port: 1, port_range: { min: 2, max: 3 } }]) {
    const e = thrown(() => engineFile('godot', { ...handoff, ports: { game } }));
    assert.ok(e instanceof GameCloudError && e.kind === 'invalid_request' && e.issues[0].path.startsWith('handoff.ports.game'), `${JSON.stringify(game)}: ${e}`);
  }
  wrongAt(thrown(() => engineFile('godot', { ...handoff, ports: { toJSON: () => undefined } })), 'handoff.ports', /cannot be read as JSON/);
  wrongAt(thrown(() => engineFile('godot', { ...handoff, get tokenFromEnv() { throw new Error('boom'); } })), 'handoff.tokenFromEnv', /threw an exception: boom/);
  wrongAt(thrown(() => engineFile('godot', { ...handoff, ports: [] })), 'handoff.ports', /an object of port configurations keyed by label, not an array/);
  wrongAt(thrown(() => engineFile('godot', { ...handoff, hostname: 7 })), 'handoff.hostname', /must be a string, not the number 7/);
  wrongAt(thrown(() => engineFile('godot', { ...handoff, tokenFromEnv: 'yes' })), 'handoff.tokenFromEnv', /true or false/);
  wrongAt(thrown(() => engineFile('godot', null)), 'handoff', /must be an object such as/);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  wrongAt(thrown(() => engineFile('godot', proxy)), 'handoff.token', /Reading handoff\.token threw an exception/);
});

test('a hand-off sealed here opens in Python, one sealed in Python opens here, and so do the published vectors', async () => {
  const contents = { ...handoff, namespaceLabel: 'Staging (EU)', protected: true };
  const sealed = await sealHandoff(contents, PASSPHRASE);
  const dir = await mkdtemp(join(tmpdir(), 'gamecloud-handoff-'));
  const file = join(dir, 'handoff.txt');
  await writeFile(file, sealed);
  const python = execFileSync(PYTHON, [READER, file, PASSPHRASE], { encoding: 'utf8' });
  assert.match(python, new RegExp(`^token ${handoff.token}$`, 'm'));
  assert.match(python, /^namespace_label Staging \(EU\)$/m);
  assert.match(python, /^protected yes$/m);
  assert.match(python, /^port game udp 7000-7010$/m);

  assert.deepEqual(await openHandoff(sealed, PASSPHRASE), { ...contents });

  const lines = python.trimEnd().split('\n');
  for (const how of ['--seal', '--seal-v1']) {
    const theirs = execFileSync(PYTHON, [READER, how, PASSPHRASE], { input: lines.join('\n') + '\n', encoding: 'utf8' });
    assert.deepEqual(await openHandoff(theirs, PASSPHRASE), { ...contents }, how);
  }
  for (const vector of VECTORS) {
    const text = await readFile(vector, 'utf8');
    // Each vector decrypts; what it holds is then checked as any hand-off.
    const e = await openHandoff(text, VECTOR_PASSPHRASE).then((c) => c, (e) => e);
    assert.ok(!(e instanceof GameCloudError) || !/passphrase does not open|changed after/.test(e.message), `${vector}: ${e.message}`);
  }
});

test('a wrong passphrase, a cut or changed file and a weak passphrase each say what is wrong', async () => {
  const sealed = await sealHandoff(handoff, PASSPHRASE);
  wrongAt(await rejected(openHandoff(sealed, 'not-the-passphrase')), 'passphrase', /^The passphrase does not open this hand-off\.$/);
  wrongAt(await rejected(openHandoff(sealed.slice(0, 120), PASSPHRASE)), 'text', /cut short/);
  const last = sealed.trimEnd().split('\n').at(-1);
  const flipped = last.slice(0, 10) + (last[10] === 'A' ? 'B' : 'A') + last.slice(11);
  wrongAt(await rejected(openHandoff(sealed.replace(last, flipped), PASSPHRASE)), 'text', /changed after it was sealed/);
  wrongAt(await rejected(openHandoff('hello', PASSPHRASE)), 'text', /not an encrypted hand-off/);
  wrongAt(await rejected(sealHandoff(handoff, 'short')), 'passphrase', /12 characters or more/);
  wrongAt(await rejected(sealHandoff(handoff, 'abcabcabcabcabcabc')), 'passphrase', /6 different characters or more/);
  wrongAt(await rejected(sealHandoff({ ...handoff, namespaceId: service.namespaces.prod }, PASSPHRASE)), 'contents', /holds no usable token/);
  wrongAt(await rejected(openHandoff(42, PASSPHRASE)), 'text', /must be a hand-off file's text, not the number 42/);
});

test('a suggested passphrase passes the rules a sealed file asks of one', () => {
  const seen = new Set();
  for (let i = 0; i < 20; i++) {
    const p = suggestPassphrase();
    assert.match(p, /^[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){4}$/);
    assert.equal(passphraseProblem(p), null);
    seen.add(p);
  }
  assert.equal(seen.size, 20);
  assert.match(passphraseProblem('aaaaaaaaaaaaaaaa'), /6 different characters/);
});
