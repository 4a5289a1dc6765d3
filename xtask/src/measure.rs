//! Measuring what ships: the size budgets, `cargo xtask sizes`, `levers`,
//! `bench` and `screenshots`.

use anyhow::{anyhow, Context, Result};

use crate::build::{build_js, build_panel, dist, js, PanelSizes, DIST, PKG};
use crate::cmd::{self, kb, step, Env};
use crate::fingerprint;
use crate::opt::{WASM_FEATURES, WASM_OPT};
use crate::packed::Packed;
use crate::paths;
use crate::setup;
use crate::split;
use crate::toolchain::{self, Compiler};

/// The panel's budgets, gzipped (KB = 1024 bytes): what a browser downloads
/// before the panel opened at its URL (no hash) shows a usable control: every
/// file but the parts fetched on first use (`split.rs`).
pub const FIRST_LOAD_BYTES: u64 = 140 * 1024;

/// A deep link to any page: the first load and the parts that page needs.
/// Set from what a person waits for (issue 53), not from the last build's
/// figure (docs/SIZE.md).
pub const DEEP_LINK_BYTES: u64 = 200 * 1024;

/// Every budget must be met with this much room under it, kept on purpose
/// (issue 53): gzip -9 is not monotone at these sizes, so a change of a few
/// hundred bytes must not land on either side of a ceiling by chance, and a
/// feature a person would notice has room to land.
pub const ROOM_BYTES: u64 = 2 * 1024;

/// The panel's budgets, each with [`ROOM_BYTES`] of room: what a
/// person downloads to open it, and to follow a deep link to each page.
/// Every file together is printed, never gated: no one downloads them all,
/// and a new page in a part of its own costs no other page a byte.
pub(crate) fn panel_budgets(sizes: Option<&PanelSizes>) -> Result<()> {
    let sizes = sizes.context("nothing was built to measure")?;
    let mut results = vec![budget(
        "opening the panel (no hash)",
        Some(sizes.first_load),
        FIRST_LOAD_BYTES,
    )];
    for (what, bytes) in &sizes.deep_links {
        results.push(budget(what, Some(*bytes), DEEP_LINK_BYTES));
    }
    println!(
        "every file of {DIST}/ together (printed, not gated): {} ({} bytes gzip)",
        sizes.total, sizes.total.gz
    );
    results.into_iter().collect()
}

/// `cargo xtask levers`: the panel and the JS module built by each compiler
/// of [`toolchain::LEVERS`] (into `target/levers/`), and what each weighs:
/// the bytes each flag buys, measured in one run with one set of sources.
pub fn levers(env: &Env) -> Result<()> {
    let mut rows = Vec::new();
    for (i, (what, compiler)) in toolchain::LEVERS.iter().enumerate() {
        step(what);
        let panel = build_panel(env, compiler, &format!("target/levers/{i}/dist"));
        // The core entry: what the levers were first measured on.
        let js = build_js(env, compiler, &format!("target/levers/{i}/pkg")).map(|sizes| {
            sizes
                .iter()
                .find(|(e, _)| e.what == "JS module")
                .map_or(0, |s| s.1.gz)
        });
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
                let deepest = p.deep_links.iter().map(|d| d.1.gz).max().unwrap_or(0);
                format!("{:>9} {:>9} {:>9}", p.first_load.gz, deepest, p.total.gz)
            }
            Err(e) => format!("the panel failed: {e:#}"),
        };
        let js = js.map_or_else(|e| format!("the module failed: {e:#}"), |b| b.to_string());
        println!("{what:<44} {panel} {js:>9}");
    }
    Ok(())
}

/// `cargo xtask screenshots`: the screenshots of the README and docs/PANEL.md, from the e2e scenes.
pub fn screenshots(env: &Env) -> Result<()> {
    dist(env)?;
    js(env)?;
    cmd::run(env, "cargo", &["build", "--package", "local-service"])?;
    let mut node = env.cmd("node");
    let tests = ["e2e/look.test.mjs", "e2e/js-elements.test.mjs"];
    node.arg("--test")
        .args(tests)
        .env("SCREENSHOT_DIR", env.root.join("docs/screenshots"));
    cmd::run_cmd(&format!("node --test {}", tests.join(" ")), node)
}

/// `cargo xtask bench`: the panel's size and speed, in one run.
pub fn bench(env: &Env) -> Result<()> {
    let sizes = dist(env)?;
    cmd::run(env, "cargo", &["build", "--package", "local-service"])?;
    println!(
        "panel download: {} to open it (budget {} gzip), {} in all files",
        sizes.first_load,
        kb(FIRST_LOAD_BYTES),
        sizes.total,
    );
    let mut node = env.cmd("node");
    node.arg("e2e/bench.mjs");
    cmd::run_cmd("node e2e/bench.mjs", node)?;
    // The JS module's builds entry, in Node and in Chromium.
    js(env)?;
    let mut node = env.cmd("node");
    node.arg("e2e/bench-builds.mjs");
    cmd::run_cmd("node e2e/bench-builds.mjs", node)
}

/// `cargo xtask lighthouse`: Lighthouse's mobile scores of the opening page
/// and the builds page, each at 95 or more (`xtask/lighthouse/audit.mjs`).
/// Lighthouse is installed in `xtask/lighthouse` on first use, apart from
/// the build's and the tests' tools.
pub fn lighthouse(env: &Env) -> Result<()> {
    dist(env)?;
    crate::setup::ensure_npm_in(env, &env.root.join("xtask/lighthouse"))?;
    let mut node = env.cmd("node");
    node.arg("xtask/lighthouse/audit.mjs")
        .env("CHROMIUM", &env.chromium);
    cmd::run_cmd("node xtask/lighthouse/audit.mjs", node)
}

