// What `gamecloud`'s command line says: the commands and their flags (the
// help is written from them), read into typed values, and every mistake a
// `Usage` (exit 2) said before anything is sent. The rules of ids, names
// and base URLs are the core's, asked of the bulk entry's wasm and the core
// entry's, never copied here; both are loaded before any of them is asked.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { holdsToken, isNamespaceId, nameProblem, namespaceKey } from '../gamecloud_bulk.js';
import { sendsTokenInClear } from '../node.js';
import { printable } from './output.js';

/** A wrong command line: said, with where to read more, and exit 2. */
export class Usage extends Error {}

const COMMON = `Options of every command:
  --base-url URL     the service (default: GAMECLOUD_BASE_URL, else http://127.0.0.1:8080)
  --game ID          the game
  --timeout SECONDS  how long one attempt of a call may take (default 30; safe calls are tried again)
  --help             this command's help
The token is read from GAMECLOUD_API_TOKEN, never from an argument.`;

/** Each command: its synopsis, what it does, and its own flags. */
export const COMMANDS = {
  builds: {
    summary: "list a game's builds (a table, --json or --csv; exact sizes)",
    help: `gamecloud builds --game ID [--filter TEXT] [--state all|complete|unfinished] [--sort COLUMN[:asc|desc]] [--json | --csv]

Every build of the game, newest first: a table, or the panel's JSON or CSV export
(sizes exact to the byte). --filter keeps the builds holding every word of TEXT in
their name, ids or tags (key=value), in any case. --sort takes a build's field:
display_name, build_id, upload_id, complete, content_length, create_ts, tags.`,
    flags: { filter: { type: 'string' }, state: { type: 'string' }, sort: { type: 'string' }, json: { type: 'boolean' }, csv: { type: 'boolean' } },
  },
  'dev-token': {
    summary: "create a development token, or write it into an engine's file",
    help: `gamecloud dev-token --game ID --namespace ID --hostname HOST [--port LABEL=PROTOCOL:PORT | LABEL=PROTOCOL:MIN-MAX]... [--engine godot|unity|unreal|env --out FILE [--token-from-env]] [--json]

Creates a development token (shown once: the service cannot give it back) and prints
it, or, with --engine and --out, writes the engine's file with it (with
--token-from-env, the engine's file holds no secret and FILE.local.env holds the
token). Protocols: http, https, tcp, tcp_tls, udp. The request is checked first:
every problem is printed, keyed by port label, and nothing is sent.`,
    flags: {
      namespace: { type: 'string' },
      hostname: { type: 'string' },
      port: { type: 'string', multiple: true },
      engine: { type: 'string' },
      out: { type: 'string' },
      'token-from-env': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  },
  'cdn-auth': {
    summary: 'set the CDN authentication of one or more namespaces',
    help: `gamecloud cdn-auth --game ID --namespace ID [--namespace ID]... none|basic [--protected ID[=NAME]]... [--confirm NAME]...

Sets the CDN authentication of each namespace, three at a time, as the panel does.
A protected namespace (--protected, or GAMECLOUD_PROTECTED: ids, each with =NAME,
separated by commas) is changed only when --confirm gives its name (its NAME, or
its id without one; spaces and the case of ASCII letters do not count). An entry
that is not a namespace id is refused (exit 2): it would protect nothing.`,
    flags: { namespace: { type: 'string', multiple: true }, protected: { type: 'string', multiple: true }, confirm: { type: 'string', multiple: true } },
  },
  'domain-auth': {
    summary: 'turn domain-based authentication of one or more namespaces on or off',
    help: `gamecloud domain-auth --game ID --namespace ID [--namespace ID]... on|off [--protected ID[=NAME]]... [--confirm NAME]...

Turns domain-based authentication of each namespace on or off, as cdn-auth sets its
setting (the same rule for protected namespaces).`,
    flags: { namespace: { type: 'string', multiple: true }, protected: { type: 'string', multiple: true }, confirm: { type: 'string', multiple: true } },
  },
};

const COMMON_FLAGS = {
  'base-url': { type: 'string' },
  game: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean' },
};

/** The package's version, from its manifest beside this folder. */
export function version() {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}

/** The help of `command`, or of the whole command without one. */
export function help(command) {
  if (command) return `${COMMANDS[command].help}\n\n${COMMON}`;
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const list = Object.entries(COMMANDS).map(([name, c]) => `  gamecloud ${name.padEnd(width)}   ${c.summary}`);
  return `gamecloud: the game cloud service from a terminal.

Commands:
${list.join('\n')}

Run gamecloud COMMAND --help (or gamecloud help COMMAND) for each; gamecloud --version.

${COMMON}

Exit codes:
  0  done
  1  the service or the network failed (each failure printed)
  2  a wrong command line, or a request the service would refuse (every problem printed; nothing sent)
  3  a protected namespace was not confirmed with --confirm (nothing sent to it)`;
}

/**
 * What `argv` asks: `{ help }` (text for stdout), `{ usage }` (nothing was
 * asked: the help, for stderr), `{ version }`, or `{ command, values,
 * positionals }`. A wrong command line is a `Usage`.
 */
export function parse(argv) {
  const [first, ...rest] = argv;
  if (first === undefined) return { usage: help() };
  if (first === '--help' || first === '-h') return { help: help() };
  if (first === '--version' || first === '-V') return { version: version() };
  if (first === 'help') {
    if (rest[0] === undefined) return { help: help() };
    known(rest[0]);
    return { help: help(rest[0]) };
  }
  known(first);
  if (rest.some((a) => a === '--token' || a.startsWith('--token='))) {
    throw new Usage('The token is read from GAMECLOUD_API_TOKEN only: an argument would stay in the shell history and the process list.');
  }
  const options = { ...COMMON_FLAGS, ...COMMANDS[first].flags };
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    throw new Usage(e.message);
  }
  if (parsed.values.help) return { help: help(first) };
  // parseArgs keeps the last of a flag given twice: a slip (two --game) is
  // said instead of one of them chosen.
  const seen = new Set();
  for (const token of parsed.tokens.filter((t) => t.kind === 'option')) {
    if (!options[token.name].multiple && seen.has(token.name)) throw new Usage(`--${token.name} is given twice: once.`);
    seen.add(token.name);
  }
  return { command: first, values: parsed.values, positionals: parsed.positionals };
}

