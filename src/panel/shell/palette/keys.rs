//! The shortcuts' listener on the whole page, and the dialog it opens,
//! whose code is fetched when it first opens (docs/SIZE.md, "Pages fetched
//! on first use").

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::dialog::dialog;
use super::Shown;
use crate::panel::lazy::{lazy, lazy_view};

/// Listens for the shortcuts on the whole page; shows the palette or the
/// shortcuts while asked.
#[component]
pub fn Keys() -> impl IntoView {
    let shown = RwSignal::new(None::<Shown>);
    // Untyped, as the presentation switch's: the listener's code is shared.
    let keys = window_event_listener_untyped("keydown", move |ev| {
        let ev = ev.unchecked_into::<web_sys::KeyboardEvent>();
        let key = ev.key();
        let palette = (ev.ctrl_key() || ev.meta_key()) && key.eq_ignore_ascii_case("k");
        // Every other key passes untouched (the listener sees each one typed
        // anywhere); a dialog open (a confirmation, the palette itself)
        // keeps its keys.
        let open_dialog = || {
            document()
                .query_selector("dialog[open]")
                .ok()
                .flatten()
                .is_some()
        };
        if !(palette || key == "/" || key == "?") || open_dialog() {
            return;
        }
        if palette {
            ev.prevent_default();
            shown.set(Some(Shown::Palette));
            return;
        }
        // Typed into a field, or with a modifier: not a shortcut.
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.matches("input,textarea,select,[contenteditable]") == Ok(true));
        if typing || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        if key == "/" {
            // The builds' filter, where the page has one.
            if crate::panel::dom::focus("gc-filter") {
                ev.prevent_default();
            }
        } else if key == "?" {
            shown.set(Some(Shown::Shortcuts));
        }
    });
    on_cleanup(move || keys.remove());
    move || {
        shown
            .get()
            .map(|what| lazy_view(palette_view, "the palette", move |make| make(what, shown)))
    }
}

lazy! {
    /// The palette's dialog.
    fn palette_view() -> fn(Shown, RwSignal<Option<Shown>>) -> AnyView;
    in palette, preload preload_palette;
    { |what, shown| dialog(what, shown).into_any() }
}
