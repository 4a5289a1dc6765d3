//! The app shell: the header with the pages, the connection form, the recent
//! ids, and the page the route names.

use leptos::prelude::*;

use super::session::{Page, Session};
use super::{builds, cdn_auth, connection, dev_token, domain_auth, log, recent};

/// The whole panel.
#[component]
pub fn App() -> impl IntoView {
    let s = Session::from_page();
    s.sync();
    provide_context(s);
    view! {
        <header class="gc-header">
            <h1>"Game Cloud panel"</h1>
            <nav aria-label="Pages">
                {Page::ALL.into_iter().map(|p| view! {
                    // The link navigates and the hash change sets the page
                    // (Session::sync), so each page visited is an entry of the
                    // tab's history: setting the page here first had the URL
                    // replaced before the link followed, and Back left the panel.
                    <a
                        href=move || s.href(p)
                        aria-current=move || (s.page.get() == p).then_some("page")
                    >
                        {p.title()}
                    </a>
                }).collect_view()}
            </nav>
        </header>
        <main class="gc-main">
            <connection::ConnectionForm />
            <recent::RecentIds />
            {move || match s.page.get() {
                Page::Builds => view! { <builds::BuildsPage /> }.into_any(),
                Page::DevToken => view! { <dev_token::DevTokenPage /> }.into_any(),
                Page::CdnAuth => view! { <cdn_auth::CdnAuthPage /> }.into_any(),
                Page::DomainAuth => view! { <domain_auth::DomainAuthPage /> }.into_any(),
                Page::Log => view! { <log::LogPage /> }.into_any(),
            }}
        </main>
    }
}
