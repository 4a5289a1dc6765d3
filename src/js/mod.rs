//! The JS module (feature `js`): the client class and the stateless functions
//! for plain JavaScript and TypeScript. The package's public types are
//! `js/index.d.ts`; these are the wasm-bindgen wrappers it loads.

mod client;
mod convert;
mod error;
mod functions;

pub use client::JsClient;
pub use error::set_error_class;
pub use functions::{decode_token, proxy_port, validate_dev_token_request};
