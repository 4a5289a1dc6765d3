// The built JS module (pkg/) used from Node 20 as a dashboard would: the four
// operations against the local service, and its errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { clearFaults, queueFault, serviceState, startService, until } from './harness.mjs';

// The package's `node` entry (its `exports` give Node this file).
const pkg = process.env.JS_PKG ?? new URL('../pkg/node.js', import.meta.url).href;
const { init, GameCloudClient, GameCloudError, validateDevTokenRequest, proxyPort, decodeToken, sendsTokenInClear } = await import(pkg);

let service;
/** The demo namespace named staging, as the service printed it. */
let staging;
let client;

before(async () => {
  service = await startService(['--test-hooks']);
  staging = service.namespaces.staging;
  client = new GameCloudClient({ baseUrl: service.url, token: async () => service.token, timeoutMs: 2000 });
});

after(async () => {
  await service?.stop();
});

async function rejects(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail('expected a rejection');
}

/** A Proxy of `target`, revoked: any operation on it throws a TypeError. */
function revoked(target = {}) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

const KiB = 1024;
const MiB = 1024 * KiB;

// Runs first: nothing has loaded the core yet.
test('importing loads nothing; init() loads once for every caller, and again after a failure', async () => {
  for (const call of [() => validateDevTokenRequest({ hostname: 'h' }), () => proxyPort('tcp'), () => decodeToken('a.b')]) {
    assert.throws(call, (e) => e instanceof GameCloudError && e.kind === 'not_loaded' && /\(\) needs the WebAssembly core, which is not loaded yet: await init\(\) first/.test(e.message));
  }
  const early = new GameCloudClient(null); // checked by its first call, once the core is there

  const missing = await rejects(init('/no/such/gamecloud_core_bg.wasm'));
  assert.ok(missing instanceof GameCloudError, String(missing));
  assert.equal(missing.kind, 'not_loaded');
  assert.equal(missing.url, '/no/such/gamecloud_core_bg.wasm');
  assert.equal(missing.cause.code, 'ENOENT');
  assert.match(missing.message, /did not load from \/no\/such\/gamecloud_core_bg\.wasm: .*call init\(\) again/);

  // Bytes that are not the core: said by their kind and size, not dumped.
  const junk = await rejects(init(new Uint8Array(100_000)));
  assert.equal(junk.kind, 'not_loaded');
  assert.equal(junk.url, undefined);
  assert.match(junk.message, /did not load from the Uint8Array given \(100000 bytes\)/);
  assert.ok(junk.message.length < 1000, `a short message: ${junk.message.length} characters`);

  // An early init() nobody awaits, that fails: no unhandled rejection (which
  // would end a Node process); a caller during the load waits for the same one.
  let unhandled = 0;
  const count = () => unhandled++;
  process.on('unhandledRejection', count);
  const nowhere = '/no/such/gamecloud_core_bg.wasm';
  const unawaited = init(nowhere);
  assert.equal(init(), unawaited, 'a caller during the load waits for the same load');
  // Nothing awaits it: its failure is seen when init() starts another
  // load (a failed one is forgotten). Node counts an unhandled rejection
  // once the microtasks have run, before the next turn of the event loop.
  let next = unawaited;
  for (let turn = 0; next === unawaited && turn < 10_000; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    next = init(nowhere);
  }
  assert.notEqual(next, unawaited, 'the unawaited load failed and was forgotten');
  assert.equal((await rejects(next)).kind, 'not_loaded');
  await new Promise((resolve) => setImmediate(resolve));
  process.off('unhandledRejection', count);
  assert.equal(unhandled, 0);

  // Issue 39: a value that throws when read (a revoked Proxy; getters, an
  // error's `message`, `toString` that throw) made init() reject with a
  // TypeError or the caller's own exception.
  const thrown = new Error('unreadable');
  Object.defineProperty(thrown, 'message', { get() { throw thrown; } });
  for (const wasm of [
    revoked(),
    revoked(new URL('file:///x.wasm')),
    { get href() { throw thrown; }, get constructor() { throw thrown; }, get byteLength() { throw thrown; } },
    { href: { toString() { throw thrown; }, [Symbol.toPrimitive]() { throw thrown; } } },
  ]) {
    const e = await rejects(init(wasm));
    assert.ok(e instanceof GameCloudError, String(e));
    assert.equal(e.kind, 'not_loaded');
    assert.match(e.message, /^The WebAssembly core did not load from .*call init\(\) again\.$/);
  }

  // A `file:` URL given as text is read as the file it names.
  const wasm = new URL('gamecloud_core_bg.wasm', pkg.startsWith('file:') ? pkg : `file://${pkg}`).href;
  const [a, b] = [init(wasm), init()];
  assert.equal(a, b, 'one load, however many wait');
  assert.equal(await a, undefined);
  assert.equal(init(), a, 'a later init() is the same load');
  assert.deepEqual(validateDevTokenRequest({ hostname: '127.0.0.1', ports: {} }), []);
  const e = await rejects(early.listBuilds(service.gameId));
  assert.ok(e instanceof GameCloudError && e.kind === 'invalid_request', e.message);
});

