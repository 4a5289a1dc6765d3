//! The protected namespaces' store.

use super::{Kept, Stored, PROTECTED, PROTECTED_V2};
use crate::ids::NamespaceId;
use crate::protect::Marks;

/// The protected namespaces ([`crate::protect`]), kept in `localStorage`
/// apart from the recent ids, so that a mark outlives the id's place in
/// that short list.
pub type Protected = Stored<Marks>;

impl Kept for Marks {
    type Value = Marks;
    const KEY: &'static str = PROTECTED;
    const EARLIER: &'static [&'static str] = &[PROTECTED_V2];
    const LEAVES_EARLIER: bool = true;
    fn read(text: &str) -> (Self, usize) {
        (Marks::parse(text), 0)
    }
    fn write(value: &Marks) -> String {
        value.to_text()
    }
    /// Both: a mark this tab could not write stays a mark whatever another
    /// tab writes, and one another tab made stays too.
    fn keep_with(mut kept: Marks, mine: &Marks) -> Marks {
        for id in mine.ids() {
            kept.set(id, true);
        }
        kept
    }
}

impl Protected {
    /// Whether the namespace is protected (tracked).
    pub fn has(self, id: &NamespaceId) -> bool {
        self.with(|marks| marks.has(id))
    }
}
