//! The encrypted hand-off: a lead seals a new token and what it is for with
//! a passphrase ([`SealHandoff`], beside the engine files), and a teammate
//! opens the file on the token page ([`OpenHandoff`]), which then shows the
//! token and its engine files as for a token made there. Both speak the
//! core's [`Contents`], so that this file needs nothing of the token page's. The format and its
//! failures are the core's ([`crate::sealed`]); the cryptography is the
//! browser's ([`crypto`]).
//!
//! Both forms are read through `FormData` when submitted: their fields hold
//! no state the page shows elsewhere, so they bind no signal.

// Shared with the JS module's files entry (src/webcrypto.rs says why here).
#[path = "../../../../webcrypto.rs"]
mod crypto;

use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{FormData, HtmlFormElement};

use crate::ids::{GameId, NamespaceId};
use crate::panel::lazy::{lazy, lazy_view};
use crate::panel::session::Session;
use crate::panel::widgets::help;
use crate::protect::Named;
use crate::sealed::{self, Contents};

/// The name of a sealed file, as downloaded.
const FILE_NAME: &str = "gamecloud-handoff.txt";

/// What the submitted form holds.
fn submitted(ev: &SubmitEvent) -> Option<FormData> {
    ev.prevent_default();
    let form: HtmlFormElement = ev.target()?.dyn_into().ok()?;
    FormData::new_with_form(&form).ok()
}

/// A text field of a submitted form.
fn text(data: &FormData, name: &str) -> String {
    data.get(name).as_string().unwrap_or_default()
}

/// Seal the token and what it is for with a passphrase, and download it;
/// the namespace's label and protected mark are this panel's when it seals.
#[component]
pub fn SealHandoff(contents: Contents) -> impl IntoView {
    let s = Session::get();
    let sealing = RwSignal::new(false);
    // What happened, or what is wrong with the passphrase.
    let said = RwSignal::new(String::new());
    let passphrase = NodeRef::<leptos::html::Input>::new();
    let seal = move |ev: SubmitEvent| {
        let Some(data) = submitted(&ev) else {
            return;
        };
        // "Suggest one", the one button with a name, fills the field.
        if ev.submitter().is_some_and(|b| b.has_attribute("name")) {
            let mut random = [0u8; sealed::SUGGESTED_BYTES];
            if let (Some(field), true) = (passphrase.get_untracked(), crypto::random(&mut random)) {
                field.set_value(&sealed::suggest_passphrase(&random));
                said.set("A new passphrase is in the field: read it out to your teammate.".into());
            }
            return;
        }
        let pass = text(&data, "passphrase");
        if let Some(why) = sealed::passphrase_problem(&pass) {
            return said.set(why.to_owned());
        }
        if sealing.get_untracked() {
            return;
        }
        let ns = NamespaceId::new(&contents.namespace_id);
        let contents = Contents {
            namespace_label: s.recent.label(&ns),
            protected: s.protected.has(&ns),
            ..contents.clone()
        };
        sealing.set(true);
        said.set("Sealing…".to_owned());
        spawn_local(async move {
            said.set(match crypto::seal(&pass, &contents).await {
                Ok(file) => {
                    crate::panel::widgets::download(&file, "text/plain", FILE_NAME);
                    "Saved gamecloud-handoff.txt. Send the passphrase another way (by voice, say)."
                        .to_owned()
                }
                Err(why) => why,
            });
            sealing.set(false);
        });
    };
    view! {
        // The browser asks for 12 characters or more before it submits. The
        // download comes first: Enter in the field presses the form's first
        // button, and must not replace what was typed.
        <details class="gc-fold">
        <summary>"Share with a teammate: an encrypted hand-off"</summary>
        <form class="gc-plain" on:submit=seal>
            <fieldset class="gc-choices">
                <legend>"Encrypted hand-off, for a teammate"</legend>
                {help(
                    "The token and what it is for in one file, sealed with a passphrase. The teammate opens it on this page.",
                    "This browser seals it (PBKDF2-SHA256, 600,000 rounds; AES-256-GCM): the file holds no secret without the passphrase.",
                )}
                <div class="gc-toolbar">
                    <label>"Passphrase (12 characters or more)"
                        <input name="passphrase" node_ref=passphrase class="gc-secret" autocomplete="off" spellcheck="false" required minlength="12" />
                    </label>
                    <button class="gc-secondary">"Download encrypted hand-off"</button>
                    <button name="suggest" class="gc-secondary" formnovalidate>"Suggest one"</button>
                </div>
            </fieldset>
            <p class="gc-hint" role="status">{said}</p>
        </form>
        </details>
    }
}

