// What the drop-in elements promise their host, held against a host that
// changes its mind: a token goes only to the service it was given for
// (whenever base-url changes: before the wasm has loaded, while the element
// is out of the page, or with a provider that answers per service), the
// host's protected namespaces are asked for by name, a refused token is asked
// about once, and the action log and recent ids stay in memory unless the
// host asks to keep them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serviceState, startService, until } from './harness.mjs';
import { ElementsHost } from './pages/index.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
/** A development token's shape (the local service's own test token is not one). */
const TOKEN = 'dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl';
/** A service nobody listens at: the page's calls there are seen, and fail. */
const OTHER = 'http://127.0.0.1:9/';
let service;
let browser;

before(async () => {
  service = await startService(['--test-hooks'], { dist: `${ROOT}target/example` });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await service?.stop();
});

/**
 * The `Authorization` of each call the page makes to `OTHER` (the preflight
 * and the page's probe carry none: `none`).
 */
function tokensSentToOther(page) {
  const sent = [];
  page.on('request', (r) => {
    if (r.url().startsWith(OTHER)) sent.push(r.allHeaders().then((h) => h.authorization ?? 'none'));
  });
  return async () => new Set(await Promise.all(sent));
}

/** The example host page (see `ElementsHost.open`). */
const openHost = (options) => ElementsHost.open(browser, service, options);

/** The example page, not connected, with calls to another origin allowed (its policy would stop them before they left). */
const hostPage = (options = {}) => openHost({ connect: false, bypassCSP: true, ...options });

/** Sets the builds element's ids and token as a host's script does. */
const give = (page, token) =>
  page.evaluate(({ token, game, ns }) => {
    const el = document.querySelector('gamecloud-builds');
    el.setAttribute('game', game);
    el.setAttribute('namespace', ns);
    el.token = token;
  }, { token, game: service.gameId, ns: service.namespaces.staging });

const setBaseUrl = (page, url) => page.evaluate((url) => document.querySelector('gamecloud-builds').setAttribute('base-url', url), url);

test('base-url changed while the wasm loads: the new service never receives the token given for the first', async () => {
  let release;
  const held = new Promise((r) => (release = r));
  const host = await hostPage({
    before: (page) => page.route('**/gamecloud_elements_bg.wasm', async (route) => {
      await held;
      await route.continue();
    }),
  });
  const { page } = host;
  const sentToOther = tokensSentToOther(page);
  await give(page, service.token);
  await setBaseUrl(page, OTHER);
  release();
  // The page mounts for the other service, with no token: it asks for one.
  await until(async () => (await host.events()).some((e) => e.detail.message?.includes('it was dropped and is not sent there')), { what: 'the host told the token was dropped' });
  await host.pageIn('builds').waitFor({ timeout: 30_000 });
  assert.ok(![...(await sentToOther())].some((t) => t.includes(service.token)), 'the old token went to the other service');
  await page.context().close();
});

test('removed, given another base-url, put back: the token stays with the first service', async () => {
  const host = await hostPage();
  const { page } = host;
  const sentToOther = tokensSentToOther(page);
  await give(page, service.token);
  await host.buildsShown();
  await page.evaluate((url) => {
    const el = document.querySelector('gamecloud-builds');
    const place = el.parentElement;
    el.remove();
    el.setAttribute('base-url', url);
    window.putBack = () => place.append(el);
  }, OTHER);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0))); // the removal's microtask: the page is taken down
  await page.evaluate(() => window.putBack());
  await host.pageIn('builds').waitFor({ timeout: 30_000 });
  assert.ok(![...(await sentToOther())].some((t) => t.includes(service.token)), 'the old token went to the other service');
  await page.context().close();
});

