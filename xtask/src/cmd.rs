//! Running tools: [`Env`], what every command gets (the checkout, a `PATH`
//! with the project's tools first, offline cargo once the crates are in),
//! the ways a task runs one (announced, or for its output), how bytes are
//! printed ([`kb`]) and the files of a folder ([`files_under`]). It uses no
//! other module of the runner, so the set-up and the toolchain both lean on
//! it and neither on the other's plumbing.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{ensure, Context, Result};

/// What the tasks need to run tools.
pub struct Env {
    pub root: PathBuf,
    /// `PATH` with the project's `node_modules/.bin` first (binaryen's modern
    /// wasm-opt; Debian's 108 corrupts current Rust output) and cargo's bin.
    pub path: String,
    pub chromedriver: PathBuf,
    pub chromium: PathBuf,
    /// A Python with python-dotenv, for the engine files' reader tests.
    pub readers_python: PathBuf,
    /// Set once the set-up has fetched every crate: every later cargo command
    /// runs offline, so a crate the fetch missed fails at once, on every
    /// machine.
    pub offline: bool,
}

impl Env {
    /// The environment of the checkout found by [`root`], online.
    pub fn new() -> Env {
        let root = root();
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
        let cargo_bin = std::env::var("CARGO_HOME")
            .map(|h| format!("{h}/bin"))
            .unwrap_or_else(|_| format!("{home}/.cargo/bin"));
        let path = format!(
            "{}:{cargo_bin}:{}",
            root.join("node_modules/.bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Env {
            path,
            chromedriver: PathBuf::from("/usr/bin/chromedriver"),
            chromium: PathBuf::from("/usr/bin/chromium"),
            readers_python: root.join("target/readers-venv/bin/python"),
            offline: false,
            root,
        }
    }

    /// A command with the project's `PATH`, run from the repository root.
    pub fn cmd(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.current_dir(&self.root).env("PATH", &self.path);
        if self.offline {
            c.env("CARGO_NET_OFFLINE", "true");
        }
        c
    }
}

/// The checkout this runner works on, found when it runs: the one cargo ran
/// it from (`cargo xtask` gives the process `CARGO_MANIFEST_DIR`), or else
/// the nearest directory at or above the current one that holds
/// `xtask/Cargo.toml`. Never the path it was compiled in: a copied
/// `target/` must not rebuild the checkout it was copied from.
fn root() -> PathBuf {
    let holds_xtask = |dir: &Path| dir.join("xtask/Cargo.toml").is_file();
    let from_cargo = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .and_then(|xtask| xtask.parent().map(Path::to_path_buf))
        .filter(|dir| holds_xtask(dir));
    let here = std::env::current_dir().unwrap_or_default();
    from_cargo
        .or_else(|| {
            here.ancestors()
                .find(|d| holds_xtask(d))
                .map(Path::to_path_buf)
        })
        .unwrap_or(here)
}

/// `program ARGS`'s standard output, if it ran and succeeded.
pub fn output(env: &Env, program: &str, args: &[&str]) -> Option<String> {
    let mut cmd = env.cmd(program);
    cmd.args(args);
    capture(program, cmd).ok()
}

/// Runs a prepared command, announced as `what` in an error, for its
/// standard output; or why not (its standard error).
pub fn capture(what: &str, mut cmd: Command) -> Result<String> {
    let out = cmd.output().with_context(|| format!("cannot run {what}"))?;
    ensure!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `program ARGS`, its output the terminal's.
pub fn run(env: &Env, program: &str, args: &[&str]) -> Result<()> {
    let mut cmd = env.cmd(program);
    cmd.args(args);
    run_cmd(&format!("{program} {}", args.join(" ")), cmd)
}

/// Runs a prepared command, announced as `what`.
pub fn run_cmd(what: &str, mut cmd: Command) -> Result<()> {
    step(what);
    let status = cmd
        .status()
        .with_context(|| format!("cannot run `{what}`"))?;
    ensure!(status.success(), "`{what}` failed ({status})");
    Ok(())
}

/// Announces a step, in bold.
pub fn step(what: &str) {
    eprintln!("\x1b[1m==> {what}\x1b[0m");
}

/// Bytes as the reports and budgets print them (KB = 1024 bytes).
pub(crate) fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}

/// Every file under `dir` and its folders, sorted by path.
pub(crate) fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let entries =
            std::fs::read_dir(&d).with_context(|| format!("cannot list {}", d.display()))?;
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}
