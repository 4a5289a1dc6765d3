//! The protected namespaces' store.

use super::{load, save, Kept, Store, Stored, Unsaved, PROTECTED, PROTECTED_V2};
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
    const UNSAVED: Unsaved = Unsaved::Lines { added_first: false };
}

impl Protected {
    /// Whether the namespace is protected (tracked).
    pub fn has(self, id: &NamespaceId) -> bool {
        self.with(|marks| marks.has(id))
    }

    /// Adds a mark made here to the version 2 marks too, while they are
    /// kept: a tab of the earlier build, still open, then guards that
    /// namespace as well (what that tab writes there is never read here).
    pub fn tell_earlier(self, id: &NamespaceId) {
        if let Some(text) = load(Store::Local, PROTECTED_V2) {
            let mut marks = Marks::parse(&text);
            if marks.set(id, true) {
                save(Store::Local, PROTECTED_V2, Some(&marks.to_text()));
            }
        }
    }

    /// Whether the namespace's mark, made here, is not saved (tracked).
    pub fn unsaved_mark(self, id: &NamespaceId) -> bool {
        self.unsaved() && self.has(id) && !self.kept_line(id.as_str())
    }
}
