// @gamecloud/client/elements as a studio's dashboard uses it: the module's
// example host page (js/examples/), with its own theme, under the strict
// policy `script-src 'self' 'wasm-unsafe-eval'; style-src 'self'`, served with
// the built package by the local service. The three elements show the panel's
// pages against the service, send their events, take the host's theme, pass
// axe inside their shadow roots, and look as their committed pictures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { axeViolations, launchBrowser, queueFault, serviceState, startService, until } from './harness.mjs';
import { ElementsHost } from './pages/index.mjs';
import { OUT, TAKING, compare, holdClock, takeStill, watchParts } from './pictures.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const CLOCK = '2026-11-26T12:00:00Z';
let service;
let browser;

before(async () => {
  // The example's own folder served (`cargo xtask js` makes it): the page at
  // /js/examples/, the built package at /pkg/, nothing else of the repository.
  service = await startService(['--clock', CLOCK, '--test-hooks'], { dist: `${ROOT}target/example` });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await service?.stop();
});

/** The example host page (see `ElementsHost.open`). */
const openHost = (options) => ElementsHost.open(browser, service, options);

test('the three elements show the panel’s pages against the service, under the strict policy, from the wasm and the parts of their own', async () => {
  const host = await openHost();
  const { page, problems, wasm } = host;
  await host.buildsShown();
  // Exact sizes, as the panel's table shows them.
  assert.ok(await host.builds.table().getByRole('row').count() > 10);
  await host.tokens.createButton.waitFor();
  await host.settings.shown();
  // Each in a shadow root of its own, nothing of the panel in the host's DOM.
  const shadowed = await page.evaluate(() =>
    ['gamecloud-builds', 'gamecloud-dev-token', 'gamecloud-namespace-settings'].map((n) => Boolean(document.querySelector(n).shadowRoot?.querySelector('.gc-page'))),
  );
  assert.deepEqual(shadowed, [true, true, true]);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.gc-page').length), 0);
  assert.equal(wasm[0], 'gamecloud_elements_bg.wasm', 'the elements fetch their own wasm first');
  const rest = wasm.slice(1);
  assert.ok(rest.length > 0 && rest.every((f) => /^(part|pack)-[\w-]{16}\.wasm$/.test(f)), `then their pages' parts, and no other entry's wasm: ${wasm}`);
  assert.equal(new Set(wasm).size, wasm.length, 'each once');
  assert.deepEqual(await host.refused(), [], 'the policy refused nothing');
  assert.deepEqual(problems, []);
  // The token is never an attribute, nor readable back from the element.
  const leaks = await page.evaluate((token) => {
    const els = [...document.querySelectorAll('gamecloud-builds, gamecloud-dev-token, gamecloud-namespace-settings')];
    return els.filter((el) => el.outerHTML.includes(token) || el.token !== undefined).map((el) => el.localName);
  }, service.token);
  assert.deepEqual(leaks, []);
  await page.context().close();
});

test('a dashboard that shows only the builds never downloads the token page or the settings', async () => {
  // The example page with its other two elements taken out, as a dashboard
  // that embeds the list alone.
  const host = await openHost({
    before: (page) => page.route('**/js/examples/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replace('<gamecloud-dev-token></gamecloud-dev-token>', '')
        .replace('<gamecloud-namespace-settings></gamecloud-namespace-settings>', '');
      await route.fulfill({ response, body });
    }),
  });
  await host.buildsShown();
  const alone = host.wasm.slice();
  const all = await openHost();
  await all.buildsShown();
  await all.tokens.createButton.waitFor();
  await all.settings.shown();
  const more = all.wasm.filter((f) => !alone.includes(f));
  assert.ok(more.length > 0, `the token page and the settings come in files the builds alone never fetched: ${alone} / ${all.wasm}`);
  assert.deepEqual(host.problems, []);
  await host.page.context().close();
  await all.page.context().close();
});

