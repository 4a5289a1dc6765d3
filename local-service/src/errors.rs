//! The service's error answers: the JSON body `{code, message, ray_id,
//! documentation, metadata}` and the `rvt-ray-id` header on every answer.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

/// The header that carries each answer's ray id.
pub const RAY_ID_HEADER: &str = "rvt-ray-id";

/// A fresh ray id (a random UUID).
pub fn ray_id() -> String {
    let mut b = [0u8; 16];
    // Without OS randomness the ray id is merely less unique.
    let _ = getrandom::fill(&mut b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    gamecloud::token::uuid_string(&b)
}

/// An error answer as the service gives it.
#[derive(Debug, Clone)]
pub struct ServiceError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub metadata: Option<Value>,
    /// Seconds for `Retry-After` (429).
    pub retry_after_secs: Option<u64>,
}

impl ServiceError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ServiceError {
            status,
            code,
            message: message.into(),
            metadata: None,
            retry_after_secs: None,
        }
    }

    pub fn bad_body(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "API_BAD_BODY", message)
    }

    pub fn not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "API_NOT_FOUND",
            "The requested route was not found.",
        )
    }

    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "ERROR",
            "An internal error has occurred.",
        )
    }

    pub fn unauthorized(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, message)
    }

    pub fn with_metadata(mut self, metadata: Value) -> Self {
        self.metadata = Some(metadata);
        self
    }

    pub fn with_retry_after(mut self, secs: u64) -> Self {
        self.retry_after_secs = Some(secs);
        self
    }
}

/// The documentation page of an error code, in the service's URL scheme.
fn documentation(code: &str) -> String {
    let lower = code.to_ascii_lowercase();
    let (group, name) = lower.split_once('_').unwrap_or(("general", &lower));
    format!(
        "https://rivet.gg/docs/general/errors/{group}/{}",
        name.replace('_', "-")
    )
}

impl IntoResponse for ServiceError {
    fn into_response(self) -> Response {
        let ray = ray_id();
        let mut body = serde_json::json!({
            "code": self.code,
            "message": self.message,
            "ray_id": ray,
            "documentation": documentation(self.code),
        });
        if let Some(metadata) = self.metadata {
            body["metadata"] = metadata;
        }
        let mut headers = HeaderMap::new();
        if let Some(secs) = self.retry_after_secs {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if let Ok(v) = HeaderValue::from_str(&ray) {
            headers.insert(RAY_ID_HEADER, v);
        }
        (self.status, headers, axum::Json(body)).into_response()
    }
}
