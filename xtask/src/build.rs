//! Building what ships: the release panel (`dist/`, cut into parts, its
//! start script moved out, a strict Content-Security-Policy) and the JS module
//! (`pkg/`), each with wasm-opt's one list of passes.

use anyhow::{bail, Context, Result};

use crate::cmd::{self, step, Env};
use crate::fingerprint;
use crate::imports;
use crate::integrity::sri;
use crate::opt;
use crate::packed::{file_sizes, report_sizes, FileSize, Packed};
use crate::paths;
use crate::split;
use crate::toolchain::Compiler;

/// The panel's download, packed.
pub struct PanelSizes {
    /// Opening the panel: every file but the parts.
    pub first_load: Packed,
    /// A deep link to each page (the first load and its visit's first
    /// parts), and to a page that needs any other split point (its parts
    /// counted alone, as if none were there): `(what, bytes)`.
    pub deep_links: Vec<(String, Packed)>,
    /// Every file.
    pub total: Packed,
}

/// Where the release panel is written.
pub const DIST: &str = "dist";

/// Builds the release panel into `dist/`, the pages a visit does not need in
/// parts fetched on first use (`split.rs`); reports and returns what a
/// browser downloads, gzipped.
pub fn dist(env: &Env) -> Result<PanelSizes> {
    let sizes = build_panel(env, &Compiler::SHIPPED, DIST)?;
    // The deepest link by gzip (the gate's measure), with its brotli size.
    let deepest = sizes
        .deep_links
        .iter()
        .map(|d| d.1)
        .max_by_key(|p| p.gz)
        .unwrap_or_default();
    let rows = [
        ("opening", sizes.first_load),
        ("deep link", deepest),
        ("every file", sizes.total),
    ];
    crate::record::record_sizes(&env.root, &with_brotli(&rows))?;
    Ok(sizes)
}

/// Each row's gzip figure by its name, and its brotli figure by its name
/// and [`crate::record::BROTLI`].
fn with_brotli(rows: &[(&str, Packed)]) -> Vec<(String, u64)> {
    rows.iter()
        .flat_map(|(name, p)| {
            [
                (name.to_string(), p.gz),
                (format!("{name}{}", crate::record::BROTLI), p.br),
            ]
        })
        .collect()
}

/// [`dist`] by `compiler`, into `out` (relative to the root).
pub(crate) fn build_panel(env: &Env, compiler: &Compiler, out: &str) -> Result<PanelSizes> {
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
        cmd::run_cmd(&format!("trunk build --release --dist {out}"), trunk)?;
        let dist = env.root.join(out);
        finish_panel(env, &dist)?;
        fingerprint::record(env, out, &digest);
    }
    panel_sizes(env, out)
}

/// Reports and returns the panel's sizes: each file, the first load, each
/// deep link with the parts it fetches, the total.
fn panel_sizes(env: &Env, out: &str) -> Result<PanelSizes> {
    let files = file_sizes(&env.root.join(out))?;
    let total = report_sizes(&files);
    let packed = |name: &str| {
        files
            .iter()
            .find(|f| f.name == name)
            .map_or_else(Packed::default, |f| f.packed)
    };
    let first_load: Packed = files
        .iter()
        .filter(|f| !split::is_part(&f.name))
        .map(|f| f.packed)
        .sum();
    println!("  opening the panel (no part): {first_load}");
    let mut deep_links = Vec::new();
    let cut = split::Cut::panel(env);
    let packs = cut.packs()?;
    let points = cut.points()?;
    let sum = |parts: &[&String]| parts.iter().map(|p| packed(p)).sum::<Packed>();
    let alone = |parts: &[&String]| {
        let from: Vec<String> = parts
            .iter()
            .map(|p| format!("{p} {}", packed(p).gz))
            .collect();
        format!(
            "{} parts (gzip bytes alone): {}",
            parts.len(),
            from.join(", ")
        )
    };
    // A deep link fetches its visit's first parts in their pack
    // (`split::finish`).
    for visit in cut.visits() {
        let parts = split::visit_parts(&points, visit)?;
        let pack = packs.iter().find(|(v, _)| v == visit.0).map(|(_, p)| p);
        let bytes = first_load + pack.map_or_else(|| sum(&parts), |p| packed(p));
        let how = pack.map_or_else(String::new, |p| {
            format!("in {p} ({} gzip bytes) ", packed(p).gz)
        });
        println!(
            "  a deep link to {} ({}): {bytes}: the opening's files and {how}{}",
            visit.0,
            visit.1.join(", "),
            alone(&parts)
        );
        deep_links.push((format!("a deep link to {}", visit.0), bytes));
        // And what the page asks for once its first control is usable, in
        // the order it asks (printed, not gated).
        let mut all = bytes;
        for (asks, pack) in cut.packs_after(visit.0)? {
            all = all + packed(&pack);
            println!(
                "    then {asks}, in {pack} ({} gzip bytes): {all} in all ({} gzip bytes)",
                packed(&pack).gz,
                all.gz
            );
        }
    }
    // Every other point's parts counted alone, as if none were there: an
    // upper bound for a page that fetches it after its first parts.
    for (point, parts) in &points {
        if cut
            .visits()
            .any(|(_, first)| first.contains(&point.as_str()))
        {
            continue;
        }
        let parts: Vec<&String> = parts.iter().collect();
        let bytes = first_load + sum(&parts);
        println!(
            "  a page that needs {point}: {bytes}: the opening's files and {}",
            alone(&parts)
        );
        deep_links.push((format!("a page that needs the part {point:?}"), bytes));
    }
    Ok(PanelSizes {
        first_load,
        deep_links,
        total,
    })
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
    "style",
];

