//! The code that loads the game's builds, fetched on first use (split
//! builds: `builds_list`), and what the builds page and a build's page
//! fetch ahead: the list's code with the page's own (the table,
//! `table::table`; a build's view, `build::build_view`) in one turn, so
//! that a deep link fetches them in one file (docs/SIZE.md, size rule "a
//! page's parts in one file").

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

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
    use leptos::prelude::*;
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
                let _ = super::table::preload_table().await;
            });
        } else {
            #[cfg(not(feature = "elements"))]
            leptos::task::spawn_local(async {
                let _ = super::build::preload_build_view().await;
            });
        }
    });
}
