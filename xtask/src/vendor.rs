//! The vendored splitter, `vendor/wasm_split_cli_support/`, is upstream's
//! published crate with `vendor/wasm_split_cli_support.patch` applied and
//! nothing else: a test rebuilds it from the registry's copy and compares, so
//! the patch is always the whole change. `cargo xtask vendor` writes the
//! patch after a change to the tree; `cargo xtask vendor VERSION` moves the
//! tree to another upstream version and applies the patch again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context, Result};

use crate::cmd::{self, files_under, Env};

/// The crate, by its name on crates.io.
const CRATE: &str = "wasm_split_cli_support";

/// The vendored tree and its change, from the repository root.
const TREE: &str = "vendor/wasm_split_cli_support";
const PATCH: &str = "vendor/wasm_split_cli_support.patch";

/// What of upstream's package is vendored: its tests (which need two more
/// crates, and one of which asserts what the patch changes), its lock file
/// and cargo's own files are left out.
const KEPT: [&str; 3] = ["Cargo.toml", "README.md", "src"];

/// `cargo xtask vendor [VERSION]`: without VERSION, writes the patch from
/// the vendored tree; with it, makes the tree upstream VERSION with the
/// patch applied (hunks that no longer apply are left beside their file as
/// `.rej`) and pins xtask to it.
pub fn vendor(version: Option<&str>) -> Result<()> {
    let env = Env::new();
    let Some(new) = version else {
        return write_patch(&env.root);
    };
    let old = vendored_version(&env.root)?;
    let manifest = env.root.join("xtask/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).context("cannot read xtask/Cargo.toml")?;
    let pin = |v: &str| format!("{CRATE} = \"={v}\"");
    ensure!(
        text.contains(&pin(&old)),
        "xtask/Cargo.toml has no `{}`",
        pin(&old)
    );
    fetch(&env.root, new)?;
    let tree = env.root.join(TREE);
    std::fs::remove_dir_all(&tree).with_context(|| format!("cannot remove {TREE}"))?;
    unpack_upstream(&env.root, new, &tree)?;
    let applied = apply_patch(&env.root, &tree, true);
    std::fs::write(&manifest, text.replace(&pin(&old), &pin(new)))
        .context("cannot write xtask/Cargo.toml")?;
    applied.with_context(|| {
        format!(
            "{TREE} is upstream {new}, but some of the patch did not apply: merge each `.rej` \
             into its file, then run `cargo xtask vendor` to write the patch again"
        )
    })?;
    println!("{TREE} is upstream {CRATE} {new} with the patch; xtask pins {new}");
    Ok(())
}

/// Downloads upstream's package of the vendored version into cargo's
/// registry, for the test that rebuilds the tree from it; online, once. A
/// manifest of its own depends on it alone, with the workspace's lock so
/// that nothing else resolves anew (the workspace's own fetch never
/// downloads it: the tree stands in for it).
pub fn fetch_upstream(env: &Env) -> Result<()> {
    fetch(&env.root, &vendored_version(&env.root)?)
}

/// Upstream's package of `version` into cargo's registry, unless there: by
/// the cargo that runs this (a test's too, so that `cargo test --workspace`
/// on a fresh clone fetches it as it fetches every other crate).
fn fetch(root: &Path, version: &str) -> Result<()> {
    // One fetch at a time: the tests run side by side, and each writes the
    // same manifest.
    static FETCHING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = FETCHING.lock().unwrap_or_else(|e| e.into_inner());
    if upstream_crate(version).is_some() {
        return Ok(());
    }
    let dir = root.join("target/vendor-upstream");
    std::fs::create_dir_all(dir.join("src"))
        .with_context(|| format!("cannot create {}", dir.display()))?;
    std::fs::write(dir.join("src/lib.rs"), "")?;
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"vendor-upstream\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n\
             [dependencies]\n{CRATE} = \"={version}\"\n\n[workspace]\n"
        ),
    )?;
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock"))
        .context("cannot copy Cargo.lock")?;
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cargo
        .arg("fetch")
        .arg("--manifest-path")
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_NET_OFFLINE", "false");
    cmd::run_cmd(&format!("cargo fetch (upstream {CRATE} {version})"), cargo)?;
    upstream_crate(version).map(drop).with_context(|| {
        format!("cargo fetched upstream {CRATE} {version}, but its .crate is not in the registry")
    })
}

/// The version of the vendored tree (its `Cargo.toml`).
fn vendored_version(root: &Path) -> Result<String> {
    let path = root.join(TREE).join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let manifest: toml::Table =
        toml::from_str(&text).with_context(|| format!("cannot parse {}", path.display()))?;
    manifest
        .get("package")
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str())
        .map(str::to_owned)
        .with_context(|| format!("{} names no version", path.display()))
}

/// Upstream's `.crate` of `version` in cargo's registry cache, if there.
fn upstream_crate(version: &str) -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    std::fs::read_dir(home.join("registry/cache"))
        .ok()?
        .flatten()
        .map(|index| index.path().join(format!("{CRATE}-{version}.crate")))
        .find(|file| file.is_file())
}

/// Upstream's [`KEPT`] files of `version`, into `dir` (created), fetched
/// first if cargo's registry does not have them.
fn unpack_upstream(root: &Path, version: &str, dir: &Path) -> Result<()> {
    fetch(root, version)?;
    let file = upstream_crate(version)
        .with_context(|| format!("upstream {CRATE} {version} is not in cargo's registry"))?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut tar = Command::new("tar");
    tar.arg("-xzf")
        .arg(&file)
        .arg("-C")
        .arg(dir)
        .arg("--strip-components=1")
        .args(KEPT.map(|k| format!("{CRATE}-{version}/{k}")));
    cmd::capture("tar", tar).map(drop)
}

