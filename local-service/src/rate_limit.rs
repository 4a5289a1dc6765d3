//! Optional rate limiting per client and endpoint, answering 429 with
//! `Retry-After` as the service does. Fixed windows, in memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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
        let bad = || format!("{s:?} is not GETS,WRITES/SECONDS (for example 128,16/900)");
        let (counts, secs) = s.split_once('/').ok_or_else(bad)?;
        let (reads, writes) = counts.split_once(',').ok_or_else(bad)?;
        let limits = Limits {
            reads: reads.trim().parse().map_err(|_| bad())?,
            writes: writes.trim().parse().map_err(|_| bad())?,
            window: Duration::from_secs(secs.trim().parse().map_err(|_| bad())?),
        };
        if limits.window.is_zero() {
            return Err(bad());
        }
        Ok(limits)
    }
}

/// Each (client, endpoint)'s window: when it started and how many calls.
type Windows = HashMap<(IpAddr, &'static str), (Instant, u32)>;

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
    pub fn check(
        &self,
        client: IpAddr,
        endpoint: &'static str,
        write: bool,
    ) -> Result<(), Duration> {
        let limit = if write {
            self.limits.writes
        } else {
            self.limits.reads
        };
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        let (start, count) = windows.entry((client, endpoint)).or_insert((now, 0));
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
}
