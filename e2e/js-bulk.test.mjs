// `@gamecloud/client/bulk` from Node 20 as a dashboard would use it: one
// setting applied to the local service's namespaces through a
// GameCloudClient, with the service's failures injected (`--test-hooks`): a
// result per namespace, three calls at most at once, a 429's pause, a retry
// of what failed, an abort, progress events, and protected namespaces.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { clearFaults, queueFault, serviceState, startService, until } from './harness.mjs';

const pkg = (file) => new URL(`../pkg/${file}`, import.meta.url).href;
const { BulkChange, GameCloudError } = await import(pkg('bulk-node.js'));
const { GameCloudClient } = await import(pkg('node.js'));

/** Namespaces the service does not have: each call to one fails (a 500, as the running service answers). */
const UNKNOWN = ['b', 'c', 'd', 'e', 'f'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);

let service;
let client;
let staging;
let prod;

before(async () => {
  service = await startService(['--test-hooks']);
  ({ staging, prod } = service.namespaces);
  // No retry inside a call: the change's own rules are what is tested.
  client = new GameCloudClient({ baseUrl: service.url, token: service.token, retries: 0 });
});
after(async () => {
  await service?.stop();
});
beforeEach(async () => {
  await clearFaults(service);
});

const cdn = async (id) => (await serviceState(service)).namespaces[id]?.cdn_auth_type;
/** The calls the service has had at `route` (`cdn-auth`...), counted as they arrive. */
const hitsOf = async (route) => (await serviceState(service)).hits[route] ?? 0;
const statuses = (results) => results.map((r) => `${r.label || r.namespaceId}: ${r.status}`);

test('a setting reaches each namespace with a result for each, a protected one only with its name typed', async () => {
  const change = new BulkChange({
    client,
    gameId: service.gameId,
    namespaces: [{ id: staging, label: 'Staging' }, { id: prod, label: 'Prod EU' }],
    setting: { cdnAuth: 'basic' },
    protected: [prod.toUpperCase()], // any spelling of the id marks it
    confirmed: { [prod]: 'prod eu' }, // spaces and ASCII case do not count
  });
  const seen = [];
  change.addEventListener('progress', (e) => seen.push(e.detail.summary));
  const results = await change.run();
  assert.deepEqual(statuses(results), ['Staging: done', 'Prod EU: done']);
  assert.equal(await cdn(staging), 'basic');
  assert.equal(await cdn(prod), 'basic');
  assert.equal(change.summary, '2 of 2 changed.');
  assert.ok(seen.includes('0 of 2 changed, 2 to go.') && seen.at(-1) === '2 of 2 changed.', seen.join(' | '));

  const unconfirmed = new BulkChange({
    client,
    gameId: service.gameId,
    namespaces: [staging, { id: prod, label: 'Prod EU' }],
    setting: { cdnAuth: 'none' },
    protected: [prod],
    confirmed: { [prod]: 'prod' }, // not its name
  });
  const [first, second] = await unconfirmed.run();
  assert.equal(first.status, 'done');
  assert.equal(second.status, 'refused');
  assert.ok(second.error instanceof GameCloudError && second.error.kind === 'invalid_request');
  assert.equal(second.error.issues[0].path, `options.confirmed.${prod}`);
  assert.match(second.error.message, /^Prod EU is protected: nothing was sent to it\./);
  assert.equal(await cdn(prod), 'basic', 'nothing was sent to it');
  assert.equal(unconfirmed.summary, '1 of 2 changed, 1 not sent (protected, not confirmed).');
  assert.equal((await serviceState(service)).hits['cdn-auth'], 3, 'three calls in all');
});

