//! Enable or disable a namespace's domain-based authentication, on one
//! namespace or several, through the same change as every setting
//! ([`BulkChange`]: one confirmation, guard, send, retry and log). The four
//! operations cannot read the setting back: where this panel has not set it,
//! it says "unknown", not "off".

use leptos::prelude::*;

use crate::panel::widgets::BulkChange;
use crate::panel::widgets::{Choice, Choices, LastSet};
use crate::settings::{Change, Setting};

#[component]
pub fn DomainAuthPage() -> impl IntoView {
    let enabled = RwSignal::new(true);
    let options = vec![
        Choice {
            value: true,
            name: "enabled",
            meaning: "Players on the namespace's own domains get a public token without a separate sign-in.",
        },
        Choice {
            value: false,
            name: "disabled",
            meaning: "The namespace's domains give no public token.",
        },
    ];
    view! {
        <section class="gc-page" aria-labelledby="domain-heading">
            <h1 id="domain-heading">"Domain-based authentication"</h1>
            <p class="gc-muted">
                "When on, players reaching the game from the namespace's own domains get a public token without a separate sign-in."
            </p>
            <LastSet setting=Setting::DomainAuth />
            {Choices::new("Set domain-based authentication to", options).radios(enabled)}
            <BulkChange change=Signal::derive(move || Change::DomainAuth(enabled.get())) />
        </section>
    }
}
