//! The recent ids on every page: use one, name it, or forget it, so that
//! nobody retypes a UUID (the list itself is kept by `crate::panel::store`).

use leptos::prelude::*;

use crate::ids::NamespaceId;
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::present::name;
use crate::panel::session::Session;
use crate::panel::store::dropped_note;
use crate::validate::IdKind;

/// The recent ids: use one, name it, or forget it. A label is what a
/// protected namespace's confirmation asks to type, so a protected
/// namespace keeps its name until its mark is removed (which asks for that
/// name); a label with control or invisible formatting characters is
/// refused.
#[component]
pub fn RecentIds() -> impl IntoView {
    let recent = Session::get().recent;
    // The list's code is fetched when it is first unfolded (docs/SIZE.md,
    // "Pages fetched on first use"): most visits do not open it.
    let unfolded = RwSignal::new(false);
    view! {
        <details class="gc-recent" on:toggle=move |_| unfolded.set(true)>
            <summary>{move || format!("Recent ids ({})", recent.with(|r| r.0.len()))}</summary>
            {move || unfolded.get().then(|| lazy_view(list_view, "the recent ids", |make| make()))}
        </details>
    }
}

lazy! {
    /// The recent ids' list: use one, name it, forget it.
    fn list_view() -> fn() -> AnyView;
    in recent_ids, preload preload_recent_ids;
    { || list().into_any() }
}

/// The list of [`RecentIds`].
fn list() -> impl IntoView {
    let s = Session::get();
    let recent = s.recent;
    // Why a label was not kept.
    let refused = RwSignal::new(String::new());
    // A label that cannot be kept is refused, and its field shows the kept
    // one again.
    let relabel = move |kind: IdKind, id: &str, field: web_sys::HtmlInputElement| {
        let label = field.value();
        let renames_protected = kind == IdKind::Namespace
            && s.protected.has(&NamespaceId::new(id))
            && recent.label_of(kind, id) != label.trim();
        let why = if renames_protected {
            Some("A protected namespace keeps its name: remove its mark first (that asks for the name).")
        } else {
            recent.relabel(kind, id, &label).err()
        };
        refused.set(why.unwrap_or_default().to_owned());
        if why.is_some() {
            field.set_value(&recent.label_of(kind, id));
        }
    };
    view! {
            {(recent.dropped > 0).then(|| view! {
                <p class="gc-hint" role="status">{dropped_note(recent.dropped, "recent id")}</p>
            })}
            <p class="gc-hint gc-bad" role="alert">{refused}</p>
            // Re-rendered whole when the list changes (a click, or a label's
            // change event after its edit), not keyed:
            // docs/SIZE.md, size rule "recent ids unkeyed". One closure over
            // `AnyView` rather than `<Show>` around a list of its own (which
            // rendered the list twice for each change).
            {move || {
                let list = recent.with(|r| r.0.clone());
                if list.is_empty() {
                    return view! { <p class="gc-muted">"Ids you use are listed here, so you can pick them again."</p> }.into_any();
                }
                // Presentation mode: no id in an accessible name either.
                let presenting = s.presenting.is_on();
                view! {
                <ul>
                    {list.into_iter().enumerate().map(|(n, r)| {
                            let (kind, id) = (r.kind, r.id.clone());
                            let (i2, i3) = (id.clone(), id.clone());
                            let use_it = move |_| match kind {
                                IdKind::Game => s.game_id.set(i2.clone()),
                                IdKind::Namespace => s.namespace_id.set(i2.clone()),
                            };
                            let on_label = move |ev| relabel(kind, &i3, event_target(&ev));
                            let forget = {
                                let id = id.clone();
                                move |_| recent.forget(kind, &id)
                            };
                            let noun = kind.noun();
                            let which = if presenting { format!("{noun} {}", n + 1) } else { format!("{noun} {id}") };
                            view! {
                                <li>
                                    <span class="gc-muted">{noun}</span>
                                    <button type="button" class="gc-small" on:click=use_it>"Use " {name(&id, &r.label, kind == IdKind::Namespace && s.protected.has(&NamespaceId::new(&id)))}</button>
                                    <input type="text" aria-label=format!("Label for {which}") placeholder="Label"
                                        prop:value=r.label.clone() on:change=on_label />
                                    <button type="button" class="gc-small" aria-label=format!("Forget {which}") on:click=forget>"Forget"</button>
                                </li>
                            }
                            .into_any()
                    }).collect_view()}
                </ul>
                }.into_any()
            }}
    }
}
