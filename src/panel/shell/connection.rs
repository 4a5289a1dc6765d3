//! The connection card: the bearer token (masked, in memory unless
//! remembered in this tab) and, under "Advanced", the base URL. Shown on a
//! first visit (no token yet) and from the header's token status; Enter
//! connects and puts it away.

use leptos::prelude::*;

use crate::panel::session::Session;
use crate::panel::widgets::TokenLife;

#[component]
pub fn ConnectionCard() -> impl IntoView {
    let s = Session::get();
    move || s.connecting.get().then(card)
}

/// The card itself, focused on its token field as it opens.
fn card() -> impl IntoView {
    let s = Session::get();
    let show_token = RwSignal::new(false);
    let token_field = NodeRef::<leptos::html::Input>::new();
    Effect::new(move |_| {
        if let Some(field) = token_field.get() {
            let _ = field.focus();
        }
    });
    // Why the card stays open on Enter.
    let refused = RwSignal::new(String::new());
    // Put away: the focus goes to the status, which opens it again.
    let put_away = move || {
        s.connecting.set(false);
        request_animation_frame(|| {
            crate::panel::dom::focus("gc-status");
        });
    };
    // Enter connects: the pages read again, and the card goes away once
    // calls can go out with what it holds (otherwise it stays, saying why).
    let connect = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        s.enter();
        // What stops it is the token or the base URL, each said by its
        // problems' own sentences.
        match s.connection() {
            Ok(_) => put_away(),
            Err(crate::api::ApiError::InvalidRequest { issues }) => refused.set(
                issues
                    .into_iter()
                    .map(|issue| issue.message)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Err(_) => {}
        }
    };
    let in_clear = move || crate::validate::sends_token_in_clear(&s.base_url.get());
    let has_token = move || !s.token.with(|t| t.trim().is_empty());
    view! {
        <form id="gc-connection" class="gc-connection gc-card" aria-labelledby="gc-connection-title" on:submit=connect>
            <h2 id="gc-connection-title">
                {move || if has_token() { "Connection" } else { "Connect to Game Cloud" }}
            </h2>
            <div class="gc-token">
                <label>
                    "Token"
                    <input
                        node_ref=token_field
                        type=move || if show_token.get() { "text" } else { "password" }
                        name="token"
                        class="gc-secret"
                        aria-describedby="token-kind token-hint"
                        autocomplete="off"
                        spellcheck="false"
                        bind:value=s.token
                        on:change=move |_| s.enter()
                    />
                </label>
                <button
                    type="button"
                    class="gc-secondary"
                    aria-pressed=move || show_token.get().to_string()
                    on:click=move |_| show_token.update(|v| *v = !*v)
                >
                    {move || if show_token.get() { "Hide token" } else { "Show token" }}
                </button>
            </div>
            <label class="gc-check">
                <input type="checkbox" name="remember" bind:checked=s.remember />
                "Remember in this tab"
            </label>
            <p id="token-kind" role="status" class=move || match s.token_fitness() {
                Some(crate::token::Fitness::OtherGame { .. }) => "gc-hint gc-bad gc-secret",
                Some(f) if !f.allows_calls() => "gc-hint gc-bad",
                _ => "gc-hint",
            }>
                {move || s.token_fitness().map(|f| f.describe()).unwrap_or_default()}
            </p>
            <TokenLife token=s.token counting_only=true />
            {move || s.token_fitness().is_some_and(|f| f.may_send_anyway()).then(|| view! {
                <label class="gc-check">
                    <input
                        type="checkbox"
                        name="send-anyway"
                        prop:checked=move || s.send_anyway.get() == s.token.get()
                        on:change=move |ev| s.send_anyway.set(if event_target_checked(&ev) { s.token.get_untracked() } else { String::new() })
                    />
                    "Send anyway: this machine's clock, or this panel's reading of the token, may be wrong (the log records it)"
                </label>
            }.into_any())}
            <p id="token-hint" class="gc-hint">
                {move || if !has_token() {
                    "A cloud token of the game, or your user token. It stays in this page's memory, never in a URL or in localStorage."
                } else if s.remember.get() {
                    "Kept in this tab's sessionStorage until the tab closes."
                } else {
                    "Kept in memory only: a reload asks for it again."
                }}
            </p>
            // Opened by itself while the base URL sends the token in clear.
            <details class="gc-advanced" open=in_clear>
                <summary>"Advanced"</summary>
                <label>
                    "Base URL"
                    <input type="url" name="base-url" class="gc-secret" autocomplete="url" spellcheck="false" aria-describedby="base-url-warning" bind:value=s.base_url on:change=move |_| s.enter() />
                </label>
            </details>
            <p id="base-url-warning" class="gc-warning" role="status" hidden=move || !in_clear()>
                "Plain http to another machine: the token crosses the network unencrypted. Use https unless this network is yours alone."
            </p>
            <p class="gc-hint gc-bad" role="alert">{refused}</p>
            <div class="gc-actions">
                <button type="submit">"Connect"</button>
                {move || has_token().then(|| view! {
                    <button type="button" class="gc-tertiary" on:click=move |_| put_away()>"Close"</button>
                })}
            </div>
        </form>
    }
}
