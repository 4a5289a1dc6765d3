// The encrypted hand-off, as a lead and a teammate use it: the lead is refused
// a weak passphrase, then seals a new token (format version 2) with a
// passphrase, Python's `cryptography` opens that file on its own
// (tests/readers/handoff.py), and the teammate's panel (another browser
// profile, no token of its own) opens it, says exactly what is wrong with a
// wrong passphrase, a cut or altered file and another version, and offers
// the engine files. Files Python sealed open too (version 2, and version 1
// with a passphrase sealing now refuses), one whose token is for another
// namespace does not, and the test vectors of docs/HANDOFF.md
// (docs/handoff-vector-v2.txt, docs/handoff-vector-v1.txt) decrypt in both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations, demoNamespaces, issueDevToken, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);
const PYTHON = process.env.READERS_PYTHON ?? 'python3';
const READER = new URL('../tests/readers/handoff.py', import.meta.url).pathname;
const VECTOR_V1 = new URL('../docs/handoff-vector-v1.txt', import.meta.url).pathname;
const VECTOR_V2 = new URL('../docs/handoff-vector-v2.txt', import.meta.url).pathname;
/** The test vectors' passphrase (docs/HANDOFF.md). */
const VECTOR_PASSPHRASE = 'correct horse battery staple';

/** What a hand-off holds, from its plaintext's `key value` lines. */
function fields(text) {
  const out = { ports: [] };
  for (const line of text.split('\n').filter(Boolean)) {
    const [key, ...rest] = line.split(' ');
    if (key === 'port') out.ports.push(rest.join(' '));
    else out[key] = rest.join(' ');
  }
  return out;
}

/** Python's reading of a sealed file: what it holds. */
function pythonOpens(path, passphrase) {
  return fields(execFileSync(PYTHON, [READER, path, passphrase], { encoding: 'utf8', stdio: 'pipe' }));
}

/** `lines` sealed by Python: version 2, or with `--seal-v1` version 1. */
function pythonSeals(lines, passphrase, how = '--seal') {
  return execFileSync(PYTHON, [READER, how, passphrase], { input: lines.join('\n') + '\n', encoding: 'utf8' });
}

/**
 * The teammate's side: the token page, in a browser profile of its own (its
 * site's storage holding `local`), no ids and no token, "Open an encrypted
 * hand-off" unfolded; its `Panel`.
 */
async function teammate(local) {
  const panel = await openPanel(fx, { page: 'dev-token', game: null, ns: null, token: null, local });
  await panel.handoff.unfold();
  return panel;
}

