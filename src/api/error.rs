//! The one error type of a call: one variant per outcome a caller or a user
//! treats differently. Clone, strings and numbers only, and a sentence a
//! person can act on.

use std::fmt;

use serde::Serialize;

use crate::model::str_enum;
use crate::validate::{Issue, Severity};

/// Why a call did not give its value.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ApiError {
    /// Caught before sending: the request breaks a rule (errors only; warnings
    /// never stop a call).
    InvalidRequest {
        /// Every problem with the request, keyed by field path.
        issues: Vec<Issue>,
    },
    /// No answer arrived: offline, refused, mixed content, DNS...
    Network {
        /// Why, as far as the browser lets a page know.
        reason: NetworkReason,
        /// What the browser or the runtime said.
        message: String,
    },
    /// The browser refused the request before any answer, most often because
    /// the service does not allow this page's origin.
    Cors {
        /// The page's origin, which the service must allow.
        origin: String,
        /// The method that was refused.
        method: String,
        /// The request headers the service must allow.
        headers: Vec<String>,
        /// The URL called.
        url: String,
    },
    /// No answer within the time allowed for one attempt.
    Timeout {
        /// The time allowed, in milliseconds.
        after_ms: u64,
    },
    /// The caller cancelled the call.
    Aborted,
    /// The service answered with its JSON error body.
    Service(Box<ServiceError>),
    /// Something answered, but not with the service's JSON (an HTML page from
    /// a proxy, an empty 502, a static host's index page).
    UnexpectedAnswer {
        /// The HTTP status.
        status: u16,
        /// The `Content-Type` the answer declared, if any.
        content_type: Option<String>,
        /// The start of the body, as text, for a person to read.
        excerpt: String,
        /// The `rvt-ray-id` header, if the answer had one.
        ray_id: Option<String>,
    },
    /// The service answered success, but the body does not match the contract.
    Decode {
        /// The HTTP status.
        status: u16,
        /// The JSON path that failed (`builds[3].content_length`); empty for
        /// the whole body.
        path: String,
        /// Where and why the body could not be read.
        message: String,
    },
}

str_enum! {
    /// What kind of network failure.
    pub enum NetworkReason {
        /// The browser says it is offline.
        Offline => "offline",
        /// An `https` page calling an `http` base URL: the browser blocks it.
        MixedContent => "mixed_content",
        /// The service could not be reached (refused, DNS, reset).
        Unreachable => "unreachable",
    }
}

str_enum! {
    /// The machine-readable kind of an [`ApiError`]: one per variant.
    pub enum ErrorKind {
        /// [`ApiError::InvalidRequest`].
        InvalidRequest => "invalid_request",
        /// [`ApiError::Network`].
        Network => "network",
        /// [`ApiError::Cors`].
        Cors => "cors",
        /// [`ApiError::Timeout`].
        Timeout => "timeout",
        /// [`ApiError::Aborted`].
        Aborted => "aborted",
        /// [`ApiError::Service`].
        Service => "service",
        /// [`ApiError::UnexpectedAnswer`].
        UnexpectedAnswer => "unexpected_answer",
        /// [`ApiError::Decode`].
        Decode => "decode",
    }
}

/// The service's JSON error, with what the headers added.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServiceError {
    /// The HTTP status.
    pub status: u16,
    /// The service's error code (`API_RATE_LIMIT`).
    pub code: String,
    /// The service's message.
    pub message: String,
    /// The ray id to quote to the service's support.
    pub ray_id: String,
    /// A link to the error's page, if it is http(s).
    pub documentation: Option<String>,
    /// The error's metadata, as JSON text.
    pub metadata: Option<String>,
    /// How long to wait before trying again (429), from `Retry-After` or the
    /// metadata.
    pub retry_after_ms: Option<u64>,
}

/// How a caller should treat a service error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ServiceErrorKind {
    /// 401, or 408 (which the published document uses for the same thing).
    Unauthorized,
    /// 403.
    Forbidden,
    /// 404: no route matched (including a non-UUID id).
    NotFound,
    /// 429.
    RateLimited,
    /// 400 `VALIDATION_ERROR`, `API_BAD_BODY`, `CLOUD_INVALID_CONFIG`.
    BadRequest,
    /// 5xx, including an unknown game or namespace on the running service.
    Internal,
    /// Anything else.
    Other,
}

impl ServiceError {
    /// Which kind of failure it is, from the status.
    pub fn kind(&self) -> ServiceErrorKind {
        match self.status {
            401 | 408 => ServiceErrorKind::Unauthorized,
            403 => ServiceErrorKind::Forbidden,
            404 => ServiceErrorKind::NotFound,
            429 => ServiceErrorKind::RateLimited,
            400 => ServiceErrorKind::BadRequest,
            500..=599 => ServiceErrorKind::Internal,
            _ => ServiceErrorKind::Other,
        }
    }

    fn hint(&self) -> Option<&'static str> {
        Some(match (self.kind(), self.code.as_str()) {
            (ServiceErrorKind::Unauthorized, "CLAIMS_ENTITLEMENT_EXPIRED") => {
                "The token has expired: create a new one."
            }
            (ServiceErrorKind::Unauthorized, _) => {
                "Check the token: it must be a cloud token of this game or a user token."
            }
            (ServiceErrorKind::NotFound, _) => "Check the ids: game and namespace ids are UUIDs.",
            (ServiceErrorKind::RateLimited, _) => "Too many calls: wait, then try again.",
            (ServiceErrorKind::Internal, "ERROR") => {
                "The running service also answers this for a game or namespace that does not exist: check the ids."
            }
            _ => return None,
        })
    }
}

