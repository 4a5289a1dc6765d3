#!/usr/bin/env node
// `gamecloud`: the game cloud service's four operations from a terminal or a
// CI job, over this package's entries: the same validation, the same files
// and the same rule for protected namespaces as the panel. The token is read
// from GAMECLOUD_API_TOKEN only: an argument would stay in the shell's
// history and in the process list.
import { parseArgs } from 'node:util';
import { constants, lstat, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GameCloudClient, GameCloudError, init, validateDevTokenRequest } from './node.js';
import { BuildsIndex } from './builds-node.js';
import { engineFile, init as initFiles } from './files-node.js';
import { BulkChange, confirms, init as initBulk } from './bulk-node.js';
// The bulk entry's own reading of an id (once loaded): not public exports.
import { holdsToken, isNamespaceId, nameProblem, namespaceKey } from './gamecloud_bulk.js';

/** The exit codes (`gamecloud --help` lists them). */
const EXIT = { ok: 0, failed: 1, usage: 2, protected: 3 };

const COMMON = `Options of every command:
  --base-url URL     the service (default: GAMECLOUD_BASE_URL, else http://127.0.0.1:8080)
  --game ID          the game
  --help             this command's help
The token is read from GAMECLOUD_API_TOKEN, never from an argument.`;

const HELP = {
  '': `gamecloud: the game cloud service from a terminal.

Commands:
  gamecloud builds        list a game's builds (a table, --json or --csv; exact sizes)
  gamecloud dev-token     create a development token, or write it into an engine's file
  gamecloud cdn-auth      set the CDN authentication of one or more namespaces
  gamecloud domain-auth   turn domain-based authentication of one or more namespaces on or off

Run gamecloud COMMAND --help for each.

${COMMON}

Exit codes:
  0  done
  1  the service or the network failed (each failure printed)
  2  a wrong command line, or a request the service would refuse (every problem printed; nothing sent)
  3  a protected namespace was not confirmed with --confirm (nothing sent to it)`,
  builds: `gamecloud builds --game ID [--filter TEXT] [--state all|complete|unfinished] [--sort COLUMN[:asc|desc]] [--json | --csv]

Every build of the game, newest first: a table, or the panel's JSON or CSV export
(sizes exact to the byte). --filter keeps the builds holding every word of TEXT in
their name, ids or tags (key=value), in any case. --sort takes a build's field:
display_name, build_id, upload_id, complete, content_length, create_ts, tags.

${COMMON}`,
  'dev-token': `gamecloud dev-token --game ID --namespace ID --hostname HOST [--port LABEL=PROTOCOL:PORT | LABEL=PROTOCOL:MIN-MAX]... [--engine godot|unity|unreal|env --out FILE [--token-from-env]] [--json]

Creates a development token (shown once: the service cannot give it back) and prints
it, or, with --engine and --out, writes the engine's file with it (with
--token-from-env, the engine's file holds no secret and FILE.local.env holds the
token). Protocols: http, https, tcp, tcp_tls, udp. The request is checked first:
every problem is printed, keyed by port label, and nothing is sent.

${COMMON}`,
  'cdn-auth': `gamecloud cdn-auth --game ID --namespace ID [--namespace ID]... none|basic [--protected ID[=NAME]]... [--confirm NAME]...

Sets the CDN authentication of each namespace, three at a time, as the panel does.
A protected namespace (--protected, or GAMECLOUD_PROTECTED: ids, each with =NAME,
separated by commas) is changed only when --confirm gives its name (its NAME, or
its id without one; spaces and the case of ASCII letters do not count). An entry
that is not a namespace id is refused (exit 2): it would protect nothing.

${COMMON}`,
  'domain-auth': `gamecloud domain-auth --game ID --namespace ID [--namespace ID]... on|off [--protected ID[=NAME]]... [--confirm NAME]...

Turns domain-based authentication of each namespace on or off, as cdn-auth sets its
setting (the same rule for protected namespaces).

${COMMON}`,
};

const OPTIONS = {
  'base-url': { type: 'string' },
  game: { type: 'string' },
  help: { type: 'boolean' },
};
const PER_COMMAND = {
  builds: { filter: { type: 'string' }, state: { type: 'string' }, sort: { type: 'string' }, json: { type: 'boolean' }, csv: { type: 'boolean' } },
  'dev-token': {
    namespace: { type: 'string' },
    hostname: { type: 'string' },
    port: { type: 'string', multiple: true },
    engine: { type: 'string' },
    out: { type: 'string' },
    'token-from-env': { type: 'boolean' },
    json: { type: 'boolean' },
  },
  'cdn-auth': { namespace: { type: 'string', multiple: true }, protected: { type: 'string', multiple: true }, confirm: { type: 'string', multiple: true } },
  'domain-auth': { namespace: { type: 'string', multiple: true }, protected: { type: 'string', multiple: true }, confirm: { type: 'string', multiple: true } },
};

