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

  /** The button that uses a recent id, by what it shows (`Production (<id>)`, or the id alone). */
  useButton(shown) {
    return this.page.getByRole('button', { name: `Use ${shown}` });
  }

  /** Waits until the recent id shown as `shown` is marked as the one chosen (as its id is typed, say). */
  async chosen(shown, { timeout } = {}) {
    await this.useButton(shown).and(this.page.locator('[aria-current="true"]')).waitFor({ timeout });
  }

  /** Uses a recent id, by what its button shows, in the open switcher. */
  async use(shown) {
    await this.useButton(shown).click();
  }
}
