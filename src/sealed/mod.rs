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
//!
//! One file per part: the file's lines and fields (`format`), why one does
//! not open (`error`), what it holds (`contents`) and its ports
//! (`ports`), the passphrase's rules and the suggested one (`passphrase`).

mod contents;
mod error;
mod format;
mod passphrase;
mod ports;

pub use contents::Contents;
pub use error::OpenError;
pub use format::{
    split_derived, Sealed, Version, CHECK_LEN, HKDF_CHECK_INFO, HKDF_KEY_INFO, HKDF_SALT,
    ITERATIONS, IV_LEN, KEY_LEN, MAGIC, SALT_LEN,
};
pub use passphrase::{
    passphrase_problem, suggest_passphrase, MIN_DIFFERENT, MIN_PASSPHRASE, SUGGESTED_BYTES,
};
