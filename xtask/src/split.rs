//! The panel's pages that a visit does not need, fetched when first used.
//!
//! `cargo xtask dist` builds the panel with `--cfg gamecloud_split` (the
//! functions declared with `lazy!` in `src/panel/lazy.rs` become split points)
//! and `-Clink-args=--emit-relocs` (the splitter reads the relocations), in a
//! target directory of its own so that no other build sees either flag.
//! Trunk has no step between cargo and wasm-bindgen, so this runner puts a
//! copy of itself first on Trunk's `PATH` under the name `wasm-bindgen`
//! ([`standin`]): it cuts the wasm with `wasm_split_cli_support`, then runs
//! the real wasm-bindgen on the main part (`--keep-lld-exports`: the parts
//! import the main part's table and memory through those exports).
//!
//! After Trunk, [`finish`] makes each part shippable: wasm-opt with the main
//! part's passes ([`crate::opt::WASM_OPT`]), a name from its content (`part-<digest>.wasm`, cached
//! forever like the rest), and a loader whose every fetch carries the part's
//! integrity hash and a time limit, checks the HTTP status and reads the
//! bytes itself (so a host that sends `.wasm` with another type still
//! works); a part that failed is fetched again past the browser's cache. The
//! loader is then bundled into the glue, which `index.html` already covers
//! with SRI.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{anyhow, bail, Context, Result};

use crate::cmd::Env;
use crate::paths;

/// The variable that switches the stand-in on: the directory for the parts.
const OUT_VAR: &str = "GAMECLOUD_SPLIT_OUT";
/// The real wasm-bindgen, for the stand-in.
const REAL_VAR: &str = "GAMECLOUD_REAL_WASM_BINDGEN";
/// The glue module the loader imports `initSync` from, until [`finish`]
/// knows the glue's real name.
const MAIN_PLACEHOLDER: &str = "./__gamecloud_main.js";
/// The loader's name, as the main part imports it.
const LOADER: &str = "__wasm_split.js";
/// Which parts each split point needs, as the splitter names them:
/// `point: file file …` lines.
const MANIFEST: &str = "parts.txt";
/// The same with the names shipped in `dist/`, kept beside the build for the
/// size budgets.
const SHIPPED: &str = "shipped.txt";
/// Each visit's pack, and each pack of [`AFTER`]: `key: pack` lines.
const PACKED: &str = "packed.txt";
/// The modules the splitter joined for the packs: `key: module file file …`
/// lines, the key as in [`PACKED`].
const JOINED: &str = "joined.txt";
/// The visits of [`PANEL_VISITS`] that are not lean: the header's switcher
/// and palette, opened once a page is there (lean, they made opening the
/// panel heavier). A deep link to every other page fetches only code that
/// page needs (docs/SIZE.md, size rule "small chunks placed by cost").
const NOT_LEAN: &[&str] = &["switcher", "palette"];

/// The lean visits, by their first split points. The splitter ignores a
/// visit that names a point the build does not have (the elements have no
/// log and no build's page).
fn lean_visits() -> Vec<&'static [&'static str]> {
    PANEL_VISITS
        .iter()
        .filter(|(name, _)| !NOT_LEAN.contains(name))
        .map(|(_, points)| *points)
        .collect()
}
/// What a visit asks for in one turn after its first parts: the builds
/// page's tools, chart and what else is around the table, and a build's
/// view that its rows' menus open (as its list is asked for), the token's send (as the form is shown) and then the engine
/// files (as a token is asked for, once the send is there), the settings'
/// send (as the page is shown) and then a confirmation (as a change is
/// asked for). Each has a pack of the parts the visit's pack and what came
/// before it do not hold (docs/SIZE.md, size rule "a page's parts in one
/// file"): a visit that opened on that page fetches them in one file.
const AFTER: &[After] = &[
    After {
        visit: "builds",
        asks: &["builds_tools", "builds_chart", "builds_more", "build_page"],
        there: &[],
    },
    After {
        visit: "dev_token",
        asks: &["token_send"],
        there: &[],
    },
    After {
        visit: "dev_token",
        asks: &["engine_files"],
        there: &["token_send"],
    },
    After {
        visit: "settings",
        asks: &["settings_send"],
        there: &[],
    },
    After {
        visit: "settings",
        asks: &["confirm"],
        there: &["settings_send"],
    },
];