/// A size budget (gzip -9): within it with [`ROOM_BYTES`] of room, or not
/// (printed either way, with the brotli size beside).
pub(crate) fn budget(what: &str, size: Option<Packed>, limit: u64) -> Result<()> {
    let size = size.context("nothing was built to measure")?;
    let total = size.gz;
    let ceiling = limit - ROOM_BYTES;
    let within = total <= ceiling;
    let verdict = if within { "within" } else { "OVER" };
    let room = limit as i64 - total as i64;
    println!(
        "{what}: {size} ({total} bytes gzip), budget {} ({limit} bytes, at most {ceiling} \
         with {ROOM_BYTES} bytes of room): {verdict}, {room} bytes of room",
        kb(limit)
    );
    if within {
        Ok(())
    } else {
        Err(anyhow!(
            "{what}: {} is over {} (the budget of {} less {ROOM_BYTES} bytes of room)",
            kb(total),
            kb(ceiling),
            kb(limit)
        ))
    }
}

/// `cargo xtask sizes`: what each crate weighs in the JS module and the panel
/// (raw bytes of code and data before gzip, names kept by `wasm-opt -g` and
/// read by twiggy, which it installs if missing).
pub fn sizes(env: &Env) -> Result<()> {
    if env.cmd("twiggy").arg("--version").output().is_err() {
        setup::cargo_install(env, &["twiggy", "--version", "0.8.0"])?;
    }
    let js_total = js(env)?
        .iter()
        .find(|(e, _)| e.what == "JS module")
        .map_or(0, |s| s.1.gz);
    let panel_total = dist(env)?.total.gz;
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
        cmd::run(
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
        cmd::run(env, "wasm-opt", &args)?;
        let mut twiggy = env.cmd("twiggy");
        twiggy.args(["top", "-n", "100000", "-f", "csv", &named]);
        let csv = cmd::capture(&format!("twiggy top {named}"), twiggy)?;
        let table = by_crate(&csv, 1);
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

/// `cargo xtask holds VISIT`: what a visit's first parts hold (`VISIT` one
/// of `split::PANEL_VISITS`, as the last `cargo xtask dist` cut them): twiggy
/// on the module the splitter joined of its parts for its pack (or on each
/// part, for a visit of one part), before wasm-opt and with its names,
/// code and data summed by crate and the panel's own by module. The bytes are
/// raw, not gzipped: a share of what the visit's pack weighs.
pub fn holds(env: &Env, visit: &str) -> Result<()> {
    let files = split::Cut::panel(env).cut_files(visit)?;
    let mut csv = String::new();
    for file in &files {
        let mut twiggy = env.cmd("twiggy");
        twiggy.args(["top", "-n", "100000", "-f", "csv"]).arg(file);
        csv += &cmd::capture(&format!("twiggy top {}", file.display()), twiggy)?;
    }
    let table = by_crate(&csv, 4);
    let total: u64 = table.iter().map(|(_, n)| n).sum();
    let what = match files.len() {
        1 => "its pack's module".to_owned(),
        n => format!("{n} parts"),
    };
    println!(
        "a deep link to {visit}: {what} before wasm-opt, code and data {} raw:",
        kb(total)
    );
    for (module, bytes) in table.iter().take(40) {
        println!("  {module:<48} {bytes:>7}");
    }
    Ok(())
}

/// twiggy's CSV rows summed by crate (the first path segment of a name),
/// the panel's own by its first `depth` modules, with data segments and
/// wasm-bindgen's shims in groups of their own.
fn by_crate(csv: &str, depth: usize) -> Vec<(String, u64)> {
    let mut sums = std::collections::BTreeMap::<String, u64>::new();
    // Each file's header (`Name,ShallowSize,…`) left out.
    for line in csv.lines().filter(|l| !l.starts_with("Name,")) {
        // Name,ShallowSize,ShallowSizePercent,RetainedSize,RetainedSizePercent:
        // names may hold commas, the numbers never do.
        let fields: Vec<&str> = line.rsplitn(5, ',').collect();
        let [.., size, name] = fields[..] else {
            continue;
        };
        let size: u64 = size.parse().unwrap_or(0);
        let name = name
            .trim_matches('"')
            .trim_start_matches(['<', '&', '*', ' '])
            .trim_start_matches("_ as ");
        // Custom sections (the split build's relocations and linking data)
        // are neither code nor data a browser runs: the shipped files have none.
        let krate = if name.contains("function names") || name.starts_with("custom section") {
            continue;
        } else if name.starts_with("data segment") {
            "data (strings, tables)".to_owned()
        } else if ["type", "import", "elem", "global", "table", "export"]
            .iter()
            .any(|w| name.starts_with(w) && !name[w.len()..].starts_with(char::is_alphanumeric))
        {
            "wasm types, imports, exports, tables".to_owned()
        } else if name.contains("shim") || name.starts_with("code[") {
            "wasm-bindgen shims".to_owned()
        } else {
            let head: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let head = head.split('[').next().unwrap_or_default().to_owned();
            if head == "gamecloud" {
                // Modules are lower-case: a type, a closure or a shim ends them.
                let modules: Vec<&str> = name
                    .split("::")
                    .skip(1)
                    .take(depth)
                    .take_while(|m| {
                        m.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                            && !m.starts_with('_')
                    })
                    .collect();
                format!("gamecloud::{}", modules.join("::"))
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
