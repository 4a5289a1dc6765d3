//! The development tokens made in this browser, as the action log keeps
//! them (namespace, hostname, ports, when made and when they expire, never
//! the token): which expire soon, the request that makes another like one,
//! and a calendar reminder a week before one expires.

use crate::action_log::{ActionLog, Entry};
use crate::model::{DevTokenRequest, PortConfig, PortProtocol, PortRange, Timestamp};

/// A token expiring within this many days is marked.
pub const SOON_DAYS: i64 = 14;

/// A reminder comes this many days before its token expires.
pub const REMIND_DAYS: i64 = 7;

const DAY_MS: i64 = 86_400_000;

/// What shows instead of a field of the log that holds a token.
pub const HELD_TOKEN: &str = "(not shown: it holds a token)";

/// One development token made here, as the log kept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    /// When it was made, milliseconds since the epoch.
    pub made_ms: i64,
    /// The game it was made in.
    pub game_id: String,
    /// The namespace it is for.
    pub namespace_id: String,
    /// The namespace's label when the token was made ("" without one).
    pub namespace_label: String,
    /// The hostname it hands out.
    pub hostname: String,
    /// Its ports as the log says them: `default http 8080, game udp 7000-7010`.
    pub ports: String,
    /// When it expires; `None` when the log does not say (a token without
    /// an expiry, or an entry written before expiries were logged).
    pub expires_ms: Option<i64>,
}

/// Where a token's life is, as the page marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    /// Expires within [`SOON_DAYS`].
    Soon,
    /// Expires later.
    Later,
    /// Has expired.
    Expired,
    /// The log does not say when it expires.
    Unknown,
}

/// Every token made here, those that will expire soonest first, then those
/// the log gives no expiry, then the expired ones, the latest first. An
/// entry of another operation, or a call that failed, is no token.
pub fn made_here(log: &ActionLog, now_ms: i64) -> Vec<Made> {
    let mut made: Vec<Made> = log.entries.iter().filter_map(Made::of).collect();
    // Newest first among equals: the sort is stable.
    made.reverse();
    made.sort_by_key(|m| match (m.life(now_ms), m.expires_ms) {
        (Life::Expired, Some(ms)) => (2, -ms),
        (_, Some(ms)) => (0, ms),
        _ => (1, 0),
    });
    made
}

impl Made {
    /// The token an entry says was made, if it says one was.
    pub fn of(e: &Entry) -> Option<Made> {
        let done = e.outcome == "done" || e.outcome.starts_with("done ");
        if e.operation != "create-dev-token" || !done {
            return None;
        }
        let (ports, expires_ms) = match e.value.rsplit_once("; expires ") {
            Some((ports, at)) => (ports, Timestamp::parse(at).ok().map(|t| t.unix_ms())),
            None => (e.value.as_str(), None),
        };
        // The log never keeps a token, but an entry edited by hand might
        // hold one where text belongs: it is shown nowhere, nor saved.
        let shown = |text: &str| {
            if crate::token::holds_token(text) {
                HELD_TOKEN.to_owned()
            } else {
                text.to_owned()
            }
        };
        Some(Made {
            made_ms: e.at_ms,
            game_id: shown(&e.game_id),
            namespace_id: shown(&e.namespace_id),
            namespace_label: shown(&e.namespace_label),
            hostname: shown(&e.hostname),
            ports: shown(ports.strip_prefix("ports ").unwrap_or(ports)),
            expires_ms,
        })
    }

    /// Where its life is at `now_ms`.
    pub fn life(&self, now_ms: i64) -> Life {
        match self.expires_ms {
            None => Life::Unknown,
            Some(at) if at <= now_ms => Life::Expired,
            Some(at) if at - now_ms <= SOON_DAYS * DAY_MS => Life::Soon,
            Some(_) => Life::Later,
        }
    }

    /// The request that makes another token like this one, or `None` when
    /// the log's ports do not read back (cut short, or edited by hand).
    pub fn request(&self) -> Option<DevTokenRequest> {
        let mut req = DevTokenRequest {
            hostname: self.hostname.clone(),
            ..DevTokenRequest::default()
        };
        for port in self.ports.split(", ").filter(|p| !p.is_empty()) {
            let mut words = port.split(' ');
            let (label, protocol, at) = (words.next()?, words.next()?, words.next()?);
            let protocol = PortProtocol::from_wire(protocol);
            if words.next().is_some() || label.is_empty() || !protocol.is_known() {
                return None;
            }
            let mut config = PortConfig {
                protocol,
                port: None,
                port_range: None,
            };
            match at.split_once('-') {
                Some((min, max)) => {
                    let (min, max) = (min.parse().ok()?, max.parse().ok()?);
                    config.port_range = Some(PortRange { min, max });
                }
                None => config.port = Some(at.parse().ok()?),
            }
            req.ports.insert(label.to_owned(), config);
        }
        Some(req)
    }

