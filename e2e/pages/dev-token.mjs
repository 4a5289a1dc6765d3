// The development token page: the form (the hostname, the ports), Create
// token, and the token made, shown once with its engine files.
import { download, pageOf } from './base.mjs';
import { ConfirmDialog } from './confirm.mjs';
import { Sealing } from './handoff.mjs';

/** The name of a button that downloads the local env file (`gamecloud.<namespace id>.local.env`; the id left out while presenting). */
const LOCAL_ENV = /^Download gamecloud\./;

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

/**
 * The new development token's region: the token (masked until revealed), its
 * life, its engine files as tabs, the hand-off to a teammate.
 */
export class IssuedToken {
  /** The new token's region in `scope` (the page, or an element of a host page). */
  constructor(scope) {
    this.scope = scope;
    this.root = scope.getByRole('region', { name: 'New development token' });
  }

  /** Resolves once it is shown. */
  async shown() {
    await this.root.waitFor();
  }

  /** How many are on the page: 1, or 0 once it is gone. */
  count() {
    return this.root.count();
  }

  /** Whether it is on screen. */
  isVisible() {
    return this.root.isVisible();
  }

  /** All it says. */
  text() {
    return this.root.textContent();
  }

  /** Waits until it says `text`. */
  async says(text) {
    await this.root.getByText(text, { exact: false }).waitFor();
  }

  /** Waits until one of its statuses says `text` (the sealing's, the life's...). */
  async status(text) {
    await this.root.getByRole('status').filter({ hasText: text }).waitFor();
  }

  /** The token's field. */
  get field() {
    return this.root.getByLabel('New token');
  }

  /** The token, as its field holds it. */
  value() {
    return this.field.inputValue();
  }

  /** Shows the token in its field ("Reveal"). */
  async reveal() {
    await this.root.getByRole('button', { name: 'Reveal' }).click();
  }

  /** The button that copies the token. */
  get copyButton() {
    return this.root.getByRole('button', { name: 'Copy token' });
  }

  /** The `.env` file under the token (`dev-token.env`), downloaded; resolves with the file (see `download`). */
  downloadEnv() {
    return download(this.root.getByRole('button', { name: 'Download dev-token.env' }));
  }

  /** The local env file beside the engine's file shown (the token from the environment), downloaded; resolves with the file (see `download`). */
  downloadLocalEnv() {
    return download(this.root.getByRole('button', { name: LOCAL_ENV }));
  }

  /** "Create another like this": the form again, filled in as for this token. */
  async createAnother() {
    await this.root.getByRole('button', { name: 'Create another like this' }).click();
  }

  /** The token's life, counting down. */
  get timer() {
    return this.root.getByRole('timer');
  }

  /** The line of the token's life (its `data-life` says `ok`, `low` or `expired`). */
  get life() {
    return this.timer.locator('xpath=..');
  }

  /** Waits until the token's life is `state` (`ok`, `low`, `expired`). */
  async lifeIs(state) {
    await this.life.and(this.root.page().locator(`[data-life="${state}"]`)).waitFor();
  }

  /** What the life's own status tells a screen reader. */
  get lifeStatus() {
    return this.life.getByRole('status');
  }

  /** "Token from the environment": no secret in the engine's file, one local file with it. */
  get fromEnvironment() {
    return this.root.getByLabel("Token from the environment: no secret in the engine's file");
  }

  /** The engine tabs under the new token. */
  engines() {
    return this.root.getByRole('tablist', { name: 'Hand it to the engine' });
  }

  /** The tab of `engine`. */
  tab(engine) {
    return this.engines().getByRole('tab', { name: engine, exact: true });
  }

  /** The engines' tabs, as they read, in order. */
  tabNames() {
    return this.engines().getByRole('tab').allTextContents();
  }

  /** Resolves once the panel of the tab `engine` shows its file. */
  async showsFileOf(engine) {
    await this.root.getByRole('tabpanel', { name: engine }).getByRole('group', { name: `${engine} file` }).waitFor();
  }

  /** The tab that is selected. */
  selectedTab() {
    return this.engines().locator('[aria-selected="true"]');
  }

  /** How many of the tabs take the focus from Tab (one tab stop: 1). */
  tabStops() {
    return this.engines().locator('[tabindex="0"]').count();
  }

  /** Shows the file for `engine` (`Godot`, `Unity`, `Unreal`, `.env`): presses its tab. */
  async handTo(engine) {
    await this.tab(engine).click();
  }

  /** The file for `engine`, as its tab shows it. */
  file(engine) {
    return new EngineFile(this.root, engine);
  }

  /** Selects the namespace the token is for ("Select this namespace", for a token opened from a hand-off). */
  async selectNamespace() {
    await this.root.getByRole('button', { name: 'Select this namespace' }).click();
  }

  /** "Name it so": the name a hand-off gives the namespace, offered. */
  get nameItSo() {
    return this.root.getByRole('button', { name: 'Name it so' });
  }

  /** Opens "Share with a teammate": resolves with the form that seals the token (a `Sealing`). */
  async share() {
    await this.root.getByText('Share with a teammate: an encrypted hand-off').click();
    return new Sealing(this);
  }
}

/** An engine's file under a new token (`Godot file`...): what it says, how the engine reads it, its downloads. */
export class EngineFile {
  constructor(region, engine) {
    this.root = region.getByRole('group', { name: `${engine} file` });
  }

  /** Resolves once it is shown. */
  async shown() {
    await this.root.waitFor();
  }

  /** All it says. */
  text() {
    return this.root.textContent();
  }

  /** How the engine reads it, as the snippet beside it says. */
  howItIsRead() {
    return this.root.getByLabel('How the engine reads it').textContent();
  }

  /** What it says instead of a file it will not write. */
  problem() {
    return this.root.getByRole('alert').textContent();
  }

  /** Its button that downloads `name` (the file, or the local env file beside it). */
  downloadButton(name) {
    return this.root.getByRole('button', { name: `Download ${name}` });
  }

  /** Its button that downloads the local env file beside it (the token from the environment). */
  get localEnvButton() {
    return this.root.getByRole('button', { name: LOCAL_ENV });
  }

  /** Downloads `name`; resolves with the file (see `download`). */
  download(name) {
    return download(this.downloadButton(name));
  }
}