/// What a visit asks for in one turn after its first parts.
struct After {
    /// The visit's name (one of [`PANEL_VISITS`]).
    visit: &'static str,
    /// The split points asked for together.
    asks: &'static [&'static str],
    /// The points asked for before them, whose parts are there by then.
    there: &'static [&'static str],
}

impl After {
    /// Its pack's name in `packed.txt`: `after <visit>` for what comes
    /// right after the first parts, `later <visit> <points> after
    /// <points there>` for the rest.
    fn key(&self) -> String {
        if self.there.is_empty() {
            format!("after {}", self.visit)
        } else {
            format!(
                "later {} {} after {}",
                self.visit,
                self.asks.join(" "),
                self.there.join(" ")
            )
        }
    }
}

/// What a visit starts with: its name, and the split points it asks for in
/// its first turn (`fetch_ahead` in `src/panel/pages/builds/list.rs`: the builds page asks
/// for the code that loads the list with the table's, a build's page with
/// its view's). Each has a pack of their parts ([`write_packs`]).
type Visit = (&'static str, &'static [&'static str]);
/// The panel's visits: each page's (the builds, a build's own page, the
/// token page, the settings, the log, the tokens made here), and the
/// header's switcher and palette, opened first.
const PANEL_VISITS: &[Visit] = &[
    ("builds", &["builds_list", "builds_table"]),
    ("build", &["builds_list", "build_page"]),
    ("dev_token", &["dev_token"]),
    ("settings", &["settings"]),
    ("log", &["log"]),
    ("tokens", &["tokens"]),
    ("switcher", &["switcher"]),
    ("palette", &["palette"]),
];

/// A pack: the parts of some split points but those of the points there
/// already, which the splitter joins into one module.
struct PackToJoin {
    /// The visit it belongs to (one of [`PANEL_VISITS`]).
    visit: &'static str,
    /// Its name in [`PACKED`] and [`JOINED`].
    key: String,
    /// The split points whose parts it holds.
    points: &'static [&'static str],
    /// The split points whose parts are there by then, left out of it.
    there: Vec<&'static str>,
}

/// Every pack: each visit's first points, and each of [`AFTER`]'s but what
/// its visit and the points asked before hold ([`write_packs`] checks the
/// joined modules' parts against the manifest). The elements' build joins
/// them too, leaving out the points it lacks, and ships those of its visits.
fn packs_to_join() -> Vec<PackToJoin> {
    let visits = PANEL_VISITS.iter().map(|(name, points)| PackToJoin {
        visit: name,
        key: name.to_string(),
        points,
        there: Vec::new(),
    });
    let after = AFTER.iter().map(|after| {
        let first = PANEL_VISITS
            .iter()
            .find(|(name, _)| *name == after.visit)
            .map_or(&[][..], |(_, points)| *points);
        PackToJoin {
            visit: after.visit,
            key: after.key(),
            points: after.asks,
            there: first.iter().chain(after.there).copied().collect(),
        }
    });
    visits.chain(after).collect()
}

/// The target directory of the split build.
pub fn target_dir(env: &Env) -> PathBuf {
    env.root.join("target/split")
}

/// Where the parts and the loader are written before [`finish`].
fn out_dir(env: &Env) -> PathBuf {
    target_dir(env).join("parts")
}

/// The flags a split build adds to the release ones.
pub fn rustflags(release: &str) -> String {
    format!("{release}\x1f--cfg\x1fgamecloud_split\x1f-Clink-args=--emit-relocs")
}

/// What Trunk's command needs for a split build: the stand-in first on its
/// `PATH`, the variables the stand-in reads, the target directory.
pub fn trunk_env(env: &Env) -> Result<Vec<(&'static str, String)>> {
    let real = which(&env.path, "wasm-bindgen")?;
    let bin = target_dir(env).join("standin");
    std::fs::create_dir_all(&bin).with_context(|| format!("cannot create {}", bin.display()))?;
    // This very runner: through /proc where there is one, which still reads
    // when `cargo build` has replaced the file since this run began (the
    // path then names a deleted file).
    let me = Some(std::path::PathBuf::from("/proc/self/exe"))
        .filter(|p| p.exists())
        .map_or_else(std::env::current_exe, Ok)
        .context("cannot find this runner")?;
    let standin = bin.join("wasm-bindgen");
    let _ = std::fs::remove_file(&standin);
    std::fs::copy(&me, &standin)
        .with_context(|| format!("cannot copy the runner to {}", standin.display()))?;
    let out = out_dir(env);
    let _ = std::fs::remove_dir_all(&out);
    Ok(vec![
        ("PATH", format!("{}:{}", bin.display(), env.path)),
        (REAL_VAR, real.display().to_string()),
        (OUT_VAR, out.display().to_string()),
        ("CARGO_TARGET_DIR", target_dir(env).display().to_string()),
    ])
}

/// The first `name` on `path`, the stand-in's own folder left out (a `PATH`
/// that already holds it would make the stand-in call itself).
fn which(path: &str, name: &str) -> Result<PathBuf> {
    path.split(':')
        .filter(|dir| !dir.ends_with("split/standin"))
        .map(|dir| Path::new(dir).join(name))
        .find(|p| p.is_file())
        .with_context(|| format!("no {name} on PATH"))
}

/// True for the name of a part or a pack of parts in `dist/`.
pub fn is_part(name: &str) -> bool {
    (name.starts_with("part-") || name.starts_with("pack-")) && name.ends_with(".wasm")
}

/// True when this runner was started as `wasm-bindgen` (by Trunk).
pub fn is_standin() -> bool {
    std::env::args_os()
        .next()
        .map(PathBuf::from)
        .and_then(|p| p.file_name().map(|n| n == "wasm-bindgen"))
        .unwrap_or(false)
}

/// The stand-in: split the input wasm, then the real wasm-bindgen on its
/// main part. Without [`OUT_VAR`] (or for `--version`), only the real one.
pub fn standin() -> ExitCode {
    let Some(args) = std::env::args_os()
        .skip(1)
        .map(|a| a.into_string().ok())
        .collect::<Option<Vec<String>>>()
    else {
        eprintln!("wasm-bindgen stand-in: an argument is not UTF-8");
        return ExitCode::FAILURE;
    };
    let Ok(real) = std::env::var(REAL_VAR) else {
        eprintln!("wasm-bindgen stand-in: {REAL_VAR} is not set");
        return ExitCode::FAILURE;
    };
    let args = match std::env::var(OUT_VAR) {
        Ok(out) if !args.iter().any(|a| a == "--version" || a == "-V") => {
            match split(&args, Path::new(&out)) {
                Ok(args) => args,
                Err(e) => {
                    eprintln!("wasm-bindgen stand-in: {e:#}");
                    return ExitCode::FAILURE;
                }
            }
        }
        _ => args,
    };
    match Command::new(&real).args(&args).status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("wasm-bindgen stand-in: cannot run {real}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Splits the `.wasm` argument into `out`; returns wasm-bindgen's arguments
/// for the main part.
fn split(args: &[String], out: &Path) -> Result<Vec<String>> {
    let at = args
        .iter()
        .position(|a| a.ends_with(".wasm") && !a.starts_with('-'))
        .context("no .wasm among the arguments")?;
    let main = cut(Path::new(&args[at]), out)?;
    let mut args = args.to_vec();
    args[at] = main.display().to_string();
    args.push("--keep-lld-exports".into());
    Ok(args)
}

/// Cuts `input` (a wasm built with [`rustflags`]) at its split points into
/// `out`: the main part (returned: wasm-bindgen's input, with
/// `--keep-lld-exports`), the other parts, their loader and the manifest of
/// which parts each point needs.
pub fn cut(input: &Path, out: &Path) -> Result<PathBuf> {
    let bytes = std::fs::read(input).with_context(|| format!("cannot read {}", input.display()))?;
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let main = out.join("main.wasm");
    let link = format!("./{LOADER}");
    let mut opts = wasm_split_cli_support::Options::new(&bytes);
    opts.output_dir = out;
    opts.main_out_path = &main;
    opts.link_name = &link;
    let lean = lean_visits();
    opts.lean_visits = &lean;
    let packs = packs_to_join();
    let joins: Vec<_> = packs
        .iter()
        .map(|pack| wasm_split_cli_support::Join {
            name: &pack.key,
            points: pack.points,
            there: &pack.there,
        })
        .collect();
    opts.joins = &joins;
    opts.main_module = MAIN_PLACEHOLDER;
    let split = wasm_split_cli_support::transform(opts)
        .map_err(|e| anyhow!("the splitter failed: {e:?}"))?;
    let joined: String = split
        .joined
        .iter()
        .map(|j| {
            let module = j.path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            format!("{}: {module} {}\n", j.name, j.files.join(" "))
        })
        .collect();
    std::fs::write(out.join(JOINED), joined).context("cannot write the joined modules' list")?;
    let mut manifest: Vec<String> = split
        .prefetch_map
        .iter()
        .map(|(point, files)| format!("{point}: {}", files.join(" ")))
        .collect();
    manifest.sort();
    std::fs::write(out.join(MANIFEST), manifest.join("\n") + "\n")
        .context("cannot write the manifest")?;
    Ok(main)
}

/// A split build: where its parts are cut to, and what a visit can start
/// with.
pub struct Cut {
    /// Where the stand-in or [`cut`] writes the parts.
    pub out: PathBuf,
    /// What a visit can start with: each has a pack of its parts
    /// ([`write_packs`]). Every other point is fetched after one of these,
    /// with some of its parts already there (the part every point needs, at
    /// least): a pack of its own would never be taken, only one of the
    /// parts not there yet ([`AFTER`]).
    visits: Vec<&'static Visit>,
}

impl Cut {
    /// The panel's: [`PANEL_VISITS`].
    pub fn panel(env: &Env) -> Cut {
        Cut {
            out: out_dir(env),
            visits: PANEL_VISITS.iter().collect(),
        }
    }

    /// The drop-in elements': each element's page (the builds', whose list
    /// and table come first; the token page; the settings), as the panel's.
    pub fn elements(env: &Env) -> Cut {
        let pages = ["builds", "dev_token", "settings"];
        Cut {
            out: env.root.join(paths::ELEMENTS_TARGET_DIR).join("parts"),
            visits: PANEL_VISITS
                .iter()
                .filter(|(name, _)| pages.contains(name))
                .collect(),
        }
    }

    /// Each split point's parts, named as shipped (from the last split
    /// build): `(point, names)`.
    pub fn points(&self) -> Result<Vec<(String, Vec<String>)>> {
        read_points(&self.out.join(SHIPPED))
    }

    /// The files of `visit`'s points as the splitter cut them (before
    /// wasm-opt, with their names), from the last split build: the module
    /// it joined of them, which its pack ships, or the parts.
    pub fn cut_files(&self, visit: &str) -> Result<Vec<PathBuf>> {
        let visit = self
            .visits
            .iter()
            .find(|(name, _)| *name == visit)
            .with_context(|| {
                let names: Vec<&str> = self.visits.iter().map(|(name, _)| *name).collect();
                format!("no visit is named {visit:?}: one of {}", names.join(", "))
            })?;
        let joined = read_points(&self.out.join(JOINED))?;
        if let Some((module, _)) = joined_module(&joined, visit.0) {
            return Ok(vec![self.out.join(format!("{module}.wasm"))]);
        }
        let points = read_points(&self.out.join(MANIFEST))?;
        Ok(visit_parts(&points, visit)?
            .into_iter()
            .map(|name| self.out.join(format!("{name}.wasm")))
            .collect())
    }

    /// The points each visit starts with: `(visit, points)`.
    pub fn visits(&self) -> impl Iterator<Item = &'static Visit> + '_ {
        self.visits.iter().copied()
    }

    /// The pack each visit's first parts are fetched in when none of them
    /// is there yet (a deep link to its page): `(visit, pack)`. The packs of
    /// what a page asks for next ([`AFTER`]) are not among them.
    pub fn packs(&self) -> Result<Vec<(String, String)>> {
        Ok(read_points(&self.out.join(PACKED))?
            .into_iter()
            .filter(|(visit, _)| self.visits.iter().any(|(name, _)| name == visit))
            .filter_map(|(visit, mut files)| Some((visit, files.pop()?)))
            .collect())
    }

    /// The packs of what a visit asks for after its first parts
    /// ([`AFTER`]), in the order it asks: `(what it holds, pack)`.
    pub fn packs_after(&self, visit: &str) -> Result<Vec<(String, String)>> {
        let packed = read_points(&self.out.join(PACKED))?;
        Ok(AFTER
            .iter()
            .filter(|after| after.visit == visit)
            .filter_map(|after| {
                let (_, files) = packed.iter().find(|(key, _)| *key == after.key())?;
                Some((after.asks.join(", "), files.last()?.clone()))
            })
            .collect())
    }
}

/// The parts of those of `wanted` that this build has (the elements have no
/// build's page), each once, in `wanted`'s order, from `points` (`(point,
/// names)`, as [`Cut::points`] gives them).
fn parts_of<'a>(points: &'a [(String, Vec<String>)], wanted: &[&str]) -> Vec<&'a String> {
    let mut held: Vec<&String> = Vec::new();
    for point in wanted {
        for (_, names) in points.iter().filter(|(p, _)| p == point) {
            for name in names {
                if !held.contains(&name) {
                    held.push(name);
                }
            }
        }
    }
    held
}

/// The parts of `visit`'s points, each once: [`parts_of`], where every
/// point must be one the build has.
pub fn visit_parts<'a>(
    points: &'a [(String, Vec<String>)],
    visit: &Visit,
) -> Result<Vec<&'a String>> {
    if let Some(point) = visit
        .1
        .iter()
        .find(|point| !points.iter().any(|(p, _)| p == *point))
    {
        bail!(
            "no split point is named {point}: the visit {:?} is stale",
            visit.0
        );
    }
    Ok(parts_of(points, visit.1))
}

