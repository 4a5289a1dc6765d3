//! What every page shares: the connection (base URL, token), the selected game
//! and namespace, and the page, kept in the URL's hash so that a reload or a
//! shared link opens the same view. The token is never put in a URL: it lives
//! in memory, or in `sessionStorage` when the user asks to remember it in this
//! tab, never in `localStorage`.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::api::{ApiError, Connection};
use crate::ids::{GameId, NamespaceId};
use crate::panel::guard::Guard;
use crate::panel::last_set::Memory;
use crate::panel::store::{KeptToken, Log, Protected, Recent};
use crate::route::{Page, Route};
use crate::token::Fitness;
use crate::validate::{IdKind, Issue, IssueCode};

/// The shared state, provided by the app shell.
#[derive(Clone, Copy)]
pub struct Session {
    pub base_url: RwSignal<String>,
    pub token: RwSignal<String>,
    /// Keep the token in this tab's `sessionStorage`.
    pub remember: RwSignal<bool>,
    /// The token as this tab keeps it ([`Session::sync`] keeps it in step).
    kept_token: KeptToken,
    pub game_id: RwSignal<String>,
    pub namespace_id: RwSignal<String>,
    pub page: RwSignal<Page>,
    /// The builds page's view as the address holds it (`sort=size-desc&..`,
    /// see `crate::builds_view::View`; without the filter's text and the
    /// builds compared in presentation mode): kept while other pages are
    /// visited, in the address while the builds page is shown.
    pub view: RwSignal<String>,
    /// What this panel last set on each namespace.
    pub last_set: Memory,
    /// The ids used here, and the action log: both kept in `localStorage`.
    pub recent: Recent,
    pub log: Log,
    /// The protected namespaces, kept in `localStorage`.
    pub protected: Guard,
    /// The token the person chose to send anyway past the token check
    /// (see [`Fitness::may_send_anyway`]); any other token is checked.
    pub send_anyway: RwSignal<String>,
    /// This machine's clock, to the second: tokens' lives count down by it,
    /// and the token check is made again by it.
    pub now: RwSignal<i64>,
    /// Counts each time the connection is entered (a field's `change`:
    /// Enter pressed in it, or the field left, changed): pages that read on
    /// arrival read again then.
    pub entered: RwSignal<u32>,
    /// The connection card is open: on a first visit (no token yet), or
    /// from the header's token status.
    pub connecting: RwSignal<bool>,
    /// Presentation mode: tokens, hostnames and ids masked
    /// (`super::present`).
    pub presenting: crate::panel::present::Switch,
    /// Where a drop-in element's events go (`super::elements`).
    #[cfg(feature = "elements")]
    pub events: crate::panel::events::Events,
    /// A drop-in element's width in CSS pixels (its stylesheet lays its
    /// page out for it, not for the window).
    #[cfg(feature = "elements")]
    pub width: RwSignal<f64>,
}

impl Session {
    /// The session the app shell provides to every page. (Not
    /// `expect_context`, whose message formats the caller's location and the
    /// type's name with `Debug`, for a panic that cannot happen:
    /// docs/SIZE.md, size rule "no expect_context".)
    pub fn get() -> Session {
        use_context().expect("the app shell provides the session")
    }