/** Refuses a command that is not one. */
function known(command) {
  if (!Object.hasOwn(COMMANDS, command)) {
    throw new Usage(`gamecloud has no command ${JSON.stringify(printable(command))}: builds, dev-token, cdn-auth or domain-auth.`);
  }
}

/** `--name`'s value, required and not blank (each of several too). */
export function need(values, name) {
  const value = values[name];
  // A blank one of several ids is a slip; a blank --hostname is the
  // validator's to say, with every other problem of the request.
  const blank = (v) => v.trim() === '';
  if (value === undefined || value === '' || (Array.isArray(value) && (value.length === 0 || value.some(blank)))) {
    throw new Usage(`--${name} is required${Array.isArray(value) && value.length ? ', and not empty' : ''}.`);
  }
  return value;
}

/**
 * An id flag's value in its one form (`{ABC-...}` and `urn:uuid:abc-...` are
 * `abc-...`), as the service and the marks compare them; refused when it
 * holds a token: a secret where an id belongs would go into the request's
 * path and be printed back. The token is not repeated.
 */
export function id(values, name) {
  const given = need(values, name);
  const one = (text) => {
    if (holdsToken(text)) {
      throw new Usage(`--${name} holds a token, not an id: it was not used, and is not printed. The token goes in GAMECLOUD_API_TOKEN.`);
    }
    return namespaceKey(text);
  };
  return Array.isArray(given) ? given.map(one) : one(given);
}

/**
 * The service's address: `--base-url`, else GAMECLOUD_BASE_URL (a CI secret
 * may end with a newline), else the local service. One that holds a user
 * name or a password is refused without printing them; plain http beyond
 * this machine is warned of, as the panel warns.
 */
export function baseUrl(values) {
  const url = (values['base-url'] ?? process.env.GAMECLOUD_BASE_URL ?? 'http://127.0.0.1:8080').trim();
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed && (parsed.username || parsed.password)) {
    parsed.username = '';
    parsed.password = '';
    throw new Usage(`the base URL holds a user name or password (user:password@): they are credentials, which go nowhere but in GAMECLOUD_API_TOKEN. Give ${printable(parsed.href)}.`);
  }
  // As the panel warns: plain http is for this machine only (the core's rule).
  if (sendsTokenInClear(url)) {
    console.error(`warning: ${printable(url)} is plain http: the token crosses the network unencrypted. Use https beyond this machine.`);
  }
  return url;
}

/** `--timeout` in milliseconds, or `undefined` for the client's own (30 s). */
export function timeoutMs(values) {
  if (values.timeout === undefined) return undefined;
  const seconds = Number(values.timeout);
  if (!(seconds > 0 && seconds <= 86_400)) throw new Usage(`--timeout ${printable(values.timeout)}: a number of seconds, more than 0 and at most 86400.`);
  return Math.ceil(seconds * 1000);
}

/** `LABEL=PROTOCOL:PORT` or `LABEL=PROTOCOL:MIN-MAX` as a port configuration. */
export function port(text) {
  const m = /^([^=]+)=([a-z_]+):(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) throw new Usage(`--port ${text}: write LABEL=PROTOCOL:PORT or LABEL=PROTOCOL:MIN-MAX (game=udp:7777, game=udp:7000-7010).`);
  const [, label, protocol, first, last] = m;
  const config = last === undefined ? { protocol, port: Number(first) } : { protocol, port_range: { min: Number(first), max: Number(last) } };
  return [label, config];
}

/**
 * `ID[=NAME]` lists, from GAMECLOUD_PROTECTED and the flags, each id in its
 * one form. An entry whose id is not a namespace id would protect nothing,
 * and a name the panel would not keep cannot be typed back to confirm it:
 * refused, with where it came from.
 */
export function protectedNamespaces(values) {
  const listed = [
    ...(process.env.GAMECLOUD_PROTECTED ?? '').split(',').map((entry) => ['GAMECLOUD_PROTECTED', entry]),
    ...(values.protected ?? []).map((entry) => ['--protected', entry]),
  ];
  return listed
    .map(([from, entry]) => [from, entry.trim()])
    .filter(([, entry]) => entry)
    .map(([from, entry]) => {
      const at = entry.indexOf('=');
      const [given, name] = at < 0 ? [entry, ''] : [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
      if (holdsToken(entry)) {
        throw new Usage(`${from} holds a token, not a namespace id or name: it was not used, and is not printed. The token goes in GAMECLOUD_API_TOKEN.`);
      }
      if (!isNamespaceId(given)) {
        throw new Usage(
          `${from}: ${JSON.stringify(printable(given))} is not a namespace id, so it would protect nothing. List ids (UUIDs) separated by commas, each with =NAME if you like: ID=Production,ID.`,
        );
      }
      // U+0085 alone was confirmed by --confirm ''.
      const problem = nameProblem(name);
      if (problem !== undefined) throw new Usage(`${from}: the name of ${namespaceKey(given)}: ${problem}`);
      return { id: namespaceKey(given), name };
    });
}