/// The module the splitter joined for the pack `key`, and the files it
/// holds, from [`JOINED`]'s lines.
fn joined_module<'a>(
    joined: &'a [(String, Vec<String>)],
    key: &str,
) -> Option<(&'a String, &'a [String])> {
    joined
        .iter()
        .find(|(k, _)| k == key)
        .and_then(|(_, line)| line.split_first())
}

/// One part as shipped.
struct Part {
    /// The splitter's name for it (`split_…`, `chunk_…`), without `.wasm`.
    from: String,
    /// Its name in `dist/`.
    name: String,
    /// Its integrity hash.
    integrity: String,
}

/// After Trunk: optimizes, names and writes the parts into `dist`, and the
/// loader beside `glue` (which imports it), importing `initSync` from the
/// glue itself so that the minifier bundles both into one file.
pub fn finish(env: &Env, cut: &Cut, dist: &Path, glue: &Path) -> Result<()> {
    let out = &cut.out;
    let read = |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
    let mut loader =
        String::from_utf8(read(&out.join(LOADER))?).context("the split loader is not UTF-8")?;
    let glue_name = glue
        .file_name()
        .and_then(|n| n.to_str())
        .context("the glue has no name")?;
    loader = replace_once(&loader, MAIN_PLACEHOLDER, &format!("./{glue_name}"))?;
    let mut parts = Vec::new();
    for entry in std::fs::read_dir(out).with_context(|| format!("cannot list {}", out.display()))? {
        let path = entry
            .with_context(|| format!("cannot list {}", out.display()))?
            .path();
        let Some(stem) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".wasm"))
        else {
            continue;
        };
        if stem == "main" || stem.starts_with("join_") {
            continue;
        }
        let (name, integrity) = ship(env, out, stem, "part", dist)?;
        loader = replace_once(
            &loader,
            &format!("fetch(new URL(\"./{stem}.wasm\", import.meta.url))"),
            &format!("fetchPart(new URL(\"./{name}\", import.meta.url), \"{integrity}\")"),
        )?;
        parts.push(Part {
            from: stem.to_owned(),
            name,
            integrity,
        });
    }
    let fetches = loader
        .matches("WebAssembly.instantiateStreaming(src, imports)")
        .count();
    if fetches != parts.len() {
        bail!(
            "the split loader instantiates {fetches} parts, {} were written",
            parts.len()
        );
    }
    loader = loader.replace(
        "WebAssembly.instantiateStreaming(src, imports)",
        "instantiatePart(src, imports)",
    );
    let points = shipped_points(out, &parts)?;
    let (packs, pack_timeout_ms) = write_packs(env, cut, dist, &parts, &points)?;
    loader.push_str(
        &INSTANTIATE
            .replace("PART_TIMEOUT_MS", &PART_TIMEOUT_MS.to_string())
            .replace("PACK_TIMEOUT_MS", &pack_timeout_ms.to_string())
            .replace("PACKS_HERE", &packs_table(&packs)),
    );
    std::fs::write(dist.join(LOADER), loader).context("cannot write the loader")?;
    let shipped = points
        .iter()
        .map(|(point, names)| format!("{point}: {}\n", names.join(" ")))
        .collect::<String>();
    std::fs::write(out.join(SHIPPED), shipped)
        .with_context(|| format!("cannot write {SHIPPED}"))?;
    let packed = packs
        .iter()
        .map(|p| format!("{}: {}\n", p.point, p.name))
        .collect::<String>();
    std::fs::write(out.join(PACKED), packed).with_context(|| format!("cannot write {PACKED}"))
}

