//! One row of a context switcher (`super::recent`): the id's name, its
//! short id muted after it and a lock for a protected namespace, which
//! selects it; and its menu, to rename it, forget it, or protect it.

use leptos::prelude::*;

use crate::ids::NamespaceId;
use crate::panel::session::Session;
use crate::panel::store::RecentId;
use crate::protect::Named;
use crate::validate::IdKind;

/// The `n`th row of `kind`'s switcher, for the kept id `r`; `refused` says
/// why a name or a mark was not kept.
pub(super) fn row(
    kind: IdKind,
    r: RecentId,
    n: usize,
    refused: RwSignal<String>,
    unmark: Unmark,
) -> AnyView {
    let s = Session::get();
    let RecentId { id, label, .. } = r;
    let ns = NamespaceId::new(&id);
    let is_namespace = kind == IdKind::Namespace;
    let protected = is_namespace && s.protected.has(&ns);
    let noun = kind.noun();
    // Presentation mode: no id in an accessible name either.
    let presenting = s.presenting.is_on();
    let which = if presenting {
        format!("{noun} {}", n + 1)
    } else {
        format!("{noun} {id}")
    };
    let chosen = s.id_field(kind);
    let current = {
        let id = id.clone();
        move || chosen.with(|c| c.trim() == id).to_string()
    };
    let use_it = {
        let id = id.clone();
        move |_| choose(kind, &id)
    };
    // A name that cannot be kept is refused, and its field shows the kept
    // one again; a protected namespace keeps its name until unmarked.
    let rename = {
        let id = id.clone();
        move |ev: leptos::ev::Event| {
            let field: web_sys::HtmlInputElement = event_target(&ev);
            let name = field.value();
            let renames_protected = is_namespace
                && s.protected.has(&NamespaceId::new(&id))
                && s.recent.label_of(kind, &id) != name.trim();
            let why = if renames_protected {
                Some("A protected namespace keeps its name: remove its mark first (that asks for the name).")
            } else {
                s.recent.relabel(kind, &id, &name).err()
            };
            refused.set(why.unwrap_or_default().to_owned());
            if why.is_some() {
                field.set_value(&s.recent.label_of(kind, &id));
            }
        }
    };
    let forget = {
        let id = id.clone();
        move |_| s.recent.forget(kind, &id)
    };
    let unnamed = label.is_empty();
    // Marking needs a name: a change to it asks to type that name.
    let protect = move |_| {
        if protected {
            unmark.ask(ns.clone());
        } else if unnamed {
            refused.set(
                "Name it first: a change to a protected namespace asks to type its name."
                    .to_owned(),
            );
        } else {
            refused.set(String::new());
            s.protected.protect(&ns, true, &Named::default());
        }
    };
    view! {
        <li class="gc-row" data-protected=protected.to_string()>
            <button type="button" class="gc-row-pick" aria-current=current on:click=use_it>
                <bdi class="gc-row-name" class:gc-unnamed=unnamed>{if unnamed { "Unnamed".to_owned() } else { label.clone() }}</bdi>
                <code class="gc-secret" aria-hidden=presenting.then_some("true")>{crate::ids::short(&id)}</code>
                {protected.then(|| view! { <span class="gc-lock">"protected"</span> })}
            </button>
            <details class="gc-row-more">
                <summary aria-label=format!("Menu of {which}") title="Rename, forget, protect">"⋯"</summary>
                <div class="gc-row-actions">
                    <label>
                        "Name"
                        <input type="text" aria-label=format!("Label for {which}") placeholder="Name"
                            prop:value=label on:change=rename />
                    </label>
                    {is_namespace.then(|| view! {
                        <button type="button" class="gc-tertiary" on:click=protect>
                            {if protected { "Remove protection…" } else { "Protect" }}
                        </button>
                    })}
                    <button type="button" class="gc-tertiary" aria-label=format!("Forget {which}") on:click=forget>"Forget"</button>
                </div>
            </details>
        </li>
    }
    .into_any()
}

/// Selects `id` as the context's `kind` and closes the switcher.
pub(super) fn choose(kind: IdKind, id: &str) {
    let s = Session::get();
    s.id_field(kind).set(id.to_owned());
    s.enter();
    crate::panel::dom::hide(&format!("gc-pick-{}", kind.noun()));
}

/// Removing protected marks: the namespaces whose marks go, and whether
/// the confirmation that asks for their names is open.
#[derive(Clone, Copy)]
pub(super) struct Unmark {
    pub(super) open: RwSignal<bool>,
    pub(super) ids: RwSignal<Vec<NamespaceId>>,
}

impl Unmark {
    /// Asks to remove `ns`'s mark.
    pub(super) fn ask(self, ns: NamespaceId) {
        self.ids.set(vec![ns]);
        self.open.set(true);
    }
}