/// What Trunk leaves, made smaller: wasm-opt's passes ([`opt::WASM_OPT`]),
/// the imports' names shortened in the wasm
/// and the glue ([`imports`]), the glue minified by rolldown (Trunk's minifier
/// stops at `export default`; docs/SIZE.md, size rule "glue minified"). Both files are
/// then named after their final content, for immutable caching, and
/// `index.html` follows: the new names and their integrity hashes.
fn finish_panel(env: &Env, dist: &std::path::Path) -> Result<()> {
    let find = |suffix: &str| -> Result<std::path::PathBuf> {
        std::fs::read_dir(dist)
            .with_context(|| format!("cannot list {}", dist.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.starts_with("panel-")
                    && name.ends_with(suffix)
                    && !(suffix == ".js" && name.ends_with("_bg.js"))
            })
            .with_context(|| format!("dist/: no panel-*{suffix}"))
    };
    let (glue_path, wasm_path) = (find(".js")?, find("_bg.wasm")?);
    let read = |p: &std::path::Path| {
        std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))
    };
    // Trunk's files, as its `index.html` names them and gives their hashes.
    let (old_glue, old_wasm) = (read(&glue_path)?, read(&wasm_path)?);
    opt::run(env, &wasm_path, &wasm_path)?;
    let text = String::from_utf8(old_glue.clone()).context("the glue is not UTF-8")?;
    // The exports keep their names: short names for the closures' exports,
    // as the JS module has them, measured larger on opening the panel
    // (docs/SIZE.md, size rule "short closure exports").
    let (wasm, glue) = imports::shorten(&read(&wasm_path)?, &text, "./panel_bg.js")?;
    let glue = glue + &start_code(&hashed_name(&wasm, "_bg.wasm"), &wasm);
    std::fs::write(&glue_path, glue).context("cannot write the glue")?;
    split::finish(env, &split::Cut::panel(env), dist, &glue_path)?;
    let (_, glue) = minify_js(env, &glue_path)?;
    split::check_bundled(dist, &String::from_utf8_lossy(&glue))?;
    let index = dist.join("index.html");
    let mut html = std::fs::read_to_string(&index)
        .with_context(|| format!("cannot read {}", index.display()))?;
    // The glue's final name and hash, for the tag that starts the panel.
    let mut glue_tag = (String::new(), String::new());
    for (path, old, new, ext) in [
        (&glue_path, &old_glue, &glue, ".js"),
        (&wasm_path, &old_wasm, &wasm, "_bg.wasm"),
    ] {
        let (old_sri, new_sri) = (sri(old), sri(new));
        if !html.contains(&old_sri) {
            bail!("index.html: no {old_sri} for {}", path.display());
        }
        let old_name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let new_name = hashed_name(new, ext);
        html = html
            .replace(&old_sri, &new_sri)
            .replace(old_name, &new_name);
        std::fs::remove_file(path).with_context(|| format!("cannot remove {old_name}"))?;
        std::fs::write(dist.join(&new_name), new)
            .with_context(|| format!("cannot write {new_name}"))?;
        if ext == ".js" {
            glue_tag = (new_name, new_sri);
        }
    }
    let html = start_from_glue(&html, &glue_tag.0, &glue_tag.1)?;
    std::fs::write(&index, html).with_context(|| format!("cannot write {}", index.display()))
}

