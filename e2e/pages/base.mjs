// What every page object shares: the browser page a part of it lives in, and
// a file saved from a button, as a person saves one.
import { readFile } from 'node:fs/promises';

/**
 * The Playwright page of `scope`: `scope` itself if it is a page, its page if
 * it is a locator (a page object found inside an element of a host page).
 */
export function pageOf(scope) {
  return typeof scope.page === 'function' ? scope.page() : scope;
}

/**
 * Presses `button` and saves the file it downloads; resolves with its
 * suggested `name`, its `path` on disk and its `text()`.
 */
export async function download(button) {
  const saved = pageOf(button).waitForEvent('download');
  await button.click();
  const file = await saved;
  const path = await file.path();
  return { name: file.suggestedFilename(), path, text: () => readFile(path, 'utf8') };
}
