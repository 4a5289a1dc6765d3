//! Test hooks (`--test-hooks` only): make the next calls to an endpoint fail
//! the way a proxy or an overloaded service does (a status with any body, or a
//! slow answer), so clients can be tested against failures on real HTTP.

use std::sync::Mutex;
use std::time::Duration;

use serde::Deserialize;

use crate::endpoint::Endpoint;

/// One injected failure. Unknown fields and endpoints are refused, so a
/// misspelt fault cannot be queued and silently never fire.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fault {
    /// The endpoint: `builds`, `tokens/development`, `cdn-auth`, `domain-public-auth`.
    pub route: Endpoint,
    /// Answer with this status instead of handling the call; `None` to only
    /// delay and then handle it.
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub body: String,
    #[serde(default)]
    pub content_type: Option<String>,
    #[serde(default)]
    pub retry_after: Option<String>,
    /// Wait this long before answering.
    #[serde(default)]
    pub delay_ms: u64,
    /// How many calls it applies to.
    #[serde(default = "one")]
    pub times: u32,
}

fn one() -> u32 {
    1
}

/// The queue of pending failures.
#[derive(Default)]
pub struct Faults(Mutex<Vec<Fault>>);

/// The most failures queued at once: a test needs a handful, and a queue
/// without a bound is memory anyone with the token could fill.
pub const MAX_FAULTS: usize = 64;

impl Faults {
    /// Queues a failure; refused past [`MAX_FAULTS`] queued.
    pub fn push(&self, fault: Fault) -> Result<(), String> {
        let mut faults = self.lock();
        if faults.len() >= MAX_FAULTS {
            return Err(format!(
                "{MAX_FAULTS} faults are queued already, the most this service keeps; DELETE /_local/faults clears them."
            ));
        }
        faults.push(fault);
        Ok(())
    }

    pub fn clear(&self) {
        self.lock().clear();
    }

    /// The failure for the next call to `route`, if one is queued.
    pub fn take(&self, route: Endpoint) -> Option<Fault> {
        let mut faults = self.lock();
        let i = faults
            .iter()
            .position(|f| f.route == route && f.times > 0)?;
        faults[i].times -= 1;
        let fault = faults[i].clone();
        if faults[i].times == 0 {
            faults.remove(i);
        }
        Some(fault)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Fault>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Fault {
    /// Refuses a fault that could never fire as written.
    pub fn check(&self) -> Result<(), String> {
        if self.times == 0 {
            return Err("times must be at least 1".into());
        }
        if let Some(status) = self.status.filter(|s| !(100..=599).contains(s)) {
            return Err(format!("status {status} is not an HTTP status (100-599)"));
        }
        Ok(())
    }

    pub fn delay(&self) -> Duration {
        Duration::from_millis(self.delay_ms.min(120_000))
    }
}
