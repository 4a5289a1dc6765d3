//! The action log's store.

use super::{Kept, Stored, LOG, LOG_V1};
use crate::action_log::{ActionLog, Entry};

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

impl Log {
    pub fn record(self, entry: Entry) {
        self.update(|log| log.push(entry));
    }

    pub fn clear(self) {
        self.update(|log| log.entries.clear());
    }
}
