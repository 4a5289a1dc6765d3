//! The four operations, routed as the service routes them: a path segment that
//! is not a UUID is 404, a wrong method is 400, then the bearer check, the
//! body, the rules, and the game or namespace lookup.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State as Extract};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::endpoint::Endpoint;
use crate::errors::{ray_id, ServiceError, RAY_ID_HEADER};
use crate::State;
use gamecloud::model::{
    DevTokenRequest, DevTokenResponse, SetCdnAuthRequest, SetDomainAuthRequest,
};
use gamecloud::validate::{self, host_of, is_localhost_name, ServiceRejection};

/// The whole service: the API, the optional panel, and the layers.
pub fn router(state: Arc<State>) -> Router {
    let mut router = Router::new().route("/_local/state", axum::routing::get(local_state));
    // Failures can be injected only when the service was started for tests.
    if state.faults.is_some() {
        router = router.route(
            "/_local/faults",
            axum::routing::post(add_fault).delete(clear_faults),
        );
    }
    router
        .fallback(dispatch)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::cors::layer,
        ))
        .layer(middleware::from_fn_with_state(state.clone(), host_layer))
        .layer(middleware::from_fn(ray_id_layer))
        .with_state(state)
}

/// Answers only requests addressed to this service by an IP address, a
/// loopback name or a name given with `--allow-host`, as development servers
/// do: a page on another name that resolves to this address (DNS rebinding)
/// is refused before anything else runs.
async fn host_layer(Extract(state): Extract<Arc<State>>, req: Request, next: Next) -> Response {
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
async fn ray_id_layer(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    if !res.headers().contains_key(RAY_ID_HEADER) {
        if let Ok(v) = HeaderValue::from_str(&ray_id()) {
            res.headers_mut().insert(RAY_ID_HEADER, v);
        }
    }
    res
}

/// Not part of the contract: what the PUTs changed, for tests and for
/// developers (the real service has no way to read it back). Like the API,
/// for the token's holder only.
async fn local_state(
    Extract(state): Extract<Arc<State>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    authorize(&state, peer, &headers)?;
    let hits = state.hits.lock().map(|h| json!(*h)).unwrap_or_default();
    let most = state
        .in_flight
        .lock()
        .map(|m| {
            json!(m
                .iter()
                .map(|(e, (_, most))| (*e, *most))
                .collect::<std::collections::BTreeMap<_, _>>())
        })
        .unwrap_or_default();
    Ok(axum::Json(json!({
        "namespaces": state.settings(),
        "builds": state.build_count,
        "hits": hits,
        "max_in_flight": most,
        "padding_sent": state.faults.as_ref().map_or(0, |f| f.padding_sent()),
    }))
    .into_response())
}

/// `--test-hooks`: queue a failure for an endpoint. The caller must hold the
/// token, and the body is read as the API's are (size and deadline).
async fn add_fault(
    Extract(state): Extract<Arc<State>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
) -> Result<Response, ServiceError> {
    let faults = state.faults.as_ref().ok_or_else(ServiceError::not_found)?;
    let (parts, body) = req.into_parts();
    authorize(&state, peer, &parts.headers)?;
    let body = read_body(&state, &parts.headers, body).await?;
    let fault = serde_json::from_slice::<crate::faults::Fault>(&body)
        .map_err(|e| e.to_string())
        .and_then(|f| f.check().map(|()| f))
        .map_err(|e| ServiceError::bad_body(format!("Not a fault: {e}")))?;
    faults.push(fault).map_err(ServiceError::bad_body)?;
    Ok(empty_ok())
}

/// `--test-hooks`: forget every queued failure, the call counts and the most
/// calls seen at once.
async fn clear_faults(
    Extract(state): Extract<Arc<State>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    let faults = state.faults.as_ref().ok_or_else(ServiceError::not_found)?;
    authorize(&state, peer, &headers)?;
    faults.clear();
    if let Ok(mut hits) = state.hits.lock() {
        hits.clear();
    }
    if let Ok(mut in_flight) = state.in_flight.lock() {
        for (now, most) in in_flight.values_mut() {
            *most = *now;
        }
    }
    Ok(empty_ok())
}

/// The answer an injected failure gives in place of the service's own, if it
/// names a status.
fn injected(fault: &crate::faults::Fault) -> Option<Response> {
    let status = StatusCode::from_u16(fault.status?).ok()?;
    let mut res = (status, fault.body.clone()).into_response();
    if let Some(ct) = fault
        .content_type
        .as_deref()
        .and_then(|c| HeaderValue::from_str(c).ok())
    {
        res.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    if let Some(ra) = fault
        .retry_after
        .as_deref()
        .and_then(|c| HeaderValue::from_str(c).ok())
    {
        res.headers_mut().insert(header::RETRY_AFTER, ra);
    }
    Some(res)
}

async fn dispatch(
    Extract(state): Extract<Arc<State>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
) -> Response {
    let path = req.uri().path().to_owned();
    if path == "/cloud" || path.starts_with("/cloud/") {
        // No route matched, including a non-UUID id: 404, as the service does.
        let Some(route) = Route::parse(&path) else {
            return ServiceError::not_found().into_response();
        };
        state.hit(route.endpoint());
        let _answering = state.enter(route.endpoint());
        return match operation(&state, peer, route, req).await {
            Ok(res) => res,
            Err(e) => e.into_response(),
        };
    }
    if path.starts_with("/_local/") {
        // Not a file of the panel: a test hook this service was not started with.
        return ServiceError::not_found().into_response();
    }
    match &state.dist {
        Some(dir) => serve_static(dir, req).await,
        None if path == "/" => no_framing(Html(NO_PANEL_PAGE).into_response()),
        None => ServiceError::not_found().into_response(),
    }
}

/// The checks every operation shares, in the service's order (method, then
/// the bearer token, then the rate limit, which counts only callers that
/// passed it), then a queued fault (`--test-hooks`), and then the
/// operation's own handler. A body is read only
/// once the caller is known, and only up to [`MAX_BODY_BYTES`].
async fn operation(
    state: &State,
    peer: SocketAddr,
    route: Route,
    req: Request,
) -> Result<Response, ServiceError> {
    let (parts, body) = req.into_parts();
    let endpoint = route.endpoint();
    if parts.method != endpoint.method() {
        return Err(ServiceError::new(
            StatusCode::BAD_REQUEST,
            "API_METHOD_NOT_ALLOWED",
            format!("Method {} is not allowed on this route.", parts.method),
        ));
    }
    authorize(state, peer, &parts.headers)?;
    if let Some(limiter) = &state.rate_limiter {
        limiter
            .check(peer.ip(), endpoint)
            .map_err(|wait| rate_limited(state, wait))?;
    }
    // A queued fault stands in for the answer to a call the service would
    // answer (never one that fails these checks), or pads it.
    let queued = state
        .faults
        .as_ref()
        .and_then(|f| Some((f, f.take(endpoint)?)));
    let Some((faults, fault)) = queued else {
        return handle(state, route, &parts.headers, body).await;
    };
    tokio::time::sleep(fault.delay()).await;
    let res = match injected(&fault) {
        Some(res) => res,
        None => handle(state, route, &parts.headers, body)
            .await
            .unwrap_or_else(IntoResponse::into_response),
    };
    Ok(faults.pad(&fault, res).await)
}

/// The operation's own handler, its body read first where it has one.
async fn handle(
    state: &State,
    route: Route,
    headers: &HeaderMap,
    body: Body,
) -> Result<Response, ServiceError> {
    match route {
        Route::ListBuilds { game } => list_builds(state, &game),
        Route::CreateDevToken { game, namespace } => {
            let body = read_body(state, headers, body).await?;
            create_dev_token(state, &game, &namespace, &body)
        }
        Route::SetCdnAuth { game, namespace } => {
            let body = read_body(state, headers, body).await?;
            set_cdn_auth(state, &game, &namespace, &body).await
        }
        Route::SetDomainAuth { game, namespace } => {
            let body = read_body(state, headers, body).await?;
            set_domain_auth(state, &game, &namespace, &body).await
        }
    }
}

/// The largest API body read. The service's own limit is not published; a
/// development token request with 16 ports is under 2 KiB.
pub const MAX_BODY_BYTES: usize = 64 << 10;

/// Reads a body of at most [`MAX_BODY_BYTES`], refusing a larger declared
/// length before reading any of it, and a body that stalls.
async fn read_body(state: &State, headers: &HeaderMap, body: Body) -> Result<Bytes, ServiceError> {
    let too_large = || {
        ServiceError::bad_body(format!(
            "The body is larger than {} KiB, the most this service reads.",
            MAX_BODY_BYTES >> 10
        ))
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(
        state.client_timeout,
        axum::body::to_bytes(body, MAX_BODY_BYTES),
    )
    .await
    {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) if is_length_limit(&e) => Err(too_large()),
        Ok(Err(_)) => Err(ServiceError::bad_body("The body was cut off.")),
        Err(_) => Err(ServiceError::bad_body(format!(
            "The body did not arrive within {} s.",
            state.client_timeout.as_secs()
        ))),
    }
}

/// Whether reading a body failed on its size (a chunked body gives no length
/// up front) rather than on the connection.
fn is_length_limit(e: &axum::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        cause = c.source();
    }
    false
}

/// `GET /cloud/games/{game}/builds`: the list, serialized once at start.
fn list_builds(state: &State, game: &str) -> Result<Response, ServiceError> {
    if !game.eq_ignore_ascii_case(crate::demo::GAME_ID) {
        return Err(ServiceError::internal());
    }
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        state.builds_body.clone(),
    )
        .into_response())
}

