//! What the palette offers: the pages, the recent games and namespaces by
//! their labels, the actions.

use leptos::prelude::*;

use super::Shown;
use crate::panel::session::Session;
use crate::route::Page;
use crate::validate::IdKind;

/// One thing the palette can do.
pub(super) struct Command {
    pub(super) title: String,
    pub(super) run: Box<dyn Fn() + Send + Sync>,
}

/// Everything the palette offers now: the pages, the recent games and
/// namespaces by their labels, the actions.
pub(super) fn commands(shown: RwSignal<Option<Shown>>) -> Vec<Command> {
    let s = Session::get();
    let go = move |page: Page| {
        let _ = window().location().set_hash(&s.href(page));
    };
    let mut all: Vec<Command> = Page::ALL
        .into_iter()
        .map(|page| Command {
            title: format!("Go to {}", page.title()),
            run: Box::new(move || go(page)),
        })
        .collect();
    // Each setting by its own name too: they share one page.
    for setting in ["CDN authentication", "Domain-based authentication"] {
        all.push(Command {
            title: format!("Go to {setting} (Namespace settings)"),
            run: Box::new(move || go(Page::Settings)),
        });
    }
    let presenting = s.presenting;
    for r in s.recent.with_untracked(|r| r.0.clone()) {
        let (kind, id) = (r.kind, r.id.clone());
        // Presentation mode: a label alone, never an id nor a part of one
        // (and an id without a label is not offered).
        let named = if presenting.is_on_untracked() {
            if r.label.is_empty() {
                continue;
            }
            r.label.clone()
        } else if r.label.is_empty() {
            id.clone()
        } else {
            format!("{} ({})", r.label, crate::ids::short(&id))
        };
        let title = match kind {
            IdKind::Game => format!("Game: {named}"),
            IdKind::Namespace => format!("Namespace: {named}"),
        };
        all.push(Command {
            title,
            run: Box::new(move || {
                s.id_field(kind).set(id.clone());
                s.enter();
            }),
        });
    }
    all.push(Command {
        title: "Create a development token".to_owned(),
        run: Box::new(move || go(Page::DevToken)),
    });
    all.push(Command {
        title: "Which development tokens expire soon (Tokens made here)".to_owned(),
        run: Box::new(move || go(Page::Tokens)),
    });
    all.push(Command {
        title: "Connection: the token and the base URL".to_owned(),
        run: Box::new(move || s.connecting.set(true)),
    });
    all.push(Command {
        title: if presenting.is_on_untracked() {
            "Presentation mode: off".to_owned()
        } else {
            "Presentation mode: on".to_owned()
        },
        run: Box::new(move || presenting.set(!presenting.is_on_untracked())),
    });
    all.push(Command {
        title: "Keyboard shortcuts".to_owned(),
        run: Box::new(move || shown.set(Some(Shown::Shortcuts))),
    });
    all
}
