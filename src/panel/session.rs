//! What every page shares: the connection (base URL, token), the selected game
//! and namespace, and the page, kept in the URL's hash so that a reload or a
//! shared link opens the same view. The token is never put in a URL: it lives
//! in memory, or in `sessionStorage` when the user asks to remember it in this
//! tab, never in `localStorage`.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::kept::{self, Log, Protected, Recent, Store};
use crate::api::{ApiError, Call, Connection, Operation, SetCdnAuth, SetDomainAuth};
use crate::model::CdnAuthType;
use crate::protect::Named;
use crate::token::Fitness;
use crate::validate::{Issue, IssueCode};

/// The panel's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The builds table.
    Builds,
    /// Create a development token.
    DevToken,
    /// Set the CDN auth type.
    CdnAuth,
    /// Enable or disable domain-based auth.
    DomainAuth,
    /// The action log.
    Log,
}

impl Page {
    /// Every page, in the navigation's order.
    pub const ALL: [Page; 5] = [
        Page::Builds,
        Page::DevToken,
        Page::CdnAuth,
        Page::DomainAuth,
        Page::Log,
    ];

    /// The page's slug in the URL.
    pub fn slug(self) -> &'static str {
        match self {
            Page::Builds => "builds",
            Page::DevToken => "dev-token",
            Page::CdnAuth => "cdn-auth",
            Page::DomainAuth => "domain-auth",
            Page::Log => "log",
        }
    }

    /// The page's name in the navigation.
    pub fn title(self) -> &'static str {
        match self {
            Page::Builds => "Builds",
            Page::DevToken => "Development token",
            Page::CdnAuth => "CDN auth",
            Page::DomainAuth => "Domain auth",
            Page::Log => "Action log",
        }
    }

    fn from_slug(slug: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.slug() == slug)
    }
}

/// A view as the URL's hash holds it: `#/<page>?game=<id>&ns=<id>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The page shown.
    pub page: Page,
    /// The selected game's id.
    pub game_id: String,
    /// The selected namespace's id.
    pub namespace_id: String,
}

impl Route {
    /// Reads a hash (`#/cdn-auth?game=..&ns=..`); anything unknown falls back
    /// to the builds page.
    pub fn parse(hash: &str) -> Route {
        let hash = hash.trim_start_matches('#').trim_start_matches('/');
        let (slug, query) = hash.split_once('?').unwrap_or((hash, ""));
        let params = web_sys::UrlSearchParams::new_with_str(query).ok();
        let get = |k: &str| {
            let id = params.as_ref().and_then(|p| p.get(k)).unwrap_or_default();
            crate::validate::canonical_id(&id)
        };
        Route {
            page: Page::from_slug(slug).unwrap_or(Page::Builds),
            game_id: get("game"),
            namespace_id: get("ns"),
        }
    }

    /// The hash for this view.
    pub fn to_hash(&self) -> String {
        let mut hash = format!("#/{}", self.page.slug());
        let params = web_sys::UrlSearchParams::new().ok();
        if let Some(p) = params {
            if !self.game_id.is_empty() {
                p.append("game", &self.game_id);
            }
            if !self.namespace_id.is_empty() {
                p.append("ns", &self.namespace_id);
            }
            let query = String::from(p.to_string());
            if !query.is_empty() {
                hash.push('?');
                hash.push_str(&query);
            }
        }
        hash
    }
}

/// The shared state, provided by the app shell.
#[derive(Clone, Copy)]
pub struct Session {
    pub base_url: RwSignal<String>,
    pub token: RwSignal<String>,
    /// Keep the token in this tab's `sessionStorage`.
    pub remember: RwSignal<bool>,
    pub game_id: RwSignal<String>,
    pub namespace_id: RwSignal<String>,
    pub page: RwSignal<Page>,
    /// What this panel last set, by setting, game and namespace (see
    /// [`Session::last_set`]): the four operations cannot read them back.
    /// A short list searched in place: a map type of its own costs the
    /// panel 2.8 KB gzipped.
    last_set: RwSignal<Vec<(String, String, Change)>>,
    /// The ids used here, and the action log: both kept in `localStorage`.
    pub recent: Recent,
    pub log: Log,
    /// The protected namespaces, kept in `localStorage`.
    pub protected: Protected,
    /// The token the person chose to send anyway past the token check
    /// (see [`Fitness::may_send_anyway`]); any other token is checked.
    pub send_anyway: RwSignal<String>,
    /// This machine's clock, to the second: tokens' lives count down by it,
    /// and the token check is made again by it.
    pub now: RwSignal<i64>,
    /// Presentation mode: tokens, hostnames and ids masked
    /// (`super::present`).
    pub presenting: RwSignal<bool>,
}

