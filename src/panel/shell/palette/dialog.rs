//! The palette's modal dialog: the palette or the shortcuts.

use leptos::prelude::*;

use super::search::palette;
use super::Shown;

/// The modal dialog: the palette (a field that narrows the commands, the
/// arrows to move, Enter to run) or the shortcuts. Escape closes it.
pub(super) fn dialog(what: Shown, shown: RwSignal<Option<Shown>>) -> impl IntoView {
    let element = NodeRef::<leptos::html::Dialog>::new();
    Effect::new(move |_| {
        if let Some(d) = element.get() {
            if !d.open() {
                let _ = d.show_modal();
            }
        }
    });
    // Closed as a dialog (the browser gives the focus back to where it was),
    // then let go of; a command may have asked for the other view meanwhile.
    let close = move || {
        if let Some(d) = element.get_untracked() {
            d.close();
        }
    };
    let gone = move || {
        shown.update(|s| {
            if *s == Some(what) {
                *s = None;
            }
        })
    };
    let body = match what {
        Shown::Shortcuts => view! {
            <h2 id="gc-keys-title">"Keyboard shortcuts"</h2>
            <dl class="gc-keys">
                <dt><kbd>"/"</kbd></dt><dd>"Focus the page's filter"</dd>
                <dt><kbd>"Ctrl"</kbd>" "<kbd>"K"</kbd>" or "<kbd>"⌘"</kbd>" "<kbd>"K"</kbd></dt><dd>"Open the palette: a page, a namespace by its label, an action"</dd>
                <dt><kbd>"?"</kbd></dt><dd>"This list"</dd>
                <dt><kbd>"Esc"</kbd></dt><dd>"Close a dialog, a switcher or the menu"</dd>
                <dt><kbd>"↑"</kbd>" "<kbd>"↓"</kbd>" "<kbd>"Enter"</kbd></dt><dd>"In the palette: choose, and go"</dd>
            </dl>
            <button type="button" class="gc-secondary" on:click=move |_| close()>"Close"</button>
        }
        .into_any(),
        Shown::Palette => palette(shown, close).into_any(),
    };
    // A click on the backdrop (the dialog itself, outside its content)
    // closes it too.
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let on_backdrop = ev
            .target()
            .zip(element.get_untracked())
            .is_some_and(|(t, d)| t == ****d);
        if on_backdrop {
            close();
        }
    };
    view! {
        <dialog class="gc-palette" node_ref=element aria-labelledby="gc-keys-title" on:close=move |_| gone() on:click=on_click>
            {body}
        </dialog>
    }
}
