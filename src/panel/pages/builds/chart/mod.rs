//! Above the table: the tags several builds carry, as chips that filter,
//! and the shown builds' sizes over time, drawn here as SVG (no chart
//! library), with the game's size budget as a line. Dragging across the
//! chart (or the two dates under it) keeps the builds of those days, and
//! the chart follows: it draws the rows shown, so it zooms in to those
//! days ("All dates" zooms out). Its numbers are also a table.
//! Drawn around the table, in the part that holds what is around it (`around`).
//!
//! The chips are `chips`'s; the scale, the dates and the chart as a table
//! are `numbers`'s.

mod chips;
mod numbers;

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::TableState;
use crate::builds_view::{self, buckets, DAY_MS};
use crate::model::Timestamp;
use crate::panel::store::KeptBudgets;
use chips::tag_chips;
use numbers::{date, numbers, scale_top};

/// The drawing's size in its own units (it stretches to the page's width).
const W: i64 = 1000;
const H: i64 = 160;
/// Room at each side, so that the first and last marks show whole.
const PAD: i64 = 14;
/// The most marks drawn: more builds than this are drawn per stretch of time.
const MARKS: usize = 160;
/// A MiB, the budget field's unit.
const MIB: u64 = 1 << 20;

/// The chips, the chart, and under it its dates, the budget, "Over budget
/// only" and `children` (the export).
#[component]
pub(super) fn Insights(
    /// The table's state: the chart draws the rows shown; the chips, the
    /// days and "over budget" set what narrows them, and the game's budget
    /// as kept here.
    table: TableState,
    children: Children,
) -> impl IntoView {
    let TableState {
        list,
        query,
        state,
        rows,
        narrow,
        ..
    } = table;
    let game = crate::panel::session::Session::get().game();
    let budgets = KeptBudgets::load();
    budgets.follow();
    {
        let game = game.clone();
        Effect::new(move |_| {
            let kept = budgets.of(&game);
            if narrow.with_untracked(|n| n.budget != kept) {
                narrow.update(|n| n.budget = kept);
            }
        });
    }
    let budget = move || narrow.with(|n| n.budget);
    let chips = tag_chips(&list, narrow);
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
    // A drag ends where the pointer is let go, or leaves the chart.
    let end = move |ev: &web_sys::MouseEvent| {
        if let Some((a, b)) = drag.get_untracked() {
            drag.set(None);
            choose(a, at_pointer(ev).unwrap_or(b));
        }
    };
    // Where a time is across the chart, and a size up it.
    let x_of = move |t: i64| {
        let (t0, t1) = span();
        PAD + ((i128::from(t.clamp(t0, t1) - t0) * i128::from(W - 2 * PAD)) / i128::from(t1 - t0))
            as i64
    };
    let top = move || marks.with(|m| scale_top(m, budget()));
    let y_of =
        |size: u64, top: u64| H - (u128::from(size.min(top)) * H as u128 / u128::from(top)) as i64;
    // A column per mark, as tall as its largest build, centred on its time
    // (a stretch of time: on its middle); drawn as one path per kind of
    // mark (within the budget, over it, cut at the top of the scale), so
    // that a filter redraws three elements, not a hundred and sixty.
    let bars = move || {
        let (budget, top) = (budget(), top());
        let marks = marks.get();
        let width = ((W - 2 * PAD) / (marks.len() as i64).max(1) * 6 / 10).clamp(2, 24);
        let mut paths = [String::new(), String::new(), String::new()];
        for m in marks.iter() {
            let kind = if m.largest > top {
                2
            } else if budget.is_some_and(|b| m.largest > b) {
                1
            } else {
                0
            };
            let left = x_of(m.first_ms / 2 + m.last_ms / 2) - width / 2;
            let top_y = y_of(m.largest, top).min(H - 2);
            paths[kind].push_str(&format!("M{left} {H}V{top_y}h{width}V{H}z"));
        }
        ["gc-bar", "gc-bar gc-over", "gc-bar gc-off-scale"]
            .into_iter()
            .zip(paths)
            .filter(|(_, d)| !d.is_empty())
            .map(|(class, d)| view! { <path class=class d=d /> })
            .collect_view()
    };
    let line = move || {
        let at = y_of(budget()?, top()).to_string();
        Some(view! { <line class="gc-budget" x1="0" x2=W.to_string() y1=at.clone() y2=at /> })
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
    let scale = move || builds_view::human_size(top());
    let ends = move || {
        let (t0, t1) = span();
        (date(t0), date(t1))
    };
    let day_value = move |end: usize| {
        narrow.with(|f| {
            f.days
                .and_then(|d| Timestamp::date_of_day(if end == 0 { d.0 } else { d.1 }))
                .unwrap_or_default()
        })
    };
    // A date cleared leaves that end open; both cleared, every date.
    let set_day = move |end: usize, text: String| {
        let (open_from, open_to) = (i64::MIN / DAY_MS, i64::MAX / DAY_MS);
        let day = Timestamp::day_of_date(&text);
        narrow.update(|f| {
            let (from, to) = f.days.unwrap_or((open_from, open_to));
            let (from, to) = match end {
                0 => (day.unwrap_or(open_from), to),
                _ => (from, day.unwrap_or(open_to)),
            };
            f.days = (from != open_from || to != open_to).then(|| (from.min(to), from.max(to)));
        })
    };
    // Whether "The chart as a table" is open (read from the element: two
    // changes in a row may fire one toggle event).
    let as_table = RwSignal::new(false);
    let budget_field = move || budget().map(|b| (b / MIB).to_string()).unwrap_or_default();
    let game_for_budget = game.clone();
    view! {
        <section class="gc-insights" aria-label="Sizes over time">
            {chips}
            <figure class="gc-chart gc-muted">
                <div class="gc-chart-scale" aria-hidden="true"><span>{scale}</span><span>"0"</span></div>
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
                    on:pointerup=move |ev| end(&ev)
                    on:pointerleave=move |ev| end(&ev)
                >{chosen}{bars}{line}</svg>
                <figcaption class="gc-chart-ends"><span>{move || ends().0}</span><span>{move || ends().1}</span></figcaption>
            </figure>
            <div class="gc-chart-controls">
                <label>"From" <input type="date" prop:value=move || day_value(0) on:change=move |ev| set_day(0, event_target_value(&ev)) /></label>
                <label>"To" <input type="date" prop:value=move || day_value(1) on:change=move |ev| set_day(1, event_target_value(&ev)) /></label>
                <button type="button" class="gc-tertiary" disabled=move || narrow.with(|f| f.days.is_none())
                    on:click=move |_| narrow.update(|f| f.days = None)>"All dates"</button>
                <label>"Size budget (MiB)"
                    <input type="number" min="1" step="1" class="gc-number" prop:value=budget_field
                        on:change=move |ev| {
                            let mib = event_target_value(&ev).trim().parse::<u64>().ok().filter(|m| *m > 0);
                            budgets.set(&game_for_budget, mib.map(|m| m.saturating_mul(MIB)));
                        } />
                </label>
                <label class="gc-check">
                    <input type="checkbox" disabled=move || budget().is_none()
                        prop:checked=move || narrow.with(|f| f.over_budget)
                        on:change=move |ev| { let on = event_target_checked(&ev); narrow.update(|f| f.over_budget = on) } />
                    "Over budget only"
                </label>
                {children()}
            </div>
            // The table is made while it is open: a filter does not redraw
            // it unseen.
            <details class="gc-fold" on:toggle=move |ev| as_table.set(event_target::<web_sys::Element>(&ev).has_attribute("open"))>
                <summary>"The chart as a table"</summary>
                {move || as_table.get().then(|| marks.with(|m| numbers(m, budget())))}
            </details>
        </section>
    }
}
