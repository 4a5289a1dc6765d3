// Creating a development token as a person would: the port editor, live
// validation, the proxy column, and the token shown once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, demoNamespaces, requestsTo, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const files = await import(new URL('../pkg/files-node.js', import.meta.url).href);

const fx = useFixtures([]);
const ns = demoNamespaces(fx);

/** The token page for namespace staging, with the token (or `options.token`); its `Panel`. */
function open(options = {}) {
  return openPanel(fx, { page: 'dev-token', ns: 'staging', ...options });
}

/** A token created for `hostname`: the panel, the token's region (an `IssuedToken`) and the token. */
async function createdFor(hostname) {
  const panel = await open();
  const token = await panel.tokens.create(hostname);
  return { ...panel, panel, region: panel.tokens.issued(), token };
}

test('live validation blocks errors, allows warnings, and explains each port', async () => {
  const { problems, tokens } = await open();
  const create = tokens.createButton;
  const ports = tokens.ports();
  assert.match(await ports.textContent(), /127\.0\.0\.1:8080/);
  assert.ok(await create.isEnabled());

  await tokens.usePreset('UDP game port 7777');
  await tokens.setRange(2, 7010, 7000);
  await tokens.says('Error: The range starts at 7010 but ends at 7000');
  assert.ok(await create.isDisabled());
  assert.equal(await tokens.firstPort.getAttribute('aria-invalid'), 'false');

  await tokens.lastPort.fill('70x');
  await tokens.says('Error: Enter a whole number.');
  await tokens.lastPort.fill('7020');
  await tokens.portLabel(2).fill('Game!');
  await tokens.says(/Error: Label "Game!" must be/);
  await tokens.portLabel(2).fill('game');
  assert.ok(await create.isEnabled());
  assert.match(await ports.textContent(), /a port in 26000–31999/);

  await tokens.addPort();
  await tokens.portLabel(3).fill('zero');
  await tokens.portNumber(3).fill('0');
  await tokens.says('Warning: Port 0 is accepted');
  assert.ok(await create.isEnabled(), 'warnings do not block');
  await tokens.removePort('zero');

  await tokens.hostname.fill(' ');
  await tokens.says(/Error: Enter the hostname/);
  assert.ok(await create.isDisabled());
  await tokens.hostname.fill('192.168.1.20');
  assert.deepEqual(problems, []);
});

test('the token is shown once, masked, with its decoded contents', async () => {
  const { tokens, header } = await open();
  await tokens.hostname.fill('192.168.1.20');
  await tokens.createButton.click();
  const region = tokens.issued();
  await region.shown();
  assert.match(await region.text(), /shown once and cannot be shown again/);
  const value = region.field;
  assert.equal(await value.getAttribute('type'), 'password');
  await region.reveal();
  assert.equal(await value.getAttribute('type'), 'text');
  assert.match(await value.inputValue(), /^dev_staging\./);
  const decoded = tokens.decoded;
  assert.match(await decoded.textContent(), /development/);
  assert.match(await decoded.textContent(), /192\.168\.1\.20/);
  assert.match(await decoded.textContent(), /default http 8080/);
  assert.equal((await region.downloadEnv()).name, 'dev-token.env');

  await header.goTo('Builds');
  await header.goTo('Development token');
  assert.equal(await tokens.issued().count(), 0, 'never shown again');
});

test('a refused call shows the fx.service error and keeps the input', async () => {
  const panel = await open({ token: 'wrong-token' });
  const { tokens } = panel;
  await tokens.hostname.fill('10.0.0.7');
  await tokens.createButton.click();
  const alert = panel.alert();
  await alert.waitFor();
  assert.match(await alert.textContent(), /TOKEN_INVALID/);
  assert.equal(await alert.getByRole('button', { name: 'Try again' }).count(), 0, 'a POST is not offered as a retry');
  assert.equal(await tokens.hostname.inputValue(), '10.0.0.7');
});

