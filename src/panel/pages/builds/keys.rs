//! The rows' keyboard: the rows are one tab stop (the table itself), and the
//! keys move its current row, kept in view under the sticky header, or open
//! its menu.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::row::{row_id, row_px};

/// The rows' keys: the arrows, Page Up and Down, Home and End move the
/// current row among `count` and keep it in view under the sticky header;
/// Enter opens its ⋯ menu (focus on its first item). Only keys pressed on
/// the table itself, with no modifier: a sort button's Enter sorts, and
/// the browser's and the palette's shortcuts are theirs.
pub(super) fn keys(ev: &web_sys::KeyboardEvent, current: RwSignal<usize>, count: usize) {
    let table = ev.current_target();
    if ev.target() != table
        || ev.ctrl_key()
        || ev.alt_key()
        || ev.meta_key()
        || ev.shift_key()
        || count == 0
    {
        return;
    }
    let Some(scroller) = table
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|table| table.parent_element())
    else {
        return;
    };
    let row_px = row_px();
    let page = (scroller.client_height().max(0) as usize / row_px)
        .saturating_sub(2)
        .max(1);
    let at = current.get_untracked().min(count.saturating_sub(1));
    let to = match ev.key().as_str() {
        "ArrowDown" => at + 1,
        "ArrowUp" => at.saturating_sub(1),
        "PageDown" => at + page,
        "PageUp" => at.saturating_sub(page),
        "Home" => 0,
        "End" => count,
        "Enter" => {
            ev.prevent_default();
            open_menu(at);
            return;
        }
        _ => return,
    };
    ev.prevent_default();
    let to = to.min(count.saturating_sub(1));
    current.set(to);
    // In view below the header, which stays at the top as the rows scroll.
    let header = scroller
        .query_selector("thead")
        .ok()
        .flatten()
        .map_or(0, |h| h.client_height().max(0));
    let top = (to * row_px) as i32;
    let shown = scroller.client_height() - header;
    if top < scroller.scroll_top() {
        scroller.set_scroll_top(top);
    } else if top + row_px as i32 > scroller.scroll_top() + shown {
        scroller.set_scroll_top(top + row_px as i32 - shown);
    }
}

/// Opens the ⋯ menu of the row at `at` as its button would, and puts the
/// focus on the menu's first item once it is drawn.
fn open_menu(at: usize) {
    let button = crate::panel::dom::element(&row_id(at))
        .and_then(|row| row.query_selector(".gc-more button").ok().flatten())
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        button.click();
        request_animation_frame(|| {
            let first = crate::panel::dom::element("gc-row-menu")
                .and_then(|menu| menu.query_selector("button").ok().flatten())
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(first) = first {
                let _ = first.focus();
            }
        });
    }
}
