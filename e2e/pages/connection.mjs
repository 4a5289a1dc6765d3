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

  /** The header's token status ("No token: connect", "Token expires in 12 days", "Check token: …"), which opens the card. */
  get status() {
    return this.page.getByRole('banner').getByRole('button', { name: /^(No token|Token |Check token)/ });
  }

  /** The colour of the status's dot, as the browser draws it (`rgb(…)`). */
  statusDotColour() {
    return this.status.evaluate((button) => getComputedStyle(button, '::before').backgroundColor);
  }

  /** The colour the page draws muted text in (`rgb(…)`): the grey of a status not yet checked. */
  mutedColour() {
    return this.status.evaluate((button) => {
      const probe = button.ownerDocument.createElement('span');
      probe.style.color = 'var(--gc-muted)';
      button.ownerDocument.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
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

  /** The "Add by id…" fold, last in the open switcher, which holds the id's field. */
  addById() {
    return this.page.locator('.gc-popover:popover-open details.gc-add');
  }

  /** Opens `switcher` (the game's or the namespace's) and its "Add by id…" fold; resolves with `field`. */
  async openIdField(switcher, field) {
    if (await field.isVisible()) return field;
    if (!(await this.addById().isVisible())) await switcher.click();
    const fold = this.addById();
    await fold.waitFor();
    if (!(await fold.evaluate((d) => d.open))) await fold.getByText('Add by id…').click();
    await field.waitFor();
    return field;
  }

  /** Opens the game's switcher and "Add by id…"; resolves with its id field. */
  async openGame() {
    return this.openIdField(this.gameSwitcher, this.gameId);
  }

  /** Opens the namespace's switcher and "Add by id…"; resolves with its id field. */
  async openNamespace() {
    return this.openIdField(this.namespaceSwitcher, this.namespaceId);
  }

  /** The field that asks for a name for an id used here for the first time (in "Add by id…"). */
  newName(kind = 'namespace') {
    return this.page.getByLabel(`Name this ${kind}`);
  }

  /** Types a namespace id used for the first time and its name, and presses Enter. */
  async addNamespace(id, name) {
    await (await this.openNamespace()).fill(id);
    await this.newName().fill(name);
    await this.newName().press('Enter');
  }

  /** What the header names the game (`Game` and its name, then its short id). */
  gameShown() {
    return this.gameSwitcher.textContent();
  }

  /** What the header names the namespace. */
  namespaceShown() {
    return this.namespaceSwitcher.textContent();
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

  /** The field that asks for a name before an unnamed namespace is marked. */
  get protectName() {
    return this.page.getByLabel('Its name, to type before a change');
  }

  /** Marks the selected namespace protected; one without a name is given `name` first (a mark needs one). */
  async protect(name) {
    await this.openNamespace();
    await this.mark.click();
    if (name !== undefined) {
      await this.protectName.fill(name);
      await this.protectName.press('Enter');
    }
    await this.marked();
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
