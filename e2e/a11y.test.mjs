// An accessibility audit (axe-core, in the same Chromium) of every page, in
// light and dark, with the data and the states a person would see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, openPage, useFixtures } from './harness.mjs';
import { Connection, DomainAuthPage, SettingsPage } from './pages.mjs';

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
