//! The action log page: every change made from this panel in this browser,
//! newest first, in words (`row.rs`), with a filter, CSV and JSON export,
//! and Clear; with none yet, what will appear there.

mod row;

use leptos::prelude::*;

use crate::action_log::entries_text;
use crate::ids::NamespaceId;
use crate::panel::widgets::{help, Confirm};
use crate::route::Page;
use crate::text::Text;

#[component]
pub fn LogPage() -> impl IntoView {
    let s = crate::panel::session::Session::get();
    let log = s.log;
    let filter = RwSignal::new(String::new());
    // Worked out where it is read (500 entries at most), not a memo of a
    // type of its own (docs/SIZE.md, size rule "no new reactive types").
    let rows = move || log.with(|l| l.matching(&filter.get()));
    let clearing = RwSignal::new(false);
    let export = move |json: bool| {
        let rows = untrack(rows);
        log.with_untracked(|l| {
            if json {
                crate::panel::widgets::download(
                    &l.to_json(&rows, true),
                    "application/json",
                    "action-log.json",
                );
            } else {
                crate::panel::widgets::download(&l.to_csv(&rows), "text/csv", "action-log.csv");
            }
        });
    };
    view! {
        <section class="gc-page" aria-labelledby="log-heading">
            <h1 id="log-heading">"Action log"</h1>
            {help(
                "Every change made from this panel in this browser, newest first.",
                "Kept in this browser only (the newest 500), never a token. Unfold a request to read all of it; the exports hold every field.",
            )}
            <div class="gc-toolbar gc-log-tools">
                <label>"Filter " <input type="search" name="log-filter" class="gc-secret" placeholder="e.g. domain failed staging" bind:value=filter /></label>
                <button type="button" class="gc-secondary" on:click=move |_| export(false)>"Export CSV"</button>
                <button type="button" class="gc-secondary" on:click=move |_| export(true)>"Export JSON"</button>
                <button type="button" class="gc-secondary" disabled=move || log.with(|l| l.entries.is_empty()) on:click=move |_| clearing.set(true)>"Clear…"</button>
            </div>
            <Confirm
                open=clearing
                text=Signal::derive(move || Text::default().plain(&format!("Clear the action log?\n{} in this browser will go; the namespaces' settings stay as they are.", log.with(|l| entries_text(l.entries.len())))))
                confirm="Clear the log"
                on_confirm=Callback::new(move |_| log.clear())
            />
            <p role="status" class="gc-muted">
                {move || {
                    let (shown, all) = (rows().len(), log.with(|l| l.entries.len()));
                    if shown == all { entries_text(all) } else { format!("{shown} of {}", entries_text(all)) }
                }}
                {(log.dropped > 0).then(|| format!(" {}", crate::panel::store::dropped_note(log.dropped, "log entry")))}
                {move || {
                    use crate::action_log::{MAX_BYTES, MAX_ENTRIES};
                    let n = log.with(|l| l.let_go);
                    (n > 0).then(|| format!(" Older entries let go: {n}. The log keeps its newest {MAX_ENTRIES}, within {} KB.", MAX_BYTES / 1024))
                }}
            </p>
            {move || log.with(|l| l.entries.is_empty()).then(|| view! {
                <p class="gc-empty gc-log-empty">
                    "No changes yet. Changes you apply here are listed: settings you apply on "
                    <a href=s.href(Page::Settings)>"Namespace settings"</a>
                    ", tokens you create on "
                    <a href=s.href(Page::DevToken)>"Development token"</a>
                    " and namespaces you mark protected."
                </p>
            })}
            <div class="gc-table-scroll" tabindex="0" role="region" aria-label="Action log entries" hidden=move || log.with(|l| l.entries.is_empty())>
                <table class="gc-table gc-log" aria-label="Action log">
                    <thead>
                        <tr>
                            <th scope="col">"When (UTC)"</th>
                            <th scope="col">"Operation"</th>
                            <th scope="col">"Namespace"</th>
                            <th scope="col">"Value"</th>
                            <th scope="col">"Outcome"</th>
                            <th scope="col">"Ray id"</th>
                            <th scope="col">"Request"</th>
                        </tr>
                    </thead>
                    <tbody>
                        // Again when presentation mode changes: the ids are
                        // tooltips only outside it.
                        {move || {
                            let titled = !s.presenting.is_on();
                            let rows = rows();
                            log.with(|l| rows.into_iter().map(|i| {
                                let e = l.entries[i].clone();
                                let id = NamespaceId::new(&e.namespace_id);
                                let label = if e.namespace_label.is_empty() { s.recent.label(&id) } else { e.namespace_label.clone() };
                                let protected = s.protected.has(&id);
                                row::row(e, row::Around { label, protected, titled }).into_any()
                            }).collect_view())
                        }}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
