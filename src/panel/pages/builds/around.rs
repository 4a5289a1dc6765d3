//! What the table shows around it, in a part of its own fetched with the
//! table's (split builds): in its toolbar the tag chips, the days chosen
//! and the options: the budget, the dates, the CSV and JSON export
//! (`chart::options`, `tools`); under it the size chart (`chart`), two
//! builds compared side by side and the rows' ⋯ menu (`tools`); and the
//! view kept in the address. The table works without them (in its default
//! view) if the part cannot be fetched.

use std::sync::{Arc, Mutex, PoisonError};

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::chart::{options, Insights};
use super::state::TableState;
use super::tools::{comparison_view, export, menu_items};
use crate::builds_view::{Narrow, View};
use crate::panel::lazy::lazy;
use crate::panel::session::Session;

/// In the table's toolbar: the chips, the days chosen and the options.
fn tools(a: TableState) -> AnyView {
    let TableState { list, rows, .. } = a.clone();
    let export = move |json: bool| export(&list, &rows.get_untracked(), json);
    options(a, export).into_any()
}

/// Under the toolbar: the size chart.
fn chart(a: TableState) -> AnyView {
    view! { <Insights table=a /> }.into_any()
}

/// The comparison (or what it waits for), and the rows' ⋯ menu (a
/// popover, shown under the button that opens it); and the view kept in
/// the address.
fn rest(a: TableState) -> AnyView {
    keep_in_address(&a);
    let TableState { list, picked, .. } = a.clone();
    let comparison = {
        let list = list.clone();
        move || match picked.get()[..] {
            [x, y] => Some(comparison_view(&list, x, y, picked).into_any()),
            [_] => Some(one_more().into_any()),
            _ => None,
        }
    };
    // The row whose ⋯ button was pressed: the buttons say which
    // (`data-row`), and open the menu themselves (`popovertarget`).
    let menu_row = RwSignal::new(None::<usize>);
    let pressed = window_event_listener(leptos::ev::click, move |ev| {
        #[cfg(not(feature = "elements"))]
        let target = ev.target();
        // In a drop-in element the window sees the element itself as the
        // target: what was pressed is the first of the event's path.
        #[cfg(feature = "elements")]
        let target = ev
            .composed_path()
            .get(0)
            .dyn_into::<web_sys::EventTarget>()
            .ok();
        let row = target
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-row]").ok().flatten())
            .and_then(|el| el.get_attribute("data-row"))
            .and_then(|i| i.parse().ok());
        if row.is_some() {
            menu_row.set(row);
        }
    });
    on_cleanup(move || pressed.remove());
    let named = {
        let list = list.clone();
        move || {
            menu_row
                .get()
                .map(|i| list.builds()[i].display_name.clone())
        }
    };
    let items = move || Some(menu_items(&list, menu_row.get()?, picked));
    view! {
        {comparison}
        <div id="gc-row-menu" popover="auto" role="menu" aria-label=named class="gc-row-menu">{items}</div>
    }
    .into_any()
}

/// What a comparison of one build waits for.
fn one_more() -> impl IntoView {
    view! { <p class="gc-muted" role="status">"Choose one more build to compare (its ⋯ menu)."</p> }
}