/// Minifies an ES module in place with rolldown (its exports keep their
/// names); returns the text before and after.
fn minify_js(env: &Env, file: &std::path::Path) -> Result<(Vec<u8>, Vec<u8>)> {
    let before = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let out = env.root.join("target/minified.js");
    let (file_s, out_s) = (file.display().to_string(), out.display().to_string());
    cmd::run(
        env,
        "rolldown",
        &[&file_s, "--minify", "--format", "esm", "--file", &out_s],
    )?;
    let after = std::fs::read(&out).with_context(|| format!("cannot read {out_s}"))?;
    std::fs::write(file, &after).with_context(|| format!("cannot write {file_s}"))?;
    Ok((before, after))
}

/// The panel's Content Security Policy, set by a `<meta>` in the release
/// build: no inline script or style, no eval (only wasm compilation). Calls
/// go to the base URL the user enters, hence `connect-src http: https:`.
const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self' data:; connect-src 'self' http: https:; base-uri 'none'; form-action 'none'";

/// The name of a panel file with `bytes`, for immutable caching.
fn hashed_name(bytes: &[u8], ext: &str) -> String {
    format!("panel-{:016x}{ext}", paths::fnv1a(bytes))
}

/// What starts the panel, at the end of its glue: the wasm fetched with its
/// integrity hash before it is compiled (a preload's hash binds no later
/// `fetch` of the same URL); then the page's message (`.gc-boot` in
/// `index.html`) removed, unless the stylesheet was refused (it then stays,
/// unstyled, above the panel); on any failure that message shown at once.
fn start_code(wasm_name: &str, wasm: &[u8]) -> String {
    let integrity = sri(wasm);
    format!(
        "\ntry {{\n  await __wbg_init({{ module_or_path: fetch(new URL(\"./{wasm_name}\", import.meta.url), {{ integrity: \"{integrity}\" }}) }});\n  if (document.styleSheets.length) document.querySelector(\".gc-boot\")?.remove();\n}} catch (e) {{\n  document.documentElement.classList.add(\"gc-boot-failed\");\n  throw e;\n}}\n"
    )
}

/// Trunk starts the wasm with an inline `<script type="module">`, which a
/// strict Content Security Policy (no `unsafe-inline`) blocks, and which
/// would load the glue and the wasm unchecked. The glue starts the wasm
/// itself ([`start_code`]): in `html`, the inline script gives way to the
/// glue's own tag (`glue`, its file, with its `integrity`), and the policy
/// is added. So every script and wasm the page loads is checked: the glue
/// by its tag, the wasm by its fetch, the parts by their loader
/// (`split::finish`); the stylesheet carries Trunk's hash. (`trunk serve`
/// output keeps its inline script and no policy.)
fn start_from_glue(html: &str, glue: &str, integrity: &str) -> Result<String> {
    // Trunk's release build minifies the page: attributes lose their quotes.
    let (start, open) = ["<script type=\"module\">", "<script type=module>"]
        .iter()
        .find_map(|open| html.find(open).map(|i| (i, *open)))
        .context("index.html: no inline script of Trunk's to start the panel")?;
    let end = html[start..]
        .find("</script>")
        .map(|i| start + i)
        .context("index.html: an unclosed inline script")?;
    let code = &html[start + open.len()..end];
    // Trunk's script must be the one this replaces: it imports the glue
    // and starts the wasm, nothing more.
    if !code.contains(&format!("from './{glue}'")) || !code.contains("module_or_path") {
        bail!("index.html: Trunk's start-up script is not the expected one:\n{code}");
    }
    let tag =
        format!("<script type=\"module\" src=\"./{glue}\" integrity=\"{integrity}\"></script>");
    let html = format!(
        "{}{tag}{}",
        &html[..start],
        &html[end + "</script>".len()..]
    );
    let Some(charset) = ["<meta charset=\"utf-8\" />", "<meta charset=utf-8>"]
        .into_iter()
        .find(|c| html.contains(c))
    else {
        bail!("index.html: no <meta charset=utf-8> to put the policy after");
    };
    let policy =
        format!("{charset}<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">");
    Ok(html.replacen(charset, &policy, 1))
}

/// Where the JS module is written.
pub(crate) const PKG: &str = "pkg";

/// One entry of the JS module: a wasm of its own, built from this crate with
/// one feature, and the hand-written files a browser loads with it.
pub(crate) struct JsEntry {
    /// Its name in sizes and budgets (`target/sizes.toml`, docs/SIZE.md).
    pub what: &'static str,
    /// The crate feature that builds its wasm.
    feature: &'static str,
    /// Its glue and wasm: `<name>.js` and `<name>_bg.wasm`.
    name: &'static str,
    /// What a browser fetches for it besides its glue and wasm: the entry
    /// and what it imports.
    browser: &'static [&'static str],
    /// The compiler's optimisation level when not the release profile's
    /// (size): docs/SIZE.md, size rule "the builds entry built for speed".
    opt_level: Option<&'static str>,
    /// What a browser downloads for it at most, gzipped (KB = 1024 bytes),
    /// with `measure::ROOM_BYTES` of room.
    pub budget: u64,
    /// Cut into parts at its split points, each fetched when first used
    /// (`split::Cut::elements`): what a browser downloads for it is then its
    /// files and the pack of its largest first part.
    split: bool,
}