    /// From the page: its origin, the hash (or a `?game=` link), and a token
    /// remembered in this tab.
    pub fn from_page() -> Self {
        let window = web_sys::window();
        let location = window.as_ref().map(|w| w.location());
        let origin = location
            .as_ref()
            .and_then(|l| l.origin().ok())
            .unwrap_or_default();
        let mut route = Route::parse(
            &location
                .as_ref()
                .and_then(|l| l.hash().ok())
                .unwrap_or_default(),
        );
        // The service prints the panel's address as `?game=<id>`: the id is
        // taken, and the query left out of the address (and so of every
        // link, which keeps the page's query), presentation mode or not.
        let search = location
            .as_ref()
            .and_then(|l| l.search().ok())
            .unwrap_or_default();
        // Any `game=`, a UUID or not: what is not one is left out of the
        // address too.
        if search.contains("game=") {
            let game = Route::parse(&search).game_id;
            if route.game_id.is_empty() {
                route.game_id = game;
            }
            if let (Some(l), Some(h)) = (&location, window.as_ref().and_then(|w| w.history().ok()))
            {
                let url = l.pathname().unwrap_or_default() + &l.hash().unwrap_or_default();
                let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
        }
        let kept_token = KeptToken::load();
        let remembered = kept_token.with_untracked(String::clone);
        let (recent, log) = (Recent::load(), Log::load());
        let game_id = RwSignal::new(route.game_id.to_string());
        Session {
            base_url: RwSignal::new(origin),
            remember: RwSignal::new(!remembered.is_empty()),
            token: RwSignal::new(remembered.clone()),
            kept_token,
            now: RwSignal::new(js_sys::Date::now() as i64),
            presenting: crate::panel::present::kept(),
            entered: RwSignal::new(0),
            connecting: RwSignal::new(remembered.is_empty()),
            game_id,
            namespace_id: RwSignal::new(route.namespace_id.to_string()),
            page: RwSignal::new(route.page),
            view: RwSignal::new(route.view),
            last_set: Memory::new(),
            recent,
            log,
            protected: Guard::new(Protected::load(), recent, log, game_id),
            send_anyway: RwSignal::new(String::new()),
            #[cfg(feature = "elements")]
            events: crate::panel::events::Events::none(),
            #[cfg(feature = "elements")]
            width: RwSignal::new(0.0),
        }
    }

    /// The session of a drop-in element (`super::elements`): the service at
    /// `base_url`, the ids and the token as the element's host sets them,
    /// nothing read from the host's address. The protected marks are this
    /// site's, as the panel's (with the host's own: [`Guard::set_host`]);
    /// the recent ids and the action log only with `persist`, else this
    /// page's memory.
    #[cfg(feature = "elements")]
    pub fn for_element(
        base_url: String,
        events: crate::panel::events::Events,
        persist: bool,
    ) -> Self {
        // The action log and the recent ids are the host origin's to keep:
        // in this page's memory unless the host asks (`persist`).
        let (recent, log) = if persist {
            (Recent::load(), Log::load())
        } else {
            (Recent::in_memory(), Log::in_memory())
        };
        let game_id = RwSignal::new(String::new());
        Session {
            base_url: RwSignal::new(base_url),
            remember: RwSignal::new(false),
            token: RwSignal::new(String::new()),
            // Not the tab's remembered token: the host gives the element its
            // own, and an element never keeps one.
            kept_token: KeptToken::unread(),
            now: RwSignal::new(js_sys::Date::now() as i64),
            // Presentation mode as this tab keeps it, without marking the
            // host's document.
            presenting: crate::panel::present::Switch::load(),
            entered: RwSignal::new(0),
            connecting: RwSignal::new(false),
            game_id,
            namespace_id: RwSignal::new(String::new()),
            page: RwSignal::new(Page::Builds),
            view: RwSignal::new(String::new()),
            last_set: Memory::new(),
            recent,
            log,
            protected: Guard::new(Protected::load(), recent, log, game_id),
            send_anyway: RwSignal::new(String::new()),
            events,
            width: RwSignal::new(0.0),
        }
    }

    /// Keeps the URL and the tab's storage in step with the state, the
    /// state with the back and forward buttons, and the clock ticking.
    pub fn sync(self) {
        set_interval(
            move || self.now.set(js_sys::Date::now() as i64),
            std::time::Duration::from_secs(1),
        );
        Effect::new(move |_| {
            let route = self.route(self.page.get());
            if let Some(w) = web_sys::window() {
                if w.location().hash().ok().as_deref() != Some(route.to_hash().as_str()) {
                    if let Ok(h) = w.history() {
                        let _ =
                            h.replace_state_with_url(&JsValue::NULL, "", Some(&route.to_hash()));
                    }
                }
            }
        });
        Effect::new(move |_| {
            let (token, remember) = (self.token.get(), self.remember.get());
            let kept = if remember { token } else { String::new() };
            self.kept_token.update(|t| *t = kept);
        });
        // Back and forward: the address names the page and the ids. In
        // presentation mode an entry made before it (with ids) is replaced
        // at once by the same view without them, so that Back shows none.
        let on_hash = window_event_listener_untyped("hashchange", move |_| {
            let Some(w) = web_sys::window() else {
                return;
            };
            let hash = w.location().hash().unwrap_or_default();
            let route = Route::parse(&hash);
            if self.presenting.is_on_untracked() {
                if let Ok(h) = w.history() {
                    let masked = self.route(route.page).to_hash();
                    let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&masked));
                }
            }
            self.page.set(route.page);
            if route.page == Page::Builds {
                // In presentation mode without the filter's text and the
                // builds compared, whatever the entry held.
                let view = if self.presenting.is_on_untracked() {
                    crate::builds_view::View::masked(&route.view)
                } else {
                    route.view
                };
                self.view.set(view);
            }
            if !route.game_id.is_empty() {
                self.game_id.set(route.game_id.to_string());
            }
            if !route.namespace_id.is_empty() {
                self.namespace_id.set(route.namespace_id.to_string());
            }
        });
        on_cleanup(move || on_hash.remove());
        // Another tab wrote a kept value: each store follows its own key.
        self.recent.follow();
        self.log.follow();
        self.protected.follow();
    }

    /// The link to a page with the current ids.
    pub fn href(self, page: Page) -> String {
        self.route(page).to_hash()
    }

    /// A page with the current ids and the builds' view (which only the
    /// builds page's address holds); without the ids in presentation mode,
    /// so that the address bar and the links show none (the builds page
    /// writes its view without them then).
    fn route(self, page: Page) -> Route {
        let (game_id, namespace_id) = if self.presenting.is_on() {
            Default::default()
        } else {
            self.ids()
        };
        Route {
            page,
            game_id,
            namespace_id,
            view: self.view.get(),
        }
    }

    /// The checked connection, or why it cannot be used: a token that
    /// decodes as one these operations refuse (a development or public
    /// token, another game's, an expired one) is stopped before any call,
    /// unless the person chose to send it anyway where the check may be wrong.
    pub fn connection(&self) -> Result<Connection, ApiError> {
        self.checked_connection().map(|(conn, _)| conn)
    }

    /// [`Session::connection`], and whether it goes out past a check that said
    /// no (the action log says so).
    pub fn checked_connection(&self) -> Result<(Connection, bool), ApiError> {
        let token = self.token.get_untracked();
        let fitness = Fitness::of(&token, self.game().as_str(), js_sys::Date::now() as i64);
        let anyway = self.sends_anyway(&fitness);
        if !fitness.allows_calls() && !anyway {
            return Err(ApiError::invalid(Issue::new(
                IssueCode::TokenInvalid,
                "token",
                fitness.describe(),
            )));
        }
        Ok((
            Connection::new(&self.base_url.get_untracked(), &token)?,
            anyway,
        ))
    }

    /// Whether calls go out past a check that said no, as the person chose
    /// for this very token.
    fn sends_anyway(&self, fitness: &Fitness) -> bool {
        !fitness.allows_calls()
            && fitness.may_send_anyway()
            && self
                .send_anyway
                .with_untracked(|t| *t == self.token.get_untracked())
    }

    /// What the entered token is and whether it can call these operations
    /// (tracked); `None` without a token.
    pub fn token_fitness(&self) -> Option<Fitness> {
        let token = self.token.get();
        (!token.trim().is_empty())
            .then(|| Fitness::of(&token, self.game_id.get().trim(), self.now.get()))
    }

    /// The field that holds the selected game's id, or namespace's.
    pub fn id_field(&self, kind: IdKind) -> RwSignal<String> {
        match kind {
            IdKind::Game => self.game_id,
            IdKind::Namespace => self.namespace_id,
        }
    }

    /// The connection was entered (a field's `change`, an id chosen): the
    /// pages that read on arrival read again.
    pub fn enter(&self) {
        self.entered.update(|n| *n += 1);
    }

    /// The selected game's id, made from its field (untracked).
    pub fn game(&self) -> GameId {
        GameId::new(&self.game_id.get_untracked())
    }

    /// The selected namespace's id, made from its field (untracked).
    pub fn namespace(&self) -> NamespaceId {
        NamespaceId::new(&self.namespace_id.get_untracked())
    }

    /// The selected game's and namespace's ids (tracked).
    pub fn ids(&self) -> (GameId, NamespaceId) {
        (
            GameId::new(&self.game_id.get()),
            NamespaceId::new(&self.namespace_id.get()),
        )
    }
}
