//! The session kept in step: with the address (the page and the ids in
//! the hash, the back and forward buttons), the tab's storage and the clock.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::Session;
use crate::route::{Page, Route};

impl Session {
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
            if route.page == Page::Build {
                self.build.set(route.build_id.clone());
            }
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

    /// The link to the page of the build `id`, with the current ids.
    pub fn build_href(self, id: &str) -> String {
        Route {
            build_id: id.to_owned(),
            ..self.route(Page::Build)
        }
        .to_hash()
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
            build_id: self.build.get(),
        }
    }
}
