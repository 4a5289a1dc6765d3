//! Create a development token: hostname, a port editor with live validation by
//! the core, what the matchmaker returns for each port, and the token shown
//! once with its decoded contents.

mod engine_files;
mod handoff;
mod issued;
mod issued_token;
mod port_editor;

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;

use crate::api::{ApiError, CreateDevToken};
use crate::model::{DevTokenRequest, PortProtocol, Timestamp};
use crate::panel::calls;
use crate::panel::lazy::{lazy, lazy_view, unloaded, NotLoaded};
use crate::panel::session::Session;
use crate::panel::widgets::{help, Confirm, ErrorPanel};
use crate::protect::Named;
use crate::text::Text;
use crate::token;
use crate::transport::Options;
use crate::validate::{self, Issue, MAX_PORTS};
use issued::Issued;
use issued_token::IssuedToken;
use port_editor::{build_request, issues_at, At, Issues, PortEditor, PortRow};

#[component]
pub fn DevTokenPage() -> impl IntoView {
    let s = Session::get();
    let hostname = RwSignal::new("127.0.0.1".to_owned());
    let next_id = StoredValue::new(2u32);
    let rows = RwSignal::new(vec![PortRow::new(1, "default", PortProtocol::Http, "8080")]);
    let add = move |label: &str, protocol: PortProtocol, port: &str| {
        if rows.with_untracked(Vec::len) >= MAX_PORTS {
            return;
        }
        let id = next_id.get_value();
        next_id.set_value(id + 1);
        rows.update(|r| r.push(PortRow::new(id, label, protocol, port)));
    };
    // Worked out where it is read (16 ports at most), not a memo of a type
    // of its own (docs/SIZE.md, size rule "no new reactive types").
    let checked = move || rows.with(|r| build_request(&hostname.get(), r));
    let has_errors = move || validate::has_errors(&checked().1);
    let full = move || rows.with(|r| r.len() >= MAX_PORTS);

    // A token for a protected namespace is made after a confirmation in
    // which its name is typed, as any change to it is.
    let confirming = RwSignal::new(false);
    let guarded = RwSignal::new(Vec::new());
    let opts = calls::page_options();
    let create = Action::new_local(move |(req, named): &(DevTokenRequest, Named)| {
        let asked = Asked {
            req: req.clone(),
            named: named.clone(),
        };
        let opts = opts.clone();
        async move {
            // The code that sends (split builds: fetched once the form is
            // shown, below) is waited for if it is still on its way.
            let send = sender().await.map_err(|_| NotLoaded::Code)?;
            // The engine files' code is fetched while the token is made (split
            // builds); a failure shows where the files would be.
            #[cfg(gamecloud_split)]
            leptos::task::spawn_local(async {
                let _ = preload_engine_files().await;
            });
            send(s, asked, opts).await.map_err(NotLoaded::Call)
        }
    });
    // The form is usable before the code that sends is downloaded: that
    // comes once the form is shown (split builds).
    #[cfg(gamecloud_split)]
    Effect::new(move |_| {
        leptos::task::spawn_local(async {
            let _ = preload_sender().await;
        });
    });
    let create_now = move |named: Named| {
        if !create.pending().get_untracked() {
            create.dispatch((untrack(checked).0, named));
        }
    };

    // A protected namespace's name is asked for first; the marks as kept
    // now (another tab may have marked it a moment ago).
    let ask_or_create = move || {
        s.protected.refresh();
        if s.protected.has(&s.namespace()) {
            guarded.set(vec![s.namespace()]);
            confirming.set(true);
        } else {
            create_now(Named::default())
        }
    };

    // A token made (or opened) replaces the form; "Create another like
    // this" brings the form back above it.
    let form_shown = RwSignal::new(true);
    Effect::new(move |_| {
        if create.value().with(|v| matches!(v, Some(Ok(_)))) {
            form_shown.set(false);
        }
    });
    let hostname_field = NodeRef::<leptos::html::Input>::new();
    // "Create another like this": the form again holds what the shown
    // token was made for, and the hostname has the focus (once the form is
    // drawn again).
    let again = Callback::new(move |req: DevTokenRequest| {
        form_shown.set(true);
        hostname.set(req.hostname);
        let first = next_id.get_value();
        let filled: Vec<PortRow> = (first..)
            .zip(&req.ports)
            .map(|(id, (label, config))| PortRow::from_config(id, label, config))
            .collect();
        next_id.set_value(first + filled.len() as u32);
        rows.set(filled);
        request_animation_frame(move || {
            if let Some(input) = hostname_field.get_untracked() {
                let _ = input.focus();
            }
        });
    });

    // A token to make like one listed on the tokens page: the form holds
    // what that one was made for.
    if let Some(req) = s.draft.try_update_value(Option::take).flatten() {
        // Numbered from 1, as a fresh form's ports are: no row is drawn yet.
        next_id.set_value(1);
        again.run(req);
    }

    let hostname_issues = issues_at(checked, At::Hostname);
    view! {
        <section class="gc-page" aria-labelledby="token-heading">
            <h1 id="token-heading">"Development token"</h1>
            <div class="gc-page" hidden=move || !form_shown.get()>
            {help(
                "A development token lets a game server on your machine answer matchmaking as if it ran in the cloud.",
                "It bypasses the proxy: the matchmaker hands back the hostname and ports exactly as configured here.",
            )}
            <label class="gc-field">
                "Hostname"
                <input
                    type="text"
                    name="hostname"
                    node_ref=hostname_field
                    class="gc-secret"
                    spellcheck="false"
                    aria-invalid=move || hostname_issues.with(|l| l.iter().any(Issue::is_error)).to_string()
                    aria-describedby="hostname-hint"
                    bind:value=hostname
                />
            </label>
            <p id="hostname-hint" class="gc-muted">
                "For a phone, a console or a second PC, use this machine's LAN address (such as 192.168.1.20): 127.0.0.1 reaches only this machine."
            </p>
            <Issues issues=hostname_issues />
            <table class="gc-ports" aria-label="Ports">
                <thead>
                    <tr>
                        <th scope="col">"Label"</th>
                        <th scope="col">"Protocol"</th>
                        <th scope="col">"Port or range"</th>
                        <th scope="col">"Through the proxy"</th>
                        <th scope="col">"With this token"</th>
                        <th scope="col"><span class="gc-visually-hidden">"Remove"</span></th>
                    </tr>
                </thead>
                <tbody>
                    // Rows are re-rendered only when one is added or removed
                    // (a click): their values live in their own signals, so
                    // typing never rebuilds a row or moves the focus.
                    {move || rows.get().into_iter().map(|row| view! {
                        <PortEditor row=row hostname=hostname rows=rows issues=issues_at(checked, At::Row(row)) />
                    }.into_any()).collect_view()}
                </tbody>
            </table>
            <Issues issues=issues_at(checked, At::Ports) />
            <div class="gc-toolbar">
                {[
                    ("Add port", "", PortProtocol::Udp, ""),
                    ("Preset: HTTP default on 8080", "default", PortProtocol::Http, "8080"),
                    ("Preset: UDP game port 7777", "game", PortProtocol::Udp, "7777"),
                ].map(|(text, label, protocol, port)| view! {
                    <button type="button" class="gc-secondary" disabled=full on:click=move |_| add(label, protocol.clone(), port)>
                        {text}
                    </button>
                })}
            </div>
            <Confirm
                open=confirming
                text=Signal::derive(|| Text::default().plain("Create a token for a protected namespace?\nThe token is shown once, here."))
                confirm="Create"
                on_confirm=Callback::new(create_now)
                guarded=guarded
            />
            <button
                type="button"
                disabled=move || has_errors() || create.pending().get()
                on:click=move |_| ask_or_create()
            >
                {move || if create.pending().get() { "Creating…" } else { "Create token" }}
            </button>
            // A teammate's token, sealed by a lead: shown where a new one is.
            <handoff::OpenHandoff on_open=Callback::new(move |c| create.value().set(Some(Ok(Issued::opened(c))))) />
            </div>
            {move || create.value().get().map(|r| match r {
                Ok(issued) => lazy_view(issued_view, "the new token", move |make| make(issued.clone(), again)),
                Err(NotLoaded::Call(e)) => view! { <ErrorPanel error=e /> }.into_any(),
                Err(NotLoaded::Code) => unloaded("creating tokens", ask_or_create).into_any(),
            })}
        </section>
    }
}

