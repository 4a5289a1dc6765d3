//! Moving values across the boundary: JS arguments checked into core types
//! (a wrong type is a `GameCloudError`, never a panic), core results out as
//! plain JS objects with the wire's field names.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::error::bad_argument;
use crate::json::{Json, ToJson};
use crate::model::ListBuildsResponse;

/// A required string argument.
pub fn string(value: &JsValue, path: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        bad_argument(
            path,
            format!("{path} must be a string, not {}.", type_name(value)),
        )
    })
}

/// A value of a serde type, read as the JSON text JavaScript itself makes of
/// it: the same reader as the service's answers, so a problem is named by its
/// path (`request.ports.game.port`). A value JSON cannot hold (a `bigint`, a
/// cycle, a getter or `Proxy` that throws) is refused with what JS said.
pub fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue, path: &str) -> Result<T, JsValue> {
    if value.is_null() || value.is_undefined() {
        return Err(bad_argument(path, format!("{path} is missing.")));
    }
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| {
            bad_argument(
                path,
                format!(
                    "{path} cannot be read as JSON (a bigint, a cycle, or a property that throws)."
                ),
            )
        })?;
    crate::json::from_slice(text.as_bytes()).map_err(|e| {
        let at = e.path();
        let at = match at.as_str() {
            "." => path.to_owned(),
            index if index.starts_with('[') => format!("{path}{index}"),
            key => format!("{path}.{key}"),
        };
        bad_argument(&at, format!("{at}: {}.", e.message()))
    })
}

/// `object[key]`; a getter or a Proxy that throws is a bad argument at `path`.
pub fn read(object: &JsValue, key: &str, path: &str) -> Result<JsValue, JsValue> {
    js_sys::Reflect::get(object, &JsValue::from_str(key))
        .map_err(|_| bad_argument(path, format!("Reading {path} threw an exception.")))
}

/// The `{ signal }` of a call, if any.
pub fn signal(options: &JsValue) -> Result<Option<web_sys::AbortSignal>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    if !options.is_object() {
        return Err(bad_argument(
            "options",
            "options must be an object such as { signal }.".into(),
        ));
    }
    let signal = read(options, "signal", "options.signal")?;
    if signal.is_undefined() || signal.is_null() {
        return Ok(None);
    }
    match signal.dyn_into::<web_sys::AbortSignal>() {
        // An object that only has its prototype throws when read.
        Ok(signal) if js_sys::Reflect::get(&signal, &"aborted".into()).is_ok() => Ok(Some(signal)),
        _ => Err(bad_argument(
            "options.signal",
            "options.signal must be an AbortSignal.".into(),
        )),
    }
}

/// A plain object (maps as objects, numbers as numbers).
pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// The builds answer as JSON text for `index.js`, which parses it with the
/// engine's own `JSON.parse` (far faster than building 100,000 objects from
/// here) and makes each `content_length`, written as a string of digits, an
/// exact `bigint`.
pub fn builds_to_js(list: &ListBuildsResponse) -> JsValue {
    let mut out = Json::for_javascript();
    list.write_json(&mut out);
    JsValue::from_str(&out.finish())
}

#[wasm_bindgen]
extern "C" {
    // `Array.isArray`, which throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// `typeof`, with `null`, arrays and revoked Proxies named as a person would.
pub fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    match is_array(value) {
        Ok(false) => value.js_typeof().as_string().unwrap_or_default(),
        Ok(true) => "an array".into(),
        Err(_) => "a revoked Proxy".into(),
    }
}
