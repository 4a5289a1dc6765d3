//! Builds that are not done twice: the release panel and the JS module are
//! rebuilt only when something they are made from changed. Trunk and
//! wasm-opt redo all their work on every call (27 to 42 s for the panel on
//! 2 cores), though cargo itself had nothing to do, and `serve` then `test`,
//! or two test runs, built the same files again.

use std::path::Path;

use crate::cmd::Env;
use crate::paths::fnv1a;
use crate::toolchain::Compiler;

/// A digest of everything an output is made from: the files and folders
/// `inputs` (relative to the root, walked in order), this task runner
/// itself (its post-processing), the compiler (its version, std's
/// features) and its flags, and every `CARGO_*` and `RUST*` variable (a
/// profile or flag set from outside).
pub fn digest(env: &Env, inputs: &[&str], compiler: &Compiler, rustflags: &str) -> String {
    let mut bytes = Vec::new();
    for input in inputs {
        add(&env.root.join(input), &mut bytes);
    }
    if let Ok(exe) = std::env::current_exe() {
        add(&exe, &mut bytes);
    }
    bytes.extend(compiler.describe(env).bytes());
    let mut vars: Vec<(String, String)> = std::env::vars()
        .filter(|(k, _)| k.starts_with("CARGO_") || k.starts_with("RUST"))
        .collect();
    vars.sort();
    for (k, v) in vars {
        bytes.extend(format!("{k}={v}\n").bytes());
    }
    bytes.extend(rustflags.bytes());
    format!("{:016x}", fnv1a(&bytes))
}

/// A file's path and bytes, or a folder's files in name order.
fn add(path: &Path, out: &mut Vec<u8>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for entry in entries {
            add(&entry, out);
        }
    } else if let Ok(content) = std::fs::read(path) {
        out.extend(path.to_string_lossy().bytes());
        out.extend(content);
    }
}

/// Whether `output` (a folder) was last built from `digest`.
pub fn is_current(env: &Env, output: &str, digest: &str) -> bool {
    env.root.join(output).is_dir()
        && std::fs::read_to_string(stamp(env, output)).is_ok_and(|d| d == digest)
}

/// Forgets what `output` was built from, before it is built again: a build
/// that fails half-way is never taken as current.
pub fn forget(env: &Env, output: &str) {
    let _ = std::fs::remove_file(stamp(env, output));
}

/// Records that `output` was built from `digest`.
pub fn record(env: &Env, output: &str, digest: &str) {
    let _ = std::fs::write(stamp(env, output), digest);
}

fn stamp(env: &Env, output: &str) -> std::path::PathBuf {
    env.root
        .join(format!("target/{}.digest", output.replace('/', "-")))
}
