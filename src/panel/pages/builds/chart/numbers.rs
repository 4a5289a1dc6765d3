//! The chart's scale, its dates as people read them, and its numbers as
//! a table.

use leptos::prelude::*;

use crate::builds_view::{self, Bucket, DAY_MS};
use crate::model::Timestamp;

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
