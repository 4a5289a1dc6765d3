// The recent ids, offered again in the header's switchers.
import { Connection } from './connection.mjs';

/** The recent ids, in the switchers: use, name or forget one. */
export class RecentIds {
  constructor(page) {
    this.page = page;
  }

  /** Opens the namespaces' switcher, where their recent ids are. */
  async open() {
    await new Connection(this.page).openNamespace();
  }

  /** The label field of a namespace, in its row's menu. */
  label(id) {
    return this.page.getByLabel(`Label for namespace ${id}`);
  }

  /** Opens the menu of the namespace `id`'s row, unless it is open. */
  async openMenu(id, kind = 'namespace') {
    const field = this.page.getByLabel(`Label for ${kind} ${id}`);
    if (!(await field.isVisible())) await this.page.getByLabel(`Menu of ${kind} ${id}`).click();
  }

  /** Names a namespace in its row's menu and leaves the field (its change event). */
  async name(id, label) {
    await this.open();
    await this.openMenu(id);
    await this.label(id).fill(label);
    await this.label(id).press('Enter');
  }

  /** Presses "Protect" (or "Remove protection…") in the menu of the namespace `id`'s row. */
  async toggleProtection(id) {
    await this.open();
    await this.openMenu(id);
    await this.page.getByRole('button', { name: /^(Protect|Remove protection…)$/ }).click();
  }

  /** The filter above the rows ("Find a namespace"). */
  get find() {
    return this.page.getByLabel('Find a namespace');
  }

  /** Types in the filter, as a person looking for a namespace does. */
  async filter(text) {
    await this.open();
    await this.find.fill(text);
  }

  /** What the rows show, each its name and short id (and "protected"), in order. */
  async rows() {
    return this.page.locator('.gc-popover:popover-open .gc-row-pick').allTextContents();
  }

  /** The button of a row, by what it shows: a name (`Production`), or an id (its short id shown, for one without a name). */
  useButton(shown) {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(shown);
    const words = uuid ? `Unnamed ${shown.slice(0, 8)}` : shown;
    const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.locator('.gc-popover:popover-open').getByRole('button', { name: new RegExp(`^${escaped}( |$)`) });
  }

  /** Waits until the recent id shown as `shown` is marked as the one chosen (as its id is typed, say). */
  async chosen(shown, { timeout } = {}) {
    await this.useButton(shown).and(this.page.locator('[aria-current="true"]')).waitFor({ timeout });
  }

  /** Uses a recent id, by what its button shows, in the open switcher. */
  async use(shown) {
    await this.useButton(shown).click();
  }

  /** Unfolds "Export or import names…" in the namespaces' switcher. */
  async openSharing() {
    await this.open();
    const fold = this.page.locator('.gc-popover:popover-open details.gc-share');
    if (!(await fold.evaluate((d) => d.open))) await fold.getByText('Export or import names…').click();
    await this.page.getByRole('button', { name: 'Export names' }).waitFor();
  }

  /** Exports the names; resolves with the file's name and text. */
  async exportNames() {
    await this.openSharing();
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Export names' }).click()]);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Chooses a file holding `text` to import; the preview shows what it changes. */
  async importNames(text) {
    await this.openSharing();
    await this.page.getByLabel('Import names from a file').setInputFiles({ name: 'gamecloud-names.jsonl', mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  /** What the import's preview lists: its changes, then what it leaves out. */
  importPreview() {
    return this.page.getByRole('group', { name: 'What the import changes' });
  }

  /** Applies the import previewed. */
  async applyImport() {
    await this.importPreview().getByRole('button', { name: /^Apply / }).click();
  }
}
