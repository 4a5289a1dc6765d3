//! The builds page: every field in a table that stays smooth with 100,000
//! builds (only the visible rows are in the DOM), sorting by any column,
//! filtering by text and upload state, CSV and JSON export.

mod row;
mod table;

use std::sync::Arc;

use leptos::prelude::*;

use crate::api::ListBuilds;
use crate::builds_view::BuildList;
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::session::Session;
use crate::panel::widgets::ErrorPanel;
use table::BuildsTable;

#[component]
pub fn BuildsPage() -> impl IntoView {
    let s = Session::get();
    let recent = s.recent;
    let opts = crate::panel::calls::page_options();
    let load = Action::new_local(move |_: &()| {
        let (game, opts) = (s.game(), opts.clone());
        // The table's code is fetched while the list is (split builds); a
        // failure shows where the table would be.
        #[cfg(gamecloud_split)]
        leptos::task::spawn_local(async {
            let _ = preload_table().await;
        });
        async move {
            let list = crate::panel::calls::read(
                s,
                &ListBuilds {
                    game_id: game.as_str(),
                },
                &opts,
            )
            .await?;
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

/// The browser's own `toLowerCase`: Rust's would add its Unicode case
/// tables to the wasm.
fn browser_lowercase(s: &str) -> String {
    js_sys::JsString::from(s).to_lower_case().into()
}