test('lists builds with exact bigint sizes', async () => {
  const { builds } = await client.listBuilds(service.gameId);
  assert.equal(builds.length, 36);
  assert.equal(typeof builds[0].content_length, 'bigint');
  assert.ok(builds.some((b) => b.content_length === 2n ** 53n + 1n));
  assert.equal(typeof builds[0].tags, 'object');
  assert.match(builds[0].create_ts, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test('creates a development token and decodes it', async () => {
  const request = { hostname: '192.168.1.20', ports: { default: { protocol: 'http', port: 8080 }, game: { protocol: 'udp', port_range: { min: 7000, max: 7010 } } } };
  assert.deepEqual(validateDevTokenRequest(request), []);
  const { token } = await client.createDevToken(service.gameId, staging, request);
  const decoded = decodeToken(token);
  assert.equal(decoded.kind, 'development');
  assert.equal(decoded.label, 'dev_staging');
  const dev = decoded.claims.entitlements[0];
  assert.equal(dev.kind, 'namespace_development');
  assert.equal(dev.hostname, '192.168.1.20');
  assert.deepEqual(dev.ports.map((p) => [p.label, p.protocol, p.port, p.portRange]), [
    ['default', 'http', 8080, null],
    ['game', 'udp', null, [7000, 7010]],
  ]);
  assert.equal(decoded.claims.expMs - decoded.claims.iatMs, 365 * 24 * 3600 * 1000);
});

test("sendsTokenInClear: plain http beyond this machine, the panel's own rule", async () => {
  await init();
  for (const url of ['http://gamecloud.example', 'HTTP://10.0.0.7:8080', 'http://127.0.0.1.nip.io']) {
    assert.equal(sendsTokenInClear(url), true, url);
  }
  for (const url of ['https://gamecloud.example', 'http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080', 'http://dev.localhost']) {
    assert.equal(sendsTokenInClear(url), false, url);
  }
  assert.throws(() => sendsTokenInClear(7), (e) => e instanceof GameCloudError && e.kind === 'invalid_request');
});

test('sets the CDN auth type and domain auth', async () => {
  assert.equal(await client.setCdnAuth(service.gameId, staging, 'basic'), undefined);
  assert.equal(await client.setDomainAuth(service.gameId, staging, true), undefined);
  const state = await serviceState(service);
  assert.deepEqual(state.namespaces[staging], { cdn_auth_type: 'basic', domain_auth_enabled: true });
});

test('failures are GameCloudErrors with a kind and the service fields', async () => {
  const wrong = new GameCloudClient({ baseUrl: service.url, token: 'not-a-token' });
  const e = await rejects(wrong.listBuilds(service.gameId));
  assert.ok(e instanceof GameCloudError && e instanceof Error);
  assert.equal(e.kind, 'service');
  assert.equal(e.status, 400);
  assert.equal(e.code, 'TOKEN_INVALID');
  assert.match(e.rayId, /^[0-9a-f-]{36}$/);
  assert.match(e.documentation, /^https:\/\//);

  const invalid = await rejects(client.createDevToken(service.gameId, staging, { hostname: ' ', ports: { Bad: { protocol: 'tcp' } } }));
  assert.equal(invalid.kind, 'invalid_request');
  assert.deepEqual(invalid.issues.map((i) => i.path), ['hostname', 'ports.Bad', 'ports.Bad']);

  const unknownGame = await rejects(client.listBuilds('00000000-0000-4000-8000-000000000000'));
  assert.equal(unknownGame.status, 500);
  assert.equal(unknownGame.code, 'ERROR');
});

test('bad arguments are rejected the same way, never with a crash', async () => {
  for (const call of [
    () => client.listBuilds(42),
    () => client.listBuilds(null),
    () => client.createDevToken(service.gameId, staging, null),
    () => client.createDevToken(service.gameId, staging, { hostname: 'h', ports: { a: { protocol: 'tcp', port: 'eighty' } } }),
    () => client.setDomainAuth(service.gameId, staging, 'yes'),
    () => client.listBuilds(service.gameId, { signal: 'stop' }),
  ]) {
    const e = await rejects(call());
    assert.ok(e instanceof GameCloudError, String(e));
    assert.equal(e.kind, 'invalid_request', e.message);
  }
  assert.throws(() => new GameCloudClient(null), GameCloudError);
  assert.throws(() => new GameCloudClient({ baseUrl: 'ftp://x', token: 't' }), (e) => e.kind === 'invalid_request');
  assert.throws(() => new GameCloudClient({ baseUrl: service.url, token: 't', retries: -1 }), GameCloudError);
  assert.throws(() => decodeToken('a.b'), (e) => e.kind === 'invalid_request' && /dot-separated/.test(e.message));
  // Each message names the argument once, and a function that sends
  // nothing does not say that a request was not sent.
  for (const [call, message] of [
    [() => decodeToken(42), 'token must be a string, not number.'],
    [() => proxyPort(7), 'protocol must be a string, not number.'],
    [() => validateDevTokenRequest(null), 'request is missing.'],
    [() => validateDevTokenRequest({ hostname: 'h', ports: 5 }), 'request.ports: invalid type: a number, expected an object.'],
    [() => validateDevTokenRequest({ hostname: 'h', ports: { a: { protocol: 'udp', port: '80' } } }), 'request.ports.a.port: invalid type: a string, expected a whole number.'],
    [() => decodeToken('a.b'), /^Not a readable token: token has 2 dot-separated parts/],
  ]) {
    assert.throws(call, (e) => e.kind === 'invalid_request' && (typeof message === 'string' ? e.message === message : message.test(e.message)), String(call));
  }
  // What was sent is quoted short: a megabyte of auth type is not echoed.
  const long = await rejects(client.setCdnAuth(service.gameId, staging, 'x'.repeat(1_000_000)));
  assert.equal(long.kind, 'invalid_request');
  assert.ok(long.message.length < 200, `${long.message.length} characters`);
  assert.match(long.message, /"x{32}…" is not a CDN auth type; use none or basic\.$/);
  assert.deepEqual(proxyPort('tcp_tls'), { kind: 'assigned', min: 26000, max: 31999, tlsAdded: true });
  assert.deepEqual(proxyPort('https'), { kind: 'fixed', port: 443 });
});

test('a request JSON cannot hold, or a wrong field, is an invalid_request naming where', async () => {
  // Arguments are read as the JSON text JS makes of them.
  const hostile = { hostname: 'h', ports: {} };
  Object.defineProperty(hostile, 'hostname', { enumerable: true, get() { throw new Error('boom'); } });
  const cyclic = { hostname: 'h', ports: {} };
  cyclic.self = cyclic;
  for (const request of [hostile, cyclic, { hostname: 'h', ports: { a: { protocol: 'tcp', port: 80n } } }]) {
    assert.throws(() => validateDevTokenRequest(request), (e) => e instanceof GameCloudError && e.kind === 'invalid_request', String(request));
    const e = await rejects(client.createDevToken(service.gameId, staging, request));
    assert.equal(e.kind, 'invalid_request', e.message);
  }
  // A Proxy that throws on every read, wherever an argument is read.
  const trap = new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } });
  assert.throws(() => validateDevTokenRequest(trap), (e) => e instanceof GameCloudError && e.kind === 'invalid_request');
  assert.throws(() => new GameCloudClient(trap), (e) => e instanceof GameCloudError && e.kind === 'invalid_request');
  const readingSignal = await rejects(client.listBuilds(service.gameId, trap));
  assert.ok(readingSignal instanceof GameCloudError && readingSignal.kind === 'invalid_request', readingSignal.message);
  assert.equal(readingSignal.issues[0].path, 'options.signal');
  assert.throws(
    () => validateDevTokenRequest({ hostname: 'h', ports: { game: { protocol: 'udp', port: 'eighty' } } }),
    (e) => e.issues[0].path === 'request.ports.game.port' && /whole number/.test(e.message),
  );
});

test('a safe call is retried after a 503, a POST is not, and 429 carries retryAfterMs', async () => {
  const fault = (f) => queueFault(service, f);
  const hits = async () => (await serviceState(service)).hits;
  await clearFaults(service);
  await fault({ route: 'cdn-auth', status: 503 });
  await client.setCdnAuth(service.gameId, staging, 'none');
  assert.equal((await hits())['cdn-auth'], 2, 'retried once');

  await fault({ route: 'tokens/development', status: 503, body: '' });
  const e = await rejects(client.createDevToken(service.gameId, staging, { hostname: 'h', ports: {} }));
  assert.equal(e.kind, 'unexpected_answer');
  assert.equal(e.status, 503);
  assert.equal((await hits())['tokens/development'], 1, 'a POST is never repeated');

  const body = JSON.stringify({ code: 'API_RATE_LIMIT', message: 'slow down', ray_id: 'r' });
  await fault({ route: 'builds', status: 429, body, content_type: 'application/json', retry_after: '120', times: 3 });
  const limited = await rejects(client.listBuilds(service.gameId));
  assert.equal(limited.code, 'API_RATE_LIMIT');
  assert.equal(limited.retryAfterMs, 120000);
  await clearFaults(service);
});

// Issue 39: answers were read whole, however large: a server could fill the
// memory of a Node process (or a page) that used the module.
test('an answer is read up to the limit of its call; past it, a decode error, and the rest is not read', async () => {
  await clearFaults(service);
  const patient = new GameCloudClient({ baseUrl: service.url, token: service.token, timeoutMs: 60000 });
  // Up to the limit, the answer is read: the padding is JSON white space.
  await queueFault(service, { route: 'cdn-auth', pad_to: 64 * KiB });
  assert.equal(await patient.setCdnAuth(service.gameId, staging, 'none'), undefined);
  await queueFault(service, { route: 'builds', pad_to: 64 * MiB });
  assert.equal((await patient.listBuilds(service.gameId)).builds.length, 36);
  // One byte more is refused, for each call its own limit.
  const request = { hostname: '127.0.0.1', ports: {} };
  for (const [route, limit, call] of [
    ['cdn-auth', '64 KiB', () => patient.setCdnAuth(service.gameId, staging, 'none')],
    ['domain-public-auth', '64 KiB', () => patient.setDomainAuth(service.gameId, staging, false)],
    ['tokens/development', '64 KiB', () => patient.createDevToken(service.gameId, staging, request)],
    ['builds', '64 MiB', () => patient.listBuilds(service.gameId)],
  ]) {
    await queueFault(service, { route, pad_to: (limit === '64 MiB' ? 64 * MiB : 64 * KiB) + 1 });
    const e = await rejects(call());
    assert.ok(e instanceof GameCloudError, String(e));
    assert.equal(e.kind, 'decode', e.message);
    assert.equal(e.status, 200);
    assert.equal(
      e.message,
      `The service answered 200 with a body this client cannot read: the body: the answer is larger than ${limit}, the most this client reads for this call, and was not read.`,
    );
  }
  // Reading stops there: of a 256 MiB answer, little more than the limit
  // leaves the service before the client hangs up.
  await clearFaults(service);
  await queueFault(service, { route: 'cdn-auth', pad_to: 256 * MiB });
  assert.equal((await rejects(patient.setCdnAuth(service.gameId, staging, 'none'))).kind, 'decode');
  // A client that read on would pass 32 MiB within half a second: the count
  // is watched that long, and the watch fails as soon as it does.
  const padding = async () => (await serviceState(service)).padding_sent;
  await rejects(until(async () => (await padding()) >= 32 * MiB, { ms: 500, what: '32 MiB of padding sent' }));
  const sent = await padding();
  assert.ok(sent < 32 * MiB, `${sent} bytes of padding sent`);
  await clearFaults(service);
});

// Issue 39: a revoked Proxy as an id threw a TypeError through the wasm, and
// a token function's error whose `message` getter throws left the call's
// promise pending for ever.
test('a hostile argument to any export is a GameCloudError naming it, never a TypeError or a pending promise', async () => {
  await init();
  const thrown = new Error('unreadable');
  Object.defineProperty(thrown, 'message', { get() { throw thrown; } });
  const throwing = (...keys) => {
    const o = {};
    for (const key of keys) Object.defineProperty(o, key, { enumerable: true, get() { throw thrown; } });
    return o;
  };
  const unprintable = { toString() { throw thrown; }, [Symbol.toPrimitive]() { throw thrown; }, toJSON() { throw thrown; } };
  const hostile = [revoked(), revoked(() => {}), revoked([]), unprintable, throwing('length', 'then')];
  /** The call's outcome within 5 s: a settled promise, or `pending`. */
  const outcome = (promise) =>
    Promise.race([
      promise.then((value) => ({ value }), (error) => ({ error })),
      new Promise((resolve) => setTimeout(() => resolve({ pending: true }), 5000)),
    ]);
  const invalid = (error, what, path) => {
    assert.ok(error instanceof GameCloudError, `${what}: ${error}`);
    assert.equal(error.kind, 'invalid_request', `${what}: ${error.message}`);
    if (path) assert.match(error.issues[0].path, typeof path === 'string' ? new RegExp(`^${path}$`) : path, `${what}: ${error.message}`);
  };
  const rejected = async (promise, what, path) => {
    const { error, pending } = await outcome(promise);
    assert.ok(!pending, `${what}: the promise settles`);
    invalid(error, what, path);
  };

  // The synchronous functions throw a GameCloudError.
  for (const [i, value] of hostile.entries()) {
    for (const [name, f] of [['decodeToken', decodeToken], ['proxyPort', proxyPort], ['validateDevTokenRequest', validateDevTokenRequest]]) {
      assert.throws(() => f(value), (e) => (invalid(e, `${name}(hostile[${i}])`), true));
    }
    assert.throws(() => new GameCloudClient(value), (e) => (invalid(e, `new GameCloudClient(hostile[${i}])`), true));
  }
  const options = { baseUrl: service.url, token: service.token, timeoutMs: 2000, retries: 1 };
  for (const key of Object.keys(options)) {
    const reading = Object.defineProperties({ ...options }, { [key]: { get() { throw thrown; } } });
    assert.throws(() => new GameCloudClient(reading), (e) => (invalid(e, `options.${key} throws`, key), true));
  }

  // Every argument of every method: the promise rejects.
  const request = { hostname: 'h', ports: {} };
  for (const [i, value] of hostile.entries()) {
    await rejected(client.listBuilds(value), `listBuilds(hostile[${i}])`, 'gameId');
    await rejected(client.createDevToken(value, staging, request), `createDevToken(hostile[${i}], …)`, 'gameId');
    await rejected(client.createDevToken(service.gameId, value, request), `createDevToken(…, hostile[${i}], …)`, 'namespaceId');
    await rejected(client.createDevToken(service.gameId, staging, value), `createDevToken(…, hostile[${i}])`, 'request');
    await rejected(client.setCdnAuth(service.gameId, value, 'none'), `setCdnAuth(…, hostile[${i}], …)`, 'namespaceId');
    await rejected(client.setCdnAuth(service.gameId, staging, value), `setCdnAuth(…, hostile[${i}])`, 'authType');
    await rejected(client.setDomainAuth(service.gameId, staging, value), `setDomainAuth(…, hostile[${i}])`, 'enabled');
    await rejected(client.listBuilds(service.gameId, { signal: value }), `{ signal: hostile[${i}] }`, 'options.signal');
  }
  // Call options that throw when read, and an object that only has an
  // AbortSignal's prototype (its getters throw).
  for (const [i, value] of [revoked(), revoked(() => {}), revoked([]), throwing('signal')].entries()) {
    await rejected(client.setDomainAuth(service.gameId, staging, true, value), `setDomainAuth(…, options ${i})`, /^options(\.signal)?$/);
  }
  await rejected(client.listBuilds(service.gameId, { signal: Object.create(AbortSignal.prototype) }), 'a fake signal', 'options.signal');

  // Token functions that throw, or give back, what throws when read.
  const hostilePromise = Promise.resolve(service.token);
  hostilePromise.then = () => { throw thrown; };
  for (const [what, token] of [
    ['throws an error whose message throws', () => { throw thrown; }],
    ['throws a revoked Proxy', () => { throw revoked(); }],
    ['is a revoked Proxy', revoked(() => service.token)],
    ['returns a revoked Proxy', () => revoked()],
    ['rejects with an error whose message throws', () => Promise.reject(thrown)],
    ['returns a thenable whose then throws', () => throwing('then')],
    ['returns a promise whose own then throws', () => hostilePromise],
  ]) {
    const tokenClient = new GameCloudClient({ baseUrl: service.url, token, timeoutMs: 2000 });
    await rejected(tokenClient.listBuilds(service.gameId), `a token function that ${what}`, 'token');
  }

  // Nothing is left broken: the module still works.
  assert.equal((await client.listBuilds(service.gameId)).builds.length, 36);
  const { token } = await client.createDevToken(service.gameId, staging, request);
  assert.equal(decodeToken(token).kind, 'development');
});

test('timeouts and aborts end the call with their own kinds', async () => {
  await queueFault(service, { route: 'tokens/development', delay_ms: 1500 });
  const quick = new GameCloudClient({ baseUrl: service.url, token: service.token, timeoutMs: 200 });
  const t = await rejects(quick.createDevToken(service.gameId, staging, { hostname: 'h' }));
  assert.equal(t.kind, 'timeout');
  assert.equal(t.timeoutMs, 200);

  const controller = new AbortController();
  const pending = client.listBuilds(service.gameId, { signal: controller.signal });
  controller.abort();
  assert.equal((await rejects(pending)).kind, 'aborted');
});

test('an answer that trickles in still ends at the timeout or the abort, and its connection is closed, however often Node collects garbage', async () => {
  // Node's fetch links the signal to its request weakly: a collection
  // during the call used to lose the abort, and the call never ended.
  // A call still pending after 5 s fails here (and is let go: the
  // service's connections are closed below).
  const settled = (call) =>
    rejects(Promise.race([call, new Promise((resolve) => setTimeout(resolve, 5000, 'still pending after 5 s')).then((why) => Promise.reject(new Error(why)))]));
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  let closed = 0;
  const trickle = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"builds":[');
    const beat = setInterval(() => res.write(' '), 100);
    req.on('close', () => {
      clearInterval(beat);
      closed++;
    });
  });
  await new Promise((resolve) => trickle.listen(0, '127.0.0.1', resolve));
  const collect = setInterval(gc, 50);
  try {
    const baseUrl = `http://127.0.0.1:${trickle.address().port}`;
    const quick = new GameCloudClient({ baseUrl, token: 't', timeoutMs: 500, retries: 0 });
    const t = await settled(quick.listBuilds(service.gameId));
    assert.equal(t.kind, 'timeout', t.message);
    const patient = new GameCloudClient({ baseUrl, token: 't', timeoutMs: 60000, retries: 0 });
    const controller = new AbortController();
    const pending = patient.listBuilds(service.gameId, { signal: controller.signal });
    // Aborted while the answer trickles (it never ends): the time is only "later".
    setTimeout(() => controller.abort(), 500);
    const a = await settled(pending);
    assert.equal(a.kind, 'aborted', a.message);
    await until(() => closed >= 2, { ms: 2000, what: 'both connections closed' });
    assert.equal(closed, 2, 'each call closed its connection');
  } finally {
    clearInterval(collect);
    trickle.closeAllConnections();
    trickle.close();
  }
});

