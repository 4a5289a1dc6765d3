// Page objects: the panel's pages in the words a person would use, so that a
// test reads as the story it checks. They find things by role and accessible
// name, as the person perceives them.

/** The CDN auth and domain auth pages: one setting, one or several namespaces. */
export class SettingsPage {
  constructor(page) {
    this.page = page;
  }

  /** Chooses a value (`basic`, `none`, `enabled`...) among the radio buttons. */
  async choose(value) {
    await this.page.getByRole('radio', { name: new RegExp(`^${value} —`) }).check();
  }

  /** Adds a namespace by its id, as typed. */
  async add(id) {
    await this.page.getByLabel('Another namespace id').fill(id);
    await this.page.getByRole('button', { name: 'Add' }).click();
  }

  /** The namespace checkbox of `id`. */
  namespace(id) {
    return this.page.getByRole('checkbox', { name: id });
  }

  /** Opens the confirmation for `count` namespaces; resolves with the dialog. */
  async askToApply(count = 1) {
    const name = count === 1 ? 'Apply…' : `Apply to ${count} namespaces…`;
    await this.page.getByRole('button', { name }).click();
    const dialog = this.page.getByRole('alertdialog');
    await dialog.waitFor();
    return dialog;
  }

  /** A confirmation's question (its first line). */
  async question(dialog) {
    return (await dialog.locator('p').first().textContent()).split('\n')[0];
  }

  /** What a confirmation says will be sent (after its question and a blank line). */
  async sent(dialog) {
    return (await dialog.locator('p').first().textContent()).split('\n').slice(2).join('\n');
  }

  /** Applies to `count` namespaces: asks, then confirms. */
  async apply(count = 1) {
    const dialog = await this.askToApply(count);
    await dialog.getByRole('button', { name: 'Apply' }).click();
  }

  /** Waits for the run's summary (`2 of 3 changed, 1 failed.`). */
  async summary(text) {
    await this.page.getByRole('status').filter({ hasText: text }).waitFor();
  }

  /** The list of each namespace's result. */
  resultList() {
    return this.page.getByRole('list', { name: 'Result per namespace' });
  }

  /** Each namespace's result, as the list shows it (`<id>: Done`). */
  results() {
    return this.resultList().getByRole('listitem').allTextContents();
  }

  /** What this panel last set on the selected namespace, as it says it. */
  lastSet() {
    return this.page.getByRole('status').filter({ hasText: /set from this panel/ }).textContent();
  }
}

/** The builds page: the list, its count, its columns as a person reads them. */
export class BuildsPage {
  constructor(page) {
    this.page = page;
  }

  /** The table of builds. */
  table() {
    return this.page.getByRole('table', { name: 'Builds' });
  }

  /** Loads the list and waits for `n of m builds`. */
  async load() {
    await this.page.getByRole('button', { name: 'Load builds' }).click();
    await this.count().waitFor();
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

  /** Scrolls the list to its last build. */
  async scrollToEnd() {
    await this.table().evaluate((table) => { table.parentElement.scrollTop = table.parentElement.scrollHeight; });
  }
}

/** The connection form at the top of every page: the ids and the protected mark. */
export class ConnectionForm {
  constructor(page) {
    this.page = page;
  }

  /** The "Protected" checkbox of the selected namespace. */
  get mark() {
    return this.page.getByRole('checkbox', { name: 'Protected: a change to it needs its name typed' });
  }

  /** The namespace id field. */
  get namespaceId() {
    return this.page.getByLabel('Namespace id', { exact: true });
  }

  /** Types a namespace id and leaves the field, as a person does. */
  async selectNamespace(id) {
    await this.namespaceId.fill(id);
    await this.namespaceId.press('Tab');
  }

  /** Marks the selected namespace protected (nothing is asked). */
  async protect() {
    await this.mark.check();
  }

  /** Unticks the mark; resolves with the confirmation that asks for the name. */
  async askToUnprotect() {
    await this.mark.click();
    const dialog = this.page.getByRole('alertdialog', { name: 'Remove the mark' });
    await dialog.waitFor();
    return dialog;
  }

  /** Removes the mark, typing `name` in its confirmation. */
  async unprotect(name) {
    const dialog = await this.askToUnprotect();
    await confirmWith(dialog, name, 'Remove the mark');
    await this.page.waitForFunction(() => !document.querySelector('input[name=protected]').checked);
  }
}

/** Types the protected namespaces' names in a confirmation, then presses `button`. */
export async function confirmWith(dialog, names, button) {
  await dialog.getByLabel('Names of the protected namespaces').fill(names);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

/** The recent ids, under the connection form: use, name or forget one. */
export class RecentIds {
  constructor(page) {
    this.page = page;
  }

  /** Opens the list. */
  async open() {
    const summary = this.page.getByText(/^Recent ids \(\d+\)$/);
    if (!(await summary.locator('xpath=..').evaluate((details) => details.open))) await summary.click();
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

  /** Makes a token for `hostname` (asking nothing: the namespace is not protected); resolves with it. */
  async create(hostname) {
    await this.hostname.fill(hostname);
    await this.createButton.click();
    await this.issued().waitFor();
    return this.issued().getByLabel('New token').inputValue();
  }

  /** The engine choices under the new token. */
  engines() {
    return this.issued().getByRole('group', { name: 'Hand it to the engine' });
  }
}
