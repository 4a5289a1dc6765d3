//! `cargo xtask tidy`, also a step of `cargo xtask test`: the docs say what is
//! true. It fails, naming each problem, when:
//!
//! - a path named in `README.md` or `docs/*.md` does not exist. A path is a
//!   markdown link's target that is not a URL (`scheme:`) or an anchor
//!   (`#`), read from the page's folder; or a code span whose first part is
//!   an entry at the top of the checkout (`src/…`, `.ci/run`, `Cargo.toml`)
//!   other than the generated ones ([`GENERATED`]: `dist/`, `pkg/`,
//!   `target/`, `node_modules/`, anywhere in the path), with no space and
//!   none of `* < { …` (a pattern, not a path), read from the top; a
//!   trailing `:LINE` is dropped. `CHANGELOG.md` is left out: it tells what
//!   was, files since gone included;
//! - a module of `src/` (each `.rs` file, each folder; a `mod.rs` is its
//!   folder) is not named in `docs/ARCHITECTURE.md` by a code span that is
//!   its path or the end of it (`src/panel/calls.rs`, `pages/builds/`,
//!   `table.rs`);
//! - a test named under ARCHITECTURE.md's "Invariants" is not there: a code
//!   span `FILE: NAME` names a `fn NAME` of a `.rs` file, or a test title of
//!   another file;
//! - the steps listed under "The steps" of `docs/TESTS.md` (a bullet each,
//!   its name first, in a code span) are not the names of `STEPS` in
//!   `xtask/src/check.rs`, in order (read from that file's text);
//! - a comment line (`//`, `///`, `//!`) of `src/` or `xtask/src/` holds a
//!   size figure: a number followed by `KB` (the unit the build prints; a
//!   rate such as `KB/s` is not a size), or cites a rule (the words `size
//!   rule` and its name in double quotes) that `docs/SIZE.md` does not name
//!   in bold; or gives a size reason (one of the words of [`SIZE_REASONS`])
//!   and names no rule. Size rules and their figures live in `docs/SIZE.md`
//!   alone; code cites a rule by its name;
//! - a file is over its length, or a room of the panel names a room above
//!   it (`crate::house`);
//! - a figure of the measured table at the top of `docs/SIZE.md` is not what
//!   the last release build measured (`crate::record::SIZES`, written by
//!   `crate::record::record_sizes`); without that file the check is skipped, saying so;
//! - `cargo doc` meets a broken intra-doc link: the workspace natively, the
//!   panel and the JS module for the wasm target (private items too).

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};

use crate::cmd::{files_under, kb, step, Env};

/// Generated output, never a path the docs must find in a checkout.
const GENERATED: [&str; 4] = ["dist", "pkg", "target", "node_modules"];

/// A check: each problem it finds, added to the list.
type Check = fn(&Env, &mut Vec<String>) -> Result<()>;

/// Every check; prints what each found and fails if any found a problem.
pub fn tidy(env: &Env) -> Result<()> {
    let mut problems = Vec::new();
    let checks: [(&str, Check); 9] = [
        ("paths and links in README.md and docs/", paths),
        ("every module of src/ in docs/ARCHITECTURE.md", modules),
        ("the tests ARCHITECTURE.md's invariants name", invariants),
        ("docs/TESTS.md's steps are STEPS", steps),
        (
            "no size figure in a code comment; a size reason cites a rule; cited rules exist",
            figures_in_comments,
        ),
        (
            "no file over its length in src/ and local-service/src/",
            crate::house::lengths,
        ),
        ("the panel's rooms point down", crate::house::rooms),
        ("docs/SIZE.md's measured sizes are the build's", sizes),
        ("cargo doc: no broken intra-doc link", doc_links),
    ];
    for (what, check) in checks {
        let before = problems.len();
        let t = Instant::now();
        check(env, &mut problems).with_context(|| format!("{what}: cannot check"))?;
        let found = problems.len() - before;
        let secs = t.elapsed().as_secs_f64();
        match found {
            0 => println!("tidy: {what}: ok ({secs:.1} s)"),
            n => println!("tidy: {what}: {n} problem(s) ({secs:.1} s)"),
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    for p in &problems {
        eprintln!("  {p}");
    }
    bail!("tidy found {} problem(s)", problems.len())
}

/// README.md and docs/*.md, the pages whose paths must exist.
fn pages(root: &Path) -> Result<Vec<String>> {
    let mut pages = vec!["README.md".to_owned()];
    for entry in std::fs::read_dir(root.join("docs")).context("cannot read docs/")? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            pages.push(format!("docs/{name}"));
        }
    }
    pages.sort();
    Ok(pages)
}

