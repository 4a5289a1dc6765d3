// The tokens made here: every development token made in this browser, from
// the action log, soonest to expire first, each with "Create another like
// this" and a calendar reminder.
import { download } from './base.mjs';

/** One token of the list (a row, a card on a phone). */
export class MadeToken {
  constructor(row) {
    this.row = row;
  }

  /** Its text, every cell. */
  text() {
    return this.row.textContent();
  }

  /** The text of its cell in the column headed `column` (`Namespace`, `Hostname`, `Ports`, `Expires (UTC)`...). */
  cell(column) {
    return this.row.evaluate((tr, column) => {
      const at = [...tr.closest('table').tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === column);
      return tr.cells[at].textContent;
    }, column);
  }

  /** Whether it is marked as expiring within 14 days (a word, and a colour). */
  async markedSoon() {
    return (await this.row.getByText('within 14 days', { exact: true }).count()) === 1;
  }

  /** Whether it is marked as expired. */
  async markedExpired() {
    return (await this.row.getByText('expired', { exact: true }).count()) === 1;
  }

  /** How its row is laid out (`grid`: a card, on a phone). */
  layout() {
    return this.row.evaluate((tr) => getComputedStyle(tr).display);
  }

  /** The "Create another like this" button. */
  get anotherButton() {
    return this.row.getByRole('button', { name: 'Create another like this' });
  }

  /** Presses "Create another like this": the token page opens with its namespace, hostname and ports. */
  async createAnother() {
    await this.anotherButton.click();
  }

  /** Whether it offers "Create another like this". */
  async offersAnother() {
    return (await this.anotherButton.count()) === 1;
  }

  /** The "Reminder (.ics)" button. */
  get reminderButton() {
    return this.row.getByRole('button', { name: 'Reminder (.ics)' });
  }

  /** Saves its reminder; resolves with the file (`name`, `text()`). */
  reminder() {
    return download(this.reminderButton);
  }
}

/** The "Tokens made here" page. */
export class TokensMadePage {
  constructor(page) {
    this.page = page;
  }

  /** The list of tokens. */
  table() {
    return this.page.getByRole('table', { name: 'Tokens made here' });
  }

  /** Resolves once the list is on the page. */
  async shown() {
    await this.table().waitFor();
  }

  /** Each token's row, the header left out. */
  rows() {
    return this.table().locator('tbody tr');
  }

  /** How many tokens are listed. */
  count() {
    return this.rows().count();
  }

  /** The token at `index` (0: the soonest to expire). */
  token(index) {
    return new MadeToken(this.rows().nth(index));
  }

  /** The token whose row says `text` (its namespace's label, its hostname). */
  tokenWith(text) {
    return new MadeToken(this.rows().filter({ hasText: text }));
  }

  /** The text of each token's cell in `column`, in the list's order. */
  column(column) {
    return this.table().evaluate((table, column) => {
      const at = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === column);
      return [...table.tBodies[0].rows].map((tr) => tr.cells[at].textContent);
    }, column);
  }

  /** What the page says of the list ("3 tokens, 1 expires within 14 days."). */
  summary() {
    return this.page.getByRole('status').filter({ hasText: /^[\d,]+ tokens?/ }).textContent();
  }

  /** The link of the empty page to the token page. */
  get createLink() {
    return this.page.getByRole('main').getByRole('link', { name: 'Create a development token' });
  }

  /** The page's HTML as it is now. */
  html() {
    return this.page.content();
  }
}
