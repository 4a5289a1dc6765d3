//! The builds pages' code fetched on first use (split builds), and when it
//! is asked for: the code that loads the list (`builds_list`), the table
//! (`builds_table`), a build's own page (`build_page`), and what is around
//! the table (`builds_tools`, `builds_chart`, `builds_more`). A deep link
//! asks for the list's code and its page's in one turn, what is around the
//! table as the list is asked for: each group comes in one file
//! (docs/SIZE.md, size rule "a page's parts in one file").

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use leptos::prelude::*;

use super::state::TableState;
use super::table::BuildsTable;
use crate::api::{ApiError, Connection, ListBuilds};
use crate::builds_view::BuildList;
use crate::ids::GameId;
use crate::panel::lazy::lazy;
use crate::transport::Options;

/// The game's builds as read and indexed, on their way.
pub(super) type Fetched = Pin<Box<dyn Future<Output = Result<Arc<BuildList>, ApiError>>>>;

lazy! {
    /// Reads the game's builds and finds each one's previous build (the
    /// first rows show the changes in size).
    pub(super) fn loader() -> fn(Connection, GameId, Options) -> Fetched;
    in builds_list, preload preload_loader;
    {
        |connection, game, opts| {
            Box::pin(async move {
                let call = ListBuilds {
                    game_id: game.as_str(),
                };
                let answer = crate::transport::send(&connection, &call, &opts).await?;
                let list = BuildList::new(answer.builds, browser_lowercase);
                list.prepare_history();
                Ok(Arc::new(list))
            })
        }
    }
}

lazy! {
    /// The table's code.
    pub(super) fn table() -> fn(Arc<BuildList>) -> AnyView;
    in builds_table, preload preload_table;
    { |builds| view! { <BuildsTable builds=builds /> }.into_any() }
}

lazy! {
    /// A build's page: its ids, tags and state, and its name's history.
    pub(super) fn build_view() -> fn(Arc<BuildList>) -> AnyView;
    in build_page, preload preload_build_view;
    { super::build::build_page }
}

lazy! {
    /// What the table shows in its toolbar: the tag chips, the days chosen
    /// and the options (budget, dates, export).
    pub(super) fn around_tools() -> fn(TableState) -> AnyView;
    in builds_tools, preload preload_tools;
    { super::around::tools }
}

lazy! {
    /// Under the table's toolbar: the size chart.
    pub(super) fn around_chart() -> fn(TableState) -> AnyView;
    in builds_chart, preload preload_chart;
    { super::around::chart }
}

lazy! {
    /// What else the table shows around it: two builds compared and the
    /// rows' ⋯ menu; and the view kept in the address.
    pub(super) fn around_rest() -> fn(TableState) -> AnyView;
    in builds_more, preload preload_around;
    { super::around::rest }
}

/// The browser's own `toLowerCase`: Rust's would add its Unicode case
/// tables to the wasm (docs/SIZE.md, size rule "the browser's lowercase").
fn browser_lowercase(s: &str) -> String {
    js_sys::JsString::from(s).to_lower_case().into()
}

/// Fetches, once a token is there on the builds page or a build's page,
/// the code that loads the list with that page's own (the table, or a
/// build's view), in one turn: the first load then waits for its call only.
/// Another page never fetches them before its builds are asked for.
#[cfg(gamecloud_split)]
pub(super) fn fetch_ahead(s: crate::panel::session::Session) {
    use crate::route::Page;
    // The drop-in elements have no build's page (its code is not in their
    // wasm).
    #[cfg_attr(feature = "elements", allow(unused_mut, unused_variables))]
    let (mut table, mut build) = (false, false);
    Effect::new(move |_| {
        let page = s.page.get();
        if s.token.with(|t| t.trim().is_empty()) {
            return;
        }
        let asked = match page {
            Page::Builds => &mut table,
            #[cfg(not(feature = "elements"))]
            Page::Build => &mut build,
            _ => return,
        };
        if std::mem::replace(asked, true) {
            return;
        }
        leptos::task::spawn_local(async {
            let _ = preload_loader().await;
        });
        if page == Page::Builds {
            leptos::task::spawn_local(async {
                let _ = preload_table().await;
            });
        } else {
            #[cfg(not(feature = "elements"))]
            leptos::task::spawn_local(async {
                let _ = preload_build_view().await;
            });
        }
    });
}

/// Fetches what is around the table, asked for in one turn as the list is
/// (on the builds page only).
#[cfg(gamecloud_split)]
pub(super) fn fetch_around(page: crate::route::Page) {
    if page != crate::route::Page::Builds {
        return;
    }
    leptos::task::spawn_local(async {
        let _ = preload_tools().await;
    });
    leptos::task::spawn_local(async {
        let _ = preload_chart().await;
    });
    leptos::task::spawn_local(async {
        let _ = preload_around().await;
    });
}