/// Optimizes `out/<stem>.wasm` with the main part's passes and writes it into
/// `dist` as `<kind>-<digest>.wasm`, named from its content ("parts named by
/// their digest", docs/SIZE.md); returns that name and its integrity hash.
fn ship(env: &Env, out: &Path, stem: &str, kind: &str, dist: &Path) -> Result<(String, String)> {
    let optimized = out.join(format!("{stem}.opt"));
    crate::opt::run(env, &out.join(format!("{stem}.wasm")), &optimized)?;
    let bytes = std::fs::read(&optimized)
        .with_context(|| format!("cannot read {}", optimized.display()))?;
    let integrity = crate::integrity::sri(&bytes);
    let name = format!("{kind}-{}.wasm", crate::integrity::content_name(&integrity));
    std::fs::write(dist.join(&name), &bytes).with_context(|| format!("cannot write {name}"))?;
    Ok((name, integrity))
}

/// A split point's parts in one file: what a deep link to its page fetches
/// when none of them is there yet (docs/SIZE.md, size rule "a page's parts
/// in one file").
struct Pack {
    /// The split point.
    point: String,
    /// Its name in `dist/`.
    name: String,
    /// Its integrity hash.
    integrity: String,
    /// The parts it holds, by their integrity hashes.
    held: Vec<String>,
}