test('three calls at most at once; what failed is sent again and what was done is not', async () => {
  await queueFault(service, { route: 'domain-public-auth', delay_ms: 300, times: 6 });
  const change = new BulkChange({ client, gameId: service.gameId, namespaces: [staging, ...UNKNOWN], setting: { domainAuth: true } });
  const results = await change.run();
  assert.deepEqual(results.map((r) => r.status), ['done', 'failed', 'failed', 'failed', 'failed', 'failed']);
  for (const r of results.slice(1)) assert.ok(r.error instanceof GameCloudError && r.error.status === 500 && /does not exist: check the ids/.test(r.error.message), String(r.error));
  assert.equal((await serviceState(service)).max_in_flight['domain-public-auth'], 3);
  assert.equal(change.summary, '1 of 6 changed, 5 failed.');

  const hits = (await serviceState(service)).hits['domain-public-auth'];
  await change.retryFailed();
  assert.equal((await serviceState(service)).hits['domain-public-auth'], hits + 5, 'only the five failed were sent again');
});

test('a 429 pauses every call for as long as it asks, then the run goes on', async () => {
  await queueFault(service, { route: 'cdn-auth', status: 429, retry_after: '1', body: '{"code":"API_RATE_LIMIT","message":"Slow down","ray_id":"r"}', content_type: 'application/json' });
  const change = new BulkChange({ client, gameId: service.gameId, namespaces: [staging, prod], setting: { cdnAuth: 'none' } });
  const t = Date.now();
  const results = await change.run();
  assert.deepEqual(results.map((r) => r.status), ['done', 'done']);
  assert.ok(Date.now() - t >= 950, `the run waited the second asked for (${Date.now() - t} ms)`);
});

test('an abort stops the run: what has not started is not sent, and a retry sends it', async () => {
  await queueFault(service, { route: 'cdn-auth', delay_ms: 400, times: 3 });
  const change = new BulkChange({ client, gameId: service.gameId, namespaces: [staging, ...UNKNOWN], setting: { cdnAuth: 'basic' } });
  const abort = new AbortController();
  // Aborted once the first three calls (three at once) reach the service,
  // which holds each 400 ms: they are on their way, the rest not started.
  const before = await hitsOf('cdn-auth');
  const aborted = until(async () => (await hitsOf('cdn-auth')) >= before + 3, { what: 'three calls at the service' }).then(() => abort.abort());
  const results = await change.run({ signal: abort.signal });
  await aborted;
  assert.deepEqual(results.slice(3).map((r) => r.status), ['not_sent', 'not_sent', 'not_sent']);
  assert.match(change.summary, /3 not sent \(cancelled\)\.$/);
  for (const r of results.slice(0, 3)) assert.equal(r.error?.kind, 'aborted', 'the calls on their way were aborted');
  const again = await change.retryFailed();
  assert.equal(again[0].status, 'done');
  assert.deepEqual(again.slice(1).map((r) => r.status), ['failed', 'failed', 'failed', 'failed', 'failed']);
});

test('each namespace once however it is spelt; a retry or a run while one goes is refused', async () => {
  await queueFault(service, { route: 'domain-public-auth', delay_ms: 300 });
  const change = new BulkChange({ client, gameId: service.gameId, namespaces: [staging, staging.toUpperCase(), { id: staging, label: 'again' }], setting: { domainAuth: false } });
  const before = await hitsOf('domain-public-auth');
  const running = change.run();
  // The run's call has reached the service, which holds it 300 ms.
  await until(async () => (await hitsOf('domain-public-auth')) > before, { what: 'the run\'s call at the service' });
  for (const call of [() => change.retryFailed(), () => change.run()]) {
    const e = await call().then(() => null, (e) => e);
    assert.ok(e instanceof GameCloudError && /is running/.test(e.message), String(e));
  }
  assert.deepEqual((await running).map((r) => r.status), ['done'], 'one result, for the first spelling');
  const e = await change.run({ signal: { aborted: true } }).then(() => null, (e) => e);
  assert.ok(e instanceof GameCloudError && e.issues[0].path === 'options.signal', String(e));
});

