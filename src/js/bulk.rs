//! One setting applied to several namespaces, for JavaScript (feature
//! `js-bulk`: the package's `@gamecloud/client/bulk`, a wasm of its own).
//! The panel's own plan ([`crate::bulk::Plan`]: a few calls at a time, the
//! longest pause a 429 asks for, a cancel after which nothing is sent, a
//! retry of what did not succeed) and its rule for protected namespaces
//! ([`crate::protect::confirms`]). Sans I/O as the panel's: `js/bulk-api.js`
//! makes the calls through the caller's `GameCloudClient` and tells the plan
//! how each ended.

use wasm_bindgen::prelude::*;

use crate::bulk::{Failure, Next, Plan, Step, Ticket, CONCURRENCY};
use crate::ids::NamespaceId;
use crate::json::Json;

/// How a call failed, as the plan reads it: its HTTP status (0 for none)
/// and the pause a 429 asked for. The caller gets the call's own
/// `GameCloudError`, which the wrapper keeps.
#[derive(Debug, Clone, Copy)]
pub struct Thrown {
    status: u16,
    retry_after_ms: Option<u64>,
}

impl Failure for Thrown {
    fn rate_limited(&self) -> Option<Option<u64>> {
        (self.status == 429).then_some(self.retry_after_ms)
    }
}

/// The change's plan, and the tickets of the calls it asked for (a ticket
/// crosses to JS as its index here).
#[wasm_bindgen]
#[derive(Default)]
pub struct BulkCore {
    plan: Plan<Thrown>,
    tickets: Vec<Ticket>,
}

#[wasm_bindgen]
impl BulkCore {
    /// No namespace yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> BulkCore {
        BulkCore::default()
    }

    /// How many calls run at once, at most.
    #[wasm_bindgen(getter)]
    pub fn concurrency(&self) -> u32 {
        CONCURRENCY as u32
    }

    /// A run over these namespaces (`labels` beside `ids`; each once, ids
    /// in their one form): its number, or `undefined` while one goes.
    pub fn start(&mut self, ids: Vec<String>, labels: Vec<String>) -> Option<u32> {
        let named = ids
            .iter()
            .zip(labels)
            .map(|(id, label)| (NamespaceId::new(id), label));
        self.plan.restart(named)
    }

    /// A run of the failed and the not sent: its number, or `undefined`
    /// while a call is in flight or nothing is left.
    pub fn retry(&mut self) -> Option<u32> {
        self.plan.retry_unfinished()
    }

    /// What a worker of `run` does at `now_ms`: `[0, ticket, namespace id]`
    /// to send, `[1, ms]` to wait, `[2]` to stop.
    pub fn next(&mut self, run: u32, now_ms: f64) -> js_sys::Array {
        match self.plan.next(run, now_ms as u64) {
            Next::Send(ticket, ns) => {
                self.tickets.push(ticket);
                let id = (self.tickets.len() - 1) as u32;
                js_sys::Array::of3(&0.into(), &id.into(), &ns.as_str().into())
            }
            Next::Wait(ms) => js_sys::Array::of2(&1.into(), &(ms as f64).into()),
            Next::Stop => js_sys::Array::of1(&2.into()),
        }
    }

    /// How the call of `ticket` ended at `now_ms`: done, or failed with an
    /// HTTP status (0 for none) and, for a 429, the pause asked for (`NaN`
    /// when none was).
    pub fn finish(
        &mut self,
        ticket: u32,
        done: bool,
        status: u16,
        retry_after_ms: f64,
        now_ms: f64,
    ) {
        let Some(&ticket) = self.tickets.get(ticket as usize) else {
            return;
        };
        let result = if done {
            Ok(())
        } else {
            let retry_after_ms = (retry_after_ms >= 0.0).then_some(retry_after_ms as u64);
            Err(Thrown {
                status,
                retry_after_ms,
            })
        };
        self.plan.finish(ticket, result, now_ms as u64);
    }

    /// Stops the run: what has not started never will.
    pub fn cancel(&mut self) {
        self.plan.cancel();
    }

    /// Whether a namespace waits or a call is in flight.
    #[wasm_bindgen(js_name = isRunning)]
    pub fn is_running(&self) -> bool {
        self.plan.is_running()
    }

    /// Where each namespace is, in order: JSON `[[id, label, step], …]`, the
    /// step one of `waiting`, `running`, `done`, `failed`, `not_sent`.
    pub fn steps(&self) -> String {
        let mut out = Json::compact();
        out.begin_array();
        for item in &self.plan.items {
            let step = match item.step {
                Step::Waiting => "waiting",
                Step::Running => "running",
                Step::Done => "done",
                Step::Failed(_) => "failed",
                Step::NotStarted => "not_sent",
            };
            out.begin_array()
                .str(item.namespace_id.as_str())
                .str(&item.label)
                .str(step)
                .end_array();
        }
        out.end_array();
        out.finish()
    }
}

/// The one form of a namespace id (a UUID lower-cased), as the plan and
/// the protected marks compare them.
#[wasm_bindgen(js_name = namespaceKey)]
pub fn namespace_key(id: &str) -> String {
    NamespaceId::new(id).as_str().to_owned()
}

/// Whether `id` is a namespace id (a UUID, however spelt): a protected
/// namespace is known by its id, so other text protects nothing.
#[wasm_bindgen(js_name = isNamespaceId)]
pub fn is_namespace_id(id: &str) -> bool {
    NamespaceId::new(id).is_uuid()
}

/// Whether `text` holds a token ([`crate::token::holds_token`]): an id, a
/// label or a name that does is refused, never shown or kept.
#[wasm_bindgen(js_name = holdsToken)]
pub fn holds_token(text: &str) -> bool {
    crate::token::holds_token(text)
}

/// Why `name` cannot be a namespace's name (what a protected one's
/// confirmation asks to type), as the panel's label field says it; or
/// `undefined` when it can.
#[wasm_bindgen(js_name = nameProblem)]
pub fn name_problem(name: &str) -> Option<String> {
    crate::validate::namespace_label_problem(name).map(str::to_owned)
}

/// Whether `typed` confirms `name`, as the panel's confirmation reads it:
/// spaces and the case of ASCII letters do not count.
#[wasm_bindgen]
pub fn confirms(typed: &str, name: &str) -> bool {
    crate::protect::confirms(typed, name)
}
