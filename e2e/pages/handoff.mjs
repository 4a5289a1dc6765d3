// The encrypted hand-off on the teammate's side: opening the file a lead
// sealed, in a panel of their own (the lead's side is `Sealing`, under the
// token in `issued-token.mjs`).
import { IssuedToken } from './issued-token.mjs';

/** The teammate's side: "Open an encrypted hand-off" on the token page, the file or its text, the passphrase. */
export class OpenHandoff {
  constructor(page) {
    this.page = page;
  }

  /** Unfolds "Open an encrypted hand-off". */
  async unfold() {
    await this.page.getByText('Open an encrypted hand-off').click();
  }

  /** The field for the file's text. */
  get text() {
    return this.page.getByLabel('or its text');
  }

  /** The field that chooses the file from disk. */
  get file() {
    return this.page.getByLabel('Hand-off file');
  }

  /** The passphrase field. */
  get passphrase() {
    return this.page.getByLabel('Passphrase', { exact: true });
  }

  /** The token opened (a `IssuedToken`: its region, as a token made here shows). */
  get opened() {
    return new IssuedToken(this.page);
  }

  /** The message that says why the hand-off did not open (matching `said` if given). */
  problem(said) {
    const alert = this.page.getByRole('alert');
    return said === undefined ? alert : alert.filter({ hasText: said });
  }

  /** Pastes `text` (null: the file chosen is opened), types `passphrase`, presses Open. */
  async submit(text, passphrase) {
    if (text !== null) await this.text.fill(text);
    await this.passphrase.fill(passphrase);
    await this.page.getByRole('button', { name: 'Open', exact: true }).click();
  }

  /** Opens `text` (null: the file chosen) with `passphrase`; resolves once the token shows. */
  async opens(text, passphrase) {
    await this.submit(text, passphrase);
    await this.opened.shown();
  }

  /** Tries `text` with `passphrase`; resolves with the message, which must match `said`. */
  async fails(text, passphrase, said) {
    await this.submit(text, passphrase);
    await this.problem(said).waitFor();
    return this.problem(said).textContent();
  }
}
