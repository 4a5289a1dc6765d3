//! How long a token has left, from its own claims (`exp`, `iat`): what the
//! panel counts down beside a token, and what every hand-off file notes.

use super::Claims;
use crate::model::Timestamp;

/// A token's life at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    /// No expiry claim: it never expires.
    Endless,
    /// It expires after the last date this panel writes (9999-12-31).
    Distant,
    /// Time is left.
    Left {
        /// When it expires.
        expires: Timestamp,
        /// Milliseconds left (more than 0).
        left_ms: i64,
        /// Less than a tenth of its life (`exp - iat`) is left; without an
        /// issue time, less than a day.
        low: bool,
    },
    /// It has expired.
    Expired {
        /// When.
        at: Timestamp,
    },
}

const DAY_MS: i64 = 86_400_000;

impl Life {
    /// The life of a token with these claims at `now_ms`.
    pub fn of(claims: &Claims, now_ms: i64) -> Life {
        let Some(exp_ms) = claims.exp_ms else {
            return Life::Endless;
        };
        let Some(expires) = Timestamp::from_unix_ms(exp_ms) else {
            return Life::Distant;
        };
        let left_ms = expires.unix_ms().saturating_sub(now_ms);
        if left_ms <= 0 {
            return Life::Expired { at: expires };
        }
        let span = claims
            .iat_ms
            .map(|iat| expires.unix_ms().saturating_sub(iat))
            .filter(|span| *span > 0)
            .unwrap_or(10 * DAY_MS);
        Life::Left {
            expires,
            left_ms,
            low: left_ms < span / 10,
        }
    }

    /// The life of the token `token` at `now_ms`; `None` if it cannot be
    /// read.
    pub fn of_token(token: &str, now_ms: i64) -> Option<Life> {
        super::decode(token)
            .ok()
            .map(|d| Life::of(&d.claims, now_ms))
    }

    /// Its state as a word (`never`, `ok`, `low`, `expired`), and what a
    /// screen reader is told when it changes (empty while nothing is wrong).
    pub fn state(&self) -> (&'static str, &'static str) {
        match self {
            Life::Endless => ("never", ""),
            Life::Distant => ("ok", ""),
            Life::Left { low: false, .. } => ("ok", ""),
            Life::Left { .. } => ("low", "Less than a tenth of this token's life is left."),
            Life::Expired { .. } => ("expired", "This token has expired."),
        }
    }

    /// One line, counting down to the second: "Expires in 3 d 4 h 5 min 6 s,
    /// on 2026-12-01 at 10:00 UTC.", with a warning when little is left.
    pub fn describe(&self) -> String {
        match self {
            Life::Endless => "It never expires.".to_owned(),
            Life::Distant => "Expires after the year 9999.".to_owned(),
            Life::Left {
                expires,
                left_ms,
                low,
            } => format!(
                "Expires in {}, {}.{}",
                duration(*left_ms),
                super::fitness::when(expires),
                if *low {
                    " Less than a tenth of its life is left: create a new one soon."
                } else {
                    ""
                }
            ),
            Life::Expired { at } => {
                format!("Expired {}: create a new one.", super::fitness::when(at))
            }
        }
    }

    /// The line every hand-off file carries as a comment: the expiry as
    /// RFC 3339 in UTC. Plain characters only (no `$`, `#`, `;`, `"` or
    /// `\\`), so that it is a comment to every reader of every format.
    pub fn file_note(token: &str) -> String {
        // Read at the earliest moment there is, so that any expiry that has
        // a date comes back as `Left` with it.
        match super::decode(token).map(|d| Life::of(&d.claims, i64::MIN)) {
            Ok(Life::Left { expires, .. }) => {
                format!(
                    "Expires {} (the token's exp claim).",
                    expires.to_rfc3339_ms()
                )
            }
            Ok(Life::Distant) => "Expires after the year 9999 (the token's exp claim).".to_owned(),
            Ok(_) => "Never expires (the token has no exp claim).".to_owned(),
            Err(_) => "Expiry unknown: the token's claims cannot be read.".to_owned(),
        }
    }
}

/// A span to the second, rounded up, largest unit first and units of zero
/// left out ("364 d 23 h 5 s", "42 s").
pub fn duration(ms: i64) -> String {
    let mut secs = (ms.max(0).saturating_add(999) / 1000).max(1);
    let mut out = String::new();
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)] {
        let n = secs / size;
        secs %= size;
        if n > 0 {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{n} {unit}"));
        }
    }
    out
}