test('the timeout and the signal apply while the token function is still pending', async () => {
  const never = () => new Promise(() => {});
  const slowToken = new GameCloudClient({ baseUrl: service.url, token: never, timeoutMs: 300 });
  const started = Date.now();
  const t = await rejects(slowToken.listBuilds(service.gameId));
  assert.equal(t.kind, 'timeout', t.message);
  assert.ok(Date.now() - started < 2000, 'ends at the timeout, not never');

  const patient = new GameCloudClient({ baseUrl: service.url, token: never, timeoutMs: 60000 });
  const controller = new AbortController();
  const pending = patient.setDomainAuth(service.gameId, staging, true, { signal: controller.signal });
  // Aborted while it waits for a token that never comes: the time is only "later".
  setTimeout(() => controller.abort(), 50);
  assert.equal((await rejects(pending)).kind, 'aborted');
  // Already aborted: the token function is not even called.
  let called = false;
  const counting = new GameCloudClient({ baseUrl: service.url, token: () => { called = true; return service.token; } });
  assert.equal((await rejects(counting.listBuilds(service.gameId, { signal: AbortSignal.abort() }))).kind, 'aborted');
  assert.equal(called, false);
  // A token that arrives in time still works, and its rejection is named.
  const late = new GameCloudClient({ baseUrl: service.url, token: () => new Promise((r) => setTimeout(() => r(service.token), 100)), timeoutMs: 2000 });
  assert.equal((await late.listBuilds(service.gameId)).builds.length, 36);
  const failing = new GameCloudClient({ baseUrl: service.url, token: async () => { throw new Error('vault sealed'); } });
  assert.match((await rejects(failing.listBuilds(service.gameId))).message, /vault sealed/);
});

