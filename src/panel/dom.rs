//! The page's elements by id: what a page, a widget or the shell finds,
//! focuses or hides of its own markup. Below all of them; in a drop-in
//! element, inside its shadow root.

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
pub(crate) fn focus(id: &str) -> bool {
    element(id).is_some_and(|el| el.focus().is_ok())
}

/// Hides the popover whose id is `id`, if it is open (one was chosen in it).
pub(crate) fn hide(id: &str) {
    if let Some(popover) = element(id) {
        let _ = popover.hide_popover();
    }
}
