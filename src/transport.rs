//! The only code that touches the network: runs a core [`Call`] through fetch
//! (gloo-net), with a per-attempt timeout, cancellation through the caller's
//! `AbortSignal`, and retries of the calls that are safe to repeat. What an
//! answer means is decided by the core, never here.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use gloo_net::http::{Method as HttpMethod, RequestBuilder};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortController, AbortSignal, ReadableStreamDefaultReader, ReadableStreamReadResult,
    RequestMode,
};

use crate::api::{
    Answer, ApiError, Call, Connection, Method, NetworkReason, Operation, RetryPolicy,
    RELEVANT_HEADERS,
};

/// The default time one attempt may take.
pub const DEFAULT_TIMEOUT_MS: u32 = 30_000;

/// How calls are made.
#[derive(Debug, Clone)]
pub struct Options {
    /// The longest one attempt may take, in milliseconds.
    pub timeout_ms: u32,
    /// When to try again after a transient failure.
    pub retry: RetryPolicy,
    /// Cancels the call (and any retry) when it fires.
    pub signal: Option<AbortSignal>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout_ms: DEFAULT_TIMEOUT_MS,
            retry: RetryPolicy::default(),
            signal: None,
        }
    }
}

#[wasm_bindgen]
extern "C" {
    // The global timers, present in browsers, workers and Node alike.
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &js_sys::Function, ms: u32) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
}

/// Runs one operation: describe, fetch (retrying what is safe to retry),
/// interpret.
pub async fn send<O: Operation>(
    conn: &Connection,
    op: &O,
    opts: &Options,
) -> Result<O::Output, ApiError> {
    let call = op.call(conn)?;
    O::read(&exchange(&call, opts).await?)
}

/// Sends a call already made (the panel shows it before it goes, and logs
/// it): the success answer, and its ray id.
pub async fn send_call(call: &Call, opts: &Options) -> Result<(Answer, String), ApiError> {
    let answer = exchange(call, opts).await?;
    let ray_id = answer.header("rvt-ray-id").unwrap_or_default().to_owned();
    Ok((answer, ray_id))
}

/// Fetches until a success answer arrives or the retry policy gives up. Every
/// operation reads a non-2xx answer as the service's error, so the decision
/// needs no operation and this loop is compiled once for all of them.
async fn exchange(call: &Call, opts: &Options) -> Result<Answer, ApiError> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        if aborted(opts.signal.as_ref()) {
            return Err(ApiError::Aborted);
        }
        let err = match attempt_once(call, opts).await {
            Ok(answer) if answer.is_success() => return Ok(answer),
            Ok(answer) => answer.error(),
            Err(err) => err,
        };
        match opts
            .retry
            .delay_ms(attempt, &err, call.retry_safe, js_sys::Math::random())
        {
            Some(ms) => wait(ms, opts.signal.as_ref()).await,
            None => return Err(err),
        }
    }
}

/// One attempt under its own timeout, linked to the caller's signal.
async fn attempt_once(call: &Call, opts: &Options) -> Result<Answer, ApiError> {
    let controller =
        AbortController::new().map_err(|_| unreachable_err("fetch cannot be cancelled here"))?;
    let signal = controller.signal();
    let timed_out = Rc::new(Cell::new(false));
    let on_timeout = {
        let (controller, timed_out) = (controller.clone(), timed_out.clone());
        Closure::<dyn FnMut()>::new(move || {
            timed_out.set(true);
            controller.abort();
        })
    };
    let timer = set_timeout(on_timeout.as_ref().unchecked_ref(), opts.timeout_ms);
    let on_abort = {
        let controller = controller.clone();
        Closure::<dyn FnMut()>::new(move || controller.abort())
    };
    if let Some(user) = &opts.signal {
        let _ = user.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
    }
    let result = fetch(call, &signal).await;
    clear_timeout(&timer);
    if let Some(user) = &opts.signal {
        let _ =
            user.remove_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
    }
    match result {
        Err(ApiError::Aborted) if timed_out.get() => Err(ApiError::Timeout {
            after_ms: opts.timeout_ms.into(),
        }),
        other => other,
    }
}

