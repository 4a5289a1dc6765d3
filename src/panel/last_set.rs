//! What this panel last set on each namespace: the service's four operations
//! cannot read a setting back, so the pages show what was set here, in this
//! tab, or "unknown".

use leptos::prelude::*;

use crate::ids::{GameId, NamespaceId};
use crate::settings::{Change, Setting};

/// The last change of each setting, by game and namespace.
/// A short list searched in place, not a map type of its own
/// (docs/SIZE.md, size rule "lists, not maps").
#[derive(Clone, Copy)]
pub struct Memory(RwSignal<Vec<(GameId, NamespaceId, Change)>>);

impl Memory {
    pub fn new() -> Memory {
        Memory(RwSignal::new(Vec::new()))
    }

    /// What was last set here for `setting` on a namespace of a game
    /// (tracked).
    pub fn of(&self, setting: Setting, game: &GameId, namespace: &NamespaceId) -> Option<Change> {
        self.0.with(|list| {
            list.iter()
                .find(|(g, n, c)| g == game && n == namespace && c.setting() == setting)
                .map(|(.., c)| c.clone())
        })
    }

    /// Remembers what was set on a namespace.
    pub fn remember(&self, change: Change, game: &GameId, namespace: &NamespaceId) {
        self.0.update(|list| {
            list.retain(|(g, n, c)| {
                !(g == game && n == namespace && c.setting() == change.setting())
            });
            list.push((game.clone(), namespace.clone(), change));
        });
    }
}
