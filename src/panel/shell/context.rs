//! The context bar in the header: the game and the namespace the pages work
//! on, each a switcher fed by the recent ids, and the token's status, which
//! opens the connection card. Nothing else is repeated on every page.

use leptos::prelude::*;

use super::recent;
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::session::Session;
use crate::validate::IdKind;

/// The game's switcher, then the namespace's.
#[component]
pub fn Switchers() -> impl IntoView {
    view! {
        <Switcher kind=IdKind::Game />
        <span class="gc-slash" aria-hidden="true">"/"</span>
        <Switcher kind=IdKind::Namespace />
    }
}

/// One id of the context: a button naming it (its name, its id short and
/// muted after it, a lock for a protected namespace) that opens its
/// popover: the ids of its kind as rows, "Add by id…", and for a namespace
/// its protected mark. The popover's code is fetched when it first opens
/// (docs/SIZE.md, "Pages fetched on first use").
#[component]
fn Switcher(kind: IdKind) -> impl IntoView {
    let s = Session::get();
    let id = s.id_field(kind);
    let popover = format!("gc-pick-{}", kind.noun());
    let unfolded = RwSignal::new(false);
    let label = move || {
        // Again when an id is labelled.
        s.recent.with(|_| ());
        s.recent.label_of(kind, id.get().trim())
    };
    let protected = move || kind == IdKind::Namespace && s.protected.has(&s.ids().1);
    let title = match kind {
        IdKind::Game => "Game",
        IdKind::Namespace => "Namespace",
    };
    view! {
        <button
            type="button"
            class="gc-context"
            popovertarget=popover.clone()
            data-protected=move || protected().to_string()
        >
            <span class="gc-context-kind">{title}</span>
            <span class="gc-context-name">
                // Isolated: a right-to-left name leaves the short id after it.
                <bdi>{move || {
                    let label = label();
                    if !label.is_empty() {
                        label
                    } else if id.with(|i| i.trim().is_empty()) {
                        format!("Choose a {}", kind.noun())
                    } else {
                        String::new()
                    }
                }}</bdi>
                // Left out of the button's name while presenting.
                <code class="gc-secret" aria-hidden=move || s.presenting.is_on().then_some("true")>{move || crate::ids::short(&id.get())}</code>
                {move || protected().then(|| view! { <span class="gc-lock">"protected"</span> })}
            </span>
        </button>
        <div id=popover popover="auto" class="gc-popover" on:toggle=move |_| {
            if !unfolded.get_untracked() {
                unfolded.set(true);
            }
        }>
            {move || unfolded.get().then(|| lazy_view(switcher_view, "the recent ids", move |make| make(kind)))}
        </div>
    }
}

lazy! {
    /// A switcher's popover: the rows, "Add by id…", the mark.
    fn switcher_view() -> fn(IdKind) -> AnyView;
    in switcher, preload preload_switcher;
    { |kind| recent::picker(kind).into_any() }
}

/// The token's status ("Token expires in 12 days", "No token: connect"), a
/// button that opens the connection card. Its dot is grey (`unchecked`)
/// until the token is checked, and then says whether calls can go out
/// (`ok`) or not (`bad`); until then its words say what to do.
#[component]
pub fn Status() -> impl IntoView {
    let s = Session::get();
    let status = move || match s.token_fitness() {
        None => ("No token: connect".to_owned(), "unchecked"),
        Some(f) if !f.checked() => (f.status(), "unchecked"),
        Some(f) => (f.status(), if f.allows_calls() { "ok" } else { "bad" }),
    };
    view! {
        <button
            type="button"
            id="gc-status"
            class="gc-status"
            data-state=move || status().1
            aria-expanded=move || s.connecting.get().to_string()
            aria-controls="gc-connection"
            on:click=move |_| s.connecting.update(|open| *open = !*open)
        >
            {move || status().0}
        </button>
    }
}
