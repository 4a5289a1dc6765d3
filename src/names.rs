//! The names a lead hands to the team: each id's name, a namespace's
//! protected mark and a game's size budget, as one file (a JSON object a
//! line), and what importing one would change here. The change is shown
//! before it is applied; an import never removes a mark, and never renames
//! a protected namespace (its name is what a change to it asks to type).

use crate::ids::NamespaceId;
use crate::protect::Marks;
use crate::validate::{canonical_id, namespace_label_problem, IdKind};

crate::json::model! {
    /// One id's line in the file.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct SharedId {
        /// `game` or `namespace`.
        pub kind: IdKind,
        /// The id, a UUID.
        pub id: String,
        /// Its name, or "".
        pub label: String = String::new(),
        /// For a namespace: marked protected.
        pub protected: bool = false,
        /// For a game: its builds' size budget in bytes, or 0 for none.
        pub budget_bytes: u64 = 0,
    }
}

/// The largest file an import reads: thousands of lines, far more than a
/// team names.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// What this browser holds that a file carries.
#[derive(Debug, Clone, Default)]
pub struct Here {
    /// The named or used ids: kind, id, name.
    pub names: Vec<(IdKind, String, String)>,
    /// The protected namespaces.
    pub marks: Marks,
    /// Each game's budget: id, bytes.
    pub budgets: Vec<(String, u64)>,
}

impl Here {
    fn name(&self, kind: IdKind, id: &str) -> &str {
        self.names
            .iter()
            .find(|(k, i, _)| *k == kind && i == id)
            .map_or("", |(_, _, name)| name.as_str())
    }

    /// The file: a line for each id named here, each protected namespace
    /// and each game with a budget.
    pub fn export(&self) -> String {
        let mut lines: Vec<SharedId> = Vec::new();
        let line = |lines: &mut Vec<SharedId>, kind: IdKind, id: &str| -> usize {
            if let Some(i) = lines.iter().position(|l| l.kind == kind && l.id == id) {
                return i;
            }
            lines.push(SharedId {
                kind,
                id: id.to_owned(),
                label: self.name(kind, id).to_owned(),
                protected: false,
                budget_bytes: 0,
            });
            lines.len() - 1
        };
        for (kind, id, _) in self.names.iter().filter(|(_, _, name)| !name.is_empty()) {
            line(&mut lines, *kind, id);
        }
        for id in self.marks.ids() {
            let i = line(&mut lines, IdKind::Namespace, id.as_str());
            lines[i].protected = true;
        }
        for (game, bytes) in &self.budgets {
            let i = line(&mut lines, IdKind::Game, game);
            lines[i].budget_bytes = *bytes;
        }
        crate::json::to_lines(&lines)
    }
}

/// One change an import makes here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// An id named, or named otherwise.
    Name {
        /// Of a game or a namespace.
        kind: IdKind,
        /// The id.
        id: String,
        /// Its name here, "" for none.
        from: String,
        /// Its name in the file.
        to: String,
    },
    /// A namespace marked protected.
    Protect {
        /// The namespace.
        id: NamespaceId,
        /// Its name (a mark needs one).
        name: String,
    },
    /// A game's budget set.
    Budget {
        /// The game's id.
        game: String,
        /// Its name, or "".
        name: String,
        /// Its budget here.
        from: Option<u64>,
        /// Its budget in the file, in bytes.
        to: u64,
    },
}

/// What a file would change here, and what of it is left out and why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Import {
    /// The changes, in the file's order.
    pub changes: Vec<Change>,
    /// A sentence for each line left out.
    pub left_out: Vec<String>,
}

/// What importing `text` would change in `here`, or why it cannot be read
/// at all. A mark is only ever added; a line that is no JSON, or holds a
/// value of the wrong type, is left out and counted.
pub fn import(text: &str, here: &Here) -> Result<Import, String> {
    if text.len() > MAX_FILE_BYTES {
        return Err(
            "This file is larger than 1 MiB: it is not a names file exported from this panel."
                .to_owned(),
        );
    }
    let (lines, unread) = crate::json::from_lines::<SharedId>(text);
    if lines.is_empty() {
        return Err("This file holds no names this panel can read: choose a file exported with \"Export names\" (gamecloud-names.jsonl).".to_owned());
    }
    let mut out = Import::default();
    if unread > 0 {
        out.left_out.push(format!(
            "{unread} line(s) could not be read (not JSON, or a value of the wrong type)."
        ));
    }
    for line in lines {
        let id = canonical_id(&line.id);
        let short = crate::ids::short(&id);
        if crate::token::parse_uuid(&id).is_none() {
            out.left_out.push(format!("\"{short}\" is not an id."));
            continue;
        }
        let label = line.label.trim();
        let ns = NamespaceId::new(&id);
        let protected_here = line.kind == IdKind::Namespace && here.marks.has(&ns);
        let now = here.name(line.kind, &id);
        let mut name = now.to_owned();
        if !label.is_empty() && label != now {
            if let Some(why) = namespace_label_problem(label) {
                out.left_out
                    .push(format!("{short}: its name is left out. {why}"));
            } else if protected_here && !now.is_empty() {
                out.left_out.push(format!(
                    "{now} ({short}) keeps its name: it is protected here."
                ));
            } else {
                name = label.to_owned();
                out.changes.push(Change::Name {
                    kind: line.kind,
                    id: id.clone(),
                    from: now.to_owned(),
                    to: name.clone(),
                });
            }
        }
        if line.protected && line.kind == IdKind::Namespace && !protected_here {
            if name.is_empty() {
                out.left_out.push(format!(
                    "{short} is not protected here: a protected namespace needs a name."
                ));
            } else {
                out.changes.push(Change::Protect {
                    id: ns,
                    name: name.clone(),
                });
            }
        }
        let budget = here.budgets.iter().find(|(g, _)| *g == id).map(|b| b.1);
        if line.kind == IdKind::Game && line.budget_bytes > 0 && budget != Some(line.budget_bytes) {
            out.changes.push(Change::Budget {
                game: id.clone(),
                name,
                from: budget,
                to: line.budget_bytes,
            });
        }
    }
    Ok(out)
}

