//! Set the CDN authentication type of one namespace or several, after a
//! confirmation.

use leptos::prelude::*;

use crate::model::CdnAuthType;
use crate::panel::widgets::BulkChange;
use crate::panel::widgets::{Choice, Choices, LastSet};
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
    let choice = RwSignal::new(CdnAuthType::None);

    let options = CdnAuthType::KNOWN
        .iter()
        .map(|t| Choice {
            value: t.clone(),
            name: t.as_str(),
            meaning: meaning(t),
        })
        .collect();
    view! {
        <section class="gc-page" aria-labelledby="cdn-heading">
            <h1 id="cdn-heading">"CDN authentication"</h1>
            <p class="gc-muted">
                "Who may fetch a namespace's CDN content. The service cannot report the current setting, so the panel shows only what it last set here."
            </p>
            <LastSet setting=Setting::CdnAuth />
            {Choices::new("Authentication type", options).radios(choice)}
            <BulkChange change=Signal::derive(move || Change::CdnAuth(choice.get())) />
        </section>
    }
}
