//! What every operation is ([`Operation`]), and how each builds its call:
//! the path under a namespace, the headers, the body, every problem found
//! before anything is sent.

use crate::api::answer::Answer;
use crate::api::call::{Call, Connection, Method};
use crate::api::error::ApiError;
use crate::validate::{self, Issue};

/// One operation of the service.
pub trait Operation {
    /// Its name, as the action log and the panel say it (`set-cdn-auth`).
    const NAME: &'static str;
    /// What a success gives.
    type Output;
    /// Whether a failed attempt may be repeated automatically.
    const RETRY_SAFE: bool;
    /// The most bytes of an answer read ([`Call::max_answer_bytes`]): a
    /// whole number of KiB, well above the largest answer the call can have,
    /// so that a broken or hostile server cannot fill a client's memory.
    const MAX_ANSWER_BYTES: u32;
    /// The request, or every reason it cannot be sent.
    fn call(&self, conn: &Connection) -> Result<Call, ApiError>;
    /// The value or error an answer means.
    fn read(answer: &Answer) -> Result<Self::Output, ApiError>;
}

/// The most an answer other than the builds list is read: a development
/// token, an empty object or the service's error is under 4 KiB.
pub(super) const SMALL_ANSWER_BYTES: u32 = 64 << 10;

pub(super) fn namespace_path<'a>(
    game_id: &'a str,
    namespace_id: &'a str,
    rest: &[&'a str],
) -> Vec<&'a str> {
    let mut path = vec!["cloud", "games", game_id, "namespaces", namespace_id];
    path.extend_from_slice(rest);
    path
}

pub(super) fn build(
    conn: &Connection,
    method: Method,
    path: &[&str],
    body: Option<String>,
    issues: Vec<Issue>,
    retry_safe: bool,
    max_answer_bytes: u32,
) -> Result<Call, ApiError> {
    if validate::has_errors(&issues) {
        return Err(ApiError::invalid_all(issues));
    }
    let mut headers = vec![("Authorization".to_owned(), conn.authorization())];
    if body.is_some() {
        headers.push(("Content-Type".to_owned(), "application/json".to_owned()));
    }
    Ok(Call {
        method,
        url: conn.base.join(path),
        headers,
        body,
        retry_safe,
        max_answer_bytes,
    })
}
