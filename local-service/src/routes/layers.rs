//! The layers every request passes: the `Host` check (no DNS rebinding),
//! and the ray id on every answer.

use std::sync::Arc;

use axum::extract::{Request, State as Extract};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::errors::{ray_id, ServiceError, RAY_ID_HEADER};
use crate::State;
use gamecloud::validate::{host_of, is_localhost_name};

/// Answers only requests addressed to this service by an IP address, a
/// loopback name or a name given with `--allow-host`, as development servers
/// do: a page on another name that resolves to this address (DNS rebinding)
/// is refused before anything else runs.
pub(super) async fn host_layer(
    Extract(state): Extract<Arc<State>>,
    req: Request,
    next: Next,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    match host {
        Some(host) if host_allowed(host, &state.allowed_hosts) => next.run(req).await,
        Some(host) => {
            let name = host_of(host);
            ServiceError::new(
                StatusCode::FORBIDDEN,
                "LOCAL_HOST_NOT_ALLOWED",
                format!(
                    "This service does not answer to the host name \"{}\". Call it by its address, or start it with --allow-host {}.",
                    name.escape_default(),
                    name.escape_default()
                ),
            )
            .into_response()
        }
        None => ServiceError::new(
            StatusCode::BAD_REQUEST,
            "LOCAL_HOST_MISSING",
            "The request has no Host header.",
        )
        .into_response(),
    }
}

/// Whether a `Host` value names this service: any IP address (a rebinding
/// attack needs a name), `localhost` and its subdomains, or an allowed name.
pub fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let name = host_of(host);
    name.parse::<std::net::IpAddr>().is_ok() || is_localhost_name(&name) || allowed.contains(&name)
}

/// Every answer carries `rvt-ray-id`; error bodies already set theirs.
pub(super) async fn ray_id_layer(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    if !res.headers().contains_key(RAY_ID_HEADER) {
        if let Ok(v) = HeaderValue::from_str(&ray_id()) {
            res.headers_mut().insert(RAY_ID_HEADER, v);
        }
    }
    res
}
