//! The chart's scale, its round sizes and days, its dates as people read
//! them, and its numbers as a table. Integer arithmetic only (docs/SIZE.md,
//! size rule "no float printing").

use leptos::prelude::*;

use super::H;
use crate::builds_view::{self, days_text, Bucket, DAY_MS};
use crate::model::Timestamp;

/// How high `size` is drawn on a scale that ends at `top` (in the
/// drawing's units, down from its top).
pub(super) fn y_of(size: u64, top: u64) -> i64 {
    H - (u128::from(size.min(top)) * H as u128 / u128::from(top.max(1))) as i64
}

/// How far up a scale that ends at `top` a size is, as CSS says it (`40%`).
pub(super) fn percent(size: u64, top: u64) -> String {
    format!(
        "{}%",
        u128::from(size.min(top)) * 100 / u128::from(top.max(1))
    )
}

/// The binary units the scale's sizes are written in.
const UNITS: [(u64, &str); 7] = [
    (1 << 60, "EiB"),
    (1 << 50, "PiB"),
    (1 << 40, "TiB"),
    (1 << 30, "GiB"),
    (1 << 20, "MiB"),
    (1 << 10, "KiB"),
    (1, "B"),
];

/// Round sizes up a scale that ends at `top`, each with its label: 0, then
/// 2 to 5 steps of 1, 2 or 5 times a power of ten in the largest unit the
/// top reaches (`0`, `1 GiB`, `2 GiB`, `3 GiB`, `4 GiB`).
pub(super) fn ticks(top: u64) -> Vec<(u64, String)> {
    let (unit, name) = UNITS
        .into_iter()
        .find(|(u, _)| top >= *u)
        .unwrap_or((1, "B"));
    // In tenths of the unit.
    let tenths = u128::from(top) * 10 / u128::from(unit);
    // 1, 2, 5, 10, 20, 50 … tenths (whole bytes at least): the first
    // that takes five steps or fewer to reach the top.
    let step = (0..24u32)
        .flat_map(|p| [1u128, 2, 5].map(|m| m * 10u128.pow(p)))
        .filter(|step| unit > 1 || *step >= 10)
        .find(|step| tenths / step <= 5)
        .unwrap_or(10);
    let mut out = vec![(0, "0".to_owned())];
    let mut k = step;
    while k <= tenths {
        let size = (k * u128::from(unit) / 10) as u64;
        let label = if k % 10 == 0 {
            format!("{} {name}", k / 10)
        } else {
            format!("{}.{} {name}", k / 10, k % 10)
        };
        out.push((size, label));
        k += step;
    }
    out
}

/// The days to name under a chart from `t0` to `t1` (Unix ms): each
/// midnight within, seven at most (every other day or more when there are
/// more), or the one day the chart holds.
pub(super) fn day_ticks(t0: i64, t1: i64) -> Vec<(i64, String)> {
    let (first, last) = (t0.div_euclid(DAY_MS) + 1, t1.div_euclid(DAY_MS));
    if last < first {
        let day = t0.div_euclid(DAY_MS);
        return vec![(t0 / 2 + t1 / 2, days_text(day, day))];
    }
    let every = (last - first) / 7 + 1;
    (first..=last)
        .step_by(every as usize)
        .map(|day| (day * DAY_MS, days_text(day, day)))
        .collect()
}

/// The top of the chart's scale: a tenth above the largest mark that is at
/// most ten times the 90th percentile of the marks' largest sizes (so that
/// one huge build does not flatten the rest: it is drawn cut, at the top),
/// or above the budget, whichever is higher.
pub(super) fn scale_top(marks: &[Bucket], budget: Option<u64>) -> u64 {
    let mut largest: Vec<u64> = marks.iter().map(|m| m.largest).collect();
    largest.sort_unstable();
    let p90 = largest.get(largest.len() * 9 / 10).copied().unwrap_or(0);
    let within = largest
        .iter()
        .rev()
        .find(|&&size| size <= p90.saturating_mul(10))
        .copied()
        .unwrap_or(p90);
    let top = within.max(budget.unwrap_or(0));
    top.saturating_add(top / 10).max(1)
}

/// A day as people read it in this panel: `2026-11-26` (UTC).
pub(super) fn date(ms: i64) -> String {
    Timestamp::date_of_day(ms.div_euclid(DAY_MS)).unwrap_or_default()
}

/// The chart's numbers: one row per mark, its largest build said to be
/// over the budget where it is.
pub(super) fn numbers(marks: &[Bucket], budget: Option<u64>) -> impl IntoView {
    let rows = marks
        .iter()
        .map(|m| {
            let (from, to) = (date(m.first_ms), date(m.last_ms));
            let when = if from == to {
                from
            } else {
                format!("{from} to {to}")
            };
            view! {
                <tr>
                    <td>{when}</td>
                    <td class="gc-num">{m.builds.to_string()}</td>
                    <td class="gc-num">{builds_view::human_size(m.smallest)}</td>
                    <td class="gc-num">
                        {builds_view::human_size(m.largest)}
                        {budget.is_some_and(|b| m.largest > b).then_some(" (over budget)")}
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="gc-table gc-chart-table">
            <thead><tr><th scope="col">"Created"</th><th scope="col">"Builds"</th><th scope="col">"Smallest"</th><th scope="col">"Largest"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
