//! Enable or disable a namespace's domain-based authentication. The four
//! operations cannot read the setting back: where this panel has not set it,
//! the state is "unknown" (not "off") and both Enable and Disable are offered.
//! Either is confirmed, with the request it sends; it then shows at once and
//! goes back if the call fails. "Several
//! namespaces" sets one state on many ([`BulkChange`]).

use leptos::prelude::*;

use crate::panel::calls;
use crate::panel::session::Session;
use crate::panel::widgets::BulkChange;
use crate::panel::widgets::{Choices, Confirm, ErrorPanel, LastSet};
use crate::protect::Named;
use crate::settings::{Change, Setting};
use crate::text::Text;

#[component]
pub fn DomainAuthPage() -> impl IntoView {
    let s = Session::get();
    // What this panel last set for the namespace, if anything.
    let known = move || {
        s.last_set
            .of(Setting::DomainAuth, &s.game_id.get(), &s.namespace_id.get())
            .map(|c| c == Change::DomainAuth(true))
    };
    let opts = calls::page_options();
    let set = Action::new_local(move |(enabled, named): &(bool, Named)| {
        let change = Change::DomainAuth(*enabled);
        calls::set(s, opts.clone(), change, s.namespace(), named.clone())
    });
    let several = RwSignal::new(Change::DomainAuth(true).value().to_owned());
    // Optimistic: the value being set while the call runs, then what is known.
    let input = set.input();
    let shown = move || input.with(|i| i.as_ref().map(|(on, _)| *on)).or_else(known);
    let confirming = RwSignal::new(false);
    // The last value asked for, for Try again.
    let wanted = StoredValue::new(None::<bool>);
    // One call at a time, however often it is asked for (a double click,
    // Try again while one runs).
    let send = move |enabled: bool, named: Named| {
        if !set.pending().get_untracked() {
            wanted.set_value(Some(enabled));
            set.dispatch((enabled, named));
        }
    };
    // The value a confirmation asks for: both are confirmed, with what will
    // be sent.
    let asked = RwSignal::new(true);
    let guarded = RwSignal::new(Vec::new());
    let sent = move || {
        s.namespace_id.track();
        calls::preview(s, &Change::DomainAuth(asked.get()), &[s.namespace()])
    };
    let request = move |enabled: bool| {
        if !set.pending().get_untracked() {
            asked.set(enabled);
            guarded.set(vec![s.namespace()]);
            confirming.set(true);
        }
    };
    let last = Signal::derive(move || known().map(|on| if on { "on" } else { "off" }.to_owned()));
    view! {
        <section class="gc-page" aria-labelledby="domain-heading">
            <h2 id="domain-heading">"Domain-based authentication"</h2>
            <p class="gc-muted">
                "When on, players reaching the game from the namespace's own domains get a public token without a separate sign-in."
            </p>
            <LastSet value=last />
            {move || match shown() {
                Some(on) => view! {
                    <button
                        type="button"
                        role="switch"
                        class="gc-switch"
                        aria-checked=on.to_string()
                        aria-busy=move || set.pending().get().to_string()
                        on:click=move |_| request(!on)
                    >
                        <span class="gc-switch-track" aria-hidden="true"><span class="gc-switch-thumb"></span></span>
                        "Domain-based authentication"
                    </button>
                }.into_any(),
                None => view! {
                    <div class="gc-toolbar" role="group" aria-label="Domain-based authentication: unknown">
                        <span class="gc-unknown">"Domain-based authentication: unknown"</span>
                        <button type="button" on:click=move |_| request(true)>"Enable…"</button>
                        <button type="button" class="gc-secondary" on:click=move |_| request(false)>"Disable…"</button>
                    </div>
                }.into_any(),
            }}
            <Confirm
                open=confirming
                text=Signal::derive(move || {
                    let mut text = Text::default()
                        .plain(if asked.get() { "Enable" } else { "Disable" })
                        .plain(" domain-based authentication for namespace ")
                        .secret(s.namespace_id.get().trim())
                        .plain("?");
                    text.append(sent().text);
                    text
                })
                confirm="Apply"
                on_confirm=Callback::new(move |named| send(asked.get_untracked(), named))
                curl=Signal::derive(move || sent().curl)
                guarded=guarded
            />
            {move || set.value().get().and_then(Result::err).map(|e| {
                // Asked again, like any change: the selected namespace may
                // be another by now, or protected.
                let retry = Callback::new(move |_| {
                    if let Some(v) = wanted.get_value() {
                        request(v);
                    }
                });
                view! { <ErrorPanel error=e retry /> }.into_any()
            })}
            <details class="gc-bulk">
                <summary>"Several namespaces"</summary>
                <Choices legend="Set domain-based authentication to" name="domain-several" value=several
                    options=vec![
                        ("enabled", "Players on the namespace's own domains get a public token without a separate sign-in."),
                        ("disabled", "The namespace's domains give no public token."),
                    ] />
                <BulkChange change=Signal::derive(move || several.with(|c| Change::of_choice(Setting::DomainAuth, c))) />
            </details>
        </section>
    }
}
