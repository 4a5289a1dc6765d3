//! A stand-in for `wasm-streams` 0.5, the only crate that Leptos's
//! `server_fn` (built for the browser whatever Leptos's features) needs for
//! streaming server functions. The real crate exports three JS classes that no
//! dead-code pass can remove (6.7 KB of wasm and 0.9 KB of glue, gzipped, in
//! the panel). The panel defines no server function, so nothing calls these;
//! `cargo xtask test` fails if one appears or if the glue holds those classes.
//! If one is ever called, it says so instead of sending an empty body.

use futures_util::stream::{self, Stream};
use wasm_bindgen::JsValue;

const UNSUPPORTED: &str =
    "streaming server functions are not supported: this build uses a wasm-streams stand-in";

/// A web `ReadableStream` in Rust's hands: only the conversions `server_fn`
/// names, none of which can stream.
pub struct ReadableStream {
    _raw: Option<web_sys::ReadableStream>,
}

impl ReadableStream {
    /// Wraps a stream received from the browser.
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { _raw: Some(raw) }
    }

    /// Would turn a Rust stream into a web stream; the stand-in cannot.
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        Self { _raw: None }
    }

    /// Would give the web stream to send as a body: throws a JS error saying
    /// why instead.
    pub fn into_raw(self) -> web_sys::ReadableStream {
        wasm_bindgen::throw_str(UNSUPPORTED)
    }

    /// Would read the web stream: yields one error saying why instead.
    pub fn into_stream(self) -> impl Stream<Item = Result<JsValue, JsValue>> + Unpin {
        stream::iter([Err(JsValue::from_str(UNSUPPORTED))])
    }
}
