//! When to try a call again: only calls that are safe to repeat, only after a
//! transient failure, with exponential backoff and jitter, honouring the
//! service's `Retry-After` up to a cap. Pure: the transport supplies the
//! randomness and does the waiting.

use super::ApiError;

/// How a transport repeats failed calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (1 = never retry).
    pub attempts: u32,
    /// The first backoff; doubled after each failed attempt.
    pub base_delay_ms: u64,
    /// The longest backoff.
    pub max_delay_ms: u64,
    /// The longest `Retry-After` worth waiting for; a longer one ends the call
    /// with the error (and its `retry_after_ms`) instead.
    pub max_retry_after_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            attempts: 3,
            base_delay_ms: 250,
            max_delay_ms: 4_000,
            max_retry_after_ms: 10_000,
        }
    }
}

impl RetryPolicy {
    /// How long to wait before the next attempt, or `None` to give up.
    /// `attempt` is how many attempts were made (1 after the first);
    /// `jitter` is a random number in `[0, 1)`.
    pub fn delay_ms(
        &self,
        attempt: u32,
        err: &ApiError,
        retry_safe: bool,
        jitter: f64,
    ) -> Option<u64> {
        if !retry_safe || attempt >= self.attempts || !err.is_transient() {
            return None;
        }
        if let Some(wait) = err.retry_after_ms() {
            return (wait <= self.max_retry_after_ms).then_some(wait);
        }
        let exp = self
            .base_delay_ms
            .saturating_mul(1u64 << (attempt - 1).min(20))
            .min(self.max_delay_ms);
        // "Equal jitter": half fixed, half random, so retries from many
        // clients spread out but never come back at once.
        let half = exp / 2;
        Some(half + (half as f64 * jitter.clamp(0.0, 1.0)) as u64)
    }
}
