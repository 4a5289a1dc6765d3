//! Test hooks (`--test-hooks` only): make the next calls to an endpoint fail
//! the way a proxy or an overloaded service does (a status with any body, or a
//! slow answer), so clients can be tested against failures on real HTTP.

use std::sync::Mutex;
use std::time::Duration;

use serde::Deserialize;

/// One injected failure.
#[derive(Debug, Clone, Deserialize)]
pub struct Fault {
    /// The endpoint: `builds`, `tokens/development`, `cdn-auth`, `domain-public-auth`.
    pub route: String,
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

impl Faults {
    pub fn push(&self, fault: Fault) {
        self.lock().push(fault);
    }

    pub fn clear(&self) {
        self.lock().clear();
    }

    /// The failure for the next call to `route`, if one is queued.
    pub fn take(&self, route: &str) -> Option<Fault> {
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
    pub fn delay(&self) -> Duration {
        Duration::from_millis(self.delay_ms.min(120_000))
    }
}
