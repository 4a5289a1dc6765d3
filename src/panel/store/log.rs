//! The action log's store.

use super::{Kept, Recent, Stored, Unsaved, LOG, LOG_V1, LOG_V2};
use crate::action_log::{ActionLog, Entry};
use crate::ids::{GameId, NamespaceId};

/// The action log ([`ActionLog`]), kept in `localStorage` (it holds no token).
pub type Log = Stored<ActionLog>;

impl Kept for ActionLog {
    type Value = ActionLog;
    const KEY: &'static str = LOG;
    const EARLIER: &'static [&'static str] = &[LOG_V2, LOG_V1];
    fn read(text: &str) -> (Self, usize) {
        let log = ActionLog::parse(text);
        let dropped = log.dropped;
        (log, dropped)
    }
    fn write(value: &ActionLog) -> String {
        value.stored()
    }
    const UNSAVED: Unsaved = Unsaved::Lines { added_first: false };
    fn read_earlier(key: &str, text: &str) -> Self {
        if key == LOG_V1 {
            ActionLog::parse_array(text)
        } else {
            ActionLog::parse(text)
        }
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
    /// now, with the label `recent` knows the namespace by. An id that is
    /// not a UUID is kept as "" (the request line still shows what was sent).
    pub fn write(self, recent: Recent, game: &GameId, namespace: &NamespaceId, what: Written) {
        let uuid = |id: String, is_uuid: bool| if is_uuid { id } else { String::new() };
        let entry = Entry {
            at_ms: js_sys::Date::now() as i64,
            operation: what.operation.to_owned(),
            game_id: uuid(game.to_string(), game.is_uuid()),
            namespace_id: uuid(namespace.to_string(), namespace.is_uuid()),
            namespace_label: recent.label(namespace),
            value: what.value,
            hostname: what.hostname,
            outcome: what.outcome,
            ray_id: what.ray_id,
            request: what.request,
        };
        // Counted over this tab's writes (each reads the log again).
        let before = self.with_untracked(|log| log.let_go);
        self.update(|log| log.let_go = before + log.push(entry));
    }

    pub fn clear(self) {
        self.update(|log| log.entries.clear());
    }
}