test('a documentation link that is not http(s) is dropped, never handed on', async () => {
  const body = JSON.stringify({ code: 'ERROR', message: 'm', ray_id: 'r', documentation: 'javascript:alert(1)' });
  await queueFault(service, { route: 'cdn-auth', status: 400, body, content_type: 'application/json' });
  const e = await rejects(client.setCdnAuth(service.gameId, staging, 'none'));
  assert.equal(e.code, 'ERROR');
  assert.equal(e.documentation, undefined);
});

test('decodeToken gives exact times up to the last date and a clear error beyond', () => {
  const varint = (n) => {
    const out = [];
    for (n = BigInt(n); n >= 0x80n; n >>= 7n) out.push(Number(n & 0x7fn) | 0x80);
    out.push(Number(n));
    return out;
  };
  const token = (exp) => {
    const claims = Buffer.from([0x08, ...varint(exp), 0x10, ...varint(1)]);
    const b64 = (b) => Buffer.from(b).toString('base64url');
    return `${b64('{"typ":"JWT","alg":"EdDSA"}')}.${b64(claims)}.${b64(new Uint8Array(64))}`;
  };
  assert.equal(decodeToken(token(8_640_000_000_000_000n)).claims.expMs, 8_640_000_000_000_000);
  for (const exp of [2n ** 53n + 1n, 2n ** 64n - 1n]) {
    assert.throws(() => decodeToken(token(exp)), (e) => e instanceof GameCloudError && e.kind === 'invalid_request' && e.message.includes(`exp is ${exp} ms`), String(exp));
  }
});