/** A wrong command line: said, with where to read more, and exit 2. */
class Usage extends Error {}

/** Characters that can rewrite a terminal's screen: controls (C0, DEL, C1) and direction overrides. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text from the service, safe to print on a terminal: each such character shown as U+FFFD. */
const printable = (text) => String(text).replace(UNSAFE, '\ufffd');

/**
 * JSON text with every such character escaped (`\u009b`): the same data,
 * nothing a terminal runs. The writer escapes C0 controls inside strings
 * already (outside them they are its white space); DEL, C1 and the
 * direction overrides are escaped here.
 */
const safeJson = (text) => text.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * CSV for any stdout: every character that can rewrite a terminal's screen
 * (C0 controls, DEL, C1, direction overrides) in a cell, quoted or not, shown
 * as U+FFFD; the CSV's own line ends (CR LF between records) stay as they
 * are. Replaced rather than removed: the export's guard against formulas
 * (a `'` before a cell that begins with `=`) saw the control, and a cell
 * that began `BEL=` must not begin `=` now.
 */
function safeCsv(csv) {
  let out = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r' && csv[i + 1] === '\n') {
      out += '\r\n';
      i++;
      continue;
    }
    out += /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(c) ? '\ufffd' : c;
  }
  return out;
}

/**
 * An id flag's values refused when one holds a token: a secret where an id
 * belongs would go into the request's path and be printed back. The token
 * is not repeated.
 */
function noToken(values, names) {
  for (const name of names) {
    const given = [values[name] ?? []].flat();
    if (given.some((v) => holdsToken(v))) {
      throw new Usage(`--${name} holds a token, not an id: it was not used, and is not printed. The token goes in GAMECLOUD_API_TOKEN.`);
    }
  }
}

function need(values, name) {
  const value = values[name];
  // A blank one of several ids is a slip; a blank --hostname is the
  // validator's to say, with every other problem of the request.
  const blank = (v) => v.trim() === '';
  if (value === undefined || value === '' || (Array.isArray(value) && (value.length === 0 || value.some(blank)))) {
    throw new Usage(`--${name} is required${Array.isArray(value) && value.length ? ', and not empty' : ''}.`);
  }
  return value;
}

/** The service's address: `--base-url`, else GAMECLOUD_BASE_URL (a CI secret may end with a newline), else the local service. */
const baseUrlOf = (values) => (values['base-url'] ?? process.env.GAMECLOUD_BASE_URL ?? 'http://127.0.0.1:8080').trim();

function client(values) {
  const token = process.env.GAMECLOUD_API_TOKEN;
  if (!token) throw new Usage('Set GAMECLOUD_API_TOKEN to your token (it is never taken from an argument).');
  const baseUrl = baseUrlOf(values);
  const c = new GameCloudClient({ baseUrl, token });
  // As the panel warns: plain http is for this machine only.
  const { protocol, hostname: host } = URL.canParse(baseUrl) ? new URL(baseUrl) : {};
  const loopback = () => host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (protocol === 'http:' && !loopback()) {
    console.error(`warning: ${printable(baseUrl)} is plain http: the token crosses the network unencrypted. Use https beyond this machine.`);
  }
  return c;
}

async function builds(values, positionals) {
  if (positionals.length) throw new Usage(`builds takes no ${positionals[0]}.`);
  if (values.json && values.csv) throw new Usage('--json and --csv: choose one.');
  const gameId = need(values, 'game');
  // The view asked for, tried on no builds first: a wrong --sort or
  // --state is said (both, if both are wrong) before anything is sent.
  const [column, direction = 'asc', ...more] = (values.sort ?? '').split(':');
  const view = (index) => [
    ['sort', () => {
      if (values.sort === undefined) return; // the service's order
      if (more.length) throw new Error('write COLUMN, COLUMN:asc or COLUMN:desc.');
      index.sort(column, direction);
    }],
    ['state', () => index.filter({ text: values.filter ?? '', state: values.state ?? 'all' })],
  ];
  await initBulk();
  noToken(values, ['game']);
  const problems = [];
  for (const [flag, step] of view(await BuildsIndex.from({ builds: [] }))) {
    try {
      step();
    } catch (e) {
      problems.push(`--${flag} ${values[flag]}: ${e.message.replace(/^(column: |options\.)/, '')}`);
    }
  }
  if (problems.length) throw new Usage(problems.join('\n'));
  const answer = await client(values).listBuilds(gameId);
  const index = await BuildsIndex.from(answer);
  for (const [, step] of view(index)) step();
  if (values.json) return print(safeJson(index.toJson()));
  if (values.csv) {
    // The panel's export, without what a terminal would run: a pipe's
    // reader (`| head`, `| less -R`) may be one.
    process.stdout.write(safeCsv(index.toCsv()));
    return;
  }
  const rows = index.rows().map((b) => [
    printable(b.display_name),
    printable(b.build_id),
    b.complete ? 'complete' : 'unfinished',
    `${b.content_length.toLocaleString('en-US')} bytes`,
    printable(b.create_ts),
  ]);
  const head = ['NAME', 'BUILD ID', 'UPLOAD', 'SIZE', 'CREATED'];
  const widths = head.map((h) => h.length);
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i], [...cell].length)));
  const line = (cells) => cells.map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  print([line(head), ...rows.map(line), `${index.length} of ${answer.builds.length} builds`].join('\n'));
}