test('a token made in the element is shown once there; the host hears what was made, never the token', async () => {
  const host = await openHost();
  const { page, tokens } = host;
  const token = await tokens.create('192.168.1.20');
  assert.ok(token.length > 20);
  await until(async () => (await host.events()).some((e) => e.type === 'gamecloud-change'), { what: 'the change event' });
  const [change] = (await host.events()).filter((e) => e.type === 'gamecloud-change');
  assert.equal(change.from, 'gamecloud-dev-token');
  assert.equal(change.composed, true);
  assert.equal(change.detail.operation, 'create-dev-token');
  assert.equal(change.detail.gameId, service.gameId);
  assert.equal(change.detail.namespaceId, service.namespaces.staging);
  assert.match(change.detail.rayId, /\S/);
  assert.ok(!JSON.stringify(change).includes(token), 'the event does not carry the token');
  // The host page lists it.
  await host.lists('create-dev-token');
  // The engine tabs move the focus with the arrow keys, inside the shadow root.
  await tokens.issued().handTo('Godot');
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(() => {
    const root = document.activeElement?.shadowRoot;
    return root?.activeElement?.getAttribute('role') + ' ' + root?.activeElement?.textContent;
  });
  assert.match(focused, /^tab Unity/);
  await page.context().close();
});

test('a setting applied in the element reaches the service, and the host hears what was set', async () => {
  const host = await openHost();
  const { page, settings, domain } = host;
  await settings.choose('basic');
  await settings.apply();
  await settings.summary('1 of 1 changed.');
  const state = await serviceState(service);
  assert.equal(state.namespaces[service.namespaces.staging].cdn_auth_type, 'basic');
  await (await domain.askToEnable()).confirm();
  await domain.showsLastSet('enabled');
  await until(async () => (await host.events()).filter((e) => e.type === 'gamecloud-change').length === 2, { what: 'both change events' });
  const changes = (await host.events()).filter((e) => e.type === 'gamecloud-change').map((e) => [e.from, e.detail.operation, e.detail.value]);
  assert.deepEqual(changes, [
    ['gamecloud-namespace-settings', 'set-cdn-auth', 'basic'],
    ['gamecloud-namespace-settings', 'set-domain-auth', 'enabled'],
  ]);
  await page.context().close();
});

test('a failure is said in the element and sent to the host as a GameCloudError naming the call', async () => {
  // A 500, which the page does not retry (a 503 it would, and then load).
  await queueFault(service, { route: 'builds', status: 500, body: '{"code":"API_INTERNAL_ERROR","message":"Something broke.","ray_id":"r-500"}', content_type: 'application/json' });
  const host = await openHost();
  await host.alertIn('builds').waitFor({ timeout: 30_000 });
  await until(async () => (await host.events()).some((e) => e.type === 'gamecloud-error'), { what: 'the error event' });
  const [error] = (await host.events()).filter((e) => e.type === 'gamecloud-error');
  assert.equal(error.from, 'gamecloud-builds');
  assert.equal(error.isGameCloudError, true);
  assert.equal(error.detail.kind, 'service');
  assert.equal(error.detail.status, 500);
  assert.equal(error.detail.operation, 'list-builds');
  // Retry, as the panel offers it, loads them.
  await host.builds.tryAgain();
  await host.buildsShown();
  await host.page.context().close();
});

test('a wrong token type from the host is refused by name, and the element keeps working', async () => {
  const host = await openHost({ connect: false });
  const { page } = host;
  const said = await page.evaluate(() => {
    const el = document.querySelector('gamecloud-builds');
    const out = [];
    for (const bad of [42, null, { toString: () => 'x' }]) {
      try {
        el.token = bad;
        out.push('accepted');
      } catch (e) {
        out.push(`${e.name} ${e.kind} ${e.issues[0].path}`);
      }
    }
    try {
      el.tokenProvider = 'not a function';
    } catch (e) {
      out.push(`${e.name} ${e.kind} ${e.issues[0].path}`);
    }
    return out;
  });
  assert.deepEqual(said, [
    'GameCloudError invalid_request token',
    'GameCloudError invalid_request token',
    'GameCloudError invalid_request token',
    'GameCloudError invalid_request tokenProvider',
  ]);
  // A provider given instead of the token is asked, and the builds load.
  await page.evaluate(({ token, game, ns }) => {
    const el = document.querySelector('gamecloud-builds');
    el.setAttribute('game', game);
    el.setAttribute('namespace', ns);
    el.tokenProvider = async () => token;
  }, { token: service.token, game: service.gameId, ns: service.namespaces.staging });
  await host.buildsShown();
  await page.context().close();
});

