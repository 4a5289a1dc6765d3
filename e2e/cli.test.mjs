// The `gamecloud` command as a studio's CI job or engineer runs it: the
// package packed (`npm pack`) and installed into a fresh project, then run by
// `npx` against the local service, the token only in GAMECLOUD_API_TOKEN.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearFaults, queueFault, serviceState, startService, until } from './harness.mjs';

const pkg = new URL('../pkg/', import.meta.url).pathname;
let project;
let service;

before(async () => {
  const packDir = mkdtempSync(join(tmpdir(), 'gamecloud-pack-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: pkg, encoding: 'utf8' }));
  project = mkdtempSync(join(tmpdir(), 'gamecloud-cli-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'studio-ci', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(packDir, packed.filename)], { cwd: project, stdio: 'pipe' });
  service = await startService(['--test-hooks']);
});
after(async () => {
  await service?.stop();
});

/**
 * A call of this process to the service's test hooks, tried again once:
 * this process's fetch keeps its connection to the service open, and the
 * service closes one idle for 10 s (its --client-timeout), which is how long
 * the commands run before it may take.
 */
async function again(call) {
  try {
    return await call();
  } catch {
    return call();
  }
}
const state = () => again(() => serviceState(service));
const fault = (f) => again(() => queueFault(service, f));
const clear = () => again(() => clearFaults(service));

/** `npx gamecloud ...args` in the project: its exit code and what it printed. */
function gamecloud(args, env = {}) {
  const r = spawnSync('npx', ['--no-install', 'gamecloud', ...args], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, GAMECLOUD_API_TOKEN: service.token, GAMECLOUD_BASE_URL: service.url, GAMECLOUD_PROTECTED: '', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('builds: a table with exact sizes, and the panel\'s JSON and CSV exports', () => {
  const table = gamecloud(['builds', '--game', service.gameId, '--sort', 'content_length:desc']);
  assert.equal(table.code, 0, table.err);
  const lines = table.out.trimEnd().split('\n');
  assert.match(lines[0], /^NAME +BUILD ID +UPLOAD +SIZE +CREATED$/);
  assert.match(lines[1], /9,007,199,254,740,993 bytes/);
  assert.equal(lines.at(-1), '36 of 36 builds');

  const json = gamecloud(['builds', '--game', service.gameId, '--filter', 'nightly', '--json']);
  assert.equal(json.code, 0, json.err);
  const { builds } = JSON.parse(json.out);
  assert.equal(builds.length, 3);
  const csv = gamecloud(['builds', '--game', service.gameId, '--state', 'unfinished', '--csv']);
  assert.equal(csv.code, 0, csv.err);
  assert.match(csv.out, /^display_name,build_id,upload_id,complete,content_length,create_ts,tags\r\n/);
  assert.ok(csv.out.split('\r\n').slice(1, -1).every((l) => l.includes(',false,')), 'only unfinished uploads');
});

test('a build name cannot write to the terminal: control characters are shown, not run', async () => {
  const evil = '\u001b[2J\u001b]0;owned\u0007Nightly \u202e1v';
  const body = JSON.stringify({ builds: [{ build_id: '11111111-1111-4111-8111-111111111111', upload_id: '22222222-2222-4222-8222-222222222222', display_name: evil, create_ts: '2026-11-01T00:00:00Z', content_length: 1, complete: true, tags: {} }] });
  await fault({ route: 'builds', status: 200, body, content_type: 'application/json' });
  const r = gamecloud(['builds', '--game', service.gameId]);
  assert.equal(r.code, 0, r.err);
  assert.doesNotMatch(r.out, /[\u001b\u0007\u202e]/);
  assert.match(r.out, /\ufffd\[2J/);
  // In JSON too (escaped, the same data), and a token that is no token is not printed.
  await fault({ route: 'builds', status: 200, body, content_type: 'application/json' });
  const json = gamecloud(['builds', '--game', service.gameId, '--json']);
  assert.doesNotMatch(json.out, /[\u001b\u0007\u202e]/);
  assert.equal(JSON.parse(json.out).builds[0].display_name, evil);
  await fault({ route: 'tokens/development', status: 200, body: JSON.stringify({ token: '\u001b]0;owned\u0007' }), content_type: 'application/json' });
  const token = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '10.0.0.1']);
  assert.equal(token.code, 1);
  assert.doesNotMatch(token.out + token.err, /[\u001b\u0007]/);
  assert.match(token.err, /not shaped like one/);
  // --csv, into a pipe as into a terminal: the CSV's own line ends and
  // quoting stay, nothing a terminal would run.
  const lines = JSON.stringify({
    builds: [
      JSON.parse(body).builds[0],
      { ...JSON.parse(body).builds[0], build_id: '33333333-3333-4333-8333-333333333333', display_name: 'two\nlines, \u009b31m\u2066' },
      // A formula behind a control: the export's guard saw the control first.
      { ...JSON.parse(body).builds[0], build_id: '44444444-4444-4444-8444-444444444444', display_name: '\u0007=HYPERLINK("http://evil/")' },
    ],
  });
  await fault({ route: 'builds', status: 200, body: lines, content_type: 'application/json' });
  const csv = gamecloud(['builds', '--game', service.gameId, '--csv']);
  assert.equal(csv.code, 0, csv.err);
  assert.doesNotMatch(csv.out.replaceAll('\r\n', ''), /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  assert.equal(csv.out.split('\r\n').length, 5, 'a header, three rows, and the last line end');
  assert.match(csv.out, /"two\ufffdlines, \ufffd31m\ufffd"/);
  assert.doesNotMatch(csv.out, /(^|,)"?[=+\-@]/m, 'a cell begins with a formula');
  await clear();
});

test('a token where an id or a name belongs is refused, never used or printed back', async () => {
  const { staging, prod } = service.namespaces;
  // A development token's shape (the service's own test token is not one).
  const token = 'dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl';
  const before = (await state()).hits;
  for (const [args, env, flag] of [
    [['builds', '--game', token], {}, '--game'],
    [['builds', '--game', service.gameId, token], {}, 'builds takes no (a token, not shown)'],
    [['dev-token', '--game', service.gameId, '--namespace', `Bearer ${token}`, '--hostname', '10.0.0.1'], {}, '--namespace'],
    [['cdn-auth', '--game', service.gameId, '--namespace', staging, '--namespace', token, 'basic'], {}, '--namespace'],
    [['cdn-auth', '--game', service.gameId, '--namespace', prod, 'basic', '--protected', `${prod}=${token}`], {}, '--protected'],
    [['cdn-auth', '--game', service.gameId, '--namespace', prod, 'basic'], { GAMECLOUD_PROTECTED: token }, 'GAMECLOUD_PROTECTED'],
  ]) {
    const r = gamecloud(args, env);
    assert.equal(r.code, 2, r.out + r.err);
    assert.ok(r.err.includes(flag.startsWith('builds') ? flag : `${flag} holds a token`), r.err);
    assert.ok(!(r.out + r.err).includes(token.split('.')[1]), `${flag}: the token was printed`);
  }
  // A name a person cannot type back (U+0085 alone was confirmed by --confirm '').
  const unnamable = gamecloud(['domain-auth', '--game', service.gameId, '--namespace', prod, 'on', '--protected', `${prod}=\u0085`, '--confirm', '']);
  assert.equal(unnamable.code, 2, unnamable.out + unnamable.err);
  assert.match(unnamable.err, /--protected: the name of [0-9a-f-]{36}: A label cannot hold control or invisible characters/);
  assert.deepEqual((await state()).hits, before, 'nothing was sent');
});

test('dev-token --out: the token goes into the file the command created, never through a link put at its path meanwhile', async () => {
  const out = join(project, 'swapped.cfg');
  const elsewhere = join(project, 'elsewhere.cfg');
  writeFileSync(elsewhere, '');
  await fault({ route: 'tokens/development', delay_ms: 3000 });
  const child = spawn('npx', ['--no-install', 'gamecloud', 'dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '10.0.0.3', '--engine', 'godot', '--out', out], {
    cwd: project,
    env: { ...process.env, GAMECLOUD_API_TOKEN: service.token, GAMECLOUD_BASE_URL: service.url, GAMECLOUD_PROTECTED: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  // The command made its file and waits for the token: a link goes there.
  await until(() => existsSync(out), { ms: 20_000, what: 'the command to make its file' });
  assert.ok(existsSync(out), 'the command made its file');
  rmSync(out);
  symlinkSync(elsewhere, out);
  const [code] = await once(child, 'exit');
  assert.equal(code, 1, stdout + stderr);
  assert.equal(readFileSync(elsewhere, 'utf8'), '', 'the token went through the link');
  assert.match(stderr, /could not write .*swapped\.cfg: the file was moved or replaced during the call\. The token, shown once:/);
  assert.match(stdout, /\S+\.\S+/, 'the token, shown once rather than lost');
  await clear();
});

test('dev-token: every problem keyed by port label and exit 2; a token, or the engine file holding it', () => {
  const bad = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', ' ', '--port', 'Bad=tcp:80', '--port', 'game=udp:7010-7000']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /^hostname: /m);
  assert.match(bad.err, /^ports\.Bad: /m);
  assert.match(bad.err, /^ports\.game\.port_range: /m);

  const plain = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '192.168.1.20', '--port', 'game=udp:7777']);
  assert.equal(plain.code, 0, plain.err);
  assert.match(plain.out.trim(), /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/, 'the token alone, to pipe');

  const out = join(project, 'gamecloud_dev.cfg');
  const godot = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '192.168.1.20', '--engine', 'godot', '--out', out]);
  assert.equal(godot.code, 0, godot.err);
  assert.match(readFileSync(out, 'utf8'), /^\[gamecloud\]\ntoken="[^"]+"$/m);
  assert.doesNotMatch(godot.out, /token="/, 'the token is not printed when it is written to a file');

  // An existing file is never overwritten, and nothing is created when the file cannot be written.
  const again = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '192.168.1.20', '--engine', 'godot', '--out', out]);
  assert.equal(again.code, 2);
  assert.match(again.err, /exists: choose another --out/);
  const nowhere = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '192.168.1.20', '--engine', 'godot', '--out', join(project, 'no', 'such', 'f.cfg')]);
  assert.equal(nowhere.code, 2);
  assert.match(nowhere.err, /is not a folder/);
  const twice = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', 'h', '--port', 'a=udp:1', '--port', 'a=udp:2']);
  assert.equal(twice.code, 2);
  assert.match(twice.err, /--port a=… is given twice/);

  const fromEnv = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '10.0.0.2', '--engine', 'env', '--out', join(project, 'dev.env'), '--token-from-env']);
  assert.equal(fromEnv.code, 0, fromEnv.err);
  assert.doesNotMatch(readFileSync(join(project, 'dev.env'), 'utf8'), /GAMECLOUD_DEV_TOKEN=/);
  assert.match(readFileSync(join(project, 'dev.env.local.env'), 'utf8'), /^GAMECLOUD_DEV_TOKEN=\S+$/m);
});

test('cdn-auth and domain-auth: a protected namespace needs --confirm NAME, and nothing is sent to it without', async () => {
  const { staging, prod } = service.namespaces;
  const refused = gamecloud(['cdn-auth', '--game', service.gameId, '--namespace', staging, '--namespace', prod, 'basic'], { GAMECLOUD_PROTECTED: `${prod}=Prod EU` });
  assert.equal(refused.code, 3, refused.out + refused.err);
  assert.match(refused.out, new RegExp(`^${staging}: done$`, 'm'));
  assert.match(refused.out, new RegExp(`^Prod EU \\(${prod}\\): refused \\(protected: nothing sent; add --confirm 'Prod EU' to change it\\)$`, 'm'));
  assert.match(refused.out, /^1 of 2 changed, 1 not sent \(protected, not confirmed\)\.$/m);
  assert.equal((await state()).namespaces[prod].cdn_auth_type, 'none');

  const confirmed = gamecloud(['cdn-auth', '--game', service.gameId, '--namespace', prod, 'basic', '--protected', `${prod}=Prod EU`, '--confirm', 'prodeu']);
  assert.equal(confirmed.code, 0, confirmed.out + confirmed.err);
  assert.equal((await state()).namespaces[prod].cdn_auth_type, 'basic');

  const on = gamecloud(['domain-auth', '--game', service.gameId, '--namespace', staging, 'on']);
  assert.equal(on.code, 0, on.out + on.err);
  assert.equal(on.out.trim().split('\n').at(-1), '1 of 1 changed.');
  assert.equal((await state()).namespaces[staging].domain_auth_enabled, true);
});

test('a protected namespace is the one namespace however its id is spelt, and the name or id the refusal asks for confirms it', async () => {
  const { prod } = service.namespaces;
  const braced = `{${prod.toUpperCase()}}`;
  const run = (setting, protectedAs, ...confirm) =>
    gamecloud(['domain-auth', '--game', service.gameId, '--namespace', braced, setting, '--protected', protectedAs, ...confirm]);
  // Marked as urn:uuid:..., named with braces and capitals: its name is found.
  const refused = run('on', `urn:uuid:${prod}=Prod EU`);
  assert.equal(refused.code, 3, refused.out + refused.err);
  assert.match(refused.out, new RegExp(`^Prod EU \\(${prod}\\): refused \\(protected: nothing sent; add --confirm 'Prod EU' to change it\\)$`, 'm'));
  const named = run('on', `urn:uuid:${prod}=Prod EU`, '--confirm', 'Prod EU');
  assert.equal(named.code, 0, named.out + named.err);
  assert.equal((await state()).namespaces[prod].domain_auth_enabled, true);
  // Marked with no name: the id the refusal gives confirms it.
  const unnamed = run('off', prod.toUpperCase());
  assert.equal(unnamed.code, 3, unnamed.out + unnamed.err);
  const hint = unnamed.out.match(/add --confirm '([^']+)' to change it/)?.[1];
  assert.equal(hint, prod, unnamed.out);
  const byId = run('off', prod.toUpperCase(), '--confirm', hint);
  assert.equal(byId.code, 0, byId.out + byId.err);
  assert.equal((await state()).namespaces[prod].domain_auth_enabled, false);
  // A name that a shell would run: the refusal's hint, pasted into one, is the name.
  const hostile = `${prod}=$(touch pwned) it's`;
  const asked = run('on', hostile);
  const pasted = asked.out.match(/add --confirm ('.*') to change it\)$/m)?.[1];
  assert.equal(pasted, `'$(touch pwned) it'\\''s'`, asked.out);
  const viaShell = spawnSync('bash', ['-c', `npx --no-install gamecloud domain-auth --game "$GAME" --namespace "$NS" on --protected "$MARK" --confirm ${pasted}`], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, GAMECLOUD_API_TOKEN: service.token, GAMECLOUD_BASE_URL: service.url, GAMECLOUD_PROTECTED: '', GAME: service.gameId, NS: prod, MARK: hostile },
  });
  assert.equal(viaShell.status, 0, viaShell.stdout + viaShell.stderr);
  assert.ok(!existsSync(join(project, 'pwned')), 'the shell ran nothing');
  assert.equal((await state()).namespaces[prod].domain_auth_enabled, true);
});

