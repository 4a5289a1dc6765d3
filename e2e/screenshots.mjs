// Screenshots of each page, light and dark. Every run writes them to
// target/screenshots; `cargo xtask screenshots` refreshes the copies in docs/screenshots
// in docs/screenshots (SCREENSHOT_DIR).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, stat } from 'node:fs/promises';
import { demoNamespaces, openPage, useFixtures } from './harness.mjs';
import { BuildsPage, Connection, DevTokenPage, DomainAuthPage, RecentIds, SettingsPage } from './pages.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

const OUT = process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR.replace(/\/$/, '')}/` : new URL('../target/screenshots/', import.meta.url).pathname;
before(() => mkdir(OUT, { recursive: true }));

/** Follows a page's link, behind the menu button on a phone. */
async function visit(page, name) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name }).click();
}

const scenes = {
  // The game's builds on arrival: the chart with a budget, the table.
  builds: async (page) => {
    const builds = new BuildsPage(page);
    await builds.load();
    await page.getByText('36 of 36 builds').waitFor();
    await builds.setBudget(3500);
    await builds.chart().locator('line.gc-budget').waitFor({ state: 'attached' });
    await page.getByLabel('Size budget (MiB)').blur();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0);
  },
  // Two builds side by side, chosen from their rows' ⋯ menus.
  compare: async (page) => {
    const builds = new BuildsPage(page);
    await builds.load();
    const rows = builds.rows();
    await builds.compare(rows.nth(0));
    await builds.compare(rows.nth(3));
    await builds.comparison().waitFor();
  },
  'dev-token': async (page) => {
    await page.getByRole('button', { name: 'Preset: UDP game port 7777' }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('region', { name: 'New development token' }).waitFor();
    await page.getByLabel('Godot').check();
    await page.getByRole('group', { name: 'Godot file' }).waitFor();
  },
  log: async (page) => {
    await visit(page, 'Domain auth');
    const domain = new DomainAuthPage(page);
    await (await domain.askToEnable()).confirm();
    await domain.showsLastSet('enabled');
    await visit(page, 'Action log');
    await page.getByRole('table', { name: 'Action log' }).getByRole('row').nth(1).waitFor();
  },
  // One setting to several namespaces, one unknown to the service.
  'cdn-auth': async (page) => {
    const settings = new SettingsPage(page);
    await settings.choose('basic');
    for (const id of [ns.prod, '00000000-0000-4000-8000-00000000000a']) await settings.add(id);
    await settings.apply(3);
    await settings.summary('2 of 3 changed, 1 failed.');
  },
  'domain-auth': async (page) => {
    await new DomainAuthPage(page).askToEnable();
  },
  // Sharing the screen: the builds and the connection with every id masked.
  presenting: async (page) => {
    await page.getByRole('switch', { name: 'Presentation mode' }).check();
    await new BuildsPage(page).load();
    await page.getByText('36 of 36 builds').waitFor();
    await new RecentIds(page).open();
  },
  // A token in the last tenth of its life (the page's clock 330 days on).
  'token-life': async (page) => {
    await page.getByRole('button', { name: 'Create token' }).click();
    const region = page.getByRole('region', { name: 'New development token' });
    // The engine files come in parts fetched as the token is made: they are
    // on screen before the clock jumps, which would time their fetch out.
    await region.getByLabel('Godot').waitFor();
    await page.clock.fastForward(330 * 86_400_000);
    await region.getByRole('timer').locator('xpath=parent::*[@data-life="low"]').waitFor();
    await region.scrollIntoViewIfNeeded();
  },
  // A protected namespace ticked into a change: the request previewed, its
  // name to type before Apply works.
  protected: async (page) => {
    await new Connection(page).protect();
    const settings = new SettingsPage(page);
    await settings.namespace(ns.staging).check();
    await settings.choose('basic');
    await settings.askToApply();
  },
  // The token from the environment: the engine's file without it, the local
  // file with it, and the loaders.
  'env-handoff': async (page) => {
    await page.getByRole('button', { name: 'Create token' }).click();
    const region = page.getByRole('region', { name: 'New development token' });
    await region.getByLabel('Godot').check();
    await region.getByLabel("Token from the environment: no secret in the engine's file").check();
    const file = region.getByRole('group', { name: 'Godot file' });
    await file.getByText(/^Download gamecloud\./).waitFor();
    await file.scrollIntoViewIfNeeded();
  },
  // The new token sealed for a teammate, with a suggested passphrase.
  'sealed-handoff': async (page) => {
    await page.getByRole('button', { name: 'Create token' }).click();
    const region = page.getByRole('region', { name: 'New development token' });
    await region.getByText('Share with a teammate: an encrypted hand-off').click();
    const sealing = region.getByRole('group', { name: 'Encrypted hand-off, for a teammate' });
    await sealing.getByRole('button', { name: 'Suggest one' }).click();
    await sealing.scrollIntoViewIfNeeded();
  },
};
/** The page each scene opens on, where it is not the scene's own name. */
const routes = { compare: 'builds', presenting: 'builds', 'token-life': 'dev-token', protected: 'cdn-auth', 'env-handoff': 'dev-token', 'sealed-handoff': 'dev-token' };

/** The widths each scene is taken at: a desktop, and a phone for the pages themselves. */
const SCREENS = { '': [1280, 800], '-phone': [390, 844] };
const PAGES = ['builds', 'dev-token', 'cdn-auth', 'domain-auth', 'log'];

for (const scheme of ['light', 'dark']) {
  for (const [slug, scene] of Object.entries(scenes)) {
    for (const [screen, [width, height]] of Object.entries(SCREENS)) {
      if (screen && !PAGES.includes(slug)) continue;
      test(`screenshot: ${slug}${screen} (${scheme})`, async () => {
        const { page, problems } = await openPage(fx.browser);
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await page.clock.install({ time: Date.now() });
        await page.goto(`${fx.service.url}#/${routes[slug] ?? slug}?game=${fx.service.gameId}&ns=${ns.staging}`);
        await new Connection(page).submitToken(fx.service.token);
        await scene(page);
        const path = `${OUT}${slug}-${scheme}${screen}.png`;
        await page.screenshot({ path });
        assert.ok((await stat(path)).size > 10_000);
        assert.deepEqual(problems.filter((p) => !/status of 500/.test(p)), [], 'nothing but the answer the scene asks for');
      });
    }
  }
}

test('the panel is usable at 360 px wide', async () => {
  const { page } = await openPage(fx.browser);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${fx.service.url}#/dev-token?game=${fx.service.gameId}&ns=${ns.staging}`);
  await new Connection(page).enterToken(fx.service.token);
  const create = new DevTokenPage(page).createButton;
  await create.scrollIntoViewIfNeeded();
  assert.ok(await create.isVisible());
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
  await page.screenshot({ path: `${OUT}dev-token-360.png`, fullPage: true });
});
