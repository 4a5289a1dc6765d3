//! The builds page: every field in a table that stays smooth with 100,000
//! builds (only the visible rows are in the DOM), sorting by any column,
//! filtering by text and upload state, CSV and JSON export.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::lazy::{lazy, lazy_view};
use super::session::Session;
use super::widgets::{CopyButton, ErrorPanel};
use crate::api::ListBuilds;
use crate::builds_view::{self, BuildList, Column, Sort, StateFilter};
use crate::model::BuildSummary;

/// Every row has this height (CSS agrees), so the visible slice is arithmetic.
/// Whole pixels: formatting a float would bring float printing into the wasm.
const ROW_PX: usize = 44;
/// Rows rendered above and below the visible ones, for smooth scrolling.
const OVERSCAN: usize = 3;
/// The scrolling area's height.
const VIEWPORT_PX: usize = 560;

#[component]
pub fn BuildsPage() -> impl IntoView {
    let s = Session::get();
    let recent = s.recent;
    let opts = super::calls::page_options();
    let load = Action::new_local(move |_: &()| {
        let (game, opts) = (s.game(), opts.clone());
        // The table's code is fetched while the list is (split builds); a
        // failure shows where the table would be.
        #[cfg(gamecloud_split)]
        leptos::task::spawn_local(async {
            let _ = preload_table().await;
        });
        async move {
            let list = super::calls::read(s, &ListBuilds { game_id: &game }, &opts).await?;
            recent.record(&game, &s.namespace());
            Ok(Arc::new(BuildList::new(list.builds, browser_lowercase)))
        }
    });
    let retry = Callback::new(move |_| {
        load.dispatch(());
    });
    // The last list that loaded stays on screen while a refresh runs.
    let builds = RwSignal::new(None::<Arc<BuildList>>);
    Effect::new(move |_| {
        if let Some(Ok(list)) = load.value().get() {
            builds.set(Some(list));
        }
    });
    view! {
        <section class="gc-page" aria-labelledby="builds-heading" aria-busy=move || load.pending().get().to_string()>
            <h2 id="builds-heading">"Builds"</h2>
            <button type="button" disabled=move || load.pending().get() on:click=move |_| { load.dispatch(()); }>
                {move || if builds.get().is_some() { "Refresh" } else { "Load builds" }}
            </button>
            {move || load.pending().get().then(|| view! { <p role="status">"Loading builds…"</p> }.into_any())}
            {move || match load.value().get() {
                Some(Err(e)) => Some(view! { <ErrorPanel error=e retry=retry /> }),
                _ => None,
            }}
            {move || match builds.get() {
                None => view! { <p class="gc-muted">"Enter the token and the game id, then load the builds."</p> }.into_any(),
                Some(list) if list.is_empty() => view! { <p role="status">"This game has no builds yet."</p> }.into_any(),
                Some(list) => lazy_view(table, "the table", move |make| make(list.clone())),
            }}
        </section>
    }
}

lazy! {
    /// The table's code, fetched with the first list (split builds).
    fn table() -> fn(Arc<BuildList>) -> AnyView;
    in builds_table, preload preload_table;
    { |builds| view! { <BuildsTable builds=builds /> }.into_any() }
}