test('a provider that answers per service, base-url changed while the wasm loads: only its answer for the new one goes there', async () => {
  let release;
  const held = new Promise((r) => (release = r));
  const host = await hostPage({
    before: (page) => page.route('**/gamecloud_elements_bg.wasm', async (route) => {
      await held;
      await route.continue();
    }),
  });
  const { page } = host;
  const sentToOther = tokensSentToOther(page);
  await page.evaluate(({ token, game, ns }) => {
    const el = document.querySelector('gamecloud-builds');
    el.setAttribute('game', game);
    el.setAttribute('namespace', ns);
    window.asked = [];
    el.tokenProvider = async (url) => {
      window.asked.push(url);
      // The other service's answer comes later than the page could send.
      if (url.startsWith(location.origin)) return token;
      await new Promise((r) => setTimeout(r, 300));
      return 'token-for-the-other-service';
    };
  }, { token: service.token, game: service.gameId, ns: service.namespaces.staging });
  await until(async () => (await page.evaluate(() => window.asked)).length === 1, { what: 'the provider asked for this page’s service' });
  await setBaseUrl(page, OTHER);
  release();
  await until(async () => (await page.evaluate(() => window.asked)).includes(OTHER), { what: 'the provider asked for the other service' });
  await host.alertIn('builds').waitFor({ timeout: 30_000 });
  const tokens = [...(await sentToOther())].filter((t) => t !== 'none');
  assert.deepEqual(tokens, ['Bearer token-for-the-other-service'], 'only the provider’s answer for that service went there');
  await page.context().close();
});

test('the same base-url set again (a framework’s render) keeps the token and the page', async () => {
  const host = await hostPage();
  const { page } = host;
  await page.evaluate(({ token, game, ns }) => {
    const el = document.querySelector('gamecloud-builds');
    el.setAttribute('game', game);
    el.setAttribute('namespace', ns);
    window.asked = 0;
    el.tokenProvider = () => (++window.asked, token);
  }, { token: service.token, game: service.gameId, ns: service.namespaces.staging });
  await host.buildsShown();
  const origin = await page.evaluate(() => location.origin);
  await setBaseUrl(page, origin);
  await setBaseUrl(page, origin);
  await host.buildsShown();
  assert.equal(await page.evaluate(() => window.asked), 1, 'the provider is not asked again for the same service');
  await page.context().close();
});

test('a token the service refuses is asked about once: refused again, the provider is left alone until the host speaks', async () => {
  const host = await hostPage();
  const { page } = host;
  // A service that refuses every token.
  await page.route('**/cloud/games/**', (route) =>
    route.request().method() === 'OPTIONS'
      ? route.continue()
      : route.fulfill({ status: 401, contentType: 'application/json', body: '{"code":"API_UNAUTHORIZED","message":"Unauthorized.","ray_id":"r-401"}' }),
  );
  await page.evaluate(({ game, ns }) => {
    const el = document.querySelector('gamecloud-builds');
    el.setAttribute('game', game);
    el.setAttribute('namespace', ns);
    window.asked = 0;
    el.tokenProvider = () => `fresh-token-${++window.asked}`;
  }, { game: service.gameId, ns: service.namespaces.staging });
  const stopped = async () => (await host.events()).filter((e) => e.detail.message?.includes('is not asked again'));
  await until(async () => (await stopped()).length === 1, { ms: 15_000, what: 'the event that says the provider is not asked again' });
  assert.equal(await page.evaluate(() => window.asked), 2, 'asked when connected, and once after the first refusal');
  const [said] = await stopped();
  assert.equal(said.from, 'gamecloud-builds');
  assert.equal(said.detail.status, 401);
  // Nothing more happens on its own: no call, no question. No event marks
  // "nothing": for a second, the page is watched for another question or
  // another word, and the watch ends at once (failing) if either comes.
  const another = page.waitForFunction(() => window.asked !== 2 || window.seen.filter((e) => e.detail.message?.includes('is not asked again')).length !== 1, null, { timeout: 1000 });
  await assert.rejects(another, /Timeout/, 'nothing more happened');
  assert.equal(await page.evaluate(() => window.asked), 2);
  assert.equal((await stopped()).length, 1, 'said once');
  // The host gives a provider again: asked again.
  await page.evaluate(() => {
    const el = document.querySelector('gamecloud-builds');
    el.tokenProvider = () => `fresh-token-${++window.asked}`;
  });
  await until(async () => (await page.evaluate(() => window.asked)) >= 3, { what: 'the new provider asked' });
  await page.context().close();
});

