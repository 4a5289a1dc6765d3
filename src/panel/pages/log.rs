//! The action log page: every change made from this panel in this browser,
//! newest first, with a filter, CSV and JSON export, and Clear.

use leptos::prelude::*;

use crate::ids::NamespaceId;

use crate::model::Timestamp;
use crate::panel::widgets::{help, Confirm};
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
    let when = |ms: i64| {
        Timestamp::from_unix_ms(ms).map_or(String::new(), |t| {
            let (date, time) = t.utc_date_and_time();
            format!("{date} {time}")
        })
    };
    view! {
        <section class="gc-page" aria-labelledby="log-heading">
            <h1 id="log-heading">"Action log"</h1>
            {help(
                "Every change made from this panel in this browser, newest first. Never a token.",
                "Each says when, what, where, the value, how it ended, the ray id and the request sent. The newest 500 are kept.",
            )}
            <div class="gc-toolbar">
                <label>"Filter " <input type="search" name="log-filter" class="gc-secret" bind:value=filter /></label>
                <button type="button" class="gc-secondary" on:click=move |_| export(false)>"Export CSV"</button>
                <button type="button" class="gc-secondary" on:click=move |_| export(true)>"Export JSON"</button>
                <button type="button" class="gc-secondary" disabled=move || log.with(|l| l.entries.is_empty()) on:click=move |_| clearing.set(true)>"Clear…"</button>
            </div>
            <Confirm
                open=clearing
                text=Signal::derive(move || Text::default().plain(&format!("Clear the action log?\nAll {} entries in this browser go; the namespaces' settings stay as they are.", log.with(|l| l.entries.len()))))
                confirm="Clear the log"
                on_confirm=Callback::new(move |_| log.clear())
            />
            <p role="status" class="gc-muted">
                {move || format!("{} of {} entries", rows().len(), log.with(|l| l.entries.len()))}
                {(log.dropped > 0).then(|| format!(" {}", crate::panel::store::dropped_note(log.dropped, "log entry")))}
                {move || {
                    use crate::action_log::{MAX_BYTES, MAX_ENTRIES};
                    let n = log.with(|l| l.let_go);
                    (n > 0).then(|| format!(" Older entries let go: {n}. The log keeps its newest {MAX_ENTRIES}, within {} KB.", MAX_BYTES / 1024))
                }}
            </p>
            <div class="gc-table-scroll" tabindex="0" role="region" aria-label="Action log entries">
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
                        // Again when presentation mode changes: the game id is
                        // a tooltip only outside it.
                        {move || {
                            let titled = !s.presenting.is_on();
                            let rows = rows();
                            log.with(|l| rows.into_iter().map(|i| {
                                let e = l.entries[i].clone();
                                let game = format!("game {}", e.game_id);
                                let failed = e.outcome != "done";
                                view! {
                                    <tr>
                                        <td>{when(e.at_ms)}</td>
                                        <td>{e.operation}</td>
                                        <td title=titled.then_some(game)>
                                            {crate::panel::present::name(&e.namespace_id, &e.namespace_label, s.protected.has(&NamespaceId::new(&e.namespace_id)))}
                                        </td>
                                        <td>
                                            {(!e.hostname.is_empty()).then(|| view! { "hostname " <span class="gc-secret">{e.hostname}</span> "; " })}
                                            {e.value}
                                        </td>
                                        <td class:gc-bad=failed>{e.outcome}</td>
                                        <td><code class="gc-secret">{e.ray_id}</code></td>
                                        // Its URL holds the host and the ids.
                                        <td><code class="gc-secret gc-request">{e.request}</code></td>
                                    </tr>
                                }
                                .into_any()
                            }).collect_view())
                        }}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
