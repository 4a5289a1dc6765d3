//! What the panel keeps in the browser, and the one way it is kept: the
//! keys, which storage each lives in, and the action log's store. Ids, labels
//! and the log go to `localStorage` (they hold no secret); the token only to
//! this tab's `sessionStorage`, and only when the person asks.

use leptos::prelude::*;

use crate::action_log::{ActionLog, Entry};

/// Recently used ids with their labels ([`Recent`]).
pub const RECENT: &str = "gamecloud.recent";
/// The action log.
pub const LOG: &str = "gamecloud.log";
/// The token, when "Remember in this tab" is ticked.
pub const TOKEN: &str = "gamecloud.token";

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
    pub fn load() -> Self {
        let stored = load(Store::Local, LOG)
            .map(|text| ActionLog::parse(&text))
            .unwrap_or_default();
        Log(RwSignal::new(stored))
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

/// How many ids of each kind are kept.
const KEEP: usize = 8;

/// One remembered id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentId {
    /// `game` or `namespace`.
    pub kind: String,
    pub id: String,
    pub label: String,
}

// Stored as one line per id, `kind \t id \t label` (tabs and newlines in a
// label become spaces): plain text needs no JSON code in the panel for this.
fn parse(text: &str) -> Vec<RecentId> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (kind, id) = (parts.next()?, parts.next()?);
            matches!(kind, "game" | "namespace").then(|| RecentId {
                kind: kind.to_owned(),
                id: id.to_owned(),
                label: parts.next().unwrap_or_default().to_owned(),
            })
        })
        .collect()
}

fn format(list: &[RecentId]) -> String {
    let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    list.iter()
        .map(|r| format!("{}\t{}\t{}\n", r.kind, clean(&r.id), clean(&r.label)))
        .collect()
}

/// The list, newest first, kept in step with `localStorage`.
#[derive(Clone, Copy)]
pub struct Recent(pub RwSignal<Vec<RecentId>>);

impl Recent {
    pub fn load() -> Self {
        let stored = load(Store::Local, RECENT)
            .map(|text| parse(&text))
            .unwrap_or_default();
        Recent(RwSignal::new(stored))
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
            for kind in ["game", "namespace"] {
                let mut seen = 0;
                list.retain(|r| {
                    r.kind != kind || {
                        seen += 1;
                        seen <= KEEP
                    }
                });
            }
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
        let text = format(&self.0.get_untracked());
        save(Store::Local, RECENT, Some(&text));
    }
}
