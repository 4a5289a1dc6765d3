//! The jobs: build the panel, serve it with the local service, run every test.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::fingerprint;
use crate::imports;
use crate::integrity::sri;
use crate::paths;
use crate::setup::{self, ensure_all, step, Env};
use crate::split;
use crate::toolchain::{self, Compiler};

/// The panel's budgets, gzipped (KB = 1024 bytes): what a browser downloads
/// before the panel opened at its URL (no hash) shows a usable control: every
/// file but the parts fetched on first use (`split.rs`).
pub const FIRST_LOAD_BYTES: u64 = 140 * 1024;
/// A deep link to any page: the first load and the parts that page needs.
pub const DEEP_LINK_BYTES: u64 = 190 * 1024;
/// Every file of `dist/` together.
pub const TOTAL_BYTES: u64 = 260 * 1024;
/// The JS module: every `.wasm` and `.js` of `pkg/`.
pub const JS_BUDGET_BYTES: u64 = 68 * 1024;
/// Every budget must be met with this much to spare, so that the next
/// compiler or a small fix does not break the build.
const HEADROOM_PERCENT: u64 = 2;
/// The token the wasm tests' local services accept.
const WASM_TEST_TOKEN: &str = "wasm-test-token";

/// The panel's download, gzipped.
pub struct PanelSizes {
    /// Opening the panel: every file but the parts.
    pub first_load: u64,
    /// Each split point with what a deep link to it downloads (the first
    /// load and the point's parts).
    pub deep_links: Vec<(String, u64)>,
    /// Every file.
    pub total: u64,
}

/// Where the release panel is written.
pub const DIST: &str = "dist";

/// Builds the release panel into `dist/`, the pages a visit does not need in
/// parts fetched on first use (`split.rs`); reports and returns what a
/// browser downloads, gzipped.
pub fn dist(env: &Env) -> Result<PanelSizes, String> {
    build_panel(env, &Compiler::SHIPPED, DIST)
}

/// [`dist`] by `compiler`, into `out` (relative to the root).
fn build_panel(env: &Env, compiler: &Compiler, out: &str) -> Result<PanelSizes, String> {
    let rustflags = split::rustflags(&paths::release_rustflags(env, compiler)?);
    let digest = fingerprint::digest(env, PANEL_INPUTS, compiler, &rustflags);
    if fingerprint::is_current(env, out, &digest) {
        step(&format!(
            "{out}/ is up to date: nothing it is made from changed"
        ));
    } else {
        fingerprint::forget(env, out);
        let mut trunk = env.cmd("trunk");
        trunk
            .args(["build", "--release", "--dist", out])
            .env(paths::RUSTFLAGS_VAR, rustflags)
            .envs(split::trunk_env(env)?);
        compiler.apply(&mut trunk);
        setup::run_cmd(&format!("trunk build --release --dist {out}"), trunk)?;
        let dist = env.root.join(out);
        finish_panel(env, &dist)?;
        externalize_start_script(&dist)?;
        fingerprint::record(env, out, &digest);
    }
    panel_sizes(env, out)
}

/// Reports and returns the panel's sizes: each file, the first load, each
/// deep link, the total.
fn panel_sizes(env: &Env, out: &str) -> Result<PanelSizes, String> {
    let files = file_sizes(&env.root.join(out))?;
    let total = report_sizes(&files);
    let gz = |name: &str| files.iter().find(|f| f.0 == name).map_or(0, |f| f.2);
    let first_load = files
        .iter()
        .filter(|f| !split::is_part(&f.0))
        .map(|f| f.2)
        .sum::<u64>();
    println!("  first load (no part): {} gzipped", kb(first_load));
    let mut deep_links = Vec::new();
    for (point, parts) in split::points(env)? {
        let bytes = first_load + parts.iter().map(|p| gz(p)).sum::<u64>();
        println!(
            "  a page that needs {point}: {} gzipped ({} parts)",
            kb(bytes),
            parts.len()
        );
        deep_links.push((point, bytes));
    }
    Ok(PanelSizes {
        first_load,
        deep_links,
        total,
    })
}

