//! # gamecloud
//!
//! The browser client for the game cloud service's four operations (create a
//! development token, list a game's builds, set a namespace's CDN auth type, toggle
//! its domain-based auth), as one pure core and three thin fronts:
//!
//! | feature  | what it adds                                                    |
//! |----------|-----------------------------------------------------------------|
//! | (none)   | the core: models, validation, proxy ports, token decoding, and  |
//! |          | the sans-IO call descriptions and answer interpretation         |
//! | `client` | `transport`: the only code that does network I/O (gloo-net)     |
//! | `js`     | the wasm-bindgen module for plain JavaScript and TypeScript     |
//! | `js-builds` | its builds entry (`@gamecloud/client/builds`), a wasm apart  |
//! | `js-files` | its files entry (`@gamecloud/client/files`), a wasm apart    |
//! | `js-bulk` | its bulk entry (`@gamecloud/client/bulk`), a wasm apart       |
//! | `panel`  | the Leptos panel (binary `panel`, built with Trunk)             |
//!
//! The local service (`local-service/`) reuses the core's models and validator.

#![warn(missing_docs)]

pub mod action_log;
pub mod api;
pub mod builds_view;
pub mod bulk;
pub mod files;
pub mod ics;
pub mod ids;
pub mod json;
pub mod model;
pub mod names;
pub mod ports;
pub mod protect;
pub mod route;
pub mod sealed;
pub mod settings;
pub mod text;
pub mod token;
pub mod tokens_made;
pub mod validate;

#[cfg(feature = "client")]
pub mod transport;

/// The JS module and the panel allocate with talc, which is smaller than
/// dlmalloc, Rust's default for wasm (by how much: docs/SIZE.md).
#[cfg(all(
    any(
        feature = "js",
        feature = "js-builds",
        feature = "js-files",
        feature = "panel"
    ),
    target_family = "wasm",
    not(target_feature = "atomics")
))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(any(
    feature = "js",
    feature = "js-builds",
    feature = "js-files",
    feature = "js-bulk",
    feature = "elements"
))]
pub mod js;

#[cfg(feature = "panel")]
pub mod panel;
