//! What the table does on request, drawn around it (`around`): the CSV and
//! JSON export, the rows' ⋯ menu (its build's page, copy an id, compare),
//! and two builds compared side by side.

use leptos::prelude::*;

use crate::builds_view::{self, BuildList};
use crate::model::BuildSummary;
use crate::panel::widgets::copy;

/// Saves `rows` of the list as CSV, or as JSON (`true`).
pub(super) fn export(list: &BuildList, rows: &[usize], json: bool) {
    let (text, mime, name) = if json {
        (
            builds_view::to_json(list.builds(), rows),
            "application/json",
            "builds.json",
        )
    } else {
        (
            builds_view::to_csv(list.builds(), rows),
            "text/csv",
            "builds.csv",
        )
    };
    crate::panel::widgets::download(&text, mime, name);
}

/// Closes the ⋯ menu.
fn close_menu() {
    crate::panel::dom::hide("gc-row-menu");
}

/// Copy either id, and add the build to the comparison or take it out.
pub(super) fn menu_items(
    list: &BuildList,
    i: usize,
    picked: RwSignal<Vec<usize>>,
) -> impl IntoView {
    let b: &BuildSummary = &list.builds()[i];
    let chosen = move || picked.with(|p| p.contains(&i));
    // Two builds at most: a third choice replaces the first.
    let toggle = move |_| {
        picked.update(|p| match p.iter().position(|&x| x == i) {
            Some(at) => {
                p.remove(at);
            }
            None => {
                p.push(i);
                if p.len() > 2 {
                    p.remove(0);
                }
            }
        });
        close_menu();
    };
    // An id copied: its item says so until the menu closes.
    let item = |label: &'static str, id: String| {
        let copied = RwSignal::new(false);
        view! {
            <button type="button" class="gc-tertiary" role="menuitem" on:click=move |_| copy(&id, copied)>
                {move || if copied.get() { "Copied ✓" } else { label }}
            </button>
        }
    };
    // A build's page is the panel's: a drop-in element has no address.
    #[cfg(not(feature = "elements"))]
    let page = {
        let href = crate::panel::session::Session::get().build_href(&b.build_id);
        view! { <a class="gc-menu-link" role="menuitem" href=href on:click=|_| close_menu()>"Open its page"</a> }
    };
    #[cfg(feature = "elements")]
    let page = ();
    view! {
        <div class="gc-hint" aria-hidden="true">{b.display_name.clone()}</div>
        {page}
        {item("Copy build id", b.build_id.clone())}
        {item("Copy upload id", b.upload_id.clone())}
        <button type="button" class="gc-tertiary" role="menuitem" on:click=toggle>
            {move || if chosen() { "Leave the comparison" } else { "Compare" }}
        </button>
    }
}

/// Two builds side by side, older on the left: each one's name, ids, size,
/// date and tags, and between them what changed (size, time, tags).
pub(super) fn comparison_view(
    list: &BuildList,
    a: usize,
    b: usize,
    picked: RwSignal<Vec<usize>>,
) -> impl IntoView {
    let builds = list.builds();
    let c = builds_view::compare(builds, a, b);
    let side = |b: &BuildSummary, which: &'static str| {
        let tags = b
            .tags
            .iter()
            .map(|(k, v)| view! { <span class="gc-tag">{format!("{k}={v}")}</span> })
            .collect_view();
        view! {
            <div class="gc-side">
                <p class="gc-muted">{which}</p>
                <h3>{b.display_name.clone()}</h3>
                <dl class="gc-decoded">
                    <dt>"Build id"</dt><dd><code class="gc-secret">{b.build_id.clone()}</code></dd>
                    <dt>"Size"</dt><dd>{format!("{} ({} bytes)", builds_view::human_size(b.content_length), builds_view::grouped(b.content_length))}</dd>
                    <dt>"Created"</dt><dd>{b.create_ts.utc_to_the_minute()}</dd>
                    <dt>"Tags"</dt><dd>{tags}</dd>
                </dl>
            </div>
        }
    };
    let tags = |list: Vec<String>| {
        if list.is_empty() {
            view! { <span class="gc-muted">"none"</span> }.into_any()
        } else {
            list.into_iter()
                .map(|t| view! { <span class="gc-tag">{t}</span> })
                .collect_view()
                .into_any()
        }
    };
    let added = c.added.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let removed = c.removed.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let changed = c
        .changed
        .iter()
        .map(|(k, was, now)| format!("{k}: {was} → {now}"))
        .collect();
    view! {
        <section class="gc-compare" aria-label="Comparison">
            <div class="gc-title-row">
                <h2>"Comparison"</h2>
                <button type="button" class="gc-secondary" on:click=move |_| picked.set(Vec::new())>"Close the comparison"</button>
            </div>
            <div class="gc-sides">
                {side(&builds[c.older], "Older")}
                <dl class="gc-decoded gc-change">
                    <dt>"Size"</dt><dd>{builds_view::size_delta_text(c.size_delta)}</dd>
                    <dt>"Time between"</dt><dd>{builds_view::duration_text(c.time_ms)}</dd>
                    <dt>"Tags added"</dt><dd>{tags(added)}</dd>
                    <dt>"Tags removed"</dt><dd>{tags(removed)}</dd>
                    <dt>"Tags changed"</dt><dd>{tags(changed)}</dd>
                </dl>
                {side(&builds[c.newer], "Newer")}
            </div>
        </section>
    }
}