/// The panel's budgets, each with [`HEADROOM_PERCENT`] to spare: opening
/// it, a deep link to each page, every file.
fn panel_budgets(sizes: Option<&PanelSizes>) -> Result<(), String> {
    let sizes = sizes.ok_or("nothing was built to measure")?;
    let mut results = vec![budget(
        "opening the panel (no hash)",
        Some(sizes.first_load),
        FIRST_LOAD_BYTES,
    )];
    for (point, bytes) in &sizes.deep_links {
        let what = format!("a page that needs the part {point:?}");
        results.push(budget(&what, Some(*bytes), DEEP_LINK_BYTES));
    }
    results.push(budget("every file", Some(sizes.total), TOTAL_BYTES));
    results.into_iter().collect()
}

/// What the panel is made from (with the compiler, the flags and this
/// runner: `fingerprint::digest`).
const PANEL_INPUTS: &[&str] = &[
    "src",
    "index.html",
    "style",
    "assets",
    "Cargo.toml",
    "Cargo.lock",
    "Trunk.toml",
    ".cargo",
    "patches",
    "package-lock.json",
];
/// What the JS module is made from.
const JS_INPUTS: &[&str] = &[
    "src",
    "js",
    "Cargo.toml",
    "Cargo.lock",
    ".cargo",
    "patches",
    "package-lock.json",
];

