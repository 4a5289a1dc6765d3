//! One row of the builds table. Its ⋯ button opens the table's one menu
//! (to copy an id or compare), drawn around the table (`around`, `tools`).

use leptos::prelude::*;

use crate::builds_view::{self, BuildList};

/// Every row has this height (CSS agrees), so the visible slice is arithmetic.
/// Whole pixels: formatting a float would bring float printing into the wasm
/// (docs/SIZE.md, size rule "no float printing").
const ROW_PX: usize = 36;
/// A row's height as a card, on a screen 640 px wide or less (CSS agrees).
const CARD_PX: usize = 64;

/// The rows' height in this window: a table's, or a phone's cards (tracked
/// in a drop-in element, whose width is its session's).
pub(super) fn row_px() -> usize {
    row_px_reader()()
}

/// What reads the rows' height, made where a view is made, for the page's
/// callbacks (a scroll, a key, a click): they run outside its reactive
/// owner, where a drop-in element's session cannot be found. In a drop-in
/// element, cards when the element is 640 px wide or less (its stylesheet's
/// container query agrees), whatever the window's width.
pub(super) fn row_px_reader() -> impl Fn() -> usize + Copy + 'static {
    #[cfg(feature = "elements")]
    let width = crate::panel::session::Session::get().width;
    move || {
        #[cfg(feature = "elements")]
        let narrow = width.try_get().is_some_and(|w| w <= 640.0);
        #[cfg(not(feature = "elements"))]
        let narrow = window()
            .inner_width()
            .ok()
            .and_then(|w| w.as_f64())
            .is_some_and(|w| w <= 640.0);
        if narrow {
            CARD_PX
        } else {
            ROW_PX
        }
    }
}

/// Shows the row at `at` among the rows shown (`row_px` high): the page
/// scrolls it to a third of the window's height, and the table marks it as
/// its current row until other rows are shown (a bar of the chart leads
/// here).
pub(super) fn reveal(at: usize, row_px: usize) {
    let Some(body) = crate::panel::dom::element("gc-rows") else {
        return;
    };
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let top = body.get_bounding_client_rect().top() + (at * row_px) as f64;
    window().scroll_by_with_x_and_y(0.0, top - height / 3.0);
    if let Some(table) = body.parent_element() {
        let _ = table.set_attribute("data-marked", "true");
    }
}

/// The id of the row at `at` among the rows shown.
pub(super) fn row_id(at: usize) -> String {
    format!("gc-row-{at}")
}

/// One row, at `at` among the rows shown, on one line. Names and tags are
/// untrusted: text nodes only. Ids show their first eight characters (the
/// ⋯ menu copies the whole id); the size, its change from the previous
/// build of its name (see `crate::builds_view::name_stem`), and whether it
/// is over the game's budget; the exact bytes and the time to the
/// millisecond in their cells' tooltips.
pub(super) fn row(
    list: &BuildList,
    i: usize,
    at: usize,
    now_ms: i64,
    budget: Option<u64>,
    picked: RwSignal<Vec<usize>>,
    current: RwSignal<usize>,
) -> impl IntoView {
    let b = &list.builds()[i];
    let tags = b
        .tags
        .iter()
        .map(|(k, v)| view! { <span class="gc-tag">{format!("{k}={v}")}</span> })
        .collect_view();
    let created = b.create_ts.to_rfc3339_ms();
    let over = budget.is_some_and(|max| b.content_length > max);
    let exact = builds_view::grouped(b.content_length);
    let change = list.size_change(i).map(|(p, delta)| {
        let sign = match delta.signum() {
            1 => "up",
            -1 => "down",
            _ => "same",
        };
        let from = format!(
            "{} from {}",
            builds_view::size_delta_text(delta),
            list.builds()[p].display_name
        );
        view! {
            <span class="gc-delta" data-sign=sign title=from.clone()>
                {builds_view::short_delta(delta)}
                <span class="gc-visually-hidden">{format!(": {from}")}</span>
            </span>
        }
    });
    view! {
        // Row 1 is the header's.
        <tr id=row_id(at) aria-rowindex=(at + 2).to_string() data-complete=b.complete.to_string()
            data-picked=move || picked.with(|p| p.contains(&i)).to_string()
            data-current=move || (current.get() == at).to_string()
            on:click=move |_| current.set(at)>
            <td class="gc-name">{b.display_name.clone()}</td>
            <td class="gc-id"><code class="gc-secret">{crate::ids::short(&b.build_id)}</code></td>
            <td class="gc-id"><code class="gc-secret">{crate::ids::short(&b.upload_id)}</code></td>
            <td>{if b.complete { view! { <span>"Complete"</span> }.into_any() } else { view! { <span class="gc-badge">"Unfinished"</span> }.into_any() }}</td>
            <td class="gc-num" data-over=over.to_string() title=format!("{exact} bytes")>
                <span class="gc-size">{builds_view::human_size(b.content_length)}</span> " " {change}
                <span class="gc-exact gc-visually-hidden">{format!(" ({exact} bytes)")}</span>
                {over.then(|| view! { <span class="gc-visually-hidden">" (over budget)"</span> })}
            </td>
            <td><time datetime=created.clone() title=created.get(..16).unwrap_or_default().replacen('T', " ", 1) + " UTC">{builds_view::relative(now_ms, b.create_ts.unix_ms())}</time></td>
            <td class="gc-tags">{tags}</td>
            <td class="gc-more">
                // The table is one tab stop: Enter on the row opens this menu.
                <button type="button" class="gc-tertiary gc-small" popovertarget="gc-row-menu" tabindex="-1"
                    data-row=i.to_string() aria-label=format!("More for {}", b.display_name)>"⋯"</button>
            </td>
        </tr>
    }
}
