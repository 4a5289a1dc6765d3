//! Which namespaces a change goes to: the selected one, those used here
//! (with their labels and what this panel last set on each), and ids typed
//! in.

use leptos::prelude::*;

use crate::bulk::Picks;
use crate::ids::NamespaceId;
use crate::panel::present::name;
use crate::panel::session::Session;
use crate::settings::Change;
use crate::validate::{self, IdKind};

/// The namespaces offered, `(id, label)`: the selected one, those used here,
/// those typed in (tracked).
pub fn offered(s: Session, picks: RwSignal<Picks>) -> Vec<(NamespaceId, String)> {
    let known = s.recent.namespaces();
    s.namespace_id.track();
    picks.with(|p| p.offered(&s.namespace(), known))
}

/// Those of them chosen: ticked, or the selected one unless unticked or
/// protected (tracked).
pub fn chosen(s: Session, picks: RwSignal<Picks>) -> Vec<(NamespaceId, String)> {
    let selected = s.namespace();
    s.protected
        .with(|marks| picks.with(|p| p.chosen(offered(s, picks), &selected, marks)))
}

/// A checkbox per namespace offered, and a field to add another by its id.
#[component]
pub fn NamespacePicker(
    picks: RwSignal<Picks>,
    /// The change the page's choice makes: each namespace says what this
    /// panel last set there.
    change: Signal<Change>,
) -> impl IntoView {
    let s = Session::get();
    let typed = RwSignal::new(String::new());
    let typed_issue = RwSignal::new(String::new());
    let add = move || {
        let id = NamespaceId::new(&typed.get_untracked());
        match validate::id(IdKind::Namespace, id.as_str()) {
            Some(issue) => typed_issue.set(issue.message),
            None => {
                picks.update(|p| p.add(&id));
                typed.set(String::new());
                typed_issue.set(String::new());
            }
        }
    };
    view! {
        <fieldset class="gc-choices">
            <legend>"Namespaces"</legend>
            {move || {
                let (game, selected) = s.ids();
                let setting = change.with(Change::setting);
                offered(s, picks).into_iter().map(|(id, label)| {
                    let checked = s.protected.with(|marks| picks.with(|p| p.is_chosen(&id, &selected, marks)));
                    let last = s.last_set.of(setting, &game, &id).map(|c| format!(" (last set here: {})", c.value()));
                    let text = view! { {name(id.as_str(), &label, s.protected.has(&id))} {last} };
                    view! {
                        <label class="gc-choice">
                            <input type="checkbox" prop:checked=checked
                                on:change=move |ev| picks.update(|p| p.set(&id, event_target_checked(&ev))) />
                            <span>{text}</span>
                        </label>
                    }
                    .into_any()
                }).collect_view()
            }}
            <div class="gc-toolbar">
                <input type="text" class="gc-secret" aria-label="Another namespace id" placeholder="Another namespace id"
                    spellcheck="false" bind:value=typed
                    on:keydown=move |ev| if ev.key() == "Enter" { add() } />
                <button type="button" class="gc-secondary" on:click=move |_| add()>"Add"</button>
            </div>
            <p class="gc-hint gc-secret" role="alert">{move || typed_issue.get()}</p>
        </fieldset>
    }
}