/// `POST .../tokens/development`: checks the body as the service does and
/// mints a token in the service's format.
fn create_dev_token(
    state: &State,
    game: &str,
    namespace: &str,
    body: &[u8],
) -> Result<Response, ServiceError> {
    let req = dev_token_body(body)?;
    let name = state
        .namespace_name(game, namespace)
        .ok_or_else(ServiceError::internal)?;
    let token = state
        .minter
        .dev_token(namespace, name, &req, state.clock.now_ms());
    Ok(axum::Json(DevTokenResponse { token }).into_response())
}

/// `PUT .../cdn-auth`.
async fn set_cdn_auth(
    state: &State,
    game: &str,
    namespace: &str,
    body: &[u8],
) -> Result<Response, ServiceError> {
    let req: SetCdnAuthRequest = parse_body(body)?;
    if !req.auth_type.is_known() {
        return Err(ServiceError::bad_body(format!(
            "Unknown variant `{}`, expected `none` or `basic`.",
            req.auth_type
        )));
    }
    change(state, game, namespace, |s| s.cdn_auth_type = req.auth_type).await
}

/// `PUT .../domain-public-auth`.
async fn set_domain_auth(
    state: &State,
    game: &str,
    namespace: &str,
    body: &[u8],
) -> Result<Response, ServiceError> {
    let req: SetDomainAuthRequest = parse_body(body)?;
    change(state, game, namespace, |s| {
        s.domain_auth_enabled = req.enabled
    })
    .await
}

