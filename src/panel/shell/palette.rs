//! The keyboard: `/` focuses the page's filter, Ctrl-K (⌘K on a Mac) opens
//! the palette (a page, a game or a namespace by its label, an action), `?`
//! lists the shortcuts. The palette's code is fetched when it first opens
//! (docs/SIZE.md, "Pages fetched on first use").

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::session::Session;
use crate::route::Page;
use crate::validate::IdKind;

/// What the palette's dialog shows: the palette, or the list of shortcuts.
#[derive(Clone, Copy, PartialEq)]
pub enum Shown {
    Palette,
    Shortcuts,
}

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

/// One thing the palette can do.
struct Command {
    title: String,
    run: Box<dyn Fn() + Send + Sync>,
}

/// Everything the palette offers now: the pages, the recent games and
/// namespaces by their labels, the actions.
fn commands(shown: RwSignal<Option<Shown>>) -> Vec<Command> {
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

/// The modal dialog: the palette (a field that narrows the commands, the
/// arrows to move, Enter to run) or the shortcuts. Escape closes it.
fn dialog(what: Shown, shown: RwSignal<Option<Shown>>) -> impl IntoView {
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

/// The palette: what is typed narrows the commands (any order of words,
/// case ignored); the arrows move the choice; Enter runs it.
fn palette(
    shown: RwSignal<Option<Shown>>,
    close: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let commands = std::sync::Arc::new(commands(shown));
    let typed = RwSignal::new(String::new());
    let active = RwSignal::new(0_usize);
    let matching = {
        let commands = commands.clone();
        move || -> Vec<usize> {
            let words: Vec<String> = typed.with(|t| {
                t.split_whitespace()
                    .map(|w| w.to_ascii_lowercase())
                    .collect()
            });
            (0..commands.len())
                .filter(|&i| {
                    let title = commands[i].title.to_ascii_lowercase();
                    words.iter().all(|w| title.contains(w.as_str()))
                })
                .collect()
        }
    };
    let run = {
        let (commands, matching) = (commands.clone(), matching.clone());
        move |at: usize| {
            if let Some(&i) = matching().get(at) {
                close();
                (commands[i].run)();
            }
        }
    };
    let on_key = {
        let (matching, run) = (matching.clone(), run.clone());
        move |ev: leptos::ev::KeyboardEvent| {
            let count = matching().len();
            match ev.key().as_str() {
                "ArrowDown" | "ArrowUp" if count > 0 => {
                    ev.prevent_default();
                    let step = if ev.key() == "ArrowDown" {
                        1
                    } else {
                        count - 1
                    };
                    let at = (active.get_untracked() + step) % count;
                    active.set(at);
                    // The choice stays in sight in a long list.
                    if let Some(option) = document().get_element_by_id(&format!("gc-command-{at}"))
                    {
                        option.scroll_into_view_with_bool(false);
                    }
                }
                "Enter" => {
                    ev.prevent_default();
                    run(active.get_untracked());
                }
                _ => {}
            }
        }
    };
    let matching_now = matching.clone();
    let list = {
        let commands = commands.clone();
        move || {
            matching()
                .into_iter()
                .enumerate()
                .map(|(at, i)| {
                    let run = run.clone();
                    view! {
                        <li
                            id=format!("gc-command-{at}")
                            role="option"
                            aria-selected=move || (active.get() == at).to_string()
                            on:click=move |_| run(at)
                        >
                            {commands[i].title.clone()}
                        </li>
                    }
                })
                .collect_view()
        }
    };
    view! {
        <h2 id="gc-keys-title" class="gc-visually-hidden">"Palette"</h2>
        <input
            type="text"
            role="combobox"
            aria-label="Go to a page, a namespace or an action"
            aria-expanded="true"
            aria-controls="gc-commands"
            aria-activedescendant=move || (!matching_now().is_empty()).then(|| format!("gc-command-{}", active.get()))
            placeholder="Go to a page, a namespace or an action…"
            autofocus
            on:input=move |ev| {
                typed.set(event_target_value(&ev));
                active.set(0);
            }
            on:keydown=on_key
        />
        <ul id="gc-commands" role="listbox" aria-label="Commands">{list}</ul>
    }
}