test('a protected list the command cannot read is refused before anything is sent, not taken to protect nothing', async () => {
  const { staging, prod } = service.namespaces;
  const before = (await state()).hits;
  for (const [env, args] of [
    [{ GAMECLOUD_PROTECTED: `${prod} ${staging}` }, []], // spaces, not commas
    [{ GAMECLOUD_PROTECTED: `${prod}=Prod, EU` }, []], // a comma in a name
    [{}, ['--protected', 'prod']], // a name, not an id
  ]) {
    const r = gamecloud(['domain-auth', '--game', service.gameId, '--namespace', prod, 'off', ...args], env);
    assert.equal(r.code, 2, r.out + r.err);
    assert.match(r.err, /^gamecloud: (GAMECLOUD_PROTECTED|--protected): "[^"]+" is not a namespace id, so it would protect nothing\./m);
  }
  assert.deepEqual((await state()).hits, before, 'nothing was sent');
});

test('dev-token --engine: a file that cannot be made, or that the engine cannot hold, is said before a token is created', async () => {
  const before = (await state()).hits;
  const dangling = join(project, 'dangling.json');
  symlinkSync(join(project, 'nowhere', 'x.json'), dangling);
  const cases = [
    ['dev box', join(project, 'unity-dev.json'), /hostname/i],
    ['192.168.1.20', '', /--out is required/],
    ['192.168.1.20', `${join(project, 'newdir')}/`, /names a folder/],
    ['192.168.1.20', dangling, /exists: choose another --out/],
    ['192.168.1.20', '/proc/gamecloud-unity-dev.json', /could not create \/proc\/gamecloud-unity-dev\.json/],
  ];
  for (const [hostname, out, words] of cases) {
    const r = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', hostname, '--engine', 'unity', '--out', out]);
    assert.equal(r.code, 2, `${out}: ${r.out}${r.err}`);
    assert.match(r.err, words, out);
    assert.equal(r.out, '', `${out}: no token printed`);
  }
  assert.ok(!existsSync(join(project, 'unity-dev.json')), 'nothing left behind');
  assert.deepEqual((await state()).hits, before, 'no token was created');
  // A base URL from a CI secret ending in a newline is the URL.
  const out = join(project, 'unity-ci.json');
  const ok = gamecloud(['dev-token', '--game', service.gameId, '--namespace', service.namespaces.staging, '--hostname', '192.168.1.20', '--engine', 'unity', '--out', out], { GAMECLOUD_BASE_URL: `${service.url}\n` });
  assert.equal(ok.code, 0, ok.out + ok.err);
  assert.ok(readFileSync(out, 'utf8').includes(service.url.replace(/\/$/, '')));
});

