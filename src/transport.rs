//! The only code that touches the network: runs a core [`Call`] through the
//! browser's fetch (gloo-net) and hands the answer back to the core.

use gloo_net::http::{Method as HttpMethod, RequestBuilder};
use web_sys::RequestMode;

use crate::api::{
    Answer, ApiError, Call, Connection, Method, NetworkReason, Operation, RELEVANT_HEADERS,
};

/// Runs one operation: describe, fetch, interpret.
pub async fn send<O: Operation>(conn: &Connection, op: &O) -> Result<O::Output, ApiError> {
    let call = op.call(conn)?;
    let answer = fetch(&call).await?;
    O::read(&answer)
}

/// Sends a call and collects the answer; a failure before any answer is
/// diagnosed (offline, mixed content, refused by the browser, unreachable).
pub async fn fetch(call: &Call) -> Result<Answer, ApiError> {
    let method = match call.method {
        Method::Get => HttpMethod::GET,
        Method::Post => HttpMethod::POST,
        Method::Put => HttpMethod::PUT,
    };
    let mut builder = RequestBuilder::new(&call.url).method(method);
    for (name, value) in &call.headers {
        builder = builder.header(name, value);
    }
    let request = match &call.body {
        Some(body) => builder.body(body.clone()),
        None => builder.build(),
    }
    .map_err(|e| network(NetworkReason::Unreachable, e.to_string()))?;
    let response = match request.send().await {
        Ok(r) => r,
        Err(e) => return Err(diagnose(call, &e.to_string()).await),
    };
    let headers = RELEVANT_HEADERS
        .iter()
        .filter_map(|&name| response.headers().get(name).map(|v| (name.to_owned(), v)))
        .collect();
    let status = response.status();
    let body = response.binary().await.map_err(|e| {
        network(
            NetworkReason::Unreachable,
            format!("the answer was cut off: {e}"),
        )
    })?;
    Ok(Answer {
        status,
        headers,
        body,
        received_at_ms: js_sys::Date::now() as i64,
    })
}

fn network(reason: NetworkReason, message: String) -> ApiError {
    ApiError::Network { reason, message }
}

/// Tells apart why fetch failed with no answer. The browser gives the same
/// opaque error for all of these, so look around: is it offline, is it an
/// https page calling http, and does the server answer a request that needs no
/// CORS permission (if it does, CORS refused the real one).
async fn diagnose(call: &Call, raw: &str) -> ApiError {
    let window = web_sys::window();
    if window.as_ref().is_some_and(|w| !w.navigator().on_line()) {
        return network(NetworkReason::Offline, raw.to_owned());
    }
    let page_origin = window
        .as_ref()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    if page_origin.starts_with("https:") && call.url.starts_with("http:") {
        return network(NetworkReason::MixedContent, call.url.clone());
    }
    let probe = RequestBuilder::new(&call.url)
        .mode(RequestMode::NoCors)
        .build();
    let reachable = match probe {
        Ok(p) => p.send().await.is_ok(),
        Err(_) => false,
    };
    if reachable && !same_origin(&page_origin, &call.url) {
        let mut headers: Vec<String> = call.headers.iter().map(|(k, _)| k.clone()).collect();
        headers.sort();
        return ApiError::Cors {
            origin: page_origin,
            method: call.method.as_str().to_owned(),
            headers,
            url: call.url.clone(),
        };
    }
    network(NetworkReason::Unreachable, raw.to_owned())
}

fn same_origin(origin: &str, url: &str) -> bool {
    !origin.is_empty()
        && url.len() >= origin.len()
        && url[..origin.len()].eq_ignore_ascii_case(origin)
        && matches!(url.as_bytes().get(origin.len()), None | Some(b'/'))
}