/// Open a sealed hand-off (the file chosen, or its text pasted) with its
/// passphrase; `on_open` shows what it holds. A failure says which (not a
/// hand-off, another version, cut short, damaged, a wrong passphrase,
/// changed after sealing) and keeps what was entered. The form and what
/// opens the file are fetched when it is first unfolded (docs/SIZE.md,
/// "Pages fetched on first use").
#[component]
pub fn OpenHandoff(on_open: Callback<Contents>) -> impl IntoView {
    let unfolded = RwSignal::new(false);
    view! {
        <details class="gc-open" on:toggle=move |_| unfolded.set(true)>
            <summary>"Open an encrypted hand-off"</summary>
            {move || unfolded.get().then(|| lazy_view(open_form_view, "the hand-off form", move |make| make(on_open)))}
        </details>
    }
}

lazy! {
    /// The form that opens a hand-off.
    fn open_form_view() -> fn(Callback<Contents>) -> AnyView;
    in handoff_open, preload preload_handoff_open;
    { |on_open| open_form(on_open).into_any() }
}

/// The form of [`OpenHandoff`].
fn open_form(on_open: Callback<Contents>) -> impl IntoView {
    let s = Session::get();
    let opening = RwSignal::new(false);
    // Why the file did not open, and what it holds that made it so (masked
    // in presentation mode).
    let failed = RwSignal::new((String::new(), String::new()));
    let fail = move |why: &str| failed.set((why.to_owned(), String::new()));
    let open = move |ev: SubmitEvent| {
        let Some(data) = submitted(&ev) else {
            return;
        };
        if opening.get_untracked() {
            return;
        }
        let (pass, pasted) = (text(&data, "passphrase"), text(&data, "text"));
        // The file chosen (empty when none is), or else the text pasted.
        let file: web_sys::Blob = data.get("file").unchecked_into();
        let size = file.size();
        if size > 256.0 * 1024.0 || pasted.len() > 256 * 1024 {
            return fail("This is too large to be a hand-off (a few hundred bytes).");
        }
        if size == 0.0 && pasted.trim().is_empty() {
            return fail("Choose the hand-off file, or paste its text.");
        }
        opening.set(true);
        fail("");
        spawn_local(async move {
            let text = if size > 0.0 {
                let read = JsFuture::from(file.text()).await;
                read.ok().and_then(|t| t.as_string())
            } else {
                Some(pasted)
            };
            let opened = match text {
                Some(text) => crypto::open(&text, &pass).await,
                None => Err(("The file could not be read.".to_owned(), String::new())),
            };
            // The page was left while the key was derived: nothing to show.
            if opening.is_disposed() {
                return;
            }
            match opened {
                Ok(c) => shown(s, c, on_open),
                Err(why) => failed.set(why),
            }
            opening.set(false);
        });
    };
    view! {
            <form class="gc-plain" on:submit=open>
                <label class="gc-field">"Hand-off file"<input type="file" name="file" accept=".txt,text/plain" /></label>
                <label class="gc-field">"or its text"<textarea name="text" rows="3" spellcheck="false"></textarea></label>
                <div class="gc-toolbar">
                    <label>"Passphrase"<input type="password" name="passphrase" autocomplete="off" required /></label>
                    <button>"Open"</button>
                </div>
                <p class="gc-hint gc-bad" role="alert">
                    {move || failed.with(|f| f.0.clone())}
                    <span class="gc-secret">{move || failed.with(|f| f.1.clone())}</span>
                </p>
            </form>
    }
}

/// An opened hand-off: `on_open` shows it (with a button that selects its
/// namespace: opening selects nothing), and its ids join the recent ones.
/// It never names a namespace or lifts its mark: the file's label is only
/// offered (its claims are not signed, so whoever sealed it chose it), and
/// a mark only added.
fn shown(s: Session, c: Contents, on_open: Callback<Contents>) {
    let ns = &NamespaceId::new(&c.namespace_id);
    s.recent.record(&GameId::new(&c.game_id), ns);
    if c.protected {
        s.protected.protect(ns, true, &Named::default());
    }
    on_open.run(c);
}