/// What Trunk leaves, made smaller: the imports' names shortened in the wasm
/// and the glue ([`imports`]), the glue minified by rolldown (Trunk's minifier
/// stops at `export default`: 8.1 KB gzipped becomes 6.0 KB). Both files are
/// then named after their final content, for immutable caching, and
/// `index.html` follows: the new names and their integrity hashes.
fn finish_panel(env: &Env, dist: &std::path::Path) -> Result<(), String> {
    let find = |suffix: &str| -> Result<std::path::PathBuf, String> {
        std::fs::read_dir(dist)
            .map_err(|e| format!("cannot list {}: {e}", dist.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.starts_with("panel-")
                    && name.ends_with(suffix)
                    && !(suffix == ".js" && name.ends_with("_bg.js"))
            })
            .ok_or_else(|| format!("dist/: no panel-*{suffix}"))
    };
    let (glue_path, wasm_path) = (find(".js")?, find("_bg.wasm")?);
    let read = |p: &std::path::Path| {
        std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let (old_glue, old_wasm) = (read(&glue_path)?, read(&wasm_path)?);
    let text = String::from_utf8(old_glue.clone()).map_err(|_| "the glue is not UTF-8")?;
    // The exports keep their names: the parts call the main part by them.
    let (wasm, glue) = imports::shorten(&old_wasm, &text, "./panel_bg.js")?;
    std::fs::write(&glue_path, glue).map_err(|e| format!("cannot write the glue: {e}"))?;
    let mut wasm_opt = WASM_OPT.to_vec();
    wasm_opt.extend(WASM_FEATURES);
    split::finish(env, dist, &glue_path, &wasm_opt)?;
    let (_, glue) = minify_js(env, &glue_path)?;
    split::check_bundled(dist, &String::from_utf8_lossy(&glue))?;
    let index = dist.join("index.html");
    let mut html = std::fs::read_to_string(&index)
        .map_err(|e| format!("cannot read {}: {e}", index.display()))?;
    for (path, old, new, ext) in [
        (&glue_path, &old_glue, &glue, ".js"),
        (&wasm_path, &old_wasm, &wasm, "_bg.wasm"),
    ] {
        let (old_sri, new_sri) = (
            format!("sha384-{}", sri(old)),
            format!("sha384-{}", sri(new)),
        );
        if !html.contains(&old_sri) {
            return Err(format!("index.html: no {old_sri} for {}", path.display()));
        }
        let old_name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let new_name = format!("panel-{:016x}{ext}", paths::fnv1a(new));
        html = html
            .replace(&old_sri, &new_sri)
            .replace(old_name, &new_name);
        std::fs::remove_file(path).map_err(|e| format!("cannot remove {old_name}: {e}"))?;
        std::fs::write(dist.join(&new_name), new)
            .map_err(|e| format!("cannot write {new_name}: {e}"))?;
    }
    std::fs::write(&index, html).map_err(|e| format!("cannot write {}: {e}", index.display()))
}

/// Minifies an ES module in place with rolldown (its exports keep their
/// names); returns the text before and after.
fn minify_js(env: &Env, file: &std::path::Path) -> Result<(Vec<u8>, Vec<u8>), String> {
    let before = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let out = env.root.join("target/minified.js");
    let (file_s, out_s) = (file.display().to_string(), out.display().to_string());
    setup::run(
        env,
        "rolldown",
        &[&file_s, "--minify", "--format", "esm", "--file", &out_s],
    )?;
    let after = std::fs::read(&out).map_err(|e| format!("cannot read {out_s}: {e}"))?;
    std::fs::write(file, &after).map_err(|e| format!("cannot write {file_s}: {e}"))?;
    Ok((before, after))
}

/// The panel's Content Security Policy, set by a `<meta>` in the release
/// build: no inline script or style, no eval (only wasm compilation). Calls
/// go to the base URL the user enters, hence `connect-src http: https:`.
const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self' data:; connect-src 'self' http: https:; base-uri 'none'; form-action 'none'";

/// Trunk starts the wasm with an inline `<script type="module">`, which a
/// strict Content Security Policy (no `unsafe-inline`) blocks: move it into a
/// file of its own, named by its content, load that instead, and add the
/// policy. (`trunk serve` output keeps its inline script and no policy.)
fn externalize_start_script(dist: &std::path::Path) -> Result<(), String> {
    let index = dist.join("index.html");
    let html = std::fs::read_to_string(&index)
        .map_err(|e| format!("cannot read {}: {e}", index.display()))?;
    // Trunk's release build minifies the page: attributes lose their quotes.
    let Some((start, open)) = ["<script type=\"module\">", "<script type=module>"]
        .iter()
        .find_map(|open| html.find(open).map(|i| (i, *open)))
    else {
        return Ok(()); // already external
    };
    let end = html[start..]
        .find("</script>")
        .map(|i| start + i)
        .ok_or("index.html: an unclosed inline script")?;
    let code = html[start + open.len()..end].trim();
    // A stable name that changes with the content, for caching.
    let name = format!("start-{:016x}.js", paths::fnv1a(code.as_bytes()));
    std::fs::write(dist.join(&name), format!("{code}\n"))
        .map_err(|e| format!("cannot write {name}: {e}"))?;
    let tag = format!("<script type=\"module\" src=\"./{name}\"></script>");
    let html = format!(
        "{}{tag}{}",
        &html[..start],
        &html[end + "</script>".len()..]
    );
    let Some(charset) = ["<meta charset=\"utf-8\" />", "<meta charset=utf-8>"]
        .into_iter()
        .find(|c| html.contains(c))
    else {
        return Err("index.html: no <meta charset=utf-8> to put the policy after".into());
    };
    let policy =
        format!("{charset}<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">");
    let html = html.replacen(charset, &policy, 1);
    std::fs::write(&index, html).map_err(|e| format!("cannot write {}: {e}", index.display()))
}

/// wasm-opt's passes for both outputs (the panel's are in `index.html`, for
/// Trunk). Flattening and re-looping the control flow before the size passes
/// gives code that gzips better: 2.1 KB less for the panel, 0.5 KB for the
/// JS module, than `-Oz --converge` alone. `--converge` repeats the passes
/// while they still shrink the module.
const WASM_OPT: [&str; 9] = [
    "-Oz",
    "--flatten",
    "--rereloop",
    "-Oz",
    "-Oz",
    "--converge",
    "--strip-producers",
    "--strip-target-features",
    "--strip-debug",
];

/// The wasm features rustc emits, for wasm-opt.
const WASM_FEATURES: [&str; 6] = [
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// Where the JS module is written.
const PKG: &str = "pkg";

/// Builds the JS module into `pkg/`: the wasm core (feature `js`, no Leptos),
/// its wasm-bindgen glue, wasm-opt, and the hand-written entry and types.
/// Reports and returns the module's download (wasm plus glue), gzipped.
pub fn js(env: &Env) -> Result<u64, String> {
    build_js(env, &Compiler::SHIPPED, PKG)
}

/// [`js`] by `compiler`, into `out` (relative to the root).
fn build_js(env: &Env, compiler: &Compiler, out: &str) -> Result<u64, String> {
    let rustflags = paths::release_rustflags(env, compiler)?;
    let digest = fingerprint::digest(env, JS_INPUTS, compiler, &rustflags);
    if fingerprint::is_current(env, out, &digest) {
        step(&format!(
            "{out}/ is up to date: nothing it is made from changed"
        ));
        return Ok(report_sizes(&js_sizes(env, out)?));
    }
    fingerprint::forget(env, out);
    let args = [
        "build",
        "--release",
        "--target",
        "wasm32-unknown-unknown",
        "--features",
        "js",
        "--lib",
    ];
    let mut cargo = env.cmd("cargo");
    cargo
        .args(args)
        .env(paths::RUSTFLAGS_VAR, rustflags)
        .env("CARGO_TARGET_DIR", env.root.join(paths::JS_TARGET_DIR));
    compiler.apply(&mut cargo);
    setup::run_cmd(&format!("cargo {}", args.join(" ")), cargo)?;
    let pkg = env.root.join(out);
    let _ = std::fs::remove_dir_all(&pkg);
    let wasm = env
        .root
        .join(paths::JS_TARGET_DIR)
        .join("wasm32-unknown-unknown/release/gamecloud.wasm");
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
    let mut args = WASM_OPT.to_vec();
    args.extend(WASM_FEATURES);
    args.extend([core.as_str(), "-o", core.as_str()]);
    setup::run(env, "wasm-opt", &args)?;
    let glue = pkg.join("gamecloud_core.js");
    let read = |p: &std::path::Path| {
        std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let text = String::from_utf8(read(&glue)?).map_err(|_| "the glue is not UTF-8")?;
    let (wasm, text) = imports::shorten(&read(core.as_ref())?, &text, "./gamecloud_core_bg.js")?;
    let (wasm, text) = imports::shorten_exports(&wasm, &text, imports::CLOSURE_EXPORTS)?;
    std::fs::write(&core, wasm).map_err(|e| format!("cannot write {core}: {e}"))?;
    std::fs::write(&glue, text).map_err(|e| format!("cannot write the glue: {e}"))?;
    // The glue is wasm-bindgen's, not ours to read: shipped minified (6.9 KB
    // gzipped becomes 5.x KB); the entry and its types stay as written.
    minify_js(env, &pkg.join("gamecloud_core.js"))?;
    for file in ["index.js", "index.d.ts", "package.json", "README.md"] {
        std::fs::copy(env.root.join("js").join(file), pkg.join(file))
            .map_err(|e| format!("cannot copy js/{file}: {e}"))?;
    }
    fingerprint::record(env, out, &digest);
    Ok(report_sizes(&js_sizes(env, out)?))
}

/// `cargo xtask levers`: the panel and the JS module built by each compiler
/// of [`toolchain::LEVERS`] (into `target/levers/`), and what each weighs:
/// the bytes each flag buys, measured in one run with one set of sources.
pub fn levers(env: &Env) -> Result<(), String> {
    let mut rows = Vec::new();
    for (i, (what, compiler)) in toolchain::LEVERS.iter().enumerate() {
        step(what);
        let panel = build_panel(env, compiler, &format!("target/levers/{i}/dist"));
        let js = build_js(env, compiler, &format!("target/levers/{i}/pkg"));
        rows.push((what, panel, js));
    }
    // The shipped outputs' intermediate builds (target/split, target/js)
    // are the last lever's now: the next `dist` and `js` build again.
    fingerprint::forget(env, DIST);
    fingerprint::forget(env, PKG);
    println!(
        "\nmeasured with {}",
        Compiler::SHIPPED
            .describe(env)
            .lines()
            .next()
            .unwrap_or("?")
    );
    println!(
        "{:<44} {:>9} {:>9} {:>9} {:>9}  (bytes, gzip -9)",
        "compiler", "opening", "deep link", "all files", "JS module"
    );
    for (what, panel, js) in rows {
        let panel = match panel {
            Ok(p) => {
                let deepest = p.deep_links.iter().map(|d| d.1).max().unwrap_or(0);
                format!("{:>9} {:>9} {:>9}", p.first_load, deepest, p.total)
            }
            Err(e) => format!("the panel failed: {e}"),
        };
        let js = js.map_or_else(|e| format!("the module failed: {e}"), |b| b.to_string());
        println!("{what:<44} {panel} {js:>9}");
    }
    Ok(())
}

/// What a dashboard downloads of the module: wasm plus JS glue.
fn js_sizes(env: &Env, out: &str) -> Result<Vec<(String, u64, u64)>, String> {
    Ok(file_sizes(&env.root.join(out))?
        .into_iter()
        .filter(|(name, ..)| name.ends_with(".js") || name.ends_with(".wasm"))
        .collect())
}

/// `cargo xtask screenshots`: the screenshots of the README and docs/PANEL.md, from the e2e scenes.
pub fn screenshots(env: &Env) -> Result<(), String> {
    dist(env)?;
    setup::run(env, "cargo", &["build", "--package", "local-service"])?;
    let status = env
        .cmd("node")
        .args(["--test", "e2e/screenshots.mjs"])
        .env("SCREENSHOT_DIR", env.root.join("docs/screenshots"))
        .status()
        .map_err(|e| format!("cannot run node: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| "the screenshots failed".into())
}

/// `cargo xtask bench`: the panel's size and speed, in one run.
pub fn bench(env: &Env) -> Result<(), String> {
    let sizes = dist(env)?;
    setup::run(env, "cargo", &["build", "--package", "local-service"])?;
    println!(
        "panel download: {} to open it (budget {}), {} in all (budget {})",
        kb(sizes.first_load),
        kb(FIRST_LOAD_BYTES),
        kb(sizes.total),
        kb(TOTAL_BYTES)
    );
    let status = env
        .cmd("node")
        .arg("e2e/bench.mjs")
        .status()
        .map_err(|e| format!("cannot run node: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| "the benchmark failed".into())
}

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
    let status = cmd
        .args(args)
        .status()
        .map_err(|e| format!("cannot start the local service: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("the local service stopped ({status})"))
}

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
    Task(fn(&mut Run) -> Result<(), String>),
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
    ("native tests", Action::Tests("cargo", &["test", "--workspace"])),
    ("engine files, the hand-off's test vector and copied curl commands read by the real readers", Action::Tests("cargo", &["test", "--test", "files", "--test", "sealed", "--test", "api", "--", "--ignored"])),
    ("build local service", Action::Check("cargo", &["build", "--package", "local-service"])),
    ("wasm tests (headless Chromium)", Action::Task(wasm_tests)),
    ("release panel (nightly, trunk, splitter)", Action::Task(|run| dist(&run.env).map(|sizes| run.panel = Some(sizes)))),
    ("panel budgets (opening, deep links, every file)", Action::Task(|run| panel_budgets(run.panel.as_ref()))),
    ("no server function, no wasm-streams classes", Action::Task(no_server_functions)),
    ("JS module build (nightly)", Action::Task(|run| js(&run.env).map(|gz| run.js_gz = Some(gz)))),
    ("JS module size budget", Action::Task(|run| budget("the JS module", run.js_gz, JS_BUDGET_BYTES))),
    ("no path of the build machine in shipped files", Action::Task(no_machine_paths)),
    ("end-to-end and JS module tests (Node, Playwright)", Action::Tests("node", &["--test", "--test-reporter=tap", "e2e/"])),
];

/// What the steps share: the tools, what earlier steps measured, and the
/// counts of a task that runs tests.
struct Run {
    env: Env,
    panel: Option<PanelSizes>,
    js_gz: Option<u64>,
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
    ) -> Result<(), String> {
        let (ok, passed, failed) = run_counting(&self.env, program, args, envs);
        self.counts = Some((passed, failed));
        ok.then_some(()).ok_or_else(|| failure.to_owned())
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
pub fn test() -> Result<(), String> {
    let started = Instant::now();
    let mut run = Run {
        env: ensure_all()?,
        panel: None,
        js_gz: None,
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
                let result = task(&mut run).inspect_err(|e| eprintln!("{e}"));
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
        return Err(format!("{failed} failed"));
    }
    Ok(())
}

/// The set-up's own fetch, with a cargo home that starts empty, must leave
/// nothing for a later build to download: `cargo metadata`, offline, needs
/// every crate of every target, and an offline fetch of std's crates for the
/// nightly finds them all. So that the check itself can be trusted, one
/// crate only the wasm builds need is then removed, and the same check must
/// fail naming it.
fn fetch_check(run: &mut Run) -> Result<(), String> {
    let home = run.env.root.join("target/fetch-check");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).map_err(|e| format!("cannot create {}: {e}", home.display()))?;
    setup::fetch_crates(&run.env, Some(&home))?;
    let metadata = || {
        run.env
            .cmd("cargo")
            .args(["metadata", "--format-version", "1", "--locked", "--offline"])
            .env("CARGO_HOME", &home)
            .stdout(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run cargo metadata: {e}"))
    };
    let complete = metadata()?;
    if !complete.status.success() {
        return Err(format!(
            "after the set-up's fetch, a build still needs a download:\n{}",
            String::from_utf8_lossy(&complete.stderr)
        ));
    }
    toolchain::fetch_std_crates(&run.env, Some(&home), true).map_err(|e| {
        format!("after the set-up's fetch, rebuilding std still needs a download: {e}")
    })?;
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
        return Err(format!(
            "the check did not notice a missing crate ({WASM_ONLY}*): {said}"
        ));
    }
    println!("every crate fetched by the set-up; without {WASM_ONLY}* the check fails as it must");
    Ok(())
}

/// Leptos builds `server_fn` for the browser; the panel patches in a
/// `wasm-streams` stand-in without its exported JS classes
/// (`patches/wasm-streams`), which is right only while the panel defines no
/// server function. Fails if one appears in `src/`, or if the shipped glue
/// still names those classes (the patch no longer applies).
fn no_server_functions(run: &mut Run) -> Result<(), String> {
    const SERVER_FN: [&str; 3] = ["#[server", "#[leptos::server", "server_fn::"];
    const CLASSES: [&str; 3] = [
        "IntoUnderlyingSource",
        "IntoUnderlyingByteSource",
        "IntoUnderlyingSink",
    ];
    let mut found = Vec::new();
    let mut dirs = vec![run.env.root.join("src")];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                found.extend(SERVER_FN.iter().filter(|m| text.contains(*m)).map(|m| {
                    format!(
                        "{} holds {m:?}: a server function needs the real wasm-streams",
                        path.display()
                    )
                }));
            }
        }
    }
    let classes: Vec<String> = CLASSES.iter().map(|c| c.to_string()).collect();
    found.extend(paths::files_with_marks(
        &[&run.env.root.join(DIST)],
        &classes,
    )?);
    if found.is_empty() {
        println!("no server function in src/; the glue names none of {CLASSES:?}");
        Ok(())
    } else {
        Err(found.join("\n"))
    }
}

/// No shipped file (the panel's `dist/`, the JS module's
/// `pkg/`) names the build machine: its cargo home, its user, the clone's
/// directory.
fn no_machine_paths(run: &mut Run) -> Result<(), String> {
    let marks = paths::machine_marks(&run.env);
    let dirs = [DIST, PKG].map(|d| run.env.root.join(d));
    let found = paths::files_with_marks(&dirs.each_ref().map(|d| d.as_path()), &marks)?;
    if found.is_empty() {
        println!("dist/ and pkg/ hold none of {marks:?}");
        Ok(())
    } else {
        Err(format!(
            "shipped files name the build machine:\n{}",
            found.join("\n")
        ))
    }
}

/// The browser tests of the transport call a real service on loopback: one
/// with test hooks, one that refuses the test page's origin.
fn wasm_tests(run: &mut Run) -> Result<(), String> {
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
        _ => Err("cannot start the local service for the wasm tests".into()),
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
pub fn fuzz(env: &Env, cases: Option<&str>) -> Result<(), String> {
    let cases = cases.unwrap_or("1000000");
    let n: u64 = cases
        .parse()
        .map_err(|_| format!("{cases:?} is not a number of cases"))?;
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
            return Err(format!("tests/{file}.rs failed"));
        }
    }
    Ok(())
}

/// A size budget: within it with [`HEADROOM_PERCENT`] to spare, or not
/// (printed either way).
fn budget(what: &str, size: Option<u64>, limit: u64) -> Result<(), String> {
    let headroom = HEADROOM_PERCENT;
    let total = size.ok_or("nothing was built to measure")?;
    let ceiling = limit - limit * headroom / 100;
    let within = total <= ceiling;
    let verdict = if within { "within" } else { "OVER" };
    let under = (limit as f64 - total as f64) / limit as f64 * 100.0;
    println!(
        "{what}: {} gzipped ({total} bytes), budget {} ({limit} bytes, at most {ceiling} \
         with {headroom}% to spare): {verdict}, {under:.1}% under the budget",
        kb(total),
        kb(limit)
    );
    if within {
        Ok(())
    } else {
        Err(format!(
            "{what}: {} is over {} (the budget of {} less {headroom}%)",
            kb(total),
            kb(ceiling),
            kb(limit)
        ))
    }
}

/// Starts the local service on a free loopback port; returns it and its URL
/// (without a trailing slash).
fn start_service(env: &Env, args: &[&str]) -> Result<(std::process::Child, String), String> {
    let mut child = Command::new(env.root.join("target/debug/local-service"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the local service: {e}"))?;
    let out = child
        .stdout
        .take()
        .ok_or("no output from the local service")?;
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
            Err("the local service printed no URL".into())
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

/// Prints each file's sizes; returns the gzipped total.
fn report_sizes(sizes: &[(String, u64, u64)]) -> u64 {
    for (name, raw, gz) in sizes {
        println!("  {name:<48} {:>10} raw {:>10} gzipped", kb(*raw), kb(*gz));
    }
    let total: u64 = sizes.iter().map(|s| s.2).sum();
    println!("  total: {} gzipped", kb(total));
    total
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}

/// `cargo xtask sizes`: what each crate weighs in the JS module and the panel
/// (raw bytes of code and data before gzip, names kept by `wasm-opt -g` and
/// read by twiggy, which it installs if missing).
pub fn sizes(env: &Env) -> Result<(), String> {
    if env.cmd("twiggy").arg("--version").output().is_err() {
        setup::cargo_install(env, &["twiggy", "--version", "0.8.0"])?;
    }
    let js_total = js(env)?;
    let panel_total = dist(env)?.total;
    // Sizes move with the compiler: say which one measured them.
    let version = Compiler::SHIPPED.describe(env);
    let rustc = version.lines().next().unwrap_or("rustc ?").to_owned();
    println!("\nmeasured with {rustc}");
    let out = env.root.join("target/sizes");
    let split_target = split::target_dir(env).display().to_string();
    for (name, wasm, gz, target) in [
        ("JS module", "gamecloud", js_total, paths::JS_TARGET_DIR),
        (
            "panel (its wasm before the cut into parts)",
            "panel",
            panel_total,
            split_target.as_str(),
        ),
    ] {
        let input = env.root.join(format!(
            "{target}/wasm32-unknown-unknown/release/{wasm}.wasm"
        ));
        let dir = out.join(wasm);
        let (input, dir_s) = (input.display().to_string(), dir.display().to_string());
        setup::run(
            env,
            "wasm-bindgen",
            &[
                "--target",
                "web",
                "--keep-debug",
                "--no-typescript",
                "--out-dir",
                &dir_s,
                &input,
            ],
        )?;
        let bg = dir.join(format!("{wasm}_bg.wasm")).display().to_string();
        let named = dir.join("named.wasm").display().to_string();
        // The shipped passes, with the function names kept for twiggy.
        let mut args: Vec<&str> = WASM_OPT
            .into_iter()
            .filter(|a| *a != "--strip-debug")
            .collect();
        args.push("-g");
        args.extend(WASM_FEATURES);
        args.extend([bg.as_str(), "-o", named.as_str()]);
        setup::run(env, "wasm-opt", &args)?;
        let mut twiggy = env.cmd("twiggy");
        twiggy.args(["top", "-n", "100000", "-f", "csv", &named]);
        let csv = setup::capture(&format!("twiggy top {named}"), twiggy)?;
        let table = by_crate(&csv);
        let total: u64 = table.iter().map(|(_, n)| n).sum();
        println!(
            "\n{name}: {} gzipped ({gz} bytes, {rustc}); code and data {} raw:",
            kb(gz),
            kb(total)
        );
        for (krate, bytes) in table.iter().take(16) {
            println!("  {krate:<28} {:>9}", kb(*bytes));
        }
    }
    Ok(())
}

/// twiggy's CSV rows summed by crate (the first path segment of a name),
/// with data segments and wasm-bindgen's shims in groups of their own.
fn by_crate(csv: &str) -> Vec<(String, u64)> {
    let mut sums = std::collections::BTreeMap::<String, u64>::new();
    for line in csv.lines().skip(1) {
        // Name,ShallowSize,ShallowSizePercent,RetainedSize,RetainedSizePercent:
        // names may hold commas, the numbers never do.
        let fields: Vec<&str> = line.rsplitn(5, ',').collect();
        let [.., size, name] = fields[..] else {
            continue;
        };
        let size: u64 = size.parse().unwrap_or(0);
        let name = name
            .trim_matches('"')
            .trim_start_matches(['<', '&', '*', ' ']);
        // Custom sections (the split build's relocations and linking data)
        // are neither code nor data a browser runs: the shipped files have none.
        let krate = if name.contains("function names") || name.starts_with("custom section") {
            continue;
        } else if name.starts_with("data segment") {
            "data (strings, tables)".to_owned()
        } else if name.contains("shim") || name.starts_with("code[") {
            "wasm-bindgen shims".to_owned()
        } else {
            let head: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let head = head.split('[').next().unwrap_or_default().to_owned();
            if head == "gamecloud" {
                let module = name.split("::").nth(1).unwrap_or("");
                format!("gamecloud::{module}")
            } else {
                head
            }
        };
        *sums.entry(krate).or_default() += size;
    }
    let mut table: Vec<(String, u64)> = sums.into_iter().collect();
    table.sort_by_key(|row| std::cmp::Reverse(row.1));
    table
}