/// Writes a pack for each of the cut's visits, and for each of [`AFTER`]
/// whose visit is one of them, where it holds two parts or more: the module
/// the splitter joined of those parts ([`packs_to_join`]), optimized as a part is
/// (one instantiation fills the table for all of them, and their calls to
/// each other are direct). Returns them, and how long the largest may take
/// to arrive in milliseconds: at 2 KB/s, as a part, and never less than a
/// part.
fn write_packs(
    env: &Env,
    cut: &Cut,
    dist: &Path,
    parts: &[Part],
    points: &[(String, Vec<String>)],
) -> Result<(Vec<Pack>, u64)> {
    let joined = read_points(&cut.out.join(JOINED))?;
    // Every visit's points must be the build's (a stale one is an error).
    for visit in &cut.visits {
        visit_parts(points, visit)?;
    }
    let mut packs = Vec::new();
    for pack in packs_to_join() {
        if !cut.visits.iter().any(|(v, _)| *v == pack.visit) {
            continue;
        }
        let there = parts_of(points, &pack.there);
        let held: Vec<&String> = parts_of(points, pack.points)
            .into_iter()
            .filter(|name| !there.contains(name))
            .collect();
        // One part alone is its own file already.
        if held.len() > 1 {
            packs.push(write_pack(
                env, cut, dist, parts, &joined, &pack.key, &held,
            )?);
        }
    }
    let mut timeout_ms = u64::from(PART_TIMEOUT_MS);
    for pack in &packs {
        let gzipped = crate::packed::gzipped(&dist.join(&pack.name))?;
        timeout_ms = timeout_ms.max((gzipped * 1000 / 2048).div_ceil(1000) * 1000);
    }
    // The loader takes the first pack whose parts are all asked for: the
    // largest first.
    packs.sort_by_key(|p| std::cmp::Reverse(p.held.len()));
    Ok((packs, timeout_ms))
}