impl JsEntry {
    /// What a browser downloads for it, by name in `pkg/`: its glue, its
    /// wasm, and [`JsEntry::browser`].
    pub fn files(&self) -> Vec<String> {
        let own = [
            format!("{}.js", self.name),
            format!("{}_bg.wasm", self.name),
        ];
        own.into_iter()
            .chain(self.browser.iter().map(|f| f.to_string()))
            .collect()
    }
}

/// The JS module's entries, each loaded only when imported. The core is
/// built last: `cargo xtask sizes` reads its wasm in the shared target.
pub(crate) const JS_ENTRIES: &[JsEntry] = &[
    JsEntry {
        what: "builds entry",
        feature: "js-builds",
        name: "gamecloud_builds",
        browser: &[
            "builds.js",
            "builds-api.js",
            "kind.js",
            "load.js",
            "fetch.js",
        ],
        opt_level: Some("2"),
        // Set by the builds scanner's issue (55), which it is to hold.
        budget: 44 * 1024,
        split: false,
    },
    JsEntry {
        what: "files entry",
        feature: "js-files",
        name: "gamecloud_files",
        browser: &["files.js", "files-api.js", "kind.js", "load.js", "fetch.js"],
        opt_level: None,
        // docs/SIZE.md, "The core and files entries' budgets (issue 53)".
        budget: 58 * 1024,
        split: false,
    },
    JsEntry {
        what: "bulk entry",
        feature: "js-bulk",
        name: "gamecloud_bulk",
        browser: &["bulk.js", "bulk-api.js", "kind.js", "load.js", "fetch.js"],
        opt_level: None,
        // docs/SIZE.md, "The bulk and elements entries' budgets (issue 52)".
        budget: 26 * 1024,
        split: false,
    },
    JsEntry {
        what: "elements entry",
        feature: "elements",
        name: "gamecloud_elements",
        browser: &["elements.js", "elements.css", "load.js", "fetch.js"],
        opt_level: None,
        // docs/SIZE.md, "The bulk and elements entries' budgets (issue 52)".
        budget: 320 * 1024,
        split: true,
    },
    JsEntry {
        what: "JS module",
        feature: "js",
        name: "gamecloud_core",
        browser: &["index.js", "shared.js", "load.js", "fetch.js"],
        opt_level: None,
        // docs/SIZE.md, "The core and files entries' budgets (issue 53)".
        budget: 70 * 1024,
        split: false,
    },
];

