//! Whether a token can call the four operations, told before any call: the
//! kind of token is the most common cause of a 401, by one vendor's own docs.

use super::{DecodedToken, Entitlement, Life, TokenKind};
use crate::model::Timestamp;

/// What a token entered to connect can do here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fitness {
    /// It can call the four operations (as far as its contents say).
    Usable {
        /// What kind of token it is.
        kind: TokenKind,
        /// How long it has (never [`Life::Expired`]).
        life: Life,
    },
    /// A token of a kind these operations refuse.
    WrongKind(TokenKind),
    /// A cloud token of another game.
    OtherGame {
        /// The game the token is for.
        token_game: String,
    },
    /// It has expired.
    Expired {
        /// When it expired.
        at: Timestamp,
    },
    /// Not a token this panel can read (it is sent as it is; only the
    /// service can tell).
    Unreadable,
}

impl Fitness {
    /// Judges a token for calls on `game_id` (empty: no game chosen yet), at
    /// `now_ms`.
    pub fn of(token: &str, game_id: &str, now_ms: i64) -> Fitness {
        let Ok(decoded) = super::decode(token.trim()) else {
            return Fitness::Unreadable;
        };
        Self::of_decoded(&decoded, game_id, now_ms)
    }

    /// [`Fitness::of`] for a token already decoded.
    pub fn of_decoded(decoded: &DecodedToken, game_id: &str, now_ms: i64) -> Fitness {
        let life = Life::of(&decoded.claims, now_ms);
        if let Life::Expired { at } = life {
            return Fitness::Expired { at };
        }
        let kind = decoded.kind();
        match kind {
            TokenKind::Cloud => {
                let token_game = decoded.claims.entitlements.iter().find_map(|e| match e {
                    Entitlement::GameCloud { game_id } => game_id.clone(),
                    _ => None,
                });
                match token_game {
                    Some(g)
                        if !game_id.trim().is_empty()
                            && !g.eq_ignore_ascii_case(game_id.trim()) =>
                    {
                        Fitness::OtherGame { token_game: g }
                    }
                    _ => Fitness::Usable { kind, life },
                }
            }
            TokenKind::User => Fitness::Usable { kind, life },
            _ => Fitness::WrongKind(kind),
        }
    }

    /// Whether calls should be sent with it.
    pub fn allows_calls(&self) -> bool {
        matches!(self, Fitness::Usable { .. } | Fitness::Unreadable)
    }

    /// Whether this panel could judge the token from its contents. Until it
    /// could, the header's status is neither good nor bad: it says to check
    /// the token (issue 54: it was green for a token no one had checked).
    pub fn checked(&self) -> bool {
        !matches!(self, Fitness::Unreadable)
    }

    /// Whether the person may send anyway, the check being advisory (the
    /// claims are unsigned): an expiry read against this machine's clock,
    /// which may run ahead, or entitlements this client does not know. A
    /// development or public token, or another game's cloud token, is never
    /// sent: the service refuses those whatever the clock.
    pub fn may_send_anyway(&self) -> bool {
        match self {
            Fitness::Expired { .. } => true,
            Fitness::WrongKind(kind) => !matches!(kind, TokenKind::Development | TokenKind::Public),
            _ => false,
        }
    }

    /// The header's few words for it: "Token expires in 12 days", "Token
    /// expired"... (whether it needs the person's attention is
    /// [`Fitness::allows_calls`]).
    pub fn status(&self) -> String {
        match self {
            Fitness::Usable {
                life: Life::Left { left_ms, .. },
                ..
            } => format!("Token expires in {}", roughly(*left_ms)),
            Fitness::Usable { .. } => "Token never expires".to_owned(),
            Fitness::Unreadable => "Check token".to_owned(),
            Fitness::Expired { .. } => "Token expired".to_owned(),
            Fitness::OtherGame { .. } => "Token of another game".to_owned(),
            Fitness::WrongKind(_) => "Token of the wrong kind".to_owned(),
        }
    }

    /// One sentence for the person who entered it.
    pub fn describe(&self) -> String {
        match self {
            Fitness::Usable { kind, life } => format!(
                "A {} token{}: it can call these operations.",
                kind.as_str(),
                match life {
                    Life::Left { expires, .. } => format!(" that expires {}", when(expires)),
                    Life::Distant => " that expires after the year 9999".to_owned(),
                    _ => " that never expires".to_owned(),
                }
            ),
            Fitness::WrongKind(TokenKind::Development) => "A development token: it is for a game server talking to the matchmaker, and cannot call these operations. Use a cloud token of this game, or your user token from the dashboard.".to_owned(),
            Fitness::WrongKind(TokenKind::Public) => "A public token: game clients use it, and it cannot call these operations. Use a cloud token of this game, or your user token from the dashboard.".to_owned(),
            Fitness::WrongKind(_) => "A token of a kind these operations refuse. Use a cloud token of this game, or your user token from the dashboard.".to_owned(),
            Fitness::OtherGame { token_game } => format!(
                "A cloud token of game {token_game}, not of this game: the service would refuse it. Use a cloud token of this game."
            ),
            Fitness::Expired { at } => format!(
                "This token expired {}. Create a new one in the dashboard.",
                when(at)
            ),
            Fitness::Unreadable => "Not a token this panel can read; it will be sent as it is, and only the service can tell whether it is accepted.".to_owned(),
        }
    }
}

/// A span in its largest whole unit, rounded down: "12 days", "1 day",
/// "5 h", "3 min", "less than a minute".
fn roughly(ms: i64) -> String {
    let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match ms / 60_000 {
        0 => "less than a minute".to_owned(),
        minutes @ 1..=59 => format!("{minutes} min"),
        minutes if minutes < 24 * 60 => format!("{} h", minutes / 60),
        minutes => plural(minutes / (24 * 60), "day", "days"),
    }
}

/// "on 2026-12-01 at 10:00 UTC".
pub(super) fn when(t: &Timestamp) -> String {
    format!("on {}", t.utc_to_the_minute())
}
