//! `cargo xtask test`: every check and test, one step a line (`STEPS`), and
//! `cargo xtask fuzz`.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{anyhow, bail, ensure, Context, Result};

use crate::build::{dist, js, JsEntry, PanelSizes, DIST, PKG};
use crate::cmd::{files_under, step, Env};
use crate::measure::{budget, panel_budgets};
use crate::packed::Packed;
use crate::paths;
use crate::setup::{self, Needs};
use crate::toolchain;

/// The token the wasm tests' local services accept.
const WASM_TEST_TOKEN: &str = "wasm-test-token";

/// What one step of `cargo xtask test` reached.
struct Outcome {
    name: &'static str,
    passed: u64,
    failed: u64,
    ok: bool,
    secs: f64,
}

/// What a step does.
enum Action {
    /// A command whose success is one check.
    Check(&'static str, &'static [&'static str]),
    /// A test runner whose output gives its own counts (cargo test, TAP).
    Tests(&'static str, &'static [&'static str]),
    /// Work done here, reporting whether it succeeded.
    Task(fn(&mut Run) -> Result<()>),
}

/// Clippy on the wasm target with one feature set, warnings denied.
macro_rules! wasm_clippy {
    ($features:literal) => {
        [
            "clippy",
            "--target",
            "wasm32-unknown-unknown",
            "--features",
            $features,
            "--lib",
            "--bins",
            "--",
            "-D",
            "warnings",
        ]
    };
}

/// `cargo xtask test`, in order: each step is one line.
#[rustfmt::skip]
const STEPS: &[(&str, Action)] = &[
    ("format", Action::Check("cargo", &["fmt", "--all", "--", "--check"])),
    ("set-up fetches every crate (empty cargo home)", Action::Task(fetch_check)),
    ("clippy (native)", Action::Check("cargo", &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])),
    ("clippy (wasm, panel)", Action::Check("cargo", &wasm_clippy!("panel"))),
    ("clippy (wasm, js)", Action::Check("cargo", &wasm_clippy!("js"))),
    ("clippy (wasm, js-builds)", Action::Check("cargo", &wasm_clippy!("js-builds"))),
    ("clippy (wasm, js-files)", Action::Check("cargo", &wasm_clippy!("js-files"))),
    ("clippy (wasm, js-bulk)", Action::Check("cargo", &wasm_clippy!("js-bulk"))),
    ("clippy (wasm, elements)", Action::Check("cargo", &wasm_clippy!("elements"))),
    ("native tests", Action::Tests("cargo", &["test", "--workspace"])),
    ("engine files, the hand-off's test vector and copied curl commands read by the real readers", Action::Tests("cargo", &["test", "--test", "files", "--test", "sealed", "--test", "api", "--", "--ignored"])),
    ("build local service", Action::Check("cargo", &["build", "--package", "local-service"])),
    ("wasm tests (headless Chromium)", Action::Task(wasm_tests)),
    ("release panel (nightly, trunk, splitter)", Action::Task(|run| dist(&run.env).map(|sizes| run.panel = Some(sizes)))),
    ("panel budgets (opening, each deep link)", Action::Task(|run| panel_budgets(run.panel.as_ref()))),
    ("no server function, no wasm-streams classes", Action::Task(no_server_functions)),
    ("JS module build (nightly)", Action::Task(|run| js(&run.env).map(|sizes| run.js = sizes))),
    ("JS module size budgets (each entry)", Action::Task(js_budgets)),
    ("no path of the build machine in shipped files", Action::Task(no_machine_paths)),
    ("tidy: docs, doc links, size figures", Action::Task(|run| crate::tidy::tidy(&run.env))),
    ("end-to-end and JS module tests (Node, Playwright)", Action::Tests("node", &["--test", "--test-reporter=tap", "e2e/"])),
];

/// What the steps share: the tools, what earlier steps measured, and the
/// counts of a task that runs tests.
struct Run {
    env: Env,
    panel: Option<PanelSizes>,
    /// Each entry of the JS module, with what a browser downloads for it.
    js: Vec<(&'static JsEntry, Packed)>,
    counts: Option<(u64, u64)>,
}

impl Run {
    /// Runs a test runner for a task: its counts become the step's, and a
    /// failed run is `failure`.
    fn tests(
        &mut self,
        program: &str,
        args: &[&str],
        envs: &[(&str, String)],
        failure: &str,
    ) -> Result<()> {
        let (ok, passed, failed) = run_counting(&self.env, program, args, envs);
        self.counts = Some((passed, failed));
        ensure!(ok, "{failure}");
        Ok(())
    }

    /// The environment every command gets: where the built service, panel
    /// and browser are (the Node tests read them).
    fn envs(&self) -> Vec<(&'static str, String)> {
        let path = |p: &str| self.env.root.join(p).display().to_string();
        vec![
            ("LOCAL_SERVICE", path("target/debug/local-service")),
            ("PANEL_DIST", path(DIST)),
            ("CHROMIUM", self.env.chromium.display().to_string()),
            (
                "READERS_PYTHON",
                self.env.readers_python.display().to_string(),
            ),
        ]
    }
}

/// `cargo xtask test`: every step of [`STEPS`], then a table of what each
/// reached, and `N passed, N failed`.
pub fn test() -> Result<()> {
    let started = Instant::now();
    let mut run = Run {
        env: setup::ensure(Needs::Tests)?,
        panel: None,
        js: Vec::new(),
        counts: None,
    };
    let mut outcomes = Vec::new();
    for (name, action) in STEPS {
        step(name);
        let t = Instant::now();
        let (ok, passed, failed) = match action {
            Action::Check(program, args) => {
                let (ok, ..) = run_counting(&run.env, program, args, &run.envs());
                (ok, u64::from(ok), u64::from(!ok))
            }
            Action::Tests(program, args) => {
                let (ok, passed, failed) = run_counting(&run.env, program, args, &run.envs());
                // A runner that failed before reporting counts as one failure.
                (ok, passed, if ok { failed } else { failed.max(1) })
            }
            Action::Task(task) => {
                let result = task(&mut run).inspect_err(|e| eprintln!("{e:#}"));
                let ok = result.is_ok();
                match run.counts.take() {
                    Some((passed, failed)) => (ok, passed, if ok { failed } else { failed.max(1) }),
                    None => (ok, u64::from(ok), u64::from(!ok)),
                }
            }
        };
        outcomes.push(Outcome {
            name,
            passed,
            failed,
            ok,
            secs: t.elapsed().as_secs_f64(),
        });
    }

    println!();
    println!(
        "{:<50} {:>7} {:>7} {:>9}",
        "step", "passed", "failed", "seconds"
    );
    for o in &outcomes {
        let mark = if o.ok { " " } else { "✗" };
        println!(
            "{mark}{:<49} {:>7} {:>7} {:>9.1}",
            o.name, o.passed, o.failed, o.secs
        );
    }
    println!("total time: {:.0} s", started.elapsed().as_secs_f64());
    let passed: u64 = outcomes.iter().map(|o| o.passed).sum();
    let failed: u64 = outcomes.iter().map(|o| o.failed).sum();
    println!("{passed} passed, {failed} failed");
    if failed > 0 || outcomes.iter().any(|o| !o.ok) {
        bail!("{failed} failed");
    }
    Ok(())
}

/// The set-up's own fetch, with a cargo home that starts empty, must leave
/// nothing for a later build to download: `cargo metadata`, offline, needs
/// every crate of every target, and an offline fetch of std's crates for the
/// nightly finds them all. So that the check itself can be trusted, one
/// crate only the wasm builds need is then removed, and the same check must
/// fail naming it.
fn fetch_check(run: &mut Run) -> Result<()> {
    let home = run.env.root.join("target/fetch-check");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).with_context(|| format!("cannot create {}", home.display()))?;
    setup::fetch_crates(&run.env, Some(&home))?;
    let metadata = || {
        run.env
            .cmd("cargo")
            .args(["metadata", "--format-version", "1", "--locked", "--offline"])
            .env("CARGO_HOME", &home)
            .stdout(Stdio::null())
            .output()
            .context("cannot run cargo metadata")
    };
    let complete = metadata()?;
    if !complete.status.success() {
        bail!(
            "after the set-up's fetch, a build still needs a download:\n{}",
            String::from_utf8_lossy(&complete.stderr)
        );
    }
    toolchain::fetch_std_crates(&run.env, Some(&home), true)
        .context("after the set-up's fetch, rebuilding std still needs a download")?;
    const WASM_ONLY: &str = "wasm-bindgen-test-";
    for dir in ["registry/cache", "registry/src"] {
        for index in std::fs::read_dir(home.join(dir))
            .into_iter()
            .flatten()
            .flatten()
        {
            for krate in std::fs::read_dir(index.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                if krate.file_name().to_string_lossy().starts_with(WASM_ONLY) {
                    let path = krate.path();
                    let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
                }
            }
        }
    }
    let missing = metadata()?;
    let _ = std::fs::remove_dir_all(&home);
    let said = String::from_utf8_lossy(&missing.stderr);
    if missing.status.success() || !said.contains("wasm-bindgen-test") {
        bail!("the check did not notice a missing crate ({WASM_ONLY}*): {said}");
    }
    println!("every crate fetched by the set-up; without {WASM_ONLY}* the check fails as it must");
    Ok(())
}

/// Leptos builds `server_fn` for the browser; the panel patches in a
/// `wasm-streams` stand-in without its exported JS classes
/// (`patches/wasm-streams`), which is right only while the panel defines no
/// server function. Fails if one appears in `src/`, or if the shipped glue
/// still names those classes (the patch no longer applies).
/// Each entry of the JS module within its own budget (every one is
/// checked and printed before the step fails).
fn js_budgets(run: &mut Run) -> Result<()> {
    ensure!(!run.js.is_empty(), "nothing was built to measure");
    let over: Vec<String> = run
        .js
        .iter()
        .filter_map(|(entry, size)| budget(entry.what, Some(*size), entry.budget).err())
        .map(|e| e.to_string())
        .collect();
    ensure!(over.is_empty(), "{}", over.join("; "));
    Ok(())
}

fn no_server_functions(run: &mut Run) -> Result<()> {
    const SERVER_FN: [&str; 3] = ["#[server", "#[leptos::server", "server_fn::"];
    const CLASSES: [&str; 3] = [
        "IntoUnderlyingSource",
        "IntoUnderlyingByteSource",
        "IntoUnderlyingSink",
    ];
    let mut found = Vec::new();
    for path in files_under(&run.env.root.join("src"))? {
        if path.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            found.extend(SERVER_FN.iter().filter(|m| text.contains(*m)).map(|m| {
                format!(
                    "{} holds {m:?}: a server function needs the real wasm-streams",
                    path.display()
                )
            }));
        }
    }
    let classes: Vec<paths::Mark> = CLASSES
        .iter()
        .map(|c| paths::Mark::new(*c, "a class of the real wasm-streams"))
        .collect();
    found.extend(paths::files_with_marks(
        &[&run.env.root.join(DIST)],
        &classes,
    )?);
    if found.is_empty() {
        println!("no server function in src/; the glue names none of {CLASSES:?}");
        Ok(())
    } else {
        Err(anyhow!(found.join("\n")))
    }
}

/// No shipped file (the panel's `dist/`, the JS module's
/// `pkg/`) names the build machine: its cargo home, its user, the clone's
/// directory, or a hash of a path (`paths::machine_marks`).
fn no_machine_paths(run: &mut Run) -> Result<()> {
    let marks = paths::machine_marks(&run.env)?;
    let dirs = [DIST, PKG].map(|d| run.env.root.join(d));
    let found = paths::files_with_marks(&dirs.each_ref().map(|d| d.as_path()), &marks)?;
    if found.is_empty() {
        let (hashes, paths): (Vec<&paths::Mark>, Vec<&paths::Mark>) =
            marks.iter().partition(|m| m.hashed);
        let paths: Vec<&str> = paths.iter().map(|m| m.text.as_str()).collect();
        println!(
            "dist/ and pkg/ hold none of {paths:?}, nor the hash of any of {} crates' manifest paths",
            hashes.len()
        );
        Ok(())
    } else {
        Err(anyhow!(
            "shipped files name the build machine:\n{}",
            found.join("\n")
        ))
    }
}

/// The browser tests of the transport call a real service on loopback: one
/// with test hooks, one that refuses the test page's origin.
fn wasm_tests(run: &mut Run) -> Result<()> {
    let hooked = start_service(&run.env, &["--token", WASM_TEST_TOKEN, "--test-hooks"]);
    let strict = start_service(
        &run.env,
        &[
            "--token",
            WASM_TEST_TOKEN,
            "--allow-origin",
            "https://nobody.example",
        ],
    );
    let result = match (&hooked, &strict) {
        (Ok((_, hooked_url)), Ok((_, strict_url))) => {
            let mut envs = run.envs();
            envs.extend([
                ("CHROMEDRIVER", run.env.chromedriver.display().to_string()),
                // The runner's page is cross-origin isolated by default, which
                // blocks the no-cors probe the CORS diagnosis relies on.
                ("WASM_BINDGEN_TEST_NO_ORIGIN_ISOLATION", "1".to_owned()),
                ("GAMECLOUD_TEST_URL", hooked_url.clone()),
                ("GAMECLOUD_STRICT_URL", strict_url.clone()),
            ]);
            let args = [
                "test",
                "--target",
                "wasm32-unknown-unknown",
                "--features",
                "client",
                "--test",
                "wasm",
                "--test",
                "client",
            ];
            run.tests("cargo", &args, &envs, "the wasm tests failed")
        }
        _ => Err(anyhow!("cannot start the local service for the wasm tests")),
    };
    for (mut child, _) in [hooked, strict].into_iter().flatten() {
        let _ = child.kill();
        let _ = child.wait();
    }
    result
}

/// `cargo xtask fuzz [CASES]`: the property tests of the decoders (JSON,
/// answers, tokens) and the validator, each run with `CASES` generated inputs
/// (10^6 by default) in a release build: the long run the test command has
/// no time for. Prints each file's time.
pub fn fuzz(env: &Env, cases: Option<&str>) -> Result<()> {
    let cases = cases.unwrap_or("1000000");
    let n: u64 = cases
        .parse()
        .with_context(|| format!("{cases:?} is not a number of cases"))?;
    for file in ["properties", "json", "validate"] {
        step(&format!("{file}: {n} cases per property"));
        let t = Instant::now();
        let envs = [("FUZZ_CASES", n.to_string())];
        let args = ["test", "--release", "--test", file];
        let (ok, passed, failed) = run_counting(env, "cargo", &args, &envs);
        println!(
            "fuzz {file}: {passed} passed, {failed} failed, {n} cases per property, {:.0} s",
            t.elapsed().as_secs_f64()
        );
        if !ok {
            bail!("tests/{file}.rs failed");
        }
    }
    Ok(())
}

/// Starts the local service on a free loopback port; returns it and its URL
/// (without a trailing slash).
fn start_service(env: &Env, args: &[&str]) -> Result<(std::process::Child, String)> {
    let mut child = Command::new(env.root.join("target/debug/local-service"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .context("cannot start the local service")?;
    let out = child
        .stdout
        .take()
        .context("no output from the local service")?;
    let mut lines = BufReader::new(out).lines();
    let url = lines.by_ref().map_while(Result::ok).find_map(|l| {
        l.split("listening on ")
            .nth(1)
            .map(|u| u.trim().trim_end_matches('/').to_owned())
    });
    match url {
        Some(url) => {
            // Keep draining its output so it never blocks on a full pipe.
            std::thread::spawn(move || lines.for_each(drop));
            Ok((child, url))
        }
        None => {
            let _ = child.kill();
            Err(anyhow!("the local service printed no URL"))
        }
    }
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
