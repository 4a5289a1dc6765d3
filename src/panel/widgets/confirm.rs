//! The one confirmation of every change.

use super::copy::copy;
use leptos::prelude::*;

use crate::ids::NamespaceId;
use crate::protect::Named;
use crate::text::Text;

/// A confirmation in a modal `<dialog>`: focus stays inside, Escape
/// cancels, nothing behind it can be clicked. Its button acts once, however
/// often it is clicked before the dialog closes. A change says in its text
/// what it will send, gives it as `curl` commands, and to protected
/// namespaces acts only once their names are typed.
#[component]
pub fn Confirm(
    open: RwSignal<bool>,
    /// The question, and what it will send; its secret runs are masked in
    /// presentation mode.
    #[prop(into)]
    text: Signal<Text>,
    confirm: &'static str,
    /// Runs once confirmed, with the namespaces whose names were typed.
    on_confirm: Callback<Named>,
    /// The change as `curl` commands ([`crate::panel::calls::Preview`]): the
    /// dialog then has "Copy as curl".
    #[prop(optional, into)]
    curl: Signal<String>,
    /// The namespaces the change touches, as the person saw them when they
    /// asked: the protected ones among them must be named before the
    /// button acts. Protected means as the marks are when the button is
    /// pressed (read again then, whatever another tab did meanwhile:
    /// removing a mark asks for the name there too).
    #[prop(optional)]
    guarded: RwSignal<Vec<NamespaceId>>,
) -> impl IntoView {
    let s = crate::panel::session::Session::get();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let copied = RwSignal::new(false);
    let typed = RwSignal::new(String::new());
    let required = move || guarded.with(|ids| s.protected.among(ids));
    let phrase = move || s.protected.phrase(&required());
    let allowed = move || {
        let phrase = phrase();
        phrase.is_empty() || crate::protect::confirms(&typed.get(), &phrase)
    };
    // The question, and the names to type when protected namespaces are
    // among those it changes.
    let question = move || {
        let mut text = text.get();
        let phrase = phrase();
        if !phrase.is_empty() {
            text.append(
                Text::default()
                    .plain("\n\nProtected: type ")
                    .secret(&phrase)
                    .plain(" to apply."),
            );
        }
        crate::panel::present::shown(&text)
    };
    Effect::new(move |_| {
        let (Some(d), wanted) = (dialog.get(), open.get()) else {
            return;
        };
        if wanted && !d.open() {
            copied.set(false);
            typed.set(String::new());
            let _ = d.show_modal();
        } else if !wanted && d.open() {
            d.close();
        }
    });
    let act = move || {
        // The marks as kept now: one made in another tab a moment ago
        // counts, whether or not its event has arrived.
        s.protected.refresh();
        if open.get_untracked() && untrack(allowed) {
            open.set(false);
            on_confirm.run(Named::new(&untrack(required)));
        }
    };
    view! {
        <dialog node_ref=dialog class="gc-confirm" role="alertdialog" aria-label=confirm on:close=move |_| open.set(false)>
            <p>{question}</p>
            <label class="gc-guard" hidden=move || phrase().is_empty()>
                "Names of the protected namespaces "
                <input type="text" name="guard" class="gc-secret" autocomplete="off" spellcheck="false" bind:value=typed />
            </label>
            <button type="button" disabled=move || !allowed() on:click=move |_| act()>{confirm}</button>
            <button type="button" class="gc-secondary" autofocus on:click=move |_| open.set(false)>"Cancel"</button>
            <button type="button" class="gc-secondary" hidden=move || curl.with(String::is_empty)
                on:click=move |_| copy(&curl.get_untracked(), copied)>
                {move || if copied.get() { "Copied" } else { "Copy as curl" }}
            </button>
        </dialog>
    }
}
