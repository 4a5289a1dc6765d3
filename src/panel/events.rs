//! What a drop-in element (`super::elements`) tells its host page: each
//! change made, as `gamecloud-change`, and each failure, as
//! `gamecloud-error`. Below the calls and the session, which hold and use
//! it; it knows nothing of either.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::api::ApiError;

/// Where an element's events go: the element's `(type, detail)` function, or
/// nowhere (the panel's own session).
#[derive(Clone, Copy)]
pub struct Events(StoredValue<Option<js_sys::Function>, LocalStorage>);

impl Events {
    /// Events to `send(type, detail)`.
    pub fn to(send: js_sys::Function) -> Self {
        Events(StoredValue::new_local(Some(send)))
    }

    /// No events: the panel's own session.
    pub fn none() -> Self {
        Events(StoredValue::new_local(None))
    }

    /// A change that was made, as the action log has it, as
    /// `gamecloud-change` (its failure is [`Events::failed`]'s). The token a
    /// change made is not in the event (it is shown once, on the page):
    /// every script of the host page can listen.
    pub fn changed(
        self,
        operation: &'static str,
        game: &str,
        namespace: &str,
        value: &str,
        ray_id: &str,
    ) {
        let detail = js_sys::Object::new();
        for (key, text) in [
            ("operation", operation),
            ("gameId", game),
            ("namespaceId", namespace),
            ("value", value),
            ("rayId", ray_id),
        ] {
            crate::js::set(&detail, key, text);
        }
        self.send("gamecloud-change", detail.into());
    }

    /// A failure, as `gamecloud-error`, whose detail is the
    /// `GameCloudError` (with `operation`: which call failed). A call cut off
    /// because its element left the page is not one.
    pub fn failed(self, operation: &str, e: &ApiError) {
        if matches!(e, ApiError::Aborted) {
            return;
        }
        let error = crate::js::to_js(e);
        crate::js::set(&error, "operation", operation);
        self.send("gamecloud-error", error);
    }

    fn send(self, kind: &str, detail: JsValue) {
        self.0.with_value(|send| {
            if let Some(f) = send {
                // What the host's listeners throw is theirs: the page goes on.
                let _ = f.call2(&JsValue::NULL, &JsValue::from_str(kind), &detail);
            }
        });
    }
}
