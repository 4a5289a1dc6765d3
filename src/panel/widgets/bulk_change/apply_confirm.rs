//! The Apply button and its confirmation, which lists every namespace the
//! change goes to, those protected and left out, and what will be sent.

use leptos::prelude::*;

use super::super::confirm::Confirm;
use super::namespace_picker::{chosen, offered};
use crate::bulk::{self, Picks, Plan};
use crate::ids::NamespaceId;
use crate::panel::calls;
use crate::panel::session::Session;
use crate::protect::Named;
use crate::settings::Change;
use crate::text::Text;

/// What the confirmation asks about.
#[derive(Clone, Copy)]
pub struct Asking {
    /// Whether it is open.
    pub open: RwSignal<bool>,
    /// The namespaces it shows, as chosen when it opened: what the person
    /// reviews is what is sent, each one's guard read again from the marks
    /// when Apply is pressed.
    pub namespaces: RwSignal<Vec<NamespaceId>>,
    /// Whether it is for a retry of the run, not a new run.
    pub again: RwSignal<bool>,
}

impl Asking {
    pub fn new() -> Self {
        Asking {
            open: RwSignal::new(false),
            namespaces: RwSignal::new(Vec::new()),
            again: RwSignal::new(false),
        }
    }

    /// Opens the confirmation for `namespaces`.
    pub fn ask(self, namespaces: Vec<NamespaceId>, again: bool) {
        self.namespaces.set(namespaces);
        self.again.set(again);
        self.open.set(true);
    }
}

/// Each id with the label this panel knows it by.
pub fn with_labels(s: Session, ids: Vec<NamespaceId>) -> Vec<(NamespaceId, String)> {
    ids.into_iter()
        .map(|id| {
            let label = s.recent.label(&id);
            (id, label)
        })
        .collect()
}

#[component]
pub fn ApplyConfirm(
    picks: RwSignal<Picks>,
    /// The run: Apply waits while one goes.
    plan: RwSignal<Plan>,
    /// The change asked for: the page's, or the run's for a retry.
    change: Signal<Change>,
    asking: Asking,
    /// Runs once confirmed, with the namespaces whose names were typed.
    on_confirm: Callback<Named>,
) -> impl IntoView {
    let s = Session::get();
    let Asking {
        namespaces, again, ..
    } = asking;
    // What the change will send, and the same as curl commands.
    let sent = move || calls::preview(s, &change.get(), &namespaces.get());
    // Nothing to apply where every namespace chosen was last set here to
    // this value (a namespace not set from here may differ: it counts).
    let changes_nothing = move || {
        let (game, _) = s.ids();
        change.with(|c| {
            chosen(s, picks)
                .iter()
                .all(|(id, _)| s.last_set.of(c.setting(), &game, id).as_ref() == Some(c))
        })
    };
    let action = change.with_untracked(|c| c.setting().action());
    let ask = move |_| {
        asking.ask(
            untrack(|| chosen(s, picks))
                .into_iter()
                .map(|(id, _)| id)
                .collect(),
            false,
        )
    };
    // Set already, as far as this panel knows: the service cannot say, and
    // someone may have changed it since (elsewhere), so it may be set again.
    let set_again = move || {
        (changes_nothing() && !chosen(s, picks).is_empty()).then(|| view! {
            <p class="gc-hint">"Set to this from here already. "
                <button type="button" class="gc-tertiary gc-small" disabled=move || plan.with(Plan::is_running) on:click=ask>"Set again…"</button>
            </p>
        })
    };
    view! {
        <button type="button" class="gc-secondary" disabled=move || plan.with(Plan::is_running) || chosen(s, picks).is_empty() || changes_nothing()
            on:click=ask>
            // It names the change; none chosen, it is disabled and says no number.
            {move || match chosen(s, picks).len() {
                0 | 1 => format!("{}…", change.with(Change::button)),
                n => format!("{} on {n} namespaces…", change.with(Change::button)),
            }}
        </button>
        {set_again}
        <Confirm
            open=asking.open
            text=Signal::derive(move || {
                let chosen = with_labels(s, namespaces.get());
                // The protected namespaces offered but not ticked: left out.
                // (A retry sends again what it sent: nothing is left out.)
                let out: Vec<_> = if again.get() { Vec::new() } else {
                    offered(s, picks).into_iter().filter(|o| s.protected.has(&o.0) && !chosen.contains(o)).collect()
                };
                let mut text = Text::default().plain(&format!("{}?\nOn {}: ", change.get().sentence(), plural(chosen.len())));
                text.append(listed(&chosen));
                text.push_plain(".");
                if !out.is_empty() {
                    text.push_plain(" Left out, protected and not ticked: ");
                    text.append(listed(&out));
                    text.push_plain(".");
                }
                text
            })
            request=Signal::derive(move || sent().text)
            confirm=action
            on_confirm
            curl=Signal::derive(move || sent().curl)
            powershell=Signal::derive(move || sent().powershell)
            guarded=namespaces
        />
    }
}

/// Namespaces named for a confirmation by their labels, with short ids
/// (secret): "Production (7d8e9f10), c0ffee00". The request shows them whole.
fn listed(list: &[(NamespaceId, String)]) -> Text {
    let mut text = Text::default();
    for (i, (id, label)) in list.iter().enumerate() {
        if i > 0 {
            text.push_plain(", ");
        }
        text.append(bulk::masked_name(&crate::ids::short(id.as_str()), label));
    }
    text
}

/// "1 namespace", "3 namespaces".
fn plural(n: usize) -> String {
    if n == 1 {
        "1 namespace".to_owned()
    } else {
        format!("{n} namespaces")
    }
}
