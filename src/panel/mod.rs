//! The Leptos panel, over the same core and transport as the JS module. Its
//! rooms, from the top: the shell (`shell`: the header, the connection, the
//! recent ids, the page the route names), the pages (`pages`: one room each),
//! the widgets the pages share (`widgets`), and below them the session, the
//! calls, the protection guard, the last-set memory, presentation mode,
//! the page's elements by id (`dom`) and what the browser keeps (`store`).

mod calls;
mod dom;
#[cfg(feature = "elements")]
pub mod elements;
#[cfg(feature = "elements")]
mod events;
mod guard;
mod last_set;
mod lazy;
mod pages;
mod present;
mod session;
mod shell;
mod store;
mod widgets;

pub use shell::app::App;
