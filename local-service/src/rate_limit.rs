//! Optional rate limiting per client and endpoint, answering 429 with
//! `Retry-After` as the service does. Fixed windows, in memory, bounded:
//! finished windows are dropped as the map grows, and past a hard cap the
//! oldest window gives way. A client is the range of addresses one machine
//! can take at will ([`client_range`]), not one address.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::endpoint::Endpoint;

/// The longest window `--rate-limit` takes: one day.
pub const MAX_WINDOW_SECS: u64 = 86_400;
/// Past this many (client, endpoint) windows, finished ones are dropped.
const PRUNE_AT: usize = 1024;
/// The most windows kept at once, whatever the clients.
pub const MAX_WINDOWS: usize = 16_384;

/// How many calls one client may make to one endpoint in one window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub reads: u32,
    pub writes: u32,
    pub window: Duration,
}

impl FromStr for Limits {
    type Err = String;

    /// `GETS,WRITES/SECONDS`, such as `128,16/900`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "{s:?} is not GETS,WRITES/SECONDS with SECONDS from 1 to {MAX_WINDOW_SECS} (for example 128,16/900)"
            )
        };
        let (counts, secs) = s.split_once('/').ok_or_else(bad)?;
        let (reads, writes) = counts.split_once(',').ok_or_else(bad)?;
        let limits = Limits {
            reads: reads.trim().parse().map_err(|_| bad())?,
            writes: writes.trim().parse().map_err(|_| bad())?,
            window: Duration::from_secs(secs.trim().parse().map_err(|_| bad())?),
        };
        if limits.window.is_zero() || limits.window.as_secs() > MAX_WINDOW_SECS {
            return Err(bad());
        }
        Ok(limits)
    }
}

/// What a window counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Counted {
    /// A client range's calls to one endpoint.
    Calls(IpAddr, Endpoint),
    /// A client range's failed bearer checks, whatever the endpoint.
    Failures(IpAddr),
}

/// A window: when it started and how many it counted.
type Window = (Instant, u32);

/// Each counter's window.
type Windows = HashMap<Counted, Window>;

