//! The panel binary: mount the app, nothing else. Started by the wasm-bindgen
//! glue (`start`) rather than as a Rust `main`, which leaves std's program
//! start-up out of the wasm.

#![no_main]

#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    // Panic messages in the console while developing (`trunk serve`); a
    // release build leaves out their formatting (docs/SIZE.md, size rule
    // "no panic hook in release").
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(gamecloud::panel::App);
}
