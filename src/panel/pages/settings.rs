//! Namespace settings: the CDN authentication type and domain-based
//! authentication, a row each (what it is in a line, what this panel last
//! set, the choice and Apply; under them the other namespaces it may go
//! to), each applied through the same change
//! ([`BulkChange`]: one confirmation, guard, send, retry and log). The four
//! operations cannot read a setting back: where this panel has not set one,
//! it says "unknown", not "off".

use leptos::prelude::*;

use crate::model::CdnAuthType;
use crate::panel::widgets::{BulkChange, Choice, Choices, LastSet};
use crate::settings::{cdn_auth_name, Change, Setting};

fn meaning(t: &CdnAuthType) -> &'static str {
    match t {
        CdnAuthType::None => "Anyone with the link can fetch the content.",
        CdnAuthType::Basic => "Visitors sign in with HTTP basic auth (the namespace's CDN users).",
        CdnAuthType::Other(_) => "A type this panel does not know.",
    }
}

#[component]
pub fn SettingsPage() -> impl IntoView {
    let cdn = RwSignal::new(CdnAuthType::None);
    let domain = RwSignal::new(true);
    let cdn_types = CdnAuthType::KNOWN
        .iter()
        .map(|t| Choice {
            value: t.clone(),
            name: cdn_auth_name(t).unwrap_or("Another type"),
            meaning: meaning(t),
        })
        .collect();
    // Domain-based authentication is on or off: a switch.
    let switch = view! {
        <label class="gc-switch">
            <input type="checkbox" role="switch" prop:checked=move || domain.get()
                on:change=move |ev| domain.set(event_target_checked(&ev)) />
            <span>"Domain-based auth"</span>
        </label>
        <p class="gc-hint">{move || if domain.get() {
            "On: players on its own domains get a public token."
        } else {
            "Off: its domains give no public token."
        }}</p>
    }
    .into_any();
    view! {
        <section class="gc-page" aria-labelledby="settings-heading">
            <h1 id="settings-heading">"Namespace settings"</h1>
            <p class="gc-muted">"The service cannot report these settings: each says what this panel last set."</p>
            {row(
                "cdn-heading",
                "CDN authentication",
                "Who may fetch the namespace's CDN content.",
                Setting::CdnAuth,
                Choices::new("Authentication type", cdn_types).segmented(cdn),
                Signal::derive(move || Change::CdnAuth(cdn.get())),
            )}
            {row(
                "domain-heading",
                "Domain-based authentication",
                "Whether players reaching the game from the namespace's own domains skip a separate sign-in.",
                Setting::DomainAuth,
                switch,
                Signal::derive(move || Change::DomainAuth(domain.get())),
            )}
        </section>
    }
}

/// One setting's row: its title, a line and what this panel last set on the
/// left; its control and Apply on the right; under them the other
/// namespaces and each namespace's result.
fn row(
    id: &'static str,
    title: &'static str,
    line: &'static str,
    setting: Setting,
    control: AnyView,
    change: Signal<Change>,
) -> impl IntoView {
    view! {
        <section class="gc-setting" aria-labelledby=id>
            <div class="gc-setting-text">
                <h2 id=id>{title}</h2>
                <p class="gc-muted">{line}</p>
                <LastSet setting />
            </div>
            <BulkChange change control />
        </section>
    }
}
