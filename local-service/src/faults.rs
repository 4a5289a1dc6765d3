//! Test hooks (`--test-hooks` only): make the next calls to an endpoint fail
//! the way a proxy or an overloaded service does (a status with any body, a
//! slow answer, or an answer far larger than it should be), so clients can be
//! tested against failures on real HTTP.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::response::Response;
use hyper::body::Frame;

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
    /// Pad the answer (the injected one, or the service's own) with spaces
    /// after its JSON, where a reader skips them, to this many bytes, sent
    /// as a stream with no `Content-Length`: a client must count what it
    /// reads to stop at its limit. 0 leaves the answer as it is.
    #[serde(default)]
    pub pad_to: u64,
    /// Send the answer (padded or not) no faster than this many kilobits
    /// a second, a slice at a time, as a slow link delivers it: 20000 for
    /// 20 Mbit/s. 0 sends it as fast as the connection takes it.
    #[serde(default)]
    pub rate_kbit: u64,
    /// How many calls it applies to.
    #[serde(default = "one")]
    pub times: u32,
}

fn one() -> u32 {
    1
}

/// The queue of pending failures, and how much padding went out.
#[derive(Default)]
pub struct Faults {
    queue: Mutex<Vec<Fault>>,
    /// Bytes of padding handed to connections since the last clear: a client
    /// that stops reading at its limit and hangs up gets few of them.
    padding_sent: Arc<AtomicU64>,
}

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
        self.padding_sent.store(0, Ordering::Relaxed);
    }

    /// Bytes of padding handed to connections since the last clear.
    pub fn padding_sent(&self) -> u64 {
        self.padding_sent.load(Ordering::Relaxed)
    }

    /// `res` with its body padded to `fault.pad_to` bytes, if it asks for it.
    pub async fn pad(&self, fault: &Fault, res: Response) -> Response {
        if fault.pad_to == 0 {
            return res;
        }
        let (mut parts, body) = res.into_parts();
        // The service's own answers are small and already in memory.
        let head = axum::body::to_bytes(body, usize::MAX)
            .await
            .unwrap_or_default();
        parts.headers.remove(axum::http::header::CONTENT_LENGTH);
        let left = fault.pad_to.saturating_sub(head.len() as u64);
        let body = Padded {
            head: Some(head),
            left,
            sent: self.padding_sent.clone(),
        };
        Response::from_parts(parts, Body::new(body))
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
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The largest padded answer: enough to pass any client's limit many times
/// over, and a stream, so it costs the service no memory.
pub const MAX_PAD_BYTES: u64 = 1 << 30;

/// Spaces, a chunk of padding at a time.
static SPACES: [u8; 64 << 10] = [b' '; 64 << 10];

/// A body: the answer, then spaces made as the connection takes them, each
/// chunk counted as it is handed over.
struct Padded {
    head: Option<Bytes>,
    left: u64,
    sent: Arc<AtomicU64>,
}

impl HttpBody for Padded {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Some(head) = self.head.take() {
            return Poll::Ready(Some(Ok(Frame::data(head))));
        }
        let n = self.left.min(SPACES.len() as u64);
        if n == 0 {
            return Poll::Ready(None);
        }
        self.left -= n;
        self.sent.fetch_add(n, Ordering::Relaxed);
        Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
            &SPACES[..n as usize],
        )))))
    }
}

/// The most bytes of a trickled answer sent at once: a slow link's pace is
/// seen in slices this small (6.5 ms apart at 20 Mbit/s).
const TRICKLE_SLICE: usize = 16 << 10;

/// A body sent no faster than a rate: each slice once the time since the
/// first has paid for it.
struct Trickled {
    inner: Body,
    /// What the inner body gave and is not sent yet.
    pending: Bytes,
    sent: u64,
    bytes_per_second: f64,
    /// When the first slice went out.
    start: Option<tokio::time::Instant>,
    wait: Pin<Box<tokio::time::Sleep>>,
}

impl HttpBody for Trickled {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        loop {
            if this.pending.is_empty() {
                let Some(frame) = std::task::ready!(Pin::new(&mut this.inner).poll_frame(cx))
                else {
                    return Poll::Ready(None);
                };
                match frame.map(|f| f.into_data()) {
                    Ok(Ok(data)) => this.pending = data,
                    Ok(Err(other)) => return Poll::Ready(Some(Ok(other))),
                    Err(e) => return Poll::Ready(Some(Err(e))),
                }
                continue;
            }
            let now = tokio::time::Instant::now();
            let start = *this.start.get_or_insert(now);
            let paid = (now.duration_since(start).as_secs_f64() * this.bytes_per_second) as u64;
            // The next slice goes once the time since the first has paid for
            // all but one slice of what is sent with it: the first at once.
            let n = this.pending.len().min(TRICKLE_SLICE);
            let due = (this.sent + n as u64).saturating_sub(TRICKLE_SLICE as u64);
            if paid >= due {
                this.sent += n as u64;
                return Poll::Ready(Some(Ok(Frame::data(this.pending.split_to(n)))));
            }
            let at = start + Duration::from_secs_f64(due as f64 / this.bytes_per_second);
            this.wait.as_mut().reset(at);
            std::task::ready!(this.wait.as_mut().poll(cx));
        }
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
        if self.pad_to > MAX_PAD_BYTES {
            return Err(format!(
                "pad_to {} is more than {MAX_PAD_BYTES} bytes, the largest padded answer",
                self.pad_to
            ));
        }
        Ok(())
    }

    /// `res` sent at `rate_kbit`, if it asks for it.
    pub fn trickle(&self, res: Response) -> Response {
        if self.rate_kbit == 0 {
            return res;
        }
        let (parts, body) = res.into_parts();
        let body = Trickled {
            inner: body,
            pending: Bytes::new(),
            sent: 0,
            bytes_per_second: self.rate_kbit as f64 * 1000.0 / 8.0,
            start: None,
            wait: Box::pin(tokio::time::sleep(Duration::ZERO)),
        };
        Response::from_parts(parts, Body::new(body))
    }

    pub fn delay(&self) -> Duration {
        Duration::from_millis(self.delay_ms.min(120_000))
    }
}
