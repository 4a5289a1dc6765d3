// The panel against hostile answers and hostile input: nothing it writes or
// shows can be turned against the person using it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearFaults, demoNamespaces, openPanel, queueFault, serviceState, useFixtures } from './harness.mjs';
import { Connection, DevTokenPage } from './pages.mjs';

const fx = useFixtures(['--test-hooks']);
const ns = demoNamespaces(fx);

const fault = (f) => queueFault(fx.service, f);

/** The panel on `route` for namespace staging, with the token; and its connection form. */
async function open(route) {
  const { page, problems } = await openPanel(fx, route, { ns: 'staging' });
  return { page, problems, connection: new Connection(page) };
}

/**
 * Enter on the token: the builds load by themselves, once. (Pressing "Load
 * builds" instead raced the load that leaving the field starts: when that
 * one had already ended on the queued fault, the press sent a second call,
 * which the service answered well, and the fault's message went away.)
 */
async function loadByThemselves(connection) {
  await connection.tokenField.press('Enter');
}

test('a token answer not shaped like a token gets no engine file, and stays copyable', async () => {
  // Issue 16: `.env` held it in single quotes, which dotenv-expand removes before running `$(…)`.
  await fault({ route: 'tokens/development', status: 200, body: JSON.stringify({ token: 'dev_x.abc\nEVIL=$(id)' }), content_type: 'application/json' });
  const { page } = await open('dev-token');
  const tokens = new DevTokenPage(page);
  await tokens.createButton.click();
  const region = tokens.issued();
  await region.waitFor();
  for (const [engine, file] of [['.env', 'dev-token.env'], ['Unreal', 'DefaultGameCloudDev.ini'], ['Godot', 'gamecloud_dev.cfg'], ['Unity', 'GameCloudDev.json']]) {
    await tokens.handTo(engine);
    const group = region.getByRole('group', { name: `${engine} file` });
    assert.match(await group.getByRole('alert').textContent(), new RegExp(`No ${file.replace('.', '\\.')}: The token is not shaped like one the service issues`));
    assert.equal(await group.getByRole('button', { name: `Download ${file}` }).count(), 0);
  }
  assert.equal(await region.getByRole('button', { name: 'Copy token' }).count(), 1);
});

test('a documentation link that is not http(s) is not rendered as a link', async () => {
  const body = JSON.stringify({ code: 'ERROR', message: 'm', ray_id: 'r-1', documentation: 'javascript:alert(1)' });
  await fault({ route: 'builds', status: 400, body, content_type: 'application/json' });
  const { page, connection } = await open('builds');
  await loadByThemselves(connection);
  const alert = page.getByRole('alert');
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
  const { page, problems, connection } = await open('builds');
  await loadByThemselves(connection);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /the answer is larger than 64 MiB, the most this client reads for this call, and was not read\./);
  // The read stopped at the limit: the service sent little more than it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sent = (await serviceState(fx.service)).padding_sent;
  assert.ok(sent < 128 * MiB, `${sent} bytes of padding sent`);
  assert.deepEqual(problems.filter((p) => /panicked|unreachable/i.test(p)), []);
});

test('a non-ASCII base URL that cannot be reached ends in a message, not a stuck page', async () => {
  const { page, problems, connection } = await open('builds');
  // Leaving the token field loads the builds with the base URL as it was:
  // the button then reads Refresh.
  await connection.setBaseUrl('http://127.0.0.1:1/abé');
  await page.getByRole('button', { name: /^(Load builds|Refresh)$/ }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /could not be reached/);
  assert.equal(await connection.baseUrlValue(), 'http://127.0.0.1:1/abé');
  assert.deepEqual(problems.filter((p) => /panicked|unreachable/i.test(p)), []);
});

test('plain http to another machine shows a warning; loopback and https do not', async () => {
  const { page, connection } = await open('builds');
  const warning = page.getByText(/the token crosses the network unencrypted/);
  await connection.setBaseUrl('http://192.168.1.20:8080');
  await warning.waitFor();
  for (const quiet of ['http://127.0.0.1:8080', 'https://api.example', 'http://localhost:6420']) {
    await connection.setBaseUrl(quiet);
    await warning.waitFor({ state: 'hidden' });
  }
});