/** `LABEL=PROTOCOL:PORT` or `LABEL=PROTOCOL:MIN-MAX` as a port configuration. */
function port(text) {
  const m = /^([^=]+)=([a-z_]+):(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) throw new Usage(`--port ${text}: write LABEL=PROTOCOL:PORT or LABEL=PROTOCOL:MIN-MAX (game=udp:7777, game=udp:7000-7010).`);
  const [, label, protocol, first, last] = m;
  const config = last === undefined ? { protocol, port: Number(first) } : { protocol, port_range: { min: Number(first), max: Number(last) } };
  return [label, config];
}

/** Whether `path` exists (a link to nothing too: a file would not be made there). */
const exists = (path) => lstat(path).then(() => true, () => false);

async function devToken(values, positionals) {
  if (positionals.length) throw new Usage(`dev-token takes no ${positionals[0]}.`);
  const gameId = need(values, 'game');
  const namespaceId = need(values, 'namespace');
  await initBulk();
  noToken(values, ['game', 'namespace']);
  const ports = (values.port ?? []).map(port);
  const labels = ports.map(([label]) => label);
  const twice = labels.find((label, i) => labels.indexOf(label) !== i);
  if (twice !== undefined) throw new Usage(`--port ${twice}=… is given twice: each label once.`);
  const request = { hostname: need(values, 'hostname'), ports: Object.fromEntries(ports) };
  if ((values.engine === undefined) !== (values.out === undefined)) throw new Usage('--engine and --out go together.');
  if (values['token-from-env'] && !values.engine) throw new Usage('--token-from-env is for an engine file (--engine and --out).');
  // Everything a written file needs is checked before the token is created:
  // a token the service made and nobody saw is a token lost.
  const outputs = values.out === undefined ? [] : [values.out, ...(values['token-from-env'] ? [`${values.out}.local.env`] : [])];
  if (values.engine !== undefined && !['godot', 'unity', 'unreal', 'env'].includes(values.engine)) {
    throw new Usage(`--engine ${values.engine}: one of godot, unity, unreal, env.`);
  }
  if (values.out !== undefined) need(values, 'out');
  for (const file of outputs) {
    if (/[\\/]$/.test(file)) throw new Usage(`--out ${file} names a folder: give the file to write in it.`);
    if (await exists(file)) throw new Usage(`${file} exists: choose another --out, or remove it first (a token file is never overwritten).`);
    const folder = dirname(file);
    if (!(await stat(folder).then((s) => s.isDirectory(), () => false))) throw new Usage(`${folder}/ is not a folder: choose another --out.`);
  }
  await init();
  const issues = validateDevTokenRequest(request);
  for (const i of issues.filter((i) => i.severity === 'warning')) console.error(`warning: ${printable(i.path)}: ${printable(i.message)}`);
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length) {
    for (const i of errors) console.error(`${printable(i.path)}: ${printable(i.message)}`);
    return EXIT.usage;
  }
  const c = client(values);
  if (!values.engine) {
    const { token } = await c.createDevToken(gameId, namespaceId, request);
    if (!tokenShaped(token)) return EXIT.failed;
    return print(values.json ? JSON.stringify({ token }) : token);
  }
  // The engine's file made once with a stand-in token: what it refuses (a
  // hostname or an address it cannot hold) is said before a token exists.
  await initFiles();
  const engineFileWith = (token) =>
    engineFile(values.engine, { token, baseUrl: baseUrlOf(values), gameId, namespaceId, ...request, tokenFromEnv: values['token-from-env'] ?? false });
  const { local } = engineFileWith('stand.in.token');
  // Each file created now, empty (never over another, never through a
  // link), readable by its owner only when it will hold the token, and kept
  // open: the text is written through the handle that created it, so
  // nothing put at the path meanwhile receives it. A place it cannot be
  // made is said before a token exists, and nothing is left there if none
  // is made.
  const made = [];
  const removeMade = async () => {
    await Promise.all(made.map(({ handle }) => handle.close().catch(() => {})));
    await Promise.all(made.map(({ path }) => rm(path, { force: true })));
  };
  const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  try {
    for (const [path, secret] of [[values.out, !local], ...(local ? [[outputs[1], true]] : [])]) {
      made.push({ path, handle: await open(path, CREATE, secret ? 0o600 : 0o644) });
    }
  } catch (e) {
    await removeMade();
    throw new Usage(`could not create ${e.path ?? values.out}: ${e.message}. Choose another --out.`);
  }
  let token;
  let shaped = false;
  try {
    ({ token } = await c.createDevToken(gameId, namespaceId, request));
    shaped = tokenShaped(token);
  } finally {
    if (!shaped) await removeMade();
  }
  if (!shaped) return EXIT.failed;
  const file = engineFileWith(token);
  try {
    await made[0].handle.writeFile(file.text);
    if (local) await made[1].handle.writeFile(file.local.text);
    // Written where it was created; a file the path no longer names (moved,
    // or replaced, by a link say) holds it where no one looks: said, and the
    // token shown once rather than lost.
    for (const { path, handle } of made) {
      const [written, named] = await Promise.all([handle.stat(), lstat(path).catch(() => null)]);
      if (named?.ino !== written.ino || named?.dev !== written.dev) {
        throw Object.assign(new Error('the file was moved or replaced during the call'), { path });
      }
    }
    await Promise.all(made.map(({ handle }) => handle.close()));
  } catch (e) {
    await Promise.all(made.map(({ handle }) => handle.close().catch(() => {})));
    // The token exists now: shown once here rather than lost.
    console.error(`gamecloud: could not write ${e.path ?? values.out}: ${e.message}. The token, shown once:`);
    print(token);
    return EXIT.failed;
  }
  const secretFile = local ? outputs[1] : values.out;
  if (values.json) return print(JSON.stringify({ files: outputs, place: file.place, secret: secretFile }));
  print(`Wrote ${outputs.join(' and ')}; ${secretFile} holds the token: keep it out of version control (.gitignore).`);
  print(`Put ${values.out} in ${file.place}.`);
}