fn read(root: &Path, file: &str) -> Result<String> {
    std::fs::read_to_string(root.join(file)).with_context(|| format!("cannot read {file}"))
}

/// The text of a markdown page outside its fenced code blocks.
fn prose(text: &str) -> String {
    let mut fenced = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The code spans of a page's prose, each with its line number; a line break
/// inside one becomes a space.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut line = 1;
    let mut parts = text.split('`');
    while let Some(outside) = parts.next() {
        line += outside.matches('\n').count();
        let Some(inside) = parts.next() else { break };
        spans.push((line, inside.replace('\n', " ")));
        line += inside.matches('\n').count();
    }
    spans
}

/// Markdown link targets (`](target)`), each with its line number.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for piece in line.split("](").skip(1) {
            if let Some(end) = piece.find(')') {
                let target = piece[..end].split_whitespace().next().unwrap_or("");
                targets.push((i + 1, target.to_owned()));
            }
        }
    }
    targets
}

fn paths(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let tops: Vec<String> = std::fs::read_dir(root)?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".git" && !GENERATED.contains(&n.as_str()))
        .collect();
    for page in pages(root)? {
        let text = prose(&read(root, &page)?);
        let folder = Path::new(&page).parent().unwrap_or(Path::new(""));
        for (line, target) in link_targets(&text) {
            if target.is_empty() || target.starts_with('#') || target.contains(':') {
                continue;
            }
            let file = target.split('#').next().unwrap_or("");
            if !root.join(folder).join(file).exists() {
                problems.push(format!("{page}:{line}: the link to {target} leads nowhere"));
            }
        }
        for (line, span) in code_spans(&text) {
            let path = strip_line_number(&span);
            let first = path.split('/').next().unwrap_or("");
            let looks_like_path = tops.iter().any(|t| t == first)
                && !path.contains([' ', '*', '<', '{', '…'])
                && !path.split('/').any(|part| GENERATED.contains(&part));
            if looks_like_path && !root.join(path).exists() {
                problems.push(format!("{page}:{line}: `{span}` does not exist"));
            }
        }
    }
    Ok(())
}

/// `src/x.rs:24` or `src/x.rs:24-30` without its line numbers.
fn strip_line_number(span: &str) -> &str {
    match span.rsplit_once(':') {
        Some((path, lines))
            if !lines.is_empty() && lines.chars().all(|c| c.is_ascii_digit() || c == '-') =>
        {
            path
        }
        _ => span,
    }
}

fn modules(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let doc = "docs/ARCHITECTURE.md";
    let spans: Vec<String> = code_spans(&prose(&read(root, doc)?))
        .into_iter()
        .map(|(_, s)| s.trim_end_matches('/').to_owned())
        .collect();
    let named = |module: &str| {
        spans
            .iter()
            .any(|s| module == s || module.ends_with(&format!("/{s}")))
    };
    let mut dirs = vec!["src".to_owned()];
    while let Some(dir) = dirs.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(root.join(&dir))?.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = format!("{dir}/{}", entry.file_name().to_string_lossy());
            let is_dir = entry.path().is_dir();
            if is_dir {
                dirs.push(path.clone());
            } else if !path.ends_with(".rs") || path.ends_with("/mod.rs") {
                continue;
            }
            if !named(&path) {
                let shown = if is_dir { format!("{path}/") } else { path };
                problems.push(format!("{doc}: the module {shown} is not named"));
            }
        }
    }
    Ok(())
}

