//! Presentation mode, for sharing the screen: every token, hostname and id
//! is masked on every page (the elements marked `gc-secret`, masked by the
//! stylesheet under `html.gc-presenting`). One value shows while it is
//! pressed (pointer, `:active`) or while Alt is held with the value focused
//! (keyboard). Masking is visual only: a screen reader still reads the
//! values to the person who is presenting. The switch is kept for the tab.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::panel::store::{self, Kept, Store, Stored};
use crate::text::{Part, Text};

/// The switch's key: kept for the tab, "1" while on.
pub struct Presenting;

impl Kept for Presenting {
    type Value = bool;
    const KEY: &'static str = store::PRESENTING;
    const STORE: Store = Store::Session;
    fn read(text: &str) -> (bool, usize) {
        (!text.is_empty(), 0)
    }
    fn write(on: &bool) -> String {
        if *on { "1" } else { "" }.to_owned()
    }
}

/// The switch of this tab, as kept.
pub type Switch = Stored<Presenting>;

/// This tab's switch as kept, its document marked to match.
pub fn kept() -> Switch {
    let switch = Switch::load();
    mark(switch.is_on_untracked());
    switch
}

impl Switch {
    /// Whether presentation mode is on (tracked).
    pub fn is_on(self) -> bool {
        self.with(|on| *on)
    }

    /// Whether presentation mode is on (untracked).
    pub fn is_on_untracked(self) -> bool {
        self.with_untracked(|on| *on)
    }

    /// Turns presentation mode on or off: the document's class, and the
    /// tab's memory.
    pub fn set(self, on: bool) {
        mark(on);
        self.update(|kept| *kept = on);
    }
}

/// Marks the document as presenting, or not: the stylesheet masks.
fn mark(on: bool) {
    if let Some(root) = document().document_element() {
        let _ = root.class_list().toggle_with_force("gc-presenting", on);
    }
}

/// The switch in the header, for the session's `on` (the address bar, the
/// links and the log's tooltips follow it). Alt held shows the focused field
/// (CSS `.gc-presenting.gc-reveal input.gc-secret:focus`).
#[component]
pub fn PresentSwitch(on: Switch) -> impl IntoView {
    // A keyboard event with Alt down shows it; any other, or the window
    // losing the focus (Alt+Tab: the key's release goes elsewhere), hides it.
    let alt = |ev: web_sys::Event| {
        let held =
            ev.type_() == "keydown" && ev.unchecked_ref::<web_sys::KeyboardEvent>().alt_key();
        if let Some(root) = document().document_element() {
            let _ = root.class_list().toggle_with_force("gc-reveal", held);
        }
    };
    // Keys reach the window from the document; the window's own blur too.
    let listeners =
        ["keydown", "keyup", "blur"].map(|kind| window_event_listener_untyped(kind, alt));
    on_cleanup(move || listeners.into_iter().for_each(|l| l.remove()));
    view! {
        <label class="gc-check gc-present">
            <input type="checkbox" role="switch" name="presenting" aria-describedby="present-hint"
                prop:checked=on.is_on_untracked()
                on:change=move |ev| on.set(event_target_checked(&ev)) />
            "Presentation mode"
        </label>
        <p id="present-hint" class="gc-hint">
            "Tokens, hostnames and ids are masked, and left out of the address bar. Press and hold one to see it; in a field, hold Alt; Copy copies it."
        </p>
    }
}

/// A namespace or game as the panel names it ([`crate::bulk::name`]:
/// "label (id)", or the id alone), its id masked in presentation mode; a
/// protected namespace with its badge, a word and a colour (the word is the
/// stylesheet's, `.gc-is-protected::after`, so that this view keeps one
/// shape in every page that names a namespace).
pub fn name(id: &str, label: &str, protected: bool) -> impl IntoView {
    let (open, close) = crate::bulk::name_around(label);
    let class = if protected {
        "gc-secret gc-is-protected"
    } else {
        "gc-secret"
    };
    view! { {open} <span class=class>{id.to_owned()}</span> {close} }
}

/// `text` for the page: its plain runs as they are, each secret run in a
/// span that presentation mode masks (text, never markup).
pub fn shown(text: &Text) -> impl IntoView {
    text.parts()
        .iter()
        .map(|part| match part {
            Part::Plain(run) => run.clone().into_any(),
            Part::Secret(run) => view! { <span class="gc-secret">{run.clone()}</span> }.into_any(),
        })
        .collect_view()
}
