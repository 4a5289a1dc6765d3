// Page objects: the panel's pages in the words a person would use, so that a
// test reads as the story it checks. They find things by role and accessible
// name, as the person perceives them.

/**
 * One setting of the Namespace settings page (CDN authentication unless
 * named): its choice, the namespaces it goes to (the other ones folded under
 * "Apply to other namespaces…"), Apply, and one result per namespace.
 */
export class SettingsPage {
  constructor(page, setting = 'CDN authentication') {
    this.page = page;
    this.root = page.getByRole('region', { name: setting });
  }

  /** Chooses a value (`basic`, `none`, `enabled`...) among the radio buttons. */
  async choose(value) {
    await this.root.getByRole('radio', { name: new RegExp(`^${value} —`) }).check();
  }

  /** Shows the other namespaces (under the setting, in view). */
  async showOthers() {
    await this.root.getByRole('group', { name: 'Namespaces' }).scrollIntoViewIfNeeded();
  }

  /** The field to add another namespace by its id. */
  get another() {
    return this.root.getByLabel('Another namespace id');
  }

  /** Adds a namespace by its id, typed and then Add pressed. */
  async add(id) {
    await this.showOthers();
    await this.another.fill(id);
    await this.root.getByRole('button', { name: 'Add' }).click();
  }

  /** Adds a namespace by its id, typed and then Enter pressed. */
  async addWithEnter(id) {
    await this.showOthers();
    await this.another.fill(id);
    await this.another.press('Enter');
  }

  /** The namespace checkbox of `id` (folded unless shown: `showOthers`; found folded too). */
  namespace(id) {
    return this.root.getByRole('checkbox', { name: id, includeHidden: true });
  }

  /** Ticks the namespace `id`, in the fold. */
  async tick(id) {
    await this.showOthers();
    await this.namespace(id).check();
  }

  /** Unticks the namespace `id`, in the fold. */
  async untick(id) {
    await this.showOthers();
    await this.namespace(id).uncheck();
  }

  /** The Apply button for `count` namespaces. */
  applyButton(count = 1) {
    return this.root.getByRole('button', { name: count === 1 ? 'Apply…' : `Apply to ${count} namespaces…` });
  }

  /** Opens the confirmation for `count` namespaces; resolves with it (a `ConfirmDialog`). */
  async askToApply(count = 1) {
    await this.applyButton(count).click();
    return new ConfirmDialog(this.page).shown();
  }

  /** Applies to `count` namespaces: asks, then confirms. */
  async apply(count = 1) {
    await (await this.askToApply(count)).confirm();
  }

  /** Stops the namespaces of a run not sent yet. */
  async cancelTheRest() {
    await this.root.getByRole('button', { name: 'Cancel the rest' }).click();
  }

  /** The button that sends the failed and the not sent again. */
  get retryButton() {
    return this.root.getByRole('button', { name: 'Retry the failed ones' });
  }

  /** Waits for the run's summary (`2 of 3 changed, 1 failed.`). */
  async summary(text) {
    await this.root.getByRole('status').filter({ hasText: text }).waitFor();
  }

  /** The list of each namespace's result. */
  resultList() {
    return this.root.getByRole('list', { name: 'Result per namespace' });
  }

  /** Each namespace's result, as the list shows it (`<id>: Done`). */
  results() {
    return this.resultList().getByRole('listitem').allTextContents();
  }

  /** What this panel last set on the selected namespace, as it says it. */
  lastSet() {
    return this.root.getByRole('status').filter({ hasText: /set from this panel/ }).textContent();
  }
}

/**
 * Domain-based authentication, on the Namespace settings page: the same
 * change as every setting (a `SettingsPage`), on the selected namespace
 * unless it is protected. Every domain-auth-only word is here.
 */
export class DomainAuthPage extends SettingsPage {
  constructor(page) {
    super(page, 'Domain-based authentication');
  }

  /** Chooses "enabled" and asks to apply it; resolves with the confirmation. */
  async askToEnable() {
    await this.choose('enabled');
    return this.askToApply();
  }

  /** Waits until the page says this panel last set it `enabled`, `disabled`, or has not (`null`). */
  async showsLastSet(state) {
    const said = state === null ? 'Not set from this panel yet: the current setting is unknown.' : `Last set from this panel: ${state}.`;
    await this.root.getByText(said).waitFor();
  }
}

export class BuildsPage {
  constructor(page) {
    this.page = page;
  }

  /** The table of builds. */
  table() {
    return this.page.getByRole('table', { name: 'Builds' });
  }

