//! Failures cross into JS as real `GameCloudError` instances (the class lives
//! in `index.js` and is registered at start) with a machine-readable `kind`
//! and every field the core knows.

use std::cell::RefCell;

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::api::ApiError;
use crate::validate::Issue;

thread_local! {
    static ERROR_CLASS: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Registers the `GameCloudError` class (called once by `index.js`).
#[wasm_bindgen(js_name = __setErrorClass)]
pub fn set_error_class(class: Function) {
    ERROR_CLASS.with(|c| *c.borrow_mut() = Some(class));
}

/// A JS error for an [`ApiError`].
pub fn to_js(err: &ApiError) -> JsValue {
    to_js_saying(err, &err.to_string())
}

/// A JS error for an [`ApiError`], with `message` as its message and every
/// field the error has.
fn to_js_saying(err: &ApiError, message: &str) -> JsValue {
    let e = new_error(message);
    set(&e, "kind", err.kind());
    match err {
        ApiError::InvalidRequest { issues } => {
            set(&e, "issues", issues_to_js(issues));
        }
        ApiError::Network { reason, .. } => set(&e, "reason", reason.as_str()),
        ApiError::Cors {
            origin,
            method,
            headers,
            url,
        } => {
            set(&e, "origin", origin.as_str());
            set(&e, "method", method.as_str());
            set(
                &e,
                "headers",
                headers
                    .iter()
                    .map(|h| JsValue::from_str(h))
                    .collect::<Array>(),
            );
            set(&e, "url", url.as_str());
        }
        ApiError::Timeout { after_ms } => set(&e, "timeoutMs", *after_ms as f64),
        ApiError::Aborted => {}
        ApiError::Service(s) => {
            set(&e, "status", s.status);
            set(&e, "code", s.code.as_str());
            set(&e, "serviceMessage", s.message.as_str());
            set(&e, "rayId", s.ray_id.as_str());
            if let Some(d) = &s.documentation {
                set(&e, "documentation", d.as_str());
            }
            if let Some(m) = &s.metadata {
                set(
                    &e,
                    "metadata",
                    js_sys::JSON::parse(m).unwrap_or(JsValue::NULL),
                );
            }
            if let Some(ms) = s.retry_after_ms {
                set(&e, "retryAfterMs", ms as f64);
            }
        }
        ApiError::UnexpectedAnswer {
            status,
            content_type,
            excerpt,
            ray_id,
        } => {
            set(&e, "status", *status);
            set(&e, "excerpt", excerpt.as_str());
            if let Some(ct) = content_type {
                set(&e, "contentType", ct.as_str());
            }
            if let Some(r) = ray_id {
                set(&e, "rayId", r.as_str());
            }
        }
        ApiError::Decode { status, path, .. } => {
            set(&e, "status", *status);
            set(&e, "path", path.as_str());
        }
    }
    e
}

/// A `GameCloudError` of kind `invalid_request` for a bad argument from JS,
/// with its one issue at `path`. `message`, a sentence that names `path`,
/// is the error's whole message: the argument may be to a function that
/// sends nothing (`decodeToken`), so it does not say that nothing was sent,
/// and it names the argument once.
pub fn bad_argument(path: &str, message: String) -> JsValue {
    let issue = crate::validate::type_invalid(path, message.as_str());
    to_js_saying(&ApiError::invalid(issue), &message)
}

/// Validation issues as plain JS objects.
pub fn issues_to_js(issues: &[Issue]) -> JsValue {
    issues
        .iter()
        .map(|i| {
            let o = Object::new();
            set(&o, "code", i.code.as_str());
            set(&o, "path", i.path.as_str());
            set(&o, "message", i.message.as_str());
            set(&o, "severity", i.severity.as_str());
            let service = i
                .code
                .service_rejection()
                .map(|r| JsValue::from_str(r.code()));
            set(&o, "serviceCode", service.unwrap_or(JsValue::NULL));
            JsValue::from(o)
        })
        .collect::<Array>()
        .into()
}

fn new_error(message: &str) -> JsValue {
    let class = ERROR_CLASS.with(|c| c.borrow().clone());
    let args = Array::of1(&JsValue::from_str(message));
    class
        .and_then(|c| Reflect::construct(&c, &args).ok())
        .unwrap_or_else(|| js_sys::Error::new(message).into())
}

pub fn set(target: &JsValue, key: &str, value: impl Into<JsValue>) {
    // Setting a property on a fresh object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), &value.into());
}
