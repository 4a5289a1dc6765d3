//! One bar of the chart: a mark's largest build, named by its tooltip
//! (one build: its name, size, day and change; a stretch of time: how many
//! builds and the largest); a click shows and marks its row in the table
//! ([`show_row`], from the chart's one listener).
//! Past the budget in the colour of danger, past the scale cut with a
//! break and its size written, a build of 0 bytes as an outline on the
//! axis, the builds compared ringed.

use leptos::prelude::*;

use super::numbers::y_of;
use super::H;
use crate::builds_view::{self, Bucket, BuildList};
use crate::panel::pages::builds::row::reveal;
use crate::panel::pages::builds::state::TableState;
use wasm_bindgen::JsCast;

/// The bar of `m`, `width` wide from `left`, on a scale that ends at `top`;
/// ringed if its build is `picked` (compared).
pub(super) fn bar(
    m: &Bucket,
    left: i64,
    width: i64,
    top: u64,
    budget: Option<u64>,
    list: &BuildList,
    picked: bool,
) -> impl IntoView {
    let b = &list.builds()[m.largest_at];
    let size = builds_view::human_size(m.largest);
    let day = super::numbers::date(m.first_ms);
    let name = if m.builds == 1 {
        let change = list
            .size_change(m.largest_at)
            .map(|(_, delta)| format!(", {}", builds_view::short_delta(delta)))
            .unwrap_or_default();
        format!("{}: {size}{change}, {day}", b.display_name)
    } else {
        format!(
            "{} builds from {day} to {}: the largest {}, {size}",
            m.builds,
            super::numbers::date(m.last_ms),
            b.display_name
        )
    };
    let off_scale = m.largest > top;
    let class = if m.largest == 0 {
        "gc-bar gc-zero"
    } else if off_scale {
        "gc-bar gc-off-scale"
    } else if budget.is_some_and(|max| m.largest > max) {
        "gc-bar gc-over"
    } else {
        "gc-bar"
    };
    // A build of 0 bytes: an outline on the axis, not a sliver.
    let y = if m.largest == 0 {
        H - 8
    } else {
        y_of(m.largest, top).min(H - 3)
    };
    // Cut: two strokes across its top, its size over it.
    let cut = off_scale.then(|| {
        view! {
            <path class="gc-break" d=format!("M{left} 14l{width} -6M{left} 22l{width} -6") />
        }
    });
    view! {
        <rect class=class x=left.to_string() y=y.to_string() width=width.to_string() height=(H - y).to_string()
            data-picked=picked.to_string() data-at=m.largest_at.to_string()>
            <title>{name}</title>
        </rect>
        {cut}
    }
}

/// Shows and marks the row of the bar `target` is (or is in), if it is one
/// and its build is among the rows shown (`row_px` high).
pub(super) fn show_row(target: Option<web_sys::EventTarget>, table: &TableState, row_px: usize) {
    let at = target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("rect[data-at]").ok().flatten())
        .and_then(|el| el.get_attribute("data-at"))
        .and_then(|i| i.parse::<usize>().ok());
    let place = at.and_then(|at| {
        table
            .rows
            .with_untracked(|r| r.iter().position(|&i| i == at))
    });
    if let Some(place) = place {
        table.current.set(place);
        reveal(place, row_px);
    }
}
