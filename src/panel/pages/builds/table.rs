//! The builds table: only the rows in the window are in the DOM (the page
//! scrolls as one, the header row stays under the panel's header); sort,
//! filter by text and upload state, and what narrows the rows further
//! (tags, days, the budget). Around it, in a part of its own (`around`): in
//! the toolbar the chips, the days chosen and the options (budget, dates,
//! export); under it the chart; the view kept in the address, the
//! comparison and the rows' ⋯ menu.

use std::sync::Arc;

use leptos::prelude::*;

use super::keys::keys;
use super::row::{row, row_id, row_px, row_px_reader};
use super::state::TableState;
use super::window::follow_window;
use crate::builds_view::{grouped, BuildList, Column, Narrow, Sort, StateFilter};
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::widgets::{Choice, Choices};

/// Rows rendered above and below the visible ones, for smooth scrolling.
const OVERSCAN: usize = 3;

#[component]
pub(super) fn BuildsTable(builds: Arc<BuildList>) -> impl IntoView {
    let row_px_now = row_px_reader();
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
    let state = RwSignal::new(StateFilter::All);
    let sort = RwSignal::new(Sort::default());
    // Tags, days and the budget: set from around the table (`around`).
    let narrow = RwSignal::new(Narrow::default());
    // The rows in the window: the first one's place and how many fit (set
    // as the page scrolls or the window changes size, `follow_window`).
    let first_shown = RwSignal::new(0_usize);
    let fit = RwSignal::new(24_usize);
    let body = NodeRef::<leptos::html::Tbody>::new();
    follow_window(body, first_shown, fit);
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
    let rows = {
        let list = list.clone();
        Memo::new(move |_| {
            let rows = narrow.with(|narrow| {
                list.filter_narrowed(&ordered.get(), &query.get(), state.get(), narrow)
            });
            Arc::new(rows)
        })
    };
    // The current row, by its place among the rows shown: the table is one
    // tab stop, and the keys move this row (`keys`).
    let current = RwSignal::new(0_usize);
    // Other rows (a filter, a sort, what narrows them): the first is
    // current, and no row is marked (`row::reveal`).
    Effect::new(move |_| {
        rows.track();
        current.set(0);
        if let Some(table) = body.get_untracked().and_then(|b| b.parent_element()) {
            let _ = table.remove_attribute("data-marked");
        }
    });
    let now_ms = js_sys::Date::now() as i64;
    let total = builds.len();
    // Builds chosen to compare (indexes into the list).
    let picked = RwSignal::new(Vec::<usize>::new());
    let around = TableState {
        list: list.clone(),
        typed,
        query,
        state,
        sort,
        rows,
        narrow,
        picked,
        current,
        chart_open: RwSignal::new(false),
        chart_table: RwSignal::new(false),
    };
    let chart = around.clone();
    let rest = around.clone();

    let visible = {
        let builds = builds.clone();
        move || {
            let rows = rows.get();
            let row_px = row_px();
            let first = first_shown.get().saturating_sub(OVERSCAN);
            let count = fit.get() + 2 * OVERSCAN;
            let end = (first + count).min(rows.len());
            let first = first.min(end);
            let top = first * row_px;
            let bottom = (rows.len() - end) * row_px;
            let body = rows[first..end]
                .iter()
                .enumerate()
                .map(|(k, &i)| {
                    row(
                        &builds,
                        i,
                        first + k,
                        now_ms,
                        narrow.with(|n| n.budget),
                        picked,
                        current,
                    )
                })
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

    // Every filter off: the empty table's way back (the budget stays).
    let clear = move |_| {
        typed.set(String::new());
        query.set(String::new());
        state.set(StateFilter::All);
        narrow.update(|n| {
            *n = Narrow {
                budget: n.budget,
                ..Narrow::default()
            }
        });
    };
    view! {
        <div class="gc-toolbar" role="search">
            <label class="gc-filter">
                <span class="gc-visually-hidden">"Filter"</span>
                <input type="search" id="gc-filter" class="gc-secret" placeholder="Filter: name, id or tag" bind:value=typed />
            </label>
            <label>
                <span class="gc-visually-hidden">"Upload state"</span>
                {Choices::new("Upload state", StateFilter::ALL.map(|f| Choice::named(f, f.title())).into()).select(state)}
            </label>
            {lazy_view(super::around::around_tools, "the tags", move |make| make(around.clone()))}
            <p class="gc-count" role="status">{move || format!("{} of {} builds", grouped(rows.get().len() as u64), grouped(total as u64))}</p>
        </div>
        {lazy_view(super::around::around_chart, "the chart", move |make| make(chart.clone()))}
        {lazy_view(super::around::around_rest, "the comparison", move |make| make(rest.clone()))}
        <div class="gc-table-box">
            <table class="gc-table gc-builds" role="grid" aria-label="Builds" tabindex="0"
                aria-rowcount=move || (rows.get().len() + 1).to_string()
                aria-activedescendant=move || rows.with(|r| !r.is_empty()).then(|| row_id(current.get()))
                aria-describedby="gc-rows-keys"
                on:keydown=move |ev| keys(&ev, current, rows.with_untracked(|r| r.len()), row_px_now())>
                <thead>
                    <tr aria-rowindex="1">
                        {Column::ALL.into_iter().map(header).collect_view()}
                        <th scope="col"><span class="gc-visually-hidden">"More"</span></th>
                    </tr>
                </thead>
                <tbody id="gc-rows" node_ref=body>{visible}</tbody>
            </table>
            {move || rows.get().is_empty().then(|| view! {
                <div class="gc-empty" role="status">
                    <p>"No builds match the filter."</p>
                    <button type="button" class="gc-secondary" on:click=clear>"Clear the filter"</button>
                </div>
            }.into_any())}
        </div>
        <p id="gc-rows-keys" class="gc-visually-hidden">"Arrow keys, Page Up, Page Down, Home and End move the current build; Enter opens its menu."</p>
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

lazy! {
    /// The table's code.
    pub(super) fn table() -> fn(Arc<BuildList>) -> AnyView;
    in builds_table, preload preload_table;
    { |builds| view! { <BuildsTable builds=builds /> }.into_any() }
}
