//! The jobs: build the panel, serve it with the local service, run every test.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::setup::{self, ensure_all, step, Env};

/// The most the whole panel (wasm, JS, CSS, HTML) may weigh, gzipped.
pub const PANEL_BUDGET_BYTES: u64 = 250 * 1024;

/// Builds the release panel into `dist/`.
pub fn dist(env: &Env) -> Result<(), String> {
    setup::run(env, "trunk", &["build", "--release"])?;
    let sizes = dist_sizes(env)?;
    report_sizes(&sizes);
    Ok(())
}

/// Builds the JS module into `pkg/`: the wasm core (feature `js`, no Leptos),
/// its wasm-bindgen glue, wasm-opt, and the hand-written entry and types.
pub fn js(env: &Env) -> Result<(), String> {
    setup::run(
        env,
        "cargo",
        &[
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "--features",
            "js",
            "--lib",
        ],
    )?;
    let pkg = env.root.join("pkg");
    let _ = std::fs::remove_dir_all(&pkg);
    let wasm = env
        .root
        .join("target/wasm32-unknown-unknown/release/gamecloud.wasm");
    let (wasm, pkg_str) = (wasm.display().to_string(), pkg.display().to_string());
    setup::run(
        env,
        "wasm-bindgen",
        &[
            "--target",
            "web",
            "--out-dir",
            &pkg_str,
            "--out-name",
            "gamecloud_core",
            "--no-typescript",
            &wasm,
        ],
    )?;
    let core = pkg.join("gamecloud_core_bg.wasm").display().to_string();
    setup::run(
        env,
        "wasm-opt",
        &[
            "-Oz",
            "--strip-debug",
            "--strip-producers",
            "--enable-bulk-memory",
            "--enable-nontrapping-float-to-int",
            "--enable-sign-ext",
            "--enable-mutable-globals",
            "--enable-reference-types",
            "--enable-multivalue",
            &core,
            "-o",
            &core,
        ],
    )?;
    for file in ["index.js", "index.d.ts", "package.json", "README.md"] {
        std::fs::copy(env.root.join("js").join(file), pkg.join(file))
            .map_err(|e| format!("cannot copy js/{file}: {e}"))?;
    }
    let sizes = js_sizes(env)?;
    report_sizes(&sizes);
    Ok(())
}

/// What a dashboard downloads of the module: wasm plus JS glue.
fn js_sizes(env: &Env) -> Result<Vec<(String, u64, u64)>, String> {
    Ok(file_sizes(&env.root.join("pkg"))?
        .into_iter()
        .filter(|(name, ..)| name.ends_with(".js") || name.ends_with(".wasm"))
        .collect())
}