/// Applies a setting to a known namespace and saves it; a failed save is a
/// 500 that changed nothing.
async fn change(
    state: &State,
    game: &str,
    namespace: &str,
    f: impl FnOnce(&mut crate::state::NamespaceSettings),
) -> Result<Response, ServiceError> {
    state
        .namespace_name(game, namespace)
        .ok_or_else(ServiceError::internal)?;
    state
        .update(namespace, f)
        .await
        .map_err(|_| ServiceError::internal())?;
    Ok(empty_ok())
}

const NO_PANEL_PAGE: &str = "<!doctype html><meta charset=utf-8><title>Local service</title>\
<p>The local game cloud service is running. No panel is being served: run <code>cargo xtask serve</code> \
to build the panel and serve it here.";

async fn serve_static(dir: &std::path::Path, req: Request) -> Response {
    if names_a_hidden_file(req.uri().path()) || leads_through_symlink(dir, req.uri().path()) {
        return ServiceError::not_found().into_response();
    }
    let mut res = match tower_http::services::ServeDir::new(dir).oneshot(req).await {
        Ok(res) => res.map(Body::new),
        Err(never) => match never {},
    };
    // The page itself is never cached so a rebuild shows at once; the hashed
    // assets may be.
    let is_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if is_html {
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    no_framing(res)
}

/// `res` with no page of another origin allowed to frame it (a click there
/// would be a click here): the header form, which a <meta> policy cannot
/// give, and the older header for browsers without it. docs/DEPLOYMENT.md
/// gives the same for a CDN.
fn no_framing(mut res: Response) -> Response {
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    res
}

/// Whether `path` has a segment that starts with `.` (percent-encoded or
/// not): a dotfile or a hidden folder (`.git/`, `.env`) is never a file of
/// the panel, whatever folder is served.
fn names_a_hidden_file(path: &str) -> bool {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    decoded.split('/').any(|part| part.starts_with('.'))
}

/// Whether serving `path` from `dir` would follow a symbolic link (which
/// could lead out of the directory): every component is checked, and the
/// `index.html` a directory is answered with.
fn leads_through_symlink(dir: &std::path::Path, path: &str) -> bool {
    let Ok(decoded) = percent_encoding::percent_decode_str(path).decode_utf8() else {
        return false; // ServeDir refuses it.
    };
    let mut at = dir.to_path_buf();
    for part in decoded.split('/').filter(|p| !p.is_empty() && *p != ".") {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return true,
            Ok(_) => {}
            Err(_) => return false, // Missing: ServeDir answers 404.
        }
    }
    if at.is_dir() {
        at.push("index.html");
        return std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink());
    }
    false
}

