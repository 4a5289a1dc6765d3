//! Small pieces every page uses: how a failure is shown, a copy button.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::api::ApiError;
use crate::protect::Named;

/// A failure where it happened: the sentence, and for a service error its
/// code, ray id (copyable) and documentation; a retry button where a retry is
/// safe.
#[component]
pub fn ErrorPanel(error: ApiError, #[prop(optional)] retry: Option<Callback<()>>) -> impl IntoView {
    let details = match &error {
        ApiError::Service(e) => Some(view! {
            <dl class="gc-error-details">
                <dt>"Code"</dt>
                <dd><code>{e.code.clone()}</code></dd>
                <dt>"Ray id"</dt>
                <dd><code class="gc-secret">{e.ray_id.clone()}</code> " " <CopyButton text=e.ray_id.clone() label="Copy ray id" /></dd>
                {e.documentation.clone().map(|d| {
                    let href = d.clone();
                    view! {
                        <dt>"Documentation"</dt>
                        <dd><a href=href target="_blank" rel="noopener noreferrer">{d}</a></dd>
                    }
                })}
            </dl>
        }),
        _ => None,
    };
    view! {
        <div class="gc-error" role="alert" data-kind=error.kind()>
            // A message can hold the URL, an id or anything the service said.
            <p class="gc-secret">{error.to_string()}</p>
            {details}
            {retry.map(|r| view! {
                <button type="button" class="gc-secondary" on:click=move |_| r.run(())>"Try again"</button>
            })}
        </div>
    }
}

/// Copies `text` to the clipboard and says so.
#[component]
pub fn CopyButton(text: String, label: &'static str) -> impl IntoView {
    let copied = RwSignal::new(false);
    view! {
        <button type="button" class="gc-small" aria-label=label on:click=move |_| copy(&text, copied)>
            {move || if copied.get() { "Copied" } else { "Copy" }}
        </button>
    }
}

/// Puts `text` on the clipboard; `copied` turns true once it is there.
fn copy(text: &str, copied: RwSignal<bool>) {
    if let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) {
        let promise = clipboard.write_text(text);
        wasm_bindgen_futures::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            copied.set(ok);
        });
    }
}

/// A confirmation in a modal `<dialog>`: focus stays inside, Escape
/// cancels, nothing behind it can be clicked. Its button acts once, however
/// often it is clicked before the dialog closes. A change says in its text
/// what it will send, gives it as `curl` commands, and to protected
/// namespaces acts only once their names are typed.
#[component]
pub fn Confirm(
    open: RwSignal<bool>,
    /// The question, and what it will send; values in it marked with
    /// [`super::present::marked`] are masked in presentation mode.
    #[prop(into)]
    text: Signal<String>,
    confirm: &'static str,
    /// Runs once confirmed, with the namespaces whose names were typed.
    on_confirm: Callback<Named>,
    /// The change as `curl` commands ([`super::calls::Preview`]): the
    /// dialog then has "Copy as curl".
    #[prop(optional, into)]
    curl: Signal<String>,
    /// The namespaces the change touches, as the person saw them when they
    /// asked: the protected ones among them must be named before the
    /// button acts. Protected means as the marks are when the button is
    /// pressed (read again then, whatever another tab did meanwhile:
    /// removing a mark asks for the name there too).
    #[prop(optional)]
    guarded: RwSignal<Vec<String>>,
) -> impl IntoView {
    let s = super::session::Session::get();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let copied = RwSignal::new(false);
    let typed = RwSignal::new(String::new());
    let required = move || guarded.with(|ids| s.protected_among(ids));
    let phrase = move || s.phrase(&required());
    let allowed = move || {
        let phrase = phrase();
        phrase.is_empty() || crate::protect::confirms(&typed.get(), &phrase)
    };
    Effect::new(move |_| {
        let (Some(d), wanted) = (dialog.get(), open.get()) else {
            return;
        };
        if let Some(question) = d.first_element_child() {
            let mut text = text.get();
            let phrase = phrase();
            if !phrase.is_empty() {
                text = format!(
                    "{text}\n\nProtected: type {} to apply.",
                    super::present::marked(&phrase)
                );
            }
            super::present::fill(&question, &text);
        }
        if wanted && !d.open() {
            copied.set(false);
            typed.set(String::new());
            let _ = d.show_modal();
        } else if !wanted && d.open() {
            d.close();
        }
    });
    let act = move || {
        // The marks as kept now: one made in another tab a moment ago
        // counts, whether or not its event has arrived.
        s.protected.refresh();
        if open.get_untracked() && untrack(allowed) {
            open.set(false);
            on_confirm.run(Named::new(&untrack(required)));
        }
    };
    view! {
        <dialog node_ref=dialog class="gc-confirm" role="alertdialog" aria-label=confirm on:close=move |_| open.set(false)>
            <p></p>
            <label class="gc-guard" hidden=move || phrase().is_empty()>
                "Names of the protected namespaces "
                <input type="text" name="guard" class="gc-secret" autocomplete="off" spellcheck="false" bind:value=typed />
            </label>
            <button type="button" disabled=move || !allowed() on:click=move |_| act()>{confirm}</button>
            <button type="button" class="gc-secondary" autofocus on:click=move |_| open.set(false)>"Cancel"</button>
            <button type="button" class="gc-secondary" hidden=move || curl.with(String::is_empty)
                on:click=move |_| copy(&curl.get_untracked(), copied)>
                {move || if copied.get() { "Copied" } else { "Copy as curl" }}
            </button>
        </dialog>
    }
}