test('builds: a wrong --sort and --state both said before anything is sent; plain http to another machine warned of; a reader that stops early ends it quietly', async () => {
  const wrong = gamecloud(['builds', '--game', service.gameId, '--sort', 'nope', '--state', 'weird', '--base-url', 'http://127.0.0.1:1']);
  assert.equal(wrong.code, 2, wrong.err);
  assert.match(wrong.err, /--sort nope: no column is named "nope": one of display_name/);
  assert.match(wrong.err, /--state weird: state must be "all", "complete" or "unfinished"/);
  const extra = gamecloud(['builds', '--game', service.gameId, '--sort', 'content_length:desc:x']);
  assert.equal(extra.code, 2, extra.err);
  assert.match(extra.err, /--sort content_length:desc:x: write COLUMN, COLUMN:asc or COLUMN:desc\./);
  // Plain http beyond this machine is said, as the panel says it; the local service is not.
  const far = gamecloud(['builds', '--game', service.gameId, '--base-url', 'http://gamecloud.invalid:8080']);
  assert.match(far.err, /^warning: http:\/\/gamecloud\.invalid:8080 is plain http: the token crosses the network unencrypted\./m);
  assert.doesNotMatch(gamecloud(['builds', '--game', service.gameId]).err, /plain http/);
  const blank = gamecloud(['cdn-auth', '--game', service.gameId, '--namespace', ' ', 'none']);
  assert.equal(blank.code, 2, blank.out + blank.err);
  assert.match(blank.err, /--namespace is required, and not empty/);
  const many = await startService(['--builds', '20000']);
  try {
    const head = spawnSync('bash', ['-c', 'set -o pipefail; npx --no-install gamecloud builds --game "$GAME" | head -1'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, GAMECLOUD_API_TOKEN: many.token, GAMECLOUD_BASE_URL: many.url, GAME: many.gameId },
    });
    assert.equal(head.status, 0, head.stderr);
    assert.equal(head.stderr, '');
    assert.match(head.stdout, /^NAME +BUILD ID +UPLOAD +SIZE +CREATED\n$/);
  } finally {
    await many.stop();
  }
});

