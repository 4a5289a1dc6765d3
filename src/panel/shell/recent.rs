//! A context switcher's popover (`super::context`): the id's field, the
//! recent ids of its kind (use one, name it, or forget it, so that nobody
//! retypes a UUID; the list itself is kept by `crate::panel::store`), and
//! for a namespace its protected mark.

use leptos::prelude::*;

use crate::ids::NamespaceId;
use crate::panel::present::name;
use crate::panel::session::Session;
use crate::panel::store::dropped_note;
use crate::panel::widgets::Confirm;
use crate::protect::Named;
use crate::text::Text;
use crate::validate::IdKind;

/// The popover of `kind`'s switcher. A label is what a protected
/// namespace's confirmation asks to type, so a protected namespace keeps its
/// name until its mark is removed (which asks for that name); a label with
/// control or invisible formatting characters is refused.
pub fn picker(kind: IdKind) -> impl IntoView {
    let s = Session::get();
    let id = s.id_field(kind);
    // Another spelling of an id (upper case, no dashes, braces,
    // `urn:uuid:`) is written in its one form as the field is left, so that
    // what is shown is what is marked and sent.
    let entered = move || {
        let one = crate::validate::canonical_id(&id.get_untracked());
        if id.with_untracked(|now| *now != one) {
            id.set(one);
        }
        s.enter();
    };
    // A token pasted here by mistake is said at once: it stays in the field
    // (what was typed is never lost) but is used, shown and kept nowhere
    // else (`validate::id`, `ids::short`).
    let refused = move || {
        id.with(|text| {
            crate::token::holds_token(text)
                .then(|| crate::validate::id(kind, text))
                .flatten()
                .map(|issue| issue.message)
        })
    };
    let title = match kind {
        IdKind::Game => "Game id",
        IdKind::Namespace => "Namespace id",
    };
    view! {
        <form class="gc-plain gc-pick-id" on:submit=move |ev| {
            ev.prevent_default();
            entered();
            close(kind);
        }>
            <label>
                {title}
                <input type="text" name=format!("{}-id", kind.noun()) class="gc-secret gc-id-field" spellcheck="false" autocomplete="off"
                    bind:value=id on:change=move |_| entered() />
            </label>
            <button type="submit" class="gc-secondary">"Use"</button>
            <p class="gc-hint gc-bad" role="alert">{refused}</p>
        </form>
        {list(kind)}
        {(kind == IdKind::Namespace).then(mark)}
    }
}

/// Hides `kind`'s popover (an id was chosen).
fn close(kind: IdKind) {
    crate::panel::dom::hide(&format!("gc-pick-{}", kind.noun()));
}

/// The selected namespace's protected mark. Removing it is a change to the
/// namespace like any other: its name is typed in the confirmation first.
/// Adding one asks nothing.
fn mark() -> impl IntoView {
    let s = Session::get();
    let protected = move || s.protected.has(&s.ids().1);
    let unmarking = RwSignal::new(false);
    let guarded = RwSignal::new(Vec::new());
    let on_mark = move |ev: leptos::ev::Event| {
        if event_target_checked(&ev) {
            s.protected.protect(&s.namespace(), true, &Named::default());
        } else {
            // Ticked until the confirmation says otherwise.
            event_target::<web_sys::HtmlInputElement>(&ev).set_checked(true);
            guarded.set(vec![s.namespace()]);
            unmarking.set(true);
        }
    };
    view! {
        <label class="gc-check gc-mark">
            <input type="checkbox" name="protected" prop:checked=protected
                disabled=move || !s.ids().1.is_uuid()
                on:change=on_mark />
            "Protected: a change to it needs its name typed"
            {move || s.protected.unsaved_mark(&s.ids().1).then_some(" (in this tab only: not saved)")}
        </label>
        // Inside the popover, which stays open under a modal dialog it holds.
        <Confirm
            open=unmarking
            text=Signal::derive(|| Text::default().plain("Remove the protected mark?\nA change to this namespace will no longer ask for its name."))
            confirm="Remove the mark"
            on_confirm=Callback::new(move |named| {
                for id in guarded.get_untracked() {
                    s.protected.protect(&id, false, &named);
                }
            })
            guarded=guarded
        />
        <p class="gc-hint gc-warning" role="status">
            {move || {
                let ns = s.ids().1;
                // Again when the namespace is labelled.
                s.recent.with(|_| ());
                let label = s.recent.label(&ns);
                // "" rather than nothing (the hint hides when :empty).
                if !protected() && crate::protect::looks_like_production(ns.as_str(), &label) {
                    "Its name says production: mark it protected?"
                } else {
                    ""
                }
            }}
        </p>
    }
}

/// The recent ids of `kind`: use one, name it, forget it.
fn list(kind: IdKind) -> impl IntoView {
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
                let list: Vec<_> = recent.with(|r| r.0.iter().filter(|r| r.kind == kind).cloned().collect());
                if list.is_empty() {
                    return view! { <p class="gc-muted">{format!("The {}s you use are listed here, to pick them again.", kind.noun())}</p> }.into_any();
                }
                // Presentation mode: no id in an accessible name either.
                let presenting = s.presenting.is_on();
                let chosen = s.id_field(kind);
                view! {
                <ul class="gc-recent">
                    {list.into_iter().enumerate().map(|(n, r)| {
                            let id = r.id.clone();
                            let (i2, i3, i4) = (id.clone(), id.clone(), id.clone());
                            let use_it = move |_| {
                                chosen.set(i2.clone());
                                s.enter();
                                close(kind);
                            };
                            let on_label = move |ev| relabel(kind, &i3, event_target(&ev));
                            let forget = {
                                let id = id.clone();
                                move |_| recent.forget(kind, &id)
                            };
                            let noun = kind.noun();
                            let which = if presenting { format!("{noun} {}", n + 1) } else { format!("{noun} {id}") };
                            // Followed as the id's field is typed in.
                            let current = move || chosen.with(|c| c.trim() == i4).to_string();
                            view! {
                                <li>
                                    <button type="button" class="gc-tertiary" aria-current=current on:click=use_it>"Use " {name(&id, &r.label, kind == IdKind::Namespace && s.protected.has(&NamespaceId::new(&id)))}</button>
                                    <input type="text" aria-label=format!("Label for {which}") placeholder="Label"
                                        prop:value=r.label.clone() on:change=on_label />
                                    <button type="button" class="gc-tertiary" aria-label=format!("Forget {which}") on:click=forget>"Forget"</button>
                                </li>
                            }
                            .into_any()
                    }).collect_view()}
                </ul>
                }.into_any()
            }}
    }
}
