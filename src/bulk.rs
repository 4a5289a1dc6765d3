//! One setting applied to several namespaces: which namespaces are chosen,
//! and where each one is (waiting, running, done or failed), a few at a
//! time, waiting as the service asks after a 429 (the longest pause wins),
//! a cancel after which nothing is sent, and a retry of what did not succeed
//! (what succeeded is never sent again). Sans I/O: the plan is given the time
//! and says what to send and how long to wait, so every rule is a native
//! test; the page's workers only sleep and call.

use crate::api::ApiError;
use crate::ids::NamespaceId;
use crate::protect::Marks;
use crate::text::Text;

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
    typed: Vec<NamespaceId>,
    on: Vec<NamespaceId>,
    off: Vec<NamespaceId>,
}

impl Picks {
    /// The namespaces to offer, `(id, label)`: the selected one first, then
    /// the known ones with their labels, then the typed ones; each once,
    /// blanks left out.
    pub fn offered(
        &self,
        selected: &NamespaceId,
        known: impl IntoIterator<Item = (NamespaceId, String)>,
    ) -> Vec<(NamespaceId, String)> {
        let mut list: Vec<(NamespaceId, String)> = Vec::new();
        let typed = self.typed.iter().map(|id| (id.clone(), String::new()));
        let selected = (selected.clone(), String::new());
        for (id, label) in std::iter::once(selected).chain(known).chain(typed) {
            match list.iter_mut().find(|(i, _)| *i == id) {
                Some((_, l)) if l.is_empty() => *l = label,
                Some(_) => {}
                None if id.is_empty() => {}
                None => list.push((id, label)),
            }
        }
        list
    }

    /// Whether `id` is chosen: the selected namespace is, until unticked,
    /// unless it is protected; any other only when ticked.
    pub fn is_chosen(&self, id: &NamespaceId, selected: &NamespaceId, protected: &Marks) -> bool {
        self.on.contains(id) || (id == selected && !self.off.contains(id) && !protected.has(id))
    }

    /// Ticks or unticks `id`.
    pub fn set(&mut self, id: &NamespaceId, chosen: bool) {
        self.on.retain(|x| x != id);
        self.off.retain(|x| x != id);
        if chosen { &mut self.on } else { &mut self.off }.push(id.clone());
    }

    /// Adds a namespace typed by hand, ticked.
    pub fn add(&mut self, id: &NamespaceId) {
        if !self.typed.contains(id) {
            self.typed.push(id.clone());
        }
        self.set(id, true);
    }

    /// The chosen ones among the offered, in their order.
    pub fn chosen(
        &self,
        offered: Vec<(NamespaceId, String)>,
        selected: &NamespaceId,
        protected: &Marks,
    ) -> Vec<(NamespaceId, String)> {
        offered
            .into_iter()
            .filter(|(id, _)| self.is_chosen(id, selected, protected))
            .collect()
    }
}

/// What the plan reads of a failed call: whether the service asked for a
/// pause (a 429), and how long. The panel's calls fail with an
/// [`ApiError`]; the JS module's bulk entry's with what its calls threw.
pub trait Failure {
    /// `Some` for a 429, with the pause it asked for (if any); `None` for
    /// any other failure.
    fn rate_limited(&self) -> Option<Option<u64>>;
}

impl Failure for ApiError {
    fn rate_limited(&self) -> Option<Option<u64>> {
        match self {
            ApiError::Service(e) if e.status == 429 => Some(e.retry_after_ms),
            _ => None,
        }
    }
}

/// Where one namespace is.
#[derive(Debug, Clone)]
pub enum Step<E = ApiError> {
    /// Not sent yet.
    Waiting,
    /// Sent, no answer yet.
    Running,
    /// Changed.
    Done,
    /// Refused or failed, with what went wrong.
    Failed(E),
    /// Cancelled before it started: nothing was sent.
    NotStarted,
}

impl<E> Step<E> {
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
pub struct Item<E = ApiError> {
    /// The namespace's id.
    pub namespace_id: NamespaceId,
    /// The label this panel knows it by (may be empty).
    pub label: String,
    /// Where it is.
    pub step: Step<E>,
    rate_limited: u8,
}

impl<E> Item<E> {
    /// "label (id)", or the id alone.
    pub fn name(&self) -> String {
        name(self.namespace_id.as_str(), &self.label)
    }
}

/// "label (id)", or the id alone.
pub fn name(id: &str, label: &str) -> String {
    let (open, close) = name_around(label);
    format!("{open}{id}{close}")
}

/// [`name`] as a text whose id is masked in presentation mode.
pub fn masked_name(id: &str, label: &str) -> Text {
    let (open, close) = name_around(label);
    Text::default().plain(&open).secret(id).plain(close)
}

/// What [`name`] writes before and after the id: "label (" and ")", or
/// nothing without a label.
pub fn name_around(label: &str) -> (String, &'static str) {
    if label.is_empty() {
        (String::new(), "")
    } else {
        (format!("{label} ("), ")")
    }
}

/// A call the plan asked for: its run and its namespace. Its result goes
/// back to [`Plan::finish`], which ignores one from another run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    run: u32,
    index: usize,
}

/// What a worker does next ([`Plan::next`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Send the change to this namespace, then [`Plan::finish`] the ticket.
    Send(Ticket, NamespaceId),
    /// Ask again after this many milliseconds: the service asked for a pause.
    Wait(u64),
    /// Nothing for this worker: its run is over or replaced, or enough calls
    /// are running already.
    Stop,
}

