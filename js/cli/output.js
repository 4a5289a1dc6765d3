// What `gamecloud` prints, and how: the service's text made safe for a
// terminal, the exit codes, and the one place that knows stdout can fail. A
// token is printed only by `dev-token`, and only its own, once.
import { holdsToken } from '../gamecloud_bulk.js';

/** The exit codes (`gamecloud --help` lists them). */
export const EXIT = { ok: 0, failed: 1, usage: 2, protected: 3 };

/** Characters that can rewrite a terminal's screen: controls (C0, DEL, C1) and direction overrides. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text from the service, safe to print on a terminal: each such character shown as U+FFFD. */
export const printable = (text) => String(text).replace(UNSAFE, '\ufffd');

/**
 * JSON text with every such character escaped (`\u009b`): the same data,
 * nothing a terminal runs. The writer escapes C0 controls inside strings
 * already (outside them they are its white space); DEL, C1 and the
 * direction overrides are escaped here.
 */
export const safeJson = (text) => text.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * CSV for any stdout: every character that can rewrite a terminal's screen
 * (C0 controls, DEL, C1, direction overrides) in a cell, quoted or not, shown
 * as U+FFFD; the CSV's own line ends (CR LF between records) stay as they
 * are. Replaced rather than removed: the export's guard against formulas
 * (a `'` before a cell that begins with `=`) saw the control, and a cell
 * that began `BEL=` must not begin `=` now.
 */
export function safeCsv(csv) {
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
    out += c.replace(UNSAFE, '\ufffd');
  }
  return out;
}

/** `text` as one word for a POSIX shell, expanding nothing (`$(...)`, backquotes, `!`): single quotes. */
export const shellQuoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * `text` with every word that holds a token, and the caller's own token
 * wherever it is (a service may echo it in a refusal), replaced: a token is
 * said, never printed back.
 */
export function redacted(text) {
  const own = process.env.GAMECLOUD_API_TOKEN?.trim();
  const mine = own ? String(text).replaceAll(own, '(your token, not shown)') : String(text);
  try {
    return mine.replace(/\S+/g, (word) => (holdsToken(word) ? '(a token, not shown)' : word));
  } catch {
    // The check's wasm did not load: nothing long is shown.
    return mine.replace(/\S{40,}/g, '(not shown)');
  }
}

/**
 * Whether stdout carries a token that nobody could have again (`dev-token`
 * printing it): a stdout that fails then says it was not delivered, instead
 * of ending quietly.
 */
let delivering = false;

/** Prints `text` and a line end on stdout. */
export const print = (text) => {
  process.stdout.write(`${text}\n`);
};

/** Says, once, that the token did not reach anyone. */
let saidUndelivered = false;
function undelivered(e) {
  if (saidUndelivered) return;
  saidUndelivered = true;
  console.error(`gamecloud: the token was not delivered: standard output failed (${e.code ?? e.message}). The service cannot show it again: create another.`);
}

/**
 * Prints a token the service made and will never show again; resolves with
 * the exit code: 1, said, when stdout did not take it.
 */
export function deliver(text) {
  delivering = true;
  return new Promise((resolve) =>
    process.stdout.write(`${text}\n`, (e) => {
      if (e) undelivered(e);
      resolve(e ? EXIT.failed : EXIT.ok);
    }),
  );
}

// A reader that stops early (`| head -1`) ends the command quietly, as it
// ends `cat`, unless what it stopped reading was a token: that is said. Any
// other failure to write (a full disk) is said.
process.stdout.on('error', (e) => {
  if (delivering) {
    undelivered(e);
    process.exit(EXIT.failed);
  }
  if (e.code !== 'EPIPE') console.error(`gamecloud: could not write the output: ${e.message}`);
  process.exit(e.code === 'EPIPE' ? (process.exitCode ?? EXIT.ok) : EXIT.failed);
});
