//! The one shape of every kept value of the panel.

use leptos::prelude::*;

use super::{load, load_migrating, save, storage, Store};

/// A value kept under one key, in this version's format.
pub trait Kept: Clone + Send + Sync + 'static {
    /// Its key; a new format gets a new key.
    const KEY: &'static str;
    /// Where it is kept: this browser, or this tab only.
    const STORE: Store = Store::Local;
    /// The key the first version kept it under, read once ([`Kept::read_v1`])
    /// and removed.
    const V1: Option<&'static str> = None;
    /// What is kept, read (from "" when nothing is), and how many entries
    /// did not read and were dropped.
    fn read(text: &str) -> (Self, usize)
    where
        Self: Sized;
    /// The text to keep.
    fn write(&self) -> String;
    /// What the first version kept under [`Kept::V1`], read.
    fn read_v1(text: &str) -> Self
    where
        Self: Sized,
    {
        Self::read(text).0
    }
}

/// One kept value: the one shape of every store of the panel (the action
/// log, the recent ids and their labels, the protected marks). It is read
/// once as kept: entries that do not read are dropped and counted, and the
/// first version's key is carried over. A change is made to what is kept
/// *now*, read again just before, so that another tab's change since is
/// kept too (two tabs never undo each other). When another tab writes the
/// key, the value follows at once (the `storage` event).
pub struct Stored<T: 'static> {
    value: RwSignal<T>,
    /// How many kept entries could not be read when the page loaded them
    /// (the page says so).
    pub dropped: usize,
}

impl<T> Clone for Stored<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Stored<T> {}

impl<T: Kept> Stored<T> {
    /// The value kept in this browser (followed once the session listens,
    /// `Session::sync`).
    pub fn load() -> Self {
        let kept = match T::V1 {
            Some(v1) => load_migrating(T::STORE, T::KEY, v1),
            None => load(T::STORE, T::KEY).map(|text| (text, false)),
        };
        let (value, dropped, rewrite) = match kept {
            Some((text, false)) => {
                let (value, dropped) = T::read(&text);
                (value, dropped, dropped > 0)
            }
            Some((text, true)) => (T::read_v1(&text), 0, true),
            None => (T::read("").0, 0, false),
        };
        if rewrite {
            // Kept again in this version's format, without what was dropped.
            save(T::STORE, T::KEY, Some(&value.write()));
        }
        Stored {
            value: RwSignal::new(value),
            dropped,
        }
    }

    /// Reads the value (tracked).
    pub fn with<R>(self, f: impl FnOnce(&T) -> R) -> R {
        self.value.with(f)
    }

    /// Reads the value (untracked).
    pub fn with_untracked<R>(self, f: impl FnOnce(&T) -> R) -> R {
        self.value.with_untracked(f)
    }

    /// Changes the value as kept now, keeps it, and shows it. (Without
    /// storage, in a private window say, this page's copy is changed.)
    pub fn update<R>(self, f: impl FnOnce(&mut T) -> R) -> R {
        // Storage that is missing or fails to read: this page's copy.
        let mut now = match storage(T::STORE).map(|s| s.get_item(T::KEY)) {
            Some(Ok(text)) => T::read(&text.unwrap_or_default()).0,
            _ => self.value.get_untracked(),
        };
        let out = f(&mut now);
        save(T::STORE, T::KEY, Some(&now.write()));
        self.value.set(now);
        out
    }

    /// Reads the value again from what is kept (another tab wrote it: the
    /// `storage` event).
    pub fn refresh(self) {
        let Some(Ok(text)) = storage(T::STORE).map(|s| s.get_item(T::KEY)) else {
            return;
        };
        let text = text.unwrap_or_default();
        if self.value.try_with_untracked(|v| v.write() != text) == Some(true) {
            self.value.set(T::read(&text).0);
        }
    }
}