impl Change {
    /// The change in words: "Name 7d8e9f10 staging", "Protect prod"...
    pub fn words(&self) -> String {
        match self {
            Change::Name { id, from, to, .. } if from.is_empty() => {
                format!("Name {} \u{201c}{to}\u{201d}", crate::ids::short(id))
            }
            Change::Name { id, from, to, .. } => format!(
                "Rename {from} ({}) to \u{201c}{to}\u{201d}",
                crate::ids::short(id)
            ),
            Change::Protect { id, name } => {
                format!("Protect {name} ({})", crate::ids::short(id.as_str()))
            }
            Change::Budget {
                game,
                name,
                from,
                to,
            } => format!(
                "Set the size budget of {} to {to} bytes (was {})",
                crate::bulk::name(&crate::ids::short(game), name),
                from.map_or("none".to_owned(), |b| format!("{b} bytes"))
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROD: &str = "c0ffee00-1234-4abc-9def-0123456789ab";
    const STAGING: &str = "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c";
    const GAME: &str = "4f3c2a10-0000-4000-8000-000000000001";

    fn here() -> Here {
        let mut marks = Marks::default();
        marks.set(&NamespaceId::new(PROD), true);
        Here {
            names: vec![
                (IdKind::Namespace, PROD.into(), "prod".into()),
                (IdKind::Namespace, STAGING.into(), String::new()),
            ],
            marks,
            budgets: vec![(GAME.into(), 1000)],
        }
    }

    #[test]
    fn an_export_reads_back_as_no_change() {
        let file = here().export();
        assert_eq!(import(&file, &here()).unwrap(), Import::default(), "{file}");
        assert!(file.contains("\"protected\":true") && file.contains("\"budget_bytes\":1000"));
    }

    #[test]
    fn an_import_never_unprotects_nor_renames_a_protected_namespace() {
        let file = format!(
            "{{\"kind\":\"namespace\",\"id\":\"{PROD}\",\"label\":\"live\",\"protected\":false}}\n{{\"kind\":\"namespace\",\"id\":\"{}\",\"label\":\"staging\",\"protected\":true}}\n",
            STAGING.to_uppercase()
        );
        let got = import(&file, &here()).unwrap();
        assert_eq!(
            got.changes,
            vec![
                Change::Name {
                    kind: IdKind::Namespace,
                    id: STAGING.into(),
                    from: String::new(),
                    to: "staging".into()
                },
                Change::Protect {
                    id: NamespaceId::new(STAGING),
                    name: "staging".into()
                },
            ]
        );
        assert_eq!(
            got.left_out,
            vec!["prod (c0ffee00) keeps its name: it is protected here.".to_owned()]
        );
    }

    #[test]
    fn hostile_files_end_in_words() {
        assert!(import("not json at all", &here())
            .unwrap_err()
            .contains("no names"));
        assert!(import("", &here()).is_err());
        assert!(import(&"x".repeat(MAX_FILE_BYTES + 1), &here())
            .unwrap_err()
            .contains("1 MiB"));
        let file = format!(
            "{{\"kind\":\"namespace\",\"id\":\"{STAGING}\",\"label\":7}}\n{{\"kind\":\"planet\",\"id\":\"{STAGING}\"}}\n{{\"kind\":\"namespace\",\"id\":\"nope\",\"label\":\"x\"}}\n{{\"kind\":\"namespace\",\"id\":\"{STAGING}\",\"label\":\"a\u{202e}b\",\"protected\":true}}\n"
        );
        let got = import(&file, &here()).unwrap();
        assert!(got.changes.is_empty(), "{got:?}");
        assert_eq!(got.left_out.len(), 4, "{got:?}");
        assert!(got.left_out[0].starts_with("2 line(s) could not be read"));
        assert!(got.left_out[3].contains("needs a name"));
    }

    #[test]
    fn a_budget_is_set_for_a_game_only() {
        let file = format!("{{\"kind\":\"game\",\"id\":\"{GAME}\",\"label\":\"Space Miners\",\"budget_bytes\":2048}}\n{{\"kind\":\"namespace\",\"id\":\"{STAGING}\",\"budget_bytes\":5}}\n");
        let got = import(&file, &here()).unwrap();
        assert_eq!(got.changes.len(), 2);
        assert_eq!(
            got.changes[1],
            Change::Budget {
                game: GAME.into(),
                name: "Space Miners".into(),
                from: Some(1000),
                to: 2048
            }
        );
    }
}
