//! The chips: the tags several builds carry, each a button that keeps
//! the builds that carry it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::builds_view::{BuildList, Narrow, TagCounts};

/// How many tags are offered as chips.
const CHIPS: usize = 8;

/// The chips of `list`, pressed as `narrow` holds its tags (a view that
/// follows both).
pub(super) fn tag_chips(list: &Arc<BuildList>, narrow: RwSignal<Narrow>) -> impl IntoView {
    // The chips: counted a slice of builds per task once the chart is
    // drawn (the first slice at once: a short list has its chips with it).
    let chips = RwSignal::new(Vec::new());
    {
        let mut counts = TagCounts::default();
        if counts.count(list.builds(), TAG_SLICE) {
            chips.set(counts.common(CHIPS));
        } else {
            count_in_slices(list.clone(), counts, chips);
        }
    }
    let chip = move |(k, v, n): (String, String, usize)| {
        let pressed = {
            let (k, v) = (k.clone(), v.clone());
            move || {
                narrow
                    .with(|f| f.tags.iter().any(|(a, b)| *a == k && *b == v))
                    .to_string()
            }
        };
        let label = format!("{k}={v}");
        view! {
            <button type="button" class="gc-chip" aria-pressed=pressed
                on:click=move |_| narrow.update(|f| f.toggle_tag(&k, &v))>
                {label}<span class="gc-muted">{n.to_string()}</span>
            </button>
        }
    };
    move || {
        let tags = chips.get();
        (!tags.is_empty()).then(|| {
            view! { <div class="gc-chips" role="group" aria-label="Tags">{tags.into_iter().map(chip).collect_view()}</div> }
        })
    }
}

/// How many builds' tags one task counts.
const TAG_SLICE: usize = 10_000;

/// Counts the tags of `list` [`TAG_SLICE`] builds per task, then offers the
/// chips; nothing more once the chart is gone.
fn count_in_slices(
    list: Arc<crate::builds_view::BuildList>,
    mut counts: TagCounts,
    chips: RwSignal<Vec<(String, String, usize)>>,
) {
    set_timeout(
        move || {
            if chips.try_with_untracked(|_| ()).is_none() {
                return;
            }
            if counts.count(list.builds(), TAG_SLICE) {
                chips.try_set(counts.common(CHIPS));
            } else {
                count_in_slices(list, counts, chips);
            }
        },
        std::time::Duration::ZERO,
    );
}
