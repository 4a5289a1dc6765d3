// The action log read as a person reads it (issue 54, item 8): the operation
// in words, a ✓ Done / ✕ Failed badge, the namespace's name with its short id,
// the request on one line with Copy, rows of at most two lines, a card per
// entry on a phone, and an empty state that says what will appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);
const RAY = 'bcb770db-f239-4695-b44a-d5f10527369d';
const GAME = '4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f';

/** An entry as the log keeps it, for namespace `id` (`fields` over the defaults). */
function entry(id, fields = {}) {
  return {
    at_ms: 1795694400000,
    operation: 'set-domain-auth',
    game_id: GAME,
    namespace_id: id,
    namespace_label: '',
    value: 'enabled',
    hostname: '',
    outcome: 'done',
    ray_id: RAY,
    request: `PUT http://127.0.0.1:4000/cloud/games/${GAME}/namespaces/${id}/domain-public-auth\n{"enabled":true}`,
    ...fields,
  };
}

/** The log page with `entries` kept (oldest first) and `labels` ({ id: label }) among the recent ids. */
function openLog(entries, { labels = {}, ...options } = {}) {
  const recent = Object.entries(labels).map(([id, label]) => JSON.stringify({ kind: 'namespace', id, label })).join('\n');
  return openPanel(fx, {
    page: 'log',
    token: null,
    local: { 'gamecloud.v3.log': entries.map((e) => JSON.stringify(e)).join('\n') + '\n', 'gamecloud.v3.recent': recent },
    ...options,
  });
}

/** Entries of every kind, hostile ones among them. */
function many() {
  return [
    entry(ns.staging),
    entry(ns.prod, { operation: 'set-cdn-auth', value: 'basic', outcome: 'failed: 500 ERROR', request: `PUT http://127.0.0.1:4000/cloud/games/${GAME}/namespaces/${ns.prod}/cdn-auth\n{"auth_type":"basic"}` }),
    entry(ns.staging, { operation: 'create-dev-token', hostname: '127.0.0.1', value: 'ports default http 8080; expires 2027-11-26 at 12:00 UTC', request: `POST http://127.0.0.1:4000/cloud/games/${GAME}/namespaces/${ns.staging}/dev-token\n{"hostname":"127.0.0.1","ports":[]}` }),
    entry(ns.prod, { operation: 'mark-protected', value: 'protected', ray_id: '', request: '' }),
    entry(ns.staging, { namespace_label: '<script>window.hacked=1</script>'.repeat(300), value: 'x'.repeat(10000), outcome: 'unknown: the page was left before the answer' }),
    entry(ns.prod, { namespace_label: 'إنتاج الخادم', operation: 'some-future-op' }),
  ];
}

test('an entry reads in words: "Set domain auth", ✓ Done, the namespace by its name with its short id, the request on one line with Copy', async () => {
  const panel = await openLog([entry(ns.staging)], { labels: { [ns.staging]: 'Staging' }, viewport: { width: 1280, height: 800 } });
  const { log, problems } = panel;
  await log.shown();
  await panel.says('1 entry');
  const text = await log.entry(0).textContent();
  assert.match(text, /Set domain auth/);
  assert.doesNotMatch(text, /set-domain-auth/, 'no slug');
  assert.equal(await log.badge(0), '✓ Done');
  assert.match(text, new RegExp(`Staging ${ns.staging.slice(0, 8)}`), 'the label, then the short id');
  assert.doesNotMatch(text.replace(/PUT http[^\n]*\n?/, ''), new RegExp(ns.staging), 'no full id outside the request');
  assert.equal(await log.requestLine(0), 'PUT …/domain-public-auth');
  const [box] = await log.boxes();
  assert.ok(box.height <= 48, `the row is at most two lines (${box.height} px)`);

  assert.deepEqual(await axeViolations(panel.page), []);
  await log.allowClipboard();
  await log.copyRequest(0);
  assert.equal(await log.clipboard(), entry(ns.staging).request, 'Copy gives the whole request');
  await log.unfoldRequest(0);
  assert.deepEqual(await log.requests(), [entry(ns.staging).request]);
  assert.match(await log.entry(0).textContent(), new RegExp(`Ray id ${RAY}`), 'the whole ray id once unfolded');
  assert.equal(await log.filterField().getAttribute('placeholder'), 'e.g. domain failed staging');
  assert.deepEqual(problems, []);
});

test('every kind of entry, hostile ones too, stays within two lines and says how it ended', async () => {
  const panel = await openLog(many(), { labels: { [ns.prod]: 'Production' }, viewport: { width: 1280, height: 800 } });
  const { log, problems, page } = panel;
  await log.shown();
  await panel.says('6 entries');
  // Newest first.
  assert.deepEqual(
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => log.badge(i))),
    ['✓ Done', '? Unknown', '✓ Done', '✓ Done', '✕ Failed', '✓ Done'],
  );
  assert.match(await log.entry(0).textContent(), /Some future op.*إنتاج الخادم/);
  assert.match(await log.entry(1).textContent(), /the page was left before the answer/);
  assert.match(await log.entry(2).textContent(), new RegExp(`Mark protected.*Production ${ns.prod.slice(0, 8)}.*In this browser only`));
  assert.match(await log.entry(3).textContent(), /Create development token.*127\.0\.0\.1 · ports default http 8080/);
  assert.match(await log.entry(4).textContent(), /Set CDN auth.*✕ Failed 500 ERROR/);
  for (const [i, box] of (await log.boxes()).entries()) {
    assert.ok(box.height <= 48, `entry ${i} is at most two lines (${box.height} px)`);
  }
  assert.equal(await page.evaluate(() => window.hacked), undefined, 'a label is text, never markup');

  await log.filterField().fill('failed');
  await panel.says('1 of 6 entries');
  await log.filterField().fill('development token');
  await panel.says('1 of 6 entries');
  assert.deepEqual(problems, []);
});

test('on a phone each entry is a card with its outcome in view, the toolbar on its lines, and nothing scrolls sideways', async () => {
  const panel = await openLog(many(), { viewport: { width: 390, height: 844 } });
  const { log, problems, page } = panel;
  await log.shown();
  const width = 390;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(scroll, 0, 'the page does not scroll sideways');
  const boxes = await log.boxes();
  for (const [i, box] of boxes.entries()) {
    assert.ok(box.left >= 0 && box.right <= width, `card ${i} within the screen (${box.left} to ${box.right})`);
    assert.ok(box.height <= 160, `card ${i} holds no blank space (${box.height} px)`);
    const badge = await log.badgeBox(i);
    assert.ok(badge.x >= 0 && badge.x + badge.width <= width, `card ${i}'s badge within the screen`);
    assert.ok(badge.y - box.top < 40, `card ${i}'s badge on its first line`);
  }
  const tops = await log.toolTops();
  assert.equal(new Set(tops).size, 1, `Export CSV, Export JSON and Clear… on one line (${tops})`);
  assert.deepEqual(problems, []);
});

test('with no entry, the log says what will appear there and links to where changes are made', async () => {
  const panel = await openPanel(fx, { page: 'log', token: null });
  const { log, problems } = panel;
  await log.emptyState().waitFor();
  assert.equal(
    await log.emptyState().textContent(),
    'No changes yet. Changes you apply here are listed: settings you apply on Namespace settings, tokens you create on Development token and namespaces you mark protected.',
  );
  assert.ok(!(await log.table().isVisible()), 'no empty table');
  await log.emptyLink('Namespace settings').click();
  await panel.heading('Namespace settings').waitFor();
  assert.deepEqual(problems, []);
});
