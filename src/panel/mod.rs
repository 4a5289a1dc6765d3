//! The Leptos panel: the app shell (navigation, the connection, deep links)
//! and one file per operation page, over the same core and transport as the
//! JS module.

mod app;
mod builds;
mod bulk;
mod calls;
mod cdn_auth;
mod connection;
mod crypto;
mod dev_token;
mod domain_auth;
mod handoff;
mod kept;
mod lazy;
mod log;
mod present;
mod recent;
mod session;
mod widgets;

pub use app::App;
pub use session::{Page, Route};
