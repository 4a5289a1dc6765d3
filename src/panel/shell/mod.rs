//! The app shell: what every page of the panel stands in.

pub mod app;
mod connection;
mod context;
mod palette;
mod recent;

use wasm_bindgen::JsCast;

/// The element whose id is `id`, if the page has it now.
#[cfg(not(feature = "elements"))]
pub(crate) fn element(id: &str) -> Option<web_sys::HtmlElement> {
    leptos::prelude::document()
        .get_element_by_id(id)
        .and_then(|el| el.dyn_into().ok())
}

/// The element whose id is `id`, if the page has it now: in a drop-in
/// element the page is in a shadow root, which the document's own lookup
/// does not enter; the one that holds the focus (of the element the person
/// is using).
#[cfg(feature = "elements")]
pub(crate) fn element(id: &str) -> Option<web_sys::HtmlElement> {
    let document = leptos::prelude::document();
    document
        .active_element()
        .and_then(|host| host.shadow_root())
        .and_then(|root| root.get_element_by_id(id))
        .or_else(|| document.get_element_by_id(id))
        .and_then(|el| el.dyn_into().ok())
}

/// Moves the focus to the element whose id is `id`; whether it was there.
fn focus(id: &str) -> bool {
    element(id).is_some_and(|el| el.focus().is_ok())
}

/// Hides the popover whose id is `id`, if it is open (one was chosen in it).
pub(crate) fn hide(id: &str) {
    if let Some(popover) = element(id) {
        let _ = popover.hide_popover();
    }
}

/// An id as the context bar and the builds table show it: a UUID's first
/// eight characters, another id whole (it is what the person typed, or what
/// the service named it), a token never.
pub(crate) fn short(id: &str) -> String {
    let id = id.trim();
    if crate::token::holds_token(id) {
        // Pasted where an id belongs: shown nowhere (the field says why).
        return "not an id".to_owned();
    }
    match id.get(..8) {
        Some(head) if id.len() == 36 => head.to_owned(),
        _ => id.to_owned(),
    }
}