test('the builds element’s row menu works in its shadow root: two builds compared from it', async () => {
  const host = await openHost();
  await host.buildsShown();
  // The menu is found from the page, in the top layer.
  const { builds } = host;
  const rows = builds.rows();
  const menu = await builds.menuOf(rows.nth(0));
  await menu.item('Copy build id').waitFor();
  await menu.compare();
  await menu.closed();
  await builds.compare(rows.nth(3));
  await builds.comparison().waitFor();
  await host.page.context().close();
});

test('a token attribute is refused and removed; a token set before the elements were defined is taken', async () => {
  const { page } = await openHost({ connect: false });
  const said = await page.evaluate(async () => {
    const el = document.querySelector('gamecloud-namespace-settings');
    el.setAttribute('token', 'in-the-html');
    await new Promise((r) => setTimeout(r, 0)); // one turn of the page's tasks, no time: the element answers in a microtask
    return { attribute: el.getAttribute('token'), error: window.seen.find((e) => e.type === 'gamecloud-error')?.detail.message };
  });
  assert.equal(said.attribute, null);
  assert.match(said.error, /The token is never an attribute/);
  await page.context().close();

  // A framework that sets the property before the module defined the element.
  const early = await openHost({
    connect: false,
    before: (page) => page.addInitScript(({ token, game, ns }) => {
      new MutationObserver((_, observer) => {
        const el = document.querySelector('gamecloud-builds');
        if (!el) return;
        observer.disconnect();
        el.token = token;
        el.setAttribute('game', game);
        el.setAttribute('namespace', ns);
      }).observe(document, { childList: true, subtree: true });
    }, { token: service.token, game: service.gameId, ns: service.namespaces.staging }),
  });
  await early.buildsShown();
  assert.equal(await early.page.evaluate(() => document.querySelector('gamecloud-builds').token), undefined);
  await early.page.context().close();
});

test('another base-url starts the page again without the token: the provider is asked for that service’s', async () => {
  // The page's policy would stop any call to another origin before it left:
  // set aside here, to see what the page would send.
  const host = await openHost({ connect: false, bypassCSP: true });
  const { page } = host;
  const other = 'http://127.0.0.1:9/';
  const sent = [];
  page.on('request', (r) => {
    // The preflight, and the page's probe that tells a refused origin from a
    // network failure, carry no token.
    if (r.url().startsWith(other)) sent.push(r.allHeaders().then((h) => h.authorization ?? 'none'));
  });
  await page.evaluate(({ token, game, ns }) => {
    const el = document.querySelector('gamecloud-builds');
    el.setAttribute('game', game);
    el.setAttribute('namespace', ns);
    window.asked = [];
    el.tokenProvider = (url) => {
      window.asked.push(url);
      return url.startsWith(location.origin) ? token : 'token-for-the-other-service';
    };
  }, { token: service.token, game: service.gameId, ns: service.namespaces.staging });
  await host.buildsShown();
  await page.evaluate((url) => document.querySelector('gamecloud-builds').setAttribute('base-url', url), other);
  await until(async () => (await page.evaluate(() => window.asked)).includes(other), { what: 'the provider asked for the other service' });
  // The other service is not there: the page says so, having sent only its own token.
  await host.alertIn('builds').waitFor({ timeout: 30_000 });
  assert.ok(sent.length > 0, 'the page called the other service');
  const tokens = new Set(await Promise.all(sent));
  assert.ok(tokens.has('Bearer token-for-the-other-service'), [...tokens]);
  assert.deepEqual([...tokens].filter((t) => t !== 'none' && t !== 'Bearer token-for-the-other-service'), [], 'no other token went there');
  await page.context().close();
});

test('the elements leave the tab’s remembered panel token as it is: neither read nor moved to a newer key', async () => {
  // A panel of an earlier version, open in this tab on the host's origin, remembered its token.
  const host = await openHost({ tabStorage: { 'gamecloud.token': 'remembered-by-the-panel' } });
  const { page, problems } = host;
  await host.buildsShown();
  await host.tokens.createButton.waitFor();
  const kept = await page.evaluate(() => ({ v1: sessionStorage.getItem('gamecloud.token'), v2: sessionStorage.getItem('gamecloud.v2.token') }));
  assert.deepEqual(kept, { v1: 'remembered-by-the-panel', v2: null });
  assert.deepEqual(problems, []);
});