#[component]
fn BuildsTable(builds: Arc<BuildList>) -> impl IntoView {
    // What is typed shows at once; the rows follow it at the next frame,
    // one filter for every key typed since the last (the table may be gone
    // by then: nothing is done).
    let typed = RwSignal::new(String::new());
    let query = RwSignal::new(String::new());
    let frame_asked = std::rc::Rc::new(std::cell::Cell::new(false));
    Effect::new(move |_| {
        typed.track();
        if frame_asked.replace(true) {
            return;
        }
        let frame_asked = frame_asked.clone();
        request_animation_frame(move || {
            frame_asked.set(false);
            if let Some(text) = typed.try_get_untracked() {
                if query.try_with_untracked(|q| *q != text) == Some(true) {
                    query.try_set(text);
                }
            }
        });
    });
    // The upload state chosen, by its value (a signal of a type the panel
    // already has costs no code of its own).
    let state = RwSignal::new(String::new());
    let sort = RwSignal::new(Sort::default());
    // In pixels; an i64 as the session's clock is (a signal of a type the
    // panel already has costs no code of its own).
    let scroll_top = RwSignal::new(0_i64);
    // Indexed once per list, a slice at a time once the list is painted (a
    // scroll or a key gets through between slices), so that the first filter
    // and the first sort by name are as quick as any other. A sort orders
    // every build; a filter then keeps that order and sorts nothing.
    let list = builds.clone();
    {
        let list = list.clone();
        request_animation_frame(move || index_in_slices(list));
    }
    let ordered = {
        let list = list.clone();
        Memo::new(move |_| Arc::new(list.sorted_all(sort.get())))
    };
    let rows = Memo::new(move |_| {
        let state = state.with(|v| StateFilter::from_value(v));
        Arc::new(list.filter_in(&ordered.get(), &query.get(), state))
    });
    let now_ms = js_sys::Date::now() as i64;
    let total = builds.len();
    // Builds chosen to compare (indexes into the list).
    let picked = RwSignal::new(Vec::<usize>::new());
    let comparison = {
        let builds = builds.clone();
        move || match picked.get()[..] {
            [a, b] => Some(comparison_view(builds.builds(), a, b, picked).into_any()),
            [_] => Some(
                view! { <p class="gc-muted" role="status">"Choose one more build to compare."</p> }
                    .into_any(),
            ),
            _ => None,
        }
    };

    let export = {
        let builds = builds.clone();
        move |json: bool| {
            let rows = rows.get_untracked();
            let (text, mime, name) = if json {
                (
                    builds_view::to_json(builds.builds(), &rows),
                    "application/json",
                    "builds.json",
                )
            } else {
                (
                    builds_view::to_csv(builds.builds(), &rows),
                    "text/csv",
                    "builds.csv",
                )
            };
            super::widgets::download(&text, mime, name);
        }
    };
    let export_csv = export.clone();

    let visible = {
        let builds = builds.clone();
        move || {
            let rows = rows.get();
            let first = (scroll_top.get().max(0) as usize / ROW_PX).saturating_sub(OVERSCAN);
            let count = VIEWPORT_PX / ROW_PX + 2 * OVERSCAN;
            let end = (first + count).min(rows.len());
            let first = first.min(end);
            let top = first * ROW_PX;
            let bottom = (rows.len() - end) * ROW_PX;
            let body = rows[first..end]
                .iter()
                .enumerate()
                .map(|(k, &i)| row(&builds.builds()[i], i, first + k + 2, now_ms, picked))
                .collect_view();
            view! {
                <tr class="gc-spacer" aria-hidden="true" style:height=format!("{top}px")></tr>
                {body}
                <tr class="gc-spacer" aria-hidden="true" style:height=format!("{bottom}px")></tr>
            }
        }
    };

    let header = move |c: Column| {
        let aria_sort = move || {
            let s = sort.get();
            if s.column != c {
                "none"
            } else if s.descending {
                "descending"
            } else {
                "ascending"
            }
        };
        let click = move |_| {
            sort.update(|s| {
                *s = if s.column == c {
                    Sort {
                        column: c,
                        descending: !s.descending,
                    }
                } else {
                    Sort {
                        column: c,
                        descending: matches!(c, Column::Created | Column::Size),
                    }
                }
            });
        };
        view! {
            <th scope="col" aria-sort=aria_sort>
                <button type="button" class="gc-sort" on:click=click>{c.title()}</button>
            </th>
        }
    };

    view! {
        <div class="gc-toolbar" role="search">
            <label>
                "Filter"
                <input type="search" class="gc-secret" placeholder="Name, id or tag" bind:value=typed />
            </label>
            <label>
                "Upload state"
                <select on:change=move |ev| state.set(event_target_value(&ev))>
                    <option value="all">"All"</option>
                    <option value="complete">"Complete"</option>
                    <option value="unfinished">"Unfinished"</option>
                </select>
            </label>
            <button type="button" class="gc-secondary" on:click=move |_| export_csv(false)>"Export CSV"</button>
            <button type="button" class="gc-secondary" on:click=move |_| export(true)>"Export JSON"</button>
            <p class="gc-count" role="status">{move || format!("{} of {total} builds", rows.get().len())}</p>
        </div>
        {comparison}
        <div
            class="gc-table-scroll"
            style:height=format!("{VIEWPORT_PX}px")
            on:scroll=move |ev| {
                if let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    scroll_top.set(i64::from(el.scroll_top()));
                }
            }
        >
            <table class="gc-table" aria-label="Builds" aria-rowcount=move || (rows.get().len() + 1).to_string()>
                <thead>
                    <tr aria-rowindex="1">{Column::ALL.into_iter().map(header).collect_view()}</tr>
                </thead>
                <tbody>{visible}</tbody>
            </table>
            {move || rows.get().is_empty().then(|| view! { <p class="gc-empty" role="status">"No builds match the filter."</p> }.into_any())}
        </div>
    }
}