test('the token only from the environment; a wrong command line exits 2 and says why; --help for each', () => {
  const asArgument = gamecloud(['builds', '--game', service.gameId, '--token', 'secret']);
  assert.equal(asArgument.code, 2);
  assert.match(asArgument.err, /read from GAMECLOUD_API_TOKEN only/);
  const none = gamecloud(['builds', '--game', service.gameId], { GAMECLOUD_API_TOKEN: '' });
  assert.equal(none.code, 2);
  assert.match(none.err, /Set GAMECLOUD_API_TOKEN/);
  const wrong = gamecloud(['cdn-auth', '--game', service.gameId, '--namespace', service.namespaces.staging, 'oauth']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.err, /cdn-auth takes one of none or basic\.\nRun gamecloud cdn-auth --help\./);
  for (const name of ['deploy', 'toString', '__proto__', 'constructor']) {
    const unknown = gamecloud([name]);
    assert.equal(unknown.code, 2, name);
    assert.match(unknown.err, new RegExp(`no command "${name}"`), name);
  }
  for (const command of ['builds', 'dev-token', 'cdn-auth', 'domain-auth']) {
    const help = gamecloud([command, '--help']);
    assert.equal(help.code, 0);
    assert.match(help.out, new RegExp(`^gamecloud ${command} `));
  }
  const top = gamecloud(['--help']);
  assert.match(top.out, /Exit codes:\n  0  done\n  1 /);
  const failed = gamecloud(['builds', '--game', service.gameId], { GAMECLOUD_API_TOKEN: 'wrong-token' });
  assert.equal(failed.code, 1);
  assert.match(failed.err, /^gamecloud: /);
});

