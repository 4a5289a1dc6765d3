//! The protected namespaces' store.

use super::{Kept, Stored, PROTECTED};
use crate::ids::NamespaceId;
use crate::protect::Marks;

/// The protected namespaces ([`crate::protect`]), kept in `localStorage`
/// apart from the recent ids, so that a mark outlives the id's place in
/// that short list.
pub type Protected = Stored<Marks>;

impl Kept for Marks {
    type Value = Marks;
    const KEY: &'static str = PROTECTED;
    fn read(text: &str) -> (Self, usize) {
        (Marks::parse(text), 0)
    }
    fn write(value: &Marks) -> String {
        value.to_text()
    }
}

impl Protected {
    /// Whether the namespace is protected (tracked).
    pub fn has(self, id: &NamespaceId) -> bool {
        self.with(|marks| marks.has(id))
    }
}
