// `gamecloud`'s run: what the command line asks (`args.js`), the command
// that does it (`commands.js`), and how it ends: every failure said on
// stderr (a token never printed back) with its exit code (`output.js`).
import { GameCloudError, init as initCore } from '../node.js';
import { init as initBulk } from '../bulk-node.js';
import { Usage, parse } from './args.js';
import { builds, devToken, setting } from './commands.js';
import { EXIT, print, printable, redacted } from './output.js';

const COMMANDS = { builds, 'dev-token': devToken, 'cdn-auth': setting, 'domain-auth': setting };

/** Runs `gamecloud` with `argv` (the arguments after the command's name) and sets the exit code. */
export async function run(argv) {
  const started = performance.now();
  try {
    // The core's rules of ids, names and URLs, which every step asks.
    await Promise.all([initBulk(), initCore()]);
    const asked = parse(argv);
    if (asked.help !== undefined) return void print(asked.help);
    if (asked.version !== undefined) return void print(asked.version);
    if (asked.usage !== undefined) {
      console.error(asked.usage);
      process.exitCode = EXIT.usage;
      return;
    }
    const { command, values, positionals } = asked;
    process.exitCode = (await COMMANDS[command](values, positionals, command)) ?? EXIT.ok;
  } catch (e) {
    process.exitCode = said(e, argv[0], performance.now() - started);
  }
}

/** Says a failure on stderr; its exit code. */
function said(e, command, elapsedMs) {
  if (e instanceof Usage) {
    console.error(`gamecloud: ${redacted(e.message)}`);
    const asked = Object.hasOwn(COMMANDS, command ?? '') ? `${command} ` : '';
    console.error(`Run gamecloud ${asked}--help.`);
    return EXIT.usage;
  }
  if (e instanceof GameCloudError) {
    // A service that never answered: how long was really waited, since a
    // retry's attempts each had the timeout.
    const waited = e.kind === 'timeout' ? ` (waited ${(elapsedMs / 1000).toFixed(1)} s in all)` : '';
    console.error(`gamecloud: ${printable(redacted(e.message))}${waited}`);
    for (const i of e.issues ?? []) if (!e.message.includes(i.message)) console.error(`  ${printable(i.path)}: ${printable(redacted(i.message))}`);
    return e.kind === 'invalid_request' ? EXIT.usage : EXIT.failed;
  }
  console.error(`gamecloud: ${redacted(String(e?.stack ?? e))}`);
  return EXIT.failed;
}