test('a well-kept command: --version, help on stdout, usage on stderr, help COMMAND, a flag given twice', () => {
  const version = gamecloud(['--version']);
  assert.equal(version.code, 0, version.err);
  assert.equal(version.out.trim(), JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version);
  const top = gamecloud(['--help']);
  assert.equal(top.code, 0);
  assert.match(top.out, /^gamecloud: the game cloud service from a terminal\./);
  const bare = gamecloud([]);
  assert.equal(bare.code, 2);
  assert.equal(bare.out, '', 'nothing asked: the usage goes to stderr');
  assert.match(bare.err, /^gamecloud: the game cloud service from a terminal\./);
  assert.equal(gamecloud(['help', 'builds']).out, gamecloud(['builds', '--help']).out);
  assert.match(gamecloud(['help', 'dev-token']).out, /^gamecloud dev-token --game ID/);
  const twice = gamecloud(['builds', '--game', service.gameId, '--game', service.namespaces.staging]);
  assert.equal(twice.code, 2, twice.out + twice.err);
  assert.match(twice.err, /--game is given twice: once\./);
});

test('ids in any spelling; credentials in the base URL refused; the caller\'s own token never printed back', async () => {
  // {ID} and urn:uuid: are the game's id.
  for (const spelt of [`{${service.gameId.toUpperCase()}}`, `urn:uuid:${service.gameId}`]) {
    const r = gamecloud(['builds', '--game', spelt, '--json']);
    assert.equal(r.code, 0, `${spelt}: ${r.err}`);
    assert.ok(JSON.parse(r.out).builds.length > 0);
  }
  const withUser = gamecloud(['builds', '--game', service.gameId, '--base-url', service.url.replace('http://', 'http://ci:hunter2@')]);
  assert.equal(withUser.code, 2, withUser.out + withUser.err);
  assert.match(withUser.err, /holds a user name or password/);
  assert.ok(!withUser.err.includes('hunter2'), 'the password is printed');
  // A service that echoes the token it refused.
  await fault({ route: 'builds', status: 401, body: JSON.stringify({ code: 'API_UNAUTHORIZED', message: `Token ${service.token} is not valid.`, ray_id: 'r-echo' }), content_type: 'application/json' });
  const echoed = gamecloud(['builds', '--game', service.gameId]);
  assert.equal(echoed.code, 1, echoed.err);
  assert.ok(!(echoed.out + echoed.err).includes(service.token), echoed.err);
  assert.match(echoed.err, /\(your token, not shown\)/);
  await clear();
});