/// The whole change, sans I/O: it decides what to send and when to wait,
/// from the time it is given; workers only sleep and call. Runs are
/// numbered, a run starts only when nothing is in flight, and at most
/// [`CONCURRENCY`] calls are in flight whatever the workers do. `E` is how
/// a call fails ([`Failure`]).
#[derive(Debug, Clone)]
pub struct Plan<E = ApiError> {
    /// Every namespace of the change, in the order chosen.
    pub items: Vec<Item<E>>,
    /// The current run; a worker of another run stops.
    run: u32,
    /// Calls sent and not yet finished, whichever run sent them.
    in_flight: usize,
    /// No call starts before this (epoch milliseconds): the longest pause
    /// the service asked for.
    resume_at_ms: u64,
    /// Cancelled: nothing more is sent in this run, not even after a 429.
    cancelled: bool,
}

impl<E> Default for Plan<E> {
    /// No namespace, no run.
    fn default() -> Self {
        Plan {
            items: Vec::new(),
            run: 0,
            in_flight: 0,
            resume_at_ms: 0,
            cancelled: false,
        }
    }
}

impl<E: Failure> Plan<E> {
    /// Every namespace waiting, each once, in the order given (run 1).
    pub fn new(namespaces: impl IntoIterator<Item = (NamespaceId, String)>) -> Plan<E> {
        let mut plan = Plan::default();
        plan.restart(namespaces);
        plan
    }

    /// A new run over these namespaces; `None` (and nothing changes) while
    /// the current one is going: starting twice is starting once.
    pub fn restart(
        &mut self,
        namespaces: impl IntoIterator<Item = (NamespaceId, String)>,
    ) -> Option<u32> {
        if self.is_running() {
            return None;
        }
        let mut items: Vec<Item<E>> = Vec::new();
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
        self.items = items;
        Some(self.new_run())
    }

    fn new_run(&mut self) -> u32 {
        self.cancelled = false;
        self.run += 1;
        self.run
    }

    /// What a worker of `run` does at `now_ms`.
    pub fn next(&mut self, run: u32, now_ms: u64) -> Next {
        if run != self.run || self.cancelled || self.in_flight >= CONCURRENCY {
            return Next::Stop;
        }
        let Some(index) = self
            .items
            .iter()
            .position(|i| matches!(i.step, Step::Waiting))
        else {
            return Next::Stop;
        };
        if now_ms < self.resume_at_ms {
            return Next::Wait(self.resume_at_ms - now_ms);
        }
        self.items[index].step = Step::Running;
        self.in_flight += 1;
        Next::Send(
            Ticket { run, index },
            self.items[index].namespace_id.clone(),
        )
    }

    /// Records how a call ended, at `now_ms`. After a 429 the namespace
    /// waits again (up to a bound, and only for a pause up to
    /// [`MAX_PAUSE_MS`], unless the run was cancelled) and no call starts
    /// before the longest pause asked for has passed.
    pub fn finish(&mut self, ticket: Ticket, result: Result<(), E>, now_ms: u64) {
        self.in_flight = self.in_flight.saturating_sub(1);
        if ticket.run != self.run {
            return;
        }
        let Some(item) = self.items.get_mut(ticket.index) else {
            return;
        };
        item.step = match result {
            Ok(()) => Step::Done,
            Err(e) => match e.rate_limited() {
                Some(pause)
                    if !self.cancelled
                        && item.rate_limited < MAX_RATE_LIMITED
                        && pause.unwrap_or(0) <= MAX_PAUSE_MS =>
                {
                    item.rate_limited += 1;
                    let until = now_ms + pause.unwrap_or(1000);
                    self.resume_at_ms = self.resume_at_ms.max(until);
                    Step::Waiting
                }
                _ => Step::Failed(e),
            },
        };
    }

    /// Stops the run: what has not started never will; running calls finish.
    pub fn cancel(&mut self) {
        self.cancelled = true;
        for item in &mut self.items {
            if matches!(item.step, Step::Waiting) {
                item.step = Step::NotStarted;
            }
        }
    }

    /// A new run of the failed and the not-started (what is done stays
    /// done); `None` while a call is in flight.
    pub fn retry_unfinished(&mut self) -> Option<u32> {
        if !self.can_retry() {
            return None;
        }
        for item in &mut self.items {
            if matches!(item.step, Step::Failed(_) | Step::NotStarted) {
                item.step = Step::Waiting;
                item.rate_limited = 0;
            }
        }
        Some(self.new_run())
    }

    /// The namespaces a retry sends to: the failed and the not started.
    pub fn unfinished(&self) -> Vec<NamespaceId> {
        self.items
            .iter()
            .filter(|i| matches!(i.step, Step::Failed(_) | Step::NotStarted))
            .map(|i| i.namespace_id.clone())
            .collect()
    }

    /// Whether the run is going: a namespace waits or a call is in flight.
    pub fn is_running(&self) -> bool {
        self.in_flight > 0
            || self
                .items
                .iter()
                .any(|i| matches!(i.step, Step::Waiting | Step::Running))
    }

    /// Calls sent and not yet finished.
    pub fn in_flight(&self) -> usize {
        self.in_flight
    }

    /// Whether something failed or was not sent, once nothing runs.
    pub fn can_retry(&self) -> bool {
        let (done, _, _) = self.counts();
        !self.is_running() && done < self.items.len()
    }

    /// How many are done, failed and not started.
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |f: fn(&Step<E>) -> bool| self.items.iter().filter(|i| f(&i.step)).count();
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
