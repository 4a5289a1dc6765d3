// The connection and the context, in the header: the token's status and its
// card, and the game's and the namespace's switchers.
import { ConfirmDialog } from './confirm.mjs';

/**
 * The connection and the context: the token's status in the header, which
 * opens the connection card (the token, "Remember in this tab", the base URL
 * under "Advanced"), and the game's and namespace's switchers (each a
 * popover: the id's field, the recent ids, for a namespace its protected
 * mark).
 */
export class Connection {
  constructor(page) {
    this.page = page;
  }

  /** The header's token status ("No token: connect", "Token expires in 12 days"), which opens the card. */
  get status() {
    return this.page.getByRole('banner').getByRole('button', { name: /^(No token|Token )/ });
  }

  /** The connection card. */
  get card() {
    return this.page.getByRole('form', { name: /^(Connect to Game Cloud|Connection)$/ });
  }

  /** What the card says is wrong with what was entered (a base URL it cannot use, say). */
  get cardAlert() {
    return this.card.getByRole('alert');
  }

  /** Opens the connection card from the header, unless it is open. */
  async openCard() {
    // The status and the card are drawn together: once the status is there,
    // the card is too if it is open (it is, on a first visit).
    await this.status.waitFor();
    if (!(await this.card.isVisible())) await this.status.click();
    await this.card.waitFor();
  }

  /** The base URL field (in the card, under "Advanced"). */
  get baseUrl() {
    return this.page.getByLabel('Base URL');
  }

  /** Opens the card and its "Advanced" part, and types `url` as the base URL. */
  async setBaseUrl(url) {
    await this.openCard();
    const advanced = this.card.locator('details');
    if (!(await advanced.evaluate((d) => d.open))) await advanced.locator('summary').click();
    await this.baseUrl.fill(url);
  }

  /** The base URL entered (the card opened to read it). */
  async baseUrlValue() {
    await this.openCard();
    return this.baseUrl.inputValue();
  }

  /** The token field. */
  get tokenField() {
    return this.page.getByLabel('Token', { exact: true });
  }

  /** Enters `token`, as a person pastes it (the card opened first): the one helper that gives the panel a token. */
  async enterToken(token) {
    await this.openCard();
    await this.tokenField.fill(token);
  }

  /** Enters `token` and presses Enter: the card goes away once calls can go out with it. */
  async submitToken(token) {
    await this.enterToken(token);
    await this.tokenField.press('Enter');
  }

  /** The token entered, as the field holds it (the card opened to read it). */
  async token() {
    await this.openCard();
    return this.tokenField.inputValue();
  }

  /** Shows the token typed, in the card ("Show token"). */
  async showToken() {
    await this.page.getByRole('button', { name: 'Show token' }).click();
  }

  /** "Remember in this tab", for the token. */
  get remember() {
    return this.page.getByLabel('Remember in this tab');
  }

  /** The game's switcher in the header. */
  get gameSwitcher() {
    return this.page.getByRole('banner').getByRole('button', { name: /^Game/ });
  }

  /** The namespace's switcher in the header. */
  get namespaceSwitcher() {
    return this.page.getByRole('banner').getByRole('button', { name: /^Namespace/ });
  }

  /** The game id field (in its switcher: `openGame` first). */
  get gameId() {
    return this.page.getByLabel('Game id');
  }

  /** The namespace id field (in its switcher: `openNamespace` first). */
  get namespaceId() {
    return this.page.getByLabel('Namespace id', { exact: true });
  }

  /** Opens the game's switcher; resolves with its id field. */
  async openGame() {
    if (!(await this.gameId.isVisible())) await this.gameSwitcher.click();
    await this.gameId.waitFor();
    return this.gameId;
  }

  /** Opens the namespace's switcher; resolves with its id field. */
  async openNamespace() {
    if (!(await this.namespaceId.isVisible())) await this.namespaceSwitcher.click();
    await this.namespaceId.waitFor();
    return this.namespaceId;
  }

  /** Closes an open switcher, as Escape does. */
  async closeSwitcher() {
    await this.page.keyboard.press('Escape');
  }

  /** The selected game's id, as its switcher's field holds it. */
  async game() {
    const value = await (await this.openGame()).inputValue();
    await this.closeSwitcher();
    return value;
  }

  /** The selected namespace's id, as its switcher's field holds it. */
  async namespace() {
    const value = await (await this.openNamespace()).inputValue();
    await this.closeSwitcher();
    return value;
  }

  /** Types a game id in its switcher and presses Enter, as a person does. */
  async selectGame(id) {
    await (await this.openGame()).fill(id);
    await this.gameId.press('Enter');
  }

  /** Types a namespace id in its switcher and presses Enter, as a person does. */
  async selectNamespace(id) {
    await (await this.openNamespace()).fill(id);
    await this.namespaceId.press('Enter');
  }

  /** The "Protected" checkbox of the selected namespace (in its switcher, found while it is closed once it has been opened). */
  get mark() {
    return this.page.getByRole('checkbox', { name: 'Protected: a change to it needs its name typed', includeHidden: true });
  }

  /** What the mark's line says: the mark, and whether the browser kept it. */
  markLine() {
    return this.mark.locator('xpath=..').textContent();
  }

  /** Whether the selected namespace is marked, as its switcher shows it. */
  async isMarked() {
    await this.openNamespace();
    const marked = await this.mark.isChecked();
    await this.closeSwitcher();
    return marked;
  }

  /** Marks the selected namespace protected (nothing is asked). */
  async protect() {
    await this.openNamespace();
    await this.mark.check();
    await this.closeSwitcher();
  }

  /** Unticks the mark; resolves with the confirmation that asks for the name. */
  async askToUnprotect() {
    await this.openNamespace();
    await this.mark.click();
    return new ConfirmDialog(this.page, 'Remove the mark').shown();
  }

  /** Removes the mark, typing `name` in its confirmation; resolves once it is unticked. */
  async unprotect(name) {
    await (await this.askToUnprotect()).confirm(name);
    await this.unmarked();
    await this.closeSwitcher();
  }

  /** Resolves once the header shows the selected namespace unmarked (removed here or in another tab). */
  async unmarked() {
    await this.namespaceSwitcher.and(this.page.locator('[data-protected="false"]')).waitFor();
  }

  /** Resolves once the header shows the selected namespace marked (made here or in another tab). */
  async marked() {
    await this.namespaceSwitcher.and(this.page.locator('[data-protected="true"]')).waitFor();
  }
}