/// The body of the section of `text` headed `## {title}`.
fn section<'a>(text: &'a str, title: &str) -> Option<&'a str> {
    let start = text.find(&format!("\n## {title}\n"))? + title.len() + 5;
    let body = &text[start..];
    Some(body.find("\n## ").map_or(body, |end| &body[..end]))
}

fn invariants(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let doc = "docs/ARCHITECTURE.md";
    let text = read(root, doc)?;
    let Some(body) = section(&text, "Invariants") else {
        problems.push(format!("{doc} has no \"## Invariants\""));
        return Ok(());
    };
    let mut named = 0;
    for (_, span) in code_spans(body) {
        let Some((file, name)) = span.split_once(": ").filter(|(file, _)| file.contains('/'))
        else {
            continue;
        };
        named += 1;
        let Ok(source) = std::fs::read_to_string(root.join(file)) else {
            problems.push(format!("{doc}: `{span}`: there is no {file}"));
            continue;
        };
        let found = if file.ends_with(".rs") {
            source.contains(&format!("fn {name}("))
        } else {
            source.contains(&format!("'{name}'")) || source.contains(&format!("\"{name}\""))
        };
        if !found {
            problems.push(format!("{doc}: `{span}`: {file} has no test {name:?}"));
        }
    }
    if named == 0 {
        problems.push(format!(
            "{doc}: \"Invariants\" names no test (`FILE: NAME`)"
        ));
    }
    Ok(())
}

/// The names of `STEPS`, read from `xtask/src/check.rs`: each line of the
/// table that starts `("NAME",`.
fn step_names(root: &Path) -> Result<Vec<String>> {
    let source = read(root, "xtask/src/check.rs")?;
    let table = source
        .split_once("const STEPS")
        .and_then(|(_, rest)| rest.split_once("\n];"))
        .map(|(table, _)| table)
        .context("xtask/src/check.rs has no `const STEPS` table")?;
    Ok(table
        .lines()
        .filter_map(|l| l.trim().strip_prefix("(\""))
        .filter_map(|l| l.split_once('"').map(|(name, _)| name.to_owned()))
        .collect())
}

fn steps(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let doc = "docs/TESTS.md";
    let text = read(root, doc)?;
    let Some(body) = section(&text, "The steps") else {
        problems.push(format!("{doc} has no \"## The steps\""));
        return Ok(());
    };
    let listed: Vec<String> = body
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split_once('`').map(|(name, _)| name.to_owned()))
        .collect();
    let run = step_names(root)?;
    let missing = run.iter().filter(|n| !listed.contains(n));
    let extra = listed.iter().filter(|n| !run.contains(n));
    let found: Vec<String> = missing
        .map(|name| format!("{doc}: the step `{name}` is not listed"))
        .chain(extra.map(|name| format!("{doc}: `{name}` is listed but is no step of STEPS")))
        .collect();
    if found.is_empty() && listed != run {
        problems.push(format!(
            "{doc}: the steps are listed in another order than STEPS runs them"
        ));
    }
    problems.extend(found);
    Ok(())
}

/// Words that give a size reason in a comment: a comment that holds one
/// names the rule of docs/SIZE.md it keeps.
const SIZE_REASONS: [&str; 10] = [
    "into the wasm",
    "to the wasm",
    "to the module",
    "into the module",
    "costs no code",
    "no code of its own",
    "kilobytes",
    "a fraction of its size",
    "case tables",
    "float printing",
];

