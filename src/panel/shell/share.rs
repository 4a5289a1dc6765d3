//! The names a lead hands to the team, under a switcher's "Export or import
//! names…": this browser's names, protected marks and budgets saved as a
//! file, and a file's shown before it is applied (`crate::names`: an
//! import never removes a mark). In the switcher's part, drawn when first
//! unfolded: a part of its own cost the builds table's deep link more than
//! it saved the switcher (docs/SIZE.md, "Pages fetched on first use").

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};

use crate::ids::GameId;
use crate::names::{import, Change, Here, Import, MAX_FILE_BYTES};
use crate::panel::session::Session;
use crate::panel::store::KeptBudgets;
use crate::protect::Named;

/// The fold, its inside fetched when first opened.
pub(super) fn fold() -> impl IntoView {
    let unfolded = RwSignal::new(false);
    view! {
        <details class="gc-share" on:toggle=move |_| unfolded.set(true)>
            <summary>"Export or import names…"</summary>
            {move || unfolded.get().then(share)}
        </details>
    }
}

/// What this browser holds now (untracked; `s` given, since a file is
/// read outside the component's owner).
fn here(s: Session, budgets: KeptBudgets) -> Here {
    untrack(|| Here {
        names: s.recent.with(|r| {
            r.0.iter()
                .map(|e| (e.kind, e.id.clone(), e.label.clone()))
                .collect()
        }),
        marks: s.protected.with(Clone::clone),
        budgets: budgets.with(Clone::clone),
    })
}

fn share() -> impl IntoView {
    let s = Session::get();
    let budgets = KeptBudgets::load();
    // The file read, and what it would change (or why it cannot be read).
    let read = RwSignal::new(String::new());
    let preview = RwSignal::new(None::<Result<Import, String>>);
    let done = RwSignal::new(String::new());
    let export = move |_| {
        crate::panel::widgets::download(
            &here(s, budgets).export(),
            "application/x-ndjson",
            "gamecloud-names.jsonl",
        );
    };
    let choose = move |ev: leptos::ev::Event| {
        done.set(String::new());
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(form) = input.form() else { return };
        let Ok(data) = web_sys::FormData::new_with_form(&form) else {
            return;
        };
        let file: web_sys::Blob = data.get("names-file").unchecked_into();
        if file.size() > MAX_FILE_BYTES as f64 {
            preview.set(Some(Err(
                "This file is larger than 1 MiB: it is not a names file exported from this panel."
                    .to_owned(),
            )));
            return;
        }
        spawn_local(async move {
            let text = JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|t| t.as_string());
            if preview.is_disposed() {
                return;
            }
            let Some(text) = text else {
                preview.set(Some(Err("The file could not be read.".to_owned())));
                return;
            };
            preview.set(Some(import(&text, &here(s, budgets))));
            read.set(text);
        });
    };
    // What the file changes at this moment (another tab may have changed
    // names or marks since the preview), applied.
    let apply = move |_| {
        let Ok(now) = import(&read.get_untracked(), &here(s, budgets)) else {
            return;
        };
        for change in &now.changes {
            match change {
                Change::Name { kind, id, to, .. } => {
                    let _ = s.recent.name_new(*kind, id, to);
                }
                Change::Protect { id, .. } => {
                    s.protected.protect(id, true, &Named::default());
                }
                Change::Budget { game, to, .. } => budgets.set(&GameId::new(game), Some(*to)),
            }
        }
        done.set(format!("{} change(s) applied.", now.changes.len()));
        preview.set(None);
    };
    view! {
        <div class="gc-share-inside">
            <p class="gc-hint">"Names, protected marks and budgets, as a file a lead hands to the team. An import shows what it changes first, and never removes a mark."</p>
            <div class="gc-actions">
                <button type="button" class="gc-secondary" on:click=export>"Export names"</button>
            </div>
            <form class="gc-plain">
                <label>
                    "Import names from a file"
                    <input type="file" name="names-file" accept=".jsonl,.json,.txt,application/json" on:change=choose />
                </label>
            </form>
            <p class="gc-hint" role="status">{done}</p>
            {move || preview.get().map(|got| match got {
                Err(why) => view! { <p class="gc-hint gc-bad" role="alert">{why}</p> }.into_any(),
                Ok(got) => {
                    let count = got.changes.len();
                    view! {
                        <div class="gc-import" role="group" aria-label="What the import changes">
                            <p>{if count == 0 { "Nothing to change: this browser has these names already.".to_owned() } else { format!("Importing changes {count} thing(s) here:") }}</p>
                            <ul>{got.changes.iter().map(|c| view! { <li>{c.words()}</li> }).collect_view()}</ul>
                            {(!got.left_out.is_empty()).then(|| view! {
                                <p>"Left out:"</p>
                                <ul class="gc-muted">{got.left_out.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}</ul>
                            })}
                            <div class="gc-actions">
                                <button type="button" class="gc-secondary" on:click=move |_| preview.set(None)>"Cancel"</button>
                                {(count > 0).then(|| view! { <button type="button" on:click=apply>{format!("Apply {count} change(s)")}</button> })}
                            </div>
                        </div>
                    }.into_any()
                }
            })}
        </div>
    }
}
