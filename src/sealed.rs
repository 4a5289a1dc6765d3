//! The encrypted hand-off: a new development token with what it is for (base
//! URL, ids, hostname, ports), sealed with a passphrase so that a lead can send
//! it to a teammate over chat and no secret travels there. This is the file's
//! format (version 2 is sealed, versions 1 and 2 are opened) and every way
//! opening one can fail; the cryptography is the browser's own (WebCrypto, at
//! the panel's edge), so this module does no I/O and is tested natively.
//!
//! A file is four lines of text (and any lines starting with `#`, skipped):
//!
//! ```text
//! gamecloud-handoff 2
//! pbkdf2-sha256-hkdf 600000 <salt> <check>
//! aes-256-gcm <iv> <length>
//! <data>
//! ```
//!
//! Binary fields are base64url without padding. PBKDF2-HMAC-SHA256 of the
//! passphrase's UTF-8 bytes (as typed, not normalized) over the 16-byte salt,
//! [`ITERATIONS`] rounds, gives 32 bytes; HKDF-SHA256 (RFC 5869) with an
//! empty salt ([`HKDF_SALT`]) expands them twice: with the info
//! [`HKDF_KEY_INFO`] into the 32-byte AES-256-GCM key, with [`HKDF_CHECK_INFO`]
//! into the 16-byte `check`, which tells a wrong passphrase from an altered
//! file. `data` is the AES-GCM ciphertext with its 16-byte tag (`length`
//! bytes in all), under the 12-byte `iv`, with the first line as additional
//! data; its plaintext is [`Contents::to_text`].
//!
//! Version 1 differs in two lines: `gamecloud-handoff 1`, and
//! `pbkdf2-sha256 600000 <salt> <check>`, where PBKDF2 derives 48 bytes, the
//! key then the check. PBKDF2 computes 32 bytes a run, so its user paid two
//! runs (1.2 million rounds) while a guess was checked against `check`, the
//! second run, alone (600,000): version 2 runs PBKDF2 once and splits its
//! output. Version 1 files still open, with the key derived as they were.

use crate::model::{PortConfig, PortProtocol, PortRange, Ports};
use crate::token::{base64url, DevEntitlement};
use crate::validate::canonical_id;

/// The first word of every file.
pub const MAGIC: &str = "gamecloud-handoff";
/// PBKDF2-HMAC-SHA256 rounds: OWASP's figure for it (2023). Published in
/// every file; versions 1 and 2 read no other.
pub const ITERATIONS: u32 = 600_000;
/// Bytes of PBKDF2's salt.
pub const SALT_LEN: usize = 16;
/// Bytes of the AES-GCM IV.
pub const IV_LEN: usize = 12;
/// Bytes of the AES-256-GCM key.
pub const KEY_LEN: usize = 32;
/// Bytes of the passphrase check.
pub const CHECK_LEN: usize = 16;
/// HKDF's salt in version 2: empty, which RFC 5869 reads as 32 zero bytes
/// (its "not provided"). What HKDF is given is PBKDF2's salted output,
/// already as random as a key; a salt would add nothing.
pub const HKDF_SALT: &[u8] = b"";
/// HKDF's info for the AES-256-GCM key, in version 2.
pub const HKDF_KEY_INFO: &[u8] = b"gamecloud-handoff 2 key";
/// HKDF's info for the passphrase check, in version 2: another info, so the
/// check says nothing of the key.
pub const HKDF_CHECK_INFO: &[u8] = b"gamecloud-handoff 2 check";
/// Bytes of the AES-GCM tag at the end of `data`.
const TAG_LEN: usize = 16;
/// The most `data` may hold: a hand-off is a few hundred bytes.
const MAX_DATA: usize = 64 * 1024;
/// What a teammate who finds the file reads first.
const COMMENT: &str =
    "# A Game Cloud development token, sealed: open it in the panel (Development token, Open a hand-off) with its passphrase.";

/// A version of the format: what its first line says, and how the key and
/// the check are derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// PBKDF2 derives 48 bytes: the key, then the check ([`split_derived`]).
    V1,
    /// PBKDF2 derives 32 bytes; HKDF makes the key and the check of them.
    V2,
}

impl Version {
    /// The version the panel seals.
    pub const SEALED: Version = Version::V2;

    /// The file's first line, also the cipher's additional data: a file
    /// cannot be passed off as another version's.
    pub fn first_line(self) -> &'static str {
        match self {
            Version::V1 => "gamecloud-handoff 1",
            Version::V2 => "gamecloud-handoff 2",
        }
    }

    /// The first word of the key derivation line.
    pub fn kdf(self) -> &'static str {
        match self {
            Version::V1 => "pbkdf2-sha256",
            Version::V2 => "pbkdf2-sha256-hkdf",
        }
    }

    /// Bytes PBKDF2 derives.
    pub fn pbkdf2_len(self) -> usize {
        match self {
            Version::V1 => KEY_LEN + CHECK_LEN,
            Version::V2 => KEY_LEN,
        }
    }
}

