//! Finds or installs every tool the build and the tests need, each checked
//! before anything is installed: a green run on a machine that already had the
//! tools proves nothing about a fresh one.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

use crate::cmd::{output, run, run_cmd, Env};
use crate::toolchain;

/// Trunk 0.22 needs a newer rustc than the machines have.
pub const TRUNK_VERSION: &str = "0.21.14";

/// Checks every tool and installs what is missing.
pub fn ensure_all() -> Result<Env> {
    let env = Env::new();
    ensure_rust(&env)?;
    toolchain::ensure(&env)?;
    fetch_crates(&env, None)?;
    ensure_trunk(&env)?;
    ensure_wasm_bindgen(&env)?;
    ensure_node(&env)?;
    ensure_debian_packages(&env)?;
    ensure_npm_packages(&env)?;
    ensure_consumer_packages(&env)?;
    ensure_python_readers(&env)?;
    Ok(Env {
        offline: true,
        ..env
    })
}

/// Downloads every crate of `Cargo.lock` for every target (the wasm-only ones
/// included: Trunk builds offline), and the crates std is rebuilt from, into
/// `cargo_home` or the usual one. Seconds when they are there already.
/// Nothing else downloads a crate but the tool installs ([`cargo_install`]).
pub fn fetch_crates(env: &Env, cargo_home: Option<&Path>) -> Result<()> {
    let mut cmd = env.cmd("cargo");
    cmd.args(["fetch", "--locked"])
        .env("CARGO_NET_OFFLINE", "false");
    if let Some(home) = cargo_home {
        cmd.env("CARGO_HOME", home);
    }
    run_cmd("cargo fetch --locked", cmd)?;
    toolchain::fetch_std_crates(env, cargo_home, false)
}

/// `cargo install ARGS`: a tool, built from the registry (online).
pub fn cargo_install(env: &Env, args: &[&str]) -> Result<()> {
    let mut cmd = env.cmd("cargo");
    cmd.arg("install")
        .args(args)
        .env("CARGO_NET_OFFLINE", "false");
    run_cmd(&format!("cargo install {}", args.join(" ")), cmd)
}