test('npm pack gives an installable package with types, and no Leptos but in the elements', async () => {
  const { execFileSync } = await import('node:child_process');
  const dir = new URL('../pkg/', import.meta.url).pathname;
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: dir, encoding: 'utf8' }));
  assert.equal(info.name, '@gamecloud/client');
  // The elements' parts, named by their content (`part-*.wasm`, `pack-*.wasm`), apart.
  const parts = info.files.map((f) => f.path).filter((p) => /^(part|pack)-[\w-]{16}\.wasm$/.test(p));
  assert.ok(parts.some((p) => p.startsWith('pack-')) && parts.some((p) => p.startsWith('part-')), 'the elements come in parts');
  assert.deepEqual(info.files.map((f) => f.path).filter((p) => !parts.includes(p)).sort(), [
    'README.md',
    'builds-api.js',
    'builds-node.js',
    'builds.d.ts',
    'builds.js',
    'bulk-api.js',
    'bulk-node.js',
    'bulk.d.ts',
    'bulk.js',
    'cli.js',
    'cli/args.js',
    'cli/commands.js',
    'cli/main.js',
    'cli/output.js',
    'elements.css',
    'elements.d.ts',
    'elements.js',
    'fetch.js',
    'files-api.js',
    'files-node.js',
    'files.d.ts',
    'files.js',
    'gamecloud_builds.js',
    'gamecloud_builds_bg.wasm',
    'gamecloud_bulk.js',
    'gamecloud_bulk_bg.wasm',
    'gamecloud_core.js',
    'gamecloud_core_bg.wasm',
    'gamecloud_elements.js',
    'gamecloud_elements_bg.wasm',
    'gamecloud_files.js',
    'gamecloud_files_bg.wasm',
    'index.d.ts',
    'index.js',
    'kind.js',
    'load.js',
    'node.js',
    'package.json',
    'read.js',
    'shared.js',
  ]);
  const { readFileSync } = await import('node:fs');
  for (const glue of ['gamecloud_core.js', 'gamecloud_builds.js', 'gamecloud_files.js', 'gamecloud_bulk.js']) {
    assert.doesNotMatch(readFileSync(new URL(`../pkg/${glue}`, import.meta.url), 'utf8'), /leptos/i);
  }
  const manifest = JSON.parse(readFileSync(new URL('../pkg/package.json', import.meta.url), 'utf8'));
  // Importing the elements defines them: a bundler must keep that import.
  assert.deepEqual(manifest.sideEffects, ['./elements.js']);
  // Each environment its entry, the types first (TypeScript reads the first
  // match), Node before the browser (a test runner under Node that also sets
  // `browser` reads the file rather than fetching it).
  assert.deepEqual(Object.entries(manifest.exports['.']), [
    ['types', './index.d.ts'],
    ['node', './node.js'],
    ['browser', './index.js'],
    ['default', './index.js'],
  ]);
  assert.deepEqual(Object.entries(manifest.exports['./builds']), [
    ['types', './builds.d.ts'],
    ['node', './builds-node.js'],
    ['browser', './builds.js'],
    ['default', './builds.js'],
  ]);
  assert.deepEqual(Object.entries(manifest.exports['./files']), [
    ['types', './files.d.ts'],
    ['node', './files-node.js'],
    ['browser', './files.js'],
    ['default', './files.js'],
  ]);
  assert.deepEqual(Object.entries(manifest.exports['./bulk']), [
    ['types', './bulk.d.ts'],
    ['node', './bulk-node.js'],
    ['browser', './bulk.js'],
    ['default', './bulk.js'],
  ]);
  // No entry carries another's loading code, nor the other entry's wasm.
  const entry = (f) => readFileSync(new URL(`../pkg/${f}`, import.meta.url), 'utf8');
  for (const browser of ['index.js', 'builds.js', 'files.js', 'bulk.js', 'fetch.js']) assert.doesNotMatch(entry(browser), /node:|readFile|read\.js/, browser);
  for (const node of ['node.js', 'builds-node.js', 'files-node.js', 'bulk-node.js', 'read.js', 'cli.js', 'cli/args.js', 'cli/commands.js', 'cli/main.js', 'cli/output.js']) {
    assert.doesNotMatch(entry(node), /fetch\(|fetch\.js/, node);
  }
  assert.doesNotMatch(entry('builds.js') + entry('builds-api.js'), /gamecloud_core|gamecloud_files|shared\.js|files-api/);
  assert.doesNotMatch(entry('files.js') + entry('files-api.js'), /gamecloud_core|gamecloud_builds|shared\.js|builds-api/);
  assert.doesNotMatch(entry('index.js') + entry('shared.js'), /gamecloud_builds|gamecloud_files|gamecloud_bulk|builds-api|files-api|bulk-api/);
  assert.doesNotMatch(entry('bulk.js') + entry('bulk-api.js'), /gamecloud_core|gamecloud_builds|gamecloud_files|shared\.js/);
  const all = ['index.js', 'node.js', 'shared.js', 'load.js', 'kind.js', 'fetch.js', 'read.js', 'builds.js', 'builds-node.js', 'builds-api.js', 'files.js', 'files-node.js', 'files-api.js', 'bulk.js', 'bulk-node.js', 'bulk-api.js'];
  assert.doesNotMatch(all.map(entry).join('\n'), /import\(|^await /m);
});
