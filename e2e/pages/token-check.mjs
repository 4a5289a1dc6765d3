// The token check: what the panel says of the token entered, before any call.
import { Connection } from './connection.mjs';

/**
 * What the panel says of the token entered (its kind, its expiry), read from
 * the token itself before any call, with "Send anyway" for a token it doubts
 * and the token's life counting down in the connection card.
 */
export class TokenCheck {
  constructor(page) {
    this.page = page;
    this.root = page.locator('#token-kind');
  }

  /** What it says now. */
  text() {
    return this.root.textContent();
  }

  /** Waits until it says `text` (a part of what it says, or a pattern). */
  async says(text) {
    await this.root.filter({ hasText: text }).waitFor();
  }

  /** "Send anyway", offered for a token the check doubts. */
  get sendAnyway() {
    return this.page.getByRole('checkbox', { name: /Send anyway/ });
  }

  /** The token's life, counting down under it in the card. */
  get life() {
    return new Connection(this.page).card.getByRole('timer');
  }
}
