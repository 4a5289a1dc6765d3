//! The action log's store.

use super::{Kept, Recent, Stored, LOG, LOG_V1};
use crate::action_log::{ActionLog, Entry};
use crate::ids::{GameId, NamespaceId};

/// The action log ([`ActionLog`]), kept in `localStorage` (it holds no token).
pub type Log = Stored<ActionLog>;

impl Kept for ActionLog {
    type Value = ActionLog;
    const KEY: &'static str = LOG;
    const V1: Option<&'static str> = Some(LOG_V1);
    fn read(text: &str) -> (Self, usize) {
        let log = ActionLog::parse(text);
        let dropped = log.dropped;
        (log, dropped)
    }
    fn write(value: &ActionLog) -> String {
        value.stored()
    }
    fn read_v1(text: &str) -> Self {
        ActionLog::parse_array(text)
    }
}

/// What an entry says beside when and where, which [`Log::write`] adds.
pub struct Written {
    /// `set-cdn-auth`, `mark-protected`, …
    pub operation: &'static str,
    pub value: String,
    /// A development token's hostname, or "".
    pub hostname: String,
    pub outcome: String,
    pub ray_id: String,
    /// The request sent, or "" for a change made in this browser only.
    pub request: String,
}

impl Log {
    /// The one writer of the log: an entry for `namespace` of `game`, made
    /// now, with the label `recent` knows the namespace by.
    pub fn write(self, recent: Recent, game: &GameId, namespace: &NamespaceId, what: Written) {
        let entry = Entry {
            at_ms: js_sys::Date::now() as i64,
            operation: what.operation.to_owned(),
            game_id: game.to_string(),
            namespace_id: namespace.to_string(),
            namespace_label: recent.label(namespace),
            value: what.value,
            hostname: what.hostname,
            outcome: what.outcome,
            ray_id: what.ray_id,
            request: what.request,
        };
        self.update(|log| log.push(entry));
    }

    pub fn clear(self) {
        self.update(|log| log.entries.clear());
    }
}
