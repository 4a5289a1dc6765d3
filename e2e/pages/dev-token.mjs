// The development token page: the form (the hostname, the ports), Create
// token, and the token made, shown once with its engine files.
import { pageOf } from './base.mjs';
import { ConfirmDialog } from './confirm.mjs';
import { IssuedToken } from './issued-token.mjs';

/**
 * The development token page, in the panel or in a dev-token element of a
 * host page (`scope`: the page, or the element's locator): the hostname, the
 * ports, Create, and the token shown once.
 */
export class DevTokenPage {
  constructor(scope) {
    this.scope = scope;
    this.page = pageOf(scope);
  }

  /** The hostname field. */
  get hostname() {
    return this.scope.getByLabel('Hostname');
  }

  /** The Create token button. */
  get createButton() {
    return this.scope.getByRole('button', { name: 'Create token' });
  }

  /** The port table, with what each port is through the proxy and with the token. */
  ports() {
    return this.scope.getByRole('table', { name: 'Ports' });
  }

  /** The port table's rows, one a port (a card each on a phone). */
  portRows() {
    return this.ports().locator('tbody tr');
  }

  /** The port table's column headers. */
  portHeaders() {
    return this.ports().locator('thead th');
  }

  /** Adds the port of a preset (`UDP game port 7777`). */
  async usePreset(name) {
    await this.scope.getByRole('button', { name: `Preset: ${name}` }).click();
  }

  /** Adds an empty port. */
  async addPort() {
    await this.scope.getByRole('button', { name: 'Add port' }).click();
  }

  /** Removes the port labelled `label`. */
  async removePort(label) {
    await this.scope.getByRole('button', { name: `Remove port ${label}` }).click();
  }

  /** The label field of the port numbered `n` (from 1). */
  portLabel(n) {
    return this.scope.getByLabel(`Label of port ${n}`);
  }

  /** The port number field of the port numbered `n` (from 1). */
  portNumber(n) {
    return this.ports().getByRole('row').filter({ has: this.portLabel(n) }).getByLabel('Port', { exact: true });
  }

  /** The first port of the range. */
  get firstPort() {
    return this.scope.getByLabel('First port');
  }

  /** The last port of the range. */
  get lastPort() {
    return this.scope.getByLabel('Last port');
  }

  /** Makes the port numbered `n` (from 1) the range from `first` to `last`. */
  async setRange(n, first, last) {
    await this.scope.getByLabel('Single port or range').nth(n - 1).selectOption({ label: 'Range' });
    await this.firstPort.fill(String(first));
    await this.lastPort.fill(String(last));
  }

  /** Waits until the form says `text` (a check's error or warning). */
  async says(text) {
    await this.scope.getByText(text).waitFor();
  }

  /** The new token, shown once it is made (or opened from a hand-off). */
  issued() {
    return new IssuedToken(this.scope);
  }

  /** The page's title and the sticky header, as drawn: { title: {top, bottom}, header: {bottom} }. */
  titleAndHeader() {
    return this.scope.getByRole('heading', { name: 'Development token', level: 1 }).evaluate((h1) => {
      const t = h1.getBoundingClientRect();
      const header = document.querySelector('header').getBoundingClientRect();
      return { title: { top: t.top, bottom: t.bottom }, header: { bottom: header.bottom } };
    });
  }

  /** What the new token decodes to. */
  get decoded() {
    return this.scope.getByLabel('Decoded token');
  }

  /** Presses Create token for a protected namespace; resolves with the confirmation that asks for its name. */
  async askToCreate() {
    await this.createButton.click();
    return new ConfirmDialog(this.page, 'Create').shown();
  }

  /** Makes a token for `hostname` (asking nothing: the namespace is not protected); resolves with it. */
  async create(hostname) {
    await this.hostname.fill(hostname);
    await this.createButton.click();
    await this.issued().shown();
    return this.issued().value();
  }
}