test('a lead seals a token, Python and a teammate open it, every failure is told apart', async () => {
  // The lead: staging marked protected, a token for a LAN address and two ports.
  const { page, problems, connection, tokens } = await openPanel(fx, { page: 'dev-token', ns: 'staging' });
  await connection.protect('staging');
  await tokens.hostname.fill('192.168.1.20');
  await tokens.usePreset('UDP game port 7777');
  await (await tokens.askToCreate()).confirm('staging'); // its name, not its id
  const region = tokens.issued();
  await region.shown();
  const token = await region.value();

  const sealing = await region.share();
  const passphrase = sealing.passphrase;
  await passphrase.fill('short one');
  let downloads = 0;
  page.on('download', () => downloads++);
  await sealing.seal();
  assert.equal(await passphrase.evaluate((i) => i.validity.tooShort), true, 'the browser asks for 12 characters');
  assert.equal(downloads, 0, 'a short passphrase seals nothing');
  // 12 characters, but few of them, or a shorter part repeated: the panel says
  // why (each message differs from the one before, so each wait sees a new one).
  for (const [weak, said] of [
    ['abcabcabcabc', /Use 6 different characters or more/],
    ['abcdefabcdef', /Do not repeat a shorter part/],
    ['123412341234', /Use 6 different characters or more/],
  ]) {
    await passphrase.fill(weak);
    await sealing.seal();
    await sealing.says(said);
  }
  assert.equal(downloads, 0, 'a weak passphrase seals nothing');
  await sealing.suggest();
  const suggested = await passphrase.inputValue();
  assert.match(suggested, /^([a-km-np-z2-9]{4}-){4}[a-km-np-z2-9]{4}$/);
  await sealing.suggest();
  assert.notEqual(await passphrase.inputValue(), suggested, 'each suggestion is random');
  const secret = 'lead & team: ünïcode $(no)';
  await passphrase.fill(secret);
  // Enter in the field seals with what was typed (it must not press "Suggest one").
  const saved = page.waitForEvent('download');
  await passphrase.press('Enter');
  const file = await saved;
  assert.equal(await passphrase.inputValue(), secret, 'the passphrase typed is the one used');
  assert.equal(file.suggestedFilename(), 'gamecloud-handoff.txt');
  await sealing.says('Saved gamecloud-handoff.txt');
  const path = await file.path();
  const text = await readFile(path, 'utf8');
  const lines = text.split('\n');
  assert.equal(lines[0], 'gamecloud-handoff 2');
  assert.match(lines[2], /^pbkdf2-sha256-hkdf 600000 [A-Za-z0-9_-]{22} [A-Za-z0-9_-]{22}$/);
  assert.match(lines[3], /^aes-256-gcm [A-Za-z0-9_-]{16} \d+$/);
  assert.ok(!text.includes(token) && !text.includes('192.168.1.20'), 'nothing readable inside');

  // Python's cryptography, on its own, opens the panel's file (PBKDF2, then HKDF).
  const inside = pythonOpens(path, secret);
  assert.equal(inside.token, token);
  assert.equal(new URL(inside.base_url).href, new URL(fx.service.url).href);
  assert.equal(inside.game_id, fx.service.gameId);
  assert.equal(inside.namespace_id, ns.staging);
  assert.equal(inside.protected, 'yes');
  assert.equal(inside.hostname, '192.168.1.20');
  assert.deepEqual(inside.ports, ['default http 8080', 'game udp 7777']);
  assert.throws(() => pythonOpens(path, 'lead & team: unicode $(no)'), 'another passphrase fails in Python too');
  assert.deepEqual(problems, []);

  // The teammate: another browser profile, no token, only the file.
  const mate = await teammate();
  const handoff = mate.handoff;
  const dataAt = text.lastIndexOf('\n', text.length - 2) + 1;
  const flipped = text.slice(0, dataAt + 10) + (text[dataAt + 10] === 'A' ? 'B' : 'A') + text.slice(dataAt + 11);
  const said = [
    await handoff.fails(text, 'lead & team: unicode $(no)', /The passphrase does not open this hand-off/),
    await handoff.fails(text.slice(0, text.length - 40), secret, /cut short/),
    await handoff.fails(flipped, secret, /changed after it was sealed/),
    await handoff.fails(text.replace('gamecloud-handoff 2', 'gamecloud-handoff 3'), secret, /format version 3; this panel reads versions 1 and 2/),
    // Passed off as version 1: its key derivation line is version 2's.
    await handoff.fails(text.replace('gamecloud-handoff 2', 'gamecloud-handoff 1'), secret, /damaged: its key derivation line does not read/),
    await handoff.fails('{"token": "dev_x"}', secret, /not an encrypted hand-off/),
    await handoff.fails('', secret, /Choose the hand-off file, or paste its text/),
  ];
  assert.equal(new Set(said).size, 7, 'each failure has its own message');
  await handoff.text.fill('{"token": "dev_x"}');
  assert.equal(await handoff.problem().count(), 1, 'one message at a time');
  assert.equal(await handoff.text.inputValue(), '{"token": "dev_x"}', 'what was entered is kept');
  assert.equal(await handoff.passphrase.inputValue(), secret);
  assert.equal(await handoff.opened.count(), 0, 'nothing opened');

  // The file itself, chosen from disk, with the right passphrase.
  await handoff.text.fill('');
  await handoff.file.setInputFiles(path);
  await handoff.opens(null, secret);
  const opened = handoff.opened;
  assert.match(await opened.text(), /Opened from the hand-off/);
  assert.equal(await opened.value(), token);
  // Its life, from its own claims: a year, less the moments since it was made
  // (the page's clock ticks each second, so the first tick may not have come).
  assert.match(await opened.text(), /Expires in (364 d 23 h|365 d, on)/);
  // Issue 30, finding 3: opening selected the file's namespace. Now the
  // teammate does.
  const selected = mate.connection;
  assert.equal(await selected.namespace(), '', 'opening selects nothing');
  await opened.selectNamespace();
  assert.equal(await selected.namespace(), ns.staging, 'selected once asked');
  const envText = await (await opened.downloadEnv()).text();
  assert.match(envText, new RegExp(`^GAMECLOUD_DEV_TOKEN=${token.replace(/[.]/g, '\\.')}$`, 'm'));
  assert.match(envText, /^GAMECLOUD_HOSTNAME=192\.168\.1\.20$/m);
  // The mark travelled: the teammate's panel guards staging as the lead's does.
  await mate.header.goTo('Namespace settings');
  assert.ok(await mate.connection.isMarked());
  assert.deepEqual(await axeViolations(mate.page), []);
  assert.deepEqual(mate.problems, []);
});

