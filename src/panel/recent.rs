//! Recently used game and namespace ids, each with an optional label, so that
//! nobody retypes a UUID. Ids are not secrets: they are kept in
//! `localStorage` (the token never is).

use leptos::prelude::*;

use super::Session;

const KEY: &str = "gamecloud.recent";
/// How many ids of each kind are kept.
const KEEP: usize = 8;

/// One remembered id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentId {
    /// `game` or `namespace`.
    pub kind: String,
    pub id: String,
    pub label: String,
}

// Stored as one line per id, `kind \t id \t label` (tabs and newlines in a
// label become spaces): plain text needs no JSON code in the panel for this.
fn parse(text: &str) -> Vec<RecentId> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (kind, id) = (parts.next()?, parts.next()?);
            matches!(kind, "game" | "namespace").then(|| RecentId {
                kind: kind.to_owned(),
                id: id.to_owned(),
                label: parts.next().unwrap_or_default().to_owned(),
            })
        })
        .collect()
}

fn format(list: &[RecentId]) -> String {
    let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    list.iter()
        .map(|r| format!("{}\t{}\t{}\n", r.kind, clean(&r.id), clean(&r.label)))
        .collect()
}

/// The list, newest first, kept in step with `localStorage`.
#[derive(Clone, Copy)]
pub struct Recent(pub RwSignal<Vec<RecentId>>);

impl Recent {
    pub fn load() -> Self {
        let stored = storage()
            .and_then(|s| s.get_item(KEY).ok().flatten())
            .map(|text| parse(&text))
            .unwrap_or_default();
        Recent(RwSignal::new(stored))
    }

    /// Moves a call's ids to the front (after it worked).
    pub fn record(self, game: &str, ns: &str) {
        self.0.update(|list| {
            for (kind, id) in [("namespace", ns.to_owned()), ("game", game.to_owned())] {
                if id.is_empty() {
                    continue;
                }
                let label = list
                    .iter()
                    .position(|r| r.kind == kind && r.id == id)
                    .map(|i| list.remove(i).label)
                    .unwrap_or_default();
                list.insert(
                    0,
                    RecentId {
                        kind: kind.to_owned(),
                        id,
                        label,
                    },
                );
            }
            for kind in ["game", "namespace"] {
                let mut seen = 0;
                list.retain(|r| {
                    r.kind != kind || {
                        seen += 1;
                        seen <= KEEP
                    }
                });
            }
        });
        self.save();
    }

    /// The label given to an id, or "" (untracked).
    pub fn label_of(self, kind: &str, id: &str) -> String {
        self.0.with_untracked(|list| {
            list.iter()
                .find(|r| r.kind == kind && r.id.eq_ignore_ascii_case(id))
                .map(|r| r.label.clone())
                .unwrap_or_default()
        })
    }

    fn save(self) {
        if let Some(s) = storage() {
            let _ = s.set_item(KEY, &format(&self.0.get_untracked()));
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The recent ids: use one, name it, or forget it.
#[component]
pub fn RecentIds() -> impl IntoView {
    let s = expect_context::<Session>();
    let recent = s.recent;
    view! {
        <details class="gc-recent">
            <summary>{move || format!("Recent ids ({})", recent.0.with(Vec::len))}</summary>
            <Show when=move || recent.0.with(|l| !l.is_empty()) fallback=|| view! {
                <p class="gc-muted">"Ids you use are listed here, so you can pick them again."</p>
            }>
                <ul>
                    // Re-rendered whole when the list changes (a click, or a
                    // label's change event after its edit): no keyed diffing
                    // needed, and none of its code in the wasm.
                    {move || recent.0.get().into_iter().map(|r| {
                            let (kind, id) = (r.kind.clone(), r.id.clone());
                            let (k2, i2, k3, i3) = (kind.clone(), id.clone(), kind.clone(), id.clone());
                            let name = if r.label.is_empty() { id.clone() } else { format!("{} ({id})", r.label) };
                            let use_it = move |_| {
                                if k2 == "game" { s.game_id.set(i2.clone()) } else { s.namespace_id.set(i2.clone()) }
                            };
                            let relabel = move |ev| {
                                let label = event_target_value(&ev);
                                recent.0.update(|l| {
                                    if let Some(e) = l.iter_mut().find(|e| e.kind == k3 && e.id == i3) {
                                        e.label = label.trim().to_owned();
                                    }
                                });
                                recent.save();
                            };
                            let forget = {
                                let (kind, id) = (kind.clone(), id.clone());
                                move |_| {
                                    recent.0.update(|l| l.retain(|e| !(e.kind == kind && e.id == id)));
                                    recent.save();
                                }
                            };
                            view! {
                                <li>
                                    <span class="gc-muted">{kind.clone()}</span>
                                    <button type="button" class="gc-small" on:click=use_it>{format!("Use {name}")}</button>
                                    <input type="text" aria-label=format!("Label for {kind} {id}") placeholder="Label"
                                        prop:value=r.label.clone() on:change=relabel />
                                    <button type="button" class="gc-small" aria-label=format!("Forget {kind} {id}") on:click=forget>"Forget"</button>
                                </li>
                            }
                    }).collect_view()}
                </ul>
            </Show>
        </details>
    }
}
