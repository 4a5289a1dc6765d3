//! Each namespace's result of a run, as it comes: waiting, running, done or
//! failed (with the failure), a summary, and what can be done next.

use leptos::prelude::*;

use super::super::error_panel::ErrorPanel;
use crate::bulk::{Plan, Step};
use crate::panel::present::name;
use crate::panel::session::Session;

#[component]
pub fn RunResults(
    plan: RwSignal<Plan>,
    /// Sends again what did not succeed.
    retry: Callback<()>,
) -> impl IntoView {
    let s = Session::get();
    move || {
        plan.with(|p| (!p.items.is_empty()).then(|| view! {
        <ul class="gc-results" aria-label="Result per namespace">
            {p.items.iter().map(|item| {
                let failure = match &item.step {
                    Step::Failed(e) => Some(view! { <ErrorPanel error=e.clone() /> }),
                    _ => None,
                };
                view! {
                    <li data-step=item.step.text()>
                        <strong>{name(item.namespace_id.as_str(), &item.label, s.protected.has(&item.namespace_id))}</strong> ": " {item.step.text()} {failure}
                    </li>
                }
            }).collect_view()}
        </ul>
        <p role="status">{p.summary()}</p>
        <div class="gc-toolbar">
            {p.is_running().then(|| view! {
                <button type="button" class="gc-secondary"
                    on:click=move |_| plan.update(Plan::cancel)>"Cancel the rest"</button>
            })}
            {p.can_retry().then(|| view! {
                <button type="button" on:click=move |_| retry.run(())>"Retry the failed ones"</button>
            })}
        </div>
    }.into_any()))
    }
}
