// The elements' example host page (js/examples/) as the tests open it: a
// studio's dashboard with the three drop-in elements, served from the
// example's own folder by the local service.
import { openPage } from '../harness.mjs';
import { BuildsPage } from './builds.mjs';
import { DevTokenPage } from './dev-token.mjs';
import { DomainAuthPage, SettingsPage } from './settings.mjs';

/**
 * The example host page with its three elements (`builds`, `dev-token`,
 * `namespace-settings`): the page objects of the panel's pages inside them
 * (`builds`, `tokens`, `settings`, `domain`), the host's own form and list of
 * events. `events()` lists the elements' events as the page received them,
 * `refused()` what the policy refused, `wasm` the wasm files fetched,
 * `problems` the console errors and uncaught exceptions.
 */
export class ElementsHost {
  /**
   * Opens the example page, connected as its form does it (the token typed
   * into the host's own field, given to each element as a property) unless
   * `connect` is false. `scheme`, `width` and `height`: the tab's; `clock`: a
   * time to hold the page's clock at; `bypassCSP`: the page's policy set
   * aside; `tabStorage`: what this tab's sessionStorage holds before the
   * page's scripts run; `before(page)` runs before the page loads (a route
   * to hold the wasm, say).
   */
  static async open(browser, service, { scheme = 'light', width = 1280, height = 900, connect = true, clock = null, bypassCSP = false, tabStorage = {}, before = async () => {} } = {}) {
    const { page, problems } = bypassCSP ? await openPage(browser, { bypassCSP }) : await openPage(browser);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    if (clock) await page.clock.install({ time: Date.parse(clock) });
    const host = new ElementsHost(page, problems, service);
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) host.wasm.push(new URL(r.url()).pathname.split('/').pop());
    });
    await page.addInitScript((kept) => {
      for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
    }, tabStorage);
    await page.addInitScript(() => {
      window.refused = [];
      window.seen = [];
      document.addEventListener('securitypolicyviolation', (e) => window.refused.push(`${e.violatedDirective}: ${e.blockedURI}`));
      for (const type of ['gamecloud-change', 'gamecloud-error']) {
        document.addEventListener(type, (e) => {
          const d = e.detail;
          window.seen.push({
            type,
            from: e.target.localName,
            composed: e.composed,
            isGameCloudError: type === 'gamecloud-error' && d instanceof Error && d.name === 'GameCloudError',
            detail: type === 'gamecloud-error' ? { kind: d.kind, status: d.status, operation: d.operation, message: d.message } : d,
          });
        });
      }
    });
    await before(page);
    await page.goto(`${service.url}js/examples/`);
    if (connect) await host.connect();
    return host;
  }

  constructor(page, problems, service) {
    this.page = page;
    this.problems = problems;
    this.service = service;
    this.wasm = [];
    this.builds = new BuildsPage(this.element('builds'));
    this.tokens = new DevTokenPage(this.element('dev-token'));
    // The settings' regions are found from the page, into the element's shadow root.
    this.settings = new SettingsPage(page);
    this.domain = new DomainAuthPage(page);
  }

  /** The element `gamecloud-<name>` (`builds`, `dev-token`, `namespace-settings`). */
  element(name) {
    return this.page.locator(`gamecloud-${name}`);
  }

  /** The panel's page the element `name` shows, once it has mounted one. */
  pageIn(name) {
    return this.element(name).locator('.gc-page');
  }

  /** What the element `name` says went wrong. */
  alertIn(name) {
    return this.element(name).getByRole('alert');
  }

  /** The buttons of the element `name` whose name matches `label`. */
  buttonsIn(name, label) {
    return this.element(name).getByRole('button', { name: label });
  }

  /** Fills the host's own form (the game, the staging namespace, the token) and presses Connect. */
  async connect() {
    await this.page.getByLabel('Game').fill(this.service.gameId);
    await this.page.getByLabel('Namespace', { exact: true }).fill(this.service.namespaces.staging);
    await this.page.getByLabel('API token').fill(this.service.token);
    await this.page.getByRole('button', { name: 'Connect' }).click();
  }

  /** Resolves once the builds element's table shows the demo's 36 builds. */
  async buildsShown() {
    await this.element('builds').getByText('36 of 36 builds').waitFor({ timeout: 30_000 });
  }

  /** Waits until the host's list of what the elements did shows an entry holding `text`. */
  async lists(text) {
    await this.page.getByRole('listitem').filter({ hasText: text }).waitFor();
  }

  /** Forces the elements' colour scheme from the host's own choice (`light`, `dark`). */
  async chooseScheme(scheme) {
    await this.page.getByLabel('Scheme').selectOption(scheme);
  }

  /** The elements' events, as the page received them. */
  events() {
    return this.page.evaluate(() => window.seen);
  }

  /** What the page's policy refused. */
  refused() {
    return this.page.evaluate(() => window.refused);
  }
}
