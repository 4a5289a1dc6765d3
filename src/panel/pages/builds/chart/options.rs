//! The table's toolbar, as what is around the table draws it: the tag
//! chips, the days chosen (a chip that clears them), and the options, a
//! menu: the game's size budget, "Over budget only", the dates, the chart's
//! numbers as a table, the CSV and JSON export. On a phone, the button that
//! opens the chart.

use leptos::prelude::*;

use super::chips::tag_chips;
use super::MIB;
use crate::builds_view::{days_text, DAY_MS};
use crate::model::Timestamp;
use crate::panel::pages::builds::state::TableState;
use crate::panel::store::KeptBudgets;

/// The chips, the days chosen, the chart's button and the options menu;
/// `export` saves the rows shown (`true`: as JSON).
pub(in crate::panel::pages::builds) fn options(
    table: TableState,
    export: impl Fn(bool) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let TableState {
        list,
        narrow,
        chart_open,
        chart_table,
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
    let budget_field = move || budget().map(|b| (b / MIB).to_string()).unwrap_or_default();
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
    // The days chosen (by a drag across the chart, or the dates), as a
    // chip that clears them.
    let days = move || {
        let (from, to) = narrow.with(|f| f.days)?;
        Some(view! {
            <button type="button" class="gc-chip" aria-pressed="true"
                aria-label=format!("Created {}: show every date", days_text(from, to))
                on:click=move |_| narrow.update(|f| f.days = None)>
                {days_text(from, to)}<span aria-hidden="true">" ×"</span>
            </button>
        })
    };
    let close = || crate::panel::dom::hide("gc-builds-options");
    let export_json = export.clone();
    view! {
        {tag_chips(&list, narrow)}
        {days}
        <button type="button" class="gc-secondary gc-chart-button" aria-pressed=move || chart_open.get().to_string()
            on:click=move |_| chart_open.update(|o| *o = !*o)>"Chart"</button>
        <button type="button" class="gc-secondary" popovertarget="gc-builds-options" aria-haspopup="true">"Options ▾"</button>
        <div id="gc-builds-options" popover="auto" class="gc-row-menu gc-options" role="group" aria-label="Options">
            <label>"Size budget (MiB)"
                <input type="number" min="1" step="1" class="gc-number" prop:value=budget_field
                    on:change=move |ev| {
                        let mib = event_target_value(&ev).trim().parse::<u64>().ok().filter(|m| *m > 0);
                        budgets.set(&game, mib.map(|m| m.saturating_mul(MIB)));
                    } />
            </label>
            <label class="gc-check">
                <input type="checkbox" disabled=move || budget().is_none()
                    prop:checked=move || narrow.with(|f| f.over_budget)
                    on:change=move |ev| { let on = event_target_checked(&ev); narrow.update(|f| f.over_budget = on) } />
                "Over budget only"
            </label>
            <label>"From" <input type="date" prop:value=move || day_value(0) on:change=move |ev| set_day(0, event_target_value(&ev)) /></label>
            <label>"To" <input type="date" prop:value=move || day_value(1) on:change=move |ev| set_day(1, event_target_value(&ev)) /></label>
            <label class="gc-check">
                <input type="checkbox" prop:checked=move || chart_table.get()
                    on:change=move |ev| chart_table.set(event_target_checked(&ev)) />
                "The chart as a table"
            </label>
            <button type="button" class="gc-tertiary" on:click=move |_| { export(false); close(); }>"Export CSV"</button>
            <button type="button" class="gc-tertiary" on:click=move |_| { export_json(true); close(); }>"Export JSON"</button>
        </div>
    }
}