/// `git apply` of the patch in `dir`, outside any repository (the ceiling
/// keeps git from finding the clone above a directory inside it); with
/// `reject`, the hunks that apply are applied and the others left as `.rej`.
fn apply_patch(root: &Path, dir: &Path, reject: bool) -> Result<()> {
    let mut git = Command::new("git");
    git.arg("apply")
        .args(reject.then_some("--reject"))
        .arg(root.join(PATCH))
        .current_dir(dir)
        .env("GIT_CEILING_DIRECTORIES", dir.parent().unwrap_or(dir));
    cmd::capture(&format!("git apply {PATCH}"), git).map(drop)
}

/// Upstream's package of the vendored version with the patch applied, into
/// `dir` (emptied first).
fn patched_upstream(root: &Path, dir: &Path) -> Result<()> {
    let _ = std::fs::remove_dir_all(dir);
    unpack_upstream(root, &vendored_version(root)?, dir)?;
    apply_patch(root, dir, false)
}

/// Fails unless the vendored tree is upstream's package with the patch
/// applied, file for file; `scratch` is emptied and used to rebuild it.
pub fn check(root: &Path, scratch: &Path) -> Result<()> {
    patched_upstream(root, scratch)?;
    let differ = differences(scratch, &root.join(TREE))?;
    let _ = std::fs::remove_dir_all(scratch);
    ensure!(
        differ.is_empty(),
        "{TREE} is not upstream with {PATCH} applied; these files differ: {}. After changing \
         the tree, `cargo xtask vendor` writes the patch again",
        differ.join(", ")
    );
    Ok(())
}

/// The files (relative paths) that one tree has and the other has not, or
/// has with other bytes.
fn differences(a: &Path, b: &Path) -> Result<Vec<String>> {
    let (a, b) = (files(a)?, files(b)?);
    let mut differ: Vec<String> = a
        .iter()
        .filter(|(path, bytes)| b.get(*path) != Some(bytes))
        .chain(b.iter().filter(|(path, _)| !a.contains_key(*path)))
        .map(|(path, _)| path.clone())
        .collect();
    differ.sort();
    Ok(differ)
}

/// Every file under `dir`, by its path relative to `dir`, with its bytes.
fn files(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut found = BTreeMap::new();
    for path in files_under(dir)? {
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let relative = path.strip_prefix(dir).unwrap_or(&path);
        found.insert(relative.display().to_string(), bytes);
    }
    Ok(found)
}

/// Writes the patch again from the vendored tree (upstream's package as
/// `a/`, the tree as `b/`, `git diff` between them after the patch's own
/// header, the text before its first `diff`), then [`check`]s it.
fn write_patch(root: &Path) -> Result<()> {
    let scratch = root.join("target/vendor-patch");
    let _ = std::fs::remove_dir_all(&scratch);
    unpack_upstream(root, &vendored_version(root)?, &scratch.join("a"))?;
    for (path, bytes) in files(&root.join(TREE))? {
        let to = scratch.join("b").join(path);
        std::fs::create_dir_all(to.parent().unwrap_or(&scratch))?;
        std::fs::write(&to, bytes).with_context(|| format!("cannot write {}", to.display()))?;
    }
    let mut git = Command::new("git");
    git.args([
        "diff",
        "--no-index",
        "--no-prefix",
        "--no-color",
        "--no-ext-diff",
    ])
    .args(["a", "b"])
    .current_dir(&scratch);
    let out = git.output().context("cannot run git diff")?;
    // `git diff --no-index` exits with 1 when the trees differ.
    if out.status.code() != Some(1) {
        bail!(
            "git diff of upstream and {TREE}: {}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
    let old = std::fs::read_to_string(root.join(PATCH)).unwrap_or_default();
    let header = old.find("\ndiff --git ").map_or("", |end| &old[..=end]);
    let text = format!("{header}{}", String::from_utf8_lossy(&out.stdout));
    std::fs::write(root.join(PATCH), text).with_context(|| format!("cannot write {PATCH}"))?;
    check(root, &root.join("target/vendor-check"))?;
    println!("{PATCH} written from {TREE}, and applied to upstream it gives the tree");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
    }

    /// The patch is the whole change: re-applied to upstream's package, it
    /// gives the vendored tree file for file.
    #[test]
    fn the_vendored_splitter_is_upstream_with_the_patch() {
        check(root(), &root().join("target/vendor-check")).unwrap();
    }

    /// The comparison sees a changed, an added and a missing file, so the
    /// test above cannot pass on a tree that drifted from the patch.
    #[test]
    fn the_comparison_sees_every_kind_of_drift() {
        let [patched, drifted] =
            ["patched", "drifted"].map(|d| root().join("target/vendor-drift").join(d));
        patched_upstream(root(), &patched).unwrap();
        patched_upstream(root(), &drifted).unwrap();
        let lib = drifted.join("src/lib.rs");
        let mut text = std::fs::read_to_string(&lib).unwrap();
        text.push_str("\n// changed\n");
        std::fs::write(&lib, text).unwrap();
        std::fs::write(drifted.join("src/added.rs"), "").unwrap();
        std::fs::remove_file(drifted.join("README.md")).unwrap();
        let differ = differences(&patched, &drifted).unwrap();
        let _ = std::fs::remove_dir_all(root().join("target/vendor-drift"));
        assert_eq!(differ, ["README.md", "src/added.rs", "src/lib.rs"]);
    }
}
