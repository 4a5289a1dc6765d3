// The token just made says what it is for, its expiry once, and the page's
// title stays in view (issue 54, item 6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoNamespaces, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

/** The token page for namespace staging, with the token; its `Panel`. */
function open(options = {}) {
  return openPanel(fx, { page: 'dev-token', ns: 'staging', ...options });
}

// Issue 54, item 6: the token card never said what it was for (behind "The
// token's details"), gave the expiry twice, and scrolled the page's title
// under the sticky header.
for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the new token says first what it is for, its expiry once, under the page's title in view (${viewport.width} px)`, async () => {
    const panel = await open({ viewport, local: { 'gamecloud.v3.recent': JSON.stringify({ kind: 'namespace', id: ns.staging, label: 'Staging <b>EU</b>' }) + '\n' } });
    const { problems, tokens } = panel;
    await tokens.hostname.fill('127.0.0.1');
    await tokens.createButton.click();
    const region = tokens.issued();
    await region.shown();
    assert.equal(await region.forLine(), `For Staging <b>EU</b> (${ns.staging.slice(0, 8)}) · 127.0.0.1 · default http 8080`);
    await region.timer.waitFor();
    const shown = await region.shownText();
    assert.equal(shown.match(/Expires/g).length, 1, `the expiry once: ${shown}`);
    const { title, header } = await tokens.titleAndHeader();
    assert.ok(title.top >= header.bottom, `the title is below the header (${title.top} >= ${header.bottom})`);
    assert.ok(title.bottom <= viewport.height, 'the title is on screen');
    assert.ok(await region.isVisible());
    assert.deepEqual(problems, []);
  });
}
