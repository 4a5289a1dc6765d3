//! Above the table: the shown builds' sizes over time, drawn here as SVG
//! (no chart library), with the game's size budget as a line. Dragging
//! across the chart (or the dates among the options) keeps the builds of
//! those days, and the chart follows: it draws the rows shown, so it zooms
//! in to those days (the days' chip zooms out). Its numbers are also a
//! table. Drawn around the table, in the part that holds what is around it
//! (`around`).
//!
//! The chips, the days' chip and the options are `options`'s (in the
//! table's toolbar); the scale, the dates and the chart as a table are
//! `numbers`'s.

mod bars;
mod chips;
mod numbers;
mod options;

pub(super) use options::options;

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::TableState;
use crate::builds_view::{self, buckets, DAY_MS};
use bars::{bar, show_row};
use numbers::{date, day_ticks, numbers, percent, scale_top, ticks, y_of};

/// The drawing's size in its own units (it stretches to the page's width).
const W: i64 = 1000;
pub(super) const H: i64 = 160;
/// Room at each side, so that the first and last marks show whole.
const PAD: i64 = 14;
/// The most marks drawn: more builds than this are drawn per stretch of time.
const MARKS: usize = 160;
/// A MiB, the budget field's unit.
const MIB: u64 = 1 << 20;
/// A drag shorter than this (in the drawing's units, about pixels) is a click.
const CLICK: i64 = 5;

