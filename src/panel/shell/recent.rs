//! A context switcher's popover (`super::context`): the ids of its kind
//! used here as rows (`super::row`: name, short id, a lock for a protected
//! namespace), filtered as one types; "Add by id…" last, where an id used
//! for the first time is named; for a namespace, the selected one's
//! protected mark. The list itself is kept by `crate::panel::store`.

use leptos::prelude::*;

use super::row::{choose, row, Unmark};
use crate::panel::session::Session;
use crate::panel::store::dropped_note;
use crate::panel::store::RecentId;
use crate::panel::widgets::Confirm;
use crate::protect::Named;
use crate::text::Text;
use crate::validate::IdKind;

/// The popover of `kind`'s switcher. A name is what a protected
/// namespace's confirmation asks to type, so a namespace is marked only
/// once it has one, and keeps it until its mark is removed (which asks for
/// that name); a name with control or invisible formatting characters is
/// refused.
pub fn picker(kind: IdKind) -> impl IntoView {
    let s = Session::get();
    let query = RwSignal::new(String::new());
    // Why a name or a mark was not kept.
    let refused = RwSignal::new(String::new());
    // Removing a mark (a row's menu, or the selected namespace's box) is a
    // change like any other: the one confirmation asks for the name.
    let unmark = Unmark {
        open: RwSignal::new(false),
        ids: RwSignal::new(Vec::new()),
    };
    let noun = kind.noun();
    // Enter in the filter picks the first row it leaves.
    let pick_first = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Enter" {
            ev.prevent_default();
            if let Some(first) = matching(kind, &query.get_untracked()).into_iter().next() {
                choose(kind, &first.id);
            }
        }
    };
    view! {
        <input type="search" class="gc-find" name=format!("find-{noun}") aria-label=format!("Find a {noun}")
            placeholder="Find by name or id" autocomplete="off" spellcheck="false"
            bind:value=query on:keydown=pick_first />
        {(s.recent.dropped > 0).then(|| view! {
            <p class="gc-hint" role="status">{dropped_note(s.recent.dropped, "recent id")}</p>
        })}
        <p class="gc-hint gc-bad" role="alert">{refused}</p>
        {list(kind, query, refused, unmark)}
        {add(kind, refused)}
        {(kind == IdKind::Namespace).then(|| mark(refused, unmark))}
        {super::share::fold()}
        // Inside the popover, which stays open under a modal dialog it holds.
        <Confirm
            open=unmark.open
            text=Signal::derive(|| Text::default().plain("Remove the protected mark?\nA change to this namespace will no longer ask for its name."))
            confirm="Remove the mark"
            on_confirm=Callback::new(move |named| {
                for id in unmark.ids.get_untracked() {
                    s.protected.protect(&id, false, &named);
                }
            })
            guarded=unmark.ids
        />
    }
}

/// The kept ids of `kind` whose name or id holds `query` (ASCII letters in
/// either case: docs/SIZE.md, size rule "ASCII case only"), newest first
/// (tracked).
fn matching(kind: IdKind, query: &str) -> Vec<RecentId> {
    let query = query.trim().to_ascii_lowercase();
    Session::get().recent.with(|r| {
        r.0.iter()
            .filter(|r| r.kind == kind)
            .filter(|r| r.label.to_ascii_lowercase().contains(&query) || r.id.contains(&query))
            .cloned()
            .collect()
    })
}

/// The rows of `kind` that `query` leaves.
fn list(
    kind: IdKind,
    query: RwSignal<String>,
    refused: RwSignal<String>,
    unmark: Unmark,
) -> impl IntoView {
    let s = Session::get();
    // Re-rendered whole when the list or the filter changes, not keyed:
    // docs/SIZE.md, size rule "recent ids unkeyed".
    move || {
        let rows = matching(kind, &query.get());
        let noun = kind.noun();
        if rows.is_empty() {
            let empty = s.recent.with(|r| !r.0.iter().any(|r| r.kind == kind));
            let said = if empty {
                format!("The {noun}s you use are listed here, by their names.")
            } else {
                format!("No {noun} here has that name or id: add it by its id below.")
            };
            return view! { <p class="gc-muted">{said}</p> }.into_any();
        }
        view! {
            <ul class="gc-rows">
                {rows.into_iter().enumerate().map(|(n, r)| row(kind, r, n, refused, unmark)).collect_view()}
            </ul>
        }
        .into_any()
    }
}

