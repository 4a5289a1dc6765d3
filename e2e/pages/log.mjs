// The action log page: each change this panel made, with its outcome.

/** The action log page. */
export class LogPage {
  constructor(page) {
    this.page = page;
  }

  /** The log's table. */
  table() {
    return this.page.getByRole('table', { name: 'Action log' });
  }

  /** Resolves once the log is on the page: its entries, or the words saying there is none. */
  async shown() {
    await this.table().or(this.emptyState()).waitFor();
  }

  /** How many rows the table has, its header's included. */
  rowCount() {
    return this.table().getByRole('row').count();
  }

  /** The entries' rows, the header left out. */
  rows() {
    return this.table().getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  /** The entry at `index` (0: the newest). */
  entry(index) {
    return this.rows().nth(index);
  }

  /** The entries whose text holds `text` (an operation, `Mark protected`, say). */
  entriesWith(text) {
    return this.rows().filter({ hasText: text });
  }

  /** The text of each entry's cell in the column headed `column` (`Ray id`, `Request`...). */
  column(column) {
    return this.table().evaluate((table, column) => {
      const at = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === column);
      return [...table.tBodies[0].rows].map((tr) => tr.cells[at].textContent);
    }, column);
  }

  /** The full request kept by each entry (unfolded or not), newest first: its method and URL, then its body. */
  requests() {
    return this.rows().evaluateAll((rows) => rows.map((tr) => tr.querySelector('.gc-log-request pre')?.textContent ?? ''));
  }

  /** The one-line request of the entry at `index`, as its fold's summary says it. */
  requestLine(index) {
    return this.entry(index).getByRole('group').locator('summary').textContent();
  }

  /** Unfolds the request of the entry at `index`. */
  async unfoldRequest(index) {
    await this.entry(index).getByRole('group').locator('summary').click();
  }

  /** Presses Copy on the request of the entry at `index`. */
  async copyRequest(index) {
    await this.entry(index).getByRole('button', { name: 'Copy the request' }).click();
  }

  /** The outcome badge of the entry at `index` ("✓ Done"...). */
  badge(index) {
    return this.entry(index).locator('.gc-log-badge').textContent();
  }

  /** The words shown when the log has no entry. */
  emptyState() {
    return this.page.getByText(/^No changes yet\./);
  }

  /** A link in the empty state, by its name. */
  emptyLink(name) {
    return this.emptyState().getByRole('link', { name });
  }

  /** The filter field. */
  filterField() {
    return this.page.getByRole('searchbox', { name: 'Filter' });
  }

  /** Each entry's box as drawn: { top, height, bottom, left, right }, in CSS pixels. */
  boxes() {
    return this.rows().evaluateAll((rows) => rows.map((tr) => {
      const r = tr.getBoundingClientRect();
      return { top: r.top, height: r.height, bottom: r.bottom, left: r.left, right: r.right };
    }));
  }

  /** The badge of the entry at `index`, as drawn. */
  badgeBox(index) {
    return this.entry(index).locator('.gc-log-badge').boundingBox();
  }

  /** The toolbar's buttons' tops, by name: on one line when all are equal. */
  toolTops() {
    return this.page.locator('.gc-log-tools button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
  }

  /** Lets Copy write to the clipboard and this page object read it back. */
  async allowClipboard() {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  }

  /** What the clipboard holds. */
  clipboard() {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