lazy! {
    /// The token shown once and the engine files' code (the writers, their
    /// notes and snippets), needed once a token is there: split builds fetch
    /// it while the token is made. A failed fetch is said with Try again,
    /// and the token waits in the page until it is shown.
    fn issued_view() -> fn(Issued, Callback<DevTokenRequest>) -> AnyView;
    in engine_files, preload preload_engine_files;
    { |issued, again| view! { <IssuedToken issued again /> }.into_any() }
}

/// A token being made, on its way.
type Sending = Pin<Box<dyn Future<Output = Result<Issued, ApiError>>>>;

lazy! {
    /// Sends the request for a token (confirmed for a protected namespace
    /// by the names in `named`) and logs it, with the token's expiry and
    /// never the token: fetched when the form is first used (split builds).
    fn sender() -> fn(Session, Asked, Options) -> Sending;
    in token_send, preload preload_sender;
    { |s, asked, opts| Box::pin(send(s, asked, opts)) }
}

/// A token asked for: for what, and the protected namespaces whose names
/// were typed to confirm it.
struct Asked {
    req: DevTokenRequest,
    named: Named,
}

/// [`sender`]'s body: the call, its log entry, and the token as shown.
async fn send(s: Session, asked: Asked, opts: Options) -> Result<Issued, ApiError> {
    let Asked { req, named } = asked;
    // The service, game and namespace as they are when the request is sent,
    // at the moment its connection is read (`calls::send_change`): one
    // moment for all of them, whatever changed while the code came.
    let (base_url, game, ns) = (s.base_url.get_untracked(), s.game(), s.namespace());
    let op = CreateDevToken {
        game_id: game.as_str(),
        namespace_id: ns.as_str(),
        request: &req,
    };
    let change = calls::Logged {
        game_id: game.clone(),
        namespace_id: ns.clone(),
        value: req.ports_summary(),
        hostname: req.hostname.clone(),
        named,
    };
    // The log gets the token's expiry, never the token.
    let expiry = |res: &crate::model::DevTokenResponse| {
        token::decode(&res.token)
            .ok()
            .and_then(|d| d.claims.exp_ms)
            .and_then(Timestamp::from_unix_ms)
            .map_or(String::new(), |t| format!("expires {}", t.to_rfc3339_ms()))
    };
    let res = calls::send_change(s, &op, &opts, change, expiry).await?;
    Ok(Issued {
        token: res.token,
        base_url: crate::api::BaseUrl::parse(&base_url)
            .map(|b| b.as_str().to_owned())
            .unwrap_or(base_url),
        game: game.to_string(),
        namespace: ns.to_string(),
        request: req,
        opened: None,
    })
}