/// Builds the JS module into `pkg/`: each entry's wasm (no Leptos), its
/// wasm-bindgen glue, wasm-opt, and the hand-written entries (browser, Node,
/// and what they share) and types. Reports and records what a browser
/// downloads for each entry, gzipped.
pub fn js(env: &Env) -> Result<Vec<(&'static JsEntry, Packed)>> {
    let sizes = build_js(env, &Compiler::SHIPPED, PKG)?;
    let rows: Vec<(&str, Packed)> = sizes.iter().map(|(e, p)| (e.what, *p)).collect();
    crate::record::record_sizes(&env.root, &with_brotli(&rows))?;
    example_site(env)?;
    Ok(sizes)
}

/// Where the elements' example page is put together with the package, for
/// the local service to serve (`--dist target/example`): a folder of its
/// own, not the repository's root with its `.git/` and sources.
const EXAMPLE: &str = "target/example";

/// `js/examples/` and `pkg/` copied into [`EXAMPLE`], as the page finds the
/// package from its place (`../../pkg/`).
fn example_site(env: &Env) -> Result<()> {
    let site = env.root.join(EXAMPLE);
    let _ = std::fs::remove_dir_all(&site);
    for (from, to) in [("js/examples", "js/examples"), (PKG, PKG)] {
        copy_files(&env.root.join(from), &site.join(to))?;
    }
    step(&format!("the elements' example page: {EXAMPLE}/js/examples/ (cargo run -p local-service -- --dist {EXAMPLE})"));
    Ok(())
}

/// [`js`] by `compiler`, into `out` (relative to the root).
pub(crate) fn build_js(
    env: &Env,
    compiler: &Compiler,
    out: &str,
) -> Result<Vec<(&'static JsEntry, Packed)>> {
    let rustflags = paths::release_rustflags(env, compiler)?;
    let digest = fingerprint::digest(env, JS_INPUTS, compiler, &rustflags);
    let pkg = env.root.join(out);
    if fingerprint::is_current(env, out, &digest) {
        step(&format!(
            "{out}/ is up to date: nothing it is made from changed"
        ));
    } else {
        fingerprint::forget(env, out);
        let _ = std::fs::remove_dir_all(&pkg);
        for entry in JS_ENTRIES {
            build_js_entry(env, compiler, &rustflags, entry, &pkg)?;
        }
        // The hand-written entries, their types, the package's manifest and
        // README: every file of js/, and the command's layers in js/cli/
        // (its other folders are examples, not shipped).
        copy_files(&env.root.join("js"), &pkg)?;
        copy_files(&env.root.join("js/cli"), &pkg.join("cli"))?;
        // The elements' stylesheet, from the panel's.
        let panel_css = std::fs::read_to_string(env.root.join("style/main.css"))
            .context("cannot read style/main.css")?;
        std::fs::write(
            pkg.join("elements.css"),
            crate::shadow_css::from_panel(&panel_css)?,
        )
        .context("cannot write elements.css")?;
        fingerprint::record(env, out, &digest);
    }
    let sizes = file_sizes(&pkg)?;
    let mut out = Vec::new();
    for entry in JS_ENTRIES {
        println!("{}:", entry.what);
        let wanted = entry.files();
        let files: Vec<FileSize> = sizes
            .iter()
            .filter(|f| wanted.contains(&f.name))
            .cloned()
            .collect();
        let mut total = report_sizes(&files);
        if entry.split {
            // And the parts of the element that fetches the most, in its pack.
            let packed = |name: &str| sizes.iter().find(|f| f.name == name).map(|f| f.packed);
            let (point, pack, bytes) = split::Cut::elements(env)
                .packs()?
                .into_iter()
                .filter_map(|(point, pack)| Some((point, pack.clone(), packed(&pack)?)))
                .max_by_key(|(_, _, bytes)| bytes.gz)
                .context("the elements have no pack")?;
            println!("  and the parts of the page that needs {point}, in {pack}: {bytes}");
            total = total + bytes;
            println!("  with them: {total}");
        }
        out.push((entry, total));
    }
    Ok(out)
}

