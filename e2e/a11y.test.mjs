// An accessibility audit (axe-core, in the same Chromium) of every page, in
// light and dark, with the data and the states a person would see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, openPage, useFixtures } from './harness.mjs';
import { BuildsPage, Connection, DomainAuthPage, SettingsPage } from './pages.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

const UNKNOWN = '00000000-0000-4000-8000-00000000000a';
const pages = {
  builds: async (page) => {
    await page.getByRole('button', { name: 'Load builds' }).click();
    await page.getByText('36 of 36 builds').waitFor();
  },
  'dev-token': async (page) => {
    await page.getByLabel('Hostname').fill('');
    await page.getByText(/Error: Enter the hostname/).waitFor();
  },
  'cdn-auth': async (page) => {
    await new SettingsPage(page).askToApply();
  },
  // Several namespaces, one of them unknown to the service: a result each.
  'cdn-auth?several': async (page) => {
    const settings = new SettingsPage(page);
    await settings.add(UNKNOWN);
    await settings.apply(2);
    await settings.summary('1 of 2 changed, 1 failed.');
  },
  'domain-auth': async (page) => {
    // The section first: the confirmation is modal, nothing behind it can be clicked.
    await new DomainAuthPage(page).askToEnable();
  },
  log: async (page) => {
    await page.getByRole('table', { name: 'Action log' }).waitFor();
  },
  // Opening an encrypted hand-off cut short: the form and its message.
  'dev-token?handoff': async (page) => {
    await page.getByText('Open an encrypted hand-off').click();
    await page.getByLabel('or its text').fill('gamecloud-handoff 1\n');
    await page.getByLabel('Passphrase', { exact: true }).fill('a passphrase');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByText(/cut short/).waitFor();
  },
};

for (const scheme of ['light', 'dark']) {
  for (const [slug, prepare] of Object.entries(pages)) {
    test(`${slug} (${scheme}) has no serious or critical accessibility violation`, async () => {
      const { page } = await openPage(fx.browser);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${fx.service.url}#/${slug.split('?')[0]}?game=${fx.service.gameId}&ns=${ns.staging}`);
      await new Connection(page).enterToken(fx.service.token);
      await prepare(page);
      assert.deepEqual(await axeViolations(page), []);
    });
  }
}

test('the audit itself catches a violation', async () => {
  const { page } = await openPage(fx.browser);
  await page.setContent('<html lang="en"><title>t</title><img src="data:,"><button></button></html>');
  const found = await axeViolations(page);
  assert.ok(found.some((v) => v.startsWith('image-alt')), found.join('\n'));
  assert.ok(found.some((v) => v.startsWith('button-name')), found.join('\n'));
});

// Every dialog and popover, open, in light and dark: what axe finds in a
// page with nothing open says nothing of them.

/** The builds loaded and no field focused: a key then goes to the shortcuts. */
async function settled(page) {
  await new BuildsPage(page).load();
  await page.evaluate(() => document.activeElement?.blur());
}
const dialogs = {
  // The palette (Ctrl-K), with what a name typed finds.
  palette: async (page) => {
    await settled(page);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Palette' });
    await dialog.waitFor();
    await page.keyboard.type('cdn');
    await dialog.getByRole('option').first().waitFor();
  },
  // The list of shortcuts (?).
  shortcuts: async (page) => {
    await settled(page);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  },
  // The connection's card, from the status.
  connection: async (page) => {
    await new Connection(page).openCard();
  },
  // Each switcher, with its recent ids.
  'game switcher': async (page) => {
    await new Connection(page).openGame();
  },
  'namespace switcher': async (page) => {
    await new Connection(page).openNamespace();
  },
  // A build's ⋯ menu.
  'row menu': async (page) => {
    const builds = new BuildsPage(page);
    await builds.load();
    await builds.menuOf(builds.rows().first());
  },
  // The pages' menu on a phone.
  'phone menu': async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Action log' }).waitFor();
  },
};

for (const scheme of ['light', 'dark']) {
  for (const [name, open] of Object.entries(dialogs)) {
    test(`the ${name} (${scheme}), open, has no serious or critical accessibility violation`, async () => {
      const { page, problems } = await openPage(fx.browser);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${fx.service.url}#/builds?game=${fx.service.gameId}&ns=${ns.staging}`);
      await new Connection(page).submitToken(fx.service.token);
      await open(page);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(problems, []);
    });
  }
}
