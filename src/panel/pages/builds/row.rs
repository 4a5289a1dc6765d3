//! One row of the builds table, and two builds compared.

use leptos::prelude::*;

use crate::builds_view;
use crate::model::BuildSummary;
use crate::panel::widgets::CopyButton;

/// One row. Names and tags are untrusted: text nodes only.
pub(super) fn row(
    b: &BuildSummary,
    i: usize,
    index: usize,
    now_ms: i64,
    picked: RwSignal<Vec<usize>>,
) -> impl IntoView {
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
        })
    };
    let tags = b
        .tags
        .iter()
        .map(|(k, v)| view! { <span class="gc-tag">{format!("{k}={v}")}</span> })
        .collect_view();
    let created = b.create_ts.to_rfc3339_ms();
    view! {
        <tr aria-rowindex=index.to_string() data-complete=b.complete.to_string()>
            <td class="gc-name">
                <input type="checkbox" class="gc-pick" aria-label=format!("Compare {}", b.display_name)
                    prop:checked=move || picked.with(|p| p.contains(&i)) on:change=toggle />
                {b.display_name.clone()}
            </td>
            <td class="gc-id"><code class="gc-secret">{b.build_id.clone()}</code> <CopyButton text=b.build_id.clone() label="Copy build id" /></td>
            <td class="gc-id"><code class="gc-secret">{b.upload_id.clone()}</code> <CopyButton text=b.upload_id.clone() label="Copy upload id" /></td>
            <td>{if b.complete { view! { <span>"Complete"</span> }.into_any() } else { view! { <span class="gc-badge">"Unfinished"</span> }.into_any() }}</td>
            <td class="gc-num">
                <span>{builds_view::human_size(b.content_length)}</span>
                <span class="gc-exact">{format!("{} bytes", builds_view::grouped(b.content_length))}</span>
            </td>
            <td><time datetime=created.clone() title=created.clone()>{builds_view::relative(now_ms, b.create_ts.unix_ms())}</time>
                <span class="gc-exact">{created}</span></td>
            <td class="gc-tags">{tags}</td>
        </tr>
    }
}

/// Two builds side by side: the size difference (exact and in binary
/// units), the time between them, and the tags added, removed and changed.
pub(super) fn comparison_view(
    builds: &[BuildSummary],
    a: usize,
    b: usize,
    picked: RwSignal<Vec<usize>>,
) -> impl IntoView {
    let c = builds_view::compare(builds, a, b);
    let (o, n) = (&builds[c.older], &builds[c.newer]);
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
            <h2>{format!("{} → {}", o.display_name, n.display_name)}</h2>
            <dl class="gc-decoded">
                <dt>"Size"</dt><dd>{builds_view::size_delta_text(c.size_delta)}</dd>
                <dt>"Time between"</dt><dd>{builds_view::duration_text(c.time_ms)}</dd>
                <dt>"Tags added"</dt><dd>{tags(added)}</dd>
                <dt>"Tags removed"</dt><dd>{tags(removed)}</dd>
                <dt>"Tags changed"</dt><dd>{tags(changed)}</dd>
            </dl>
            <button type="button" class="gc-secondary" on:click=move |_| picked.set(Vec::new())>"Clear comparison"</button>
        </section>
    }
}