/// A namespace setting the panel can change but not read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    CdnAuth,
    DomainAuth,
}

/// One change of a namespace setting, typed from the radio button to the
/// call, the action log, the last-set memory and the summary. Its value is
/// text only where a person or the log reads it ([`Change::value`]). The
/// next setting is one more variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    CdnAuth(CdnAuthType),
    DomainAuth(bool),
}

impl Change {
    /// Which setting it changes.
    pub fn setting(&self) -> Setting {
        match self {
            Change::CdnAuth(_) => Setting::CdnAuth,
            Change::DomainAuth(_) => Setting::DomainAuth,
        }
    }

    /// The value as the page and the action log say it: the service's name
    /// of a CDN auth type, `enabled` or `disabled`.
    pub fn value(&self) -> &str {
        match self {
            Change::CdnAuth(t) => t.as_str(),
            Change::DomainAuth(true) => "enabled",
            Change::DomainAuth(false) => "disabled",
        }
    }

    /// The request that makes the change on one namespace of a game.
    pub fn call(
        &self,
        conn: &Connection,
        game_id: &str,
        namespace_id: &str,
    ) -> Result<Call, ApiError> {
        match self {
            Change::CdnAuth(auth_type) => SetCdnAuth {
                game_id,
                namespace_id,
                auth_type,
            }
            .call(conn),
            Change::DomainAuth(enabled) => SetDomainAuth {
                game_id,
                namespace_id,
                enabled: *enabled,
            }
            .call(conn),
        }
    }

    /// The operation's name, for the action log.
    pub fn operation(&self) -> &'static str {
        match self {
            Change::CdnAuth(_) => SetCdnAuth::NAME,
            Change::DomainAuth(_) => SetDomainAuth::NAME,
        }
    }

    /// What is set, for a confirmation.
    pub fn describe(&self) -> String {
        let what = match self {
            Change::CdnAuth(_) => "the CDN auth type",
            Change::DomainAuth(_) => "domain-based authentication",
        };
        format!("{what} to {}", self.value())
    }
}

