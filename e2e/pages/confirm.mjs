// The confirmation a change opens, before anything is sent.

/**
 * The confirmation a change opens (a modal `alertdialog` named by its button:
 * `Apply`, `Create`, `Remove the mark`): what it asks and will send, the names
 * of protected namespaces to type, and its buttons.
 */
export class ConfirmDialog {
  /** The confirmation open on `page` whose button that acts is `action` (`Set CDN auth` unless given). */
  constructor(page, action = 'Set CDN auth') {
    this.page = page;
    this.action = action;
    this.root = page.getByRole('alertdialog').filter({ has: page.getByRole('button', { name: action, exact: true }) });
  }

  /** Resolves with this dialog once it is open. */
  async shown() {
    await this.root.waitFor();
    return this;
  }

  /** Resolves once it is closed. */
  async closed() {
    await this.root.waitFor({ state: 'hidden' });
  }

  /** Its title, the question (`Set the CDN auth type to basic?`). */
  title() {
    return this.root.locator('p').first().textContent();
  }

  /** What it says under its title: what it changes, and what it asks to type. */
  said() {
    return this.root.locator('p').nth(1).textContent();
  }

  /** Its first sentence: what it changes (`On 1 namespace: Production (7d8e9f10).`). */
  async question() {
    return (await this.said()).split('\n')[0];
  }

  /** The request it will send, as it is written (folded under "Show request" until shown). */
  get request() {
    return this.root.getByText(/^PUT /);
  }

  /** What it says will be sent, folded under "Show request". */
  sent() {
    return this.root.locator('pre').textContent();
  }

  /** Unfolds "Show request": the request and the buttons that copy it. */
  async showRequest() {
    const fold = this.root.locator('details');
    if (!(await fold.evaluate((d) => d.open))) await fold.getByText('Show request').click();
  }

  /** The field for the protected namespaces' names (hidden when none is protected). */
  get names() {
    return this.root.getByLabel('Names of the protected namespaces');
  }

  /** Its button that acts (`Apply`, `Create`...). */
  get confirmButton() {
    return this.root.getByRole('button', { name: this.action, exact: true });
  }

  /** The words of its two buttons, Cancel and the one that acts, in the order they stand. */
  buttons() {
    return this.root.getByRole('button').filter({ hasText: new RegExp(`^(Cancel|${this.action})$`) }).allTextContents();
  }

  /** Types the protected namespaces' names. */
  async typeNames(names) {
    await this.names.fill(names);
  }

  /** Presses its button, typing the protected namespaces' `names` first if given. */
  async confirm(names) {
    if (names !== undefined) await this.typeNames(names);
    await this.confirmButton.click();
  }

  /** Cancels it. */
  async cancel() {
    await this.root.getByRole('button', { name: 'Cancel' }).click();
  }

  /** Its button that copies the change as curl commands for sh, bash, zsh and fish. */
  get curlButton() {
    return this.root.getByRole('button', { name: 'Copy as curl', includeHidden: true });
  }

  /** Its button that copies the change as commands for PowerShell. */
  get powerShellButton() {
    return this.root.getByRole('button', { name: 'Copy for PowerShell', includeHidden: true });
  }

  /** Copies the change as curl commands; resolves once it says "Copied". */
  async copyAsCurl() {
    await this.showRequest();
    await this.curlButton.click();
    await this.root.getByRole('button', { name: 'Copied' }).waitFor();
  }

  /** Copies the change as PowerShell commands; resolves once it says "Copied". */
  async copyForPowerShell() {
    await this.showRequest();
    await this.powerShellButton.click();
    await this.root.getByRole('button', { name: 'Copied' }).waitFor();
  }
}
