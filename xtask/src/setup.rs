//! Finds or installs the tools a command needs, each checked before anything
//! is installed (a green run on a machine that already had the tools proves
//! nothing about a fresh one): `serve` and the builds install only what
//! building needs, `cargo xtask test` everything its checks run.

use std::path::{Path, PathBuf};

use anyhow::{ensure, Context, Result};
use serde::Deserialize;

use crate::cmd::{output, run, run_cmd, Env};
use crate::{toolchain, vendor};

/// Trunk 0.22 needs a newer rustc than the machines have.
pub const TRUNK_VERSION: &str = "0.21.14";

/// What a command needs installed; each level holds the one before.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Needs {
    /// Building the panel, the JS module and the local service (`serve`,
    /// `dist`, `js`, `sizes`, `levers`, `fuzz`): the wasm target, the pinned
    /// nightly, every crate, Trunk, `wasm-bindgen`, Node and the root npm
    /// packages.
    Build,
    /// And Chromium, for the measurements in a browser (`bench`,
    /// `screenshots`).
    Browser,
    /// Everything `cargo xtask test` runs: rustfmt and clippy, the wasm
    /// tests' runner and ChromeDriver, the readers (Godot, curl, zsh, fish,
    /// a Python), each dashboard stack's packages, and the splitter's
    /// upstream for the vendor check.
    Tests,
}

/// Checks what `needs` asks for and installs what is missing; the
/// environment it returns runs cargo offline.
pub fn ensure(needs: Needs) -> Result<Env> {
    let env = Env::new();
    let tests = needs == Needs::Tests;
    ensure_rust(&env, tests)?;
    toolchain::ensure(&env)?;
    fetch_crates(&env, None)?;
    ensure_trunk(&env)?;
    ensure_wasm_bindgen(&env, tests)?;
    ensure_node(&env)?;
    // One `npm ci` for the build's tools (binaryen's wasm-opt, rolldown) and
    // the root's test tools: seconds, where two lists would be two installs.
    ensure_npm_packages(&env)?;
    ensure_debian_packages(&env, needs)?;
    if tests {
        ensure_consumer_packages(&env)?;
        ensure_python_readers(&env)?;
        vendor::fetch_upstream(&env)?;
    }
    Ok(Env {
        offline: true,
        ..env
    })
}

/// Downloads every crate of `Cargo.lock` for every target (the wasm-only ones
/// included: Trunk builds offline), and the crates std is rebuilt from, into
/// `cargo_home` or the usual one. Seconds when they are there already.
/// Nothing else downloads a crate but the tool installs ([`cargo_install`])
/// and the splitter's upstream, for its check ([`vendor::fetch_upstream`]).
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

