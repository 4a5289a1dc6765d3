//! The connection: base URL (the page's origin by default), bearer token (in
//! memory only), and game id (from `?game=` when the link carries one).

use leptos::prelude::*;

use crate::api::{ApiError, Connection};

/// What the shell shares with every page.
#[derive(Clone, Copy)]
pub struct ConnectionSettings {
    pub base_url: RwSignal<String>,
    pub token: RwSignal<String>,
    pub game_id: RwSignal<String>,
    /// Bumped on each "Load": pages refetch when it changes.
    pub generation: RwSignal<u32>,
}

impl ConnectionSettings {
    /// Defaults from the page: its origin and its `?game=` parameter.
    pub fn from_page() -> Self {
        let location = web_sys::window().map(|w| w.location());
        let origin = location
            .as_ref()
            .and_then(|l| l.origin().ok())
            .unwrap_or_default();
        let game = location
            .and_then(|l| l.search().ok())
            .and_then(|s| web_sys::UrlSearchParams::new_with_str(&s).ok())
            .and_then(|p| p.get("game"))
            .unwrap_or_default();
        ConnectionSettings {
            base_url: RwSignal::new(origin),
            token: RwSignal::new(String::new()),
            game_id: RwSignal::new(game),
            generation: RwSignal::new(0),
        }
    }

    /// The checked connection, or why it cannot be used.
    pub fn connection(&self) -> Result<Connection, ApiError> {
        Connection::new(&self.base_url.get_untracked(), &self.token.get_untracked())
    }
}

/// The form at the top of every page.
#[component]
pub fn ConnectionForm() -> impl IntoView {
    let s = expect_context::<ConnectionSettings>();
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        s.generation.update(|g| *g += 1);
    };
    view! {
        <form class="gc-connection" on:submit=on_submit aria-label="Connection">
            <label>
                "Base URL"
                <input type="url" name="base-url" autocomplete="url" bind:value=s.base_url />
            </label>
            <label>
                "Token"
                <input
                    type="password"
                    name="token"
                    autocomplete="off"
                    spellcheck="false"
                    bind:value=s.token
                />
            </label>
            <label>
                "Game id"
                <input type="text" name="game-id" spellcheck="false" bind:value=s.game_id />
            </label>
            <button type="submit">"Load builds"</button>
        </form>
    }
}
