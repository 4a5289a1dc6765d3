// An accessibility audit (axe-core, in the same Chromium) of every page, in
// light and dark, with the data and the states a person would see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);

const UNKNOWN = '00000000-0000-4000-8000-00000000000a';
const pages = {
  builds: async ({ builds }) => {
    await builds.pressLoad();
    await builds.counted('36 of 36 builds');
  },
  'dev-token': async ({ tokens }) => {
    await tokens.hostname.fill('');
    await tokens.says(/Error: Enter the hostname/);
  },
  'cdn-auth': async ({ settings }) => {
    await settings.askToApply();
  },
  // Several namespaces, one of them unknown to the service: a result each.
  'cdn-auth?several': async ({ settings }) => {
    await settings.add(UNKNOWN);
    await settings.apply(2);
    await settings.summary('1 of 2 changed, 1 failed.');
  },
  'domain-auth': async ({ domain }) => {
    // The section first: the confirmation is modal, nothing behind it can be clicked.
    await domain.askToEnable();
  },
  log: async ({ log }) => {
    await log.shown();
  },
  // No token made yet: what will appear, and the link to the token page.
  tokens: async (panel) => {
    await panel.says('No development token has been made in this browser yet.');
  },
  // Opening an encrypted hand-off cut short: the form and its message.
  'dev-token?handoff': async ({ handoff }) => {
    await handoff.unfold();
    await handoff.fails('gamecloud-handoff 1\n', 'a passphrase', /cut short/);
  },
};

for (const scheme of ['light', 'dark']) {
  for (const [slug, prepare] of Object.entries(pages)) {
    test(`${slug} (${scheme}) has no serious or critical accessibility violation`, async () => {
      const panel = await openPanel(fx, { page: slug.split('?')[0], ns: 'staging', scheme });
      await prepare(panel);
      assert.deepEqual(await axeViolations(panel.page), []);
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
async function settled(panel) {
  await panel.builds.load();
  await panel.unfocus();
}
const dialogs = {
  // The palette (Ctrl-K), with what a name typed finds.
  palette: async (panel) => {
    await settled(panel);
    await panel.palette.open();
    await panel.palette.type('cdn');
    await panel.palette.offers();
  },
  // The list of shortcuts (?).
  shortcuts: async (panel) => {
    await settled(panel);
    await panel.shortcuts.open();
  },
  // The connection's card, from the status.
  connection: async ({ connection }) => {
    await connection.openCard();
  },
  // Each switcher, with its recent ids.
  'game switcher': async ({ connection }) => {
    await connection.openGame();
  },
  'namespace switcher': async ({ connection }) => {
    await connection.openNamespace();
  },
  // A build's ⋯ menu.
  'row menu': async ({ builds }) => {
    await builds.load();
    await builds.menuOf(builds.rows().first());
  },
  // The pages' menu on a phone.
  'phone menu': async ({ page, header }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await header.menuButton.click();
    await header.link('Action log').waitFor();
  },
};

for (const scheme of ['light', 'dark']) {
  for (const [name, open] of Object.entries(dialogs)) {
    test(`the ${name} (${scheme}), open, has no serious or critical accessibility violation`, async () => {
      const panel = await openPanel(fx, { page: 'builds', ns: 'staging', scheme, submit: true });
      await open(panel);
      assert.deepEqual(await axeViolations(panel.page), []);
      assert.deepEqual(panel.problems, []);
    });
  }
}
