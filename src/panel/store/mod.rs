//! What the panel keeps in the browser: the keys, which storage each lives
//! in, and the one shape of every kept value ([`Stored`]). Ids, labels,
//! marks and the log go to `localStorage` (they hold no secret); the token
//! only to this tab's `sessionStorage`, and only when the person asks; the
//! presentation switch to the tab's `sessionStorage` too.

mod budgets;
mod log;
mod marks;
mod recent;
mod stored;
mod token;

pub use budgets::KeptBudgets;
pub use log::{Log, Written};
pub use marks::Protected;
pub use recent::{Recent, RecentId};
pub use stored::{Kept, Stored, Unsaved};
pub use token::KeptToken;

/// Recently used ids with their labels ([`Recent`]), one JSON object per
/// line. Keys carry the version of what they hold: a new format, or rules
/// that tightened, get a new key, and an earlier build's tab, left open
/// across a deploy, writes where this one does not read (the earlier key is
/// read once, [`Kept::EARLIER`]). Version 3: only UUIDs are kept, a label
/// is checked, and a log entry keeps the hostname apart.
pub const RECENT: &str = "gamecloud.v3.recent";
/// The action log ([`Log`]), one entry per line.
pub const LOG: &str = "gamecloud.v3.log";
/// The protected namespaces' ids ([`Protected`]), one a line.
pub const PROTECTED: &str = "gamecloud.v3.protected";
/// Each game's size budget ([`KeptBudgets`]), one game a line.
pub const BUDGETS: &str = "gamecloud.v1.budgets";
/// The token, when "Remember in this tab" is ticked (no rule of it changed
/// since version 2).
pub const TOKEN: &str = "gamecloud.v2.token";
/// Presentation mode's switch (`crate::panel::present::Switch`), "1" while
/// on, in the tab's `sessionStorage`.
pub const PRESENTING: &str = "gamecloud.v2.presenting";
/// The second version's keys, read once.
const RECENT_V2: &str = "gamecloud.v2.recent";
const LOG_V2: &str = "gamecloud.v2.log";
const PROTECTED_V2: &str = "gamecloud.v2.protected";
/// The first version's keys: the recent ids as tab-separated lines, the log
/// as one JSON array, the token as it is.
const RECENT_V1: &str = "gamecloud.recent";
const LOG_V1: &str = "gamecloud.log";
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
    /// Nowhere: this page's memory only ([`Stored::in_memory`]).
    #[cfg_attr(not(feature = "elements"), allow(dead_code))] // only the elements' pages
    Memory,
}

fn storage(store: Store) -> Option<web_sys::Storage> {
    let w = web_sys::window()?;
    match store {
        Store::Local => w.local_storage(),
        Store::Session => w.session_storage(),
        Store::Memory => return None,
    }
    .ok()
    .flatten()
}

/// The text kept under `key`, if any (and if the browser lets the page keep
/// anything).
fn load(store: Store, key: &str) -> Option<String> {
    storage(store)?.get_item(key).ok().flatten()
}

/// Keeps `value` under `key`, or forgets it (`None`); whether the browser
/// took it. One that refuses (a full quota, private mode) leaves the page
/// working with its own copy, and the page says so ([`Stored::unsaved`]).
fn save(store: Store, key: &str, value: Option<&str>) -> bool {
    if let Store::Memory = store {
        return true; // kept where it is, by design
    }
    storage(store).is_some_and(|s| {
        match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        }
        .is_ok()
    })
}
