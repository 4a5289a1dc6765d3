//! The JS module: each entry a wasm of its own, built with its feature.
//! `js`: the client class and the stateless functions (the core entry);
//! `js-builds`: the builds index (`@gamecloud/client/builds`); `js-files`: the
//! engine files and the encrypted hand-off (`@gamecloud/client/files`);
//! `js-bulk`: one setting applied to several namespaces
//! (`@gamecloud/client/bulk`). The package's
//! public types are `js/*.d.ts`; these are the wasm-bindgen wrappers its
//! entries load.

#[cfg(feature = "js-builds")]
mod builds;
#[cfg(feature = "js-bulk")]
mod bulk;
#[cfg(feature = "js")]
mod client;
#[cfg(feature = "js")]
mod convert;
#[cfg(any(feature = "js", feature = "elements"))]
#[cfg_attr(not(feature = "js"), allow(dead_code))]
mod error;
#[cfg(feature = "js-files")]
mod files;
#[cfg(feature = "js")]
mod functions;

#[cfg(feature = "js-builds")]
pub use builds::BuildsCore;
#[cfg(feature = "js")]
pub use client::JsClient;
#[cfg(any(feature = "js", feature = "elements"))]
pub use error::set_error_class;
#[cfg(feature = "elements")]
pub(crate) use error::{set, to_js};
#[cfg(feature = "js")]
pub use functions::{decode_token, proxy_port, validate_dev_token_request};
