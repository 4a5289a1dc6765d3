// The tokens made here, as a studio engineer uses the page: which of my
// development tokens expire soon, a reminder in my calendar, another like one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { axeViolations, demoNamespaces, useFixtures } from './harness.mjs';
import { openPanel } from './pages/index.mjs';

const fx = useFixtures([]);
const ns = demoNamespaces(fx);
const DAY = 86_400_000;
/** A moment the tests hold the browser's clock at (the service's own clock mints the real token). */
const NOW = Date.now();

/** A UTC date (`2026-12-11`) of a moment. */
const dateOf = (ms) => new Date(ms).toISOString().slice(0, 10);

/** An action log entry of a development token made, as the panel keeps it (one JSON line). */
function made({ namespace, label = '', hostname, ports, expires, outcome = 'done', at = NOW - 2 * DAY }) {
  const expiry = expires === undefined ? '' : `; expires ${new Date(expires).toISOString()}`;
  return JSON.stringify({
    at_ms: at,
    operation: 'create-dev-token',
    game_id: fx.service.gameId,
    namespace_id: namespace,
    namespace_label: label,
    value: `ports ${ports}${expiry}`,
    hostname,
    outcome,
    ray_id: '',
    request: '',
  });
}

/** A calendar file read by ical.js: its one event, and its raw lines. */
function calendar(text) {
  const root = new ICAL.Component(ICAL.parse(text));
  const vevent = root.getFirstSubcomponent('vevent');
  return { root, vevent, event: new ICAL.Event(vevent), lines: text.split('\r\n') };
}

const HOSTILE = 'Prod, EU; "live" <script>window.hacked = 1</script>\r\nsecond line';

test('the tokens made here are listed soonest first, those within 14 days marked, each with a reminder a calendar reads, and never the token', async () => {
  const local = {
    'gamecloud.v3.recent': `${JSON.stringify({ kind: 'namespace', id: ns.staging, label: 'Staging' })}\n`,
    'gamecloud.v3.log': [
      made({ namespace: ns.prod, label: HOSTILE, hostname: '10.0.0.9', ports: 'default http 8080, game udp 7000-7010', expires: NOW + 40 * DAY }),
      made({ namespace: ns.staging, hostname: '192.168.1.7', ports: 'default http 8080', expires: NOW + 5 * DAY }),
      made({ namespace: ns.staging, hostname: '192.168.1.8', ports: 'default http 8080', expires: NOW - 3 * DAY }),
      made({ namespace: ns.prod, hostname: '10.9.9.9', ports: 'default http 8080', expires: NOW + 2 * DAY, outcome: 'failed: 401 TOKEN_INVALID' }),
    ].join('\n'),
  };
  const panel = await openPanel(fx, { page: 'dev-token', ns: 'staging', clock: NOW, local });
  const { page, problems, header, tokens, tokensMade: list } = panel;
  // One made here now, through the form: the service's own expiry (a year).
  const token = await tokens.create('10.1.2.3');
  await header.goTo('Tokens made here');
  await list.shown();

  assert.equal(await list.count(), 4, 'the failed call made no token');
  assert.equal(await list.summary(), '4 tokens, 1 expires within 14 days, 1 has expired.');
  const hosts = await list.column('Hostname');
  assert.deepEqual(hosts, ['192.168.1.7', '10.0.0.9', '10.1.2.3', '192.168.1.8'], 'soonest first, the expired last');
  const soon = await Promise.all([0, 1, 2, 3].map((i) => list.token(i).markedSoon()));
  assert.deepEqual(soon, [true, false, false, false]);
  assert.ok(await list.token(3).markedExpired());
  assert.equal(await list.token(3).reminderButton.count(), 0, 'no reminder for an expired token');
  // Names, not ids: the label, then the short id.
  assert.equal((await list.token(0).cell('Namespace')).trim(), `Staging ${ns.staging.slice(0, 8)}`);
  assert.match(await list.token(1).cell('Namespace'), /Prod, EU; "live" <script>window\.hacked = 1<\/script>/);
  assert.equal(await page.evaluate(() => window.hacked), undefined, 'a label is text, never markup');
  assert.match(await list.token(1).cell('Ports'), /^default http 8080, game udp 7000-7010$/);
  assert.match(await list.token(0).cell('Expires (UTC)'), new RegExp(`^${dateOf(NOW + 5 * DAY)} \\d\\d:\\d\\din 5 days within 14 days$`));
  assert.equal(await list.token(2).cell('Made (UTC)'), dateOf(NOW));

  // A reminder a week before: an all-day event a calendar parser reads.
  const prod = await list.token(1).reminder();
  assert.match(prod.name, new RegExp(`^token-expires-${dateOf(NOW + 40 * DAY)}-${ns.prod.slice(0, 8)}\\.ics$`));
  const text = await prod.text();
  const { root, vevent, event, lines } = calendar(text);
  assert.ok(text.endsWith('\r\n') && !/[^\r]\n/.test(text), 'CRLF line ends only');
  assert.ok(lines.every((l) => Buffer.byteLength(l) <= 75), 'lines folded at 75 octets');
  assert.equal(root.getFirstPropertyValue('version'), '2.0');
  assert.ok(root.getFirstPropertyValue('prodid'));
  assert.ok(event.startDate.isDate, 'an all-day event');
  assert.equal(event.startDate.toString(), dateOf(NOW + 33 * DAY), 'a week before it expires');
  assert.equal(event.endDate.toString(), dateOf(NOW + 34 * DAY));
  assert.ok(vevent.getFirstPropertyValue('dtstamp'));
  assert.match(event.uid, /@gamecloud$/);
  assert.equal(event.summary, `Game Cloud development token for ${HOSTILE.replace('\r\n', '\n')} expires ${dateOf(NOW + 40 * DAY)} at ${new Date(NOW + 40 * DAY).toISOString().slice(11, 16)} UTC`);
  assert.match(event.description, /Hostname: 10\.0\.0\.9\nPorts: default http 8080, game udp 7000-7010\n/);
  assert.equal(vevent.getFirstSubcomponent('valarm').getFirstPropertyValue('trigger').toString(), 'PT9H');

  // Under a week left: the reminder is today, and the page says so.
  const staging = calendar(await (await list.token(0).reminder()).text());
  assert.equal(staging.event.startDate.toString(), dateOf(NOW));
  assert.match(await list.token(0).text(), /for today: under a week left/);
  assert.match(staging.event.summary, /^Game Cloud development token for Staging expires /);

  // The token made here now: its reminder and the page never hold it.
  const fresh = calendar(await (await list.token(2).reminder()).text());
  assert.ok(!fresh.lines.join('').includes(token), 'no token in the reminder');
  assert.ok(!(await list.html()).includes(token), 'no token in the page');
  assert.deepEqual(await axeViolations(page), []);

  // Another like the production one: its namespace selected, its hostname and ports in the form.
  await list.tokenWith('10.0.0.9').createAnother();
  await panel.shows('Development token');
  await panel.addressSays(`ns=${ns.prod}`);
  assert.equal(await tokens.hostname.inputValue(), '10.0.0.9');
  assert.equal(await tokens.portLabel(1).inputValue(), 'default');
  assert.equal(await tokens.portLabel(2).inputValue(), 'game');
  assert.equal(await tokens.firstPort.inputValue(), '7000');
  assert.equal(await tokens.lastPort.inputValue(), '7010');
  assert.equal(await panel.connection.namespace(), ns.prod);
  assert.deepEqual(problems, []);
});

