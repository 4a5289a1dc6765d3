//! How a namespace setting is applied: to the selected namespace, or to
//! several (those this panel knows, with their labels, or typed in). One confirmation lists every namespace and the value; then
//! each one's result shows, a few calls at a time; cancel stops what has not
//! started, and a retry sends only what did not succeed. The queue itself
//! is `crate::bulk`; this component holds the run, and its three parts
//! show it: [`NamespacePicker`], [`ApplyConfirm`] and [`RunResults`].

mod apply_confirm;
mod namespace_picker;
mod run_results;

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;

use crate::api::{ApiError, NetworkReason};
use crate::bulk::{Next, Picks, Plan, CONCURRENCY};
use crate::ids::NamespaceId;
use crate::panel::calls;
use crate::panel::lazy::lazy;
use crate::panel::present::name;
use crate::panel::session::Session;
use crate::protect::Named;
use crate::settings::Change;
use crate::transport::Options;
use apply_confirm::{with_labels, ApplyConfirm, Asking};
use namespace_picker::NamespacePicker;
use run_results::RunResults;

#[component]
pub fn BulkChange(
    /// The change the page's choice makes.
    change: Signal<Change>,
    /// The choice itself: Apply goes beside it.
    control: AnyView,
) -> impl IntoView {
    let s = Session::get();
    let picks = RwSignal::new(Picks::default());
    let plan = RwSignal::new(Plan::default());
    let asking = Asking::new();
    // The calls stop when the page goes away. A 429 that names its wait
    // comes back at once (no retry inside the call), so that the plan
    // pauses every call (`Plan::finish`).
    let mut opts = calls::page_options();
    opts.retry.max_retry_after_ms = 0;
    let opts = StoredValue::new_local(opts);
    // What sends a change comes once the page is shown (split builds): the
    // page is usable before it, and a confirmation waits for it.
    #[cfg(gamecloud_split)]
    leptos::task::spawn_local(async {
        let _ = preload_setter().await;
    });
    // The change a run makes, kept for a retry whatever the page shows
    // since, and the namespaces whose names were typed to confirm it.
    let run_change = StoredValue::new(change.get_untracked());
    let run_named = StoredValue::new(Named::default());
    // What the confirmation asks for: the page's change, or the run's for a
    // retry.
    let asked_change = Signal::derive(move || {
        if asking.again.get() {
            run_change.get_value()
        } else {
            change.get()
        }
    });

    // Workers of one run: the plan says what to send and how long to wait;
    // they only sleep and call, and stop when it says so (another run, a
    // cancel, enough calls in flight, or nothing left).
    let spawn_workers = move |run: u32| {
        for _ in 0..CONCURRENCY {
            leptos::task::spawn_local(async move {
                loop {
                    let now = js_sys::Date::now() as u64;
                    match plan.try_update(|p| p.next(run, now)) {
                        Some(Next::Send(ticket, ns)) => {
                            let (Some(c), Some(opts), Some(named)) = (
                                run_change.try_get_value(),
                                opts.try_get_value(),
                                run_named.try_get_value(),
                            ) else {
                                break;
                            };
                            let result = match setter().await {
                                Ok(set) => set(s, opts, c, ns, named).await,
                                Err(_) => Err(not_fetched()),
                            };
                            let now = js_sys::Date::now() as u64;
                            if plan.try_update(|p| p.finish(ticket, result, now)).is_none() {
                                break;
                            }
                        }
                        Some(Next::Wait(ms)) => crate::transport::sleep(ms).await,
                        Some(Next::Stop) | None => break,
                    }
                }
            });
        }
    };
    // Starting while a run goes is a no-op (the plan refuses).
    let start = move |named: Named| {
        let namespaces = with_labels(s, asking.namespaces.get_untracked());
        if let Some(Some(run)) = plan.try_update(|p| p.restart(namespaces)) {
            run_change.set_value(change.get_untracked());
            run_named.set_value(named);
            spawn_workers(run);
        }
    };
    // Only what did not succeed is sent again, with the same value; the
    // names of the protected ones among them are asked for again, whatever
    // was typed for the first run.
    let retry = move |named: Named| {
        if let Some(Some(run)) = plan.try_update(Plan::retry_unfinished) {
            run_named.set_value(named);
            spawn_workers(run);
        }
    };
    let ask_retry = move |_| {
        let unfinished = plan.with_untracked(Plan::unfinished);
        // The marks as kept now: another tab may have marked one a moment ago.
        s.protected.refresh();
        if unfinished.iter().any(|id| s.protected.has(id)) {
            asking.ask(unfinished, true);
        } else {
            retry(Named::default());
        }
    };
    let confirmed = move |named| {
        if asking.again.get_untracked() {
            retry(named)
        } else {
            start(named)
        }
    };

    // Folded, but unfolded once the selected namespace is protected: a
    // change then goes to no namespace until one is ticked there. Never
    // folded by the panel: what a person unfolded stays open.
    let protected = move || s.protected.has(&s.namespace());
    let unfolded = RwSignal::new(untrack(protected));
    Effect::new(move |was: Option<bool>| {
        let now = protected();
        if now && was == Some(false) {
            unfolded.set(true);
        }
        now
    });
    // The namespaces the change goes to, named above its button.
    let applies_to = move || {
        let chosen = namespace_picker::chosen(s, picks);
        if chosen.is_empty() {
            return view! { <p class="gc-hint">"No namespace chosen: tick one under “Apply to other namespaces”."</p> }.into_any();
        }
        let names = chosen
            .into_iter()
            .map(|(id, label)| view! { <li>{name(&crate::ids::short(id.as_str()), &label, s.protected.has(&id))}</li> })
            .collect_view();
        view! { <ul class="gc-applies" aria-label="Applies to">{names}</ul> }.into_any()
    };
    view! {
        <div class="gc-setting-control">
            {control}
            {applies_to}
            <ApplyConfirm picks plan change=asked_change asking on_confirm=Callback::new(confirmed) />
        </div>
        <div class="gc-others">
            <button type="button" class="gc-tertiary gc-fold-button" aria-expanded=move || unfolded.get().to_string()
                on:click=move |_| unfolded.update(|u| *u = !*u)>
                "Apply to other namespaces"
            </button>
            <div hidden=move || !unfolded.get()>
                <NamespacePicker picks change />
            </div>
        </div>
        <RunResults plan retry=Callback::new(ask_retry) />
    }
}

/// A change on its way to one namespace.
type Setting = Pin<Box<dyn Future<Output = Result<(), ApiError>>>>;

lazy! {
    /// Sends a change to one namespace (confirmed for a protected one by
    /// the names typed) and logs it: the transport and the answer's
    /// readers, fetched once the page is shown (split builds).
    fn setter() -> fn(Session, Options, Change, NamespaceId, Named) -> Setting;
    in settings_send, preload preload_setter;
    { |s, opts, change, ns, named| Box::pin(calls::set(s, opts, change, ns, named)) }
}

/// What a change that could not go says when the code that sends it could
/// not be fetched: nothing was sent, and a retry fetches it again.
fn not_fetched() -> ApiError {
    ApiError::Network {
        reason: NetworkReason::Unreachable,
        message: "the panel's code that sends changes could not be fetched (the network, or a new version of the panel deployed: reload the page); nothing was sent".to_owned(),
    }
}
