//! What every page shares: the connection (base URL, token), the selected game
//! and namespace, and the page, kept in the URL's hash so that a reload or a
//! shared link opens the same view. The token is never put in a URL: it lives
//! in memory, or in `sessionStorage` when the user asks to remember it in this
//! tab, never in `localStorage`.
//!
//! A session is made from the page, or for a drop-in element, in `start`;
//! the address kept in step with it in `address`.

mod address;
mod start;

use leptos::prelude::*;

use crate::api::{ApiError, Connection};
use crate::ids::{GameId, NamespaceId};
use crate::panel::guard::Guard;
use crate::panel::last_set::Memory;
use crate::panel::store::{KeptToken, Log, Recent};
use crate::route::Page;
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
    /// The build a build's page shows (its id), as the address names it.
    pub build: RwSignal<String>,
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
    /// A token to make like one made before: set by the tokens page's
    /// "Create another like this", taken by the token page's form when it
    /// is next drawn (not in the address: a hostname is masked in
    /// presentation mode, and the address is shared).
    pub draft: StoredValue<Option<crate::model::DevTokenRequest>>,
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
