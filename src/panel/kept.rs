//! What the panel keeps in the browser, and the one way it is kept: the
//! keys, which storage each lives in, and the action log's store. Ids, labels
//! and the log go to `localStorage` (they hold no secret); the token only to
//! this tab's `sessionStorage`, and only when the person asks.

use leptos::prelude::*;

use crate::action_log::{ActionLog, Entry};
use crate::protect::Marks;
use crate::validate::canonical_id;

/// Recently used ids with their labels ([`Recent`]), one JSON object per
/// line. Keys carry the version of what they hold: a new format gets a new
/// key, and the old one is read once and removed.
pub const RECENT: &str = "gamecloud.v2.recent";
/// The action log ([`Log`]), one entry per line.
pub const LOG: &str = "gamecloud.v2.log";
/// The token, when "Remember in this tab" is ticked.
pub const TOKEN: &str = "gamecloud.v2.token";
/// The protected namespaces' ids ([`Protected`]), one a line.
pub const PROTECTED: &str = "gamecloud.v2.protected";
/// The first version's keys: the recent ids as tab-separated lines, the log
/// as one JSON array, the token as it is.
const RECENT_V1: &str = "gamecloud.recent";
const LOG_V1: &str = "gamecloud.log";
/// The first version's token key, read once.
pub const TOKEN_V1: &str = "gamecloud.token";

/// What a page says when kept entries could not be read: "2 kept log
/// entries could not be read (damaged, or written by another version) and
/// were dropped."
pub fn dropped_note(n: usize, what: &str) -> String {
    let (what, verb) = if n == 1 {
        (what.to_owned(), "was")
    } else if let Some(stem) = what.strip_suffix('y') {
        (format!("{stem}ies"), "were")
    } else {
        (format!("{what}s"), "were")
    };
    format!("{n} kept {what} could not be read (damaged, or written by another version) and {verb} dropped.")
}

/// Where a value is kept.
#[derive(Clone, Copy)]
pub enum Store {
    /// This browser, across tabs and restarts.
    Local,
    /// This tab, until it closes.
    Session,
}

fn storage(store: Store) -> Option<web_sys::Storage> {
    let w = web_sys::window()?;
    match store {
        Store::Local => w.local_storage(),
        Store::Session => w.session_storage(),
    }
    .ok()
    .flatten()
}

/// The text kept under `key`, if any (and if the browser lets the page keep
/// anything).
pub fn load(store: Store, key: &str) -> Option<String> {
    storage(store)?.get_item(key).ok().flatten()
}

/// The text kept under `key`, or else under the older `v1` key, which is
/// then removed (what it held is kept again under `key` by the caller).
pub fn load_migrating(store: Store, key: &str, v1: &str) -> Option<(String, bool)> {
    if let Some(text) = load(store, key) {
        return Some((text, false));
    }
    let old = load(store, v1)?;
    save(store, v1, None);
    Some((old, true))
}

/// Keeps `value` under `key`, or forgets it (`None`). A browser that refuses
/// (private mode, a full quota) leaves the page working without it.
pub fn save(store: Store, key: &str, value: Option<&str>) {
    if let Some(s) = storage(store) {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}

/// A value kept under one key of `localStorage`, in this version's format.
pub trait Kept: Clone + Send + Sync + 'static {
    /// Its key; a new format gets a new key.
    const KEY: &'static str;
    /// The key the first version kept it under, read once ([`Kept::read_v1`])
    /// and removed.
    const V1: Option<&'static str> = None;
    /// What is kept, read (from "" when nothing is), and how many entries
    /// did not read and were dropped.
    fn read(text: &str) -> (Self, usize)
    where
        Self: Sized;
    /// The text to keep.
    fn write(&self) -> String;
    /// What the first version kept under [`Kept::V1`], read.
    fn read_v1(text: &str) -> Self
    where
        Self: Sized,
    {
        Self::read(text).0
    }
}

/// One kept value: the one shape of every store of the panel (the action
/// log, the recent ids and their labels, the protected marks). It is read
/// once as kept: entries that do not read are dropped and counted, and the
/// first version's key is carried over. A change is made to what is kept
/// *now*, read again just before, so that another tab's change since is
/// kept too (two tabs never undo each other). When another tab writes the
/// key, the value follows at once (the `storage` event).
pub struct Stored<T: 'static> {
    value: RwSignal<T>,
    /// How many kept entries could not be read when the page loaded them
    /// (the page says so).
    pub dropped: usize,
}

impl<T> Clone for Stored<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Stored<T> {}

