//! Not part of the contract: the local state read back, and the failures
//! `--test-hooks` queues, each answered in place of an operation's own.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State as Extract};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::auth::authorize;
use super::body::read_body;
use super::operations::empty_ok;
use crate::errors::ServiceError;
use crate::State;

/// Not part of the contract: what the PUTs changed, for tests and for
/// developers (the real service has no way to read it back). Like the API,
/// for the token's holder only.
pub(super) async fn local_state(
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
pub(super) async fn add_fault(
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
pub(super) async fn clear_faults(
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
pub(super) fn injected(fault: &crate::faults::Fault) -> Option<Response> {
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