test('the host themes the elements: its accent, font and corners, a forced scheme, and ::part()', async () => {
  const host = await openHost();
  const { page } = host;
  await host.buildsShown();
  const look = () =>
    page.evaluate(() => {
      const root = document.querySelector('gamecloud-dev-token').shadowRoot;
      const button = getComputedStyle(root.querySelector('button:not(.gc-secondary):not(.gc-tertiary):not(.gc-small)'));
      const title = getComputedStyle(root.querySelector('h1'));
      const host = getComputedStyle(document.querySelector('gamecloud-dev-token'));
      return { accent: button.backgroundColor, radius: button.borderTopLeftRadius, font: title.fontFamily, spacing: title.letterSpacing, background: host.backgroundColor, text: host.color };
    });
  const light = await look();
  assert.equal(light.accent, 'rgb(109, 40, 217)', 'the host’s violet');
  assert.equal(light.radius, '10px');
  assert.match(light.font, /^Georgia/);
  assert.notEqual(light.spacing, 'normal', '::part(title) reached the heading');
  assert.equal(light.background, 'rgb(255, 255, 255)');
  // The host forces the dark scheme on the elements, the system light.
  await host.chooseScheme('dark');
  const dark = await look();
  assert.equal(dark.background, 'rgb(34, 26, 45)', 'the host’s dark card');
  assert.equal(dark.accent, 'rgb(183, 148, 246)');
  // Without the host's colours, a forced scheme picks the elements' own pair.
  const own = await page.evaluate(() => {
    const el = document.querySelector('gamecloud-builds');
    el.style.setProperty('--gamecloud-bg', 'initial');
    return getComputedStyle(el).backgroundColor;
  });
  assert.equal(own, 'rgb(13, 17, 23)', 'the panel’s dark background');
  await page.context().close();
});

test('axe finds nothing serious or critical on the host page, inside the elements’ shadow roots included', async () => {
  for (const scheme of ['light', 'dark']) {
    const host = await openHost({ scheme });
    await host.buildsShown();
    assert.deepEqual(await axeViolations(host.page), [], scheme);
    await host.page.context().close();
  }
});

test('an element removed from the page takes its page down; moved, it keeps what it shows', async () => {
  const { page, tokens } = await openHost();
  const token = await tokens.create('10.0.0.7');
  // Moved to another place of the host page: the token shown once is still there.
  await page.evaluate(() => document.querySelector('.host-main').prepend(document.querySelector('gamecloud-dev-token')));
  assert.equal(await tokens.issued().value(), token);
  // Removed: nothing of it is left, once it has taken its page down.
  await page.evaluate(() => {
    window.removed = document.querySelector('gamecloud-dev-token');
    window.removed.remove();
  });
  await page.waitForFunction(() => window.removed.shadowRoot.querySelectorAll('.gc-page').length === 0, null, { timeout: 5000 });
  const left = await page.evaluate(() => window.removed.shadowRoot.querySelectorAll('.gc-page').length);
  assert.equal(left, 0);
  await page.context().close();
});

// The host page with its theme, as the module's README shows it: compared
// with the committed pictures (docs/screenshots/elements-*.png).
for (const scheme of ['light', 'dark']) {
  for (const [screen, [width, height]] of Object.entries({ '': [1280, 800], '-phone': [390, 844] })) {
    test(`screenshot: the elements in a host page${screen} (${scheme})`, async () => {
      const host = await openHost({ scheme, width, height, clock: CLOCK, before: watchParts });
      const { page, problems } = host;
      await host.buildsShown();
      await host.tokens.createButton.waitFor();
      await host.settings.lastSet();
      await page.partsSettled();
      await page.evaluate(() => document.activeElement?.blur());
      const name = `elements-${scheme}${screen}.png`;
      const path = `${OUT}${name}`;
      await holdClock(page);
      // The whole host page: the three elements, however tall.
      await takeStill(page, path, { fullPage: true });
      assert.ok((await stat(path)).size > 10_000);
      if (!TAKING) await compare(path, name, []);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}