/// Awaits a promise of the caller's (a token function's) under the call's
/// timeout and signal, so that neither stops applying while it is pending.
/// `Ok` holds the promise's own outcome; `Err` says it took too long or the
/// call was cancelled.
pub async fn bounded(
    promise: &js_sys::Promise,
    opts: &Options,
) -> Result<Result<JsValue, JsValue>, ApiError> {
    let mut value = JsFuture::from(promise.clone());
    let mut stop = wait(opts.timeout_ms.into(), opts.signal.as_ref());
    std::future::poll_fn(|cx| {
        if let Poll::Ready(outcome) = Pin::new(&mut value).poll(cx) {
            return Poll::Ready(Ok(outcome));
        }
        Pin::new(&mut stop).poll(cx).map(|()| {
            Err(match aborted(opts.signal.as_ref()) {
                true => ApiError::Aborted,
                false => ApiError::Timeout {
                    after_ms: opts.timeout_ms.into(),
                },
            })
        })
    })
    .await
}

/// Whether the caller's signal has fired. One that throws when read (a
/// hostile Proxy) counts as fired: the call ends, its exception never
/// escapes it.
pub fn aborted(signal: Option<&AbortSignal>) -> bool {
    signal
        .is_some_and(|s| js_sys::Reflect::get(s, &"aborted".into()).map_or(true, |v| v.is_truthy()))
}

/// Waits `ms` milliseconds.
pub async fn sleep(ms: u64) {
    wait(ms, None).await
}

/// A wait that ends after its time or when the signal fires. Dropped early,
/// it clears its timer and listener: a pending timer keeps Node running.
struct Wait {
    done: JsFuture,
    timer: JsValue,
    /// The signal and the `resolve` listening to it.
    abort: Option<(AbortSignal, js_sys::Function)>,
}

fn wait(ms: u64, signal: Option<&AbortSignal>) -> Wait {
    let (mut timer, mut abort) = (JsValue::UNDEFINED, None);
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        timer = set_timeout(&resolve, ms.min(u32::MAX as u64) as u32);
        if let Some(signal) = signal {
            let _ = signal.add_event_listener_with_callback("abort", &resolve);
            abort = Some((signal.clone(), resolve));
        }
    });
    Wait {
        done: JsFuture::from(promise),
        timer,
        abort,
    }
}

impl Future for Wait {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        Pin::new(&mut self.done).poll(cx).map(drop)
    }
}

impl Drop for Wait {
    fn drop(&mut self) {
        clear_timeout(&self.timer);
        if let Some((signal, resolve)) = &self.abort {
            let _ = signal.remove_event_listener_with_callback("abort", resolve);
        }
    }
}

/// Sends a call once and collects the answer; a failure before any answer is
/// diagnosed (aborted, offline, mixed content, refused by the browser,
/// unreachable).
pub async fn fetch(call: &Call, signal: &AbortSignal) -> Result<Answer, ApiError> {
    let mut fired = Fired::new(signal);
    let method = match call.method {
        Method::Get => HttpMethod::GET,
        Method::Post => HttpMethod::POST,
        Method::Put => HttpMethod::PUT,
    };
    let mut builder = RequestBuilder::new(&call.url)
        .method(method)
        .abort_signal(Some(signal));
    for (name, value) in &call.headers {
        builder = builder.header(name, value);
    }
    let request = match &call.body {
        Some(body) => builder.body(body.clone()),
        None => builder.build(),
    }
    .map_err(|e| unreachable_err(&e.to_string()))?;
    let aborted = || Err(gloo_net::Error::GlooError("aborted".into()));
    let response = match fired.unless(request.send(), aborted).await {
        Ok(r) => r,
        Err(_) if signal.aborted() => return Err(ApiError::Aborted),
        Err(e) => return Err(diagnose(call, &e.to_string(), signal).await),
    };
    let headers = RELEVANT_HEADERS
        .iter()
        .filter_map(|&name| response.headers().get(name).map(|v| (name.to_owned(), v)))
        .collect();
    let status = response.status();
    let body = match read_body(response.body(), call.max_answer_bytes, &mut fired).await {
        Ok(Some(b)) => b,
        Ok(None) => return Err(ApiError::too_large(status, call.max_answer_bytes)),
        Err(_) if signal.aborted() => return Err(ApiError::Aborted),
        Err(_) => return Err(unreachable_err("the answer was cut off")),
    };
    Ok(Answer {
        status,
        headers,
        body,
        received_at_ms: js_sys::Date::now() as i64,
    })
}

/// An attempt's signal, raced against each wait on the network. Node's
/// fetch holds the link from the signal to its request weakly: a garbage
/// collection during the call can lose the abort, and a service that
/// answers slowly enough would then hold the call (and Node) for ever. So
/// the JS module's core ends the wait itself. Browsers keep the link, so the
/// panel and the elements, which run only there, go without the bytes.
#[cfg(feature = "js")]
struct Fired(JsFuture);