    /// The day (since 1970-01-01, UTC) a reminder falls on: [`REMIND_DAYS`]
    /// before the day it expires, or today when that day has passed (it
    /// expires within the week; the flag says so). `None` when it has
    /// expired or the log does not say when it does.
    pub fn reminder_day(&self, now_ms: i64) -> Option<(i64, bool)> {
        let at = self.expires_ms.filter(|at| *at > now_ms)?;
        let (week_before, today) = (
            at.div_euclid(DAY_MS) - REMIND_DAYS,
            now_ms.div_euclid(DAY_MS),
        );
        Some((week_before.max(today), week_before < today))
    }

    /// The reminder as a calendar file, for a token whose namespace is
    /// called `name` (its label, or its id): `None` as for
    /// [`Made::reminder_day`].
    pub fn reminder(&self, name: &str, now_ms: i64) -> Option<String> {
        let (day, late) = self.reminder_day(now_ms)?;
        let expires = Timestamp::from_unix_ms(self.expires_ms?)?.utc_to_the_minute();
        let summary = format!("Game Cloud development token for {name} expires {expires}");
        let when = if late {
            "It expires within a week, so this reminder is today"
        } else {
            "This reminder is a week before"
        };
        let ports = if self.ports.is_empty() {
            "none"
        } else {
            &self.ports
        };
        let description = format!(
            "The development token for namespace {name} (id {ns}, game {game}) expires on {expires}. {when}: make another like it on the panel's token page, then give it to the game server.\nHostname: {host}\nPorts: {ports}\nThe token itself is not in this file.",
            ns = self.namespace_id,
            game = self.game_id,
            host = self.hostname,
        );
        let uid = format!(
            "dev-token-{}-{}-{}@gamecloud",
            self.made_ms, self.namespace_id, self.expires_ms?
        );
        let event = crate::ics::Event {
            uid: &uid,
            stamp_ms: now_ms,
            day,
            summary: &summary,
            description: &description,
        };
        event.calendar()
    }

