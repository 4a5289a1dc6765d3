//! The recent ids on every page: use one, name it, or forget it, so that
//! nobody retypes a UUID (the list itself is kept by `super::kept`).

use leptos::prelude::*;

use super::kept::dropped_note;
use super::present::name;
use super::session::Session;

/// The recent ids: use one, name it, or forget it.
#[component]
pub fn RecentIds() -> impl IntoView {
    let s = Session::get();
    let recent = s.recent;
    view! {
        <details class="gc-recent">
            <summary>{move || format!("Recent ids ({})", recent.0.with(Vec::len))}</summary>
            {(recent.1 > 0).then(|| view! {
                <p class="gc-hint" role="status">{dropped_note(recent.1, "recent id")}</p>
            })}
            // Re-rendered whole when the list changes (a click, or a label's
            // change event after its edit): no keyed diffing needed, and none
            // of its code in the wasm. One closure over `AnyView` rather than
            // `<Show>` around a list of its own (which rendered the list twice
            // for each change): a closure of a type the panel's views already
            // have costs no code of its own.
            {move || {
                let list = recent.0.get();
                if list.is_empty() {
                    return view! { <p class="gc-muted">"Ids you use are listed here, so you can pick them again."</p> }.into_any();
                }
                view! {
                <ul>
                    {list.into_iter().map(|r| {
                            let (kind, id) = (r.kind.clone(), r.id.clone());
                            let (k2, i2, k3, i3) = (kind.clone(), id.clone(), kind.clone(), id.clone());
                            let use_it = move |_| {
                                if k2 == "game" { s.game_id.set(i2.clone()) } else { s.namespace_id.set(i2.clone()) }
                            };
                            let relabel = move |ev| recent.relabel(&k3, &i3, &event_target_value(&ev));
                            let forget = {
                                let (kind, id) = (kind.clone(), id.clone());
                                move |_| recent.forget(&kind, &id)
                            };
                            view! {
                                <li>
                                    <span class="gc-muted">{kind.clone()}</span>
                                    <button type="button" class="gc-small" on:click=use_it>"Use " {name(&id, &r.label, kind == "namespace" && s.protected.has(&id))}</button>
                                    <input type="text" aria-label=format!("Label for {kind} {id}") placeholder="Label"
                                        prop:value=r.label.clone() on:change=relabel />
                                    <button type="button" class="gc-small" aria-label=format!("Forget {kind} {id}") on:click=forget>"Forget"</button>
                                </li>
                            }
                            .into_any()
                    }).collect_view()}
                </ul>
                }.into_any()
            }}
        </details>
    }
}
