//! A setting's page: what was last set, and the choice of a value.

use leptos::prelude::*;

/// What this panel last set for the selected namespace: the service cannot
/// report a setting back, so "unknown" is said rather than a guess.
#[component]
pub fn LastSet(#[prop(into)] value: Signal<Option<String>>) -> impl IntoView {
    view! {
        <p role="status" class="gc-last-set">
            {move || match value.get() {
                Some(v) => format!("Last set from this panel: {v}."),
                None => "Not set from this panel yet: the current setting is unknown.".to_owned(),
            }}
        </p>
    }
}

/// Radio buttons for one value: each choice's name, in bold, and what it
/// means.
#[component]
pub fn Choices(
    legend: &'static str,
    name: &'static str,
    value: RwSignal<String>,
    options: Vec<(&'static str, &'static str)>,
) -> impl IntoView {
    view! {
        <fieldset class="gc-choices">
            <legend>{legend}</legend>
            {options.into_iter().map(|(v, meaning)| view! {
                <label class="gc-choice">
                    <input type="radio" name=name value=v
                        prop:checked=move || value.with(|c| c == v)
                        on:change=move |_| value.set(v.to_owned()) />
                    <span><strong>{v}</strong> " — " {meaning}</span>
                </label>
            }).collect_view()}
        </fieldset>
    }
}
