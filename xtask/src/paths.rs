//! The same bytes whoever builds: panic locations keep the source paths of
//! every crate in the wasm, and those paths name the build machine (its cargo
//! home, its user, the clone's directory). The release builds remap them to
//! paths relative to each crate, derived here from where cargo really put
//! the sources, and the test command checks that no such path ships.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

use crate::cmd::{self, Env};
use crate::toolchain::{self, Compiler};

/// The variable that gives rustc its flags, one per `\x1f`-separated field,
/// so that a path with spaces stays one argument. It replaces the flags of
/// `.cargo/config.toml`, so those are read and given again.
pub const RUSTFLAGS_VAR: &str = "CARGO_ENCODED_RUSTFLAGS";

/// The value of [`RUSTFLAGS_VAR`] for a release build of the wasm by
/// `compiler`: the wasm target's flags in `.cargo/config.toml`, the
/// compiler's, then a `--remap-path-prefix` for each directory that holds
/// sources (the registry's, std's when it is rebuilt, the clone's), so paths
/// read `tachys-0.2.19/src/…`, `library/std/…` and `src/…` on every machine.
pub fn release_rustflags(env: &Env, compiler: &Compiler) -> Result<String> {
    let mut flags = config_wasm_rustflags(&env.root)?;
    flags.extend(compiler.flags.iter().map(|f| f.to_string()));
    let mut roots = source_roots(env)?;
    if compiler.nightly {
        roots.push(toolchain::std_sources(env)?);
    }
    roots.push(env.root.clone());
    flags.extend(
        roots
            .into_iter()
            .map(|dir| format!("--remap-path-prefix={}/=", dir.display())),
    );
    Ok(flags.join("\x1f"))
}

/// Where the JS module's release build goes: apart from the panel's
/// (`target/split/`, whose `--cfg gamecloud_split` and linker flags would
/// rebuild every crate of the other) and from the stable builds of
/// `target/`.
pub const JS_TARGET_DIR: &str = "target/js";

/// Where the drop-in elements' release build goes: cut into parts like the
/// panel's (`--cfg gamecloud_split`), apart from the other entries', whose
/// crates that flag would rebuild.
pub const ELEMENTS_TARGET_DIR: &str = "target/js-split";

/// What the runner reads of `.cargo/config.toml`: each target's flags.
#[derive(Deserialize)]
struct CargoConfig {
    #[serde(default)]
    target: BTreeMap<String, TargetConfig>,
}

#[derive(Deserialize)]
struct TargetConfig {
    rustflags: Option<Vec<String>>,
}

/// The strings of `rustflags = [...]` under `[target.wasm32-unknown-unknown]`
/// in `.cargo/config.toml`.
fn config_wasm_rustflags(root: &Path) -> Result<Vec<String>> {
    let file = root.join(".cargo/config.toml");
    let text = std::fs::read_to_string(&file)
        .with_context(|| format!("cannot read {}", file.display()))?;
    let mut config: CargoConfig =
        toml::from_str(&text).with_context(|| format!("cannot parse {}", file.display()))?;
    config
        .target
        .remove("wasm32-unknown-unknown")
        .context("`.cargo/config.toml` has no [target.wasm32-unknown-unknown]")?
        .rustflags
        .context("`.cargo/config.toml`: no `rustflags = [...]` for the wasm target")
}

/// The directories that hold crates' sources outside the repository (the
/// registry's `src/<index>/`, a git checkout's `<repository>/`), read from
/// `cargo metadata`: the parent of each such crate's own directory.
fn source_roots(env: &Env) -> Result<Vec<PathBuf>> {
    let mut roots: Vec<PathBuf> = packages(env)?
        .into_iter()
        .map(|package| package.manifest_path.into_std_path_buf())
        .filter(|manifest| !manifest.starts_with(&env.root))
        .filter_map(|manifest| Some(manifest.parent()?.parent()?.to_path_buf()))
        .collect();
    roots.sort();
    roots.dedup();
    Ok(roots)
}

/// Every crate the workspace builds with, as `cargo metadata` lists them.
fn packages(env: &Env) -> Result<Vec<cargo_metadata::Package>> {
    let mut cargo = env.cmd("cargo");
    cargo.args(["metadata", "--format-version", "1", "--locked"]);
    let json = cmd::capture("cargo metadata", cargo)?;
    let metadata = cargo_metadata::MetadataCommand::parse(&json)
        .context("cannot read the output of cargo metadata")?;
    Ok(metadata.packages)
}

/// FNV-1a: a stable name that changes with the content.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x100000001b3)
    })
}

/// Something of the build machine that must not be in a shipped file: its
/// text, what it is (said when it is found), and whether it is a path as
/// written or a hash of one.
pub struct Mark {
    pub text: String,
    pub what: String,
    pub hashed: bool,
}

