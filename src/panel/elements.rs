//! The drop-in elements (`@gamecloud/client/elements`, feature `elements`):
//! the panel's own pages, each mounted in a host page's shadow root by
//! `js/elements.js`. Each element has a session of its own, made from its
//! attributes and the token its host gives (never from the address, which is
//! the host's): the page reads and writes nothing of the host's URL. Changes
//! and failures go out to the host as events (`gamecloud-change`,
//! `gamecloud-error`: `super::events`), through the function the element
//! passes here.

use leptos::prelude::*;
use leptos::tachys::view::any_view::AnyViewState;
use wasm_bindgen::prelude::*;

use crate::api::{ListBuilds, Operation};
use crate::panel::events::Events;
use crate::panel::pages::{self, builds};
use crate::panel::session::Session;

/// One page mounted in an element: its session, which the element's
/// attributes and token set, and the page itself, taken down when this is
/// freed (the element left the page).
#[wasm_bindgen]
pub struct Mounted {
    session: Session,
    _page: leptos::mount::UnmountHandle<AnyViewState>,
}

#[wasm_bindgen]
impl Mounted {
    /// The service's address (the `base-url` attribute).
    #[wasm_bindgen(js_name = setBaseUrl)]
    pub fn set_base_url(&self, url: String) {
        self.set(self.session.base_url, url);
    }

    /// The game's id (the `game` attribute).
    #[wasm_bindgen(js_name = setGame)]
    pub fn set_game(&self, id: String) {
        self.set(self.session.game_id, id);
    }

    /// The namespace's id (the `namespace` attribute).
    #[wasm_bindgen(js_name = setNamespace)]
    pub fn set_namespace(&self, id: String) {
        self.set(self.session.namespace_id, id);
    }

    /// The API token (the `token` property or the host's callback).
    #[wasm_bindgen(js_name = setToken)]
    pub fn set_token(&self, token: String) {
        self.set(self.session.token, token);
    }

    /// The namespaces the host marks protected (the `protected` property):
    /// `ids[i]` named `names[i]`. Each is changed only once its name is
    /// typed, with the marks kept here. A list with an id that is no
    /// namespace id, or a name a person could not type back (or that holds
    /// a token), is refused whole, saying which entry; the marks stay as
    /// they were.
    #[wasm_bindgen(js_name = setProtected)]
    pub fn set_protected(&self, ids: Vec<String>, names: Vec<String>) -> Result<(), JsError> {
        let mut marks = Vec::new();
        for (i, (id, name)) in ids.iter().zip(&names).enumerate() {
            let namespace = crate::ids::NamespaceId::new(id);
            if !namespace.is_uuid() {
                let what = if crate::token::holds_token(id) {
                    "a token".to_owned()
                } else {
                    format!("{id:?}")
                };
                return Err(JsError::new(&format!(
                    "protected[{i}].id must be a namespace id (a UUID), not {what}: no mark was taken."
                )));
            }
            let name = name.trim();
            if let Some(why) = crate::validate::namespace_label_problem(name) {
                return Err(JsError::new(&format!(
                    "protected[{i}].name: {why} No mark was taken."
                )));
            }
            marks.push((namespace, name.to_owned()));
        }
        self.session.protected.set_host(marks);
        Ok(())
    }

    /// The element's width in CSS pixels, as it changes (the builds
    /// table's rows are cards at 640 or less).
    #[wasm_bindgen(js_name = setWidth)]
    pub fn set_width(&self, width: f64) {
        // Only a change of side of 640 px changes the rows.
        let narrow = |w: f64| w <= 640.0;
        if self.session.width.try_get_untracked().map(narrow) != Some(narrow(width)) {
            self.session.width.try_set(width);
        }
    }

    /// Sets a field and, as the panel does when a field of its connection is
    /// entered, has the page read again (the builds load for a new game).
    fn set(&self, field: RwSignal<String>, value: String) {
        if field.try_get_untracked().as_ref() != Some(&value) {
            field.try_set(value);
            self.session.enter();
        }
    }
}

/// Mounts the page `page` (`builds`, `dev-token` or `namespace-settings`) in
/// `at`, with the service at `base_url`; `events(type, detail)` sends each
/// event to the host. With `persist`, the action log and the recent ids are
/// kept in the host origin's `localStorage`; without, in memory only.
#[wasm_bindgen(js_name = mount)]
pub fn mount(
    page: &str,
    at: web_sys::HtmlElement,
    base_url: String,
    persist: bool,
    events: js_sys::Function,
) -> Result<Mounted, JsError> {
    let page = match page {
        "builds" => Page::Builds,
        "dev-token" => Page::DevToken,
        "namespace-settings" => Page::Settings,
        other => {
            return Err(JsError::new(&format!(
                "no element shows the page {other:?}"
            )))
        }
    };
    let made = std::rc::Rc::new(std::cell::Cell::new(None));
    let keep = made.clone();
    let handle = leptos::mount::mount_to(at, move || {
        let s = Session::for_element(base_url, Events::to(events), persist);
        keep.set(Some(s));
        // The clock that counts a token's life down, as the panel's does,
        // stopped with the page.
        if let Ok(tick) = set_interval_with_handle(
            move || s.now.set(js_sys::Date::now() as i64),
            std::time::Duration::from_secs(1),
        ) {
            on_cleanup(move || tick.clear());
        }
        provide_context(s);
        match page {
            Page::Builds => {
                builds::Loaded::provide();
                builds::Loaded::get().on_failure(move |e| s.events.failed(ListBuilds::NAME, e));
                view! { <builds::BuildsPage /> }.into_any()
            }
            // Each fetched when the first such element is connected (the
            // package's split build).
            Page::DevToken => pages::dev_token_view(),
            Page::Settings => pages::settings_view(),
        }
    });
    let session = made
        .take()
        .ok_or_else(|| JsError::new("the page was not made"))?;
    Ok(Mounted {
        session,
        _page: handle,
    })
}

#[derive(Clone, Copy)]
enum Page {
    Builds,
    DevToken,
    Settings,
}
