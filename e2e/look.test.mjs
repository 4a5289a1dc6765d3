// The look of each page, light and dark, at a desktop's and a phone's width:
// each scene is set up as a person would (through the page objects), taken,
// and compared pixel by pixel with its committed picture in docs/screenshots,
// so that a change of look nobody meant fails the test command. A change
// meant is taken again by `cargo xtask screenshots` (SCREENSHOT_DIR: the
// pictures are written there, not compared) and committed with it.
//
// The pictures are the same on any day and machine: the service's clock is
// held at CLOCK and each page's starts there; the set-up installs the fonts
// they are drawn with (Debian's Noto, with CJK and emoji). What changes
// from run to run (a suggested passphrase, the service's ray ids) is left out
// of the comparison; the page's clock stops at a whole minute before a picture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { after, before } from 'node:test';
import { axeViolations, demoNamespaces, startService, useFixtures } from './harness.mjs';
import { OUT, TAKING, compare, holdClock, takeStill, watchParts } from './pictures.mjs';
import { openPanel } from './pages/index.mjs';

const CLOCK = '2026-11-26T12:00:00Z';
const fx = useFixtures(['--clock', CLOCK]);
const ns = demoNamespaces(fx);
// A game of 100,000 builds, for its picture.
let many;
before(async () => {
  many = await startService(['--clock', CLOCK, '--builds', '100000']);
});
after(async () => {
  await many?.stop();
});

/** The builds' call, answered by `answer(route)` instead of the service (the states a picture needs). */
const buildsAnswer = (answer) => async (page) => {
  await page.route(/\/cloud\/games\/[^/]+\/builds(\?|$)/, answer);
};

/** What changes from run to run, left out of the comparison: a suggested passphrase, the service's ray ids. */
const live = (page) => [page.getByLabel(/^Passphrase/), page.locator('dt:text-is("Ray id") + dd code')];