impl ApiError {
    /// An invalid request with one problem.
    pub fn invalid(issue: Issue) -> Self {
        ApiError::InvalidRequest {
            issues: vec![issue],
        }
    }

    /// An invalid request with the errors among `issues` (warnings dropped).
    pub fn invalid_all(issues: Vec<Issue>) -> Self {
        ApiError::InvalidRequest {
            issues: issues
                .into_iter()
                .filter(|i| i.severity == Severity::Error)
                .collect(),
        }
    }

    /// An answer longer than the call reads ([`crate::api::Call::max_answer_bytes`],
    /// a whole number of KiB): a decode error, as the body was not read.
    pub fn too_large(status: u16, max_bytes: u32) -> Self {
        let (n, unit) = match max_bytes % (1 << 20) {
            0 => (max_bytes >> 20, "MiB"),
            _ => (max_bytes >> 10, "KiB"),
        };
        ApiError::Decode {
            status,
            path: String::new(),
            message: format!(
                "the answer is larger than {n} {unit}, the most this client reads for this call, and was not read."
            ),
        }
    }

    /// The machine-readable kind: `invalid_request`, `network`, `cors`,
    /// `timeout`, `aborted`, `service`, `unexpected_answer`, `decode`.
    pub fn kind(&self) -> &'static str {
        self.error_kind().as_str()
    }

    /// The kind as a value.
    pub fn error_kind(&self) -> ErrorKind {
        match self {
            ApiError::InvalidRequest { .. } => ErrorKind::InvalidRequest,
            ApiError::Network { .. } => ErrorKind::Network,
            ApiError::Cors { .. } => ErrorKind::Cors,
            ApiError::Timeout { .. } => ErrorKind::Timeout,
            ApiError::Aborted => ErrorKind::Aborted,
            ApiError::Service(_) => ErrorKind::Service,
            ApiError::UnexpectedAnswer { .. } => ErrorKind::UnexpectedAnswer,
            ApiError::Decode { .. } => ErrorKind::Decode,
        }
    }

    /// The HTTP status, where an answer arrived.
    pub fn status(&self) -> Option<u16> {
        match self {
            ApiError::Service(e) => Some(e.status),
            ApiError::UnexpectedAnswer { status, .. } | ApiError::Decode { status, .. } => {
                Some(*status)
            }
            _ => None,
        }
    }

    /// Whether trying a retry-safe call again may succeed: a network failure,
    /// a timeout, 429, 502, 503, 504.
    pub fn is_transient(&self) -> bool {
        match self {
            ApiError::Network {
                reason: NetworkReason::Unreachable,
                ..
            }
            | ApiError::Timeout { .. } => true,
            _ => matches!(self.status(), Some(429 | 502 | 503 | 504)),
        }
    }

    /// How long the service asked us to wait, if it did.
    pub fn retry_after_ms(&self) -> Option<u64> {
        match self {
            ApiError::Service(e) => e.retry_after_ms,
            _ => None,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::InvalidRequest { issues } => {
                f.write_str("The request was not sent: ")?;
                for (i, issue) in issues.iter().enumerate() {
                    let sep = if i == 0 { "" } else { " " };
                    write!(f, "{sep}{}: {}", issue.path, issue.message)?;
                }
                Ok(())
            }
            ApiError::Network { reason, message } => match reason {
                NetworkReason::Offline => {
                    f.write_str("This browser is offline: reconnect, then try again.")
                }
                NetworkReason::MixedContent => write!(
                    f,
                    "This page is served over https, so the browser blocks calls to the http base URL {message}: use an https base URL, or open the panel over http."
                ),
                NetworkReason::Unreachable => write!(
                    f,
                    "The service could not be reached ({message}): check the base URL and that the service is running."
                ),
            },
            ApiError::Cors {
                origin,
                method,
                headers,
                url,
            } => write!(
                f,
                "The browser refused the {method} to {url} before any answer, most likely because the service does not allow this page's origin ({origin}). The service must allow origin {origin}, method {method} and headers {}, and expose rvt-ray-id.",
                headers.join(", ")
            ),
            ApiError::Timeout { after_ms } => write!(
                f,
                "No answer within {} s: the service may be overloaded or unreachable; try again.",
                after_ms / 1000
            ),
            ApiError::Aborted => f.write_str("The call was cancelled."),
            ApiError::Service(e) => {
                write!(f, "The service answered {} {}: {}", e.status, e.code, e.message)?;
                if let Some(ms) = e.retry_after_ms {
                    write!(f, " Try again in {} s.", ms.div_ceil(1000))?;
                }
                if let Some(hint) = e.hint() {
                    write!(f, " {hint}")?;
                }
                Ok(())
            }
            ApiError::UnexpectedAnswer {
                status, excerpt, ..
            } => {
                let what = if excerpt.is_empty() {
                    "an empty body".to_owned()
                } else {
                    format!("\"{excerpt}\"")
                };
                write!(
                    f,
                    "Something other than the service answered (status {status}, {what}): a proxy or gateway may be failing, or the base URL points somewhere else."
                )
            }
            ApiError::Decode {
                status,
                path,
                message,
            } => {
                let at = if path.is_empty() || path == "." {
                    "the body".to_owned()
                } else {
                    format!("`{path}`")
                };
                write!(
                    f,
                    "The service answered {status} with a body this client cannot read: {at}: {message}"
                )
            }
        }
    }
}

impl std::error::Error for ApiError {}