/// A sealed file's fields, as written and read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    /// Its format's version.
    pub version: Version,
    /// PBKDF2's salt, [`SALT_LEN`] random bytes.
    pub salt: Vec<u8>,
    /// The passphrase check, [`CHECK_LEN`] bytes.
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

impl Sealed {
    /// The file's text, in its version's format.
    pub fn to_text(&self) -> String {
        let b = base64url::encode;
        format!(
            "{}\n{COMMENT}\n{} {ITERATIONS} {} {}\naes-256-gcm {} {}\n{}\n",
            self.version.first_line(),
            self.version.kdf(),
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
        let number = |v: &str| {
            (1..=16).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        };
        let version = match first.strip_prefix(MAGIC) {
            Some(" 1") => Version::V1,
            Some(" 2") => Version::V2,
            Some(v) if v.starts_with(' ') && number(&v[1..]) => {
                return Err(OpenError::Version(v[1..].to_owned()));
            }
            // Only the start of the magic word: cut short.
            _ if MAGIC.starts_with(first) => return Err(OpenError::Truncated),
            _ => return Err(OpenError::NotAHandoff),
        };
        let (kdf, cipher, data) = match (lines.next(), lines.next(), lines.next()) {
            (Some(k), Some(c), Some(d)) => (k, c, d),
            _ => return Err(OpenError::Truncated),
        };
        let bytes = |text: &str, len: usize, what| match base64url::decode(text) {
            Ok(b) if b.len() == len => Ok(b),
            _ => Err(OpenError::Damaged(what)),
        };
        let kdf: Vec<&str> = kdf.split(' ').collect();
        let [name, rounds, salt, check] = kdf[..] else {
            return Err(OpenError::Damaged("key derivation line"));
        };
        // Another version's derivation: the key would come out another.
        if name != version.kdf() {
            return Err(OpenError::Damaged("key derivation line"));
        }
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
            version,
            salt: bytes(salt, SALT_LEN, "salt")?,
            check: bytes(check, CHECK_LEN, "passphrase check")?,
            iv: bytes(iv, IV_LEN, "IV")?,
            data: bytes(data, length, "data")?,
        })
    }
}

/// The key and the check in what version 1's PBKDF2 derived (48 bytes).
pub fn split_derived(derived: &[u8]) -> (&[u8], &[u8]) {
    derived.split_at(derived.len().min(KEY_LEN))
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
        for port in file_ports(&self.ports) {
            out.push_str("port ");
            out.push_str(&port);
            out.push('\n');
        }
        out
    }

    /// Reads the plaintext of a file, of either version (unknown keys are
    /// skipped, so that a later panel may add some within a version), then
    /// checks what it holds as any hand-off's values are
    /// ([`crate::files::Handoff::check`]) and against the token's own claims
    /// (the namespace, hostname and ports the token is for must be the
    /// file's): whoever has the passphrase can seal anything. The ids come
    /// back in their canonical form ([`canonical_id`]).
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
        c.game_id = canonical_id(&c.game_id);
        c.namespace_id = canonical_id(&c.namespace_id);
        if let Some(why) = crate::validate::namespace_label_problem(&c.namespace_label) {
            return Err(bad(why.into()));
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
        c.token_agrees().map_err(bad)?;
        Ok(c)
    }

    /// Whether the token's own claims are the file's fields: a file whose
    /// token is for another namespace, hostname or ports would have the
    /// teammate's panel name, guard and write engine files for one thing
    /// while the token does another. The token must read as a development
    /// token, whose namespace (as a UUID), hostname (in any case) and ports
    /// (labels, protocols, port or range) are the file's, in both versions:
    /// a token that does not read is refused (version 1 files were once
    /// taken unchecked; the published version 1 vector, whose token does
    /// not read, now opens to that refusal). The claims are not signed
    /// here, so the check catches a mistake, not a hostile sealer
    /// (docs/HANDOFF.md).
    fn token_agrees(&self) -> Result<(), String> {
        let decoded = crate::token::decode(&self.token)
            .map_err(|e| format!("the token does not read ({} {}).", e.part, e.message))?;
        let Some(dev) = decoded.development() else {
            return Err(format!(
                "the token is not a development token (its kind: {}).",
                decoded.kind().as_str()
            ));
        };
        let theirs = dev.namespace_id.as_deref().map(canonical_id);
        if theirs.as_deref() != Some(self.namespace_id.as_str()) {
            let theirs = theirs.map_or("no namespace".into(), |id| format!("namespace {id}"));
            return Err(format!(
                "the token is for {theirs}, but the file says namespace {}.",
                self.namespace_id
            ));
        }
        if !dev.hostname.eq_ignore_ascii_case(&self.hostname) {
            return Err(format!(
                "the token is for hostname {}, but the file says {}.",
                shown(&dev.hostname),
                self.hostname
            ));
        }
        ports_agree(dev, &self.ports)
    }
}

