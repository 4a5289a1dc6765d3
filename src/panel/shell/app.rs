//! The app shell: the header (the context bar and the pages), the connection
//! card when it is open, and the page the route names.

use leptos::prelude::*;

use super::{connection, context, palette};
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::pages::{self, builds};
use crate::panel::present;
use crate::panel::session::Session;
use crate::route::Page;

/// The whole panel.
#[component]
pub fn App() -> impl IntoView {
    let s = Session::from_page();
    s.sync();
    provide_context(s);
    builds::Loaded::provide();
    view! {
        // The first tab stop: past the header, to the page.
        <button type="button" class="gc-skip" on:click=|_| {
            crate::panel::dom::focus("gc-main");
        }>"Skip to the page"</button>
        <palette::keys::Keys />
        <header class="gc-header">
            <div class="gc-bar">
                <p class="gc-brand">"Game Cloud"</p>
                <context::Switchers />
                <context::Status />
                // On a phone the pages and the presentation switch fold
                // behind this button (style/main.css).
                <button type="button" class="gc-menu-button gc-tertiary" popovertarget="gc-menu" aria-label="Menu">"☰"</button>
            </div>
            <div id="gc-menu" class="gc-menu" popover="auto">
                <nav aria-label="Pages" on:click=|_| crate::panel::dom::hide("gc-menu")>
                    {Page::ALL.into_iter().map(|p| view! {
                        // The link navigates and the hash change sets the page
                        // (Session::sync), so each page visited is an entry of the
                        // tab's history: setting the page here first had the URL
                        // replaced before the link followed, and Back left the panel.
                        <a
                            href=move || s.href(p)
                            // "false" rather than no attribute: a closure of a
                            // type the panel's views already have costs no code
                            // (docs/SIZE.md, size rule "no new reactive types").
                            // (A build's page is one of the builds'.)
                            aria-current=move || {
                                let now = s.page.get();
                                if now == p || (now == Page::Build && p == Page::Builds) { "page" } else { "false" }
                            }
                        >
                            {p.title()}
                        </a>
                    }).collect_view()}
                </nav>
                <present::PresentSwitch on=s.presenting />
            </div>
        </header>
        <main class="gc-main" id="gc-main" tabindex="-1">
            <connection::ConnectionCard />
            <Unsaved />
            // The builds page opens the panel; the others are fetched when
            // first visited.
            {move || match s.page.get() {
                Page::Builds => view! { <builds::BuildsPage /> }.into_any(),
                Page::Build => view! { <builds::BuildPage /> }.into_any(),
                Page::DevToken => pages::dev_token_view(),
                Page::Tokens => pages::tokens_view(),
                Page::Log => pages::log_view(),
                Page::Settings => pages::settings_view(),
            }}
        </main>
    }
}

/// What the browser did not keep (its storage for this site full), and
/// what to do: shown on every page until a write succeeds. Its words are
/// fetched when first needed (docs/SIZE.md, "Pages fetched on first use").
#[component]
fn Unsaved() -> impl IntoView {
    let s = Session::get();
    move || {
        (s.protected.unsaved() || s.recent.unsaved() || s.log.unsaved())
            .then(|| lazy_view(unsaved_view, "what was not saved", |make| make()))
    }
}

lazy! {
    /// Which of the kept values the browser did not save, and "Save again".
    fn unsaved_view() -> fn() -> AnyView;
    in unsaved, preload preload_unsaved;
    {
        || {
            let s = Session::get();
            view! {
                <p class="gc-warning" role="alert">
                    "This browser did not save "
                    {move || {
                        let what: Vec<&str> = [
                            (s.protected.unsaved(), "the protected marks"),
                            (s.recent.unsaved(), "the recent ids and labels"),
                            (s.log.unsaved(), "the action log"),
                        ]
                        .into_iter()
                        .filter_map(|(unsaved, what)| unsaved.then_some(what))
                        .collect();
                        what.join(" and ")
                    }}
                    ": its storage for this site is full, or blocked in its settings. Changes hold in this tab only, until it closes. Make room (clear the action log, or this site's data in the browser's settings), then "
                    <button type="button" class="gc-small" on:click=move |_| {
                        s.protected.retry();
                        s.recent.retry();
                        s.log.retry();
                    }>"Save again"</button>
                </p>
            }
            .into_any()
        }
    }
}