    /// The reminder's file name: `token-expires-2026-12-18-4f3c2a10.ics`,
    /// without the namespace's short id when `with_id` is false (presentation
    /// mode: a download's name shows on the shared screen).
    pub fn reminder_file(&self, with_id: bool) -> String {
        let date = self
            .expires_ms
            .and_then(|at| Timestamp::date_of_day(at.div_euclid(DAY_MS)))
            .unwrap_or_default();
        let short = crate::ids::short(&self.namespace_id);
        let short: String = short
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(16)
            .collect();
        if short.is_empty() || !with_id {
            format!("token-expires-{date}.ics")
        } else {
            format!("token-expires-{date}-{short}.ics")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_000_000_000; // 2026-11-18T11:06:40Z
    const NS: &str = "4f3c2a10-0000-4000-8000-000000000001";

    fn entry(value: &str, outcome: &str) -> Entry {
        Entry {
            at_ms: NOW - DAY_MS,
            operation: "create-dev-token".to_owned(),
            game_id: "9d000000-0000-4000-8000-000000000002".to_owned(),
            namespace_id: NS.to_owned(),
            namespace_label: "Staging".to_owned(),
            value: value.to_owned(),
            hostname: "192.168.1.20".to_owned(),
            outcome: outcome.to_owned(),
            ray_id: String::new(),
            request: String::new(),
        }
    }

    fn expiring(days: i64) -> String {
        let at = Timestamp::from_unix_ms(NOW + days * DAY_MS).unwrap();
        format!("ports default http 8080; expires {}", at.to_rfc3339_ms())
    }

    #[test]
    fn tokens_are_listed_soonest_first_then_unknown_then_expired() {
        let mut log = ActionLog::default();
        for (value, outcome) in [
            (expiring(300), "done"),
            (expiring(-2), "done"),
            (expiring(3), "done (sent anyway, past the token check)"),
            ("ports default http 8080".to_owned(), "done"),
            (expiring(-30), "done"),
            (expiring(1), "failed: 401 TOKEN_INVALID"),
            (expiring(20), "done"),
        ] {
            log.push(entry(&value, outcome));
        }
        log.push(Entry {
            operation: "set-cdn-auth".to_owned(),
            ..entry("basic", "done")
        });
        let made = made_here(&log, NOW);
        let days: Vec<Option<i64>> = made
            .iter()
            .map(|m| m.expires_ms.map(|at| (at - NOW) / DAY_MS))
            .collect();
        assert_eq!(
            days,
            [Some(3), Some(20), Some(300), None, Some(-2), Some(-30)]
        );
        let lives: Vec<Life> = made.iter().map(|m| m.life(NOW)).collect();
        use Life::*;
        assert_eq!(lives, [Soon, Later, Later, Unknown, Expired, Expired]);
        assert_eq!(made[0].ports, "default http 8080");
    }

    #[test]
    fn fourteen_days_are_soon_and_a_moment_more_is_not() {
        let mut m = Made::of(&entry(&expiring(14), "done")).unwrap();
        assert_eq!(m.life(NOW), Life::Soon);
        m.expires_ms = Some(NOW + 14 * DAY_MS + 1);
        assert_eq!(m.life(NOW), Life::Later);
        m.expires_ms = Some(NOW);
        assert_eq!(m.life(NOW), Life::Expired);
    }

    #[test]
    fn the_ports_read_back_into_the_same_request() {
        let mut req = DevTokenRequest {
            hostname: "192.168.1.20".to_owned(),
            ..DevTokenRequest::default()
        };
        for (label, protocol, port, range) in [
            ("default", PortProtocol::Http, Some(8080), None),
            (
                "game",
                PortProtocol::Udp,
                None,
                Some(PortRange {
                    min: 7000,
                    max: 7010,
                }),
            ),
            ("tls", PortProtocol::TcpTls, Some(443), None),
        ] {
            let config = PortConfig {
                protocol,
                port,
                port_range: range,
            };
            req.ports.insert(label.to_owned(), config);
        }
        let value = format!("{}; expires 2027-01-01T00:00:00.000Z", req.ports_summary());
        let made = Made::of(&entry(&value, "done")).unwrap();
        assert_eq!(made.request(), Some(req));
        let none = Made::of(&entry("ports ", "done")).unwrap();
        assert_eq!(none.request().unwrap().ports.len(), 0);
    }

    #[test]
    fn ports_that_do_not_read_back_give_no_request_and_never_panic() {
        for value in [
            "ports default http",
            "ports default http 80x",
            "ports default gopher 70",
            "ports game udp 7000-",
            "ports game udp 7000-7010 extra",
            "ports default http 8080, game udp 70…",
            "ports , ,",
        ] {
            let made = Made::of(&entry(value, "done")).unwrap();
            assert_eq!(made.request(), None, "{value}");
        }
    }

    #[test]
    fn a_token_in_an_entry_edited_by_hand_is_shown_nowhere() {
        let token = "dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl";
        let mut e = entry(
            &format!("ports {token} http 80; expires 2027-01-01T00:00:00.000Z"),
            "done",
        );
        (e.namespace_label, e.hostname, e.namespace_id) =
            (token.into(), token.into(), token.into());
        let made = Made::of(&e).unwrap();
        assert_eq!(made.hostname, HELD_TOKEN);
        assert_eq!(made.namespace_label, HELD_TOKEN);
        assert_eq!(made.request(), None);
        let file = made.reminder(&made.namespace_label, NOW).unwrap();
        let name = made.reminder_file(true);
        assert!(
            !file.contains("eyJ0eXAi") && !name.contains("eyJ0eXAi"),
            "{file}"
        );
    }

    #[test]
    fn an_expiry_that_does_not_read_is_unknown() {
        let made = Made::of(&entry("ports default http 8080; expires soon", "done")).unwrap();
        assert_eq!((made.expires_ms, made.life(NOW)), (None, Life::Unknown));
        assert_eq!(made.reminder("Staging", NOW), None);
    }

    #[test]
    fn the_reminder_is_a_week_before_or_today_within_the_week() {
        let made = Made::of(&entry(&expiring(30), "done")).unwrap();
        let today = NOW / DAY_MS;
        assert_eq!(made.reminder_day(NOW), Some((today + 30 - 7, false)));
        let soon = Made::of(&entry(&expiring(3), "done")).unwrap();
        assert_eq!(soon.reminder_day(NOW), Some((today, true)));
        let gone = Made::of(&entry(&expiring(-1), "done")).unwrap();
        assert_eq!(gone.reminder_day(NOW), None);
    }

    #[test]
    fn the_reminder_names_the_namespace_and_never_holds_a_token() {
        let made = Made::of(&entry(&expiring(30), "done")).unwrap();
        let file = made.reminder("Prod, EU; live\r\nX", NOW).unwrap();
        assert_eq!(
            made.reminder_file(true),
            "token-expires-2026-12-18-4f3c2a10.ics"
        );
        assert_eq!(made.reminder_file(false), "token-expires-2026-12-18.ics");
        let unfolded = file.replace("\r\n ", "");
        assert!(unfolded.contains(
            "SUMMARY:Game Cloud development token for Prod\\, EU\\; live\\nX expires 2026-12-18 at 11:06 UTC\r\n"
        ));
        assert!(unfolded.contains("DTSTART;VALUE=DATE:20261211\r\n"));
        assert!(unfolded.contains("Hostname: 192.168.1.20\\nPorts: default http 8080\\n"));
        assert!(!crate::token::holds_token(&file));
    }
}
