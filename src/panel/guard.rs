//! The guard on protected namespaces: which are marked (kept in
//! `localStorage`, followed across tabs), what must be typed to change them,
//! and the last word before a change is sent. The rules themselves are the
//! core's ([`crate::protect`]).

use leptos::prelude::*;

use crate::api::ApiError;
use crate::ids::{GameId, NamespaceId};
use crate::panel::store::{Log, Protected, Recent, Written};
use crate::protect::{Marks, Named};
use crate::validate::{Issue, IssueCode};

/// The protected namespaces, with the labels their names are read from, and
/// the log their marks are written to (with the selected game); and those a
/// drop-in element's host marks (`protected`), each with its name, which
/// count as kept marks do but are never written anywhere.
#[derive(Clone, Copy)]
pub struct Guard {
    marks: Protected,
    host: RwSignal<Vec<(NamespaceId, String)>>,
    recent: Recent,
    log: Log,
    game_id: RwSignal<String>,
}

impl Guard {
    pub fn new(marks: Protected, recent: Recent, log: Log, game_id: RwSignal<String>) -> Guard {
        Guard {
            marks,
            host: RwSignal::new(Vec::new()),
            recent,
            log,
            game_id,
        }
    }

    /// Whether a namespace is marked, here or by the host (tracked).
    pub fn has(&self, id: &NamespaceId) -> bool {
        self.marks.has(id) || self.host.with(|host| host.iter().any(|(h, _)| h == id))
    }

    /// Reads the marks, the host's with them (tracked).
    pub fn with<R>(&self, f: impl FnOnce(&Marks) -> R) -> R {
        let marks = self.marks.with(|kept| self.united(kept.clone()));
        f(&marks)
    }

    /// `marks` with the host's.
    fn united(&self, mut marks: Marks) -> Marks {
        self.host.with(|host| {
            for (id, _) in host {
                marks.set(id, true);
            }
        });
        marks
    }

    /// The namespaces a drop-in element's host marks protected, with their
    /// names: what a change to them asks to type.
    #[cfg_attr(not(feature = "elements"), allow(dead_code))] // only the elements' pages
    pub fn set_host(&self, marks: Vec<(NamespaceId, String)>) {
        self.host.set(marks);
    }

    /// Reads the marks again from storage: another tab may have changed them.
    pub fn refresh(&self) {
        self.marks.refresh();
    }

    /// Whether a mark made or removed here was not kept by the browser
    /// (tracked): it holds in this tab, and counts, until a write succeeds.
    pub fn unsaved(&self) -> bool {
        self.marks.unsaved()
    }

    /// Whether this namespace's mark, made here, is not saved (tracked).
    pub fn unsaved_mark(&self, id: &NamespaceId) -> bool {
        self.marks.unsaved_mark(id)
    }

    /// Tries again to keep the marks this tab holds.
    pub fn retry(&self) {
        self.marks.retry();
    }

    /// Follows the marks another tab writes ([`crate::panel::store::Stored::follow`]).
    pub fn follow(&self) {
        self.marks.follow();
    }

    /// What must be typed to change the namespaces `ids` (taken as
    /// protected): their names ([`crate::protect::phrase`]), each its label
    /// or else its id; nothing for none (tracked, labels too).
    pub fn phrase(&self, ids: &[NamespaceId]) -> String {
        self.recent.with(|_| ());
        let names: Vec<(NamespaceId, String)> =
            ids.iter().map(|ns| (ns.clone(), self.name(ns))).collect();
        crate::protect::phrase(&names)
    }

    /// The namespaces among `ids` that are protected (tracked).
    pub fn among(&self, ids: &[NamespaceId]) -> Vec<NamespaceId> {
        ids.iter().filter(|id| self.has(id)).cloned().collect()
    }

    /// Whether a change may be sent to `namespace` now: it is not protected
    /// as kept at this very moment (another tab may have marked it since the
    /// confirmation), or its name was typed. Otherwise the refusal says so,
    /// and nothing is sent.
    pub fn may_change(&self, namespace: &NamespaceId, named: &Named) -> Result<(), ApiError> {
        self.marks.refresh();
        let marks = self.marks.with_untracked(|kept| self.united(kept.clone()));
        if named.allows(&marks, namespace) {
            return Ok(());
        }
        let label = self.name(namespace);
        Err(ApiError::invalid(Issue::new(
            IssueCode::NamespaceProtected,
            "namespace_id",
            format!(
                "{} was marked protected after the change was confirmed: nothing was sent to it. Apply again and type its name.",
                crate::bulk::name(namespace.as_str(), &label)
            ),
        )))
    }

    /// A namespace's name: the host's for one it marks, else its label here
    /// (or "").
    fn name(&self, id: &NamespaceId) -> String {
        let host = self.host.with_untracked(|host| {
            host.iter()
                .find(|(h, _)| h == id)
                .map(|(_, name)| name.clone())
        });
        host.unwrap_or_else(|| self.recent.label(id))
    }

    /// Marks a namespace protected, or removes the mark once its name was
    /// typed (`named`); the action log says so. Whether it changed.
    pub fn protect(&self, id: &NamespaceId, on: bool, named: &Named) -> bool {
        if !on && self.may_change(id, named).is_err() {
            return false;
        }
        if !self.marks.update(|marks| marks.set(id, on)) {
            return false;
        }
        if on {
            self.marks.tell_earlier(id);
        }
        let game = GameId::new(&self.game_id.get_untracked());
        self.log.write(
            self.recent,
            &game,
            id,
            Written {
                operation: "mark-protected",
                value: if on { "protected" } else { "not protected" }.to_owned(),
                hostname: String::new(),
                outcome: "done".to_owned(),
                ray_id: String::new(),
                request: String::new(),
            },
        );
        true
    }
}