fn figures_in_comments(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let register = read(root, "docs/SIZE.md")?;
    let mut files = files_under(&root.join("src"))?;
    files.extend(files_under(&root.join("xtask/src"))?);
    for path in files {
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path)?;
        let shown = crate::house::shown(root, &path);
        // One comment: its consecutive comment lines, read together (a
        // reason and its rule may be on different lines).
        let mut block = String::new();
        let mut block_start = 0;
        for (i, line) in text.lines().chain([""]).enumerate() {
            let line = line.trim_start();
            if !line.starts_with("//") {
                if !block.is_empty() && !cites_a_rule(&block) {
                    if let Some(reason) = size_reason(&block) {
                        problems.push(format!(
                            "{shown}:{block_start}: a comment gives a size reason ({reason:?}) and names no rule of docs/SIZE.md (docs/SIZE.md, size rule \"NAME\")"
                        ));
                    }
                }
                // A citation may run over two lines: read in the whole comment.
                for rule in cited(&block, RULE) {
                    if !register.contains(&format!("**{rule}**")) {
                        problems.push(format!(
                            "{shown}:{block_start}: docs/SIZE.md has no size rule {rule:?}"
                        ));
                    }
                }
                for section in cited(&block, SECTION) {
                    let named = [format!("**{section}"), format!("## {section}")];
                    if !named.iter().any(|n| register.contains(n.as_str())) {
                        problems.push(format!(
                            "{shown}:{block_start}: docs/SIZE.md has no section {section:?}"
                        ));
                    }
                }
                block.clear();
                continue;
            }
            if block.is_empty() {
                block_start = i + 1;
            }
            block.push_str(line.trim_start_matches(['/', '!']).trim());
            block.push(' ');
            if holds_size_figure(line) {
                problems.push(format!(
                    "{shown}:{}: a size figure in a comment (cite the rule's name in docs/SIZE.md): {line}",
                    i + 1
                ));
            }
        }
    }
    Ok(())
}

/// How a comment cites a rule of docs/SIZE.md: these words, then its name
/// and a closing double quote.
const RULE: &str = "size rule \"";

/// How a comment cites a section of docs/SIZE.md: the page's name, a comma,
/// then the section's name and a closing double quote.
const SECTION: &str = "docs/SIZE.md, \"";

/// The names a comment cites after `opener` ([`RULE`] or [`SECTION`]), each
/// up to its closing double quote.
fn cited<'a>(comment: &'a str, opener: &str) -> Vec<&'a str> {
    comment
        .split(opener)
        .skip(1)
        .filter_map(|r| r.split_once('"').map(|(name, _)| name))
        .collect()
}

/// Whether a comment names a rule of docs/SIZE.md or one of its sections.
fn cites_a_rule(comment: &str) -> bool {
    comment.contains(RULE) || comment.contains(SECTION)
}

/// The words of [`SIZE_REASONS`] a comment holds, if any (case aside).
fn size_reason(comment: &str) -> Option<&'static str> {
    let lower = comment.to_lowercase();
    SIZE_REASONS.into_iter().find(|r| lower.contains(r))
}

/// Whether `line` holds a number followed by `KB` (with or without a
/// space), other than a rate (`KB/s`).
fn holds_size_figure(line: &str) -> bool {
    line.match_indices("KB").any(|(i, _)| {
        let before = line[..i].strip_suffix(' ').unwrap_or(&line[..i]);
        let after = line[i + 2..].chars().next();
        before.ends_with(|c: char| c.is_ascii_digit())
            && after.is_none_or(|c| !c.is_alphanumeric() && c != '/')
    })
}