/// Writes the pack `key`, which must hold the parts `held` (by their names
/// in `dist/`): the splitter's joined module of them, optimized.
fn write_pack(
    env: &Env,
    cut: &Cut,
    dist: &Path,
    parts: &[Part],
    joined: &[(String, Vec<String>)],
    key: &str,
    held: &[&String],
) -> Result<Pack> {
    let (module, files) = joined_module(joined, key)
        .with_context(|| format!("the splitter joined no module for {key}"))?;
    let mut joins = Vec::new();
    for file in files {
        let part = parts
            .iter()
            .find(|p| &p.from == file)
            .with_context(|| format!("{key}'s module holds {file}, which was not written"))?;
        joins.push(part);
    }
    let mut theirs: Vec<&String> = joins.iter().map(|p| &p.name).collect();
    let mut wanted = held.to_vec();
    theirs.sort();
    wanted.sort();
    if theirs != wanted {
        bail!("the splitter joined other parts for {key} than its points need: {theirs:?}, not {wanted:?}");
    }
    let (name, integrity) = ship(env, &cut.out, module, "pack", dist)?;
    Ok(Pack {
        point: key.to_owned(),
        name,
        integrity,
        held: joins.iter().map(|p| p.integrity.clone()).collect(),
    })
}

/// The loader's table of packs: `[url, integrity, parts' integrity]` each.
fn packs_table(packs: &[Pack]) -> String {
    let rows: Vec<String> = packs
        .iter()
        .map(|p| {
            let parts: Vec<String> = p.held.iter().map(|n| format!("\"{n}\"")).collect();
            format!(
                "[new URL(\"./{}\", import.meta.url), \"{}\", [{}]]",
                p.name,
                p.integrity,
                parts.join(", ")
            )
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// Fetches the parts asked for together (in one turn of the event loop: a
/// split point asks for all of its parts at once): those of a pack that
/// holds only parts asked for, none of which failed before, come in that one
/// file, one module that fills in all of them at once; any other part
/// alone. Each file carries its integrity hash and is
/// given up after its time limit ([`PART_TIMEOUT_MS`] for a part, the
/// largest pack's at the same speed for a pack: a stalled download would
/// otherwise hold every later attempt); a part that failed
/// once, alone or in its pack, is fetched alone past the browser's cache,
/// which may hold the bad copy. Instantiates a part: a failed HTTP answer is
/// an error that names it, and the bytes are read whatever the
/// `Content-Type` (streaming compilation refuses anything but
/// `application/wasm`).
const INSTANTIATE: &str = r#"
const failedParts = new Set();
const packedParts = new Set();
const packs = PACKS_HERE;
let asked = null;
function fetchPart(url, integrity) {
    // A pack filled it in already, and a part is instantiated once.
    if (packedParts.has(integrity)) return Promise.resolve({ url, response: null });
    if (asked === null) {
        asked = new Map();
        queueMicrotask(fetchAsked);
    }
    return new Promise((resolve, reject) => asked.set(integrity, { url, integrity, resolve, reject }));
}
function fetchAsked() {
    const parts = asked;
    asked = null;
    for (const [url, integrity, held] of packs) {
        if (held.every((part) => parts.has(part) && !failedParts.has(parts.get(part).url.href))) {
            fetchPack(url, integrity, held.map((part) => parts.get(part)));
            for (const part of held) parts.delete(part);
        }
    }
    for (const part of parts.values()) fetchAlone(part);
}
function fetchAlone({ url, integrity, resolve, reject }) {
    const cache = failedParts.has(url.href) ? "reload" : "default";
    const src = fetch(url, { integrity, cache, signal: AbortSignal.timeout(PART_TIMEOUT_MS) });
    src.catch(() => failedParts.add(url.href));
    src.then((response) => resolve({ url, response }), reject);
}
async function fetchPack(url, integrity, parts) {
    try {
        const response = await fetch(url, { integrity, signal: AbortSignal.timeout(PACK_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
        await WebAssembly.instantiate(await response.arrayBuffer(), getSharedImports());
        for (const part of parts) {
            packedParts.add(part.integrity);
            part.resolve({ url: part.url, response: null });
        }
    } catch (e) {
        for (const part of parts) {
            failedParts.add(part.url.href);
            part.reject(e);
        }
    }
}
async function instantiatePart(src, imports) {
    const { url, response } = await src;
    // Its pack's module holds its code, there already.
    if (response === null) return;
    try {
        if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
        return await WebAssembly.instantiate(await response.arrayBuffer(), imports);
    } catch (e) {
        failedParts.add(url.href);
        throw e;
    }
}
"#;

/// How long a part may take to arrive, in milliseconds: the largest part
/// (gzipped, as `cargo xtask dist` prints it) at 2 KB/s, with room.
const PART_TIMEOUT_MS: u32 = 20_000;

/// After the minifier: the loader must be inside the glue now (its name
/// stays only as the key of the wasm's imports).
pub fn check_bundled(dist: &Path, glue: &str) -> Result<()> {
    let compact: String = glue.split_whitespace().collect();
    if ["from\"./", "from'./", "import(\"./", "import('./"]
        .iter()
        .any(|i| compact.contains(&format!("{i}{LOADER}")))
    {
        bail!("the glue still imports {LOADER}: it was not bundled");
    }
    std::fs::remove_file(dist.join(LOADER)).with_context(|| format!("cannot remove {LOADER}"))
}

/// `text` with `from`, which must occur exactly once, replaced by `to`.
fn replace_once(text: &str, from: &str, to: &str) -> Result<String> {
    match text.matches(from).count() {
        1 => Ok(text.replacen(from, to, 1)),
        n => Err(anyhow!(
            "the split loader holds {from:?} {n} times, not once"
        )),
    }
}

/// A manifest's `point: file file …` lines.
fn read_points(path: &Path) -> Result<Vec<(String, Vec<String>)>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(point, files)| {
            let files = files.split_whitespace().map(str::to_owned).collect();
            (point.to_owned(), files)
        })
        .collect())
}

/// The splitter's manifest with each file's shipped name.
fn shipped_points(out: &Path, parts: &[Part]) -> Result<Vec<(String, Vec<String>)>> {
    read_points(&out.join(MANIFEST))?
        .into_iter()
        .map(|(point, files)| {
            let names = files
                .iter()
                .map(|f| {
                    parts
                        .iter()
                        .find(|p| &p.from == f)
                        .map(|p| p.name.clone())
                        .with_context(|| format!("{point} needs {f}, which was not written"))
                })
                .collect::<Result<_, _>>()?;
            Ok((point, names))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    /// A renamed visit whose old name stayed in [`super::NOT_LEAN`] would
    /// make it lean without a word: each is one of the panel's.
    #[test]
    fn every_visit_not_lean_is_one_of_the_panel_s() {
        for name in super::NOT_LEAN {
            assert!(
                super::PANEL_VISITS.iter().any(|(visit, _)| visit == name),
                "{name} is not one of PANEL_VISITS"
            );
        }
        assert_eq!(
            super::lean_visits().len(),
            super::PANEL_VISITS.len() - super::NOT_LEAN.len()
        );
    }

    /// A pack after a visit the panel does not have would never be
    /// written, and two of one name would be read as one.
    #[test]
    fn every_pack_after_a_visit_is_one_of_the_panel_s_with_a_name_of_its_own() {
        let mut keys = Vec::new();
        for after in super::AFTER {
            assert!(
                super::PANEL_VISITS
                    .iter()
                    .any(|(name, _)| *name == after.visit),
                "{} is not one of PANEL_VISITS",
                after.visit
            );
            assert!(!keys.contains(&after.key()), "{} twice", after.key());
            keys.push(after.key());
        }
    }

    /// Each visit's pack is joined of its first points' parts; each pack
    /// after it leaves out what the visit and the points asked before hold,
    /// which a module joined again would fill in twice.
    #[test]
    fn a_pack_after_a_visit_leaves_out_what_is_there_by_then() {
        let packs = super::packs_to_join();
        let pack = |key: &str| {
            packs
                .iter()
                .find(|p| p.key == key)
                .unwrap_or_else(|| panic!("no pack {key}"))
        };
        let builds = pack("builds");
        assert_eq!(builds.points, ["builds_list", "builds_table"]);
        assert!(builds.there.is_empty());
        let engine = pack("later dev_token engine_files after token_send");
        assert_eq!(engine.visit, "dev_token");
        assert_eq!(engine.points, ["engine_files"]);
        assert_eq!(engine.there, ["dev_token", "token_send"]);
        assert_eq!(packs.len(), super::PANEL_VISITS.len() + super::AFTER.len());
    }

    /// A visit's pack holds each part once, in its points' order.
    #[test]
    fn a_visit_fetches_the_parts_of_all_its_points_once() {
        let points = vec![
            ("list".to_owned(), vec!["a".to_owned(), "b".to_owned()]),
            ("table".to_owned(), vec!["b".to_owned(), "c".to_owned()]),
        ];
        let parts = super::visit_parts(&points, &("builds", &["list", "table"])).unwrap();
        assert_eq!(parts, ["a", "b", "c"]);
        assert!(super::visit_parts(&points, &("build", &["list", "page"])).is_err());
    }
}
