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

  /** Whether the current row is wholly in the window, below the table's sticky header row. */
  currentRowInView() {
    return this.table().evaluate((table) => {
      const row = table.getRootNode().getElementById(table.getAttribute('aria-activedescendant')).getBoundingClientRect();
      return row.top >= table.tHead.rows[0].cells[0].getBoundingClientRect().bottom - 1 && row.bottom <= innerHeight + 1;
    });
  }

  /** The columns' sort buttons, in the table's header. */
  sortButtons() {
    return this.table().locator('thead button');
  }

  /** Presses Tab until the table holds the focus (twenty at most); resolves with how many were pressed. */
  async tabToTable() {
    for (let n = 1; n <= 20; n++) {
      await this.page.keyboard.press('Tab');
      if (await this.focused()) return n;
    }
    throw new Error('Tab never reached the table');
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

  /** "Try again", offered where the list could not be loaded. */
  get tryAgainButton() {
    return this.scope.getByRole('button', { name: 'Try again' });
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
    return this.scope.getByRole('status').filter({ hasText: /^[\d,]+ of [\d,]+ builds$/ });
  }

  /** Waits until the count says exactly `text` (`3 of 36 builds`). */
  async counted(text) {
    await this.count().filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
  }

  /** How many builds are shown, as the count says it. */
  async shown() {
    return Number((await this.count().textContent()).split(' ')[0].replaceAll(',', ''));
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
      .map((tr) => tr.querySelector('td.gc-num').title.replace(/[^\d]/g, '')))
      .then((sizes) => sizes.map(BigInt));
  }

  /** Each rendered row's name, exact size and change from the previous build of its name (its tooltip; null if none). */
  sizeChanges() {
    return this.table().evaluate((t) => [...t.tBodies[0].rows]
      .filter((tr) => tr.hasAttribute('aria-rowindex'))
      .map((tr) => ({ name: tr.cells[0].textContent, bytes: tr.cells[4].title.replace(/[^\d]/g, ''), delta: tr.querySelector('.gc-delta')?.getAttribute('title') ?? null })))
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
    await this.table().evaluate((table) => table.scrollIntoView({ block: 'end' }));
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

  /** Opens the page of the build in `row`, from its ⋯ menu; resolves with it (a `BuildView`). */
  async openPageOf(row) {
    await (await this.menuOf(row)).item('Open its page').click();
    return new BuildView(this.page).shown();
  }

  /** Resolves once the page's address holds `part` of the view (`q=Nightly`). */
  async addressHolds(part) {
    await this.page.waitForFunction((part) => location.hash.includes(part), part);
  }

  /** "Copy link": copies the view's address; resolves once the button says so. */
  async copyLink() {
    await this.scope.getByRole('button', { name: 'Copy link' }).click();
    await this.scope.getByRole('button', { name: 'Link copied ✓' }).waitFor();
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

  /** The chart's bars over the budget, drawn in the colour of danger. */
  overBudgetMarks() {
    return this.chart().locator('rect.gc-over');
  }

  /** The chart's bars drawn cut at the top, too large for its scale. */
  offScaleMarks() {
    return this.chart().locator('rect.gc-off-scale');
  }

  /**
   * The options (a menu in the table's toolbar: the budget, the dates, the
   * chart as a table, the export), opened if they are not.
   */
  async options() {
    const menu = this.scope.getByRole('group', { name: 'Options', exact: true });
    if (!(await menu.isVisible())) await this.scope.getByRole('button', { name: 'Options' }).click();
    await menu.waitFor();
    return menu;
  }

  /** Closes the options, as Escape does. */
  async closeOptions() {
    await this.page.keyboard.press('Escape');
    await this.scope.getByRole('group', { name: 'Options', exact: true }).waitFor({ state: 'hidden' });
  }

  /**
   * The chart's marks, as its text alternative lists them ("The chart as a
   * table" among the options, checked if it is not): one row of text per mark.
   */
  async marks() {
    const asTable = this.scope.getByLabel('The chart as a table');
    if (!(await asTable.isChecked())) {
      await (await this.options()).getByLabel('The chart as a table').check();
      await this.closeOptions();
    }
    const rows = this.scope.getByRole('region', { name: 'Sizes over time' }).getByRole('table').locator('tbody tr');
    await rows.first().waitFor({ state: 'attached' }).catch(() => {});
    return rows.allTextContents();
  }

  /**
   * Where the page's parts are in the window, in CSS pixels: the toolbar's
   * controls (their tops), the table's header row, the rows wholly in the
   * window, and whether anything around the table scrolls on its own.
   */
  layout() {
    return this.table().evaluate((table) => {
      const root = table.getRootNode();
      const top = (el) => (el ? Math.round(el.getBoundingClientRect().top) : null);
      const toolbar = root.querySelector('.gc-toolbar');
      const rows = [...table.tBodies[0].rows].filter((tr) => tr.hasAttribute('aria-rowindex'));
      // (On a desktop the header's cells stay in view, on a phone the whole bar.)
      const head = (getComputedStyle(table.tHead).position === 'sticky' ? table.tHead : table.tHead.rows[0].cells[0]).getBoundingClientRect();
      const inWindow = rows.filter((tr) => {
        const r = tr.getBoundingClientRect();
        return r.top >= head.bottom - 1 && r.bottom <= innerHeight + 1;
      });
      // A box between the rows and the page that scrolls by itself.
      let box = null;
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight) box = el.className;
      }
      const more = rows[0]?.querySelector('.gc-more button')?.getBoundingClientRect();
      return {
        filter: top(toolbar.querySelector('input[type=search]')),
        state: top(toolbar.querySelector('select')),
        chips: top(toolbar.querySelector('.gc-chips')),
        options: top([...toolbar.querySelectorAll('button')].find((b) => b.textContent.startsWith('Options'))),
        header: Math.round(head.top),
        headerWidth: Math.round(table.tHead.getBoundingClientRect().width),
        tableWidth: Math.round(table.getBoundingClientRect().width),
        rows: inWindow.length,
        rowHeight: Math.round(rows[0]?.getBoundingClientRect().height ?? 0),
        // The most lines of text any cell of the first row holds.
        lines: Math.max(0, ...[...(rows[0]?.cells ?? [])].map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          const tops = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1).map((r) => r.top).sort((x, y) => x - y);
          return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 8).length;
        })),
        more: more ? { width: Math.round(more.width), height: Math.round(more.height) } : null,
        innerBox: box,
        sideways: document.documentElement.scrollWidth - innerWidth,
      };
    });
  }

  /** Scrolls the page (the one scroll there is) by `y` pixels and waits for the rows to follow. */
  async scrollPage(y) {
    await this.page.evaluate((y) => window.scrollBy(0, y), y);
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  /** The chart's labels: its sizes up the side, the days under it, the budget's and the cut bars' sizes. */
  chartLabels() {
    return this.scope.getByRole('region', { name: 'Sizes over time' }).evaluate((region) => ({
      sizes: [...region.querySelectorAll('.gc-chart-scale span')].map((s) => s.textContent),
      days: [...region.querySelectorAll('.gc-chart-days span')].map((s) => s.textContent),
      budget: region.querySelector('.gc-budget-label')?.textContent ?? null,
      cut: [...region.querySelectorAll('.gc-cut-size')].map((s) => s.textContent),
      gridLines: (region.querySelector('path.gc-grid')?.getAttribute('d').match(/M/g) ?? []).length,
      breaks: region.querySelectorAll('path.gc-break').length,
    }));
  }

  /** The chart's bars, each with what its tooltip says and its drawn box (CSS pixels). */
  bars() {
    return this.chart().evaluate((svg) => [...svg.querySelectorAll('rect.gc-bar')].map((r) => {
      const box = r.getBoundingClientRect();
      return { name: r.querySelector('title').textContent, kind: r.getAttribute('class'), height: box.height, picked: r.dataset.picked === 'true' };
    }));
  }

  /** Clicks the chart's bar of the build named `name` (its tooltip starts with the name). */
  async clickBar(name) {
    await this.chart().locator('rect.gc-bar').filter({ has: this.page.locator('title', { hasText: `${name}: ` }) }).click();
  }

  /** The row a bar of the chart led to (its name), if one is marked, and whether it is in the window. */
  markedRow() {
    return this.table().evaluate((table) => {
      if (table.dataset.marked !== 'true') return null;
      const row = table.querySelector('tr[data-current="true"]');
      if (!row) return null;
      const r = row.getBoundingClientRect();
      return { name: row.cells[0].textContent, inView: r.top >= table.tHead.rows[0].cells[0].getBoundingClientRect().bottom - 1 && r.bottom <= innerHeight };
    });
  }

  /** How the first unfinished row and its badge are drawn: the name's font style, the badge's fill. */
  unfinishedLook() {
    return this.table().evaluate((table) => {
      const row = table.querySelector('tr[data-complete="false"]');
      const badge = row.querySelector('.gc-badge');
      return { nameStyle: getComputedStyle(row.cells[0]).fontStyle, badgeFill: getComputedStyle(badge).backgroundColor };
    });
  }

  /** The colour of a growth in size ("+627 MiB") beside the colour of muted text. */
  growthColour() {
    return this.table().evaluate((table) => {
      const up = table.querySelector('.gc-delta[data-sign="up"]');
      const muted = table.getRootNode().querySelector('.gc-count');
      return { growth: getComputedStyle(up).color, muted: getComputedStyle(muted).color };
    });
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

  /** The date field "From", among the options. */
  get fromField() {
    return this.scope.getByLabel('From', { exact: true });
  }

  /** Keeps the builds created within two dates (`YYYY-MM-DD`), as the date fields among the options do. */
  async keepDays(from, to) {
    const options = await this.options();
    await options.getByLabel('From', { exact: true }).fill(from);
    await options.getByLabel('To', { exact: true }).fill(to);
    await this.closeOptions();
  }

  /** The chip in the toolbar that says which days are kept ("Nov 19 – 26 ×"); pressing it shows every date. */
  daysChip() {
    return this.scope.getByRole('button', { name: /^Created .*: show every date$/ });
  }

  /** Presses the days' chip: every day's builds again. */
  async allDates() {
    await this.daysChip().click();
  }

  /** The game's size budget field, in MiB. */
  get budgetField() {
    return this.scope.getByLabel('Size budget (MiB)');
  }

  /** Sets the game's size budget, in MiB (empty: none), among the options, and closes them. */
  async setBudget(mib) {
    await this.options();
    await this.budgetField.fill(String(mib));
    await this.budgetField.press('Enter');
    await this.closeOptions();
  }

  /** The "Over budget only" checkbox, among the options. */
  get overBudgetOnly() {
    return this.scope.getByLabel('Over budget only');
  }

  /** Shows only the builds over the budget, as "Over budget only" among the options does. */
  async onlyOverBudget() {
    await this.options();
    await this.overBudgetOnly.check();
    await this.closeOptions();
  }

  /** Exports the builds shown as CSV, from the options; resolves with the file (see `download`). */
  async exportCsv() {
    const options = await this.options();
    return download(options.getByRole('button', { name: 'Export CSV' }));
  }
}

/** A build's own page (`#/builds/<id>`): its facts, its ids with Copy, its name's neighbours and history. */
export class BuildView {
  constructor(page) {
    this.page = page;
    this.root = page.getByRole('region', { name: /./ }).filter({ has: page.locator('#build-heading') });
  }

  /** Resolves with this page once its heading is there. */
  async shown() {
    await this.root.waitFor();
    return this;
  }

  /** Its heading: the build's name. */
  title() {
    return this.root.getByRole('heading', { level: 1 }).textContent();
  }

  /** What it says of the build, by term ("Size", "Build id", "Tags"...). */
  facts() {
    return this.root.locator('dl').evaluate((dl) => Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent.replace(/Copy$/, '').trim()])));
  }

  /** Copies the id named `label` ("Build id", "Upload id"); resolves once its button says so. */
  async copy(label) {
    await this.root.locator('dt', { hasText: label }).locator('+ dd').getByRole('button', { name: 'Copy' }).click();
    await this.root.getByRole('button', { name: 'Copied ✓' }).waitFor();
  }

  /** The link to the previous (`prev`) or next (`next`) build of its name. */
  neighbour(rel) {
    return this.root.getByRole('navigation', { name: 'Builds of this name' }).locator(`a[rel="${rel}"]`);
  }

  /** Its name's history, newest first: each build's name, day and size. */
  history() {
    return this.root.getByRole('table').evaluate((t) => [...t.tBodies[0].rows].map((tr) => [...tr.cells].slice(0, 3).map((td) => td.textContent)));
  }

  /** Back to the builds ("← Builds"). */
  async back() {
    await this.root.getByRole('link', { name: '← Builds' }).click();
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