/// What this panel last set for the selected namespace: the service cannot
/// report a setting back, so "unknown" is said rather than a guess.
#[component]
pub fn LastSet(#[prop(into)] value: Signal<Option<String>>) -> impl IntoView {
    view! {
        <p role="status" class="gc-last-set">
            {move || match value.get() {
                Some(v) => format!("Last set from this panel: {v}."),
                None => "Not set from this panel yet: the current setting is unknown.".to_owned(),
            }}
        </p>
    }
}

/// Radio buttons for one value: each choice's name, in bold, and what it
/// means.
#[component]
pub fn Choices(
    legend: &'static str,
    name: &'static str,
    value: RwSignal<String>,
    options: Vec<(&'static str, &'static str)>,
) -> impl IntoView {
    view! {
        <fieldset class="gc-choices">
            <legend>{legend}</legend>
            {options.into_iter().map(|(v, meaning)| view! {
                <label class="gc-choice">
                    <input type="radio" name=name value=v
                        prop:checked=move || value.with(|c| c == v)
                        on:change=move |_| value.set(v.to_owned()) />
                    <span><strong>{v}</strong> " — " {meaning}</span>
                </label>
            }).collect_view()}
        </fieldset>
    }
}

/// Saves `text` as a file through a temporary link.
pub fn download(text: &str, mime: &str, name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document
        .create_element("a")
        .map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// A token's life, counted down to the second from its own claims: a timer
/// line, with a warning in its last tenth and once it has expired, said to a
/// screen reader when it changes (not every second). Nothing for a token
/// that cannot be read; with `counting_only`, nothing unless time is left
/// (where another line already says that it never expires or has expired).
#[component]
pub fn TokenLife(
    #[prop(into)] token: Signal<String>,
    #[prop(optional)] counting_only: bool,
) -> impl IntoView {
    use crate::token::Life;
    let now = super::session::Session::get().now;
    move || {
        Life::of_token(&token.get(), now.get())
            .filter(|l| !counting_only || matches!(l, Life::Left { .. }))
            .map(|l| {
                let (state, news) = l.state();
                view! {
                    <p class="gc-hint gc-life" data-life=state>
                        <span role="timer">{l.describe()}</span>
                        <span class="gc-visually-hidden" role="status">{news}</span>
                    </p>
                }
            })
    }
}
