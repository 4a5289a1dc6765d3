// The header around every page: the pages' links (behind "Menu" on a phone),
// presentation mode, and the link that skips past it.

/** The header: the links to the pages, presentation mode, "Skip to the page". */
export class Header {
  constructor(page) {
    this.page = page;
  }

  /** The link to the page `name` (`Builds`, `Action log`...), in the pages' navigation. */
  link(name) {
    return this.page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name, exact: true });
  }

  /** The "Menu" button that shows the pages' links on a phone. */
  get menuButton() {
    return this.page.getByRole('button', { name: 'Menu' });
  }

  /** Goes to the page `name` by its link, opening the menu first where the links are behind it (a phone). */
  async goTo(name) {
    if (await this.menuButton.isVisible()) await this.menuButton.click();
    await this.link(name).click();
  }

  /** The presentation mode switch. */
  get presentation() {
    return this.page.getByRole('switch', { name: 'Presentation mode' });
  }

  /** Turns presentation mode on: every token, hostname and id masked. */
  async present() {
    await this.presentation.check();
  }

  /** Turns presentation mode off. */
  async stopPresenting() {
    await this.presentation.uncheck();
  }

  /** What the panel says under the switch of presentation mode. */
  presentationHint() {
    return this.page.locator('#present-hint').textContent();
  }

  /** "Skip to the page", the first tab stop. */
  get skipLink() {
    return this.page.getByRole('button', { name: 'Skip to the page' });
  }
}
