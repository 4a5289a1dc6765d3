//! The ids that go in a request's path (a game's, a namespace's), their
//! one form, and the labels people give namespaces.

use super::issue::{Issue, IssueCode};

/// Which id a path segment holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    /// A game id.
    Game,
    /// A namespace id.
    Namespace,
}

impl IdKind {
    /// The field an issue about it is keyed by.
    pub fn path(self) -> &'static str {
        match self {
            IdKind::Game => "game_id",
            IdKind::Namespace => "namespace_id",
        }
    }

    /// The kind as one word (`game`, `namespace`): how messages say it
    /// and how the panel keeps it.
    pub fn noun(self) -> &'static str {
        match self {
            IdKind::Game => "game",
            IdKind::Namespace => "namespace",
        }
    }

    /// The kind a [`IdKind::noun`] names.
    pub fn from_noun(noun: &str) -> Option<IdKind> {
        match noun {
            "game" => Some(IdKind::Game),
            "namespace" => Some(IdKind::Namespace),
            _ => None,
        }
    }
}

/// Read as its [`IdKind::noun`]; any other text is not a kind of id.
impl<'de> serde::Deserialize<'de> for IdKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let noun = String::deserialize(d)?;
        IdKind::from_noun(&noun)
            .ok_or_else(|| serde::de::Error::custom("a kind of id this panel does not have"))
    }
}

/// Written as its [`IdKind::noun`].
impl crate::json::Field for IdKind {
    fn write_field(&self, out: &mut crate::json::Json) {
        out.str(self.noun());
    }
    fn stand_in() -> Self {
        IdKind::Game
    }
}

/// An id in its one form. A UUID written any of the usual ways (either
/// case, without dashes, in braces, as `urn:uuid:`) comes back lower-case
/// and dashed, so that a mark, a label and a comparison see one id; any
/// other text comes back trimmed, for [`id`] or the service to refuse.
pub fn canonical_id(text: &str) -> String {
    let t = text.trim();
    let t = t
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(t);
    let t = match t.get(..9) {
        Some(p) if p.eq_ignore_ascii_case("urn:uuid:") => &t[9..],
        _ => t,
    };
    let hex: String = t.chars().filter(|&c| c != '-').collect();
    let dashes_fit = t.len() == 32 || crate::token::parse_uuid(t).is_some();
    if !(dashes_fit && hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit())) {
        return text.trim().to_owned();
    }
    let mut bytes = [0u8; 16];
    for (byte, pair) in bytes.iter_mut().zip(hex.as_bytes().chunks(2)) {
        let digit = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
        *byte = digit(pair[0]) << 4 | digit(pair[1]);
    }
    crate::token::uuid_string(&bytes)
}

/// Why a name given to a namespace (its label in the panel, typed to
/// confirm a change to it when protected) cannot be kept, or `None`. A
/// control or format character (a direction override such as U+202E, an
/// isolate, a zero-width space) would make the name read as another one,
/// or the phrase to type differ from what shows.
pub fn namespace_label_problem(label: &str) -> Option<&'static str> {
    if label.len() > MAX_NAMESPACE_LABEL {
        Some("A label is 256 bytes at most.")
    } else if label.chars().any(|c| c.is_control() || is_format(c)) {
        Some("A label cannot hold control or invisible characters (direction marks, zero-width spaces).")
    } else if !label.is_empty() && !label.chars().any(char::is_alphanumeric) {
        Some("A label needs a letter or a digit.")
    } else if crate::token::holds_token(label) {
        // A secret where a name belongs would be shown (presentation mode
        // too) and kept in the browser for good.
        Some("A label cannot hold a token: a secret would be shown and kept where names are.")
    } else {
        None
    }
}

/// The longest namespace label, in bytes.
pub const MAX_NAMESPACE_LABEL: usize = 256;

/// Unicode's format characters (category Cf), its other default-ignorable
/// code points (variation selectors, Hangul fillers, the grapheme joiner),
/// the line and paragraph separators, plane 14 (tags) and the private use
/// areas, as ranges: invisible, or drawn as nothing a
/// person can type back. Listed here rather than taken from Unicode's
/// tables, which cost the panel kilobytes (docs/SIZE.md, size rule
/// "invisible characters listed").
const FORMAT: [(u32, u32); 26] = [
    (0xAD, 0xAD),
    (0x34F, 0x34F),
    (0x600, 0x605),
    (0x61C, 0x61C),
    (0x6DD, 0x6DD),
    (0x70F, 0x70F),
    (0x890, 0x891),
    (0x8E2, 0x8E2),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x2028, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xE000, 0xF8FF),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0x10FFFF),
];

fn is_format(c: char) -> bool {
    FORMAT
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&(c as u32)))
}

/// Checks an id before it goes in a path. Any string is encoded, but an empty
/// id, `.` or `..` would change the route (browsers also resolve `%2e%2e`),
/// and a token pasted in the wrong field would reach the service's logs.
pub fn id(kind: IdKind, id: &str) -> Option<Issue> {
    let what = kind.noun();
    let message = if id.trim().is_empty() {
        format!("Enter the {what} id.")
    } else if id == "." || id == ".." {
        format!("\"{id}\" is not a {what} id; ids are UUIDs.")
    } else if crate::token::holds_token(id) {
        format!("This holds a token, not a {what} id: it was not sent. A token goes where the token is asked for; here, the {what}'s id (a UUID).")
    } else {
        return None;
    };
    Some(Issue::new(IssueCode::IdInvalid, kind.path(), message))
}