impl<T: Kept> Stored<T> {
    /// The value kept in this browser (followed once the session listens,
    /// `Session::sync`).
    pub fn load() -> Self {
        let kept = match T::V1 {
            Some(v1) => load_migrating(Store::Local, T::KEY, v1),
            None => load(Store::Local, T::KEY).map(|text| (text, false)),
        };
        let (value, dropped, rewrite) = match kept {
            Some((text, false)) => {
                let (value, dropped) = T::read(&text);
                (value, dropped, dropped > 0)
            }
            Some((text, true)) => (T::read_v1(&text), 0, true),
            None => (T::read("").0, 0, false),
        };
        if rewrite {
            // Kept again in this version's format, without what was dropped.
            save(Store::Local, T::KEY, Some(&value.write()));
        }
        Stored {
            value: RwSignal::new(value),
            dropped,
        }
    }

    /// Reads the value (tracked).
    pub fn with<R>(self, f: impl FnOnce(&T) -> R) -> R {
        self.value.with(f)
    }

    /// Reads the value (untracked).
    pub fn with_untracked<R>(self, f: impl FnOnce(&T) -> R) -> R {
        self.value.with_untracked(f)
    }

    /// Changes the value as kept now, keeps it, and shows it. (Without
    /// storage, in a private window say, this page's copy is changed.)
    pub fn update<R>(self, f: impl FnOnce(&mut T) -> R) -> R {
        // Storage that is missing or fails to read: this page's copy.
        let mut now = match storage(Store::Local).map(|s| s.get_item(T::KEY)) {
            Some(Ok(text)) => T::read(&text.unwrap_or_default()).0,
            _ => self.value.get_untracked(),
        };
        let out = f(&mut now);
        save(Store::Local, T::KEY, Some(&now.write()));
        self.value.set(now);
        out
    }

    /// Reads the value again from what is kept (another tab wrote it: the
    /// `storage` event).
    pub fn refresh(self) {
        let Some(Ok(text)) = storage(Store::Local).map(|s| s.get_item(T::KEY)) else {
            return;
        };
        let text = text.unwrap_or_default();
        if self.value.try_with_untracked(|v| v.write() != text) == Some(true) {
            self.value.set(T::read(&text).0);
        }
    }
}

/// The action log ([`ActionLog`]), kept in `localStorage` (it holds no token).
pub type Log = Stored<ActionLog>;

impl Kept for ActionLog {
    const KEY: &'static str = LOG;
    const V1: Option<&'static str> = Some(LOG_V1);
    fn read(text: &str) -> (Self, usize) {
        let log = ActionLog::parse(text);
        let dropped = log.dropped;
        (log, dropped)
    }
    fn write(&self) -> String {
        self.stored()
    }
    fn read_v1(text: &str) -> Self {
        ActionLog::parse_array(text)
    }
}

impl Log {
    pub fn record(self, entry: Entry) {
        self.update(|log| log.push(entry));
    }

    pub fn clear(self) {
        self.update(|log| log.entries.clear());
    }
}

/// The protected namespaces ([`crate::protect`]), kept in `localStorage`
/// apart from the recent ids, so that a mark outlives the id's place in
/// that short list.
pub type Protected = Stored<Marks>;

impl Kept for Marks {
    const KEY: &'static str = PROTECTED;
    fn read(text: &str) -> (Self, usize) {
        (Marks::parse(text), 0)
    }
    fn write(&self) -> String {
        self.to_text()
    }
}

impl Protected {
    /// Whether the namespace, in any spelling, is protected (tracked).
    pub fn has(self, id: &str) -> bool {
        self.with(|marks| marks.has(id))
    }
}

/// How many ids of each kind are kept.
const KEEP: usize = 8;

/// One remembered id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentId {
    /// `game` or `namespace`.
    pub kind: String,
    /// The id as it was used.
    pub id: String,
    /// The name the person gave it, or "".
    pub label: String,
}

// Read by hand (`crate::json::read_by_hand`): `kind` and `id` required, the
// label empty when missing.
crate::json::read_by_hand!(RecentId, "struct RecentId", |map| {
    const KEYS: [&str; 3] = ["kind", "id", "label"];
    let (mut seen, mut text) = (0u32, <[String; 3]>::default());
    while let Some(i) = crate::json::next_field(&mut map, &KEYS, &mut seen)? {
        text[i] = map.next_value()?;
    }
    if let Some(key) = crate::json::missing(&KEYS, seen, 2) {
        return Err(serde::de::Error::missing_field(key));
    }
    let [kind, id, label] = text;
    Ok(RecentId { kind, id, label })
});

