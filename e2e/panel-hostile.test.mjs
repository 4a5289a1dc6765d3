// The panel against hostile answers and hostile input: nothing it writes or
// shows can be turned against the person using it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearFaults, queueFault, serviceState, until, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures(['--test-hooks']);

const fault = (f) => queueFault(fx.service, f);

/** The panel on `route` for namespace staging, with the token; its `Panel`. */
function open(route) {
  return openPanel(fx, { page: route, ns: 'staging' });
}

/**
 * The builds page for namespace staging, the token entered with Enter: the
 * builds load by themselves, once. (Pressing "Load builds" instead raced the
 * load that leaving the field starts: when that one had already ended on the
 * queued fault, the press sent a second call, which the service answered
 * well, and the fault's message went away.)
 */
function loadedByThemselves() {
  return openPanel(fx, { ns: 'staging', submit: true });
}

test('a token answer not shaped like a token gets no engine file, and stays copyable', async () => {
  // Issue 16: `.env` held it in single quotes, which dotenv-expand removes before running `$(…)`.
  await fault({ route: 'tokens/development', status: 200, body: JSON.stringify({ token: 'dev_x.abc\nEVIL=$(id)' }), content_type: 'application/json' });
  const { tokens } = await open('dev-token');
  await tokens.createButton.click();
  const region = tokens.issued();
  await region.shown();
  for (const [engine, file] of [['.env', 'dev-token.env'], ['Unreal', 'DefaultGameCloudDev.ini'], ['Godot', 'gamecloud_dev.cfg'], ['Unity', 'GameCloudDev.json']]) {
    await region.handTo(engine);
    const group = region.file(engine);
    assert.match(await group.problem(), new RegExp(`No ${file.replace('.', '\\.')}: The token is not shaped like one the service issues`));
    assert.equal(await group.downloadButton(file).count(), 0);
  }
  assert.equal(await region.copyButton.count(), 1);
});

test('a documentation link that is not http(s) is not rendered as a link', async () => {
  const body = JSON.stringify({ code: 'ERROR', message: 'm', ray_id: 'r-1', documentation: 'javascript:alert(1)' });
  await fault({ route: 'builds', status: 400, body, content_type: 'application/json' });
  const panel = await loadedByThemselves();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /r-1/);
  assert.equal(await alert.getByRole('link').count(), 0);
  assert.doesNotMatch(await alert.innerHTML(), /javascript:/);
});

// Issue 39: the panel read an answer whole, however large.
test('an answer larger than its call reads is refused and the rest left unread, saying so', async () => {
  const MiB = 1024 * 1024;
  await clearFaults(fx.service);
  await fault({ route: 'builds', pad_to: 256 * MiB });
  const panel = await loadedByThemselves();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /the answer is larger than 64 MiB, the most this client reads for this call, and was not read\./);
  // The read stopped at the limit: the service sent little more than it. A
  // client that read on would pass 128 MiB within half a second: the count
  // is watched that long, and the watch fails as soon as it does.
  const padding = async () => (await serviceState(fx.service)).padding_sent;
  await assert.rejects(until(async () => (await padding()) >= 128 * MiB, { ms: 500, what: '128 MiB of padding sent' }), /timed out/);
  const sent = await padding();
  assert.ok(sent < 128 * MiB, `${sent} bytes of padding sent`);
  assert.deepEqual(panel.problems.filter((p) => /panicked|unreachable/i.test(p)), []);
});

test('a non-ASCII base URL that cannot be reached ends in a message, not a stuck page', async () => {
  const panel = await open('builds');
  const { problems, connection } = panel;
  // Leaving the token field loads the builds with the base URL as it was:
  // the button then reads Refresh.
  await connection.setBaseUrl('http://127.0.0.1:1/abé');
  await panel.builds.loadOrRefresh();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /could not be reached/);
  assert.equal(await connection.baseUrlValue(), 'http://127.0.0.1:1/abé');
  assert.deepEqual(problems.filter((p) => /panicked|unreachable/i.test(p)), []);
});

test('plain http to another machine shows a warning; loopback and https do not', async () => {
  const panel = await open('builds');
  const { connection } = panel;
  const warning = panel.text(/the token crosses the network unencrypted/);
  await connection.setBaseUrl('http://192.168.1.20:8080');
  await warning.waitFor();
  for (const quiet of ['http://127.0.0.1:8080', 'https://api.example', 'http://localhost:6420']) {
    await connection.setBaseUrl(quiet);
    await warning.waitFor({ state: 'hidden' });
  }
});