/// How many builds one task indexes: about 5 ms of a 2-core machine's time.
const INDEX_SLICE: usize = 4_000;

/// Indexes `list` [`INDEX_SLICE`] builds per task, then ranks its names.
fn index_in_slices(list: Arc<BuildList>) {
    set_timeout(
        move || {
            if list.prepare_filter(INDEX_SLICE) {
                set_timeout(move || list.prepare_sort(), std::time::Duration::ZERO);
            } else {
                index_in_slices(list);
            }
        },
        std::time::Duration::ZERO,
    );
}

/// The browser's own `toLowerCase`: Rust's would add its Unicode case
/// tables to the wasm.
fn browser_lowercase(s: &str) -> String {
    js_sys::JsString::from(s).to_lower_case().into()
}

/// One row. Names and tags are untrusted: text nodes only.
fn row(
    b: &BuildSummary,
    i: usize,
    index: usize,
    now_ms: i64,
    picked: RwSignal<Vec<usize>>,
) -> impl IntoView {
    // Two builds at most: a third choice replaces the first.
    let toggle = move |_| {
        picked.update(|p| match p.iter().position(|&x| x == i) {
            Some(at) => {
                p.remove(at);
            }
            None => {
                p.push(i);
                if p.len() > 2 {
                    p.remove(0);
                }
            }
        })
    };
    let tags = b
        .tags
        .iter()
        .map(|(k, v)| view! { <span class="gc-tag">{format!("{k}={v}")}</span> })
        .collect_view();
    let created = b.create_ts.to_rfc3339_ms();
    view! {
        <tr aria-rowindex=index.to_string() data-complete=b.complete.to_string()>
            <td class="gc-name">
                <input type="checkbox" class="gc-pick" aria-label=format!("Compare {}", b.display_name)
                    prop:checked=move || picked.with(|p| p.contains(&i)) on:change=toggle />
                {b.display_name.clone()}
            </td>
            <td class="gc-id"><code class="gc-secret">{b.build_id.clone()}</code> <CopyButton text=b.build_id.clone() label="Copy build id" /></td>
            <td class="gc-id"><code class="gc-secret">{b.upload_id.clone()}</code> <CopyButton text=b.upload_id.clone() label="Copy upload id" /></td>
            <td>{if b.complete { view! { <span>"Complete"</span> }.into_any() } else { view! { <span class="gc-badge">"Unfinished"</span> }.into_any() }}</td>
            <td class="gc-num">
                <span>{builds_view::human_size(b.content_length)}</span>
                <span class="gc-exact">{format!("{} bytes", builds_view::grouped(b.content_length))}</span>
            </td>
            <td><time datetime=created.clone() title=created.clone()>{builds_view::relative(now_ms, b.create_ts.unix_ms())}</time>
                <span class="gc-exact">{created}</span></td>
            <td class="gc-tags">{tags}</td>
        </tr>
    }
}

/// Two builds side by side: the size difference (exact and in binary
/// units), the time between them, and the tags added, removed and changed.
fn comparison_view(
    builds: &[BuildSummary],
    a: usize,
    b: usize,
    picked: RwSignal<Vec<usize>>,
) -> impl IntoView {
    let c = builds_view::compare(builds, a, b);
    let (o, n) = (&builds[c.older], &builds[c.newer]);
    let tags = |list: Vec<String>| {
        if list.is_empty() {
            view! { <span class="gc-muted">"none"</span> }.into_any()
        } else {
            list.into_iter()
                .map(|t| view! { <span class="gc-tag">{t}</span> })
                .collect_view()
                .into_any()
        }
    };
    let added = c.added.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let removed = c.removed.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let changed = c
        .changed
        .iter()
        .map(|(k, was, now)| format!("{k}: {was} → {now}"))
        .collect();
    view! {
        <section class="gc-compare" aria-label="Comparison">
            <h3>{format!("{} → {}", o.display_name, n.display_name)}</h3>
            <dl class="gc-decoded">
                <dt>"Size"</dt><dd>{builds_view::size_delta_text(c.size_delta)}</dd>
                <dt>"Time between"</dt><dd>{builds_view::duration_text(c.time_ms)}</dd>
                <dt>"Tags added"</dt><dd>{tags(added)}</dd>
                <dt>"Tags removed"</dt><dd>{tags(removed)}</dd>
                <dt>"Tags changed"</dt><dd>{tags(changed)}</dd>
            </dl>
            <button type="button" class="gc-secondary" on:click=move |_| picked.set(Vec::new())>"Clear comparison"</button>
        </section>
    }
}
