//! The keyboard: `/` focuses the page's filter, Ctrl-K (⌘K on a Mac) opens
//! the palette (a page, a game or a namespace by its label, an action), `?`
//! lists the shortcuts. The palette's code is fetched when it first opens
//! (docs/SIZE.md, "Pages fetched on first use").
//!
//! What the dialog shows is said here; the rest walks down a file at a
//! time: the shortcuts' listener (`keys`), the dialog (`dialog`), the
//! palette's field and list (`search`), what it offers (`commands`).

mod commands;
mod dialog;
pub mod keys;
mod search;

/// What the palette's dialog shows: the palette, or the list of shortcuts.
#[derive(Clone, Copy, PartialEq)]
pub enum Shown {
    Palette,
    Shortcuts,
}
