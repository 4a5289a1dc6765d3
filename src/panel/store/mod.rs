//! What the panel keeps in the browser: the keys, which storage each lives
//! in, and the one shape of every kept value ([`Stored`]). Ids, labels,
//! marks and the log go to `localStorage` (they hold no secret); the token
//! only to this tab's `sessionStorage`, and only when the person asks; the
//! presentation switch to the tab's `sessionStorage` too.

mod log;
mod marks;
mod recent;
mod stored;
mod token;

pub use log::{Log, Written};
pub use marks::Protected;
pub use recent::Recent;
pub use stored::{Kept, Stored};
pub use token::KeptToken;

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
/// Presentation mode's switch (`crate::panel::present::Switch`), "1" while
/// on, in the tab's `sessionStorage`.
pub const PRESENTING: &str = "gamecloud.v2.presenting";
/// The first version's keys: the recent ids as tab-separated lines, the log
/// as one JSON array, the token as it is.
const RECENT_V1: &str = "gamecloud.recent";
const LOG_V1: &str = "gamecloud.log";
/// The first version's token key, read once.
const TOKEN_V1: &str = "gamecloud.token";

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
fn load(store: Store, key: &str) -> Option<String> {
    storage(store)?.get_item(key).ok().flatten()
}

/// The text kept under `key`, or else under the older `v1` key, which is
/// then removed (what it held is kept again under `key` by the caller). An
/// empty `key` does not hide `v1`: an older build in the same tab or origin
/// may have written it since (the tab's token, say), and it is carried over
/// rather than left behind for good.
fn load_migrating(store: Store, key: &str, v1: &str) -> Option<(String, bool)> {
    if let Some(text) = load(store, key).filter(|t| !t.is_empty()) {
        return Some((text, false));
    }
    let old = load(store, v1)?;
    save(store, v1, None);
    Some((old, true))
}

/// Keeps `value` under `key`, or forgets it (`None`). A browser that refuses
/// (private mode, a full quota) leaves the page working without it.
fn save(store: Store, key: &str, value: Option<&str>) {
    if let Some(s) = storage(store) {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}
