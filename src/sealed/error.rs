//! Every way opening a file can fail, each with what to do.

/// Why a file did not open; each says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// It does not start as a hand-off file does.
    NotAHandoff,
    /// A version of the format this panel does not know (the text after the
    /// magic word).
    Version(String),
    /// Lines or bytes are missing at its end.
    Truncated,
    /// A field does not read: which one.
    Damaged(&'static str),
    /// The passphrase derives another check.
    WrongPassphrase,
    /// The passphrase is right, but the data fails its tag.
    Altered,
    /// It opened, but what it holds is not a hand-off (why).
    Contents(String),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NotAHandoff => f.write_str("This is not an encrypted hand-off: its first line is not gamecloud-handoff 1 or 2."),
            OpenError::Version(v) => write!(f, "This hand-off is in format version {v}; this panel reads versions 1 and 2. Open it in a newer panel."),
            OpenError::Truncated => f.write_str("This hand-off is cut short: its end is missing. Copy or send all of it again."),
            OpenError::Damaged(what) => write!(f, "This hand-off is damaged: its {what} does not read."),
            OpenError::WrongPassphrase => f.write_str("The passphrase does not open this hand-off."),
            OpenError::Altered => f.write_str("This hand-off was changed after it was sealed: do not use it."),
            OpenError::Contents(why) => write!(f, "{HOLDS_NO_TOKEN}{why}"),
        }
    }
}

/// How a refusal of what a file holds begins.
const HOLDS_NO_TOKEN: &str = "This hand-off holds no usable token: ";

impl OpenError {
    /// What the page says, in two runs: why, and then what the file holds
    /// that made it so (its namespace ids and hostnames), which
    /// presentation mode masks.
    pub fn said(&self) -> (String, &str) {
        match self {
            OpenError::Contents(why) => (HOLDS_NO_TOKEN.to_owned(), why),
            other => (other.to_string(), ""),
        }
    }
}