impl crate::json::ToJson for RecentId {
    fn write_json(&self, out: &mut crate::json::Json) {
        out.begin_object()
            .key("kind")
            .str(&self.kind)
            .key("id")
            .str(&self.id)
            .key("label")
            .str(&self.label)
            .end_object();
    }
}

/// The first version's format, read once: `kind \t id \t label` lines.
fn parse_v1(text: &str) -> Vec<RecentId> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (kind, id) = (parts.next()?, parts.next()?);
            Some(RecentId {
                kind: kind.to_owned(),
                id: id.to_owned(),
                label: parts.next().unwrap_or_default().to_owned(),
            })
        })
        .collect()
}

/// The bound: the newest [`KEEP`] ids of each kind (the list is newest first).
fn keep_newest(list: &mut Vec<RecentId>) {
    for kind in ["game", "namespace"] {
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
    const KEY: &'static str = RECENT;
    const V1: Option<&'static str> = Some(RECENT_V1);
    /// An entry that does not read, or names a kind of id this panel does
    /// not have, is dropped and counted; ids are put in their one form, once
    /// each; a label that is no longer allowed is dropped; the bound of
    /// [`KEEP`] a kind holds.
    fn read(text: &str) -> (Self, usize) {
        let (list, dropped) = crate::json::from_lines::<RecentId>(text);
        let (ids, more) = RecentIds::kept(list);
        (ids, dropped + more)
    }
    fn write(&self) -> String {
        crate::json::to_lines(&self.0)
    }
    fn read_v1(text: &str) -> Self {
        RecentIds::kept(parse_v1(text)).0
    }
}

impl RecentIds {
    /// The entries that are ids of this panel's kinds, in their one form,
    /// within the bound; how many were not.
    fn kept(mut list: Vec<RecentId>) -> (RecentIds, usize) {
        let before = list.len();
        list.retain(|r| matches!(r.kind.as_str(), "game" | "namespace") && !r.id.trim().is_empty());
        let dropped = before - list.len();
        for r in &mut list {
            r.id = canonical_id(&r.id);
            // A label kept before labels were checked, that a hand-off
            // would not open with: the namespace goes by its id.
            if crate::validate::namespace_label_problem(&r.label).is_some() {
                r.label.clear();
            }
        }
        // Two spellings of one id, kept before ids had one form: the newest.
        let mut i = 0;
        while i < list.len() {
            let (kind, id) = (&list[i].kind, &list[i].id);
            if list[..i].iter().any(|r| r.kind == *kind && r.id == *id) {
                list.remove(i);
            } else {
                i += 1;
            }
        }
        keep_newest(&mut list);
        (RecentIds(list), dropped)
    }

    fn find(&self, kind: &str, id: &str) -> Option<usize> {
        let id = canonical_id(id);
        self.0.iter().position(|r| r.kind == kind && r.id == id)
    }
}

/// The recent ids, kept in step with `localStorage`.
pub type Recent = Stored<RecentIds>;

impl Recent {
    /// The namespaces kept, with their labels, newest first (tracked).
    pub fn namespaces(self) -> Vec<(String, String)> {
        self.with(|r| {
            r.0.iter()
                .filter(|e| e.kind == "namespace")
                .map(|e| (e.id.clone(), e.label.clone()))
                .collect()
        })
    }

    /// Moves a call's ids to the front (after it worked).
    pub fn record(self, game: &str, ns: &str) {
        self.update(|ids| {
            for (kind, id) in [("namespace", ns), ("game", game)] {
                let id = canonical_id(id);
                if id.is_empty() {
                    continue;
                }
                let label = ids
                    .find(kind, &id)
                    .map(|i| ids.0.remove(i).label)
                    .unwrap_or_default();
                ids.0.insert(
                    0,
                    RecentId {
                        kind: kind.to_owned(),
                        id,
                        label,
                    },
                );
            }
            keep_newest(&mut ids.0);
        });
    }

    /// The label given to an id, or "" (untracked).
    pub fn label_of(self, kind: &str, id: &str) -> String {
        self.with_untracked(|ids| {
            ids.find(kind, id)
                .map(|i| ids.0[i].label.clone())
                .unwrap_or_default()
        })
    }

    /// Names an id (a blank label removes the name), or says why the
    /// label cannot be kept ([`crate::validate::namespace_label_problem`]).
    pub fn relabel(self, kind: &str, id: &str, label: &str) -> Result<(), &'static str> {
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

    /// Forgets an id.
    pub fn forget(self, kind: &str, id: &str) {
        self.update(|ids| {
            if let Some(i) = ids.find(kind, id) {
                ids.0.remove(i);
            }
        });
    }
}
