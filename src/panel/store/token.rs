//! The token's store: this tab's `sessionStorage`, and only while
//! "Remember in this tab" is ticked (never `localStorage`, so never another
//! tab or a restart).

use super::{Kept, Store, Stored, TOKEN, TOKEN_V1};

/// The token remembered in this tab; "" when none is (the key then
/// holds "").
#[derive(Clone, Default, PartialEq)]
pub struct Remembered(pub String);

/// The remembered token, kept like every other value.
pub type KeptToken = Stored<Remembered>;

impl Kept for Remembered {
    const KEY: &'static str = TOKEN;
    const V1: Option<&'static str> = Some(TOKEN_V1);
    const STORE: Store = Store::Session;
    fn read(text: &str) -> (Self, usize) {
        (Remembered(text.to_owned()), 0)
    }
    fn write(&self) -> String {
        self.0.clone()
    }
}
