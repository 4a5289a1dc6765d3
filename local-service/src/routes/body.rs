//! A request's body: read up to a limit and within the client's time, and
//! parsed.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap};

use crate::errors::ServiceError;
use crate::State;

/// The largest API body read. The service's own limit is not published; a
/// development token request with 16 ports is under 2 KiB.
pub const MAX_BODY_BYTES: usize = 64 << 10;

/// Reads a body of at most [`MAX_BODY_BYTES`], refusing a larger declared
/// length before reading any of it, and a body that stalls.
pub(super) async fn read_body(
    state: &State,
    headers: &HeaderMap,
    body: Body,
) -> Result<Bytes, ServiceError> {
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

pub(super) fn parse_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ServiceError> {
    serde_json::from_slice(body)
        .map_err(|e| ServiceError::bad_body(format!("The body could not be parsed: {e}")))
}