  /**
   * Loads the list, as a person does, and waits for `n of m builds`: the
   * builds load by themselves once the token and the game are entered and
   * stay loaded across pages; "Load builds" is pressed only while neither
   * has happened.
   */
  async load() {
    const count = this.count();
    const button = this.page.getByRole('button', { name: 'Load builds' });
    if (!(await count.isVisible()) && (await button.isEnabled().catch(() => false))) {
      await button.click();
    }
    await count.waitFor();
  }

  /** The status line that says `n of m builds`. */
  count() {
    return this.page.getByRole('status').filter({ hasText: /^\d+ of \d+ builds$/ });
  }

  /** How many builds are shown, as the count says it. */
  async shown() {
    return Number((await this.count().textContent()).split(' ')[0]);
  }

  /** Sorts by a column, by clicking its header. */
  async sortBy(column) {
    await this.page.getByRole('button', { name: column, exact: true }).click();
  }

  /** The builds' rows rendered now, in order (the spacers that stand for the
   * rows scrolled away have no row number). */
  rows() {
    return this.table().locator('tbody tr[aria-rowindex]');
  }

  /** The row the table numbers `index` (the header is 1). */
  row(index) {
    return this.table().locator(`tr[aria-rowindex="${index}"]`);
  }

  /** The text of each rendered row's cell in the column headed `column`. */
  column(column) {
    return this.table().evaluate((table, column) => {
      const at = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === column);
      return [...table.tBodies[0].rows].filter((tr) => tr.hasAttribute('aria-rowindex')).map((tr) => tr.cells[at].textContent);
    }, column);
  }

  /** Each rendered row's exact size in bytes, as a BigInt. */
  exactSizes() {
    return this.table().evaluate((table) => [...table.tBodies[0].rows]
      .filter((tr) => tr.hasAttribute('aria-rowindex'))
      .map((tr) => tr.querySelector('td.gc-num .gc-exact').textContent.replace(/[^\d]/g, '')))
      .then((sizes) => sizes.map(BigInt));
  }

  /** Scrolls the list to its last build. */
  async scrollToEnd() {
    await this.table().evaluate((table) => { table.parentElement.scrollTop = table.parentElement.scrollHeight; });
  }

  /** Opens the ⋯ menu of a rendered row (a locator from `rows()`) and returns the menu. */
  async menuOf(row) {
    const menu = this.page.getByRole('menu');
    // A click in the frame where the rows are drawn again (the view from the
    // address applies a frame after they come) can land on a row being
    // replaced and open nothing: clicked again, twice at most.
    for (let tries = 1; ; tries++) {
      await row.getByRole('button', { name: /^More for / }).click();
      try {
        await menu.waitFor({ timeout: 5000 });
        return menu;
      } catch (e) {
        if (tries === 3) throw e;
      }
    }
  }

  /** Adds a rendered row to the comparison, from its ⋯ menu. */
  async compare(row) {
    const menu = await this.menuOf(row);
    await menu.getByRole('menuitem', { name: 'Compare' }).click();
  }

  /** The side-by-side comparison. */
  comparison() {
    return this.page.getByRole('region', { name: 'Comparison' });
  }

  /** The tag chip for `key=value`. */
  chip(tag) {
    return this.page.getByRole('group', { name: 'Tags', exact: true }).getByRole('button', { name: new RegExp(`^${tag}`) });
  }

  /** The size chart (an image whose name says what it shows). */
  chart() {
    return this.page.getByRole('img', { name: /^(Sizes of the|No builds to chart)/ });
  }

  /**
   * The chart's marks, as its text alternative lists them ("The chart as a
   * table", opened if it is not): one row of text per mark.
   */
  async marks() {
    const fold = this.page.locator('details', { hasText: 'The chart as a table' });
    if (!(await fold.evaluate((d) => d.open))) await fold.getByText('The chart as a table').click();
    const rows = fold.getByRole('table').locator('tbody tr');
    await rows.first().waitFor({ state: 'attached' }).catch(() => {});
    return rows.allTextContents();
  }

  /** Keeps the builds created within two dates (`YYYY-MM-DD`), as the date fields under the chart do. */
  async keepDays(from, to) {
    await this.page.getByLabel('From', { exact: true }).fill(from);
    await this.page.getByLabel('To', { exact: true }).fill(to);
  }

  /** Sets the game's size budget, in MiB (empty: none). */
  async setBudget(mib) {
    const field = this.page.getByLabel('Size budget (MiB)');
    await field.fill(String(mib));
    await field.press('Enter');
    await field.blur();
  }
}

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

  /** "Remember in this tab", for the token. */
  get remember() {
    return this.page.getByLabel('Remember in this tab');
  }

  /** What the panel says of the token entered (its kind, its expiry), before any call. */
  get tokenCheck() {
    return this.page.locator('#token-kind');
  }

  /** The token's life, counting down under it. */
  get tokenLife() {
    return this.card.getByRole('timer');
  }

  /** "Send anyway", offered for a token the check doubts. */
  get sendAnyway() {
    return this.page.getByRole('checkbox', { name: /Send anyway/ });
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

  /**
   * Fills in what is given, as a person does: the service's `baseUrl` and
   * the `token` in the card (Enter connects), the `game` and `namespace` ids
   * in their switchers.
   */
  async connect({ baseUrl, token, game, namespace } = {}) {
    if (baseUrl !== undefined) await this.setBaseUrl(baseUrl);
    if (token !== undefined) await this.submitToken(token);
    if (game !== undefined) await this.selectGame(game);
    if (namespace !== undefined) await this.selectNamespace(namespace);
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

/** The connection form under its first name (tests written before `Connection`). */
export { Connection as ConnectionForm };

/**
 * The confirmation a change opens (a modal `alertdialog` named by its button:
 * `Apply`, `Create`, `Remove the mark`): what it asks and will send, the names
 * of protected namespaces to type, and its buttons.
 */
export class ConfirmDialog {
  /** The confirmation open on `page` whose button that acts is `action` (`Apply` unless given). */
  constructor(page, action = 'Apply') {
    this.page = page;
    this.action = action;
    this.root = page.getByRole('alertdialog').filter({ has: page.getByRole('button', { name: action, exact: true }) });
  }

  /** `dialog` as a ConfirmDialog, if it is a Playwright locator of one (for `confirmWith`). */
  static of(dialog) {
    return dialog instanceof ConfirmDialog ? dialog : Object.assign(new ConfirmDialog(dialog.page()), { root: dialog });
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

/** Types the protected namespaces' names in a confirmation, then presses `button` (tests written before `ConfirmDialog`). */
export async function confirmWith(dialog, names, button) {
  const confirm = ConfirmDialog.of(dialog);
  confirm.action = button;
  await confirm.confirm(names);
}

/** The recent ids, in the switchers: use, name or forget one. */
export class RecentIds {
  constructor(page) {
    this.page = page;
  }

  /** Opens the namespaces' switcher, where their recent ids are. */
  async open() {
    await new Connection(this.page).openNamespace();
  }

  /** The label field of a namespace. */
  label(id) {
    return this.page.getByLabel(`Label for namespace ${id}`);
  }

  /** Types a label for a namespace and leaves the field (its change event). */
  async name(id, label) {
    await this.open();
    await this.label(id).fill(label);
    await this.label(id).press('Enter');
  }
}

/** The action log page. */
export class LogPage {
  constructor(page) {
    this.page = page;
  }

  /** The entries' rows, the header left out. */
  rows() {
    return this.page.getByRole('table', { name: 'Action log' }).getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  /** The text of each entry's cell in the column headed `column` (`Ray id`, `Request`...). */
  column(column) {
    return this.page.getByRole('table', { name: 'Action log' }).evaluate((table, column) => {
      const at = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === column);
      return [...table.tBodies[0].rows].map((tr) => tr.cells[at].textContent);
    }, column);
  }
}

/** The development token page: the hostname, the ports, Create, and the token shown once. */
export class DevTokenPage {
  constructor(page) {
    this.page = page;
  }

  /** The hostname field. */
  get hostname() {
    return this.page.getByLabel('Hostname');
  }

  /** The Create token button. */
  get createButton() {
    return this.page.getByRole('button', { name: 'Create token' });
  }

  /** The port table, with what each port is through the proxy and with the token. */
  ports() {
    return this.page.getByRole('table', { name: 'Ports' });
  }

  /** The new token's region, shown once it is made (or opened from a hand-off). */
  issued() {
    return this.page.getByRole('region', { name: 'New development token' });
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
    await this.issued().waitFor();
    return this.issued().getByLabel('New token').inputValue();
  }

  /** The engine tabs under the new token. */
  engines() {
    return this.issued().getByRole('tablist', { name: 'Hand it to the engine' });
  }

  /** Shows the file for `engine` (`Godot`, `Unity`, `Unreal`, `.env`): presses its tab. */
  async handTo(engine) {
    await this.engines().getByRole('tab', { name: engine, exact: true }).click();
  }
}