test('the host’s protected namespaces: a change to one is applied only once its name is typed; a list that cannot be read shows no page', async () => {
  const host = await openHost();
  const { page, settings: cdn } = host;
  await cdn.shown();
  await page.evaluate((id) => {
    document.querySelector('gamecloud-namespace-settings').protected = [{ id: id.toUpperCase(), name: 'Staging EU' }];
  }, service.namespaces.staging);
  await cdn.choose('basic');
  // Protected, the selected namespace is left out until ticked, as in the panel.
  await cdn.tick(service.namespaces.staging);
  const dialog = await cdn.askToApply();
  assert.match(await dialog.said(), /Staging EU/);
  assert.equal(await dialog.confirmButton.isDisabled(), true, 'applied without its name');
  await dialog.confirm('staging eu');
  await cdn.summary('1 of 1 changed.');
  assert.equal((await serviceState(service)).namespaces[service.namespaces.staging].cdn_auth_type, 'basic');
  // Read back as given, and refused when it cannot protect.
  const said = await page.evaluate((token) => {
    const el = document.querySelector('gamecloud-namespace-settings');
    const out = [JSON.stringify(el.protected)];
    for (const bad of [[{ id: 'prod', name: 'Production' }], [{ id: token, name: 'x' }], 'x', [{ id: '4f3c2a10-0000-4000-8000-000000000001', name: 'pr\u200bod' }]]) {
      try {
        el.protected = bad;
        out.push('accepted');
      } catch (e) {
        out.push(`${e.kind} ${e.message}`);
      }
    }
    return out;
  }, TOKEN);
  assert.match(said[0], /Staging EU/);
  assert.match(said[1], /^invalid_request .*not "prod"/);
  assert.match(said[2], /^invalid_request .*not a token/);
  assert.ok(!said[2].includes(TOKEN.split('.')[1]), 'the token is repeated');
  assert.match(said[3], /^invalid_request protected must be an array/);
  assert.match(said[4], /^invalid_request .*control or invisible/);
  // Set before the page mounts, a list it cannot read leaves no page to change anything with.
  const early = await openHost({
    before: (p) => p.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const el = document.querySelector('gamecloud-namespace-settings');
        if (!el) return;
        observer.disconnect();
        el.protected = [{ id: 'production', name: 'Production' }];
      }).observe(document, { childList: true, subtree: true });
    }),
  });
  const alert = early.alertIn('namespace-settings');
  await alert.waitFor({ timeout: 30_000 });
  assert.match(await alert.textContent(), /protected\[0\]\.id must be a namespace id/);
  assert.equal(await early.buttonsIn('namespace-settings', /Apply/).count(), 0);
  assert.ok((await early.events()).some((e) => e.type === 'gamecloud-error' && /protected\[0\]/.test(e.detail.message)));
  await early.page.context().close();
  await page.context().close();
});

test('the action log and the recent ids stay in memory unless the host sets persist', async () => {
  const keys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => /log|recent/.test(k)).sort());
  const host = await openHost();
  const { page, settings: cdn } = host;
  await host.buildsShown();
  await cdn.choose('none');
  await cdn.apply();
  await cdn.summary('1 of 1 changed.');
  assert.deepEqual(await keys(page), [], 'nothing kept in the host origin’s storage');
  await page.context().close();

  const kept = await openHost({
    before: (p) => p.addInitScript(() => {
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('gamecloud-builds, gamecloud-dev-token, gamecloud-namespace-settings')) el.setAttribute('persist', '');
      }).observe(document, { childList: true, subtree: true });
    }),
  });
  await kept.buildsShown();
  const settings = kept.settings;
  await settings.choose('none');
  await settings.apply();
  await settings.summary('1 of 1 changed.');
  await until(async () => (await keys(kept.page)).length === 2, { what: 'the log and the recent ids kept' });
  await kept.page.context().close();
});
