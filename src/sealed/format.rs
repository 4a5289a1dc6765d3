//! A sealed file's lines: the versions of the format, the fields each line
//! holds, read from any text and written back.

use super::error::OpenError;
use crate::token::base64url;

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
