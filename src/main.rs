//! The panel binary: mount the app, nothing else.

fn main() {
    // Panic messages in the console while developing (`trunk serve`); a
    // release build leaves out their formatting (1.1 KB gzipped).
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(gamecloud::panel::App);
}
