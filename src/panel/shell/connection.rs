//! The connection form at the top of every page: base URL, bearer token
//! (masked, in memory unless remembered in this tab), game and namespace ids.

use leptos::prelude::*;

use crate::panel::session::Session;
use crate::panel::widgets::{Confirm, TokenLife};
use crate::protect::Named;
use crate::text::Text;

#[component]
pub fn ConnectionForm() -> impl IntoView {
    let s = Session::get();
    let show_token = RwSignal::new(false);
    let protected = move || s.protected.has(&s.ids().1);
    // Removing a mark is a change to the namespace like any other: its name
    // is typed in the confirmation first. Adding one asks nothing.
    let unmarking = RwSignal::new(false);
    let guarded = RwSignal::new(Vec::new());
    let on_mark = move |ev: leptos::ev::Event| {
        if event_target_checked(&ev) {
            s.protected.protect(&s.namespace(), true, &Named::default());
        } else {
            // Ticked until the confirmation says otherwise.
            event_target::<web_sys::HtmlInputElement>(&ev).set_checked(true);
            guarded.set(vec![s.namespace()]);
            unmarking.set(true);
        }
    };
    // Another spelling of an id (upper case, no dashes, braces,
    // `urn:uuid:`) is written in its one form as the field is left, so that
    // what is shown is what is marked and sent.
    let entered = move || s.entered.update(|n| *n += 1);
    let canonical = move |id: RwSignal<String>| {
        move |_| {
            let one = crate::validate::canonical_id(&id.get_untracked());
            if id.with_untracked(|now| *now != one) {
                id.set(one);
            }
            entered();
        }
    };
    view! {
        <form class="gc-connection" aria-label="Connection" on:submit=|ev| ev.prevent_default()>
            <label>
                "Base URL"
                <input type="url" name="base-url" class="gc-secret" autocomplete="url" spellcheck="false" aria-describedby="base-url-warning" bind:value=s.base_url />
            </label>
            <p id="base-url-warning" class="gc-warning" role="status" hidden=move || !crate::validate::sends_token_in_clear(&s.base_url.get())>
                "Plain http to another machine: the token crosses the network unencrypted. Use https unless this network is yours alone."
            </p>
            <div class="gc-token">
                <label>
                    "Token"
                    <input
                        type=move || if show_token.get() { "text" } else { "password" }
                        name="token"
                        class="gc-secret"
                        autofocus=s.token.get_untracked().is_empty()
                        aria-describedby="token-kind token-hint"
                        autocomplete="off"
                        spellcheck="false"
                        bind:value=s.token
                        on:change=move |_| entered()
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
                <label class="gc-check">
                    <input type="checkbox" name="remember" bind:checked=s.remember />
                    "Remember in this tab"
                </label>
            </div>
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
                {move || if s.token.get().is_empty() {
                    "Paste a token to call the service. It stays in this page's memory, never in a URL or in localStorage."
                } else if s.remember.get() {
                    "The token is kept in this tab's sessionStorage until the tab closes."
                } else {
                    "The token is kept in memory only: a reload asks for it again."
                }}
            </p>
            <label>
                "Game id"
                <input type="text" name="game-id" class="gc-secret" spellcheck="false" bind:value=s.game_id on:change=canonical(s.game_id) />
            </label>
            <label>
                "Namespace id"
                <input type="text" name="namespace-id" class="gc-secret" spellcheck="false" bind:value=s.namespace_id on:change=canonical(s.namespace_id) />
            </label>
            <label class="gc-check">
                <input type="checkbox" name="protected" prop:checked=protected
                    disabled=move || !s.ids().1.is_uuid()
                    on:change=on_mark />
                "Protected: a change to it needs its name typed"
                {move || s.protected.unsaved_mark(&s.ids().1).then_some(" (in this tab only: not saved)")}
            </label>
            <Confirm
                open=unmarking
                text=Signal::derive(move || Text::default()
                    .plain("Remove the protected mark from namespace ")
                    .secret(&guarded.with(|ids| ids.iter().map(|id| id.to_string()).collect::<String>()))
                    .plain("? A change to it will no longer ask for its name."))
                confirm="Remove the mark"
                on_confirm=Callback::new(move |named| {
                    for id in guarded.get_untracked() {
                        s.protected.protect(&id, false, &named);
                    }
                })
                guarded=guarded
            />
            <p class="gc-hint gc-warning" role="status">
                {move || {
                    let ns = s.ids().1;
                    // Again when the namespace is labelled.
                    s.recent.with(|_| ());
                    let label = s.recent.label(&ns);
                    // "" rather than nothing (the hint hides when :empty): a
                    // child of a type the panel already has costs no code.
                    if !protected() && crate::protect::looks_like_production(ns.as_str(), &label) {
                        "Its name says production: mark it protected?"
                    } else {
                        ""
                    }
                }}
            </p>
        </form>
    }
}
