//! The rows' keyboard: the rows are one tab stop (the table itself), and the
//! keys move its current row, kept in view under the sticky header, or open
//! its menu.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::row::row_id;

/// The rows' keys: the arrows, Page Up and Down, Home and End move the
/// current row among `count` (rows `row_px` high) and keep it in view under the sticky header;
/// Enter opens its ⋯ menu (focus on its first item). Only keys pressed on
/// the table itself, with no modifier: a sort button's Enter sorts, and
/// the browser's and the palette's shortcuts are theirs.
pub(super) fn keys(
    ev: &web_sys::KeyboardEvent,
    current: RwSignal<usize>,
    count: usize,
    row_px: usize,
) {
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
    let Some(table) = table.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return;
    };
    let (Some(body), Some(head)) = (
        table.query_selector("tbody").ok().flatten(),
        table.query_selector("thead th").ok().flatten(),
    ) else {
        return;
    };
    // The rows scroll with the page; what hides them at the top is the
    // header row, which stays there (with the panel's header above it).
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0) as i32;
    let shown_from = head.get_bounding_client_rect().bottom() as i32;
    let page = ((height - shown_from).max(0) as usize / row_px)
        .saturating_sub(1)
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
    // In view: below the header row, above the window's bottom.
    let top = body.get_bounding_client_rect().top() as i32 + (to * row_px) as i32;
    if top < shown_from {
        window().scroll_by_with_x_and_y(0.0, f64::from(top - shown_from));
    } else if top + row_px as i32 > height {
        window().scroll_by_with_x_and_y(0.0, f64::from(top + row_px as i32 - height));
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