test('a protected mark that is not a namespace id is refused at run, and nothing is sent: it would protect nothing', async () => {
  const before = (await serviceState(service)).hits;
  for (const marked of [['prod'], [prod, `${prod} ${staging}`]]) {
    const change = new BulkChange({ client, gameId: service.gameId, namespaces: [staging, prod], setting: { cdnAuth: 'basic' }, protected: marked });
    const e = await change.run().then(() => null, (e) => e);
    const at = `options.protected[${marked.length - 1}]`;
    assert.ok(e instanceof GameCloudError && e.kind === 'invalid_request' && e.issues[0].path === at, String(e));
    assert.match(e.message, /must be a namespace id \(a UUID\), not "[^"]+": nothing was sent\./);
  }
  assert.deepEqual((await serviceState(service)).hits, before, 'nothing was sent');
});

test('a token where an id or a name belongs, or a name no one can type back, is refused at run without repeating it', async () => {
  const before = (await serviceState(service)).hits;
  const token = 'dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl';
  for (const [options, at, words] of [
    [{ gameId: `Bearer ${token}` }, 'options.gameId', /holds a token, not an id/],
    [{ namespaces: [staging, token] }, 'options.namespaces[1].id', /holds a token, not an id/],
    [{ namespaces: [{ id: prod, label: token }], protected: [prod] }, 'options.namespaces[0].label', /cannot hold a token/],
    [{ namespaces: [{ id: prod, label: '\u0085' }], protected: [prod], confirmed: { [prod]: '' } }, 'options.namespaces[0].label', /control or invisible/],
    [{ namespaces: [staging], protected: [token] }, 'options.protected[0]', /not a token: nothing was sent/],
  ]) {
    const change = new BulkChange({ client, gameId: service.gameId, namespaces: [staging], setting: { cdnAuth: 'basic' }, ...options });
    const e = await change.run().then(() => null, (e) => e);
    assert.ok(e instanceof GameCloudError && e.kind === 'invalid_request' && e.issues[0].path === at, `${at}: ${e}`);
    assert.match(e.message, words, at);
    assert.ok(!e.message.includes(token.split('.')[1]), `${at}: the token is repeated`);
  }
  assert.deepEqual((await serviceState(service)).hits, before, 'nothing was sent');
});

test('wrong options are refused by name, before anything is sent', () => {
  const base = { client, gameId: service.gameId, namespaces: [staging], setting: { cdnAuth: 'basic' } };
  const wrong = (options, path, words) => {
    assert.throws(() => new BulkChange(options), (e) => e instanceof GameCloudError && e.kind === 'invalid_request' && e.issues[0].path === path && words.test(e.message), path);
  };
  wrong(null, 'options', /such as \{ client, gameId, namespaces, setting \}/);
  wrong({ ...base, client: {} }, 'options.client', /GameCloudClient/);
  wrong({ ...base, gameId: 1 }, 'options.gameId', /must be a string/);
  wrong({ ...base, namespaces: [] }, 'options.namespaces', /at least one/);
  wrong({ ...base, namespaces: [staging, 7] }, 'options.namespaces[1]', /a namespace id or \{ id, label \}/);
  wrong({ ...base, setting: { cdnAuth: 'oauth' } }, 'options.setting.cdnAuth', /"none" or "basic"/);
  wrong({ ...base, setting: { cdnAuth: 'none', domainAuth: true } }, 'options.setting', /one setting/);
  wrong({ ...base, setting: { domainAuth: 'yes' } }, 'options.setting.domainAuth', /true or false/);
  wrong({ ...base, protected: staging }, 'options.protected', /a list of namespace ids/);
  wrong({ ...base, confirmed: ['prod'] }, 'options.confirmed', /the name typed for it/);
  wrong({ ...base, get namespaces() { throw new Error('boom'); } }, 'options.namespaces', /threw an exception: boom/);
  wrong({ ...base, namespaces: [{ get id() { throw new Error('no'); } }] }, 'options.namespaces[0].id', /threw an exception: no/);
  wrong({ ...base, setting: { get cdnAuth() { throw new Error('x'); } } }, 'options.setting', /threw an exception: x/);
});
