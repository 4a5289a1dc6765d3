//! A choice among a few typed values, as a segmented control or a
//! drop-down list, and what a setting was last set to.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use leptos::prelude::*;

use crate::panel::session::Session;
use crate::settings::Setting;

/// What this panel last set of `setting` on the selected namespace: the
/// service cannot report a setting back, so "unknown" is said rather than a
/// guess.
#[component]
pub fn LastSet(setting: Setting) -> impl IntoView {
    let s = Session::get();
    let said = move || {
        let (game, namespace) = s.ids();
        match s.last_set.of(setting, &game, &namespace) {
            Some(c) => format!("Last set from this panel: {}.", c.said()),
            None => "Not set from this panel yet: the current setting is unknown.".to_owned(),
        }
    };
    view! { <p role="status" class="gc-last-set">{said}</p> }
}

/// One option of [`Choices`]: the value itself, its name, and what it means
/// (shown under a segmented control once chosen; a drop-down list shows the name only).
pub struct Choice<T> {
    pub value: T,
    pub name: &'static str,
    pub meaning: &'static str,
}

impl<T> Choice<T> {
    /// An option shown by its name alone.
    pub fn named(value: T, name: &'static str) -> Self {
        Choice {
            value,
            name,
            meaning: "",
        }
    }
}

/// Tells radio groups apart: each gets a `name` of its own.
static GROUPS: AtomicU32 = AtomicU32::new(0);

/// One value chosen among a few, shown as a segmented control
/// ([`Choices::segmented`]) or a drop-down list ([`Choices::select`]). The signal holds the value,
/// never its text: the markup knows each option only by its place in the
/// list, so nothing typed into the page (or a value the list does not hold)
/// can become a value. Generic only at its edge (which place holds the
/// value, and the value of a place); each shape is drawn by one function for
/// every type, and a page pulls in only the shape it shows (docs/SIZE.md,
/// size rule "typed choices").
pub struct Choices<T> {
    /// The radios' legend, or the drop-down list's accessible name.
    label: &'static str,
    options: Vec<Choice<T>>,
}

impl<T: Clone + PartialEq + Send + Sync + 'static> Choices<T> {
    pub fn new(label: &'static str, options: Vec<Choice<T>>) -> Self {
        Choices { label, options }
    }

    /// As a segmented control: the options side by side, one pressed, and
    /// under them what the chosen one means.
    pub fn segmented(self, value: RwSignal<T>) -> AnyView {
        let (names, place, pick) = self.bind(value);
        segments(self.label, names, place, pick)
    }

    /// As a drop-down list.
    pub fn select(self, value: RwSignal<T>) -> AnyView {
        let (names, place, pick) = self.bind(value);
        select_list(self.label, names, place, pick)
    }

    /// The options' names and meanings, the place of the value (tracked),
    /// and what sets the value of a place.
    fn bind(&self, value: RwSignal<T>) -> (Names, Signal<Option<usize>>, Callback<usize>) {
        let names = self.options.iter().map(|o| (o.name, o.meaning)).collect();
        let values: Arc<[T]> = self.options.iter().map(|o| o.value.clone()).collect();
        let place = {
            let values = values.clone();
            Signal::derive(move || value.with(|now| values.iter().position(|x| x == now)))
        };
        let pick = Callback::new(move |i: usize| {
            if let Some(v) = values.get(i) {
                value.set(v.clone());
            }
        });
        (names, place, pick)
    }
}

/// Each option's name and meaning, in order.
type Names = Vec<(&'static str, &'static str)>;

/// Radio buttons drawn as one control of segments (their names), and under
/// it the meaning of the one at `place`; `pick` told the place chosen.
fn segments(
    label: &'static str,
    names: Names,
    place: Signal<Option<usize>>,
    pick: Callback<usize>,
) -> AnyView {
    let group = format!("gc-choices-{}", GROUPS.fetch_add(1, Ordering::Relaxed));
    let meanings: Vec<&'static str> = names.iter().map(|(_, meaning)| *meaning).collect();
    view! {
        <fieldset class="gc-choices">
            <legend class="gc-visually-hidden">{label}</legend>
            <div class="gc-segmented">
                {names.into_iter().enumerate().map(|(i, (name, _))| view! {
                    <label>
                        <input type="radio" name=group.clone() prop:checked=move || place.get() == Some(i)
                            on:change=move |_| pick.run(i) />
                        <span>{name}</span>
                    </label>
                }).collect_view()}
            </div>
            <p class="gc-hint">{move || place.get().and_then(|i| meanings.get(i).copied()).unwrap_or_default()}</p>
        </fieldset>
    }
    .into_any()
}

/// A drop-down list: the option at `place` selected, `pick` told the place
/// chosen.
fn select_list(
    label: &'static str,
    names: Names,
    place: Signal<Option<usize>>,
    pick: Callback<usize>,
) -> AnyView {
    view! {
        <select aria-label=label prop:value=move || place.get().unwrap_or(0).to_string()
            on:change=move |ev| pick.run(event_target_value(&ev).parse().unwrap_or(usize::MAX))>
            {names.into_iter().enumerate().map(|(i, (name, _))| view! {
                <option value=i.to_string()>{name}</option>
            }).collect_view()}
        </select>
    }
    .into_any()
}
