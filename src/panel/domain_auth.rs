//! Enable or disable a namespace's domain-based authentication: a switch
//! that shows the new state at once and goes back if the call fails.

use leptos::prelude::*;

use super::widgets::ErrorPanel;
use super::Session;
use crate::api::{ApiError, SetDomainAuth};
use crate::transport::{self, Options};

#[component]
pub fn DomainAuthPage() -> impl IntoView {
    let s = expect_context::<Session>();
    let recent = expect_context::<super::Recent>();
    // The switch: what this panel last set for the namespace, off otherwise.
    let on = RwSignal::new(false);
    Effect::new(move |_| {
        let key = s.namespace_key();
        on.set(
            s.domain_last_set
                .with(|m| m.get(&key).copied().unwrap_or(false)),
        );
    });
    let confirming = RwSignal::new(false);
    let error = RwSignal::new(None::<ApiError>);
    let set = Action::new_local(move |enabled: &bool| {
        let (conn, game, ns, enabled) = (s.connection(), s.game(), s.namespace(), *enabled);
        let before = !enabled;
        on.set(enabled);
        error.set(None);
        async move {
            let op = SetDomainAuth {
                game_id: &game,
                namespace_id: &ns,
                enabled,
            };
            let result = match conn {
                Ok(conn) => transport::send(&conn, &op, &Options::default()).await,
                Err(e) => Err(e),
            };
            match result {
                Ok(()) => {
                    recent.record(&s);
                    s.domain_last_set.update(|m| {
                        m.insert(super::session::namespace_key(&game, &ns), enabled);
                    });
                }
                Err(e) => {
                    on.set(before);
                    error.set(Some(e));
                }
            }
        }
    });
    let toggle = move |_| {
        if set.pending().get_untracked() {
            return;
        }
        if on.get_untracked() {
            set.dispatch(false);
        } else {
            confirming.set(true);
        }
    };
    let last = move || {
        s.domain_last_set
            .with(|m| m.get(&s.namespace_key()).copied())
    };
    view! {
        <section class="gc-page" aria-labelledby="domain-heading">
            <h2 id="domain-heading">"Domain-based authentication"</h2>
            <p class="gc-muted">
                "When on, players reaching the game from the namespace's own domains get a public token without a separate sign-in."
            </p>
            <p role="status" class="gc-last-set">
                {move || match last() {
                    Some(true) => "Last set from this panel: on.".to_owned(),
                    Some(false) => "Last set from this panel: off.".to_owned(),
                    None => "Not set from this panel yet: the current setting is unknown.".to_owned(),
                }}
            </p>
            <button
                type="button"
                role="switch"
                class="gc-switch"
                aria-checked=move || on.get().to_string()
                aria-busy=move || set.pending().get().to_string()
                on:click=toggle
            >
                <span class="gc-switch-track" aria-hidden="true"><span class="gc-switch-thumb"></span></span>
                "Domain-based authentication"
            </button>
            <Show when=move || confirming.get()>
                <div class="gc-confirm" role="alertdialog" aria-labelledby="domain-confirm-text">
                    <p id="domain-confirm-text">
                        {move || format!("Enable domain-based authentication for namespace {}?", s.namespace_id.get().trim())}
                    </p>
                    <button type="button" on:click=move |_| { confirming.set(false); set.dispatch(true); }>"Enable"</button>
                    <button type="button" class="gc-secondary" on:click=move |_| confirming.set(false)>"Cancel"</button>
                </div>
            </Show>
            {move || error.get().map(|e| {
                let retry = Callback::new(move |_| { set.dispatch(!on.get_untracked()); });
                view! { <ErrorPanel error=e retry=retry /> }
            })}
        </section>
    }
}