test('with no token made, the page says what will appear and links to the token page; the palette and the menu go there', async () => {
  const panel = await openPanel(fx, { viewport: { width: 390, height: 844 } });
  const { page, problems, palette, header, tokensMade: list } = panel;
  await palette.open();
  await palette.type('tokens expire');
  await palette.offers();
  assert.deepEqual(await palette.offered(), ['Which development tokens expire soon (Tokens made here)']);
  await palette.run();
  await panel.shows('Tokens made here');
  await panel.says('No development token has been made in this browser yet.');
  await panel.says(/Each token made on the token page is listed here with its namespace, hostname and ports/);
  assert.deepEqual(await axeViolations(page), []);
  await list.createLink.click();
  await panel.shows('Development token');
  // On a phone the page's link is behind the menu.
  await header.goTo('Tokens made here');
  await panel.shows('Tokens made here');
  await panel.addressSays('#/tokens');
  assert.deepEqual(problems, []);
});

test('log entries that do not read are said in words, and a token whose ports do not read back is still listed', async () => {
  const local = {
    'gamecloud.v3.log': [
      'not json',
      made({ namespace: ns.staging, hostname: '192.168.1.7', ports: 'default http 80x', expires: NOW + 3 * DAY }),
      made({ namespace: ns.prod, hostname: '10.0.0.9', ports: 'default http 8080' }).replace('"value":"ports default http 8080"', '"value":"ports default http 8080; expires someday"'),
      made({ namespace: 'not-a-uuid', hostname: '10.0.0.10', ports: '', expires: NOW + 100 * DAY }),
    ].join('\n'),
  };
  const panel = await openPanel(fx, { page: 'tokens', clock: NOW, local });
  const { problems, tokensMade: list } = panel;
  await list.shown();
  await panel.says('1 kept log entry could not be read (damaged, or written by another version) and was dropped.');
  assert.equal(await list.summary(), '3 tokens, 1 expires within 14 days.');
  const broken = list.tokenWith('192.168.1.7');
  assert.equal(await broken.offersAnother(), false);
  assert.match(await broken.text(), /Its ports do not read back from the log: make it on the token page\./);
  assert.match(await list.tokenWith('10.0.0.9').cell('Expires (UTC)'), /^not in the log$/);
  assert.equal(await list.tokenWith('10.0.0.9').reminderButton.count(), 0);
  assert.match(await list.tokenWith('10.0.0.10').cell('Ports'), /^none$/);
  const odd = calendar(await (await list.tokenWith('10.0.0.10').reminder()).text());
  assert.equal(odd.event.startDate.toString(), dateOf(NOW + 93 * DAY));
  // Presenting: no id in a download's name.
  await panel.header.present();
  const presented = await list.tokenWith('192.168.1.7').reminder();
  assert.equal(presented.name, `token-expires-${dateOf(NOW + 3 * DAY)}.ics`);
  assert.deepEqual(problems, []);
});
