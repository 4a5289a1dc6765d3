// The builds page: the list of a game's builds, its table, its filters, the
// size chart over it, each row's ⋯ menu and the comparison of two builds.
import { download, pageOf } from './base.mjs';

/**
 * The builds page, in the panel or in a builds element of a host page
 * (`scope`: the page, or the element's locator).
 */
export class BuildsPage {
  constructor(scope) {
    this.scope = scope;
    // The ⋯ menu opens in the top layer, found from the page itself.
    this.page = pageOf(scope);
  }

  /** The page's own region, headed "Builds". */
  section() {
    return this.scope.getByRole('region', { name: 'Builds', exact: true });
  }

  /** The table of builds: a grid, one tab stop, whose keys move its current row. */
  table() {
    return this.scope.getByRole('grid', { name: 'Builds' });
  }

  /**
   * The current row's number (the header is 1), as the table names it to
   * assistive technology, once that row is drawn (a key that scrolls draws
   * it at the next frame).
   */
  async currentRow() {
    const table = await this.table().elementHandle();
    await this.page.waitForFunction((t) => {
      const id = t.getAttribute('aria-activedescendant');
      return !id || t.getRootNode().getElementById(id) !== null;
    }, table);
    return table.evaluate((table) => {
      const row = table.getRootNode().getElementById(table.getAttribute('aria-activedescendant'));
      return row?.dataset.current === 'true' ? Number(row.getAttribute('aria-rowindex')) : null;
    });
  }

  /** Whether the current row is wholly in view in the table's box, below its sticky header. */
  currentRowInView() {
    return this.table().evaluate((table) => {
      const row = table.getRootNode().getElementById(table.getAttribute('aria-activedescendant')).getBoundingClientRect();
      const box = table.parentElement.getBoundingClientRect();
      return row.top >= table.tHead.getBoundingClientRect().bottom - 1 && row.bottom <= box.bottom + 1;
    });
  }

  /** The columns' sort buttons, in the table's header. */
  sortButtons() {
    return this.table().locator('thead button');
  }

  /** Whether the table holds the focus. */
  focused() {
    return this.table().evaluate((table) => table === table.getRootNode().activeElement);
  }

  /** The rows' menu (a popover) for the build named `name`. */
  menuFor(name) {
    return this.page.getByRole('menu', { name });
  }

  /** The "Load builds" button, there until the builds have loaded once. */
  get loadButton() {
    return this.scope.getByRole('button', { name: 'Load builds' });
  }

  /** Presses "Load builds" (and waits for nothing: the test says what should follow). */
  async pressLoad() {
    await this.loadButton.click();
  }

  /** Presses the button that fetches the list: "Load builds" the first time, "Refresh" after. */
  async loadOrRefresh() {
    await this.scope.getByRole('button', { name: /^(Refresh|Load builds)/ }).first().click();
  }

  /** Presses "Refresh": the list is fetched again, the rows kept on screen meanwhile. */
  async refresh() {
    await this.scope.getByRole('button', { name: 'Refresh' }).click();
  }

  /** Presses "Try again", offered where the list could not be loaded. */
  async tryAgain() {
    await this.scope.getByRole('button', { name: 'Try again' }).click();
  }

  /**
   * Loads the list, as a person does, and waits for `n of m builds`: the
   * builds load by themselves once the token and the game are entered and
   * stay loaded across pages; "Load builds" is pressed only while neither
   * has happened.
   */
  async load() {
    const count = this.count();
    if (!(await count.isVisible()) && (await this.loadButton.isEnabled().catch(() => false))) {
      await this.loadButton.click();
    }
    await count.waitFor();
  }

  /** The status line that says `n of m builds`. */
  count() {
    return this.scope.getByRole('status').filter({ hasText: /^\d+ of \d+ builds$/ });
  }

  /** Waits until the count says exactly `text` (`3 of 36 builds`). */
  async counted(text) {
    await this.count().filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
  }

  /** How many builds are shown, as the count says it. */
  async shown() {
    return Number((await this.count().textContent()).split(' ')[0]);
  }

