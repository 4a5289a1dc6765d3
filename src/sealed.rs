//! The encrypted hand-off: a new development token with what it is for (base
//! URL, ids, hostname, ports), sealed with a passphrase so that a lead can send
//! it to a teammate over chat and no secret travels there. This is the file's
//! format, version 1, and every way opening one can fail; the cryptography is
//! the browser's own (WebCrypto, at the panel's edge), so this module does no
//! I/O and is tested natively.
//!
//! A file is four lines of text (and any lines starting with `#`, skipped):
//!
//! ```text
//! gamecloud-handoff 1
//! pbkdf2-sha256 600000 <salt> <check>
//! aes-256-gcm <iv> <length>
//! <data>
//! ```
//!
//! Binary fields are base64url without padding. PBKDF2-HMAC-SHA256 of the
//! passphrase's UTF-8 bytes (as typed, not normalized) over the 16-byte salt,
//! [`ITERATIONS`] rounds, gives 48 bytes: the first 32 are the AES-256-GCM key,
//! the last 16 are `check`, which tells a wrong passphrase from an altered file.
//! `data` is the AES-GCM ciphertext with its 16-byte tag (`length` bytes in
//! all), under the 12-byte `iv`, with the first line as additional data; its
//! plaintext is [`Contents::to_text`].

use crate::model::{PortConfig, PortProtocol, PortRange, Ports};
use crate::token::base64url;

/// The first word of every file.
pub const MAGIC: &str = "gamecloud-handoff";
/// The format's version, this module's.
pub const VERSION: u32 = 1;
/// The file's first line, also the cipher's additional data: a file cannot
/// be passed off as another version's.
pub const FIRST_LINE: &str = "gamecloud-handoff 1";
/// PBKDF2-HMAC-SHA256 rounds: OWASP's figure for it (2023). Published in
/// every file; version 1 reads no other.
pub const ITERATIONS: u32 = 600_000;
/// Bytes of salt, of IV, and of the check.
pub const SALT_LEN: usize = 16;
/// Bytes of the AES-GCM IV.
pub const IV_LEN: usize = 12;
/// Bytes of the passphrase check, after the key.
pub const CHECK_LEN: usize = 16;
/// Bytes PBKDF2 derives: the key, then the check.
pub const DERIVED_LEN: usize = 32 + CHECK_LEN;
/// Bytes of the AES-GCM tag at the end of `data`.
const TAG_LEN: usize = 16;
/// The most `data` may hold: a hand-off is a few hundred bytes.
const MAX_DATA: usize = 64 * 1024;
/// What a teammate who finds the file reads first.
const COMMENT: &str =
    "# A Game Cloud development token, sealed: open it in the panel (Development token, Open a hand-off) with its passphrase.";

/// A sealed file's fields, as written and read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    /// PBKDF2's salt, [`SALT_LEN`] random bytes.
    pub salt: Vec<u8>,
    /// The last [`CHECK_LEN`] bytes PBKDF2 derived.
    pub check: Vec<u8>,
    /// AES-GCM's IV, [`IV_LEN`] random bytes.
    pub iv: Vec<u8>,
    /// The ciphertext and its tag.
    pub data: Vec<u8>,
}

/// Why a file did not open; each says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// It does not start as a hand-off file does.
    NotAHandoff,
    /// Another version of the format (the text after the magic word).
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
            OpenError::NotAHandoff => f.write_str("This is not an encrypted hand-off: its first line is not gamecloud-handoff 1."),
            OpenError::Version(v) => write!(f, "This hand-off is in format version {v}; this panel reads version 1 only. Open it in a newer panel."),
            OpenError::Truncated => f.write_str("This hand-off is cut short: its end is missing. Copy or send all of it again."),
            OpenError::Damaged(what) => write!(f, "This hand-off is damaged: its {what} does not read."),
            OpenError::WrongPassphrase => f.write_str("The passphrase does not open this hand-off."),
            OpenError::Altered => f.write_str("This hand-off was changed after it was sealed: do not use it."),
            OpenError::Contents(why) => write!(f, "This hand-off holds no usable token: {why}"),
        }
    }
}

