//! The token's store: this tab's `sessionStorage`, and only while
//! "Remember in this tab" is ticked (never `localStorage`, so never another
//! tab or a restart).

use super::{Kept, Store, Stored, TOKEN, TOKEN_V1};

/// The token remembered in this tab; "" when none is (the key then holds
/// "").
pub struct RememberedToken;

/// The remembered token, kept like every other value.
pub type KeptToken = Stored<RememberedToken>;

impl Kept for RememberedToken {
    type Value = String;
    const KEY: &'static str = TOKEN;
    const EARLIER: &'static [&'static str] = &[TOKEN_V1];
    const EMPTY_IS_KEPT: bool = false;
    const STORE: Store = Store::Session;
    fn read(text: &str) -> (String, usize) {
        (text.to_owned(), 0)
    }
    fn write(token: &String) -> String {
        token.clone()
    }
}
