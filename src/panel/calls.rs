//! How every page calls the service: one helper that takes the session's
//! connection, aborts the page's calls when the page goes away, and writes
//! each change to the action log.

use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;

use super::session::{Change, Session};
use crate::action_log::Entry;
use crate::api::{ApiError, Operation, SetCdnAuth, SetDomainAuth};
use crate::transport::{self, Options};

/// The call options of the page being built: its calls are aborted when it
/// goes away (another page, a reload of the view), so nothing lands late.
pub fn page_options() -> Options {
    let controller = web_sys::AbortController::new().ok();
    let signal = controller.as_ref().map(web_sys::AbortController::signal);
    if let Some(c) = controller {
        let c = SendWrapper::new(c);
        on_cleanup(move || c.abort());
    }
    Options {
        signal,
        ..Options::default()
    }
}

/// Runs a read for the page (no log entry).
pub async fn read<O: Operation>(s: Session, op: &O, opts: &Options) -> Result<O::Output, ApiError> {
    transport::send(&s.connection()?, op, opts).await
}

/// What a change sets, for its log entry (the operation names itself).
pub struct Logged {
    pub game_id: String,
    pub namespace_id: String,
    pub value: String,
}

/// Runs a change and logs how it ended. A call that was not sent (a bad
/// connection or request) changed nothing and is not logged; one cut off
/// because its page went away may have landed, and is logged as unknown.
pub async fn send_change<O: Operation>(
    s: Session,
    op: &O,
    opts: &Options,
    change: Logged,
    detail: impl FnOnce(&O::Output) -> String,
) -> Result<O::Output, ApiError> {
    let (conn, anyway) = s.checked_connection()?;
    let result = transport::send_traced(&conn, op, opts).await;
    let ended = match &result {
        Ok((out, ray)) => Ok((ray.as_str(), detail(out))),
        Err(e) => Err(e),
    };
    record(s, O::NAME, change, ended, anyway);
    result.map(|(out, _)| out)
}

/// Makes one change on one namespace, logs it, and remembers what was set.
pub async fn set(s: Session, opts: Options, change: Change, ns: String) -> Result<(), ApiError> {
    let game = s.game();
    let log = Logged {
        game_id: game.clone(),
        namespace_id: ns.clone(),
        value: change.value().to_owned(),
    };
    let (game_id, namespace_id) = (game.as_str(), ns.as_str());
    let none = |_: &()| String::new();
    match &change {
        Change::CdnAuth(auth_type) => {
            let op = SetCdnAuth {
                game_id,
                namespace_id,
                auth_type,
            };
            send_change(s, &op, &opts, log, none).await?
        }
        Change::DomainAuth(enabled) => {
            let op = SetDomainAuth {
                game_id,
                namespace_id,
                enabled: *enabled,
            };
            send_change(s, &op, &opts, log, none).await?
        }
    };
    s.remember(change, &game, &ns);
    Ok(())
}

/// The log entry of a change that was sent: not generic, so one copy
/// serves every operation.
#[inline(never)]
fn record(
    s: Session,
    operation: &'static str,
    change: Logged,
    ended: Result<(&str, String), &ApiError>,
    anyway: bool,
) {
    let Session { recent, log, .. } = s;
    let (outcome, ray_id, value) = match ended {
        Ok((ray, extra)) => {
            recent.record(&change.game_id, &change.namespace_id);
            let value = if extra.is_empty() {
                change.value
            } else {
                format!("{}; {extra}", change.value)
            };
            (Entry::outcome_of(&Ok(())), ray.to_owned(), value)
        }
        Err(ApiError::InvalidRequest { .. }) => return,
        Err(ApiError::Aborted) => (
            "unknown: the page was left before the answer".to_owned(),
            String::new(),
            change.value,
        ),
        Err(e) => (
            Entry::outcome_of(&Err(e)),
            Entry::ray_id_of(e),
            change.value,
        ),
    };
    let label = recent.label_of("namespace", &change.namespace_id);
    let outcome = if anyway {
        format!("{outcome} (sent anyway, past the token check)")
    } else {
        outcome
    };
    log.record(Entry {
        at_ms: js_sys::Date::now() as i64,
        operation: operation.to_owned(),
        game_id: change.game_id,
        namespace_id: change.namespace_id,
        namespace_label: label,
        value,
        outcome,
        ray_id,
    });
}
