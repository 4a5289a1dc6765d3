//! The recent ids' store: the ids used here, each with the name the person
//! gave it.

use super::{Kept, Stored, Unsaved, RECENT, RECENT_V1, RECENT_V2};
use crate::ids::{GameId, NamespaceId};
use crate::validate::{canonical_id, IdKind};

/// How many ids of each kind are kept.
const KEEP: usize = 8;

crate::json::model! {
    /// One remembered id, kept as one line of JSON: `kind` (`game` or
    /// `namespace`) and `id` required, the label empty when missing.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct RecentId {
        /// A game's id or a namespace's.
        pub kind: IdKind,
        /// The id as it was used.
        pub id: String,
        /// The name the person gave it, or "".
        pub label: String = String::new(),
    }
}

/// The first version's format, read once: `kind \t id \t label` lines.
fn parse_v1(text: &str) -> Vec<RecentId> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (kind, id) = (parts.next()?, parts.next()?);
            Some(RecentId {
                kind: IdKind::from_noun(kind)?,
                id: id.to_owned(),
                label: parts.next().unwrap_or_default().to_owned(),
            })
        })
        .collect()
}

/// The bound: the newest [`KEEP`] ids of each kind (the list is newest first).
fn keep_newest(list: &mut Vec<RecentId>) {
    for kind in [IdKind::Game, IdKind::Namespace] {
        let mut seen = 0;
        list.retain(|r| {
            r.kind != kind || {
                seen += 1;
                seen <= KEEP
            }
        });
    }
}

/// The recent ids, newest first, with their labels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecentIds(pub Vec<RecentId>);

impl Kept for RecentIds {
    type Value = RecentIds;
    const KEY: &'static str = RECENT;
    const EARLIER: &'static [&'static str] = &[RECENT_V2, RECENT_V1];
    /// An entry that does not read, or names a kind of id this panel does
    /// not have, is dropped and counted; ids are put in their one form, once
    /// each; a label that is no longer allowed is dropped; the bound of
    /// [`KEEP`] a kind holds.
    fn read(text: &str) -> (Self, usize) {
        let (list, dropped) = crate::json::from_lines::<RecentId>(text);
        let (ids, more) = RecentIds::kept(list);
        (ids, dropped + more)
    }
    fn write(value: &RecentIds) -> String {
        crate::json::to_lines(&value.0)
    }
    const UNSAVED: Unsaved = Unsaved::Lines { added_first: true };
    fn read_earlier(key: &str, text: &str) -> Self {
        if key == RECENT_V1 {
            RecentIds::kept(parse_v1(text)).0
        } else {
            Self::read(text).0
        }
    }
}

impl RecentIds {
    /// The entries that are ids of this panel's kinds, in their one form,
    /// within the bound; how many were not.
    fn kept(mut list: Vec<RecentId>) -> (RecentIds, usize) {
        let before = list.len();
        for r in &mut list {
            r.id = canonical_id(&r.id);
        }
        // Only UUIDs: text kept by an earlier build (a token pasted in an
        // id field, say) is dropped.
        list.retain(|r| crate::token::parse_uuid(&r.id).is_some());
        let dropped = before - list.len();
        for r in &mut list {
            // A label kept before labels were checked, that a hand-off
            // would not open with: the namespace goes by its id.
            if crate::validate::namespace_label_problem(&r.label).is_some() {
                r.label.clear();
            }
        }
        // Two spellings of one id, kept before ids had one form: the newest.
        let mut i = 0;
        while i < list.len() {
            let (kind, id) = (list[i].kind, &list[i].id);
            if list[..i].iter().any(|r| r.kind == kind && r.id == *id) {
                list.remove(i);
            } else {
                i += 1;
            }
        }
        keep_newest(&mut list);
        (RecentIds(list), dropped)
    }

    fn find(&self, kind: IdKind, id: &str) -> Option<usize> {
        let id = canonical_id(id);
        self.0.iter().position(|r| r.kind == kind && r.id == id)
    }
}

/// The recent ids, kept in step with `localStorage`.
pub type Recent = Stored<RecentIds>;

impl Recent {
    /// The namespaces kept, with their labels, newest first (tracked).
    pub fn namespaces(self) -> Vec<(NamespaceId, String)> {
        self.with(|r| {
            r.0.iter()
                .filter(|e| e.kind == IdKind::Namespace)
                .map(|e| (NamespaceId::new(&e.id), e.label.clone()))
                .collect()
        })
    }

    /// Moves a call's ids to the front (after it worked); only UUIDs are
    /// kept.
    pub fn record(self, game: &GameId, ns: &NamespaceId) {
        self.update(|ids| {
            for (kind, id, is_uuid) in [
                (IdKind::Namespace, ns.as_str(), ns.is_uuid()),
                (IdKind::Game, game.as_str(), game.is_uuid()),
            ] {
                if !is_uuid {
                    continue;
                }
                let id = id.to_owned();
                let label = ids
                    .find(kind, &id)
                    .map(|i| ids.0.remove(i).label)
                    .unwrap_or_default();
                ids.0.insert(0, RecentId { kind, id, label });
            }
            keep_newest(&mut ids.0);
        });
    }

    /// The label given to a namespace, or "" (untracked).
    pub fn label(self, id: &NamespaceId) -> String {
        self.label_of(IdKind::Namespace, id.as_str())
    }

    /// The label given to an id, or "" (untracked).
    pub fn label_of(self, kind: IdKind, id: &str) -> String {
        self.with_untracked(|ids| {
            ids.find(kind, id)
                .map(|i| ids.0[i].label.clone())
                .unwrap_or_default()
        })
    }

    /// Names an id (a blank label removes the name), or says why the
    /// label cannot be kept ([`crate::validate::namespace_label_problem`]).
    pub fn relabel(self, kind: IdKind, id: &str, label: &str) -> Result<(), &'static str> {
        let label = label.trim();
        if let Some(why) = crate::validate::namespace_label_problem(label) {
            return Err(why);
        }
        self.update(|ids| {
            if let Some(i) = ids.find(kind, id) {
                ids.0[i].label = label.to_owned();
            }
        });
        Ok(())
    }

    /// Names an id used for the first time (kept newest, as a call that
    /// worked keeps it), or renames one kept; a blank label leaves it
    /// unnamed. Only a UUID is kept; a label that cannot be kept is refused
    /// as [`Recent::relabel`] refuses it.
    pub fn name_new(self, kind: IdKind, id: &str, label: &str) -> Result<(), &'static str> {
        let id = canonical_id(id);
        if crate::token::parse_uuid(&id).is_none() {
            return Err("Only an id (a UUID) can be named.");
        }
        if self.with_untracked(|ids| ids.find(kind, &id).is_none()) {
            if let Some(why) = crate::validate::namespace_label_problem(label.trim()) {
                return Err(why);
            }
            self.update(|ids| {
                let label = label.trim().to_owned();
                ids.0.insert(0, RecentId { kind, id, label });
                keep_newest(&mut ids.0);
            });
            return Ok(());
        }
        self.relabel(kind, &id, label)
    }

    /// Forgets an id.
    pub fn forget(self, kind: IdKind, id: &str) {
        self.update(|ids| {
            if let Some(i) = ids.find(kind, id) {
                ids.0.remove(i);
            }
        });
    }
}