fn sizes(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let Some(recorded) = crate::record::read_sizes(root)? else {
        println!(
            "tidy: no {} (written by `cargo xtask dist` and `js`): sizes not compared",
            crate::record::SIZES
        );
        return Ok(());
    };
    let doc = "docs/SIZE.md";
    let text = read(root, doc)?;
    // The first table of the page: its header names the `measured` column.
    let rows: Vec<(usize, Vec<String>)> = text
        .lines()
        .enumerate()
        .skip_while(|(_, l)| !l.starts_with('|'))
        .take_while(|(_, l)| l.starts_with('|'))
        .map(|(i, l)| {
            (
                i + 1,
                l.trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_owned())
                    .collect(),
            )
        })
        .collect();
    let header = rows.first().map(|(_, h)| h.clone()).unwrap_or_default();
    let column = |name: &str| header.iter().position(|c| c == name);
    let measured =
        column("measured").context("docs/SIZE.md's first table has no `measured` column")?;
    let (brotli, budget, room) = (column("brotli"), column("budget"), column("room"));
    let before = problems.len();
    for (name, bytes) in &recorded {
        // A brotli figure is recorded as `<row> (brotli)`, shown in its
        // row's `brotli` column.
        let (row_name, at) = match name.strip_suffix(BROTLI) {
            Some(row) => (row, brotli),
            None => (name.as_str(), Some(measured)),
        };
        let row = rows
            .iter()
            .skip(2)
            .find(|(_, cells)| cells[0].to_lowercase().contains(&row_name.to_lowercase()));
        let (Some((line, cells)), Some(at)) = (row, at) else {
            println!("tidy: {doc}'s measured table has no place for {name:?}: not compared");
            continue;
        };
        let want = shown_size(*bytes);
        let said = cells.get(at).map_or("", String::as_str);
        if said != want {
            problems.push(format!(
                "{doc}:{line}: {name}: says {said:?}, the build measured {want:?}{}",
                entry_files(root, name)
            ));
        }
        // The room is the budget less the measured size, as the gate counts it.
        let limit = budget
            .and_then(|b| cells.get(b))
            .and_then(|c| c.strip_suffix(" KB"))
            .and_then(|kb| kb.parse::<u64>().ok());
        if let (Some(limit), Some(room), None) = (limit, room, name.strip_suffix(BROTLI)) {
            let left = (limit * 1024).saturating_sub(*bytes);
            let want = shown_size(left);
            let said = cells.get(room).map_or("", String::as_str);
            if said != want {
                problems.push(format!(
                    "{doc}:{line}: {name}: the room says {said:?}, the budget less the build's figure is {want:?}"
                ));
            }
        }
    }
    if problems.len() > before {
        problems.push(why_sizes_differ(env)?);
    }
    Ok(())
}

/// For a JS entry's row, the files a browser downloads for it, as this build
/// made them (gzipped); nothing for the panel's rows, whose files
/// `cargo xtask dist` prints page by page.
fn entry_files(root: &Path, name: &str) -> String {
    let Some(entry) = crate::build::JS_ENTRIES.iter().find(|e| e.what == name) else {
        return String::new();
    };
    let files: Vec<String> = entry
        .files()
        .into_iter()
        .map(|file| {
            let path = root.join(crate::build::PKG).join(&file);
            match crate::packed::gzipped(&path) {
                Ok(gz) => format!("{file} {}", thousands(gz)),
                Err(_) => format!("{file} (not built)"),
            }
        })
        .collect();
    format!("; its files here, gzipped: {}", files.join(", "))
}

/// Why a measured size can differ from docs/SIZE.md's on the same sources:
/// a shipped file that holds a path of this machine, or a hash of one, which
/// another machine's build holds in its own way; or else the sources or the
/// compiler are not the ones the table was measured with.
fn why_sizes_differ(env: &Env) -> Result<String> {
    let dirs: Vec<std::path::PathBuf> = [crate::build::DIST, crate::build::PKG]
        .iter()
        .map(|d| env.root.join(d))
        .filter(|d| d.is_dir())
        .collect();
    let dirs: Vec<&Path> = dirs.iter().map(|d| d.as_path()).collect();
    let found = crate::paths::files_with_marks(&dirs, &crate::paths::machine_marks(env)?)?;
    Ok(if found.is_empty() {
        format!(
            "why the sizes differ: no shipped file holds a path of this machine or a hash of \
             one, so the sources or the compiler ({}) are not those docs/SIZE.md was measured \
             with; `cargo xtask dist` and `cargo xtask js` print each file's size",
            crate::toolchain::NIGHTLY
        )
    } else {
        format!(
            "why the sizes differ: these shipped files hold something of this machine, which \
             another machine's build holds in its own way (docs/SIZE.md, \"Same bytes whoever \
             builds\"):\n    {}",
            found.join("\n    ")
        )
    })
}

/// How docs/SIZE.md's table shows a size: in KB with one decimal, then its
/// bytes grouped in thousands.
fn shown_size(bytes: u64) -> String {
    format!("{} ({} bytes)", kb(bytes), thousands(bytes))
}

/// The end of a recorded brotli figure's name (`crate::record`).
const BROTLI: &str = crate::record::BROTLI;

