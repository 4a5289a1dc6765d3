// The panel as a whole, and the one way a test opens it: a fresh browser
// profile, what it keeps seeded if asked, the address a person would follow,
// and the token pasted as they would.
import { openPage, recordProblems } from '../harness.mjs';
import { BuildsPage } from './builds.mjs';
import { Connection } from './connection.mjs';
import { DevTokenPage } from './dev-token.mjs';
import { OpenHandoff } from './handoff.mjs';
import { Header } from './header.mjs';
import { LogPage } from './log.mjs';
import { Palette } from './palette.mjs';
import { RecentIds } from './recent.mjs';
import { DomainAuthPage, SettingsPage } from './settings.mjs';
import { Shortcuts } from './shortcuts.mjs';
import { TokenCheck } from './token-check.mjs';
import { TokensMadePage } from './tokens.mjs';

/**
 * The panel in one browser tab, with a page object for each of its parts:
 * `header`, `connection` (the card and the switchers), `tokenCheck`,
 * `builds`, `settings` (CDN authentication), `domain` (domain-based
 * authentication), `tokens` (the development token page), `tokensMade` (the
 * tokens made here), `handoff` (opening one), `log`, `recent`, `palette` and `shortcuts`. `problems` lists the
 * tab's console errors and uncaught exceptions.
 */
export class Panel {
  constructor(page, problems, service) {
    this.page = page;
    this.problems = problems;
    this.service = service;
    this.header = new Header(page);
    this.connection = new Connection(page);
    this.tokenCheck = new TokenCheck(page);
    this.builds = new BuildsPage(page);
    this.settings = new SettingsPage(page);
    this.domain = new DomainAuthPage(page);
    this.tokens = new DevTokenPage(page);
    this.tokensMade = new TokensMadePage(page);
    this.handoff = new OpenHandoff(page);
    this.log = new LogPage(page);
    this.recent = new RecentIds(page);
    this.palette = new Palette(page);
    this.shortcuts = new Shortcuts(page);
  }

  /**
   * Follows the address of `page` (`builds`, `cdn-auth`, `dev-token`...; null
   * for none) with the ids of the `game` (the service's demo game unless
   * given) and of the namespace `ns` (the demo's `prod` unless given: a name
   * the service printed; null for none) in the hash's query, or before the
   * hash if `search` (as the service's own links have them). The panel is
   * served at `servedAt` (the service's URL unless given); `address`, a link
   * copied whole, is followed instead if given. Then types the `baseUrl` if
   * given, and pastes the `token` (the service's unless given; null for
   * none), pressing Enter after it if `submit`.
   */
  async arrive({ address, page: route = 'builds', game = this.service.gameId, ns = 'prod', search = false, servedAt = this.service.url, baseUrl, token = this.service.token, submit = false } = {}) {
    const ids = [game && `game=${game}`, ns && `ns=${this.service.namespaces[ns]}`].filter(Boolean).join('&');
    const query = ids && `?${ids}`;
    if (address !== undefined) await this.page.goto(address);
    else if (route === null) await this.page.goto(`${servedAt}${query}`);
    else if (search) await this.page.goto(`${servedAt}${query}#/${route}`);
    else await this.page.goto(`${servedAt}#/${route}${query}`);
    if (baseUrl !== undefined) await this.connection.setBaseUrl(baseUrl);
    if (token !== null) await (submit ? this.connection.submitToken(token) : this.connection.enterToken(token));
    return this;
  }

  /**
   * The panel in another tab of this browser profile (its storage shared),
   * opened as `arrive` says; its problems are recorded with this tab's.
   */
  async openTab(options) {
    const page = await this.page.context().newPage();
    recordProblems(page, this.problems);
    return new Panel(page, this.problems, this.service).arrive(options);
  }

  /** The heading `name` (exactly, unless `exact` is false; at `level` if given). */
  heading(name, { exact = true, level } = {}) {
    return this.page.getByRole('heading', level === undefined ? { name, exact } : { name, exact, level });
  }

  /** Resolves once the page shows the heading `name` (see `heading`). */
  async shows(name, options) {
    await this.heading(name, options).waitFor();
  }

  /** What the page says that matches `text` (a part of it, or a pattern). */
  text(text) {
    return this.page.getByText(text);
  }