/// The wasm target; and rustfmt and clippy, which only the tests run.
fn ensure_rust(env: &Env, tests: bool) -> Result<()> {
    let targets = output(env, "rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !targets
        .lines()
        .any(|t| t.trim() == "wasm32-unknown-unknown")
    {
        run(env, "rustup", &["target", "add", "wasm32-unknown-unknown"])?;
    }
    if !tests {
        return Ok(());
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

/// The wasm-bindgen CLI of `Cargo.lock`'s version: `wasm-bindgen`, which
/// Trunk and the JS module's build run, and for the tests
/// `wasm-bindgen-test-runner` (`.cargo/config.toml`); checked after the
/// install too, so a stale one earlier on `PATH` is named, not used.
fn ensure_wasm_bindgen(env: &Env, tests: bool) -> Result<()> {
    let want = locked_wasm_bindgen(&env.root)?;
    let bins: &[&str] = if tests {
        &["wasm-bindgen", "wasm-bindgen-test-runner"]
    } else {
        &["wasm-bindgen"]
    };
    let found = || -> Vec<Option<String>> {
        bins.iter()
            .map(|b| output(env, b, &["--version"]))
            .collect()
    };
    let Some(args) = wasm_bindgen_install(&want, &found()) else {
        return Ok(());
    };
    cargo_install(env, &args)?;
    let after = found();
    ensure!(
        wasm_bindgen_install(&want, &after).is_none(),
        "`cargo install {}` ran, yet {bins:?} answer {after:?} to --version, not {want}: \
         is another one earlier on PATH?",
        args.join(" ")
    );
    Ok(())
}

/// The `cargo install` arguments that give the wasm-bindgen CLI `want`,
/// given what each binary it needs answered to `--version` (`None`: not
/// found); `None` when every one is `want` already.
fn wasm_bindgen_install<'a>(want: &'a str, found: &[Option<String>]) -> Option<[&'a str; 4]> {
    let current = found
        .iter()
        .all(|v| v.as_deref().and_then(|v| v.split_whitespace().nth(1)) == Some(want));
    // `--force`: beside a missing binary, one of another version or one that
    // cargo did not install stopped a plain install ("binary `wasm-bindgen`
    // already exists in destination"), and one cargo did install made it
    // skip the package as installed. `--locked` fails here: a locked
    // dependency is not on the registry.
    (!current).then_some(["wasm-bindgen-cli", "--version", want, "--force"])
}

fn ensure_node(env: &Env) -> Result<()> {
    if output(env, "node", &["--version"]).is_none() || output(env, "npm", &["--version"]).is_none()
    {
        apt_install(env, &["nodejs", "npm"])?;
    }
    Ok(())
}

/// Chromium for the browser tests and measurements; for the tests only,
/// ChromeDriver (the wasm tests' runner drives Chromium with it), Godot 3
/// (headless) whose own `ConfigFile` reads the engine files back, curl,
/// which runs the panel's "copy as curl" commands, and zsh and fish, which
/// read them back beside sh and bash, and Debian's Noto fonts (with CJK and
/// emoji, which the demo's build names use) that the pictures the tests
/// compare are taken with, so that they are the same on any machine; one apt
/// run for what is missing.
fn ensure_debian_packages(env: &Env, needs: Needs) -> Result<()> {
    let [godot, curl, zsh, fish] =
        ["godot3-server", "curl", "zsh", "fish"].map(|p| PathBuf::from("/usr/bin").join(p));
    let fonts = PathBuf::from("/usr/share/fonts");
    let noto = fonts.join("truetype/noto/NotoSans-Regular.ttf");
    let cjk = fonts.join("opentype/noto/NotoSansCJK-Regular.ttc");
    let emoji = fonts.join("truetype/noto/NotoColorEmoji.ttf");
    let missing: Vec<&str> = [
        (&env.chromium, "chromium", Needs::Browser),
        (&env.chromedriver, "chromium-driver", Needs::Tests),
        (&godot, "godot3-server", Needs::Tests),
        (&curl, "curl", Needs::Tests),
        (&zsh, "zsh", Needs::Tests),
        (&fish, "fish", Needs::Tests),
        (&noto, "fonts-noto-core", Needs::Tests),
        (&cjk, "fonts-noto-cjk", Needs::Tests),
        (&emoji, "fonts-noto-color-emoji", Needs::Tests),
    ]
    .into_iter()
    .filter(|(path, _, level)| *level <= needs && !path.exists())
    .map(|(_, package, _)| package)
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

/// Runs `npm ci` in `dir` (which has its own lock) unless it has run since
/// the lock changed.
pub(crate) fn ensure_npm_in(env: &Env, dir: &Path) -> Result<()> {
    if npm_installed(dir) {
        return Ok(());
    }
    let mut npm = env.cmd("npm");
    npm.args(["ci", "--no-audit", "--no-fund"]).current_dir(dir);
    run_cmd("npm ci", npm)
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

    /// A `wasm-bindgen` of the right version without its test runner made
    /// the set-up stop: "binary `wasm-bindgen` already exists in destination".
    #[test]
    fn a_partial_or_other_wasm_bindgen_is_installed_again_with_force() {
        let cli = |v: &str| Some(format!("wasm-bindgen {v}\n"));
        let runner = |v: &str| Some(format!("wasm-bindgen-test-runner {v}\n"));
        let install = Some(["wasm-bindgen-cli", "--version", "0.2.130", "--force"]);
        for (found, then) in [
            (vec![cli("0.2.130"), runner("0.2.130")], None),
            // Serving needs `wasm-bindgen` alone.
            (vec![cli("0.2.130")], None),
            (vec![cli("0.2.130"), None], install),
            (vec![None, runner("0.2.130")], install),
            (vec![cli("0.2.129"), runner("0.2.130")], install),
            (vec![cli("0.2.130"), runner("0.2.1300")], install),
            (vec![None], install),
        ] {
            assert_eq!(wasm_bindgen_install("0.2.130", &found), then, "{found:?}");
        }
    }
}