/// One of the four routes, with its ids.
#[derive(Debug, PartialEq, Eq)]
enum Route {
    ListBuilds { game: String },
    CreateDevToken { game: String, namespace: String },
    SetCdnAuth { game: String, namespace: String },
    SetDomainAuth { game: String, namespace: String },
}

impl Route {
    /// Which of the four it is.
    fn endpoint(&self) -> Endpoint {
        match self {
            Route::ListBuilds { .. } => Endpoint::Builds,
            Route::CreateDevToken { .. } => Endpoint::DevTokens,
            Route::SetCdnAuth { .. } => Endpoint::CdnAuth,
            Route::SetDomainAuth { .. } => Endpoint::DomainAuth,
        }
    }

    /// Matches a path; ids must be UUIDs, as the service's router parses them.
    fn parse(path: &str) -> Option<Route> {
        let segments: Vec<String> = path
            .trim_start_matches('/')
            .split('/')
            .map(|s| {
                percent_encoding::percent_decode_str(s)
                    .decode_utf8()
                    .map(|c| c.into_owned())
            })
            .collect::<Result<_, _>>()
            .ok()?;
        let s: Vec<&str> = segments.iter().map(String::as_str).collect();
        let uuid = |id: &str| gamecloud::token::parse_uuid(id).map(|_| id.to_ascii_lowercase());
        Some(match s[..] {
            ["cloud", "games", g, "builds"] => Route::ListBuilds { game: uuid(g)? },
            ["cloud", "games", g, "namespaces", n, "tokens", "development"] => {
                Route::CreateDevToken {
                    game: uuid(g)?,
                    namespace: uuid(n)?,
                }
            }
            ["cloud", "games", g, "namespaces", n, "cdn-auth"] => Route::SetCdnAuth {
                game: uuid(g)?,
                namespace: uuid(n)?,
            },
            ["cloud", "games", g, "namespaces", n, "domain-public-auth"] => Route::SetDomainAuth {
                game: uuid(g)?,
                namespace: uuid(n)?,
            },
            _ => return None,
        })
    }
}

/// The running service answers the PUTs with 200 `{}`.
fn empty_ok() -> Response {
    axum::Json(json!({})).into_response()
}

/// The bearer check: missing is 401 `API_UNAUTHORIZED`; a string that is not a
/// token at all is 400 `TOKEN_INVALID`; a real token that is not the accepted
/// one is 401 (expired, or missing the entitlement). The comparison takes the
/// same time wherever the strings differ, and a client address that keeps
/// failing is answered 429 (see [`crate::state::AUTH_FAILURES`]). A client
/// over its budget is refused before its token is compared, the right one
/// too, until its window ends: a guesser learns nothing from its answers.
/// The right token of a client within its budget always passes, whatever
/// other clients spent. Only a call that presents credentials counts as a
/// failure: one without an `Authorization` header guesses nothing, and any
/// page can make a browser send those (an image), which would otherwise
/// lock the right token out.
fn authorize(state: &State, peer: SocketAddr, headers: &HeaderMap) -> Result<(), ServiceError> {
    if let Some(wait) = state.auth_failures.failures_spent(peer.ip()) {
        return Err(rate_limited(state, wait));
    }
    check_bearer(state, headers).map_err(|refused| {
        if !headers.contains_key(header::AUTHORIZATION) {
            return refused;
        }
        match state.auth_failures.check_failure(peer.ip()) {
            Ok(()) => refused,
            Err(wait) => rate_limited(state, wait),
        }
    })
}

