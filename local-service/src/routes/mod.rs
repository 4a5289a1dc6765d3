//! The four operations, routed as the service routes them: a path segment that
//! is not a UUID is 404, a wrong method is 400, then the bearer check, the
//! body, the rules, and the game or namespace lookup.
//!
//! One file per concern: the routes (`route`), the layers every request
//! passes (`layers`), the bearer check and the rate limit (`auth`), the
//! body (`body`), the four operations (`operations`), the test hooks and
//! the local state (`hooks`), and the panel's files (`panel`).

mod auth;
mod body;
mod hooks;
mod layers;
mod operations;
mod panel;
mod route;

pub use auth::same_secret;
pub use body::MAX_BODY_BYTES;
pub use layers::host_allowed;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State as Extract};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware;
use axum::response::{Html, IntoResponse, Response};
use axum::Router;

use crate::errors::ServiceError;
use crate::State;
use auth::{authorize, rate_limited};
use body::read_body;
use hooks::{add_fault, clear_faults, injected, local_state};
use layers::{host_layer, ray_id_layer};
use operations::{create_dev_token, list_builds, set_cdn_auth, set_domain_auth};
use panel::{no_framing, serve_static, NO_PANEL_PAGE};
use route::Route;

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
    let res = faults.pad(&fault, res).await;
    Ok(fault.trickle(res))
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