#[cfg(feature = "js")]
impl Fired {
    fn new(signal: &AbortSignal) -> Self {
        Fired(JsFuture::from(js_sys::Promise::new(&mut |resolve, _| {
            let _ = signal.add_event_listener_with_callback("abort", &resolve);
        })))
    }

    /// `work`'s outcome, or `or()`'s if the signal fires first.
    async fn unless<F: Future>(&mut self, work: F, or: impl FnOnce() -> F::Output) -> F::Output {
        let mut work = std::pin::pin!(work);
        let outcome = std::future::poll_fn(|cx| match work.as_mut().poll(cx) {
            Poll::Ready(outcome) => Poll::Ready(Some(outcome)),
            Poll::Pending => Pin::new(&mut self.0).poll(cx).map(|_| None),
        })
        .await;
        outcome.unwrap_or_else(or)
    }
}

/// In a browser, fetch itself ends at the signal: nothing to race.
#[cfg(not(feature = "js"))]
struct Fired;

#[cfg(not(feature = "js"))]
impl Fired {
    fn new(_signal: &AbortSignal) -> Self {
        Fired
    }

    /// `work` itself.
    fn unless<F: Future>(&mut self, work: F, _or: impl FnOnce() -> F::Output) -> F {
        work
    }
}

/// Reads a body chunk by chunk, no further than `max` bytes: `None` once it
/// would pass them, the rest left unread (the stream is cancelled, which
/// closes the connection). A `Content-Length` is not trusted: the bytes are
/// counted as they come. When `fired` fires first, the stream is cancelled
/// too, and the read fails.
async fn read_body(
    stream: Option<web_sys::ReadableStream>,
    max: u32,
    fired: &mut Fired,
) -> Result<Option<Vec<u8>>, JsValue> {
    let mut body = Vec::new();
    let Some(stream) = stream else {
        return Ok(Some(body));
    };
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    loop {
        let read = JsFuture::from(reader.read());
        let read = fired
            .unless(read, || {
                cancel(&reader);
                Err(JsValue::UNDEFINED)
            })
            .await;
        let read: ReadableStreamReadResult = read?.unchecked_into();
        if read.get_done().unwrap_or(true) {
            return Ok(Some(body));
        }
        let chunk: js_sys::Uint8Array = read.get_value().unchecked_into();
        // `body` never holds more than `max`: no overflow.
        if chunk.length() > max - body.len() as u32 {
            cancel(&reader);
            return Ok(None);
        }
        body.extend_from_slice(&chunk.to_vec());
    }
}

/// Cancels a body's stream, which closes the connection. Its promise is
/// awaited, so that a rejection is handled (Node stops on one that is not).
fn cancel(reader: &ReadableStreamDefaultReader) {
    let cancelled = JsFuture::from(reader.cancel());
    wasm_bindgen_futures::spawn_local(async move {
        let _ = cancelled.await;
    });
}

fn unreachable_err(message: &str) -> ApiError {
    ApiError::Network {
        reason: NetworkReason::Unreachable,
        message: message.to_owned(),
    }
}

/// Tells apart why fetch failed with no answer. The browser gives the same
/// opaque error for all of these, so look around: is it offline, is it an
/// https page calling http, and does the server answer a request that needs no
/// CORS permission (if it does, CORS refused the real one).
async fn diagnose(call: &Call, raw: &str, signal: &AbortSignal) -> ApiError {
    let window = web_sys::window();
    if window.as_ref().is_some_and(|w| !w.navigator().on_line()) {
        return ApiError::Network {
            reason: NetworkReason::Offline,
            message: raw.to_owned(),
        };
    }
    let page_origin = window
        .as_ref()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    if page_origin.starts_with("https:") && call.url.starts_with("http:") {
        return ApiError::Network {
            reason: NetworkReason::MixedContent,
            message: call.url.clone(),
        };
    }
    if page_origin.is_empty() || crate::api::same_origin(&page_origin, &call.url) {
        // No page (Node, a worker without location) or no CORS involved.
        return unreachable_err(raw);
    }
    let probe = RequestBuilder::new(&call.url)
        .mode(RequestMode::NoCors)
        .abort_signal(Some(signal))
        .build();
    let reachable = match probe {
        Ok(p) => p.send().await.is_ok(),
        Err(_) => false,
    };
    if !reachable {
        return unreachable_err(raw);
    }
    // The call's headers, in the order the core lists them.
    let headers = call.headers.iter().map(|(k, _)| k.clone()).collect();
    ApiError::Cors {
        origin: page_origin,
        method: call.method.as_str().to_owned(),
        headers,
        url: call.url.clone(),
    }
}
