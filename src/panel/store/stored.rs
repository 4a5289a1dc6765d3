//! The one shape of every kept value of the panel.

use std::marker::PhantomData;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{load, load_migrating, save, storage, Store};

/// One key of what the panel keeps, in this version's format: where it is,
/// what it holds, and how that is read and written.
pub trait Kept: 'static {
    /// What it holds.
    type Value: Clone + Send + Sync + 'static;
    /// The key; a new format gets a new key.
    const KEY: &'static str;
    /// Where it is kept: this browser, or this tab only.
    const STORE: Store = Store::Local;
    /// The key the first version kept it under, read once ([`Kept::read_v1`])
    /// and removed.
    const V1: Option<&'static str> = None;
    /// What is kept, read (from "" when nothing is), and how many entries
    /// did not read and were dropped.
    fn read(text: &str) -> (Self::Value, usize);
    /// The text to keep.
    fn write(value: &Self::Value) -> String;
    /// What the first version kept under [`Kept::V1`], read.
    fn read_v1(text: &str) -> Self::Value {
        Self::read(text).0
    }
}

/// One kept value: the one shape of every store of the panel (the action
/// log, the recent ids and their labels, the protected marks, the token,
/// the presentation switch). It is read once as kept: entries that do not
/// read are dropped and counted, and the first version's key is carried
/// over. A change is made to what is kept
/// *now*, read again just before, so that another tab's change since is
/// kept too (two tabs never undo each other). When another tab writes a
/// `localStorage` key, the value follows at once (the `storage` event; a
/// tab's `sessionStorage` is its own).
pub struct Stored<K: Kept> {
    value: RwSignal<K::Value>,
    /// How many kept entries could not be read when the page loaded them
    /// (the page says so).
    pub dropped: usize,
    key: PhantomData<fn() -> K>,
}

impl<K: Kept> Clone for Stored<K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K: Kept> Copy for Stored<K> {}

impl<K: Kept> Stored<K> {
    /// The value as kept, in this browser or this tab (a `localStorage` key
    /// is followed once the session listens, `Session::sync`).
    pub fn load() -> Self {
        let kept = match K::V1 {
            Some(v1) => load_migrating(K::STORE, K::KEY, v1),
            None => load(K::STORE, K::KEY).map(|text| (text, false)),
        };
        let (value, dropped, rewrite) = match kept {
            Some((text, false)) => {
                let (value, dropped) = K::read(&text);
                (value, dropped, dropped > 0)
            }
            Some((text, true)) => (K::read_v1(&text), 0, true),
            None => (K::read("").0, 0, false),
        };
        if rewrite {
            // Kept again in this version's format, without what was dropped.
            save(K::STORE, K::KEY, Some(&K::write(&value)));
        }
        Stored {
            value: RwSignal::new(value),
            dropped,
            key: PhantomData,
        }
    }

    /// Reads the value (tracked).
    pub fn with<R>(self, f: impl FnOnce(&K::Value) -> R) -> R {
        self.value.with(f)
    }

    /// Reads the value (untracked).
    pub fn with_untracked<R>(self, f: impl FnOnce(&K::Value) -> R) -> R {
        self.value.with_untracked(f)
    }

    /// Changes the value as kept now, keeps it, and shows it. (Without
    /// storage, in a private window say, this page's copy is changed.)
    pub fn update<R>(self, f: impl FnOnce(&mut K::Value) -> R) -> R {
        // Storage that is missing or fails to read: this page's copy.
        let mut now = match storage(K::STORE).map(|s| s.get_item(K::KEY)) {
            Some(Ok(text)) => K::read(&text.unwrap_or_default()).0,
            _ => self.value.get_untracked(),
        };
        let out = f(&mut now);
        save(K::STORE, K::KEY, Some(&K::write(&now)));
        self.value.set(now);
        out
    }

    /// Follows what another tab writes under this value's key (the
    /// `storage` event, which names the key; `None` when storage was
    /// cleared), until the calling component goes away. A tab's
    /// `sessionStorage` is its own: nothing to follow.
    pub fn follow(self) {
        if matches!(K::STORE, Store::Session) {
            return;
        }
        let listener = window_event_listener_untyped("storage", move |ev| {
            let key = ev
                .dyn_ref::<web_sys::StorageEvent>()
                .and_then(web_sys::StorageEvent::key);
            if key.is_none_or(|key| key == K::KEY) {
                self.refresh();
            }
        });
        on_cleanup(move || listener.remove());
    }

    /// Reads the value again from what is kept (another tab wrote it: the
    /// `storage` event).
    pub fn refresh(self) {
        let Some(Ok(text)) = storage(K::STORE).map(|s| s.get_item(K::KEY)) else {
            return;
        };
        let text = text.unwrap_or_default();
        if self.value.try_with_untracked(|v| K::write(v) != text) == Some(true) {
            self.value.set(K::read(&text).0);
        }
    }
}
