// The palette (Ctrl-K): a page, a namespace by its label, or an action, by a
// word of its name.

/** The palette: opened with Ctrl-K, a word typed, an option chosen with the arrows and Enter. */
export class Palette {
  constructor(page) {
    this.page = page;
    this.root = page.getByRole('dialog', { name: 'Palette' });
  }

  /** Opens it with Ctrl-K; resolves once it is open. */
  async open() {
    await this.page.keyboard.press('Control+k');
    await this.root.waitFor();
  }

  /** Types `text` in it. */
  async type(text) {
    await this.page.keyboard.type(text);
  }

  /** The options it offers. */
  options() {
    return this.root.getByRole('option');
  }

  /** The words of the options it offers, in order. */
  offered() {
    return this.options().allTextContents();
  }

  /** Waits until it offers something. */
  async offers() {
    await this.options().first().waitFor();
  }

  /** The option chosen now, as it reads. */
  selected() {
    return this.root.getByRole('option', { selected: true }).textContent();
  }

  /** Moves the choice `times` options down, with the arrow key. */
  async down(times) {
    for (let i = 0; i < times; i += 1) await this.page.keyboard.press('ArrowDown');
  }

  /** Runs the option chosen (Enter). */
  async run() {
    await this.page.keyboard.press('Enter');
  }

  /** Closes it with Escape, running nothing. */
  async dismiss() {
    await this.page.keyboard.press('Escape');
  }

  /** Resolves once it is closed. */
  async closed() {
    await this.root.waitFor({ state: 'hidden' });
  }
}