  /** Waits until the page says `text` (see `text`). */
  async says(text) {
    await this.text(text).waitFor();
  }

  /** The page's alerts (those that say `text` only, if given). */
  alert(text) {
    const alerts = this.page.getByRole('alert');
    return text === undefined ? alerts : alerts.filter({ hasText: text });
  }

  /** The status that says a page is on its way ("Loading this page…"), once it is shown. */
  async loading() {
    await this.page.getByRole('status').filter({ hasText: 'Loading this page' }).waitFor();
  }

  /**
   * The page's own message, in its HTML, shown if the panel has not started
   * after a while (a file that did not load or failed its integrity check);
   * removed once the panel is there.
   */
  bootMessage() {
    return this.page.getByText('The panel has not started. If this stays, one of its files did not load');
  }

  /** Presses the page's "Try again". */
  async tryAgain() {
    await this.page.getByRole('button', { name: 'Try again' }).click();
  }

  /** How many scripts the page holds inline (its policy allows none). */
  inlineScripts() {
    return this.page.locator('script:not([src])').count();
  }

  /** The Content-Security-Policy the page's HTML declares. */
  declaredPolicy() {
    return this.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  }

  /**
   * A page's help: its one `line`, which unfolds the rest when pressed, and
   * that `rest` (found by its start).
   */
  help(line, rest) {
    return { line: this.page.getByText(line, { exact: true }), rest: this.page.getByText(rest) };
  }

  /** Presses the Tab key `times` times. */
  async tab(times = 1) {
    for (let i = 0; i < times; i += 1) await this.page.keyboard.press('Tab');
  }

  /** Presses `key` (`ArrowDown`, `End`, …). */
  async press(key) {
    await this.page.keyboard.press(key);
  }

  /** Whether the focus is outside every table of the page. */
  focusOutsideTables() {
    return this.page.evaluate(() => document.activeElement.closest('table') === null);
  }

  /** Takes the focus from any field, as a click on the page's background does. */
  async unfocus() {
    await this.page.evaluate(() => document.activeElement?.blur());
  }

  /** The address's hash holds `text` (or, with `holds` false, no longer does): waits until it does. */
  async addressSays(text, holds = true) {
    await this.page.waitForFunction(([text, holds]) => location.hash.includes(text) === holds, [text, holds]);
  }
}

/**
 * Opens the panel in a fresh browser profile of `browser` against `service`
 * (`where` holds both, as `useFixtures` fills them), as a person arriving from
 * a shared link would: the one way a test opens it.
 *
 * Before the panel loads: the tab's `viewport` ({ width, height }), its colour
 * `scheme` (`light`, `dark`), its `clock` held at a time (ms or a date's
 * text), what this site's `local` storage and the tab's `session` storage hold
 * (key to value; written before the panel first reads them), and `before(page)`
 * (a route that holds a part, a listener). Then the address and the token, as
 * `Panel.arrive` says (`address`, or `page`, `game`, `ns`, `search` and
 * `servedAt`; `baseUrl`, `token`, `submit`). Resolves with the `Panel`.
 */
export async function openPanel({ browser, service }, options = {}) {
  const { viewport, scheme, clock, local, session, before } = options;
  const { page, problems } = await openPage(browser);
  if (viewport) await page.setViewportSize(viewport);
  if (scheme) await page.emulateMedia({ colorScheme: scheme });
  if (clock !== undefined) await page.clock.install({ time: clock });
  if (local || session) await seed(page, options.servedAt ?? service.url, { local, session });
  if (before) await before(page);
  return new Panel(page, problems, service).arrive(options);
}

/**
 * Writes `local` and `session` (key to value) in the storage of the site at
 * `url`, from a blank page of that site (no panel runs there: it finds them
 * as kept on its first load).
 */
async function seed(page, url, { local = {}, session = {} }) {
  const blank = new URL('/e2e-seed', url).href;
  // With an icon of its own: the browser would otherwise ask the site for
  // /favicon.ico, a 404 logged as a problem whenever it comes late.
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title><link rel="icon" href="data:,">' }));
  await page.goto(blank);
  await page.evaluate(({ local, session }) => {
    for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
  }, { local, session });
  await page.unroute(blank);
}
