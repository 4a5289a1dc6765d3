//! The bearer check, and the rate limit its failures and the operations
//! answer with.

use std::net::SocketAddr;

use axum::http::{header, HeaderMap, StatusCode};
use serde_json::json;

use crate::errors::ServiceError;
use crate::State;

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
pub(super) fn authorize(
    state: &State,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<(), ServiceError> {
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
pub(super) fn rate_limited(state: &State, wait: std::time::Duration) -> ServiceError {
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
