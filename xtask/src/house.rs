//! The house's rules, from docs/ARCHITECTURE.md, kept by a check rather than
//! by hope (checks of `cargo xtask tidy`):
//!
//! - no file of `src/panel/` is over [`PANEL_LINES`] lines, and no other
//!   file of `src/` or `local-service/src/` over [`CORE_LINES`], but the
//!   JSON reader ([`LONG_FILES`]);
//! - the panel's rooms point down: a file of a room of `src/panel/` names
//!   (`crate::panel::ROOM` or `crate::panel::{ROOM, …}`, outside comments)
//!   only rooms listed after its own in ARCHITECTURE.md's table under "The
//!   panel's rooms", which lists them from the top floor down; and a page
//!   names no other page (`crate::panel::pages::PAGE`).

use std::path::Path;

use anyhow::{Context, Result};

use crate::cmd::{files_under, Env};

/// The most lines of a file of the panel.
const PANEL_LINES: usize = 300;

/// The most lines of any other file of the core, the panel's and the JS
/// module's crate (`src/`), or the local service.
const CORE_LINES: usize = 500;

/// Files allowed past [`CORE_LINES`], each with its reason in
/// docs/ARCHITECTURE.md.
const LONG_FILES: [&str; 1] = ["src/json/de.rs"];

/// Where ARCHITECTURE.md lists the panel's rooms, top floor first.
const ROOMS_HEADING: &str = "## The panel's rooms";

/// Every file over its length, with its lines and the most it may have.
pub fn lengths(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let mut files = files_under(&root.join("src"))?;
    files.extend(files_under(&root.join("local-service/src"))?);
    for path in files {
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let shown = shown(root, &path);
        if LONG_FILES.contains(&shown.as_str()) {
            continue;
        }
        let most = if shown.starts_with("src/panel/") {
            PANEL_LINES
        } else {
            CORE_LINES
        };
        let lines = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {shown}"))?
            .lines()
            .count();
        if lines > most {
            problems.push(format!(
                "{shown}: {lines} lines, over the {most} of docs/ARCHITECTURE.md: split it along its seams"
            ));
        }
    }
    Ok(())
}

/// Every name of a room above the file's own, or of no room listed.
pub fn rooms(env: &Env, problems: &mut Vec<String>) -> Result<()> {
    let root = env.root.as_path();
    let doc = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md"))
        .context("cannot read docs/ARCHITECTURE.md")?;
    let order = room_order(&doc);
    anyhow::ensure!(
        !order.is_empty(),
        "docs/ARCHITECTURE.md has no table of rooms under {ROOMS_HEADING:?}"
    );
    let panel = root.join("src/panel");
    for path in files_under(&panel)? {
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let rel = path.strip_prefix(&panel).unwrap_or(&path);
        let room = room_of(rel);
        if room == "mod" {
            continue;
        }
        let text = std::fs::read_to_string(&path)?;
        if room == "pages" {
            let own = page_of(rel);
            for (line, page) in named_after(&text, "crate::panel::pages::") {
                if page != own {
                    problems.push(format!(
                        "{}:{line}: page {own:?} names the page {page:?}: a page never uses another",
                        shown(root, &path)
                    ));
                }
            }
        }
        for (line, named) in named_rooms(&text) {
            if named == room {
                continue;
            }
            let at = |r: &str| order.iter().position(|o| o == r);
            let problem = match (at(&room), at(&named)) {
                (Some(from), Some(to)) if to > from => continue,
                (Some(_), Some(_)) => "a room above it (rooms use only the rooms below them)",
                (None, _) => "and is in a room ARCHITECTURE.md does not list",
                (_, None) => "a room ARCHITECTURE.md does not list",
            };
            problems.push(format!(
                "{}:{line}: room {room:?} names {named:?}, {problem}",
                shown(root, &path)
            ));
        }
    }
    Ok(())
}

/// The rooms of ARCHITECTURE.md's table under [`ROOMS_HEADING`], in its
/// order: the first code span of each row, without `/` or `.rs`.
fn room_order(doc: &str) -> Vec<String> {
    doc.lines()
        .skip_while(|l| !l.starts_with(ROOMS_HEADING))
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .filter_map(|row| row.split('`').nth(1))
        .map(|room| {
            room.trim_end_matches('/')
                .trim_end_matches(".rs")
                .to_owned()
        })
        .collect()
}

/// The room of a file of the panel (its path under `src/panel/`): its
/// folder, or its name.
fn room_of(rel: &Path) -> String {
    let first = rel
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    first.trim_end_matches(".rs").to_owned()
}

/// The page of a file of `pages/` (its path under `src/panel/`): its folder
/// or its name under `pages/`.
fn page_of(rel: &Path) -> String {
    rel.components()
        .nth(1)
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_owned()
        })
        .unwrap_or_default()
}

/// The rooms a file's code names (`crate::panel::ROOM`), with their line
/// numbers; comments are not code.
fn named_rooms(text: &str) -> Vec<(usize, String)> {
    named_after(text, "crate::panel::")
}

/// The names that follow `prefix` in a file's code (one, or each of a
/// `{a, b::c}` group, by its first part), with their line numbers; comments
/// are not code.
fn named_after(text: &str, prefix: &str) -> Vec<(usize, String)> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices(prefix) {
            let rest = &code[at + prefix.len()..];
            let names: Vec<String> = match rest.strip_prefix('{') {
                Some(group) => group_items(group).into_iter().map(ident).collect(),
                None => vec![ident(rest)],
            };
            out.extend(
                names
                    .into_iter()
                    .filter(|n| !n.is_empty())
                    .map(|n| (i + 1, n)),
            );
        }
    }
    out
}

/// The items of a `use` group, from just after its `{` to its own `}`:
/// split at the commas outside nested groups.
fn group_items(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// A path as the problems name it: relative to the checkout.
pub(crate) fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rooms_are_read_in_the_table_order() {
        let doc = "# x\n\n## The panel's rooms\n\nText.\n\n| room | what |\n|---|---|\n\
                   | `shell/` | top |\n| `calls.rs` | middle, `session.rs` named |\n| `dom.rs` | bottom |\n\n\
                   | `other/` | another table |\n";
        assert_eq!(room_order(doc), ["shell", "calls", "dom"]);
    }

    #[test]
    fn named_rooms_are_read_from_code_not_comments() {
        let text = "use crate::panel::session::Session;\n\
                    /// See [`crate::panel::store::Kept`].\n\
                    let x = crate::panel::dom::element(\"a\"); // crate::panel::shell\n";
        assert_eq!(
            named_rooms(text),
            [(1, "session".to_owned()), (3, "dom".to_owned())]
        );
    }

    #[test]
    fn a_group_names_each_of_its_rooms() {
        let text = "use crate::panel::{session::Session, widgets::{help, Confirm}, dom};\n";
        assert_eq!(
            named_rooms(text),
            [
                (1, "session".to_owned()),
                (1, "widgets".to_owned()),
                (1, "dom".to_owned())
            ]
        );
        let page = "let x = crate::panel::pages::builds::Loaded::get();";
        assert_eq!(
            named_after(page, "crate::panel::pages::"),
            [(1, "builds".to_owned())]
        );
        assert_eq!(
            page_of(Path::new("pages/dev_token/handoff/mod.rs")),
            "dev_token"
        );
        assert_eq!(page_of(Path::new("pages/log.rs")), "log");
    }

    #[test]
    fn a_file_s_room_is_its_folder_or_its_name() {
        assert_eq!(room_of(Path::new("pages/builds/table.rs")), "pages");
        assert_eq!(room_of(Path::new("calls.rs")), "calls");
    }
}