/// The token's ports are the file's: the same labels, each once, with the
/// same protocol and port or range (compared as the file writes them).
fn ports_agree(dev: &DevEntitlement, ports: &Ports) -> Result<(), String> {
    let theirs: Vec<String> = dev
        .ports
        .iter()
        .map(|p| {
            let range = p.port_range.map(|(a, b)| (i64::from(a), i64::from(b)));
            port_line(&shown(&p.label), &p.protocol, p.port.map(i64::from), range)
        })
        .collect();
    // The file's labels are unique: as many ports, each of the file's among
    // the token's, is the same set (a label twice in the token leaves one out).
    let ours = file_ports(ports);
    if theirs.len() == ours.len() && ours.iter().all(|p| theirs.contains(p)) {
        return Ok(());
    }
    Err(format!(
        "the token binds the ports {}, but the file says {}.",
        listed(&theirs),
        listed(&ours)
    ))
}

/// The file's ports, each as its `port` line says it after the word
/// (`game udp 7777`, `game udp 7000-7010`), in the order of their labels.
fn file_ports(ports: &Ports) -> Vec<String> {
    ports
        .iter()
        .map(|(label, c)| {
            port_line(
                label,
                &c.protocol,
                c.port,
                c.port_range.map(|r| (r.min, r.max)),
            )
        })
        .collect()
}

/// `<label> <protocol> <port>` or `<label> <protocol> <min>-<max>` (a
/// token could hold both a port and a range: both are written).
fn port_line(
    label: &str,
    protocol: &PortProtocol,
    port: Option<i64>,
    range: Option<(i64, i64)>,
) -> String {
    let mut out = format!("{label} {protocol}");
    if let Some(p) = port {
        out.push_str(&format!(" {p}"));
    }
    if let Some((min, max)) = range {
        out.push_str(&format!(" {min}-{max}"));
    }
    out
}

/// Ports listed in a message, or "none".
fn listed(ports: &[String]) -> String {
    if ports.is_empty() {
        "none".to_owned()
    } else {
        ports.join(", ")
    }
}

/// A value from the token, in a message: whoever sealed the file wrote it,
/// so it is cut short, and anything but printable ASCII (a control or
/// direction character) shows as `?`.
fn shown(text: &str) -> String {
    text.chars()
        .take(64)
        .map(|c| if c.is_ascii_graphic() { c } else { '?' })
        .collect()
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
/// The fewest different characters a passphrase may have.
pub const MIN_DIFFERENT: usize = 6;

/// Why a passphrase cannot seal a file, or `None`. Whoever has the file can
/// try passphrases offline, as fast as PBKDF2 allows, and tries the likely
/// ones first: the short, then the made of few characters (`aaaaaaaaaaaa`,
/// `123412341234`) and the made of a shorter part repeated
/// (`abcdefabcdef`). Every passphrase [`suggest_passphrase`] gives passes.
/// Opening never asks this: a file sealed before the rule still opens.
pub fn passphrase_problem(passphrase: &str) -> Option<&'static str> {
    // Characters, indexed by the repetition check (`chars().count()`
    // would also bring a counting routine of its own).
    let chars: Vec<char> = passphrase.chars().collect();
    if chars.len() < MIN_PASSPHRASE {
        return Some(
            "Use 12 characters or more: whoever has the file can try passphrases offline.",
        );
    }
    let mut different: Vec<char> = Vec::with_capacity(MIN_DIFFERENT);
    for &c in &chars {
        if different.len() == MIN_DIFFERENT {
            break;
        }
        if !different.contains(&c) {
            different.push(c);
        }
    }
    if different.len() < MIN_DIFFERENT {
        return Some("Use 6 different characters or more: a passphrase of a few characters is among the first an attacker tries.");
    }
    let n = chars.len();
    let repeated =
        (1..=n / 2).any(|p| n.is_multiple_of(p) && (p..n).all(|i| chars[i] == chars[i - p]));
    repeated.then_some("Do not repeat a shorter part: a repeated pattern is among the first passphrases an attacker tries.")
}

/// Random bytes a suggested passphrase is made from, five bits each.
pub const SUGGESTED_BYTES: usize = 20;

/// A passphrase from random bytes: 20 characters of 32 easily told apart
/// (no `l`, `o`, `0` or `1`), in groups of four: 100 bits, to be read out
/// over a call. A draw of 4 different letters or fewer (about 3 in 10^14)
/// would fail [`passphrase_problem`]: its i-th letter is then moved i places
/// along the alphabet, which gives at least 5 different letters (4 letters
/// over 20 places put one letter in 5 places, which then all differ), so
/// that every suggestion passes. Its dashes, every fifth character, keep
/// it from being a shorter part repeated.
pub fn suggest_passphrase(random: &[u8; SUGGESTED_BYTES]) -> String {
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut letters = random.map(|b| usize::from(b & 31));
    let mut different = letters.to_vec();
    different.sort_unstable();
    different.dedup();
    if different.len() < MIN_DIFFERENT - 1 {
        for (i, l) in letters.iter_mut().enumerate() {
            *l = (*l + i) % 32;
        }
    }
    let mut out = String::with_capacity(24);
    for (i, l) in letters.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        out.push(ALPHABET[*l] as char);
    }
    out
}