/**
 * Whether the service's token is shaped like one (dot-separated runs of
 * letters, digits, '_' and '-'); if it is not, it is said, not printed as it
 * is.
 */
function tokenShaped(token) {
  if (typeof token === 'string' && /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(token)) return true;
  console.error(`gamecloud: the service answered a token that is not shaped like one: ${JSON.stringify(printable(String(token)).slice(0, 80))}.`);
  return false;
}

/**
 * `ID[=NAME]` lists, from GAMECLOUD_PROTECTED and the flags, each id in its
 * one form. An entry whose id is not a namespace id would protect nothing:
 * refused, with where it came from.
 */
function protectedNamespaces(values) {
  const listed = [
    ...(process.env.GAMECLOUD_PROTECTED ?? '').split(',').map((entry) => ['GAMECLOUD_PROTECTED', entry]),
    ...(values.protected ?? []).map((entry) => ['--protected', entry]),
  ];
  return listed
    .map(([from, entry]) => [from, entry.trim()])
    .filter(([, entry]) => entry)
    .map(([from, entry]) => {
      const at = entry.indexOf('=');
      const [id, name] = at < 0 ? [entry, ''] : [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
      if (holdsToken(entry)) {
        throw new Usage(`${from} holds a token, not a namespace id or name: it was not used, and is not printed. The token goes in GAMECLOUD_API_TOKEN.`);
      }
      if (!isNamespaceId(id)) {
        throw new Usage(
          `${from}: ${JSON.stringify(printable(id))} is not a namespace id, so it would protect nothing. List ids (UUIDs) separated by commas, each with =NAME if you like: ID=Production,ID.`,
        );
      }
      // The name is what --confirm types: one the panel would not keep
      // cannot be typed back (U+0085 alone is confirmed by --confirm '').
      const problem = nameProblem(name);
      if (problem !== undefined) throw new Usage(`${from}: the name of ${namespaceKey(id)}: ${problem}`);
      return { id: namespaceKey(id), name };
    });
}

async function setting(values, positionals, command) {
  const words = command === 'cdn-auth' ? { none: { cdnAuth: 'none' }, basic: { cdnAuth: 'basic' } } : { on: { domainAuth: true }, off: { domainAuth: false } };
  if (positionals.length !== 1 || !(positionals[0] in words)) throw new Usage(`${command} takes one of ${Object.keys(words).join(' or ')}.`);
  const gameId = need(values, 'game');
  await initBulk();
  noToken(values, ['game', 'namespace']);
  // Every id in its one form ({ABC-...}, urn:uuid:abc-... and abc-... are one
  // namespace), so a name given with --protected is found, and the id a
  // refusal asks for is the one that confirms it.
  const marked = protectedNamespaces(values);
  const names = new Map(marked.map((p) => [p.id, p.name]));
  const namespaces = need(values, 'namespace').map((given) => {
    const id = namespaceKey(given);
    return { id, label: names.get(id) ?? '' };
  });
  const c = client(values);
  // A protected namespace is confirmed by any --confirm that gives its name.
  const confirmed = {};
  for (const n of namespaces) {
    const typed = (values.confirm ?? []).find((t) => confirms(t, n.label.trim() || n.id));
    if (typed !== undefined) confirmed[n.id] = typed;
  }
  const change = new BulkChange({ client: c, gameId, namespaces, setting: words[positionals[0]], protected: marked.map((p) => p.id), confirmed });
  const results = await change.run();
  for (const r of results) {
    const name = r.label || r.namespaceId;
    const why =
      r.status === 'refused'
        ? ` (protected: nothing sent; add --confirm ${shellQuoted(printable(name))} to change it)`
        : r.error
          ? `: ${printable(r.error.message)}`
          : '';
    print(`${r.label ? `${printable(r.label)} (${r.namespaceId})` : r.namespaceId}: ${r.status}${why}`);
  }
  print(change.summary);
  if (results.some((r) => r.status === 'failed')) return EXIT.failed;
  if (results.some((r) => r.status === 'refused')) return EXIT.protected;
}

/**
 * `text` with every word that holds a token replaced: a token given where
 * an argument belongs is said, never printed back.
 */
async function redacted(text) {
  try {
    await initBulk();
  } catch {
    return text.replace(/\S{40,}/g, '(not shown)'); // without the check, nothing long is shown
  }
  return text.replace(/\S+/g, (word) => (holdsToken(word) ? '(a token, not shown)' : word));
}

const print = (text) => {
  process.stdout.write(`${text}\n`);
};

/** `text` as one word for a POSIX shell, expanding nothing (`$(...)`, backquotes, `!`): single quotes. */
const shellQuoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

// A reader that stops early (`| head -1`) ends the command quietly, as it
// ends `cat`; any other failure to write (a full disk) is said.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') console.error(`gamecloud: could not write the output: ${e.message}`);
  process.exit(e.code === 'EPIPE' ? (process.exitCode ?? EXIT.ok) : EXIT.failed);
});

