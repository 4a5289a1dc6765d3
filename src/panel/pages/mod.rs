//! One room per page of the panel; each page's code but the builds' is
//! fetched on its first visit (split builds), in the panel as in a drop-in
//! element.

use leptos::prelude::*;

use crate::panel::lazy::{lazy, lazy_view};

pub mod builds;
pub mod dev_token;
pub mod log;
pub mod settings;
pub mod tokens;

/// The token page.
pub fn dev_token_view() -> AnyView {
    lazy_view(dev_token_page, "this page", |make| make())
}

/// The namespace's settings.
pub fn settings_view() -> AnyView {
    lazy_view(settings_page, "this page", |make| make())
}

/// The action log.
pub fn log_view() -> AnyView {
    lazy_view(log_page, "this page", |make| make())
}

/// The development tokens made in this browser.
pub fn tokens_view() -> AnyView {
    lazy_view(tokens_page, "this page", |make| make())
}

lazy! {
    fn dev_token_page() -> fn() -> AnyView;
    in dev_token, preload preload_dev_token;
    { || view! { <dev_token::DevTokenPage /> }.into_any() }
}
lazy! {
    fn settings_page() -> fn() -> AnyView;
    in settings, preload preload_settings;
    { || view! { <settings::SettingsPage /> }.into_any() }
}
lazy! {
    fn log_page() -> fn() -> AnyView;
    in log, preload preload_log;
    { || view! { <log::LogPage /> }.into_any() }
}
lazy! {
    fn tokens_page() -> fn() -> AnyView;
    in tokens, preload preload_tokens;
    { || view! { <tokens::TokensPage /> }.into_any() }
}
