//! A build's own page (`#/builds/<id>`), in a part of its own: its name and
//! upload state, its size exact and its change, when it was made, both ids
//! whole with Copy, every tag; the previous and the next build of its name,
//! and that name's history of sizes. Names and tags are untrusted: text
//! nodes only.

use std::sync::Arc;

use leptos::prelude::*;

use super::{Loaded, NotLoaded};
use crate::builds_view::{self, BuildList};
use crate::panel::lazy::{lazy, lazy_view, unloaded};
use crate::panel::session::Session;
use crate::panel::widgets::{copy, failure};
use crate::route::Page;

/// A build's own page (`#/builds/<id>`): the game's builds as kept, or
/// loaded as the builds page loads them; then the build, drawn by code of
/// its own (split builds: `build_view`).
#[component]
pub fn BuildPage() -> impl IntoView {
    let s = Session::get();
    let loaded = Loaded::get();
    let load = loaded.load;
    let retry = loaded.follow(s);
    move || {
        match (loaded.of_game(s), load.value().get()) {
        (Some(list), _) => lazy_view(build_view, "this build", move |make| make(list.clone())),
        _ if load.pending().get() => view! { <p role="status">"Loading builds…"</p> }.into_any(),
        (None, Some(Err(NotLoaded::Call(e)))) => failure(e, retry),
        (None, Some(Err(NotLoaded::Code))) => unloaded("the builds list", move || loaded.refresh()).into_any(),
        _ => view! {
            <p class="gc-muted">"Connect with a token and choose a game (in the bar above): the build shows once its game's builds load."</p>
        }
        .into_any(),
    }
    }
}

lazy! {
    /// A build's page: its ids, tags and state, and its name's history.
    pub(super) fn build_view() -> fn(Arc<BuildList>) -> AnyView;
    in build_page, preload preload_build_view;
    { build_page }
}

/// The page of the build the address names, from `list` (the game's
/// builds); one the list does not hold is said so.
fn build_page(list: Arc<BuildList>) -> AnyView {
    let s = Session::get();
    (move || {
        let id = s.build.get();
        let found = list.builds().iter().position(|b| b.build_id == id);
        match found {
            Some(i) => one_build(&list, i, s).into_any(),
            None => view! {
                <section class="gc-page" aria-labelledby="build-heading">
                    <p><a href=s.href(Page::Builds)>"← Builds"</a></p>
                    <h1 id="build-heading">"No such build"</h1>
                    <p role="status">"This game's builds have none with the id "
                        <code class="gc-secret">{id}</code>
                        ". It may be another game's: choose that game in the bar above."</p>
                </section>
            }
            .into_any(),
        }
    })
    .into_any()
}

/// Build `i` of `list`.
fn one_build(list: &BuildList, i: usize, s: Session) -> impl IntoView {
    let b = &list.builds()[i];
    let now_ms = s.now.get_untracked();
    let created = b.create_ts.to_rfc3339_ms();
    let change = list
        .size_change(i)
        .map(|(p, delta)| {
            format!(
                "{} from {}",
                builds_view::size_delta_text(delta),
                list.builds()[p].display_name
            )
        })
        .unwrap_or_else(|| "The first of its name.".to_owned());
    let id_row = |label: &'static str, id: String| {
        let copied = RwSignal::new(false);
        let text = id.clone();
        view! {
            <dt>{label}</dt>
            <dd class="gc-id-line"><code class="gc-secret">{id}</code>
                <button type="button" class="gc-small" on:click=move |_| copy(&text, copied)>
                    {move || if copied.get() { "Copied ✓" } else { "Copy" }}
                </button>
            </dd>
        }
    };
    let tags = if b.tags.is_empty() {
        view! { <span class="gc-muted">"None"</span> }.into_any()
    } else {
        b.tags
            .iter()
            .map(|(k, v)| view! { <span class="gc-tag">{format!("{k}={v}")}</span> })
            .collect_view()
            .into_any()
    };
    let history = list.of_same_name(i);
    let at = history.iter().position(|&j| j == i).unwrap_or(0);
    // Newer is before it in the history, older after it.
    let neighbour = |j: Option<&usize>, rel: &'static str| {
        j.map(|&j| {
            let n = &list.builds()[j];
            view! {
                <a href=s.build_href(&n.build_id) rel=rel>
                    {if rel == "prev" { "← Previous: " } else { "Next: " }}
                    {n.display_name.clone()}
                    {if rel == "prev" { "" } else { " →" }}
                </a>
            }
        })
    };
    let previous = neighbour(history.get(at + 1), "prev");
    let next = neighbour(at.checked_sub(1).and_then(|k| history.get(k)), "next");
    let rows = history
        .iter()
        .map(|&j| {
            let n = &list.builds()[j];
            let delta = list
                .size_change(j)
                .map(|(_, d)| builds_view::short_delta(d))
                .unwrap_or_default();
            let name = if j == i {
                view! { <strong aria-current="page">{n.display_name.clone()}</strong> }.into_any()
            } else {
                view! { <a href=s.build_href(&n.build_id)>{n.display_name.clone()}</a> }.into_any()
            };
            view! {
                <tr>
                    <td>{name}</td>
                    <td>{n.create_ts.utc_to_the_minute()}</td>
                    <td class="gc-num" title=format!("{} bytes", builds_view::grouped(n.content_length))>
                        {builds_view::human_size(n.content_length)}
                    </td>
                    <td class="gc-num gc-muted">{delta}</td>
                </tr>
            }
        })
        .collect_view();
    let state = if b.complete {
        view! { <span class="gc-muted">"Complete"</span> }.into_any()
    } else {
        view! { <span class="gc-badge">"Unfinished"</span> }.into_any()
    };
    view! {
        <section class="gc-page gc-build" aria-labelledby="build-heading">
            <p><a href=s.href(Page::Builds)>"← Builds"</a></p>
            <div class="gc-title-row">
                <h1 id="build-heading">{b.display_name.clone()}</h1>
                {state}
            </div>
            <dl class="gc-decoded">
                <dt>"Size"</dt>
                <dd>{format!("{} ({} bytes)", builds_view::human_size(b.content_length), builds_view::grouped(b.content_length))}
                    <span class="gc-muted">{format!(" · {change}")}</span></dd>
                <dt>"Created"</dt>
                <dd><time datetime=created.clone() title=created>{b.create_ts.utc_to_the_minute()}</time>
                    <span class="gc-muted">{format!(" · {}", builds_view::relative(now_ms, b.create_ts.unix_ms()))}</span></dd>
                {id_row("Build id", b.build_id.clone())}
                {id_row("Upload id", b.upload_id.clone())}
                <dt>"Tags"</dt><dd>{tags}</dd>
            </dl>
            <nav class="gc-neighbours" aria-label="Builds of this name">{previous}{next}</nav>
            <h2>{format!("Sizes of {}", builds_view::name_stem(&b.display_name))}</h2>
            <div class="gc-table-box">
                <table class="gc-table gc-history">
                    <thead><tr><th scope="col">"Build"</th><th scope="col">"Created"</th><th scope="col">"Size"</th><th scope="col">"Change"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}
