//! Set the CDN authentication type of one namespace or several, after a
//! confirmation.

use leptos::prelude::*;

use crate::model::CdnAuthType;
use crate::panel::session::Session;
use crate::panel::widgets::BulkChange;
use crate::panel::widgets::{Choices, LastSet};
use crate::settings::{Change, Setting};

fn meaning(t: &CdnAuthType) -> &'static str {
    match t {
        CdnAuthType::None => "Anyone with the link can fetch the namespace's CDN content.",
        CdnAuthType::Basic => {
            "Visitors sign in with HTTP basic auth, against the namespace's CDN user list."
        }
        CdnAuthType::Other(_) => "A type this panel does not know.",
    }
}

#[component]
pub fn CdnAuthPage() -> impl IntoView {
    let s = Session::get();
    let choice = RwSignal::new(CdnAuthType::None.to_string());
    let last = Signal::derive(move || {
        s.last_set
            .of(Setting::CdnAuth, &s.game_id.get(), &s.namespace_id.get())
            .map(|c| c.value().to_owned())
    });

    let options = CdnAuthType::KNOWN
        .iter()
        .map(|t| (t.as_str(), meaning(t)))
        .collect();
    view! {
        <section class="gc-page" aria-labelledby="cdn-heading">
            <h2 id="cdn-heading">"CDN authentication"</h2>
            <p class="gc-muted">
                "Who may fetch a namespace's CDN content. The service cannot report the current setting, so the panel shows only what it last set here."
            </p>
            <LastSet value=last />
            <Choices legend="Authentication type" name="cdn-auth" value=choice options />
            <BulkChange change=Signal::derive(move || choice.with(|c| Change::of_choice(Setting::CdnAuth, c))) />
        </section>
    }
}
