//! The token just created, shown once, with its decoded contents and what it
//! was created for.

use leptos::prelude::*;

use super::engine_files::EngineFiles;
use super::issued::Issued;
use crate::ids::NamespaceId;
use crate::model::{DevTokenRequest, Timestamp};
use crate::panel::session::Session;
use crate::panel::widgets::{CopyButton, TokenLife};
use crate::token::{self, DecodedToken};
use crate::validate::IdKind;

/// The new token (or one opened from an encrypted hand-off), shown once:
/// masked, revealable, copyable, handed to an engine as a file, sealed for
/// a teammate, and decoded beside.
#[component]
pub(super) fn IssuedToken(issued: Issued, again: Callback<DevTokenRequest>) -> impl IntoView {
    let reveal = RwSignal::new(false);
    let decoded = token::decode(&issued.token);
    let (token, shown) = (issued.token.clone(), issued.token.clone());
    let (life, request) = (issued.token.clone(), issued.request.clone());
    // It takes the focus as it appears (where the form was), so that the
    // person and a screen reader land on it; the page goes back to its top,
    // so that its title shows under the sticky header with the token (its
    // own scroll put the title under the header, issue 54 item 6).
    let region = NodeRef::<leptos::html::Div>::new();
    // Once more at the next frame: what arrives with the token (its
    // files' part) can move the page while it is laid out.
    Effect::new(move |_| {
        if let Some(region) = region.get() {
            let _ = region.focus();
            title_under_header();
            request_animation_frame(title_under_header);
        }
    });
    view! {
        <div class="gc-token-once gc-card" role="region" aria-label="New development token" tabindex="-1" node_ref=region>
            <h2>{if issued.opened.is_some() { "Opened from the hand-off" } else { "Token created" }}</h2>
            {made_for(&issued)}
            <p>{if issued.opened.is_some() {
                "A secret, for this namespace only."
            } else {
                "Copy it now: it is shown once and cannot be shown again."
            }}</p>
            {issued.opened.clone().map(|theirs| handoff_ids(&issued.game, &issued.namespace, theirs))}
            <div class="gc-token-row">
                <input type=move || if reveal.get() { "text" } else { "password" } readonly aria-label="New token" prop:value=shown class="gc-token-value gc-secret" />
                <button type="button" class="gc-tertiary" aria-pressed=move || reveal.get().to_string() on:click=move |_| reveal.update(|v| *v = !*v)>
                    {move || if reveal.get() { "Hide" } else { "Reveal" }}
                </button>
            </div>
            <div class="gc-actions">
                <CopyButton text=token label="Copy token" primary=true />
            </div>
            <TokenLife token=life />
            <EngineFiles issued=issued.clone() />
            <details class="gc-fold">
                <summary>"The token's details"</summary>
                {match decoded {
                    Ok(d) => decoded_view(d).into_any(),
                    Err(e) => view! { <p class="gc-muted">{e.to_string()}</p> }.into_any(),
                }}
            </details>
            <p>
                <button type="button" class="gc-secondary" on:click=move |_| again.run(request.clone())>
                    "Create another like this"
                </button>
            </p>
        </div>
    }
}

/// Scrolls the page so that its title is just under the sticky header (in
/// a host page's element there is neither, and the focus has scrolled).
fn title_under_header() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let found = |selector| document.query_selector(selector).ok().flatten();
    if let (Some(title), Some(header)) = (found("#token-heading"), found(".gc-header")) {
        let gap =
            title.get_bounding_client_rect().top() - header.get_bounding_client_rect().bottom();
        window.scroll_by_with_x_and_y(0.0, gap - 8.0);
    }
}