test('the new token is handed to Godot, Unity and Unreal as files their engines read', async () => {
  const { page, region, token } = await createdFor('192.168.1.20');
  const fetchFile = async (engine, name) => {
    await region.handTo(engine);
    const file = region.file(engine);
    await file.shown();
    const saved = await file.download(name);
    assert.equal(saved.name, name);
    return { file, text: await saved.text() };
  };

  const godot = await fetchFile('Godot', 'gamecloud_dev.cfg');
  assert.match(godot.text, /^\[gamecloud\]$/m);
  assert.ok(godot.text.includes(`token="${token}"`));
  assert.match(godot.text, /^hostname="192\.168\.1\.20"$/m);
  assert.match(godot.text, /^\[gamecloud\.port\.default\]\nprotocol="http"\nport=8080$/m);
  assert.match(await godot.file.howItIsRead(), /ConfigFile\.new\(\)/);
  assert.match(await godot.file.text(), /\.gitignore: gamecloud_dev\.cfg/);
  assert.match(await godot.file.text(), /holds a secret/);

  const unity = await fetchFile('Unity', 'GameCloudDev.json');
  const json = JSON.parse(unity.text);
  assert.equal(json.token, token);
  assert.deepEqual(json.ports, [{ label: 'default', protocol: 'http', port: 8080 }]);
  assert.match(await unity.file.text(), /StreamingAssets/);

  const unreal = await fetchFile('Unreal', 'DefaultGameCloudDev.ini');
  assert.match(unreal.text, /^\[GameCloud\.Dev\]$/m);
  assert.ok(unreal.text.includes(`Token="${token}"`));
  assert.match(unreal.text, /^\+Ports=\(Label="default",Protocol="http",Port=8080\)$/m);

  // The JS module's files entry writes the same three files, byte for byte.
  const h = { token, baseUrl: json.base_url, gameId: json.game_id, namespaceId: ns.staging, hostname: '192.168.1.20', ports: { default: { protocol: 'http', port: 8080 } } };
  await files.init();
  for (const [engine, { text }] of [['godot', godot], ['unity', unity], ['unreal', unreal]]) {
    assert.equal(files.engineFile(engine, h).text, text, engine);
  }

  assert.deepEqual(await axeViolations(page), []);
});

test('a double click on Create token creates one token', async () => {
  const { page, tokens } = await open();
  const created = requestsTo(page, '/tokens/development');
  await tokens.hostname.fill('192.168.1.20');
  await tokens.createButton.evaluate((create) => {
    create.click();
    create.click();
  });
  await tokens.issued().shown();
  assert.equal(created(), 1);
});

