//! The builds page: every field in a table that stays smooth with 100,000
//! builds (only the visible rows are in the DOM), sorting by any column,
//! filtering by text and upload state, CSV and JSON export.

mod row;
mod table;

use std::sync::Arc;

use leptos::prelude::*;

use crate::api::{ApiError, ListBuilds};
use crate::builds_view::BuildList;
use crate::ids::GameId;
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::session::Session;
use crate::panel::widgets::ErrorPanel;
use table::BuildsTable;

/// The game's builds as last loaded, kept for as long as the panel is open:
/// another page and back finds them, a refresh keeps them on screen, and
/// they load by themselves once a token and a game are known.
#[derive(Clone, Copy)]
pub struct Loaded {
    load: Action<(), Result<Arc<BuildList>, ApiError>>,
    /// The last list that loaded, whose game, and when (this machine's
    /// clock, milliseconds).
    list: RwSignal<Option<(GameId, Arc<BuildList>)>>,
    at_ms: RwSignal<i64>,
}

impl Loaded {
    /// Made once by the app shell, which outlives every page.
    pub fn provide() {
        let s = Session::get();
        let recent = s.recent;
        let opts = crate::panel::calls::page_options();
        let list = RwSignal::new(None);
        let at_ms = RwSignal::new(0);
        let load = Action::new_local(move |_: &()| {
            let (game, opts) = (s.game(), opts.clone());
            // The table's code is fetched while the list is (split builds); a
            // failure shows where the table would be.
            #[cfg(gamecloud_split)]
            leptos::task::spawn_local(async {
                let _ = preload_table().await;
            });
            async move {
                let answer = crate::panel::calls::read(
                    s,
                    &ListBuilds {
                        game_id: game.as_str(),
                    },
                    &opts,
                )
                .await?;
                recent.record(&game, &s.namespace());
                let builds = Arc::new(BuildList::new(answer.builds, browser_lowercase));
                list.set(Some((game, builds.clone())));
                at_ms.set(js_sys::Date::now() as i64);
                Ok(builds)
            }
        });
        provide_context(Loaded { load, list, at_ms });
    }

    /// The builds the shell keeps.
    pub fn get() -> Loaded {
        use_context().expect("the app shell provides the builds")
    }

    /// Loads the selected game's builds unless they are there or on their
    /// way: a token is entered, the game's id is a UUID, and its list is not
    /// the one kept.
    fn arrive(self, s: Session) {
        let game = s.game();
        let kept = self
            .list
            .with_untracked(|l| l.as_ref().is_some_and(|(g, _)| *g == game));
        let token = s.token.with_untracked(|t| !t.trim().is_empty());
        if token && game.is_uuid() && !kept {
            self.refresh();
        }
    }

    /// Loads the builds again, unless a load is on its way: a click that
    /// lands as a field is left (which loads them) sends one call, not two
    /// (the button is disabled only once the page is drawn again).
    fn refresh(self) {
        if !self.load.pending().get_untracked() {
            self.load.dispatch(());
        }
    }
}

#[component]
pub fn BuildsPage() -> impl IntoView {
    let s = Session::get();
    let loaded = Loaded::get();
    let load = loaded.load;
    // On arrival, and each time the connection is entered (Enter, or a
    // field left).
    Effect::new(move |_| {
        s.entered.track();
        loaded.arrive(s);
    });
    let retry = Callback::new(move |_| loaded.refresh());
    // The kept list is the selected game's (another game's is not shown).
    let builds = move || {
        let game = GameId::new(&s.game_id.get());
        loaded.list.with(|l| {
            l.as_ref()
                .filter(|(g, _)| *g == game)
                .map(|(_, b)| b.clone())
        })
    };
    let updated = move || {
        let minutes = (s.now.get() - loaded.at_ms.get()) / 60_000;
        match minutes {
            0 => "Updated just now".to_owned(),
            1..=59 => format!("Updated {minutes} min ago"),
            _ => format!("Updated {} h ago", minutes / 60),
        }
    };
    view! {
        <section class="gc-page" aria-labelledby="builds-heading" aria-busy=move || load.pending().get().to_string()>
            <h2 id="builds-heading">"Builds"</h2>
            <div class="gc-toolbar">
                <button type="button" disabled=move || load.pending().get() on:click=move |_| loaded.refresh()>
                    {move || if builds().is_some() { "Refresh" } else { "Load builds" }}
                </button>
                {move || builds().is_some().then(|| view! { <span class="gc-muted">{updated}</span> })}
            </div>
            {move || load.pending().get().then(|| view! { <p role="status">"Loading builds…"</p> }.into_any())}
            {move || match load.value().get() {
                Some(Err(e)) if !load.pending().get() => Some(view! { <ErrorPanel error=e retry=retry /> }),
                _ => None,
            }}
            {move || match builds() {
                None => view! { <p class="gc-muted">"Enter the token and the game id: the builds load by themselves."</p> }.into_any(),
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