/// `137887` as `137,887`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `cargo doc` of each front with broken intra-doc links denied.
fn doc_links(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    // The wasm builds' `--cfg` (.cargo/config.toml) is a rustc flag, which
    // rustdoc does not read.
    const WASM: &str = "--cfg erase_components";
    let runs: [(&str, &[&str], &str); 3] = [
        (
            "native, the workspace",
            &["--workspace", "--exclude", "send_wrapper"],
            "",
        ),
        (
            "wasm, panel",
            &[
                "--target",
                "wasm32-unknown-unknown",
                "--features",
                "panel",
                "--lib",
                "--bins",
            ],
            WASM,
        ),
        (
            "wasm, js",
            &[
                "--target",
                "wasm32-unknown-unknown",
                "--features",
                "js",
                "--lib",
            ],
            WASM,
        ),
    ];
    for (what, args, cfg) in runs {
        let t = Instant::now();
        let mut doc = env.cmd("cargo");
        doc.args(["doc", "--no-deps", "--document-private-items"])
            .args(args)
            .env(
                "RUSTDOCFLAGS",
                format!("-D rustdoc::broken_intra_doc_links {cfg}"),
            );
        step(&format!("cargo doc ({what})"));
        let out = doc.output().context("cannot run cargo doc")?;
        println!(
            "tidy: cargo doc ({what}): {:.1} s",
            t.elapsed().as_secs_f64()
        );
        if !out.status.success() {
            let said = String::from_utf8_lossy(&out.stderr);
            let errors = rustdoc_errors(&said);
            let shown = if errors.is_empty() {
                said.as_ref()
            } else {
                &errors
            };
            problems.push(format!("cargo doc ({what}) failed:\n{shown}"));
        }
    }
    Ok(())
}

/// Each of rustdoc's errors in `stderr`, from its `error:` line to the blank
/// line after it.
fn rustdoc_errors(stderr: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in stderr.lines() {
        inside = (inside || line.starts_with("error") && !line.contains("could not document"))
            && !line.is_empty();
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_reason_names_its_rule() {
        let reason =
            "the browser's own toLowerCase: Rust's would add its Unicode case tables to the wasm.";
        assert_eq!(size_reason(reason), Some("to the wasm"));
        assert!(!cites_a_rule(reason));
        let citing = format!("{reason} (docs/SIZE.md, size rule \"the browser's lowercase\")");
        assert!(cites_a_rule(&citing));
        assert!(cites_a_rule(
            "docs/SIZE.md, \"The bulk and elements entries' budgets\""
        ));
        assert_eq!(size_reason("the longest label, in bytes"), None);
        let wrapped = "(docs/SIZE.md, size rule \"no new reactive types\") and docs/SIZE.md, \"Pages fetched on first use\"";
        assert_eq!(cited(wrapped, RULE), ["no new reactive types"]);
        assert_eq!(cited(wrapped, SECTION), ["Pages fetched on first use"]);
    }

    #[test]
    fn a_size_figure_is_a_number_then_kb_and_not_a_rate() {
        for (line, figure) in [
            ("// 2.4 KB gzipped off the JS module", true),
            ("/// (2KB of the panel's wasm)", true),
            ("// the largest part at 2 KB/s", false),
            ("/// KB = 1024 bytes", false),
            ("// a 64 KiB body", false),
            ("// 16 bytes as a UUID", false),
        ] {
            assert_eq!(holds_size_figure(line), figure, "{line}");
        }
    }

    #[test]
    fn code_spans_keep_their_line_and_lines_are_dropped_from_paths() {
        let spans = code_spans("a `src/x.rs:24` b\nc `one\ntwo` d `e`");
        assert_eq!(
            spans,
            [
                (1, "src/x.rs:24".into()),
                (2, "one two".into()),
                (3, "e".into())
            ]
        );
        assert_eq!(strip_line_number("src/x.rs:24-30"), "src/x.rs");
        assert_eq!(strip_line_number("Host: x"), "Host: x");
    }

    #[test]
    fn sizes_read_as_the_docs_write_them() {
        assert_eq!(thousands(137_887), "137,887");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