impl Mark {
    pub fn new(text: impl Into<String>, what: impl Into<String>) -> Mark {
        Mark {
            text: text.into(),
            what: what.into(),
            hashed: false,
        }
    }
}

/// The marks of the build machine that must not be in a shipped file: the
/// clone's directory, the cargo and rustup homes, the user's home, the shape
/// of any registry path, and each crate's manifest path as a hash names it
/// ([`manifest_hashes`]).
pub fn machine_marks(env: &Env) -> Result<Vec<Mark>> {
    let home = std::env::var("HOME").unwrap_or_default();
    let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{home}/.cargo"));
    let rustup_home = std::env::var("RUSTUP_HOME").unwrap_or_else(|_| format!("{home}/.rustup"));
    let mut marks = vec![
        Mark::new(env.root.display().to_string(), "the clone's directory"),
        Mark::new(cargo_home, "the cargo home"),
        Mark::new(rustup_home, "the rustup home"),
        Mark::new("/.cargo/", "a cargo home's path"),
        Mark::new("/registry/src/", "a registry's path"),
        Mark::new("index.crates.io-", "a registry's path"),
    ];
    if home.len() > 1 {
        marks.push(Mark::new(
            format!("{}/", home.trim_end_matches('/')),
            "the user's home",
        ));
    }
    marks.extend(manifest_hashes(env)?);
    Ok(marks)
}

/// Each crate's manifest path as Leptos's `wasm_split` names it: the split
/// markers (`_WASM_SPLIT_MARKER_<16 hex digits>`) that its `version_stamp!`
/// expands to are the first 16 hex digits of the SHA-256 of the manifest path
/// of the crate that expands it (`wasm_split_helpers`, in the registry), so
/// they differ with where cargo keeps its sources. The build takes them out
/// ([`crate::imports::drop_split_markers`]); this finds any that ships.
fn manifest_hashes(env: &Env) -> Result<Vec<Mark>> {
    use sha2::Digest as _;
    Ok(packages(env)?
        .into_iter()
        .map(|package| {
            let digest = sha2::Sha256::digest(package.manifest_path.as_str().as_bytes());
            let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
            Mark {
                hashed: true,
                ..Mark::new(
                    hex,
                    format!(
                        "a hash of {}'s manifest path ({}), as a wasm_split marker names it",
                        package.name, package.manifest_path
                    ),
                )
            }
        })
        .collect())
}

/// Each shipped file under `dirs` that holds one of `marks`, with what the
/// mark is and how many times it occurs. Each file is read once for each
/// length of mark, its windows looked up among the marks of that length (a
/// search per mark read the elements' wasm some 250 times).
pub fn files_with_marks(dirs: &[&Path], marks: &[Mark]) -> Result<Vec<String>> {
    let mut by_length: BTreeMap<usize, HashMap<&[u8], &Mark>> = BTreeMap::new();
    for mark in marks.iter().filter(|m| !m.text.is_empty()) {
        by_length
            .entry(mark.text.len())
            .or_default()
            .insert(mark.text.as_bytes(), mark);
    }
    let mut found = Vec::new();
    for dir in dirs {
        let entries =
            std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
        for path in entries.flatten().map(|e| e.path()).filter(|p| p.is_file()) {
            let bytes =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let mut counts: BTreeMap<&str, (usize, &Mark)> = BTreeMap::new();
            for (len, of_len) in &by_length {
                for window in bytes.windows(*len) {
                    if let Some(mark) = of_len.get(window) {
                        counts.entry(mark.text.as_str()).or_insert((0, mark)).0 += 1;
                    }
                }
            }
            for (n, mark) in counts.into_values() {
                found.push(format!(
                    "{}: {n} × {:?}, {}",
                    path.display(),
                    mark.text,
                    mark.what
                ));
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_is_found_and_counted_whatever_its_length() {
        let dir = std::env::temp_dir().join(format!("marks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("a.wasm"),
            b"x/home/me/y 0123456789abcdef z/home/me/",
        )
        .unwrap();
        std::fs::write(dir.join("b.js"), b"nothing here").unwrap();
        let marks = [
            Mark::new("/home/me/", "the user's home"),
            Mark {
                hashed: true,
                ..Mark::new("0123456789abcdef", "a hash")
            },
            Mark::new("absent", "not there"),
        ];
        let found = files_with_marks(&[dir.as_path()], &marks).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let file = dir.join("a.wasm").display().to_string();
        assert_eq!(
            found,
            [
                format!("{file}: 2 × \"/home/me/\", the user's home"),
                format!("{file}: 1 × \"0123456789abcdef\", a hash"),
            ]
        );
    }

    #[test]
    fn reads_the_wasm_targets_flags() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let flags = config_wasm_rustflags(root).unwrap();
        assert!(flags.windows(2).any(|w| w == ["--cfg", "erase_components"]));
    }
}
