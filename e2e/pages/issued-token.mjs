// The token made, shown once: its copy, its engine files and their
// downloads, and the form that seals it for a teammate (the lead's side of
// the encrypted hand-off).
import { download } from './base.mjs';

/** The name of a button that downloads the local env file (`gamecloud.<namespace id>.local.env`; the id left out while presenting). */
const LOCAL_ENV = /^Download gamecloud\./;

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

  /** Its first line under its heading: what the token is for ("For staging (7d8e9f10) · 127.0.0.1 · default http 8080"). */
  forLine() {
    return this.root.locator('h2 + p').textContent();
  }

  /** What it shows without unfolding anything (its folds' summaries only). */
  shownText() {
    return this.root.evaluate((root) => root.innerText);
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

/** The lead's side: the form under a new token that seals it with a passphrase ("Share with a teammate"). */
export class Sealing {
  /** The form of the new token `issued` (an `IssuedToken`), opened by `issued.share()`. */
  constructor(issued) {
    this.issued = issued;
    this.root = issued.root.getByRole('group', { name: 'Encrypted hand-off, for a teammate' });
  }

  /** The passphrase field. */
  get passphrase() {
    return this.root.getByLabel('Passphrase (12 characters or more)');
  }

  /** The button that seals and downloads the file. */
  get sealButton() {
    return this.root.getByRole('button', { name: 'Download encrypted hand-off' });
  }

  /** Presses "Download encrypted hand-off" (a weak passphrase seals nothing: the test says what follows). */
  async seal() {
    await this.sealButton.click();
  }

  /** Presses "Suggest one": a random passphrase in the field. */
  async suggest() {
    await this.root.getByRole('button', { name: 'Suggest one' }).click();
  }

  /** Waits until the sealing says `text` (why a passphrase is weak, what was saved). */
  async says(text) {
    await this.issued.status(text);
  }
}