impl Sealed {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let b = base64url::encode;
        format!(
            "{FIRST_LINE}\n{COMMENT}\npbkdf2-sha256 {ITERATIONS} {} {}\naes-256-gcm {} {}\n{}\n",
            b(&self.salt),
            b(&self.check),
            b(&self.iv),
            self.data.len(),
            b(&self.data)
        )
    }

    /// Reads a file's text: any text gives fields of the right sizes or the
    /// error that says what is wrong with it, never a panic.
    pub fn read(text: &str) -> Result<Sealed, OpenError> {
        // Any line end (a lone CR too).
        let mut lines = text
            .split(['\n', '\r'])
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let first = lines.next().ok_or(OpenError::NotAHandoff)?;
        let version = |v: &str| {
            (1..=16).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        };
        match first.strip_prefix(MAGIC) {
            Some(" 1") => {}
            Some(v) if v.starts_with(' ') && version(&v[1..]) => {
                return Err(OpenError::Version(v[1..].to_owned()));
            }
            // Only the start of the magic word: cut short.
            _ if MAGIC.starts_with(first) => return Err(OpenError::Truncated),
            _ => return Err(OpenError::NotAHandoff),
        }
        let (kdf, cipher, data) = match (lines.next(), lines.next(), lines.next()) {
            (Some(k), Some(c), Some(d)) => (k, c, d),
            _ => return Err(OpenError::Truncated),
        };
        let bytes = |text: &str, len: usize, what| match base64url::decode(text) {
            Ok(b) if b.len() == len => Ok(b),
            _ => Err(OpenError::Damaged(what)),
        };
        let kdf: Vec<&str> = kdf.split(' ').collect();
        let ["pbkdf2-sha256", rounds, salt, check] = kdf[..] else {
            return Err(OpenError::Damaged("key derivation line"));
        };
        if rounds != "600000" {
            return Err(OpenError::Damaged("iteration count"));
        }
        let cipher: Vec<&str> = cipher.split(' ').collect();
        let ["aes-256-gcm", iv, length] = cipher[..] else {
            return Err(OpenError::Damaged("cipher line"));
        };
        let length = match length.parse::<usize>() {
            Ok(n) if (TAG_LEN..=MAX_DATA).contains(&n) => n,
            _ => return Err(OpenError::Damaged("length")),
        };
        // `length` bytes are this many characters of base64url: fewer is a
        // file cut short, more (or another line) one that was changed.
        let chars = (length * 4).div_ceil(3);
        if data.len() < chars {
            return Err(OpenError::Truncated);
        }
        if data.len() > chars || lines.next().is_some() {
            return Err(OpenError::Damaged("data"));
        }
        Ok(Sealed {
            salt: bytes(salt, SALT_LEN, "salt")?,
            check: bytes(check, CHECK_LEN, "passphrase check")?,
            iv: bytes(iv, IV_LEN, "IV")?,
            data: bytes(data, length, "data")?,
        })
    }
}

/// The key and the check in what PBKDF2 derived ([`DERIVED_LEN`] bytes).
pub fn split_derived(derived: &[u8]) -> (&[u8], &[u8]) {
    derived.split_at(derived.len().min(32))
}

/// What a hand-off holds: the token and what it is for, with the
/// namespace's label and protected mark, so that the teammate's panel names
/// and guards the namespace as the lead's does. The sealed plaintext is one
/// `key value` line each ([`Contents::to_text`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Contents {
    /// The development token.
    pub token: String,
    /// The service's base URL.
    pub base_url: String,
    /// The game's id.
    pub game_id: String,
    /// The namespace's id.
    pub namespace_id: String,
    /// The namespace's label in the lead's panel, or empty.
    pub namespace_label: String,
    /// Whether the lead marked the namespace protected.
    pub protected: bool,
    /// The hostname the token binds.
    pub hostname: String,
    /// The ports the token binds, as the request gave them.
    pub ports: Ports,
}

impl Contents {
    /// The plaintext: `token`, `base_url`, `game_id`, `namespace_id`,
    /// `namespace_label`, `protected` (`yes` or `no`) and `hostname`, each a
    /// line of its key, a space and its value, then a `port <label>
    /// <protocol> <port>` or `port <label> <protocol> <min>-<max>` line a
    /// port. A line break in the label becomes a space.
    pub fn to_text(&self) -> String {
        let label: String = self
            .namespace_label
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let mut out = String::new();
        for (key, value) in [
            ("token", self.token.as_str()),
            ("base_url", &self.base_url),
            ("game_id", &self.game_id),
            ("namespace_id", &self.namespace_id),
            ("namespace_label", &label),
            ("protected", if self.protected { "yes" } else { "no" }),
            ("hostname", &self.hostname),
        ] {
            out.push_str(key);
            out.push(' ');
            out.push_str(value);
            out.push('\n');
        }
        for (label, c) in &self.ports {
            let at = match (c.port, c.port_range) {
                (Some(p), _) => p.to_string(),
                (None, Some(r)) => format!("{}-{}", r.min, r.max),
                (None, None) => String::new(),
            };
            out.push_str(&format!("port {label} {} {at}\n", c.protocol));
        }
        out
    }