const scenes = {
  // The game's builds on arrival: the chart with a budget, the table.
  builds: async ({ page, builds }) => {
    await builds.load();
    await builds.counted('36 of 36 builds');
    await builds.setBudget(3500);
    // (On a phone the chart opens from its button.)
    if (await builds.chart().isVisible()) await builds.budgetLine().waitFor({ state: 'attached' });
    await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
    await page.mouse.move(0, 0);
  },
  // Issue 54: every state a person meets, not only the happy ones.
  // The first visit: no token yet.
  'first-visit': async ({ connection }) => {
    await connection.card.waitFor();
  },
  // The token form, before Create.
  'token-form': async ({ tokens }) => {
    await tokens.createButton.waitFor();
  },
  // The builds on their way (the answer held), and the code around the
  // table arrived: the picture's clock jumps ahead (`holdClock`), past a
  // part's time limit.
  loading: async (panel) => {
    await panel.says('Loading builds…');
    await panel.page.partsSettled();
  },
  // The service failed.
  error: async ({ builds }) => {
    await builds.tryAgainButton.waitFor();
  },
  // A game with no build.
  'no-builds': async (panel) => {
    await panel.says('This game has no builds yet.');
  },
  // A filter that matches none.
  'no-match': async ({ builds }) => {
    await builds.load();
    await builds.filter('no such build');
    await builds.counted('0 of 36 builds');
  },
  // 100,000 builds, their tags counted (a slice of builds per task: on a
  // slow machine the page holds still between two slices, so the picture
  // waits for the chips themselves).
  'many-builds': async ({ page, builds }) => {
    await builds.counted('100,000 of 100,000 builds');
    await builds.chip('channel=beta').waitFor();
    await page.evaluate(() => document.activeElement?.blur());
  },
  // The palette (Ctrl-K), with what a name typed finds.
  palette: async (panel) => {
    await panel.builds.load();
    await panel.unfocus();
    await panel.palette.open();
    await panel.palette.type('cdn');
    await panel.palette.offers();
  },
  // The game's switcher, open.
  switcher: async ({ builds, connection }) => {
    await builds.load();
    await connection.openGame();
  },
  // The tokens made here: one just made.
  'tokens-made': async ({ tokens, header, tokensMade }) => {
    await tokens.createButton.click();
    await tokens.issued().shown();
    await header.goTo('Tokens made here');
    await tokensMade.shown();
  },
  // A build's own page, from its row's ⋯ menu.
  build: async ({ page, builds }) => {
    await builds.load();
    await builds.openPageOf(builds.rows().nth(1));
    await page.evaluate(() => document.activeElement?.blur());
  },
  // The pages' menu on a phone.
  menu: async ({ header }) => {
    await header.menuButton.click();
    await header.link('Action log').waitFor();
  },
  // Two builds side by side, chosen from their rows' ⋯ menus.
  compare: async ({ page, builds }) => {
    await builds.load();
    const rows = builds.rows();
    await builds.compare(rows.nth(0));
    await builds.compare(rows.nth(3));
    await builds.comparison().waitFor();
    // The view settled: both builds in the address.
    await page.waitForFunction(() => /cmp=[^&]*(%2C|,)/.test(location.hash));
    await builds.comparison().waitFor();
  },
  'dev-token': async ({ tokens }) => {
    await tokens.usePreset('UDP game port 7777');
    await tokens.createButton.click();
    const region = tokens.issued();
    await region.shown();
    await region.handTo('Godot');
    await region.file('Godot').shown();
  },
  log: async ({ header, domain, log }) => {
    await header.goTo('Namespace settings');
    await (await domain.askToEnable()).confirm();
    await domain.showsLastSet('enabled');
    await header.goTo('Action log');
    await log.entry(0).waitFor();
  },
  // One setting to several namespaces, one unknown to the service.
  settings: async ({ settings }) => {
    await settings.choose('basic');
    for (const id of [ns.prod, '00000000-0000-4000-8000-00000000000a']) await settings.add(id);
    await settings.apply(3);
    await settings.summary('2 of 3 changed, 1 failed.');
  },
  // A confirmation in words, its request folded.
  'settings-confirm': async ({ domain }) => {
    await domain.askToEnable();
  },
  // Sharing the screen: the builds and the connection with every id masked.
  presenting: async ({ header, builds, recent }) => {
    await header.present();
    await builds.load();
    await builds.counted('36 of 36 builds');
    await recent.open();
  },
  // A token in the last tenth of its life (the page's clock 330 days on).
  'token-life': async ({ page, tokens }) => {
    await tokens.createButton.click();
    const region = tokens.issued();
    // The engine files come in parts fetched as the token is made: they are
    // on screen before the clock jumps, which would time their fetch out.
    await region.tab('Godot').waitFor();
    await page.clock.fastForward(330 * 86_400_000);
    await region.lifeIs('low');
    await region.root.scrollIntoViewIfNeeded();
  },
  // A protected namespace ticked into a change: the request previewed, its
  // name to type before Apply works.
  protected: async ({ connection, settings }) => {
    await connection.protect('staging');
    await settings.tick(ns.staging);
    await settings.choose('basic');
    await settings.askToApply();
  },
  // The token from the environment: the engine's file without it, the local
  // file with it, and the loaders.
  'env-handoff': async ({ tokens }) => {
    await tokens.createButton.click();
    const region = tokens.issued();
    await region.handTo('Godot');
    await region.fromEnvironment.check();
    const file = region.file('Godot');
    await file.localEnvButton.waitFor();
    await file.root.scrollIntoViewIfNeeded();
  },
  // The new token sealed for a teammate, with a suggested passphrase.
  'sealed-handoff': async ({ tokens }) => {
    await tokens.createButton.click();
    const sealing = await tokens.issued().share();
    await sealing.suggest();
    await sealing.root.scrollIntoViewIfNeeded();
  },
};
/** How each scene opens the panel, where it is not on its own page with the token entered. */
const openings = {
  'first-visit': { page: 'builds', token: null },
  'token-form': { page: 'dev-token' },
  loading: {
    page: 'builds',
    before: buildsAnswer(() => {}),
  },
  error: {
    page: 'builds',
    before: buildsAnswer((route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The service is down for maintenance.', ray_id: '5f0c9a2e-61d4-4b8e-9c3a-2d7e8f1a0b4c', documentation: 'https://rivet.gg/docs/general/errors' }) })),
  },
  'no-builds': { page: 'builds', before: buildsAnswer((route) => route.fulfill({ contentType: 'application/json', body: '{"builds":[]}' })) },
  'no-match': { page: 'builds' },
  'many-builds': {
    page: 'builds',
    before: buildsAnswer(async (route) => {
      const answer = await fetch(`${many.url}cloud/games/${many.gameId}/builds`, { headers: { authorization: `Bearer ${many.token}` } });
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: Buffer.from(await answer.arrayBuffer()) });
    }),
  },
  palette: { page: 'builds' },
  switcher: { page: 'builds' },
  'tokens-made': { page: 'dev-token' },
  build: { page: 'builds' },
  menu: { page: 'builds' },
};
/** The states issue 54 pictures at both widths, each audited by axe as well. */
const STATES = ['first-visit', 'token-form', 'loading', 'error', 'no-builds', 'no-match', 'many-builds', 'palette', 'switcher', 'tokens-made', 'build'];
/** Scenes only a phone has. */
const PHONE_ONLY = ['menu'];