/// Shows the view the address names (a link, a reload, another page and
/// back; Back and Forward), and keeps the address in step with what the
/// table shows: in presentation mode without the filter's text and the
/// builds compared, which the address then does not hold either.
fn keep_in_address(a: &TableState) {
    let s = Session::get();
    let TableState {
        list,
        typed,
        query,
        state,
        sort,
        narrow,
        picked,
        ..
    } = a.clone();
    let now = {
        let list = list.clone();
        move || View {
            query: query.get(),
            state: state.get(),
            sort: sort.get(),
            narrow: narrow.get(),
            compare: picked.with(|p| {
                p.iter()
                    .map(|&i| list.builds()[i].build_id.clone())
                    .collect()
            }),
        }
    };
    {
        let now = now.clone();
        Effect::new(move |before: Option<()>| {
            let with_ids = !s.presenting.is_on_untracked();
            let asked = View::parse(&s.view.get());
            let shown = untrack(&now).to_query(with_ids);
            // A view chosen in the table before this part came (a sort
            // clicked, a filter typed, even one the rows have not followed
            // yet: the default view writes nothing) is newer than the
            // address's: it stays, and the address follows it.
            let chosen_before =
                before.is_none() && !(shown.is_empty() && typed.with_untracked(String::is_empty));
            if chosen_before || asked.to_query(with_ids) == shown {
                return;
            }
            state.set(asked.state);
            sort.set(asked.sort);
            // The budget is this browser's, not the address's.
            narrow.update(|n| {
                *n = Narrow {
                    budget: n.budget,
                    ..asked.narrow
                }
            });
            if with_ids {
                typed.set(asked.query.clone());
                query.set(asked.query);
                let at = |id: &String| list.builds().iter().position(|b| b.build_id == *id);
                picked.set(asked.compare.iter().filter_map(at).collect());
            }
        });
    }
    // Written once the view has held still for a moment, not at each key
    // typed: each write makes the browser update its history entry and
    // fetch the page's icon again, milliseconds a key that a person waits
    // for. In presentation mode at once: the text typed and the builds
    // compared leave the address as the mode starts (typing then changes
    // nothing there). A write still waiting when the table goes (another
    // page, a refresh, another game) is made then, before a new table reads
    // the view.
    // (Shared with the clean-up, which must be `Send`: an `Arc` and a
    // `Mutex`, which the one thread never contends.)
    let waiting = Arc::new(Mutex::new(None::<(TimeoutHandle, String)>));
    let pending = move |waiting: &Mutex<Option<(TimeoutHandle, String)>>| {
        waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    };
    let write = move |written: String| {
        if s.view.with_untracked(|v| *v != written) {
            s.view.set(written);
        }
    };
    {
        let waiting = waiting.clone();
        on_cleanup(move || {
            if let Some((timer, written)) = pending(&waiting) {
                timer.clear();
                write(written);
            }
        });
    }
    Effect::new(move |_| {
        let presenting = s.presenting.is_on();
        let written = now().to_query(!presenting);
        if let Some((earlier, _)) = pending(&waiting) {
            earlier.clear();
        }
        if presenting {
            write(written);
            return;
        }
        let done = waiting.clone();
        let now = now.clone();
        // The view as it is when the address follows it, not as it was
        // when the wait began: a timer that was not cleared in time (a
        // second build compared as it fired) never writes an older view,
        // which the reading above would then take for Back and undo. A
        // timer whose wait was taken (by the clean-up: the table is gone)
        // writes nothing.
        let timer = set_timeout_with_handle(
            move || {
                if pending(&done).is_some() {
                    write(untrack(&now).to_query(!s.presenting.is_on_untracked()));
                }
            },
            ADDRESS_AFTER,
        );
        if let Ok(timer) = timer {
            *waiting.lock().unwrap_or_else(PoisonError::into_inner) = Some((timer, written));
        }
    });
}

/// How long the view holds still before the address follows it.
const ADDRESS_AFTER: std::time::Duration = std::time::Duration::from_millis(300);

lazy! {
    /// What the table shows in its toolbar: the tag chips, the days chosen
    /// and the options (budget, dates, export).
    pub(super) fn around_tools() -> fn(TableState) -> AnyView;
    in builds_tools, preload preload_tools;
    { tools }
}

lazy! {
    /// Under the table's toolbar: the size chart.
    pub(super) fn around_chart() -> fn(TableState) -> AnyView;
    in builds_chart, preload preload_chart;
    { chart }
}

lazy! {
    /// What else the table shows around it: two builds compared and the
    /// rows' ⋯ menu; and the view kept in the address.
    pub(super) fn around_rest() -> fn(TableState) -> AnyView;
    in builds_more, preload preload_around;
    { rest }
}

/// Fetches what is around the table and a build's view, asked for in one
/// turn as the list is (on the builds page only).
#[cfg(gamecloud_split)]
pub(super) fn fetch_around(page: crate::route::Page) {
    if page != crate::route::Page::Builds {
        return;
    }
    leptos::task::spawn_local(async {
        let _ = preload_tools().await;
    });
    leptos::task::spawn_local(async {
        let _ = preload_chart().await;
    });
    leptos::task::spawn_local(async {
        let _ = preload_around().await;
    });
    // A build's view, which the rows' menus open (the drop-in elements have
    // none).
    #[cfg(not(feature = "elements"))]
    leptos::task::spawn_local(async {
        let _ = super::build::preload_build_view().await;
    });
}
