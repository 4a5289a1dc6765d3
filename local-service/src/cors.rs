//! CORS as the real service does it: allowed origins get the headers, other
//! origins get a 400 with no CORS headers at all (which a browser reports as
//! an opaque network failure).

use axum::body::Body;
use axum::extract::State as Extract;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

use crate::errors::{ServiceError, RAY_ID_HEADER};
use crate::State;

/// Request headers a browser may send.
pub const ALLOWED_HEADERS: [&str; 3] = ["content-type", "authorization", "x-api-version"];
/// Methods a browser may use.
pub const ALLOWED_METHODS: [&str; 4] = ["GET", "POST", "PUT", "DELETE"];

/// Which origins may call.
#[derive(Debug, Clone)]
pub struct Origins {
    any: bool,
    /// Explicit origins; empty means "loopback origins".
    list: Vec<String>,
}

impl Origins {
    /// From `--allow-origin` values; checks each is `scheme://host[:port]`.
    pub fn new(values: &[String]) -> Result<Self, String> {
        let mut list = Vec::new();
        let mut any = false;
        for v in values {
            if v == "*" {
                any = true;
                continue;
            }
            let v = v.trim_end_matches('/');
            let ok = (v.starts_with("http://") || v.starts_with("https://"))
                && !v
                    .split_once("://")
                    .is_some_and(|(_, rest)| rest.is_empty() || rest.contains('/'));
            if !ok {
                return Err(format!(
                    "--allow-origin {v:?} is not an origin such as http://localhost:3000 (or *)"
                ));
            }
            list.push(v.to_ascii_lowercase());
        }
        Ok(Origins { any, list })
    }

    /// Whether `origin` may call. The service's own origin (the one the
    /// request is addressed to) always may.
    pub fn allows(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.to_ascii_lowercase();
        let host_of_origin = origin.split_once("://").map(|(_, h)| h);
        if host.is_some_and(|h| host_of_origin == Some(h.to_ascii_lowercase().as_str())) {
            return true;
        }
        if self.any {
            return true;
        }
        if self.list.is_empty() {
            return host_of_origin.is_some_and(is_loopback_host);
        }
        self.list.contains(&origin)
    }
}

/// `localhost`, `127.x.y.z` or `[::1]`, with or without a port.
fn is_loopback_host(host_port: &str) -> bool {
    let host = if let Some(rest) = host_port.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        host_port.split(':').next().unwrap_or("")
    };
    host == "localhost"
        || host == "::1"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The CORS layer for the service's routes.
pub async fn layer(
    Extract(state): Extract<Arc<State>>,
    req: Request<Body>,
    next: Next,
) -> Response {
    let Some(origin) = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
    else {
        return next.run(req).await;
    };
    // The API and the test hooks; the panel's static files need no CORS.
    let path = req.uri().path();
    if !(path.starts_with("/cloud") || path.starts_with("/_local")) {
        return next.run(req).await;
    }
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok());
    if !state.origins.allows(&origin, host) {
        return ServiceError::new(
            StatusCode::BAD_REQUEST,
            "API_CORS_ORIGIN_NOT_ALLOWED",
            format!("Origin {origin} is not allowed to call this service."),
        )
        .into_response();
    }
    let preflight = req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if preflight {
        return preflight_answer(&origin, req.headers());
    }
    let mut res = next.run(req).await;
    add_cors_headers(res.headers_mut(), &origin);
    res
}

fn preflight_answer(origin: &str, headers: &HeaderMap) -> Response {
    let method = headers
        .get(header::ACCESS_CONTROL_REQUEST_METHOD)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !ALLOWED_METHODS.contains(&method) {
        return ServiceError::new(
            StatusCode::BAD_REQUEST,
            "API_CORS_METHOD_NOT_ALLOWED",
            format!("Method {method} is not allowed."),
        )
        .into_response();
    }
    let requested = headers
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if let Some(bad) = requested
        .split(',')
        .map(|h| h.trim().to_ascii_lowercase())
        .find(|h| !h.is_empty() && !ALLOWED_HEADERS.contains(&h.as_str()))
    {
        return ServiceError::new(
            StatusCode::BAD_REQUEST,
            "API_CORS_HEADER_NOT_ALLOWED",
            format!("Header {bad} is not allowed."),
        )
        .into_response();
    }
    let mut res = StatusCode::NO_CONTENT.into_response();
    let h = res.headers_mut();
    add_cors_headers(h, origin);
    h.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST, PUT, DELETE"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("Content-Type, Authorization, X-API-Version"),
    );
    h.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static("3600"),
    );
    res
}

fn add_cors_headers(h: &mut HeaderMap, origin: &str) {
    if let Ok(v) = HeaderValue::from_str(origin) {
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, v);
    }
    h.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(RAY_ID_HEADER),
    );
    h.append(header::VARY, HeaderValue::from_static("Origin"));
}
