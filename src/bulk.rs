//! One setting applied to several namespaces: which are waiting, running,
//! done or failed, a few at a time, waiting as the service asks after a 429,
//! a cancel that stops only what has not started, and a retry of the failed
//! ones only (what succeeded is never sent again).
//!
//! The queue of issue 9's bulk change, tested natively. Its panel UI (on the
//! CDN auth and domain auth pages) is not in the panel yet: it measured
//! +11 KB gzipped, past the panel's 225 KB cap.

use crate::api::ApiError;

/// The most calls running at once.
pub const CONCURRENCY: usize = 3;
/// How many times one namespace goes back in the queue after a 429.
const MAX_RATE_LIMITED: u8 = 3;

/// Where one namespace is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Waiting,
    Running,
    Done,
    /// The failure: its code (or kind) and ray id, as the log says them.
    Failed {
        reason: String,
        ray_id: String,
    },
    /// Cancelled before it started: nothing was sent.
    NotStarted,
}

/// One namespace in the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub namespace_id: String,
    pub label: String,
    pub step: Step,
    rate_limited: u8,
}

/// The whole change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub items: Vec<Item>,
}

impl Plan {
    /// Every namespace waiting, each once, in the order given.
    pub fn new(namespaces: impl IntoIterator<Item = (String, String)>) -> Plan {
        let mut items: Vec<Item> = Vec::new();
        for (namespace_id, label) in namespaces {
            if !items.iter().any(|i| i.namespace_id == namespace_id) {
                items.push(Item {
                    namespace_id,
                    label,
                    step: Step::Waiting,
                    rate_limited: 0,
                });
            }
        }
        Plan { items }
    }

    /// The next namespace to send, now running.
    pub fn start_next(&mut self) -> Option<usize> {
        let i = self.items.iter().position(|i| i.step == Step::Waiting)?;
        self.items[i].step = Step::Running;
        Some(i)
    }

    /// Records how item `i` ended. After a 429 the item waits again (up to a
    /// bound) and the delay the service asked for is returned: every worker
    /// waits it before starting another.
    pub fn finish(&mut self, i: usize, result: Result<(), &ApiError>) -> Option<u64> {
        let item = &mut self.items[i];
        match result {
            Ok(()) => item.step = Step::Done,
            Err(ApiError::Service(e))
                if e.status == 429 && item.rate_limited < MAX_RATE_LIMITED =>
            {
                item.rate_limited += 1;
                item.step = Step::Waiting;
                return Some(e.retry_after_ms.unwrap_or(1000));
            }
            Err(e) => {
                item.step = Step::Failed {
                    reason: match e {
                        ApiError::Service(s) => format!("{} {}", s.status, s.code),
                        other => other.kind().to_owned(),
                    },
                    ray_id: crate::action_log::Entry::ray_id_of(e),
                }
            }
        }
        None
    }

    /// Stops what has not started; running calls finish.
    pub fn cancel(&mut self) {
        for item in &mut self.items {
            if item.step == Step::Waiting {
                item.step = Step::NotStarted;
            }
        }
    }

    /// Queues the failed and the not-started again; what is done stays done.
    pub fn retry_unfinished(&mut self) {
        for item in &mut self.items {
            if matches!(item.step, Step::Failed { .. } | Step::NotStarted) {
                item.step = Step::Waiting;
                item.rate_limited = 0;
            }
        }
    }

    pub fn is_running(&self) -> bool {
        self.items
            .iter()
            .any(|i| matches!(i.step, Step::Waiting | Step::Running))
    }

    /// How many are done, failed and not started.
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |f: fn(&Step) -> bool| self.items.iter().filter(|i| f(&i.step)).count();
        (
            count(|s| *s == Step::Done),
            count(|s| matches!(s, Step::Failed { .. })),
            count(|s| *s == Step::NotStarted),
        )
    }

    /// What was and was not changed, in one sentence.
    pub fn summary(&self) -> String {
        let (done, failed, not_started) = self.counts();
        let mut parts = vec![format!("{done} changed")];
        if failed > 0 {
            parts.push(format!("{failed} failed"));
        }
        if not_started > 0 {
            parts.push(format!("{not_started} not started (nothing sent)"));
        }
        let running = self.items.len() - done - failed - not_started;
        if running > 0 {
            parts.push(format!("{running} to go"));
        }
        parts.join(", ") + "."
    }
}
