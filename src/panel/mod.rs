//! The Leptos panel: the app shell with the connection form, and one file per
//! operation page over the same core and transport as the JS module.

mod builds;
mod connection;

use leptos::prelude::*;

pub use connection::ConnectionSettings;

/// The whole panel.
#[component]
pub fn App() -> impl IntoView {
    let settings = ConnectionSettings::from_page();
    provide_context(settings);
    view! {
        <header class="gc-header">
            <h1>"Game Cloud panel"</h1>
        </header>
        <main class="gc-main">
            <connection::ConnectionForm />
            <builds::BuildsList />
        </main>
    }
}
