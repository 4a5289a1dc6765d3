//! The rows in the window: the page scrolls as one, and the table draws
//! only the rows the window shows; this keeps which those are, and keeps
//! the table's header row under the panel's header.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::row::row_px_reader;

/// Keeps `first` (the first row in the window, by its place) and `fit`
/// (how many rows the window holds) in step with the page's scroll and the
/// window's size, for the table whose rows are `body`; stops with it.
pub(super) fn follow_window(
    body: NodeRef<leptos::html::Tbody>,
    first: RwSignal<usize>,
    fit: RwSignal<usize>,
) {
    let row_px = row_px_reader();
    let measure = move || {
        let (Some(body), Some(height)) = (
            body.get_untracked(),
            window().inner_height().ok().and_then(|h| h.as_f64()),
        ) else {
            return;
        };
        let row_px = row_px() as f64;
        // How far the rows' top is above the window's (0 before they reach it).
        let above = (-body.get_bounding_client_rect().top()).max(0.0);
        let at = (above / row_px) as usize;
        let fits = (height / row_px) as usize + 1;
        if first.get_untracked() != at {
            first.set(at);
        }
        if fit.get_untracked() != fits {
            fit.set(fits);
        }
    };
    // The header row stays under the panel's header (none in a drop-in
    // element), whose height its width decides.
    let stick = move || {
        let below = document()
            .query_selector(".gc-header")
            .ok()
            .flatten()
            .map_or(0, |h| h.get_bounding_client_rect().bottom().max(0.0) as i32);
        if let Some(table) = body.get_untracked().and_then(|b| b.parent_element()) {
            // Through the style object: a `style` attribute would be refused
            // by the panel's Content-Security-Policy (`style-src 'self'`).
            let style = table.unchecked_into::<web_sys::HtmlElement>().style();
            let _ = style.set_property("--gc-sticky", &format!("{below}px"));
        }
    };
    request_animation_frame(move || {
        stick();
        measure();
    });
    // Any scroll, the page's or (in a drop-in element) a box of its host's
    // holding it: a scroll does not bubble, but every one passes the window
    // on its way down.
    let on_scroll = wasm_bindgen::closure::Closure::<dyn Fn()>::new(measure);
    let listener = on_scroll
        .as_ref()
        .unchecked_ref::<js_sys::Function>()
        .clone();
    let _ = window().add_event_listener_with_callback_and_bool("scroll", &listener, true);
    let on_resize = window_event_listener(leptos::ev::resize, move |_| {
        stick();
        measure();
    });
    // (The clean-up must be `Send`: the one thread never sends it.)
    let kept = send_wrapper::SendWrapper::new((on_scroll, listener));
    on_cleanup(move || {
        let (on_scroll, listener) = kept.take();
        let _ = window().remove_event_listener_with_callback_and_bool("scroll", &listener, true);
        drop(on_scroll);
        on_resize.remove();
    });
}