/** The page each scene opens on, where it is not the scene's own name. */
const routes = { compare: 'builds', presenting: 'builds', 'token-life': 'dev-token', protected: 'settings', 'settings-confirm': 'settings', 'env-handoff': 'dev-token', 'sealed-handoff': 'dev-token' };

/** The widths each scene is taken at: a desktop, and a phone for the pages themselves. */
const SCREENS = { '': [1280, 800], '-phone': [390, 844] };
const PAGES = ['builds', 'dev-token', 'settings', 'log', ...STATES, ...PHONE_ONLY];

for (const scheme of ['light', 'dark']) {
  for (const [slug, scene] of Object.entries(scenes)) {
    for (const [screen, [width, height]] of Object.entries(SCREENS)) {
      if (screen && !PAGES.includes(slug)) continue;
      if (!screen && PHONE_ONLY.includes(slug)) continue;
      test(`screenshot: ${slug}${screen} (${scheme})`, async () => {
        const opening = openings[slug] ?? {};
        // The picture waits for every part asked for (the toolbar's chips come
        // in one of their own, and move the row they share).
        const before = async (page) => {
          watchParts(page);
          await opening.before?.(page);
        };
        const panel = await openPanel(fx, { page: routes[slug] ?? slug, ns: 'staging', viewport: { width, height }, scheme, clock: Date.parse(CLOCK), submit: true, ...opening, before });
        const { page, problems } = panel;
        await scene(panel);
        await page.partsSettled();
        if (STATES.includes(slug) || PHONE_ONLY.includes(slug)) assert.deepEqual(await axeViolations(page), [], 'no serious or critical finding');
        const name = `${slug}-${scheme}${screen}.png`;
        const path = `${OUT}${name}`;
        await holdClock(page);
        await takeStill(page, path);
        assert.ok((await stat(path)).size > 10_000);
        if (!TAKING) {
          const boxes = (await Promise.all(live(page).map((l) => l.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))))).flat();
          await compare(path, name, boxes);
        }
        assert.deepEqual(problems.filter((p) => !/status of (500|503)/.test(p)), [], 'nothing but the answer the scene asks for');
      });
    }
  }
}

test('the panel is usable at 360 px wide', async () => {
  const { page, tokens } = await openPanel(fx, { page: 'dev-token', ns: 'staging', viewport: { width: 360, height: 740 } });
  const create = tokens.createButton;
  await create.scrollIntoViewIfNeeded();
  assert.ok(await create.isVisible());
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
});
