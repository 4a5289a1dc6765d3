// The Namespace settings page: a row per setting (CDN authentication, domain
// based authentication), each changed on one namespace or several.
import { ConfirmDialog } from './confirm.mjs';

/** The values as the page says them, by the service's names the tests use. */
const SAID = { none: 'No auth', basic: 'Basic auth', enabled: 'on', disabled: 'off' };

/**
 * One setting of the Namespace settings page (CDN authentication unless
 * named): its choice, the namespaces it goes to (the other ones under
 * "Apply to other namespaces…"), its button that names the change, and one
 * result per namespace.
 */
export class SettingsPage {
  constructor(page, setting = 'CDN authentication') {
    this.page = page;
    this.setting = setting;
    this.root = page.getByRole('region', { name: setting });
    // What its confirmation's button says.
    this.action = setting === 'CDN authentication' ? 'Set CDN auth' : 'Set domain auth';
  }

  /** Resolves once the setting is on the page. */
  async shown() {
    await this.root.waitFor();
  }

  /** The segment of a value (`basic`, `none`), by the words it shows ("Basic auth"). */
  choice(value) {
    return this.root.getByRole('radio', { name: SAID[value] ?? value, exact: true });
  }

  /**
   * Chooses a value (`basic`, `none`) among the segments. In a drop-in
   * element a click made as the element lays itself out for its width can
   * land beside the segment (on its section: 1 run in 28 under load), as a
   * person's would: clicked again, twice at most.
   */
  async choose(value) {
    for (let tries = 1; ; tries++) {
      try {
        await this.choice(value).check();
        return;
      } catch (e) {
        if (tries === 3 || !/did not change its state/.test(e.message)) throw e;
      }
    }
  }

  /** The other namespaces: their checkboxes and the field to add one (found folded too). */
  get others() {
    return this.root.getByRole('group', { name: 'Namespaces', includeHidden: true });
  }

  /** The button that unfolds "Apply to other namespaces" (unfolded while the namespace is protected). */
  get othersButton() {
    return this.root.getByRole('button', { name: 'Apply to other namespaces' });
  }

  /** Whether the other namespaces are unfolded, as the button says. */
  async othersShown() {
    return (await this.othersButton.getAttribute('aria-expanded')) === 'true';
  }

  /** Unfolds "Apply to other namespaces" if it is folded, and brings them into view. */
  async showOthers() {
    if (!(await this.othersShown())) await this.othersButton.click();
    await this.others.scrollIntoViewIfNeeded();
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

  /**
   * The namespace checkbox of `id` (found folded too: `showOthers` to see
   * it); its name may say what this panel last set there
   * (`<id> (last set here: basic)`), matched too unless `exact`.
   */
  namespace(id, { exact = false } = {}) {
    return this.root.getByRole('checkbox', { name: id, exact, includeHidden: true });
  }

  /** The namespace checkboxes named exactly `name` shown anywhere on the page, in either setting (to count them). */
  namespacesNamed(name) {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  /** The id of namespace `id` as the list of namespaces writes it, where a protected one is badged. */
  badge(id) {
    return this.others.getByText(id, { exact: true });
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

  /**
   * The button that applies the change to `count` namespaces: it names the
   * change ("Set to Basic auth…", "Turn on on 3 namespaces…"); with none
   * chosen it counts none either, and is disabled.
   */
  applyButton(count = 1) {
    return this.root.getByRole('button', { name: count <= 1 ? /^(Set to|Turn) [^…]*(?<! namespaces)…$/ : new RegExp(`^(Set to|Turn) .* on ${count} namespaces…$`) });
  }

  /** The button that applies the change, whatever it names. */
  get anyApplyButton() {
    return this.root.getByRole('button', { name: /^(Set to|Turn) / });
  }

  /** The namespaces the change goes to, as named above its button. */
  appliesTo() {
    return this.root.getByRole('list', { name: 'Applies to' }).getByRole('listitem').allTextContents();
  }

  /** Opens the confirmation for `count` namespaces; resolves with it (a `ConfirmDialog`). */
  async askToApply(count = 1) {
    await this.applyButton(count).click();
    return new ConfirmDialog(this.page, this.action).shown();
  }

  /** Asks to set again the value this panel set already ("Set again…"); resolves with the confirmation. */
  async askToSetAgain() {
    await this.root.getByRole('button', { name: 'Set again…' }).click();
    return new ConfirmDialog(this.page, this.action).shown();
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

  /** The retry button, found while an open confirmation hides the page behind it too (it cannot be clicked then). */
  get retryButtonBehind() {
    return this.page.getByRole('region', { name: this.setting, includeHidden: true }).getByRole('button', { name: 'Retry the failed ones', includeHidden: true });
  }

  /** Waits for the run's summary (`2 of 3 changed, 1 failed.`, or a pattern of it). */
  async summary(text) {
    await this.root.getByRole('status').filter({ hasText: text }).waitFor();
  }

  /** The list of each namespace's result. */
  resultList() {
    return this.root.getByRole('list', { name: 'Result per namespace' });
  }

  /** Each namespace's result, as the list shows it (`<id>: Done`). */
  results() {
    return this.resultItems().allTextContents();
  }

  /** The result of each namespace, one item each, in order. */
  resultItems() {
    return this.resultList().getByRole('listitem');
  }

  /** Waits until the results say the call to namespace `id` is on its way (any namespace's, without `id`). */
  async sending(id = '') {
    await this.resultList().getByText(`${id}: Sending…`).waitFor();
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

  /** The switch "Domain-based auth". */
  get switch() {
    return this.root.getByRole('switch', { name: 'Domain-based auth' });
  }

  /** Turns the switch on (`enabled`) or off (`disabled`). */
  async choose(value) {
    await this.switch.setChecked(value === 'enabled');
  }

  /** Turns it on and asks to apply it; resolves with the confirmation. */
  async askToEnable() {
    await this.choose('enabled');
    return this.askToApply();
  }

  /** Waits until the page says this panel last set it `enabled`, `disabled`, or has not (`null`). */
  async showsLastSet(state) {
    const said = state === null ? 'Not set from this panel yet: the current setting is unknown.' : `Last set from this panel: ${SAID[state]}.`;
    await this.root.getByText(said).waitFor();
  }
}
