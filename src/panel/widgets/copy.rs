//! Taking a value away: to the clipboard, or as a file.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Copies `text` to the clipboard and says so: a small button named
/// `label` that reads "Copy", or with `primary` the view's one large button
/// that reads `label` itself.
#[component]
pub fn CopyButton(
    text: String,
    label: &'static str,
    #[prop(optional)] primary: bool,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    view! {
        <button type="button" class=if primary { "gc-large" } else { "gc-small" } aria-label=label on:click=move |_| copy(&text, copied)>
            {move || if copied.get() { "Copied ✓" } else if primary { label } else { "Copy" }}
        </button>
    }
}

/// Puts `text` on the clipboard; `copied` turns true once it is there.
pub fn copy(text: &str, copied: RwSignal<bool>) {
    if let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) {
        let promise = clipboard.write_text(text);
        wasm_bindgen_futures::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            copied.set(ok);
        });
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
