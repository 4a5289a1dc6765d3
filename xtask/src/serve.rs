//! `cargo xtask serve`: the panel against the local service, with demo data.
//! It installs only what building needs; the tests' tools wait for `cargo
//! xtask test`.

use std::process::Command;

use anyhow::Result;

use crate::build::{dist, DIST};
use crate::cmd;
use crate::setup::{ensure, Needs};

/// `cargo xtask serve [--] [ARGS...]`: build, then run the local service
/// serving the panel; ARGS go to the local service.
pub fn serve(args: &[String]) -> Result<()> {
    let env = ensure(Needs::Build)?;
    let args = args.strip_prefix(&["--".to_owned()]).unwrap_or(args);
    dist(&env)?;
    cmd::run(&env, "cargo", &["build", "--package", "local-service"])?;
    let mut service = Command::new(env.root.join("target/debug/local-service"));
    service
        .current_dir(&env.root)
        .arg("--dist")
        .arg(env.root.join(DIST));
    if !args.iter().any(|a| a.starts_with("--data-dir")) {
        // Keep the generated token and the namespace settings between runs.
        service
            .arg("--data-dir")
            .arg(env.root.join("target/local-service"));
    }
    service.args(args);
    cmd::run_cmd("the local service", service)
}