/// `cargo xtask serve`: build, then run the local service serving the panel.
pub fn serve(args: &[String]) -> Result<(), String> {
    let env = ensure_all()?;
    dist(&env)?;
    setup::run(&env, "cargo", &["build", "--package", "local-service"])?;
    let service = env.root.join("target/debug/local-service");
    let mut cmd = Command::new(service);
    cmd.current_dir(&env.root)
        .arg("--dist")
        .arg(env.root.join("dist"));
    if !args.iter().any(|a| a.starts_with("--data-dir")) {
        // Keep the generated token and the namespace settings between runs.
        cmd.arg("--data-dir")
            .arg(env.root.join("target/local-service"));
    }
    let status = cmd
        .args(args)
        .status()
        .map_err(|e| format!("cannot start the local service: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("the local service stopped ({status})"))
}

/// One step's outcome in the summary.
struct Outcome {
    name: &'static str,
    passed: u64,
    failed: u64,
    ok: bool,
    secs: f64,
}

/// `cargo xtask test`.
pub fn test() -> Result<(), String> {
    let started = Instant::now();
    let env = ensure_all()?;
    let mut outcomes = Vec::new();
    let check = |outcomes: &mut Vec<Outcome>,
                 name: &'static str,
                 program: &str,
                 args: &[&str],
                 envs: &[(&str, String)],
                 counts: bool| {
        step(name);
        let t = Instant::now();
        let (ok, passed, failed) = run_counting(&env, program, args, envs);
        let (passed, failed) = if counts {
            // A runner that failed before reporting counts as one failure.
            (passed, if ok { failed } else { failed.max(1) })
        } else {
            (u64::from(ok), u64::from(!ok))
        };
        outcomes.push(Outcome {
            name,
            passed,
            failed,
            ok,
            secs: t.elapsed().as_secs_f64(),
        });
    };
    let chromedriver = env.chromedriver.display().to_string();
    check(
        &mut outcomes,
        "format",
        "cargo",
        &["fmt", "--all", "--", "--check"],
        &[],
        false,
    );
    check(
        &mut outcomes,
        "clippy (native)",
        "cargo",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
        false,
    );
    check(
        &mut outcomes,
        "clippy (wasm, panel)",
        "cargo",
        &[
            "clippy",
            "--target",
            "wasm32-unknown-unknown",
            "--features",
            "panel",
            "--lib",
            "--bins",
            "--",
            "-D",
            "warnings",
        ],
        &[],
        false,
    );
    check(
        &mut outcomes,
        "native tests",
        "cargo",
        &["test", "--workspace"],
        &[],
        true,
    );
    check(
        &mut outcomes,
        "wasm tests (headless Chromium)",
        "cargo",
        &[
            "test",
            "--target",
            "wasm32-unknown-unknown",
            "--test",
            "wasm",
        ],
        &[("CHROMEDRIVER", chromedriver)],
        true,
    );
    check(
        &mut outcomes,
        "release build (trunk)",
        "trunk",
        &["build", "--release"],
        &[],
        false,
    );
    let budget = match dist_sizes(&env) {
        Ok(sizes) => {
            report_sizes(&sizes);
            let total: u64 = sizes.iter().map(|s| s.2).sum();
            let ok = total <= PANEL_BUDGET_BYTES;
            println!(
                "panel budget: {} gzipped of {} allowed: {}",
                kb(total),
                kb(PANEL_BUDGET_BYTES),
                if ok { "within" } else { "OVER" }
            );
            ok
        }
        Err(e) => {
            eprintln!("{e}");
            false
        }
    };
    outcomes.push(Outcome {
        name: "panel size budget",
        passed: u64::from(budget),
        failed: u64::from(!budget),
        ok: budget,
        secs: 0.0,
    });
    check(
        &mut outcomes,
        "build local service",
        "cargo",
        &["build", "--package", "local-service"],
        &[],
        false,
    );
    let service = env
        .root
        .join("target/debug/local-service")
        .display()
        .to_string();
    let dist = env.root.join("dist").display().to_string();
    check(
        &mut outcomes,
        "end-to-end tests (Playwright, Chromium)",
        "node",
        &["--test", "--test-reporter=tap", "e2e/"],
        &[
            ("LOCAL_SERVICE", service),
            ("PANEL_DIST", dist),
            ("CHROMIUM", env.chromium.display().to_string()),
        ],
        true,
    );

    println!();
    println!(
        "{:<42} {:>7} {:>7} {:>9}",
        "step", "passed", "failed", "seconds"
    );
    for o in &outcomes {
        let mark = if o.ok { " " } else { "✗" };
        println!(
            "{mark}{:<41} {:>7} {:>7} {:>9.1}",
            o.name, o.passed, o.failed, o.secs
        );
    }
    println!("total time: {:.0} s", started.elapsed().as_secs_f64());
    let passed: u64 = outcomes.iter().map(|o| o.passed).sum();
    let failed: u64 = outcomes.iter().map(|o| o.failed).sum();
    println!("{passed} passed, {failed} failed");
    if failed > 0 || outcomes.iter().any(|o| !o.ok) {
        return Err(format!("{failed} failed"));
    }
    Ok(())
}

/// Runs a command, echoing its output, and counts the tests its runner
/// reports: cargo's `test result: ... N passed; M failed` and TAP's
/// `# pass N` / `# fail N`.
fn run_counting(
    env: &Env,
    program: &str,
    args: &[&str],
    envs: &[(&str, String)],
) -> (bool, u64, u64) {
    let mut cmd = env.cmd(program);
    cmd.args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot run {program}: {e}");
            return (false, 0, 0);
        }
    };
    let (mut passed, mut failed) = (0, 0);
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
            if let Some(rest) = line.strip_prefix("test result: ") {
                passed += number_before(rest, " passed");
                failed += number_before(rest, " failed");
            } else if let Some(n) = line.strip_prefix("# pass ") {
                passed += n.trim().parse().unwrap_or(0);
            } else if let Some(n) = line.strip_prefix("# fail ") {
                failed += n.trim().parse().unwrap_or(0);
            }
        }
    }
    let ok = child.wait().is_ok_and(|s| s.success());
    (ok, passed, failed)
}

fn number_before(text: &str, word: &str) -> u64 {
    text.find(word)
        .and_then(|i| text[..i].rsplit(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// (file, raw bytes, gzipped bytes) of what a browser downloads from dist/.
fn dist_sizes(env: &Env) -> Result<Vec<(String, u64, u64)>, String> {
    file_sizes(&env.root.join("dist"))
}

fn file_sizes(dir: &std::path::Path) -> Result<Vec<(String, u64, u64)>, String> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        let raw = entry.metadata().map(|m| m.len()).unwrap_or(0);
        let gz = Command::new("gzip")
            .args(["-9", "-c"])
            .arg(&path)
            .output()
            .map_err(|e| format!("cannot run gzip: {e}"))?
            .stdout
            .len() as u64;
        out.push((entry.file_name().to_string_lossy().into_owned(), raw, gz));
    }
    out.sort();
    Ok(out)
}

fn report_sizes(sizes: &[(String, u64, u64)]) {
    for (name, raw, gz) in sizes {
        println!("  {name:<48} {:>10} raw {:>10} gzipped", kb(*raw), kb(*gz));
    }
    let total: u64 = sizes.iter().map(|s| s.2).sum();
    println!("  total: {} gzipped", kb(total));
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}