  /** The filter field ("Name, id or tag"). */
  get filterField() {
    return this.scope.getByLabel('Filter');
  }

  /** Types `text` in the filter (the field emptied first). */
  async filter(text) {
    await this.filterField.fill(text);
  }

  /**
   * Watches the filter for `ms`: resolves if it holds `text` all along,
   * rejects as soon as it holds anything else (a view written late, coming
   * back over it). No event says that nothing came: the watch is the check.
   */
  async keepsFilter(text, ms) {
    await this.filterField.evaluate((input, [text, ms]) => new Promise((resolve, reject) => {
      const end = performance.now() + ms;
      const look = () => {
        if (input.value !== text) reject(new Error(`the filter holds "${input.value}", not "${text}"`));
        else if (performance.now() >= end) resolve();
        else requestAnimationFrame(look);
      };
      look();
    }), [text, ms]);
  }

  /** The "Upload state" choice. */
  get stateField() {
    return this.scope.getByLabel('Upload state');
  }

  /** Shows only the builds whose upload is in `state` (`Unfinished`, `Complete`, `All`). */
  async showState(state) {
    await this.stateField.selectOption({ label: state });
  }

  /** Sorts by a column, by clicking its header. */
  async sortBy(column) {
    await this.sortButton(column).click();
  }

  /** Waits until the table says it is sorted by `column` (either way). */
  async sortedBy(column) {
    await this.columnHeader(column).and(this.page.locator('[aria-sort="ascending"], [aria-sort="descending"]')).waitFor();
  }

  /** Whether the rows' ⋯ menu is open. */
  menuOpen() {
    return this.page.getByRole('menu').isVisible();
  }

  /** The header of the column `name`, which says how the table is sorted. */
  columnHeader(name) {
    return this.table().getByRole('columnheader', { name });
  }

  /** The header's button that sorts by `column`. */
  sortButton(column) {
    return this.scope.getByRole('button', { name: column, exact: true });
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

  /** Each rendered row's name, exact size and change from the previous build of its name (its tooltip; null if none). */
  sizeChanges() {
    return this.table().evaluate((t) => [...t.tBodies[0].rows]
      .filter((tr) => tr.hasAttribute('aria-rowindex'))
      .map((tr) => ({ name: tr.cells[0].textContent, bytes: tr.cells[4].querySelector('.gc-exact').textContent.replace(/[^\d]/g, ''), delta: tr.querySelector('.gc-delta')?.getAttribute('title') ?? null })))
      .then((rows) => rows.map((r) => ({ ...r, bytes: BigInt(r.bytes) })));
  }

  /** The day (`YYYY-MM-DD`) each rendered build was created, in order. */
  days() {
    return this.table().evaluate((t) => [...t.querySelectorAll('time')].map((e) => e.getAttribute('datetime').slice(0, 10)));
  }

  /** The build ids the table shows (short, one a row). */
  ids() {
    return this.table().getByRole('code');
  }

  /** Scrolls the list to its last build. */
  async scrollToEnd() {
    await this.table().evaluate((table) => { table.parentElement.scrollTop = table.parentElement.scrollHeight; });
  }

  /** The ⋯ buttons of the rendered rows (of `row` only, if given). */
  menuButtons(row = this.scope) {
    return row.getByRole('button', { name: /^More for / });
  }

  /** Opens the ⋯ menu of a rendered row (a locator from `rows()`); resolves with the menu (a `RowMenu`). */
  async menuOf(row) {
    const menu = new RowMenu(this.page);
    // A click in the frame where the rows are drawn again (the view from the
    // address applies a frame after they come) can land on a row being
    // replaced and open nothing: clicked again, twice at most.
    for (let tries = 1; ; tries++) {
      await this.menuButtons(row).click();
      try {
        await menu.root.waitFor({ timeout: 5000 });
        return menu;
      } catch (e) {
        if (tries === 3) throw e;
      }
    }
  }

  /** Adds a rendered row to the comparison, from its ⋯ menu. */
  async compare(row) {
    await (await this.menuOf(row)).compare();
  }

  /** The side-by-side comparison. */
  comparison() {
    return this.scope.getByRole('region', { name: 'Comparison' });
  }

  /** Ends the comparison with its Close button; resolves once it is gone. */
  async closeComparison() {
    await this.comparison().getByRole('button', { name: 'Close the comparison' }).click();
    await this.comparison().waitFor({ state: 'detached' });
  }

  /** The tag chip for `key=value`. */
  chip(tag) {
    return this.scope.getByRole('group', { name: 'Tags', exact: true }).getByRole('button', { name: new RegExp(`^${tag}`) });
  }

  /** The size chart (an image whose name says what it shows). */
  chart() {
    return this.scope.getByRole('img', { name: /^(Sizes of the|No builds to chart)/ });
  }

  /** The chart's line at the size budget. */
  budgetLine() {
    return this.chart().locator('line.gc-budget');
  }

  /** The chart's marks over the budget, drawn in the colour of danger (one path). */
  overBudgetMarks() {
    return this.chart().locator('path.gc-over');
  }

  /** The chart's columns drawn cut at the top, too large for its scale (one path). */
  offScaleMarks() {
    return this.chart().locator('path.gc-off-scale');
  }

  /**
   * The chart's marks, as its text alternative lists them ("The chart as a
   * table", opened if it is not): one row of text per mark.
   */
  async marks() {
    const fold = this.scope.locator('details', { hasText: 'The chart as a table' });
    if (!(await fold.evaluate((d) => d.open))) await fold.getByText('The chart as a table').click();
    const rows = fold.getByRole('table').locator('tbody tr');
    await rows.first().waitFor({ state: 'attached' }).catch(() => {});
    return rows.allTextContents();
  }

  /** Drags across the chart's right half, from its middle to its right edge: the newer builds are kept. */
  async dragAcrossRightHalf() {
    const box = await this.chart().boundingBox();
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width * 0.5, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width - 2, y, { steps: 5 });
    await this.page.mouse.up();
  }

