//! How every page calls the service: one helper that takes the session's
//! connection, aborts the page's calls when the page goes away, and writes
//! each change to the action log.

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use crate::action_log::Entry;
use crate::api::{Answer, ApiError, Call, Connection, Operation, Shell, TOKEN_VARIABLE};
use crate::ids::{GameId, NamespaceId};
use crate::panel::session::Session;
use crate::panel::store::Written;
use crate::protect::Named;
use crate::settings::Change;
use crate::text::Text;
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

/// What a change sets, for its log entry (the operation names itself), and
/// the namespaces whose names were typed to confirm it.
pub struct Logged {
    pub game_id: GameId,
    pub namespace_id: NamespaceId,
    pub value: String,
    /// A development token's hostname (masked in presentation mode), or "".
    pub hostname: String,
    pub named: Named,
}

/// Runs a change and logs how it ended, with the request it sent. A call
/// that was not sent (a bad connection or request) changed nothing and is
/// not logged; one cut off because its page went away may have landed, and
/// is logged as unknown.
pub async fn send_change<O: Operation>(
    s: Session,
    op: &O,
    opts: &Options,
    change: Logged,
    detail: impl FnOnce(&O::Output) -> String,
) -> Result<O::Output, ApiError> {
    let read = |answer: &Answer| O::read(answer);
    logged(s, O::NAME, |conn| op.call(conn), read, opts, change, detail).await
}

/// [`send_change`] for a call made by `call_of` and an answer read by
/// `read`: the one path of the token and the settings. In a drop-in element
/// a failure is told to the host too: a call refused before it was sent (no
/// token, one the page cannot use, a protected namespace) as much as one the
/// service refused.
async fn logged<T>(
    s: Session,
    operation: &'static str,
    call_of: impl FnOnce(&Connection) -> Result<Call, ApiError>,
    read: impl FnOnce(&Answer) -> Result<T, ApiError>,
    opts: &Options,
    change: Logged,
    detail: impl FnOnce(&T) -> String,
) -> Result<T, ApiError> {
    let sent = async {
        // Checked at the moment of sending: a mark made since the
        // confirmation stops the call.
        s.protected
            .may_change(&change.namespace_id, &change.named)?;
        let (conn, anyway) = s.checked_connection()?;
        let call = call_of(&conn)?;
        let result = match transport::send_call(&call, opts).await {
            Ok((answer, ray)) => read(&answer).map(|out| (out, ray)),
            Err(e) => Err(e),
        };
        let ended = match &result {
            Ok((out, ray)) => Ok((ray.as_str(), detail(out))),
            Err(e) => Err(e),
        };
        record(s, operation, change, call.preview(), ended, anyway);
        result.map(|(out, _)| out)
    };
    let result = sent.await;
    #[cfg(feature = "elements")]
    if let Err(e) = &result {
        s.events.failed(operation, e);
    }
    result
}

/// Makes one change on one namespace, logs it, and remembers what was set;
/// `named`: the namespaces whose names were typed to confirm it.
pub async fn set(
    s: Session,
    opts: Options,
    change: Change,
    ns: NamespaceId,
    named: Named,
) -> Result<(), ApiError> {
    let game = s.game();
    let log = Logged {
        game_id: game.clone(),
        namespace_id: ns.clone(),
        value: change.value().to_owned(),
        hostname: String::new(),
        named,
    };
    let call_of = |conn: &Connection| change.call(conn, &game, &ns);
    let none = |_: &()| String::new();
    logged(
        s,
        change.operation(),
        call_of,
        Answer::empty,
        &opts,
        log,
        none,
    )
    .await?;
    s.last_set.remember(change, &game, &ns);
    Ok(())
}

/// What a change will send, shown in its confirmation before it is sent.
#[derive(Debug)]
pub struct Preview {
    /// For each namespace the method, the URL (secret: it holds the host
    /// and the ids), the body, and what this panel last set there or
    /// "unknown".
    pub text: Text,
    /// The same requests as `curl` commands for sh, bash, zsh and fish, one
    /// a line, the token left as the variable [`TOKEN_VARIABLE`]; nothing
    /// when a request holds what they read differently (the text then says
    /// so).
    pub curl: String,
    /// The same for PowerShell.
    pub powershell: String,
}

/// The [`Preview`] of a change to `namespaces`, made without the token, so
/// that nothing in it can hold the token (tracked).
pub fn preview(s: Session, change: &Change, namespaces: &[NamespaceId]) -> Preview {
    let conn = Connection::new(&s.base_url.get(), TOKEN_VARIABLE);
    let (game, _) = s.ids();
    let (mut text, mut curl, mut powershell) = (Text::default(), String::new(), String::new());
    let mut not_for_shells = [None, None];
    for ns in namespaces {
        if !text.parts().is_empty() {
            text.push_plain("\n\n");
        }
        match conn.clone().and_then(|c| change.call(&c, &game, ns)) {
            Ok(call) => {
                text.push_plain(call.method.as_str());
                text.push_plain(" ");
                text.push_secret(&call.url);
                text.push_plain("\n");
                text.push_plain(call.body.as_deref().unwrap_or_default());
                let shells = [
                    (Shell::Posix, &mut curl),
                    (Shell::PowerShell, &mut powershell),
                ];
                for ((shell, commands), refused) in shells.into_iter().zip(&mut not_for_shells) {
                    match call.curl(shell) {
                        Ok(command) => {
                            commands.push_str(&command);
                            commands.push('\n');
                        }
                        Err(e) => *refused = Some(e),
                    }
                }
            }
            Err(_) => {
                text.push_secret(ns.as_str());
                text.push_plain(": cannot be sent as the connection and ids stand");
            }
        }
        text.push_plain("\nLast set here from this panel: ");
        let last = s.last_set.of(change.setting(), &game, ns);
        text.push_plain(last.as_ref().map_or("unknown", Change::value));
    }
    for (commands, refused) in [&mut curl, &mut powershell].into_iter().zip(not_for_shells) {
        if let Some(e) = refused {
            commands.clear();
            text.push_plain("\n\n");
            text.push_plain(&e.to_string());
        }
    }
    Preview {
        text,
        curl,
        powershell,
    }
}

/// The log entry of a change that was sent: not generic, so one copy
/// serves every operation.
#[inline(never)]
fn record(
    s: Session,
    operation: &'static str,
    change: Logged,
    request: String,
    ended: Result<(&str, String), &ApiError>,
    anyway: bool,
) {
    #[cfg(feature = "elements")]
    if let Ok((ray, _)) = &ended {
        s.events.changed(
            operation,
            change.game_id.as_str(),
            change.namespace_id.as_str(),
            &change.value,
            ray,
        );
    }
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
    let outcome = if anyway {
        format!("{outcome} (sent anyway, past the token check)")
    } else {
        outcome
    };
    let what = Written {
        operation,
        value,
        hostname: change.hostname,
        outcome,
        ray_id,
        request,
    };
    log.write(recent, &change.game_id, &change.namespace_id, what);
}
