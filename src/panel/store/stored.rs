//! The one shape of every kept value of the panel.

use std::marker::PhantomData;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{load, save, storage, Store};

/// One key of what the panel keeps, in this version's format: where it is,
/// what it holds, and how that is read and written.
pub trait Kept: 'static {
    /// What it holds.
    type Value: Clone + Send + Sync + 'static;
    /// The key; a new format, or rules that tightened, get a new key.
    const KEY: &'static str;
    /// Where it is kept: this browser, or this tab only.
    const STORE: Store = Store::Local;
    /// The keys earlier builds kept it under, newest first: while [`Kept::KEY`]
    /// holds nothing, the first of them that holds something is read
    /// ([`Kept::read_earlier`]), kept under the key, and removed.
    const EARLIER: &'static [&'static str] = &[];
    /// Whether the earlier key stays once carried over: the marks' does, so
    /// that an earlier build's tab, still open, keeps the marks it reads
    /// (what it writes there is never read here).
    const LEAVES_EARLIER: bool = false;
    /// Whether the key holding "" counts as kept, and so hides the earlier
    /// keys: it does where "" is a value (no marks, a cleared log); the
    /// token's "" means none remembered, and a token an earlier build
    /// remembered in this tab is still carried over.
    const EMPTY_IS_KEPT: bool = true;
    /// What is kept, read (from "" when nothing is), and how many entries
    /// did not read and were dropped.
    fn read(text: &str) -> (Self::Value, usize);
    /// The text to keep.
    fn write(value: &Self::Value) -> String;
    /// What an earlier build kept under `key` (one of [`Kept::EARLIER`]), read.
    fn read_earlier(key: &str, text: &str) -> Self::Value {
        let _ = key;
        Self::read(text).0
    }
    /// How a change this tab could not write meets what another tab keeps
    /// meanwhile.
    const UNSAVED: Unsaved = Unsaved::Whole;
}

/// How a change the browser did not take meets what is kept now.
pub enum Unsaved {
    /// This tab's value, whole: a value of the tab's own (the token, the
    /// presentation switch).
    Whole,
    /// Line by line: the lines this tab added since it last read or wrote
    /// what is kept (first, or after the kept ones), and without the ones it
    /// removed, on what is kept now; so another tab's change stays too,
    /// and neither undoes the other (the marks, the log, the recent ids,
    /// one entry a line).
    Lines { added_first: bool },
}

/// `kept` with the lines `mine` added to `base` and without those it
/// removed from it (one function for every store: text, not a value).
fn with_changes(kept: &str, mine: &str, base: &str, added_first: bool) -> String {
    let (mine, base): (Vec<&str>, Vec<&str>) = (mine.lines().collect(), base.lines().collect());
    let added = mine.iter().copied().filter(|l| !base.contains(l));
    let stays = kept
        .lines()
        .filter(|l| mine.contains(l) || !base.contains(l));
    let lines: Vec<&str> = if added_first {
        added.chain(stays).collect()
    } else {
        stays.chain(added).collect()
    };
    lines.join("\n")
}