/// The chart, and under it its numbers as a table when they are asked for.
#[component]
pub(super) fn Insights(
    /// The table's state: the chart draws the rows shown, and the game's
    /// budget; a drag across it sets the days that narrow them.
    table: TableState,
) -> impl IntoView {
    let TableState {
        list,
        query,
        state,
        rows,
        narrow,
        chart_open,
        chart_table,
        picked,
        ..
    } = table.clone();
    let budget = move || narrow.with(|n| n.budget);
    let marks = {
        let list = list.clone();
        // Drawn again when what is shown changes, not when it is sorted
        // again: the marks do not depend on the rows' order.
        Memo::new(move |_| {
            query.track();
            state.track();
            narrow.track();
            Arc::new(buckets(list.builds(), &rows.get_untracked(), MARKS))
        })
    };
    // A drag across the chart: where it started and where it is (Unix ms).
    let drag = RwSignal::new(None::<(i64, i64)>);
    let span = move || {
        marks.with(|m| match (m.first(), m.last()) {
            (Some(a), Some(b)) => (a.first_ms, b.last_ms.max(a.first_ms + 1)),
            _ => (0, 1),
        })
    };
    let at_pointer = move |ev: &web_sys::MouseEvent| -> Option<i64> {
        let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
        let width = i64::from(el.client_width()).max(1);
        let (t0, t1) = span();
        let x = (i64::from(ev.offset_x()) * W / width).clamp(PAD, W - PAD) - PAD;
        Some(t0 + ((i128::from(t1 - t0) * i128::from(x)) / i128::from(W - 2 * PAD)) as i64)
    };
    let choose = move |a: i64, b: i64| {
        let days = (a.min(b).div_euclid(DAY_MS), a.max(b).div_euclid(DAY_MS));
        narrow.update(|f| f.days = Some(days));
    };
    // Where a time is across the chart.
    let x_of = move |t: i64| {
        let (t0, t1) = span();
        PAD + ((i128::from(t.clamp(t0, t1) - t0) * i128::from(W - 2 * PAD)) / i128::from(t1 - t0))
            as i64
    };
    // A drag ends where the pointer is let go, or leaves the chart; one
    // that hardly moved is a click (on a bar: its row is shown).
    let for_click = table.clone();
    let row_px = crate::panel::pages::builds::row::row_px_reader();
    let end = move |ev: &web_sys::MouseEvent| {
        if let Some((a, b)) = drag.get_untracked() {
            drag.set(None);
            let b = at_pointer(ev).unwrap_or(b);
            if (x_of(a) - x_of(b)).abs() >= CLICK {
                choose(a, b);
            } else {
                show_row(ev.target(), &for_click, row_px());
            }
        }
    };
    let top = move || marks.with(|m| scale_top(m, budget()));
    // A column per mark, as tall as its largest build, centred on its time
    // (a stretch of time: on its middle), named by its tooltip; a click
    // shows its largest build's row.
    let bars = {
        let table = table.clone();
        move || {
            let (budget, top) = (budget(), top());
            let marks = marks.get();
            let width = ((W - 2 * PAD) / (marks.len() as i64).max(1) * 6 / 10).clamp(2, 24);
            marks
                .iter()
                .map(|m| {
                    let left = x_of(m.first_ms / 2 + m.last_ms / 2) - width / 2;
                    let picked = picked.with(|p| p.contains(&m.largest_at));
                    bar(m, left, width, top, budget, &table.list, picked)
                })
                .collect_view()
        }
    };
    let line = move || {
        let at = y_of(budget()?, top()).to_string();
        Some(view! { <line class="gc-budget" x1="0" x2=W.to_string() y1=at.clone() y2=at /> })
    };
    // The budget's label at the line's end, in the scale's unit.
    let budget_label = move || {
        let budget = budget()?;
        let up = percent(budget.min(top()), top());
        Some(view! {
            <span class="gc-budget-label" style:bottom=up>{format!("Budget {}", builds_view::human_size(budget))}</span>
        })
    };
    // Round sizes up the scale, each with a faint line across.
    let ticks = move || ticks(top());
    let grid = move || {
        let top = top();
        let d: String = ticks()
            .iter()
            .skip(1)
            .map(|(size, _)| format!("M0 {}H{W}", y_of(*size, top)))
            .collect();
        view! { <path class="gc-grid" d=d /> }
    };
    let scale = move || {
        let top = top();
        ticks()
            .into_iter()
            .map(|(size, label)| view! { <span style:bottom=percent(size, top)>{label}</span> })
            .collect_view()
    };
    // The sizes of the bars cut at the top, written over them.
    let cut_sizes = move || {
        let top = top();
        marks.with(|m| {
            m.iter()
                .filter(|m| m.largest > top)
                .map(|m| {
                    let at = x_of(m.first_ms / 2 + m.last_ms / 2) / 10;
                    view! { <span class="gc-cut-size" style:left=format!("{at}%")>{builds_view::human_size(m.largest)}</span> }
                })
                .collect_view()
        })
    };
    // The days under the chart, where they fall across it.
    let days = move || {
        let (t0, t1) = span();
        day_ticks(t0, t1)
            .into_iter()
            .map(
                |(t, label)| view! { <span style:left=format!("{}%", x_of(t) / 10)>{label}</span> },
            )
            .collect_view()
    };
    // The days being chosen, while the drag lasts.
    let chosen = move || {
        let (a, b) = drag.get()?;
        let (a, b) = (x_of(a.min(b)), x_of(a.max(b)));
        Some(
            view! { <rect class="gc-range" x=a.to_string() y="0" width=(b - a).max(2).to_string() height=H.to_string() /> },
        )
    };
    let summary = move || {
        marks.with(|m| {
            let largest = m.iter().map(|b| b.largest).max().unwrap_or(0);
            let builds: usize = m.iter().map(|b| b.builds).sum();
            match (m.first(), m.last()) {
                (Some(a), Some(b)) => format!(
                    "Sizes of the {builds} builds shown, from {} to {}; the largest {}.",
                    date(a.first_ms),
                    date(b.last_ms),
                    builds_view::human_size(largest)
                ),
                _ => "No builds to chart.".to_owned(),
            }
        })
    };
    view! {
        <section class="gc-insights" aria-label="Sizes over time" data-open=move || chart_open.get().to_string()>
            <figure class="gc-chart gc-muted">
                <div class="gc-chart-scale" aria-hidden="true">{scale}</div>
                <div class="gc-plot">
                <svg viewBox=format!("0 0 {W} {H}") preserveAspectRatio="none" role="img" aria-label=summary
                    on:pointerdown=move |ev| {
                        if let Some(t) = at_pointer(&ev) {
                            drag.set(Some((t, t)));
                        }
                    }
                    on:pointermove=move |ev| {
                        if let (Some((a, _)), Some(t)) = (drag.get_untracked(), at_pointer(&ev)) {
                            drag.set(Some((a, t)));
                        }
                    }
                    on:pointerup={
                        let end = end.clone();
                        move |ev| end(&ev)
                    }
                    on:pointerleave=move |ev| end(&ev)
                >{grid}{chosen}{bars}{line}</svg>
                {budget_label}
                {cut_sizes}
                </div>
                <figcaption class="gc-chart-days" aria-hidden="true">{days}</figcaption>
            </figure>
            // The table is made while it is asked for: a filter does not
            // redraw it unseen.
            {move || chart_table.get().then(|| marks.with(|m| numbers(m, budget())))}
        </section>
    }
}