fn ensure_rust(env: &Env) -> Result<()> {
    let targets = output(env, "rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !targets
        .lines()
        .any(|t| t.trim() == "wasm32-unknown-unknown")
    {
        run(env, "rustup", &["target", "add", "wasm32-unknown-unknown"])?;
    }
    let components =
        output(env, "rustup", &["component", "list", "--installed"]).unwrap_or_default();
    for c in ["rustfmt", "clippy"] {
        if !components.lines().any(|l| l.starts_with(c)) {
            run(env, "rustup", &["component", "add", c])?;
        }
    }
    Ok(())
}

fn ensure_trunk(env: &Env) -> Result<()> {
    let have = output(env, "trunk", &["--version"]).unwrap_or_default();
    if have.trim() != format!("trunk {TRUNK_VERSION}") {
        // Once per machine. Without its default features (TLS for `trunk
        // serve --tls`, the update check): the project uses neither.
        cargo_install(
            env,
            &[
                "trunk",
                "--version",
                TRUNK_VERSION,
                "--locked",
                "--no-default-features",
            ],
        )?;
    }
    Ok(())
}

/// The packages of a `Cargo.lock`, as far as the set-up reads them.
#[derive(Deserialize)]
struct Lockfile {
    #[serde(default)]
    package: Vec<LockedPackage>,
}

#[derive(Deserialize)]
struct LockedPackage {
    name: String,
    version: String,
}

/// The `wasm-bindgen` version in Cargo.lock: the CLI must match it exactly.
fn locked_wasm_bindgen(root: &Path) -> Result<String> {
    let path = root.join("Cargo.lock");
    let text = std::fs::read_to_string(&path).context("cannot read Cargo.lock")?;
    let lock: Lockfile =
        toml::from_str(&text).with_context(|| format!("cannot parse {}", path.display()))?;
    lock.package
        .into_iter()
        .find(|p| p.name == "wasm-bindgen")
        .map(|p| p.version)
        .context("Cargo.lock names no wasm-bindgen version")
}

fn ensure_wasm_bindgen(env: &Env) -> Result<()> {
    let want = locked_wasm_bindgen(&env.root)?;
    let have = output(env, "wasm-bindgen", &["--version"]).unwrap_or_default();
    let runner = output(env, "wasm-bindgen-test-runner", &["--version"]).unwrap_or_default();
    if !have.contains(&want) || !runner.contains(&want) {
        // `--locked` fails here: a locked dependency is not on the registry.
        cargo_install(env, &["wasm-bindgen-cli", "--version", &want])?;
    }
    Ok(())
}

fn ensure_node(env: &Env) -> Result<()> {
    if output(env, "node", &["--version"]).is_none() || output(env, "npm", &["--version"]).is_none()
    {
        apt_install(env, &["nodejs", "npm"])?;
    }
    Ok(())
}

/// Chromium and ChromeDriver for the browser tests, Godot 3 (headless)
/// whose own `ConfigFile` reads the engine files back, curl, which runs
/// the panel's "copy as curl" commands, and zsh and fish, which read them
/// back beside sh and bash; one apt run for what is missing.
fn ensure_debian_packages(env: &Env) -> Result<()> {
    let [godot, curl, zsh, fish] =
        ["godot3-server", "curl", "zsh", "fish"].map(|p| PathBuf::from("/usr/bin").join(p));
    let missing: Vec<&str> = [
        (&env.chromium, "chromium"),
        (&env.chromedriver, "chromium-driver"),
        (&godot, "godot3-server"),
        (&curl, "curl"),
        (&zsh, "zsh"),
        (&fish, "fish"),
    ]
    .into_iter()
    .filter(|(path, _)| !path.exists())
    .map(|(_, package)| package)
    .collect();
    if missing.is_empty() {
        return Ok(());
    }
    apt_install(env, &missing)
}

/// python-dotenv (for the engine files) and cryptography (for the
/// encrypted hand-off), in a virtual environment of the project's own (no
/// system package is touched, no root needed).
fn ensure_python_readers(env: &Env) -> Result<()> {
    let python = env.readers_python.display().to_string();
    if output(env, &python, &["-c", "import dotenv, cryptography"]).is_some() {
        return Ok(());
    }
    run(env, "python3", &["-m", "venv", "target/readers-venv"])?;
    run(
        env,
        &python,
        &[
            "-m",
            "pip",
            "install",
            "-q",
            "python-dotenv==1.2.4",
            "cryptography==48.0.0",
        ],
    )
}

fn apt_install(env: &Env, packages: &[&str]) -> Result<()> {
    let root = output(env, "id", &["-u"]).is_some_and(|u| u.trim() == "0");
    let program = if root { "apt-get" } else { "sudo" };
    let prefix: Vec<&str> = if root { vec![] } else { vec!["apt-get"] };
    let mut update = prefix.clone();
    update.extend(["update", "-q"]);
    run(env, program, &update)?;
    let mut install = prefix;
    install.extend(["install", "-y", "-q"]);
    install.extend(packages);
    run(env, program, &install)
}

/// Whether `npm ci` in `dir` has run since its `package-lock.json` changed
/// (npm writes `node_modules/.package-lock.json` at each install).
fn npm_installed(dir: &Path) -> bool {
    let marker = dir.join("node_modules/.package-lock.json");
    let lock = dir.join("package-lock.json");
    match (marker.metadata(), lock.metadata()) {
        (Ok(m), Ok(l)) => m.modified().ok() >= l.modified().ok(),
        _ => false,
    }
}

fn ensure_npm_packages(env: &Env) -> Result<()> {
    let fresh = npm_installed(&env.root);
    let has_tools = env.root.join("node_modules/.bin/wasm-opt").exists()
        && env.root.join("node_modules/playwright-core").exists()
        && env.root.join("node_modules/.bin/tsc").exists()
        && env.root.join("node_modules/.bin/vite").exists()
        && env.root.join("node_modules/.bin/rolldown").exists()
        && env.root.join("node_modules/dotenv-expand").exists();
    if !fresh || !has_tools {
        run(env, "npm", &["ci", "--no-audit", "--no-fund"])?;
    }
    Ok(())
}

/// Each dashboard stack the JS module is tested in (`e2e/consumers/<stack>/`)
/// is a project of its own with its tools pinned in its own lockfile (two
/// Vite majors cannot share one `node_modules`): `npm ci` in each, once.
fn ensure_consumer_packages(env: &Env) -> Result<()> {
    let consumers = env.root.join("e2e/consumers");
    let entries = std::fs::read_dir(&consumers)
        .with_context(|| format!("cannot list {}", consumers.display()))?;
    let mut stacks: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|dir| dir.join("package-lock.json").is_file())
        .collect();
    stacks.sort();
    for dir in stacks.iter().filter(|dir| !npm_installed(dir)) {
        let mut npm = env.cmd("npm");
        npm.args(["ci", "--no-audit", "--no-fund"]).current_dir(dir);
        run_cmd(&format!("npm ci in {}", dir.display()), npm)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The version read from the lock is the one the package pins: the CLI
    /// the set-up installs is the one Trunk will accept.
    #[test]
    fn the_locked_wasm_bindgen_is_the_pinned_one() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let manifest: toml::Table =
            toml::from_str(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap()).unwrap();
        let pinned = manifest["dependencies"]["wasm-bindgen"]["version"]
            .as_str()
            .unwrap();
        let locked = locked_wasm_bindgen(root).unwrap();
        assert_eq!(pinned, format!("={locked}"));
    }
}