/// The addresses one client can take at will, as one: every loopback
/// address (127.0.0.0/8 and ::1: the same machine) is one client, an IPv6
/// address counts by its /64 (what one host is usually given), an
/// IPv4-mapped IPv6 address as its IPv4 address.
pub fn client_range(ip: IpAddr) -> IpAddr {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    };
    match ip {
        ip if ip.is_loopback() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

/// The counters.
pub struct RateLimiter {
    limits: Limits,
    /// How many failed bearer checks of every client together a window
    /// takes.
    all_failures: u32,
    /// Their window: kept apart from the per-client ones, so that no
    /// number of clients can push it out.
    all_window: Mutex<Window>,
    windows: Mutex<Windows>,
}

impl RateLimiter {
    /// Counters per client range with `limits`; failed bearer checks of
    /// every client together stop past ten times a client's limit.
    pub fn new(limits: Limits) -> Self {
        RateLimiter {
            limits,
            all_failures: limits.reads.saturating_mul(10),
            all_window: Mutex::new((Instant::now(), 0)),
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one call; `Err(wait)` when over the limit.
    pub fn check(&self, client: IpAddr, endpoint: Endpoint) -> Result<(), Duration> {
        let limit = if endpoint.is_write() {
            self.limits.writes
        } else {
            self.limits.reads
        };
        self.count(Counted::Calls(client_range(client), endpoint), limit)
    }

    /// Counts one failed bearer check of a client, whatever the endpoint,
    /// against its range's limit (`reads`), then every client's together
    /// (a range already refused uses up nothing of the others' budget);
    /// `Err(wait)` past either.
    pub fn check_failure(&self, client: IpAddr) -> Result<(), Duration> {
        self.count(Counted::Failures(client_range(client)), self.limits.reads)?;
        let mut all = self.all_window.lock().unwrap_or_else(|e| e.into_inner());
        self.tick(&mut all, Instant::now(), self.all_failures)
    }

    /// `Some(wait)` while a client's range has spent its failed bearer
    /// checks in the current window (nothing is counted: a client within its
    /// budget is not stopped by what others spent).
    pub fn failures_spent(&self, client: IpAddr) -> Option<Duration> {
        let now = Instant::now();
        let windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        let (start, count) = windows.get(&Counted::Failures(client_range(client)))?;
        let elapsed = now.duration_since(*start);
        (elapsed < self.limits.window && *count >= self.limits.reads)
            .then(|| self.limits.window - elapsed)
    }

    fn count(&self, key: Counted, limit: u32) -> Result<(), Duration> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() >= PRUNE_AT && !windows.contains_key(&key) {
            self.make_room(&mut windows, now);
        }
        self.tick(windows.entry(key).or_insert((now, 0)), now, limit)
    }

    /// Counts one in `window` (a new one once it has run out); `Err(wait)`
    /// past `limit`.
    fn tick(&self, window: &mut Window, now: Instant, limit: u32) -> Result<(), Duration> {
        let (start, count) = window;
        if now.duration_since(*start) >= self.limits.window {
            *start = now;
            *count = 0;
        }
        if *count >= limit {
            return Err(self.limits.window - now.duration_since(*start));
        }
        *count += 1;
        Ok(())
    }

    /// How many windows are kept.
    pub fn len(&self) -> usize {
        self.windows.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops finished windows; at the hard cap, also the oldest live one.
    fn make_room(&self, windows: &mut Windows, now: Instant) {
        windows.retain(|_, (start, _)| now.duration_since(*start) < self.limits.window);
        if windows.len() >= MAX_WINDOWS {
            if let Some(oldest) = windows.iter().min_by_key(|(_, (s, _))| *s).map(|(k, _)| *k) {
                windows.remove(&oldest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn one_machine_is_one_client_however_many_addresses_it_takes() {
        // Issue 30: every 127.x.y.z and every address of a /64 was a budget of its own.
        for same in [
            "127.0.0.1",
            "127.1.2.3",
            "127.255.255.254",
            "::1",
            "::ffff:127.0.0.9",
        ] {
            assert_eq!(client_range(ip(same)), ip("127.0.0.1"), "{same}");
        }
        let net = client_range(ip("2001:db8:1:2::1"));
        for same in ["2001:db8:1:2::ffff", "2001:db8:1:2:abcd:1:2:3"] {
            assert_eq!(client_range(ip(same)), net, "{same}");
        }
        assert_ne!(client_range(ip("2001:db8:1:3::1")), net, "another /64");
        assert_ne!(client_range(ip("192.0.2.1")), client_range(ip("192.0.2.2")));
        assert_eq!(client_range(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
    }

    #[test]
    // Issue 39, finding 2: a client over its budget is refused before its
    // token is compared; one within its own is never stopped by the others'.
    fn a_spent_range_is_refused_and_another_is_not_whatever_all_spent() {
        let limiter = RateLimiter::new(Limits {
            reads: 3,
            writes: 3,
            window: Duration::from_secs(60),
        });
        let (spent, other) = (ip("10.0.0.1"), ip("10.0.1.1"));
        for _ in 0..3 {
            assert!(limiter.failures_spent(spent).is_none());
            assert!(limiter.check_failure(spent).is_ok());
        }
        assert!(limiter.failures_spent(spent).is_some());
        assert!(limiter.failures_spent(other).is_none());
        // Every range's failures spend the overall budget; a range that
        // failed nothing is still not refused.
        for i in 0..40 {
            let _ = limiter.check_failure(ip(&format!("10.0.{}.1", 2 + i)));
        }
        assert!(limiter.failures_spent(other).is_none());
    }

    #[test]
    fn failed_bearers_stop_at_a_range_limit_and_at_an_overall_one() {
        let limiter = RateLimiter::new(Limits {
            reads: 3,
            writes: 3,
            window: Duration::from_secs(60),
        });
        for n in 0..3 {
            assert!(limiter
                .check_failure(ip(&format!("127.0.0.{}", n + 1)))
                .is_ok());
        }
        assert!(
            limiter.check_failure(ip("127.9.9.9")).is_err(),
            "a fourth loopback address is the same client"
        );
        // 30 in all (ten times a client's 3): clients of 3 failures each, from
        // ranges of their own, reach it.
        let mut refused = None;
        for n in 0..20u32 {
            for _ in 0..3 {
                if limiter
                    .check_failure(ip(&format!("2001:db8:{n:x}::1")))
                    .is_err()
                {
                    refused.get_or_insert(n);
                }
            }
        }
        assert_eq!(
            refused,
            Some(9),
            "the overall budget: 3 from loopback, 27 from nine /64s"
        );
        // No number of clients pushes the overall window out of the map.
        for n in 0..(MAX_WINDOWS as u32 + 10) {
            let client = IpAddr::V6(Ipv6Addr::from(u128::from(n + 100) << 64));
            assert!(limiter.check_failure(client).is_err(), "client {n}");
        }
    }
}