test("a new token's life counts down, warns in its last tenth, says when it expired, and is in every file", async () => {
  const DAY = 86_400_000;
  const { page, problems, tokens } = await open({ clock: Date.now() });
  await tokens.hostname.fill('192.168.1.20');
  await tokens.usePreset('UDP game port 7777');
  await tokens.setRange(2, 7000, 7010);
  await tokens.createButton.click();
  const region = tokens.issued();
  const timer = region.timer;
  await timer.waitFor();
  // The local service issues tokens for 365 days.
  assert.match(await timer.textContent(), /^Expires in 36[45] d(?: \d+ h)?(?: \d+ min)?(?: \d+ s)?, on \d{4}-\d\d-\d\d at \d\d:\d\d UTC\.$/);
  const life = region.life;
  // The life's own status (the region also holds others: the engine files
  // while they load in the split build, the sealing's).
  const said = region.lifeStatus;
  assert.equal(await life.getAttribute('data-life'), 'ok');
  const first = await timer.textContent();
  // What a screen reader is told changes only with the state, not each second.
  await said.evaluate((el) => {
    window.statusChanges = 0;
    new MutationObserver((list) => { window.statusChanges += list.length; }).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await page.clock.runFor(3000);
  assert.notEqual(await timer.textContent(), first, 'it counts down');
  assert.equal(await page.evaluate(() => window.statusChanges), 0, 'the status is not rewritten while the state holds');

  const env = await (await region.downloadEnv()).text();
  const expiry = env.match(/^# Expires (\S+) \(the token's exp claim\)\.$/m);
  assert.ok(expiry, env);
  assert.match(await timer.textContent(), new RegExp(`on ${expiry[1].slice(0, 10)} at ${expiry[1].slice(11, 16)} UTC`));

  await page.clock.fastForward(330 * DAY);
  await region.lifeIs('low');
  assert.match(await timer.textContent(), /^Expires in 3[45] d .* Less than a tenth of its life is left: create a new one soon\.$/);
  assert.equal(await said.textContent(), "Less than a tenth of this token's life is left.");
  await page.clock.fastForward(36 * DAY);
  await region.lifeIs('expired');
  assert.match(await timer.textContent(), /^Expired on .* UTC: create a new one\.$/);
  assert.equal(await said.textContent(), 'This token has expired.');
  assert.deepEqual(await axeViolations(page), []);

  // The result took the form's place; "Create another like this" brings the
  // form back, holding what the token was made for, above the token.
  assert.equal(await tokens.createButton.isVisible(), false, 'the result replaces the form');
  assert.equal(await tokens.hostname.isVisible(), false);
  await region.createAnother();
  const hostname = tokens.hostname;
  await hostname.waitFor();
  assert.equal(await hostname.inputValue(), '192.168.1.20');
  await page.waitForFunction(() => document.activeElement?.name === 'hostname');
  assert.ok(await region.isVisible(), 'the token shown once is still there');
  assert.equal(await tokens.firstPort.inputValue(), '7000');
  assert.equal(await tokens.lastPort.inputValue(), '7010');
  assert.match(await tokens.ports().textContent(), /192\.168\.1\.20:8080/);
  assert.deepEqual(problems, []);
});

test('with the token from the environment, no engine file holds it: one local file does, with its .gitignore line and loaders', async () => {
  const { page, problems, region, token } = await createdFor('192.168.1.20');
  await region.fromEnvironment.check();
  const local = `gamecloud.${ns.staging}.local.env`;
  const fetch = async (file, name) => {
    const saved = await file.download(name);
    assert.equal(saved.name, name);
    return saved.text();
  };
  for (const [engine, name, reads] of [
    ['Godot', 'gamecloud_dev.cfg', 'OS.get_environment("GAMECLOUD_DEV_TOKEN")'],
    ['Unity', 'GameCloudDev.json', 'System.Environment.GetEnvironmentVariable("GAMECLOUD_DEV_TOKEN")'],
    ['Unreal', 'DefaultGameCloudDev.ini', 'FPlatformMisc::GetEnvironmentVariable(TEXT("GAMECLOUD_DEV_TOKEN"))'],
  ]) {
    await region.handTo(engine);
    const file = region.file(engine);
    await file.shown();
    const text = await fetch(file, name);
    assert.ok(!text.includes(token), `${name} holds no token`);
    assert.match(text, /no secret: the game reads the token from the environment variable GAMECLOUD_DEV_TOKEN/);
    assert.match(text, /192\.168\.1\.20/);
    const lines = (await fetch(file, local)).split('\n');
    assert.equal(lines[0], '# Game Cloud development token: a secret. Keep this file out of version control and out of release builds.');
    assert.match(lines[1], /^# Expires \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(the token's exp claim\)\.$/);
    assert.deepEqual(lines.slice(2), [`GAMECLOUD_DEV_TOKEN=${token}`, '']);
    const snippet = await file.howItIsRead();
    assert.ok(snippet.includes(reads), snippet);
    assert.ok(snippet.includes(`set -a; . ./${local}; set +a`), snippet);
    assert.ok(snippet.includes(`Get-Content ${local} |`), snippet);
    assert.match(await file.text(), /\.gitignore: gamecloud\.\*\.env/);
    assert.match(await file.text(), /holds no secret/);
  }
  // Off again: the token is back in the engine's file.
  await region.fromEnvironment.uncheck();
  const godot = region.file('Unreal');
  assert.ok((await fetch(godot, 'DefaultGameCloudDev.ini')).includes(`Token="${token}"`));
  assert.equal(await godot.downloadButton(local).count(), 0);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
});

test('the engine files are tabs, one tab stop: the arrows, Home and End move between them, each showing its file', async () => {
  const { page, problems, region } = await createdFor('192.168.1.20');
  assert.deepEqual(await region.tabNames(), ['Godot', 'Unity', 'Unreal', '.env']);
  const shown = async () => {
    const selected = region.selectedTab();
    const name = await selected.textContent();
    assert.ok(await selected.evaluate((el) => el === document.activeElement), `${name} has the focus`);
    await region.showsFileOf(name);
    assert.equal(await region.tabStops(), 1, 'one tab stop');
    return name;
  };
  await region.handTo('.env');
  assert.equal(await shown(), '.env');
  for (const [key, engine] of [['ArrowRight', 'Godot'], ['ArrowRight', 'Unity'], ['ArrowLeft', 'Godot'], ['ArrowLeft', '.env'], ['Home', 'Godot'], ['End', '.env']]) {
    await page.keyboard.press(key);
    assert.equal(await shown(), engine, key);
  }
  assert.deepEqual(problems, []);
});

