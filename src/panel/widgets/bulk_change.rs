//! How the CDN auth and domain auth pages apply a setting: to the selected
//! namespace, or to several (those this panel knows, with their labels, or
//! typed in). One confirmation lists every namespace and the value; then
//! each one's result shows, a few calls at a time; cancel stops what has not
//! started, and a retry sends only what did not succeed. The queue itself
//! is `crate::bulk`.

use leptos::prelude::*;

use crate::bulk::{self, Next, Picks, Plan, Step, CONCURRENCY};
use crate::panel::calls;
use crate::panel::present::name;
use crate::panel::session::Session;
use crate::panel::widgets::{Confirm, ErrorPanel};
use crate::protect::Named;
use crate::settings::Change;
use crate::text::Text;
use crate::validate::{self, IdKind};

#[component]
pub fn BulkChange(
    /// The change the page's choice makes.
    change: Signal<Change>,
) -> impl IntoView {
    let s = Session::get();
    let recent = s.recent;
    let picks = RwSignal::new(Picks::default());
    let typed = RwSignal::new(String::new());
    let typed_issue = RwSignal::new(String::new());
    let plan = RwSignal::new(Plan::default());
    let confirming = RwSignal::new(false);
    // The calls stop when the page goes away. A 429 that names its wait
    // comes back at once (no retry inside the call), so that the plan
    // pauses every call (`Plan::finish`).
    let mut opts = calls::page_options();
    opts.retry.max_retry_after_ms = 0;
    let opts = StoredValue::new_local(opts);
    // The change a run makes, kept for a retry whatever the page shows
    // since, and the namespaces whose names were typed to confirm it.
    let run_change = StoredValue::new(change.get_untracked());
    let run_named = StoredValue::new(Named::default());
    // The confirmation is for a retry of the run, not a new run.
    let again = RwSignal::new(false);
    // What the confirmation asks for: the page's change, or the run's for a
    // retry.
    let the_change = move || {
        if again.get() {
            run_change.get_value()
        } else {
            change.get()
        }
    };
    let setting = move || change.with(Change::setting);

    let offered = move || {
        let known = recent.namespaces();
        s.namespace_id.track();
        picks.with(|p| p.offered(&s.namespace(), known))
    };
    let chosen = move || {
        let selected = s.namespace();
        s.protected
            .with(|marks| picks.with(|p| p.chosen(offered(), &selected, marks)))
    };
    let running = move || plan.with(Plan::is_running);
    // The namespaces a confirmation shows, as chosen when it opened: what
    // the person reviews is what is sent, each one's guard read again from
    // the marks when Apply is pressed.
    let asked = RwSignal::new(Vec::<String>::new());
    let with_labels = move |ids: Vec<String>| -> Vec<(String, String)> {
        ids.into_iter()
            .map(|id| {
                let label = recent.label_of(IdKind::Namespace, &id);
                (id, label)
            })
            .collect()
    };
    // What the change will send, and the same as curl commands.
    let sent = move || calls::preview(s, &the_change(), &asked.get());

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
                            let result = calls::set(s, opts, c, ns, named).await;
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
        let namespaces = with_labels(asked.get_untracked());
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
    let ask_retry = move || {
        let unfinished = plan.with_untracked(Plan::unfinished);
        // The marks as kept now: another tab may have marked one a moment ago.
        s.protected.refresh();
        if unfinished.iter().any(|id| s.protected.has(id)) {
            asked.set(unfinished);
            again.set(true);
            confirming.set(true);
        } else {
            retry(Named::default());
        }
    };
    let add = move || {
        let id = typed.get_untracked();
        let id = validate::canonical_id(&id);
        match validate::id(IdKind::Namespace, &id) {
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
                let selected = s.namespace();
                offered().into_iter().map(|(id, label)| {
                    let checked = s.protected.with(|marks| picks.with(|p| p.is_chosen(&id, &selected, marks)));
                    let last = s.last_set.of(setting(), &s.game_id.get(), &id).map(|c| format!(" (last set here: {})", c.value()));
                    let text = view! { {name(&id, &label, s.protected.has(&id))} {last} };
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
        <button type="button" disabled=move || running() || chosen().is_empty()
            on:click=move |_| {
                asked.set(untrack(chosen).into_iter().map(|(id, _)| id).collect());
                again.set(false);
                confirming.set(true);
            }>
            {move || match chosen().len() {
                1 => "Apply…".to_owned(),
                n => format!("Apply to {n} namespaces…"),
            }}
        </button>
        <Confirm
            open=confirming
            text=Signal::derive(move || {
                let chosen = with_labels(asked.get());
                // The protected namespaces offered but not ticked: left out.
                // (A retry sends again what it sent: nothing is left out.)
                let out: Vec<_> = if again.get() { Vec::new() } else {
                    offered().into_iter().filter(|o| s.protected.has(&o.0) && !chosen.contains(o)).collect()
                };
                let mut text = Text::default()
                    .plain(&format!("Set {} on {}: ", the_change().describe(), plural(chosen.len())));
                text.append(listed(&chosen));
                text.push_plain("?");
                if !out.is_empty() {
                    text.push_plain("\nLeft out, protected and not ticked: ");
                    text.append(listed(&out));
                    text.push_plain(".");
                }
                text.append(sent().text);
                text
            })
            confirm="Apply"
            on_confirm=Callback::new(move |named| if again.get_untracked() { retry(named) } else { start(named) })
            curl=Signal::derive(move || sent().curl)
            guarded=asked
        />
        {move || plan.with(|p| (!p.items.is_empty()).then(|| view! {
            <ul class="gc-results" aria-label="Result per namespace">
                {p.items.iter().map(|item| {
                    let failure = match &item.step {
                        Step::Failed(e) => Some(view! { <ErrorPanel error=e.clone() /> }),
                        _ => None,
                    };
                    view! {
                        <li data-step=item.step.text()>
                            <strong>{name(&item.namespace_id, &item.label, s.protected.has(&item.namespace_id))}</strong> ": " {item.step.text()} {failure}
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
                    <button type="button" on:click=move |_| ask_retry()>"Retry the failed ones"</button>
                })}
            </div>
        }.into_any()))}
    }
}

/// Namespaces named for a confirmation, ids secret: "prod (7d8e…), c0ff…".
fn listed(list: &[(String, String)]) -> Text {
    let mut text = Text::default();
    for (i, (id, label)) in list.iter().enumerate() {
        if i > 0 {
            text.push_plain(", ");
        }
        text.append(bulk::masked_name(id, label));
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
