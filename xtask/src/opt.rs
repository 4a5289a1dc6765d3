//! wasm-opt, run the same way on every wasm that ships: the panel's main
//! part, each of its parts, and the JS module.

use std::path::Path;

use anyhow::Result;

use crate::cmd::{self, Env};

/// wasm-opt's passes, the one list for the panel's main part, each of its
/// parts and the JS module (Trunk's own wasm-opt is off, `index.html`).
/// Flattening and re-looping the control flow before the size passes
/// gives code that gzips better than `-Oz --converge` alone (docs/SIZE.md,
/// size rule "wasm-opt's passes"). `--converge` repeats the passes
/// while they still shrink the module.
pub const WASM_OPT: [&str; 9] = [
    "-Oz",
    "--flatten",
    "--rereloop",
    "-Oz",
    "-Oz",
    "--converge",
    "--strip-producers",
    "--strip-target-features",
    "--strip-debug",
];

/// The wasm features rustc emits, for wasm-opt.
pub const WASM_FEATURES: [&str; 6] = [
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// Runs wasm-opt's [`WASM_OPT`] passes on `input`, into `output` (which may
/// be the same file).
pub fn run(env: &Env, input: &Path, output: &Path) -> Result<()> {
    let (input, output) = (input.display().to_string(), output.display().to_string());
    let mut args = WASM_OPT.to_vec();
    args.extend(WASM_FEATURES);
    args.extend([input.as_str(), "-o", output.as_str()]);
    cmd::run(env, "wasm-opt", &args)
}
