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

  /** Resolves once the log is on the page. */
  async shown() {
    await this.table().waitFor();
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

  /** The entries whose text holds `text` (an operation, `mark-protected`, say). */
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
}