/// One entry's wasm and glue into `pkg`: built with its feature, bound by
/// wasm-bindgen, made smaller (wasm-opt, short names, minified glue).
fn build_js_entry(
    env: &Env,
    compiler: &Compiler,
    rustflags: &str,
    entry: &JsEntry,
    pkg: &std::path::Path,
) -> Result<()> {
    let args = [
        "build",
        "--release",
        "--target",
        "wasm32-unknown-unknown",
        "--features",
        entry.feature,
        "--lib",
    ];
    let (target, rustflags) = if entry.split {
        (paths::ELEMENTS_TARGET_DIR, split::rustflags(rustflags))
    } else {
        (paths::JS_TARGET_DIR, rustflags.to_owned())
    };
    let mut cargo = env.cmd("cargo");
    cargo
        .args(args)
        .env(paths::RUSTFLAGS_VAR, rustflags)
        .env("CARGO_TARGET_DIR", env.root.join(target));
    if let Some(level) = entry.opt_level {
        cargo.env("CARGO_PROFILE_RELEASE_OPT_LEVEL", level);
    }
    compiler.apply(&mut cargo);
    cmd::run_cmd(&format!("cargo {}", args.join(" ")), cargo)?;
    let wasm = env
        .root
        .join(target)
        .join("wasm32-unknown-unknown/release/gamecloud.wasm");
    // Kept with its function names, for twiggy (`target/js/<entry>.wasm`).
    let named = env
        .root
        .join(paths::JS_TARGET_DIR)
        .join(format!("{}.wasm", entry.name));
    std::fs::create_dir_all(env.root.join(paths::JS_TARGET_DIR))
        .context("cannot make target/js")?;
    std::fs::copy(&wasm, &named).with_context(|| format!("cannot keep {}", named.display()))?;
    let cut = entry.split.then(|| split::Cut::elements(env));
    let wasm = match &cut {
        Some(cut) => split::cut(&wasm, &cut.out)?,
        None => wasm,
    };
    let (wasm, pkg_str) = (wasm.display().to_string(), pkg.display().to_string());
    let mut bindgen = vec![
        "--target",
        "web",
        "--out-dir",
        &pkg_str,
        "--out-name",
        entry.name,
        "--no-typescript",
        &wasm,
    ];
    if cut.is_some() {
        // The parts import the main part's table and memory through these.
        bindgen.push("--keep-lld-exports");
    }
    cmd::run(env, "wasm-bindgen", &bindgen)?;
    let core = pkg.join(format!("{}_bg.wasm", entry.name));
    if cut.is_none() {
        let unmarked = imports::drop_split_markers(&read_file(core.as_ref())?)?;
        std::fs::write(&core, unmarked)
            .with_context(|| format!("cannot write {}", core.display()))?;
    }
    let core = core.display().to_string();
    opt::run(env, core.as_ref(), core.as_ref())?;
    let glue = pkg.join(format!("{}.js", entry.name));
    let text = String::from_utf8(read_file(&glue)?).context("the glue is not UTF-8")?;
    let (wasm, text) = imports::shorten(
        &read_file(core.as_ref())?,
        &text,
        &format!("./{}_bg.js", entry.name),
    )?;
    let (wasm, text) = if entry.feature == "js" {
        imports::shorten_exports(&wasm, &text, imports::is_closure_export)?
    } else {
        (wasm, text) // no Rust closure runs for JS there
    };
    std::fs::write(&core, wasm).with_context(|| format!("cannot write {core}"))?;
    std::fs::write(&glue, text).context("cannot write the glue")?;
    if let Some(cut) = &cut {
        split::finish(env, cut, pkg, &glue)?;
    }
    // The glue is wasm-bindgen's, not ours to read: shipped minified
    // (docs/SIZE.md, size rule "glue minified"); the entry and its types stay as written.
    let (_, minified) = minify_js(env, &glue)?;
    if cut.is_some() {
        split::check_bundled(pkg, &String::from_utf8_lossy(&minified))?;
    }
    Ok(())
}

/// Copies the files of `from` (not its folders) into `to`, made if missing.
fn copy_files(from: &std::path::Path, to: &std::path::Path) -> Result<()> {
    std::fs::create_dir_all(to).with_context(|| format!("cannot make {}", to.display()))?;
    for file in
        std::fs::read_dir(from).with_context(|| format!("cannot read {}", from.display()))?
    {
        let path = file?.path();
        if path.is_file() {
            let name = path.file_name().context("a file without a name")?;
            std::fs::copy(&path, to.join(name))
                .with_context(|| format!("cannot copy {}", path.display()))?;
        }
    }
    Ok(())
}

fn read_file(path: &std::path::Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}