impl Session {
    /// The session the app shell provides to every page. (Not
    /// `expect_context`, whose message formats the caller's location and the
    /// type's name with `Debug`: about 1.5 KB of the panel's wasm for a
    /// panic that cannot happen.)
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
        let game = Route::parse(&search).game_id;
        if !game.is_empty() {
            if route.game_id.is_empty() {
                route.game_id = game;
            }
            if let (Some(l), Some(h)) = (&location, window.as_ref().and_then(|w| w.history().ok()))
            {
                let url = l.pathname().unwrap_or_default() + &l.hash().unwrap_or_default();
                let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
        }
        let remembered =
            kept::load_migrating(Store::Session, kept::TOKEN, kept::TOKEN_V1).map(|(t, _)| t);
        Session {
            base_url: RwSignal::new(origin),
            remember: RwSignal::new(remembered.is_some()),
            token: RwSignal::new(remembered.unwrap_or_default()),
            now: RwSignal::new(js_sys::Date::now() as i64),
            presenting: RwSignal::new(super::present::kept()),
            game_id: RwSignal::new(route.game_id),
            namespace_id: RwSignal::new(route.namespace_id),
            page: RwSignal::new(route.page),
            last_set: RwSignal::new(Vec::new()),
            recent: Recent::load(),
            log: Log::load(),
            protected: Protected::load(),
            send_anyway: RwSignal::new(String::new()),
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
            let keep = remember && !token.is_empty();
            kept::save(Store::Session, kept::TOKEN, keep.then_some(token.as_str()));
        });
        let on_hash = Closure::<dyn FnMut()>::new(move || {
            let hash = web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .unwrap_or_default();
            let route = Route::parse(&hash);
            self.page.set(route.page);
            if !route.game_id.is_empty() {
                self.game_id.set(route.game_id);
            }
            if !route.namespace_id.is_empty() {
                self.namespace_id.set(route.namespace_id);
            }
        });
        // Another tab wrote a kept value: each store follows at once.
        let on_storage = Closure::<dyn FnMut()>::new(move || {
            self.recent.refresh();
            self.log.refresh();
            self.protected.refresh();
        });
        if let Some(w) = web_sys::window() {
            let _ =
                w.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
            let _ =
                w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
        }
        // The listeners live as long as the page.
        on_hash.forget();
        on_storage.forget();
    }

    /// The link to a page with the current ids.
    pub fn href(self, page: Page) -> String {
        self.route(page).to_hash()
    }

    /// A page with the current ids; without them in presentation mode, so
    /// that the address bar and the links show none.
    fn route(self, page: Page) -> Route {
        let id = |s: RwSignal<String>| {
            if self.presenting.get() {
                String::new()
            } else {
                s.get().trim().to_owned()
            }
        };
        Route {
            page,
            game_id: id(self.game_id),
            namespace_id: id(self.namespace_id),
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
        let fitness = Fitness::of(&token, &self.game(), js_sys::Date::now() as i64);
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

    /// The selected game's id, in its one form (what is sent).
    pub fn game(&self) -> String {
        crate::validate::canonical_id(&self.game_id.get_untracked())
    }

    /// The selected namespace's id, in its one form (what is sent, marked
    /// and compared).
    pub fn namespace(&self) -> String {
        crate::validate::canonical_id(&self.namespace_id.get_untracked())
    }

    /// What this panel last set for a namespace of the selected game
    /// (tracked).
    pub fn last_set(&self, setting: Setting, namespace: &str) -> Option<Change> {
        let canonical = crate::validate::canonical_id;
        let (game, namespace) = (canonical(&self.game_id.get()), canonical(namespace));
        self.last_set.with(|list| {
            list.iter()
                .find(|(g, n, c)| *g == game && *n == namespace && c.setting() == setting)
                .map(|(.., c)| c.clone())
        })
    }

    /// What must be typed to change the namespaces `ids` (taken as
    /// protected): their names ([`crate::protect::phrase`]), each its label
    /// or else its id; nothing for none (tracked, labels too).
    pub fn phrase(&self, ids: &[String]) -> String {
        self.recent.with(|_| ());
        let names: Vec<(String, String)> = ids
            .iter()
            .map(|ns| (ns.trim().to_owned(), self.recent.label_of("namespace", ns)))
            .collect();
        crate::protect::phrase(&names)
    }

    /// The namespaces among `ids` that are protected (tracked).
    pub fn protected_among(&self, ids: &[String]) -> Vec<String> {
        ids.iter()
            .filter(|id| self.protected.has(id))
            .cloned()
            .collect()
    }

    /// Whether a change may be sent to `namespace` now: it is not protected
    /// as kept at this very moment (another tab may have marked it since the
    /// confirmation), or its name was typed. Otherwise the refusal says so,
    /// and nothing is sent.
    pub fn may_change(&self, namespace: &str, named: &Named) -> Result<(), ApiError> {
        self.protected.refresh();
        if self
            .protected
            .with_untracked(|marks| named.allows(marks, namespace))
        {
            return Ok(());
        }
        let label = self.recent.label_of("namespace", namespace);
        Err(ApiError::invalid(Issue::new(
            IssueCode::NamespaceProtected,
            "namespace_id",
            format!(
                "{} was marked protected after the change was confirmed: nothing was sent to it. Apply again and type its name.",
                crate::bulk::name(namespace.trim(), &label)
            ),
        )))
    }

    /// Marks a namespace protected, or removes the mark once its name was
    /// typed (`named`); the action log says so. Whether it changed.
    pub fn protect(&self, id: &str, on: bool, named: &Named) -> bool {
        let id = crate::validate::canonical_id(id);
        if !on && self.may_change(&id, named).is_err() {
            return false;
        }
        if !self.protected.update(|marks| marks.set(&id, on)) {
            return false;
        }
        self.log.record(crate::action_log::Entry {
            at_ms: js_sys::Date::now() as i64,
            operation: "mark-protected".to_owned(),
            game_id: self.game(),
            namespace_label: self.recent.label_of("namespace", &id),
            namespace_id: id,
            value: if on { "protected" } else { "not protected" }.to_owned(),
            outcome: "done".to_owned(),
            ray_id: String::new(),
            request: String::new(),
        });
        true
    }

    /// Remembers what was set on a namespace.
    pub fn remember(&self, change: Change, game: &str, namespace: &str) {
        self.last_set.update(|list| {
            list.retain(|(g, n, c)| {
                !(g == game && n == namespace && c.setting() == change.setting())
            });
            list.push((game.to_owned(), namespace.to_owned(), change));
        });
    }
}