test('files Python and the JS module sealed, and the published test vectors, open in the panel', async () => {
  const token = await issueDevToken(fx.service, ns.prod, { hostname: '10.0.0.5', ports: { game: { protocol: 'udp', port_range: { min: 7000, max: 7010 } } } });
  const contents = [
    `token ${token}`,
    'base_url https://api.example.com',
    `game_id ${fx.service.gameId}`,
    `namespace_id ${ns.prod}`,
    'namespace_label Production',
    'protected no',
    'hostname 10.0.0.5',
    'port game udp 7000-7010',
  ];
  const sealed = pythonSeals(contents, 'from python, sealed');
  assert.equal(sealed.split('\n')[0], 'gamecloud-handoff 2');
  const mate = await teammate();
  await mate.handoff.opens(sealed, 'from python, sealed');
  const opened = mate.handoff.opened;
  await opened.handTo('Godot');
  const cfg = await (await opened.file('Godot').download('gamecloud_dev.cfg')).text();
  assert.match(cfg, /^hostname="10\.0\.0\.5"$/m);
  assert.match(cfg, /^base_url="https:\/\/api\.example\.com"$/m);
  assert.match(cfg, /^port_min=7000\nport_max=7010$/m);

  // Version 1, as panels sealed before version 2, with a passphrase sealing
  // now refuses: opening asks nothing of the passphrase.
  const old = await teammate();
  await old.handoff.opens(pythonSeals(contents, 'aaaaaaaaaaaa', '--seal-v1'), 'aaaaaaaaaaaa');
  assert.equal(await old.handoff.opened.value(), token);

  // Sealed by the JS module's files entry, as a dashboard would seal it.
  const files = await import(new URL('../pkg/files-node.js', import.meta.url).href);
  const fromModule = await files.sealHandoff(
    { token, baseUrl: 'https://api.example.com', gameId: fx.service.gameId, namespaceId: ns.prod, namespaceLabel: 'Production', hostname: '10.0.0.5', ports: { game: { protocol: 'udp', port_range: { min: 7000, max: 7010 } } } },
    'from a dashboard, sealed',
  );
  const dashboard = await teammate();
  await dashboard.handoff.opens(fromModule, 'from a dashboard, sealed');
  assert.equal(await dashboard.handoff.opened.value(), token);

  // Issue 30, finding 3: a file for the teammate's production namespace,
  // labelled staging and "protected no", relabelled and unmarked nothing,
  // and selected it. Here it changes neither, selects nothing, and offers
  // its label.
  const labelled = await teammate({
    'gamecloud.v3.recent': `${JSON.stringify({ kind: 'namespace', id: ns.prod, label: 'Production' })}\n`,
    'gamecloud.v3.protected': ns.prod,
  });
  const posing = contents.map((l) => (l.startsWith('namespace_label ') ? 'namespace_label staging' : l));
  await labelled.handoff.opens(pythonSeals(posing, 'from python, sealed'), 'from python, sealed');
  await labelled.handoff.opened.says('The hand-off calls it “staging”; this panel\'s name is kept.');
  const kept = await labelled.page.evaluate(() => [localStorage.getItem('gamecloud.v3.recent'), localStorage.getItem('gamecloud.v3.protected')]);
  assert.match(kept[0], new RegExp(`"id":"${ns.prod}","label":"Production"`), 'the label kept');
  assert.equal(kept[1], ns.prod, 'the mark kept');
  assert.equal(await labelled.connection.namespace(), '', 'nothing selected');
  // From a review: a protected namespace this panel has no label for (never
  // named, forgotten, or pushed out of the recent ids) took the file's.
  const unnamed = await teammate({ 'gamecloud.v3.protected': ns.prod });
  await unnamed.handoff.opens(pythonSeals(posing, 'from python, sealed'), 'from python, sealed');
  assert.match(await unnamed.page.evaluate(() => localStorage.getItem('gamecloud.v3.recent')), new RegExp(`"id":"${ns.prod}","label":""`), 'no name given to a protected namespace');
  assert.equal(await unnamed.handoff.opened.nameItSo.count(), 0, 'not even offered');

  // Issue 39, finding 6: where this panel had no name for a namespace, it
  // took the file's, which whoever sealed the file chose. Now it is offered.
  const offered = await teammate();
  await offered.handoff.opens(pythonSeals(posing, 'from python, sealed'), 'from python, sealed');
  await offered.handoff.opened.says('The hand-off calls it “staging”.');
  const recent = () => offered.page.evaluate(() => localStorage.getItem('gamecloud.v3.recent'));
  assert.match(await recent(), new RegExp(`"id":"${ns.prod}","label":""`), 'offered, not applied');
  await offered.handoff.opened.nameItSo.click();
  await offered.handoff.opened.nameItSo.waitFor({ state: 'hidden' });
  assert.match(await recent(), new RegExp(`"id":"${ns.prod}","label":"staging"`), 'named when asked');

  // Issue 30, finding 3: the token's own claims were never compared with the file's fields.
  const other = await teammate();
  const elsewhere = contents.map((l) => (l.startsWith('namespace_id ') ? `namespace_id ${ns.staging}` : l));
  const refused = await other.handoff.fails(pythonSeals(elsewhere, 'from python, sealed'), 'from python, sealed', /holds no usable token/);
  assert.match(refused, new RegExp(`the token is for namespace ${ns.prod}, but the file says namespace ${ns.staging}\\.`));
  // Issue 39, finding 8: in presentation mode the refusal named both
  // namespaces. Now what the file holds is masked; why it failed is not.
  await other.header.present();
  const alert = other.handoff.problem(/holds no usable token/);
  const colours = await alert.evaluate((p) => [getComputedStyle(p).color, ...[...p.querySelectorAll('.gc-secret')].map((s) => [s.textContent, getComputedStyle(s).color])]);
  assert.notEqual(colours[0], 'rgba(0, 0, 0, 0)', 'the reason is drawn');
  assert.equal(colours.length, 2, 'one masked run');
  assert.match(colours[1][0], new RegExp(ns.staging));
  assert.equal(colours[1][1], 'rgba(0, 0, 0, 0)', 'the ids it names are masked');
  await other.header.stopPresenting();
  assert.equal(await other.handoff.opened.count(), 0, 'nothing opened');

  // The test vectors: Python's reading, docs/HANDOFF.md's lines (version 2), then the panel.
  const expected = { [VECTOR_V1]: pythonOpens(VECTOR_V1, VECTOR_PASSPHRASE), [VECTOR_V2]: pythonOpens(VECTOR_V2, VECTOR_PASSPHRASE) };
  for (const inside of Object.values(expected)) {
    assert.equal(inside.namespace_label, 'Production');
    assert.deepEqual(inside.ports, ['default http 8080', 'game udp 7000-7010']);
  }
  const format = await readFile(new URL('../docs/HANDOFF.md', import.meta.url), 'utf8');
  const snippet = format.split('```python\n')[1].split('```')[0];
  const dir = await mkdtemp(join(tmpdir(), 'handoff-'));
  await writeFile(join(dir, 'open.py'), snippet);
  const printed = execFileSync(PYTHON, [join(dir, 'open.py'), VECTOR_V2, VECTOR_PASSPHRASE], { encoding: 'utf8' });
  assert.deepEqual(fields(printed), expected[VECTOR_V2]);
  const pages = [];
  for (const vector of [VECTOR_V2, VECTOR_V1]) {
    // From the keyboard: the text pasted, the passphrase typed, Enter.
    const again = await teammate();
    await again.handoff.text.fill(await readFile(vector, 'utf8'));
    await again.handoff.passphrase.fill(VECTOR_PASSPHRASE);
    await again.handoff.passphrase.press('Enter');
    pages.push(again);
    if (vector === VECTOR_V2) {
      await again.handoff.opened.shown();
      assert.equal(await again.handoff.opened.value(), expected[vector].token, vector);
    } else {
      // Issue 39, finding 6: a version 1 file whose token does not read was
      // taken unchecked. The v1 vector decrypts (Python says what it holds,
      // above) and is refused for its token.
      await again.handoff.problem(/the token does not read/).waitFor();
      assert.equal(await again.handoff.opened.count(), 0, 'nothing opened');
    }
  }
  assert.deepEqual([mate, old, labelled, unnamed, offered, other, ...pages].flatMap((p) => p.problems), []);
});