/// 429 `API_RATE_LIMIT`, as the service sends it: `Retry-After` in whole
/// seconds and the time to try again in the metadata.
fn rate_limited(state: &State, wait: std::time::Duration) -> ServiceError {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    ServiceError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "API_RATE_LIMIT",
        "Too many requests. Try again later.",
    )
    .with_metadata(json!(state
        .clock
        .now_ms()
        .saturating_add(wait.as_millis() as i64)))
    .with_retry_after(secs)
}

/// Whether two strings are equal, in a time that depends only on their
/// lengths: no early exit at the first difference.
pub fn same_secret(a: &[u8], b: &[u8]) -> bool {
    let longest = a.len().max(b.len());
    let mut diff = u8::from(a.len() != b.len());
    for i in 0..longest {
        diff |= a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0);
    }
    diff == 0
}

fn check_bearer(state: &State, headers: &HeaderMap) -> Result<(), ServiceError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(ServiceError::unauthorized(
            "API_UNAUTHORIZED",
            "Authentication required: send an Authorization: Bearer header.",
        ));
    };
    let Some(token) = value.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")) else {
        return Err(ServiceError::unauthorized(
            "API_UNAUTHORIZED",
            "The Authorization header must be \"Bearer <token>\".",
        ));
    };
    if same_secret(token.as_bytes(), state.token.as_bytes()) {
        return Ok(());
    }
    match gamecloud::token::decode(token) {
        Err(_) => Err(ServiceError::new(
            StatusCode::BAD_REQUEST,
            "TOKEN_INVALID",
            "The token is not a valid token.",
        )),
        Ok(t)
            if t.claims
                .exp_ms
                .is_some_and(|exp| exp <= state.clock.now_ms()) =>
        {
            Err(ServiceError::unauthorized(
                "CLAIMS_ENTITLEMENT_EXPIRED",
                "The token has expired.",
            ))
        }
        Ok(_) => Err(ServiceError::unauthorized(
            "CLAIMS_MISSING_ENTITLEMENT",
            "The token does not grant access to this game.",
        )),
    }
}

fn parse_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ServiceError> {
    serde_json::from_slice(body)
        .map_err(|e| ServiceError::bad_body(format!("The body could not be parsed: {e}")))
}

/// The development token body, checked as the service checks it.
fn dev_token_body(body: &[u8]) -> Result<DevTokenRequest, ServiceError> {
    let value: Value = parse_body(body)?;
    let has = |key: &str| value.get(key).is_some_and(|v| !v.is_null());
    if has("ports") && has("lobby_ports") {
        return Err(ServiceError::bad_body(
            "Give either ports or lobby_ports, not both.",
        ));
    }
    if !has("ports") {
        // Faithful to the running service, which fails without `ports`.
        return Err(ServiceError::internal());
    }
    let req: DevTokenRequest = parse_body(body)?;
    let issues = validate::dev_token_request(&req);
    let rejected = |kind: ServiceRejection| {
        issues
            .iter()
            .filter(move |i| i.code.service_rejection() == Some(kind))
            .collect::<Vec<_>>()
    };
    let bad_body = rejected(ServiceRejection::ApiBadBody);
    if let Some(first) = bad_body.first() {
        return Err(ServiceError::bad_body(format!(
            "{}: {}",
            first.path, first.message
        )));
    }
    if let Some(first) = rejected(ServiceRejection::CloudInvalidConfig).first() {
        return Err(ServiceError::new(
            StatusCode::BAD_REQUEST,
            "CLOUD_INVALID_CONFIG",
            format!("Invalid config: {}", first.path),
        ));
    }
    let failing = rejected(ServiceRejection::ValidationError);
    if !failing.is_empty() {
        let paths: Vec<String> = failing
            .iter()
            .map(|i| format!("{}: {}", i.path, i.code.as_str()))
            .collect();
        let metadata: Vec<Value> = failing
            .iter()
            .map(|i| json!({ "path": i.path, "code": i.code.as_str(), "message": i.message }))
            .collect();
        return Err(ServiceError::new(
            StatusCode::BAD_REQUEST,
            "VALIDATION_ERROR",
            format!("Validation error: {}", paths.join(", ")),
        )
        .with_metadata(Value::Array(metadata)));
    }
    Ok(req)
}
