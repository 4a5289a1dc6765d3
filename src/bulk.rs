//! One setting applied to several namespaces: which namespaces are chosen,
//! and where each one is (waiting, running, done or failed), a few at a
//! time, waiting as the service asks after a 429, a cancel that stops only
//! what has not started, and a retry of what did not succeed (what succeeded
//! is never sent again).

use crate::api::ApiError;

/// The most calls running at once.
pub const CONCURRENCY: usize = 3;
/// How many times one namespace goes back in the queue after a 429.
const MAX_RATE_LIMITED: u8 = 3;
/// The longest pause after a 429 that the queue waits out; a service that
/// asks for more (or a broken `Retry-After`) fails the namespace instead of
/// leaving it waiting for hours.
pub const MAX_PAUSE_MS: u64 = 60_000;

/// The namespaces chosen: the selected one unless unticked, those ticked,
/// and those typed in by hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picks {
    typed: Vec<String>,
    on: Vec<String>,
    off: Vec<String>,
}

impl Picks {
    /// The namespaces to offer, `(id, label)`: the selected one first, then
    /// the known ones with their labels, then the typed ones; each once (ids
    /// are compared without case), blanks left out.
    pub fn offered(
        &self,
        selected: &str,
        known: impl IntoIterator<Item = (String, String)>,
    ) -> Vec<(String, String)> {
        let mut list: Vec<(String, String)> = Vec::new();
        let typed = self.typed.iter().map(|id| (id.clone(), String::new()));
        let selected = (selected.trim().to_owned(), String::new());
        for (id, label) in std::iter::once(selected).chain(known).chain(typed) {
            match list.iter_mut().find(|(i, _)| i.eq_ignore_ascii_case(&id)) {
                Some((_, l)) if l.is_empty() => *l = label,
                Some(_) => {}
                None if id.is_empty() => {}
                None => list.push((id, label)),
            }
        }
        list
    }

    /// Whether `id` is chosen: the selected namespace is, until unticked.
    pub fn is_chosen(&self, id: &str, selected: &str) -> bool {
        let has = |l: &[String]| l.iter().any(|x| x.eq_ignore_ascii_case(id));
        has(&self.on) || (id.eq_ignore_ascii_case(selected.trim()) && !has(&self.off))
    }

    /// Ticks or unticks `id`.
    pub fn set(&mut self, id: &str, chosen: bool) {
        self.on.retain(|x| !x.eq_ignore_ascii_case(id));
        self.off.retain(|x| !x.eq_ignore_ascii_case(id));
        if chosen { &mut self.on } else { &mut self.off }.push(id.to_owned());
    }

    /// Adds a namespace typed by hand, ticked.
    pub fn add(&mut self, id: &str) {
        let id = id.trim();
        if !self.typed.iter().any(|x| x.eq_ignore_ascii_case(id)) {
            self.typed.push(id.to_owned());
        }
        self.set(id, true);
    }

    /// The chosen ones among the offered, in their order.
    pub fn chosen(&self, offered: Vec<(String, String)>, selected: &str) -> Vec<(String, String)> {
        offered
            .into_iter()
            .filter(|(id, _)| self.is_chosen(id, selected))
            .collect()
    }
}

/// Where one namespace is.
#[derive(Debug, Clone)]
pub enum Step {
    Waiting,
    Running,
    Done,
    Failed(ApiError),
    /// Cancelled before it started: nothing was sent.
    NotStarted,
}

impl Step {
    /// The step in a few words (a failure is shown in full instead).
    pub fn text(&self) -> &'static str {
        match self {
            Step::Waiting => "Waiting",
            Step::Running => "Sending…",
            Step::Done => "Done",
            Step::Failed(_) => "Failed",
            Step::NotStarted => "Not sent: cancelled",
        }
    }
}

/// One namespace in the change.
#[derive(Debug, Clone)]
pub struct Item {
    pub namespace_id: String,
    pub label: String,
    pub step: Step,
    rate_limited: u8,
}

impl Item {
    /// "label (id)", or the id alone.
    pub fn name(&self) -> String {
        name(&self.namespace_id, &self.label)
    }
}

/// "label (id)", or the id alone.
pub fn name(id: &str, label: &str) -> String {
    if label.is_empty() {
        id.to_owned()
    } else {
        format!("{label} ({id})")
    }
}

/// The whole change.
#[derive(Debug, Clone, Default)]
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
        let i = self
            .items
            .iter()
            .position(|i| matches!(i.step, Step::Waiting))?;
        self.items[i].step = Step::Running;
        Some(i)
    }

    /// Records how item `i` ended. After a 429 the item waits again (up to a
    /// bound, and only for a delay up to [`MAX_PAUSE_MS`]) and the delay the
    /// service asked for is returned: every worker waits it before starting
    /// another.
    pub fn finish(&mut self, i: usize, result: Result<(), ApiError>) -> Option<u64> {
        let item = &mut self.items[i];
        item.step = match result {
            Ok(()) => Step::Done,
            Err(ApiError::Service(e))
                if e.status == 429
                    && item.rate_limited < MAX_RATE_LIMITED
                    && e.retry_after_ms.unwrap_or(0) <= MAX_PAUSE_MS =>
            {
                item.rate_limited += 1;
                item.step = Step::Waiting;
                return Some(e.retry_after_ms.unwrap_or(1000));
            }
            Err(e) => Step::Failed(e),
        };
        None
    }

    /// Stops what has not started; running calls finish.
    pub fn cancel(&mut self) {
        for item in &mut self.items {
            if matches!(item.step, Step::Waiting) {
                item.step = Step::NotStarted;
            }
        }
    }

    /// Queues the failed and the not-started again; what is done stays done.
    pub fn retry_unfinished(&mut self) {
        for item in &mut self.items {
            if matches!(item.step, Step::Failed(_) | Step::NotStarted) {
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

    /// Whether something failed or was not sent, once nothing runs.
    pub fn can_retry(&self) -> bool {
        let (done, _, _) = self.counts();
        !self.is_running() && done < self.items.len()
    }

    /// How many are done, failed and not started.
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |f: fn(&Step) -> bool| self.items.iter().filter(|i| f(&i.step)).count();
        (
            count(|s| matches!(s, Step::Done)),
            count(|s| matches!(s, Step::Failed(_))),
            count(|s| matches!(s, Step::NotStarted)),
        )
    }

    /// What was and was not changed, in one sentence.
    pub fn summary(&self) -> String {
        let (done, failed, not_started) = self.counts();
        let mut text = format!("{done} of {} changed", self.items.len());
        if failed > 0 {
            text += &format!(", {failed} failed");
        }
        if not_started > 0 {
            text += &format!(", {not_started} not sent (cancelled)");
        }
        let running = self.items.len() - done - failed - not_started;
        if running > 0 {
            text += &format!(", {running} to go");
        }
        text + "."
    }
}
