//! The builds page: every field in a table that stays smooth with 100,000
//! builds (only the visible rows are in the DOM), sorting by any column,
//! filtering by text and upload state, CSV and JSON export.

mod around;
mod build;

pub use build::BuildPage;
mod chart;
mod keys;
mod list;
mod row;
mod state;
mod table;
mod tools;
mod window;

use std::sync::Arc;

use leptos::prelude::*;

use crate::builds_view::BuildList;
use crate::ids::GameId;
use crate::panel::lazy::{lazy_view, unloaded, NotLoaded};
use crate::panel::session::Session;
use crate::panel::widgets::failure;
use list::loader;
use table::table;

/// The game's builds as last loaded, kept for as long as the panel is open:
/// another page and back finds them, a refresh keeps them on screen, and
/// they load by themselves once a token and a game are known.
#[derive(Clone, Copy)]
pub struct Loaded {
    load: Action<(), Result<Arc<BuildList>, NotLoaded>>,
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
        // The game of the last load asked (as text: docs/SIZE.md, size rule
        // "no new reactive types").
        let asked = RwSignal::new(s.game().as_str().to_owned());
        let load = Action::new_local(move |_: &()| {
            // The connection as it is when the load is asked, whatever is
            // entered while the code below is fetched.
            let (connection, game, opts) = (s.connection(), s.game(), opts.clone());
            asked.set(game.as_str().to_owned());
            async move {
                let connection = connection.map_err(NotLoaded::Call)?;
                // The code that loads the list (split builds): a page
                // opened without a token never needs it.
                let fetch = loader().await.map_err(|_| NotLoaded::Code)?;
                // What is around the table comes while the list does.
                #[cfg(gamecloud_split)]
                around::fetch_around(s.page.get_untracked());
                let builds = fetch(connection, game.clone(), opts)
                    .await
                    .map_err(NotLoaded::Call)?;
                recent.record(&game, &s.namespace());
                list.set(Some((game, builds.clone())));
                at_ms.set(js_sys::Date::now() as i64);
                Ok(builds)
            }
        });
        let loaded = Loaded { load, list, at_ms };
        // Another game chosen while a load was on its way (which a second
        // load does not interrupt): its builds load once that one ends.
        Effect::new(move |_| {
            if !load.pending().get() && asked.with_untracked(|g| *g != s.game().as_str()) {
                loaded.arrive(s);
            }
        });
        #[cfg(gamecloud_split)]
        list::fetch_ahead(s);
        provide_context(loaded);
    }

    /// The builds the shell keeps.
    pub fn get() -> Loaded {
        use_context().expect("the app shell provides the builds")
    }

    /// Runs `f` with each failed load's error (a drop-in element sends it
    /// to its host).
    #[cfg(feature = "elements")]
    pub fn on_failure(self, f: impl Fn(&crate::api::ApiError) + 'static) {
        let value = self.load.value();
        Effect::new(move |_| {
            value.with(|v| {
                if let Some(Err(NotLoaded::Call(e))) = v {
                    f(e);
                }
            })
        });
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

    /// The kept list if it is the selected game's (another game's is not
    /// shown; tracked).
    fn of_game(self, s: Session) -> Option<Arc<BuildList>> {
        let game = GameId::new(&s.game_id.get());
        self.list.with(|l| {
            l.as_ref()
                .filter(|(g, _)| *g == game)
                .map(|(_, b)| b.clone())
        })
    }

    /// Loads the builds on arrival, and each time the connection is
    /// entered (Enter, or a field left); gives the retry a failed load
    /// offers. The builds page and a build's page start so.
    fn follow(self, s: Session) -> Callback<()> {
        Effect::new(move |_| {
            s.entered.track();
            self.arrive(s);
        });
        Callback::new(move |_| self.refresh())
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
    let retry = loaded.follow(s);
    let builds = move || loaded.of_game(s);
    // The view as a link, to share.
    let copied = RwSignal::new(false);
    let copy_link = move |_| {
        if let Some(href) = web_sys::window().and_then(|w| w.location().href().ok()) {
            crate::panel::widgets::copy(&href, copied);
        }
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
            <div class="gc-title-row">
                <h1 id="builds-heading">"Builds"</h1>
                {move || builds().is_some().then(|| view! { <span class="gc-muted">{updated}</span> })}
                // A drop-in element's view is its host's, not a link's.
                {(!cfg!(feature = "elements")).then(|| view! {
                    <button type="button" class="gc-tertiary" on:click=copy_link>
                        {move || if copied.get() { "Link copied ✓" } else { "Copy link" }}
                    </button>
                })}
                <button
                    type="button"
                    class="gc-secondary"
                    disabled=move || load.pending().get()
                    on:click=move |_| loaded.refresh()
                >
                    {move || if builds().is_some() { "Refresh" } else { "Load builds" }}
                </button>
            </div>
            {move || load.pending().get().then(|| view! { <p role="status">"Loading builds…"</p> }.into_any())}
            {move || match load.value().get() {
                _ if load.pending().get() => None,
                Some(Err(NotLoaded::Call(e))) => Some(failure(e, retry)),
                Some(Err(NotLoaded::Code)) => Some(unloaded("the builds list", move || loaded.refresh()).into_any()),
                _ => None,
            }}
            {move || match builds() {
                // A failed load says so above, and what to do.
                None if load.value().with(|v| matches!(v, Some(Err(_)))) => ().into_any(),
                #[cfg(not(feature = "elements"))]
                None => view! { <p class="gc-muted">"Connect with a token and choose a game (in the bar above): the builds load by themselves."</p> }.into_any(),
                // In a drop-in element its host gives them.
                #[cfg(feature = "elements")]
                None => view! { <p class="gc-muted">"No token or game yet: the builds load once this page is given them."</p> }.into_any(),
                Some(list) if list.is_empty() => view! { <p role="status">"This game has no builds yet."</p> }.into_any(),
                Some(list) => lazy_view(table, "the table", move |make| make(list.clone())),
            }}
        </section>
    }
}
