// The look tests' pictures: where they are written, and each compared pixel
// by pixel with its committed one in docs/screenshots (e2e/look.test.mjs for
// the panel's pages, e2e/js-elements.test.mjs for the drop-in elements in a
// host page). A change meant is taken again by `cargo xtask screenshots`.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Where the pictures are written: docs/screenshots when taken again, else target/look. */
export const TAKING = Boolean(process.env.SCREENSHOT_DIR);
export const OUT = TAKING ? `${process.env.SCREENSHOT_DIR.replace(/\/$/, '')}/` : new URL('../target/look/', import.meta.url).pathname;
const COMMITTED = new URL('../docs/screenshots/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });

/**
 * How much of a picture may differ from its committed one: a pixel counts
 * when its colour is off by more than pixelmatch's `threshold` (anti-aliased
 * edges left out), and at most `SHARE` of the pixels may (text's rendering
 * may move by a pixel; a colour, a spacing or a line of text changed is far
 * more).
 */
const THRESHOLD = 0.1;
const SHARE = 0.001;

/**
 * Stops the page's clock at the next whole minute (a second at least from
 * now), so that what counts time (a token's countdown, "Updated just now")
 * reads the same in every run.
 */
export async function holdClock(page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(Math.ceil((now + 1000) / 60_000) * 60_000);
}

/**
 * Counts the parts of the wasm (a page's code, fetched as it is needed) that
 * the page asks for, from now on; gives `page.partsSettled()`: resolves once
 * none has been asked for and not yet in for 700 ms (they come one after
 * another).
 */
export function watchParts(page) {
  const parts = /\/(part|pack)-[\w-]{16}\.wasm$/;
  let inFlight = 0;
  let moved = Date.now();
  page.on('request', (r) => { if (parts.test(r.url())) { inFlight += 1; moved = Date.now(); } });
  for (const done of ['requestfinished', 'requestfailed']) {
    page.on(done, (r) => { if (parts.test(r.url())) { inFlight -= 1; moved = Date.now(); } });
  }
  page.partsSettled = async () => {
    while (inFlight > 0 || Date.now() - moved < 700) await new Promise((r) => setTimeout(r, 100));
  };
}

/**
 * Takes the picture once the page holds still: two shots in a row the same
 * (as Playwright's own `toHaveScreenshot` waits), at most `tries` of them. A
 * part that arrives late, or a layout that settles a frame after the last
 * wait, would otherwise be pictured half-way.
 */
export async function takeStill(page, path, options = {}, tries = 20) {
  const shoot = () => page.screenshot({ animations: 'disabled', caret: 'hide', ...options });
  let last = await shoot();
  for (let i = 1; i < tries; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const next = await shoot();
    if (next.equals(last)) break;
    last = next;
  }
  await writeFile(path, last);
}

/**
 * Compares the picture at `path` with the committed one of the same name,
 * except inside `boxes`; writes where they differ beside it (`-diff.png`).
 */
export async function compare(path, name, boxes) {
  const committed = `${COMMITTED}${name}`;
  const want = PNG.sync.read(await readFile(committed).catch(() => assert.fail(`no committed picture ${committed}: take it with \`cargo xtask screenshots\``)));
  const got = PNG.sync.read(await readFile(path));
  assert.deepEqual([got.width, got.height], [want.width, want.height], `${name} is ${got.width}x${got.height}, the committed picture ${want.width}x${want.height}`);
  for (const { x, y, width, height } of boxes) {
    for (let row = Math.max(0, Math.floor(y)); row < Math.min(got.height, Math.ceil(y + height)); row++) {
      for (let col = Math.max(0, Math.floor(x)); col < Math.min(got.width, Math.ceil(x + width)); col++) {
        const at = (row * got.width + col) * 4;
        want.data.copy(got.data, at, at, at + 4);
      }
    }
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const off = pixelmatch(got.data, want.data, diff.data, got.width, got.height, { threshold: THRESHOLD });
  const share = off / (got.width * got.height);
  if (share > SHARE) await writeFile(path.replace(/\.png$/, '-diff.png'), PNG.sync.write(diff));
  assert.ok(share <= SHARE, `${name} differs from docs/screenshots/${name} in ${off} pixels (${(share * 100).toFixed(2)}%; see target/look). A change meant: \`cargo xtask screenshots\` takes the pictures again`);
}

