//! `cargo xtask serve`: the panel against the local service, with demo data.

use std::process::Command;

use crate::build::{dist, DIST};
use crate::setup::{self, ensure_all};

/// `cargo xtask serve [--] [ARGS...]`: build, then run the local service
/// serving the panel; ARGS go to the local service.
pub fn serve(args: &[String]) -> Result<(), String> {
    let env = ensure_all()?;
    let args = args.strip_prefix(&["--".to_owned()]).unwrap_or(args);
    dist(&env)?;
    setup::run(&env, "cargo", &["build", "--package", "local-service"])?;
    let service = env.root.join("target/debug/local-service");
    let mut cmd = Command::new(service);
    cmd.current_dir(&env.root)
        .arg("--dist")
        .arg(env.root.join(DIST));
    if !args.iter().any(|a| a.starts_with("--data-dir")) {
        // Keep the generated token and the namespace settings between runs.
        cmd.arg("--data-dir")
            .arg(env.root.join("target/local-service"));
    }
    cmd.args(args);
    setup::run_cmd("the local service", cmd)
}