/// One kept value: the one shape of every store of the panel (the action
/// log, the recent ids and their labels, the protected marks, the token,
/// the presentation switch). It is read once as kept: entries that do not
/// read are dropped and counted, and an earlier build's key is carried
/// over. A change is made to what is kept *now*, read again just before, so
/// that another tab's change since is kept too (two tabs never undo each
/// other). When another tab writes a `localStorage` key, the value follows
/// at once (the `storage` event; a tab's `sessionStorage` is its own). When
/// the browser refuses a write (its storage full), this tab holds the
/// change as unsaved ([`Stored::unsaved`]): it is shown as this tab's only,
/// never dropped by another tab's write, and kept by the next write that
/// the browser takes ([`Stored::retry`]).
pub struct Stored<K: Kept> {
    value: RwSignal<K::Value>,
    /// The text kept when this tab last read or wrote it: what differs from
    /// it in `value` is this tab's own change.
    base: RwSignal<String>,
    /// Whether this tab holds a change the browser did not take.
    unsaved: RwSignal<bool>,
    /// How many kept entries could not be read when the page loaded them
    /// (the page says so).
    pub dropped: usize,
    /// Where it is kept: [`Kept::STORE`], or nowhere but this page's memory
    /// ([`Stored::in_memory`]).
    store: Store,
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
        let kept = load(K::STORE, K::KEY).filter(|text| K::EMPTY_IS_KEPT || !text.is_empty());
        let stored = Self::unread();
        if let Some(text) = kept {
            let (value, dropped) = K::read(&text);
            let stored = Stored { dropped, ..stored };
            let tidied = K::write(&value) != text;
            stored.base.set(text);
            if dropped > 0 || tidied {
                // Kept again, without what was dropped, and as read (an id
                // in its one form, a label that holds a token cleared): what
                // this build would not keep is not left in the browser.
                stored.keep(value);
            } else {
                stored.value.set(value);
            }
            return stored;
        }
        let earlier = K::EARLIER
            .iter()
            .find_map(|&key| Some((key, load(K::STORE, key)?)));
        if let Some((key, text)) = earlier {
            // Carried over as this tab's change, so with whatever another
            // tab of this build kept meanwhile (a union), then removed
            // (unless an earlier tab still reads it).
            stored.unsaved.set(true);
            stored.value.set(K::read_earlier(key, &text));
            stored.retry();
            if !stored.unsaved.get_untracked() && !K::LEAVES_EARLIER {
                save(K::STORE, key, None);
            }
        }
        stored
    }

    /// The empty value, with nothing read from the browser's storage: for
    /// a session that never keeps it (a drop-in element's token is its
    /// host's to give, never the tab's).
    pub fn unread() -> Self {
        Stored {
            value: RwSignal::new(K::read("").0),
            base: RwSignal::new(String::new()),
            unsaved: RwSignal::new(false),
            dropped: 0,
            store: K::STORE,
            key: PhantomData,
        }
    }

    /// The empty value, kept in this page's memory only, never in the
    /// browser's storage: a drop-in element's action log and recent ids,
    /// unless its host asks to keep them (`persist`).
    #[cfg_attr(not(feature = "elements"), allow(dead_code))] // only the elements' pages
    pub fn in_memory() -> Self {
        Stored {
            store: Store::Memory,
            ..Self::unread()
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

    /// Whether this tab holds a change the browser did not keep (its
    /// storage full, say): shown here, lost when the tab closes (tracked).
    pub fn unsaved(self) -> bool {
        self.unsaved.get()
    }

    /// Changes the value as kept now, keeps it, and shows it.
    pub fn update<R>(self, f: impl FnOnce(&mut K::Value) -> R) -> R {
        let mut now = self.now();
        let out = f(&mut now);
        self.keep(now);
        out
    }

    /// Tries again to keep what this tab holds (after room was made).
    pub fn retry(self) {
        self.keep(self.now());
    }

    /// What is kept now, read again (another tab may have written since),
    /// with what this tab holds unsaved; this tab's copy where storage is
    /// missing or fails to read.
    fn now(self) -> K::Value {
        match storage(self.store).map(|s| s.get_item(K::KEY)) {
            Some(Ok(text)) => self.with_kept(&text.unwrap_or_default()),
            _ => self.value.get_untracked(),
        }
    }

    /// What `text` (kept now) holds, with the change this tab holds
    /// unsaved; it is now what this tab last read.
    fn with_kept(self, text: &str) -> K::Value {
        let out = match (self.unsaved.get_untracked(), K::UNSAVED) {
            (false, _) => K::read(text).0,
            (true, Unsaved::Whole) => self.value.get_untracked(),
            (true, Unsaved::Lines { added_first }) => {
                let mine = self.value.with_untracked(K::write);
                let merged = self
                    .base
                    .with_untracked(|base| with_changes(text, &mine, base, added_first));
                K::read(&merged).0
            }
        };
        self.base.set(text.to_owned());
        out
    }

    /// Keeps `value` and shows it; unsaved if the browser refuses it.
    fn keep(self, value: K::Value) {
        let text = K::write(&value);
        let saved = save(self.store, K::KEY, Some(&text));
        if saved {
            self.base.set(text);
        }
        self.unsaved.set(!saved);
        self.value.set(value);
    }

    /// Whether `line` is in what was kept when this tab last read or wrote
    /// it (untracked): a line of this tab's value that is not, is this
    /// tab's unsaved change.
    pub fn kept_line(self, line: &str) -> bool {
        self.base
            .with_untracked(|base| base.lines().any(|l| l == line))
    }

    /// Follows what another tab writes under this value's key (the
    /// `storage` event, which names the key; `None` when storage was
    /// cleared), until the calling component goes away. A tab's
    /// `sessionStorage` is its own: nothing to follow.
    pub fn follow(self) {
        if !matches!(self.store, Store::Local) {
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
    /// `storage` event); what this tab holds unsaved stays.
    pub fn refresh(self) {
        let Some(Ok(text)) = storage(self.store).map(|s| s.get_item(K::KEY)) else {
            return;
        };
        let text = text.unwrap_or_default();
        if self.unsaved.get_untracked()
            || self.value.try_with_untracked(|v| K::write(v) != text) == Some(true)
        {
            self.value.set(self.with_kept(&text));
        }
    }
}
