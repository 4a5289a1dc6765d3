// The list of keyboard shortcuts, opened with `?`.

/** The list of keyboard shortcuts: `?` opens it (not while typing in a field), Close closes it. */
export class Shortcuts {
  constructor(page) {
    this.page = page;
    this.root = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /** Presses `?`; resolves once the list is open. */
  async open() {
    await this.page.keyboard.press('?');
    await this.root.waitFor();
  }

  /** What it lists. */
  text() {
    return this.root.textContent();
  }

  /** Closes it with its Close button; resolves once it is closed. */
  async close() {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await this.root.waitFor({ state: 'hidden' });
  }
}