test('dev-token on a stdout that fails says the token was not delivered; a service that never answers is said with the time waited', async () => {
  const piped = spawnSync('bash', ['-c', 'set -o pipefail; npx --no-install gamecloud dev-token --game "$GAME" --namespace "$NS" --hostname 10.0.0.9 | true'], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, GAMECLOUD_API_TOKEN: service.token, GAMECLOUD_BASE_URL: service.url, GAMECLOUD_PROTECTED: '', GAME: service.gameId, NS: service.namespaces.staging },
  });
  assert.equal(piped.status, 1, piped.stderr);
  assert.match(piped.stderr, /the token was not delivered: standard output failed/);
  // Accepts, and never sends a header.
  const sockets = [];
  const silent = createServer((socket) => sockets.push(socket));
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  try {
    const child = spawn('npx', ['--no-install', 'gamecloud', 'builds', '--game', service.gameId, '--base-url', `http://127.0.0.1:${silent.address().port}`, '--timeout', '0.3'], {
      cwd: project,
      env: { ...process.env, GAMECLOUD_API_TOKEN: service.token, GAMECLOUD_PROTECTED: '' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const [code] = await once(child, 'exit');
    assert.equal(code, 1, stderr);
    assert.match(stderr, /\(waited \d+\.\d s in all\)/);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});
