//! Making a session: from the page (its address, a token remembered in
//! this tab), or for a drop-in element (what its host sets).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::Session;
use crate::panel::guard::Guard;
use crate::panel::last_set::Memory;
use crate::panel::store::{KeptToken, Log, Protected, Recent};
#[cfg(feature = "elements")]
use crate::route::Page;
use crate::route::Route;

impl Session {
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
            build: RwSignal::new(route.build_id),
            last_set: Memory::new(),
            recent,
            log,
            protected: Guard::new(Protected::load(), recent, log, game_id),
            send_anyway: RwSignal::new(String::new()),
            draft: StoredValue::new(None),
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
            build: RwSignal::new(String::new()),
            last_set: Memory::new(),
            recent,
            log,
            protected: Guard::new(Protected::load(), recent, log, game_id),
            send_anyway: RwSignal::new(String::new()),
            draft: StoredValue::new(None),
            events,
            width: RwSignal::new(0.0),
        }
    }
}