const COMMANDS = { builds, 'dev-token': devToken, 'cdn-auth': setting, 'domain-auth': setting };

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    print(HELP['']);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (!Object.hasOwn(COMMANDS, command)) throw new Usage(`gamecloud has no command ${JSON.stringify(command)}: builds, dev-token, cdn-auth or domain-auth.`);
  if (rest.some((a) => a === '--token' || a.startsWith('--token='))) {
    throw new Usage('The token is read from GAMECLOUD_API_TOKEN only: an argument would stay in the shell history and the process list.');
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...OPTIONS, ...PER_COMMAND[command] }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new Usage(e.message);
  }
  if (parsed.values.help) {
    print(HELP[command]);
    return EXIT.ok;
  }
  return (await COMMANDS[command](parsed.values, parsed.positionals, command)) ?? EXIT.ok;
}

const command = process.argv[2];
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (e) => {
    if (e instanceof Usage) {
      console.error(`gamecloud: ${await redacted(e.message)}`);
      console.error(`Run gamecloud ${Object.hasOwn(COMMANDS, command ?? '') ? `${command} ` : ''}--help.`);
      process.exitCode = EXIT.usage;
    } else if (e instanceof GameCloudError) {
      console.error(`gamecloud: ${printable(e.message)}`);
      for (const i of e.issues ?? []) if (!e.message.includes(i.message)) console.error(`  ${printable(i.path)}: ${printable(i.message)}`);
      process.exitCode = e.kind === 'invalid_request' ? EXIT.usage : EXIT.failed;
    } else {
      console.error(`gamecloud: ${e?.stack ?? e}`);
      process.exitCode = EXIT.failed;
    }
  },
);