    /// Reads the plaintext (unknown keys are skipped, so that a later
    /// panel may add some within version 1), then checks what it holds as
    /// any hand-off's values are ([`crate::files::Handoff::check`]): whoever
    /// has the passphrase can seal anything.
    pub fn read(text: &str) -> Result<Contents, OpenError> {
        let bad = |why: String| OpenError::Contents(why);
        let mut c = Contents::default();
        let mut protected = None;
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let field = match key {
                "token" => &mut c.token,
                "base_url" => &mut c.base_url,
                "game_id" => &mut c.game_id,
                "namespace_id" => &mut c.namespace_id,
                "namespace_label" => &mut c.namespace_label,
                "hostname" => &mut c.hostname,
                "protected" if protected.is_none() => {
                    protected = Some(value);
                    continue;
                }
                "protected" => return Err(bad("protected is given twice.".into())),
                "port" => match read_port(value) {
                    Some((label, port)) if !c.ports.contains_key(&label) => {
                        c.ports.insert(label, port);
                        continue;
                    }
                    _ => {
                        let shown: String = value.chars().take(40).collect();
                        return Err(bad(format!("the port line \"{shown}\" does not read.")));
                    }
                },
                _ => continue,
            };
            // A key given twice: which value the lead meant is unknown.
            if !field.is_empty() {
                return Err(bad(format!("{key} is given twice.")));
            }
            value.clone_into(field);
        }
        c.protected = match protected {
            Some("yes") => true,
            Some("no") => false,
            _ => return Err(bad("protected is not yes or no.".into())),
        };
        if c.namespace_label.chars().any(char::is_control) || c.namespace_label.len() > 256 {
            return Err(bad(
                "the namespace label holds a control character or is too long.".into(),
            ));
        }
        // The ports as the service takes them: known protocols, ports and
        // ranges in bounds (what the token page's form checks).
        let request = crate::model::DevTokenRequest {
            hostname: c.hostname.clone(),
            ports: c.ports.clone(),
        };
        let issues = crate::validate::dev_token_request(&request);
        if let Some(issue) = issues.iter().find(|i| i.is_error()) {
            return Err(bad(issue.message.clone()));
        }
        crate::files::Handoff {
            token: &c.token,
            base_url: &c.base_url,
            game_id: &c.game_id,
            namespace_id: &c.namespace_id,
            hostname: &c.hostname,
            ports: &c.ports,
            token_from_env: false,
        }
        .check()
        .map_err(bad)?;
        Ok(c)
    }
}

/// `<label> <protocol> <port>` or `<label> <protocol> <min>-<max>`.
fn read_port(text: &str) -> Option<(String, PortConfig)> {
    let mut parts = text.split(' ');
    let (label, protocol, at) = (parts.next()?, parts.next()?, parts.next()?);
    let number = |s: &str| s.parse::<i64>().ok();
    let (port, port_range) = match at.split_once('-') {
        Some((min, max)) => (
            None,
            Some(PortRange {
                min: number(min)?,
                max: number(max)?,
            }),
        ),
        None => (Some(number(at)?), None),
    };
    (parts.next().is_none() && crate::validate::label_is_valid(label)).then(|| {
        let protocol = PortProtocol::from_wire(protocol);
        (
            label.to_owned(),
            PortConfig {
                protocol,
                port,
                port_range,
            },
        )
    })
}

/// The fewest characters a passphrase may have.
pub const MIN_PASSPHRASE: usize = 12;

/// Why a passphrase cannot seal a file, or `None`.
pub fn passphrase_problem(passphrase: &str) -> Option<&'static str> {
    // (`chars().count()` brings a counting routine of its own.)
    passphrase
        .chars()
        .nth(MIN_PASSPHRASE - 1)
        .is_none()
        .then_some("Use 12 characters or more: whoever has the file can try passphrases offline.")
}

/// Random bytes a suggested passphrase is made from, five bits each.
pub const SUGGESTED_BYTES: usize = 20;

/// A passphrase from random bytes: 20 characters of 32 easily told apart
/// (no `l`, `o`, `0` or `1`), in groups of four: 100 bits, to be read out
/// over a call.
pub fn suggest_passphrase(random: &[u8; SUGGESTED_BYTES]) -> String {
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut out = String::with_capacity(24);
    for (i, b) in random.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        out.push(ALPHABET[usize::from(b & 31)] as char);
    }
    out
}
