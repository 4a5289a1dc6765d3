//! The palette itself: a field whose words narrow the commands, a list
//! the arrows move through, Enter to run the one chosen.

use leptos::prelude::*;

use super::commands::commands;
use super::Shown;

/// The palette: what is typed narrows the commands (any order of words,
/// case ignored); the arrows move the choice; Enter runs it.
pub(super) fn palette(
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