/// What the token is for, in one line: "For staging (7d8e9f10) ·
/// 127.0.0.1 · default http 8080": the namespace by the label this panel
/// knows it by (else the hand-off's), its short id, the hostname and the
/// ports asked for.
fn made_for(issued: &Issued) -> impl IntoView {
    let s = Session::get();
    let id = NamespaceId::new(&issued.namespace);
    let mut label = s.recent.label(&id);
    if label.is_empty() {
        label = issued.opened.clone().unwrap_or_default().trim().to_owned();
    }
    let short = crate::ids::short(&issued.namespace);
    let ports = issued.request.ports_summary();
    let ports = match ports.strip_prefix("ports ") {
        Some(p) if !p.is_empty() => p.to_owned(),
        _ => "no ports".to_owned(),
    };
    let protected = s.protected.has(&id);
    view! {
        <p class="gc-made-for">
            "For "
            {if label.is_empty() {
                view! { <span class="gc-secret" class:gc-is-protected=protected>{short}</span> }.into_any()
            } else {
                view! { <bdi>{label}</bdi> " " <span class="gc-muted gc-secret" class:gc-is-protected=protected>"(" {short} ")"</span> }.into_any()
            }}
            " · " <span class="gc-secret">{issued.request.hostname.clone()}</span>
            " · " {ports}
        </p>
    }
}

/// What the token says of itself, decoded here.
fn decoded_view(d: DecodedToken) -> impl IntoView {
    let time = |ms: Option<i64>| {
        ms.and_then(Timestamp::from_unix_ms)
            .map_or("never".to_owned(), |t| t.to_rfc3339_ms())
    };
    let dev = d.development().cloned().unwrap_or_default();
    let ports = dev
        .ports
        .iter()
        .map(|p| {
            let at = match (p.port, p.port_range) {
                (_, Some((a, b))) => format!("{a}–{b}"),
                (Some(n), None) => n.to_string(),
                (None, None) => String::new(),
            };
            view! { <li>{format!("{} {} {at}", p.label, p.protocol)}</li> }
        })
        .collect_view();
    view! {
        <dl class="gc-decoded" aria-label="Decoded token">
            <dt>"Kind"</dt><dd>{d.kind().as_str()}</dd>
            <dt>"Namespace"</dt><dd><code class="gc-secret">{dev.namespace_id.clone().unwrap_or_default()}</code></dd>
            <dt>"Hostname"</dt><dd class="gc-secret">{dev.hostname.clone()}</dd>
            <dt>"Ports"</dt><dd><ul>{ports}</ul></dd>
            <dt>"Issued"</dt><dd>{time(d.claims.iat_ms)}</dd>
            <dt>"Expires"</dt><dd>{time(d.claims.exp_ms)}</dd>
        </dl>
    }
}

/// An opened hand-off's namespace (and its game), offered: selected only
/// when the teammate says so. The hand-off's name for it is offered too,
/// never applied: whoever sealed the file chose it. A protected namespace
/// keeps its name (its confirmations ask for it).
fn handoff_ids(game: &str, namespace: &str, theirs: String) -> impl IntoView {
    let s = Session::get();
    let id = NamespaceId::new(namespace);
    let ours = s.recent.label(&id);
    let (g, n) = (game.to_owned(), namespace.to_owned());
    let select = move |_| {
        s.game_id.set(g.clone());
        s.namespace_id.set(n.clone());
    };
    let theirs = theirs.trim().to_owned();
    let differs = !theirs.is_empty() && theirs != ours;
    // Offered where no protected mark keeps the name (one made meanwhile,
    // in another tab, counts); gone once taken.
    let taken = RwSignal::new(false);
    let offered = {
        let id = id.clone();
        move || !taken.get() && !s.protected.has(&id)
    };
    let name_it = {
        let (id, theirs) = (id.clone(), theirs.clone());
        move |_| {
            s.protected.refresh();
            if !s.protected.has(&id) {
                let _ = s.recent.relabel(IdKind::Namespace, id.as_str(), &theirs);
            }
            taken.set(true);
        }
    };
    view! {
        <p>
            // The namespace is named on the line above (`made_for`).
            <button type="button" class="gc-secondary" on:click=select>"Select this namespace"</button>
        </p>
        {differs.then(|| view! {
            <p class="gc-hint gc-warning" role="status">
                "The hand-off calls it \u{201c}" {theirs} "\u{201d}"
                {if ours.is_empty() { "." } else { "; this panel's name is kept." }}
                " " <button type="button" class="gc-small" hidden=move || !offered() on:click=name_it>"Name it so"</button>
            </p>
        })}
    }
}