  /** The date field "From", under the chart. */
  get fromField() {
    return this.scope.getByLabel('From', { exact: true });
  }

  /** Keeps the builds created within two dates (`YYYY-MM-DD`), as the date fields under the chart do. */
  async keepDays(from, to) {
    await this.fromField.fill(from);
    await this.scope.getByLabel('To', { exact: true }).fill(to);
  }

  /** Presses "All dates": every day's builds again. */
  async allDates() {
    await this.scope.getByRole('button', { name: 'All dates' }).click();
  }

  /** The game's size budget field, in MiB. */
  get budgetField() {
    return this.scope.getByLabel('Size budget (MiB)');
  }

  /** Sets the game's size budget, in MiB (empty: none). */
  async setBudget(mib) {
    await this.budgetField.fill(String(mib));
    await this.budgetField.press('Enter');
    await this.budgetField.blur();
  }

  /** The "Over budget only" checkbox. */
  get overBudgetOnly() {
    return this.scope.getByLabel('Over budget only');
  }

  /** Exports the builds shown as CSV; resolves with the file (see `download`). */
  exportCsv() {
    return download(this.scope.getByRole('button', { name: 'Export CSV' }));
  }
}

/** A build's ⋯ menu, open: copy its ids, or add it to the comparison. */
export class RowMenu {
  constructor(page) {
    this.root = page.getByRole('menu');
  }

  /** The words of its items, in order. */
  items() {
    return this.root.getByRole('menuitem').allTextContents();
  }

  /** Its item named `name`. */
  item(name) {
    return this.root.getByRole('menuitem', { name });
  }

  /** Copies the build's id; resolves once the menu says it was copied. */
  async copyBuildId() {
    await this.item('Copy build id').click();
    await this.root.getByText('Copied ✓').waitFor();
  }

  /** Adds the build to the comparison. */
  async compare() {
    await this.item('Compare').click();
  }

  /** Resolves once the menu is closed. */
  async closed() {
    await this.root.waitFor({ state: 'hidden' });
  }
}
