//! Optional rate limiting per client and endpoint, answering 429 with
//! `Retry-After` as the service does. Fixed windows, in memory, bounded:
//! finished windows are dropped as the map grows, and past a hard cap the
//! oldest window gives way.

use std::collections::HashMap;
use std::net::IpAddr;
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

/// Each (client, endpoint)'s window: when it started and how many calls
/// (no endpoint: failed bearer checks, whatever the endpoint).
type Windows = HashMap<(IpAddr, Option<Endpoint>), (Instant, u32)>;

/// The counters.
pub struct RateLimiter {
    limits: Limits,
    windows: Mutex<Windows>,
}

impl RateLimiter {
    pub fn new(limits: Limits) -> Self {
        RateLimiter {
            limits,
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
        self.count((client, Some(endpoint)), limit)
    }

    /// Counts one failed bearer check of a client, whatever the endpoint
    /// (the `reads` limit); `Err(wait)` past it.
    pub fn check_failure(&self, client: IpAddr) -> Result<(), Duration> {
        self.count((client, None), self.limits.reads)
    }

    fn count(&self, key: (IpAddr, Option<Endpoint>), limit: u32) -> Result<(), Duration> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() >= PRUNE_AT && !windows.contains_key(&key) {
            self.make_room(&mut windows, now);
        }
        let (start, count) = windows.entry(key).or_insert((now, 0));
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
