//! What the panel keeps in the browser, and the one way it is kept: the
//! keys, which storage each lives in, and the action log's store. Ids, labels
//! and the log go to `localStorage` (they hold no secret); the token only to
//! this tab's `sessionStorage`, and only when the person asks.

use leptos::prelude::*;

use crate::action_log::{ActionLog, Entry};

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

/// The action log, kept in `localStorage` (it holds no token).
#[derive(Clone, Copy)]
pub struct Log(pub RwSignal<ActionLog>);

impl Log {
    /// The log kept in this browser (entries that do not read are dropped
    /// and counted in [`ActionLog::dropped`]).
    pub fn load() -> Self {
        let (read, migrated) = match load_migrating(Store::Local, LOG, LOG_V1) {
            Some((text, false)) => (ActionLog::parse(&text), false),
            Some((text, true)) => (ActionLog::parse_array(&text), true),
            None => (ActionLog::default(), false),
        };
        let rewrite = migrated || read.dropped > 0;
        let log = Log(RwSignal::new(read));
        if rewrite {
            // Kept again in this version's format, without what was dropped.
            log.save();
        }
        log
    }

    pub fn record(self, entry: Entry) {
        self.0.update(|log| log.push(entry));
        self.save();
    }

    pub fn clear(self) {
        self.0.set(ActionLog::default());
        self.save();
    }

    fn save(self) {
        save(
            Store::Local,
            LOG,
            Some(&self.0.with_untracked(ActionLog::stored)),
        );
    }
}

/// The protected namespaces ([`crate::protect`]), kept in `localStorage`
/// apart from the recent ids, so that a mark outlives the id's place in
/// that short list. Held as the kept text (one id a line): a signal of a
/// type the panel already has costs no code of its own.
#[derive(Clone, Copy)]
pub struct Protected(pub RwSignal<String>);

impl Protected {
    pub fn load() -> Self {
        // Read as kept: `is_marked` reads any text, and `set` keeps it clean.
        Protected(RwSignal::new(
            load(Store::Local, PROTECTED).unwrap_or_default(),
        ))
    }

    /// Whether the namespace is protected (tracked).
    pub fn has(self, id: &str) -> bool {
        self.0.with(|text| crate::protect::is_marked(text, id))
    }

    /// Marks or unmarks a namespace and keeps the list; whether it changed.
    /// Starts from what is kept, not from this tab's copy, so that a mark
    /// made in another tab since is kept too.
    pub fn set(self, id: &str, on: bool) -> bool {
        self.refresh();
        let mut ids = self.0.with_untracked(|text| crate::protect::parse(text));
        let changed = crate::protect::mark(&mut ids, id, on);
        if changed {
            let text = ids.join("\n");
            save(Store::Local, PROTECTED, Some(&text));
            self.0.set(text);
        }
        changed
    }

    /// Reads the marks again from `localStorage` (another tab changed them).
    pub fn refresh(self) {
        let kept = load(Store::Local, PROTECTED).unwrap_or_default();
        if self.0.with_untracked(|text| *text != kept) {
            self.0.set(kept);
        }
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

/// The list, newest first, kept in step with `localStorage`, and how many
/// stored entries could not be read when it was loaded.
#[derive(Clone, Copy)]
pub struct Recent(pub RwSignal<Vec<RecentId>>, pub usize);

impl Recent {
    /// The ids kept in this browser: an entry that does not read, or names
    /// a kind of id this panel does not have, is dropped and counted; the
    /// bound of [`KEEP`] a kind holds.
    pub fn load() -> Self {
        let ((mut list, mut dropped), migrated) =
            match load_migrating(Store::Local, RECENT, RECENT_V1) {
                Some((text, false)) => (crate::json::from_lines::<RecentId>(&text), false),
                Some((text, true)) => ((parse_v1(&text), 0), true),
                None => ((Vec::new(), 0), false),
            };
        let before = list.len();
        list.retain(|r| matches!(r.kind.as_str(), "game" | "namespace") && !r.id.is_empty());
        dropped += before - list.len();
        keep_newest(&mut list);
        let recent = Recent(RwSignal::new(list), dropped);
        if migrated || dropped > 0 {
            recent.save();
        }
        recent
    }

    /// The namespaces kept, with their labels, newest first (tracked).
    pub fn namespaces(self) -> Vec<(String, String)> {
        self.0.with(|r| {
            r.iter()
                .filter(|e| e.kind == "namespace")
                .map(|e| (e.id.clone(), e.label.clone()))
                .collect()
        })
    }

    /// Moves a call's ids to the front (after it worked).
    pub fn record(self, game: &str, ns: &str) {
        self.0.update(|list| {
            for (kind, id) in [("namespace", ns.to_owned()), ("game", game.to_owned())] {
                if id.is_empty() {
                    continue;
                }
                let label = list
                    .iter()
                    .position(|r| r.kind == kind && r.id == id)
                    .map(|i| list.remove(i).label)
                    .unwrap_or_default();
                list.insert(
                    0,
                    RecentId {
                        kind: kind.to_owned(),
                        id,
                        label,
                    },
                );
            }
            keep_newest(list);
        });
        self.save();
    }

    /// The label given to an id, or "" (untracked).
    pub fn label_of(self, kind: &str, id: &str) -> String {
        self.0.with_untracked(|list| {
            list.iter()
                .find(|r| r.kind == kind && r.id.eq_ignore_ascii_case(id))
                .map(|r| r.label.clone())
                .unwrap_or_default()
        })
    }

    /// Names an id (a blank label removes the name).
    pub fn relabel(self, kind: &str, id: &str, label: &str) {
        self.0.update(|l| {
            if let Some(e) = l.iter_mut().find(|e| e.kind == kind && e.id == id) {
                e.label = label.trim().to_owned();
            }
        });
        self.save();
    }

    /// Forgets an id.
    pub fn forget(self, kind: &str, id: &str) {
        self.0
            .update(|l| l.retain(|e| !(e.kind == kind && e.id == id)));
        self.save();
    }

    fn save(self) {
        let text = self.0.with_untracked(|list| crate::json::to_lines(list));
        save(Store::Local, RECENT, Some(&text));
    }
}