/// "Add by id…": the selected id's field (another spelling of an id, in
/// upper case, without dashes, in braces or as `urn:uuid:`, is written in
/// its one form as it is left), and for an id with no name yet, its name.
fn add(kind: IdKind, refused: RwSignal<String>) -> impl IntoView {
    let s = Session::get();
    let id = s.id_field(kind);
    let noun = kind.noun();
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
    let bad_id = move || {
        id.with(|text| {
            crate::token::holds_token(text)
                .then(|| crate::validate::id(kind, text))
                .flatten()
                .map(|issue| issue.message)
        })
    };
    // An id used here for the first time (or kept without a name) asks for
    // one: the header, the rows and a protected change's confirmation say it.
    let unnamed = move || {
        s.recent.with(|_| ());
        let id = crate::validate::canonical_id(&id.get());
        crate::token::parse_uuid(&id).is_some() && s.recent.label_of(kind, &id).is_empty()
    };
    let name = RwSignal::new(String::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        entered();
        let given = name.get_untracked();
        if !given.trim().is_empty() {
            if let Err(why) = s.recent.name_new(kind, &id.get_untracked(), &given) {
                refused.set(why.to_owned());
                return;
            }
            name.set(String::new());
        }
        refused.set(String::new());
        crate::panel::dom::hide(&format!("gc-pick-{noun}"));
    };
    // Unfolded when nothing is kept yet: the field is the way in.
    let first = s
        .recent
        .with_untracked(|r| !r.0.iter().any(|r| r.kind == kind));
    let title = match kind {
        IdKind::Game => "Game id",
        IdKind::Namespace => "Namespace id",
    };
    view! {
        <details class="gc-add" open=first>
            <summary>"Add by id…"</summary>
            <form class="gc-plain gc-pick-id" on:submit=submit>
                <label>
                    {title}
                    <input type="text" name=format!("{noun}-id") class="gc-secret gc-id-field" spellcheck="false" autocomplete="off"
                        bind:value=id on:change=move |_| entered() />
                </label>
                <button type="submit" class="gc-secondary">"Use"</button>
                <p class="gc-hint gc-bad" role="alert">{bad_id}</p>
                {move || unnamed().then(|| view! {
                    <label class="gc-name-it">
                        {format!("Name this {noun}")}
                        <input type="text" name=format!("{noun}-name") autocomplete="off" placeholder="staging, production…"
                            aria-describedby=format!("gc-name-hint-{noun}") bind:value=name />
                    </label>
                    <p id=format!("gc-name-hint-{noun}") class="gc-hint">"Shown in the header instead of its id; a protected change asks to type it."</p>
                })}
            </form>
        </details>
    }
}

/// The selected namespace's protected mark. Marking asks for a name when
/// the namespace has none (the confirmation of a change asks to type it);
/// removing it is a change like any other, its name typed first.
fn mark(refused: RwSignal<String>, unmark: Unmark) -> impl IntoView {
    let s = Session::get();
    let protected = move || s.protected.has(&s.ids().1);
    // Asking for the name the mark needs.
    let naming = RwSignal::new(false);
    let name = RwSignal::new(String::new());
    let on_mark = move |ev: leptos::ev::Event| {
        let ns = s.namespace();
        if event_target_checked(&ev) {
            if s.recent.label(&ns).is_empty() {
                // Unticked until it has a name.
                event_target::<web_sys::HtmlInputElement>(&ev).set_checked(false);
                naming.set(true);
            } else {
                s.protected.protect(&ns, true, &Named::default());
            }
        } else {
            // Ticked until the confirmation says otherwise.
            event_target::<web_sys::HtmlInputElement>(&ev).set_checked(true);
            unmark.ask(ns);
        }
    };
    let named_and_marked = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let ns = s.namespace();
        let given = name.get_untracked();
        let why = if given.trim().is_empty() {
            Some("A protected namespace needs a name: a change to it asks to type that name.")
        } else {
            s.recent
                .name_new(IdKind::Namespace, ns.as_str(), &given)
                .err()
        };
        refused.set(why.unwrap_or_default().to_owned());
        if why.is_none() {
            s.protected.protect(&ns, true, &Named::default());
            naming.set(false);
            name.set(String::new());
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
        {move || naming.get().then(|| view! {
            <form class="gc-plain gc-name-it" on:submit=named_and_marked>
                <label>
                    "Its name, to type before a change"
                    <input type="text" name="protect-name" autocomplete="off" placeholder="production" bind:value=name />
                </label>
                <button type="submit" class="gc-secondary">"Protect"</button>
            </form>
        })}
        <p class="gc-hint gc-warning" role="status">
            {move || {
                let ns = s.ids().1;
                // Again when the namespace is named.
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
