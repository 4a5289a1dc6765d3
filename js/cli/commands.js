// `gamecloud`'s commands: the calls each makes, through this package's
// entries (the same validation, files and rule for protected namespaces as
// the panel), on the values `args.js` read. Each returns its exit code.
import { constants, lstat, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GameCloudClient, init, validateDevTokenRequest } from '../node.js';
import { BuildsIndex } from '../builds-node.js';
import { engineFile, init as initFiles } from '../files-node.js';
import { BulkChange, confirms } from '../bulk-node.js';
import { Usage, baseUrl, id, need, port, protectedNamespaces, timeoutMs } from './args.js';
import { EXIT, deliver, print, printable, redacted, safeCsv, safeJson, shellQuoted } from './output.js';

/** The client of the service the command line names, with the token from the environment. */
function client(values) {
  const token = process.env.GAMECLOUD_API_TOKEN;
  if (!token) throw new Usage('Set GAMECLOUD_API_TOKEN to your token (it is never taken from an argument).');
  return new GameCloudClient({ baseUrl: baseUrl(values), token, timeoutMs: timeoutMs(values) });
}

/** A positional argument a command does not take, said without printing a token. */
function noPositionals(command, positionals) {
  if (positionals.length) throw new Usage(redacted(`${command} takes no ${positionals[0]}.`));
}

export async function builds(values, positionals) {
  noPositionals('builds', positionals);
  if (values.json && values.csv) throw new Usage('--json and --csv: choose one.');
  const gameId = id(values, 'game');
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
  const problems = [];
  for (const [flag, step] of view(await BuildsIndex.from({ builds: [] }))) {
    try {
      step();
    } catch (e) {
      problems.push(`--${flag} ${values[flag]}: ${e.message.replace(/^(column: |options\.)/, '')}`);
    }
  }
  if (problems.length) throw new Usage(redacted(problems.join('\n')));
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

/** Whether `path` exists (a link to nothing too: a file would not be made there). */
const exists = (path) => lstat(path).then(() => true, () => false);

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

export async function devToken(values, positionals) {
  noPositionals('dev-token', positionals);
  const gameId = id(values, 'game');
  const namespaceId = id(values, 'namespace');
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
    return deliver(values.json ? JSON.stringify({ token }) : token);
  }
  // The engine's file made once with a stand-in token: what it refuses (a
  // hostname or an address it cannot hold) is said before a token exists.
  await initFiles();
  const engineFileWith = (token) =>
    engineFile(values.engine, { token, baseUrl: baseUrl(values), gameId, namespaceId, ...request, tokenFromEnv: values['token-from-env'] ?? false });
  const { local } = engineFileWith('stand.in.token');
  // Each file created now, empty (never over another, never through a
  // link), readable by its owner only when it will hold the token, and kept
  // open: the text is written through the handle that created it, so
  // nothing put at the path meanwhile receives it. A place it cannot be
  // made is said before a token exists, and nothing is left there if none
  // is made.
  const made = [];
  const closeMade = () => Promise.all(made.map(({ handle }) => handle.close().catch(() => {})));
  const removeMade = async () => {
    await closeMade();
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
    await closeMade();
    // The token exists now: shown once here rather than lost.
    console.error(`gamecloud: could not write ${e.path ?? values.out}: ${e.message}. The token, shown once:`);
    await deliver(token);
    return EXIT.failed;
  }
  const secretFile = local ? outputs[1] : values.out;
  if (values.json) return print(JSON.stringify({ files: outputs, place: file.place, secret: secretFile }));
  print(`Wrote ${outputs.join(' and ')}; ${secretFile} holds the token: keep it out of version control (.gitignore).`);
  print(`Put ${values.out} in ${file.place}.`);
}

/** `cdn-auth` and `domain-auth`: one setting on several namespaces, as the panel applies it. */
export async function setting(values, positionals, command) {
  const words = command === 'cdn-auth' ? { none: { cdnAuth: 'none' }, basic: { cdnAuth: 'basic' } } : { on: { domainAuth: true }, off: { domainAuth: false } };
  if (positionals.length !== 1 || !(positionals[0] in words)) {
    throw new Usage(`${command} takes one of ${Object.keys(words).join(' or ')}.`);
  }
  const gameId = id(values, 'game');
  // Every id in its one form ({ABC-...}, urn:uuid:abc-... and abc-... are one
  // namespace), so a name given with --protected is found, and the id a
  // refusal asks for is the one that confirms it.
  const marked = protectedNamespaces(values);
  const names = new Map(marked.map((p) => [p.id, p.name]));
  const namespaces = id(values, 'namespace').map((ns) => ({ id: ns, label: names.get(ns) ?? '' }));
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
          ? `: ${printable(redacted(r.error.message))}`
          : '';
    print(`${r.label ? `${printable(r.label)} (${r.namespaceId})` : r.namespaceId}: ${r.status}${why}`);
  }
  print(change.summary);
  if (results.some((r) => r.status === 'failed')) return EXIT.failed;
  if (results.some((r) => r.status === 'refused')) return EXIT.protected;
}
