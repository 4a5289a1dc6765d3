//! Interpreting what came back: status, headers and body bytes in, a typed
//! value or a typed error out.

use serde::de::DeserializeOwned;

use super::error::{ApiError, ServiceError};
use crate::json::RawJson;
use crate::model::{ErrorBody, Timestamp};

/// An HTTP answer as any transport received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The headers that matter (`content-type`, `rvt-ray-id`, `retry-after`);
    /// names compared case-insensitively.
    pub headers: Vec<(String, String)>,
    /// The body's bytes, as they came.
    pub body: Vec<u8>,
    /// When it arrived, milliseconds since the epoch: turns an HTTP-date
    /// `Retry-After` into a delay.
    pub received_at_ms: i64,
}

/// The headers a transport should copy into an [`Answer`].
pub const RELEVANT_HEADERS: [&str; 3] = ["content-type", "rvt-ray-id", "retry-after"];

/// How much of an unexpected body an error quotes.
const EXCERPT_CHARS: usize = 160;

impl Answer {
    /// The value of a header (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        super::call::header_value(&self.headers, name)
    }

    /// Whether the status is 2xx.
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// A success body as `T`, or the error the answer means.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, ApiError> {
        if !self.is_success() {
            return Err(self.error());
        }
        if !self.looks_like_json() {
            return Err(self.unexpected());
        }
        crate::json::from_slice(&self.body).map_err(|e| ApiError::Decode {
            status: self.status,
            path: e.path(),
            message: e.message().to_owned(),
        })
    }

    /// A success with no value: any 2xx with an empty body or a JSON object.
    pub fn empty(&self) -> Result<(), ApiError> {
        if !self.is_success() {
            return Err(self.error());
        }
        if self.body.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        if !self.looks_like_json() {
            return Err(self.unexpected());
        }
        self.json::<AnyObject>().map(drop)
    }

    /// The error a non-2xx answer means: the service's JSON error, or an
    /// unexpected answer with an excerpt.
    pub fn error(&self) -> ApiError {
        match crate::json::from_slice::<ErrorBody>(&self.body) {
            Ok(body) => {
                let retry_after_ms = self
                    .retry_after_ms()
                    .or_else(|| self.metadata_retry_ms(body.metadata.as_ref()));
                ApiError::Service(Box::new(ServiceError {
                    status: self.status,
                    code: body.code,
                    message: body.message,
                    ray_id: body.ray_id,
                    documentation: body.documentation.filter(|d| is_web_link(d)),
                    metadata: body.metadata.map(|m| m.0),
                    retry_after_ms,
                }))
            }
            Err(_) => self.unexpected(),
        }
    }

    fn unexpected(&self) -> ApiError {
        ApiError::UnexpectedAnswer {
            status: self.status,
            content_type: self.header("content-type").map(str::to_owned),
            excerpt: excerpt(&self.body),
            ray_id: self.header("rvt-ray-id").map(str::to_owned),
        }
    }

    /// JSON by its first byte: an HTML page or plain text is not a decode
    /// error of the service's JSON but a different server answering.
    fn looks_like_json(&self) -> bool {
        matches!(
            self.body.iter().find(|b| !b.is_ascii_whitespace()),
            Some(b'{' | b'[')
        )
    }

    /// `Retry-After` as delay-seconds or as an HTTP date.
    fn retry_after_ms(&self) -> Option<u64> {
        let v = self.header("retry-after")?.trim();
        if let Ok(secs) = v.parse::<u64>() {
            return Some(secs.saturating_mul(1000));
        }
        let at = Timestamp::parse_http_date(v)?;
        Some(self.delay_until(at.unix_ms()))
    }

    /// Milliseconds from this answer's arrival until `at_ms` (0 if past).
    fn delay_until(&self, at_ms: i64) -> u64 {
        at_ms.saturating_sub(self.received_at_ms).max(0) as u64
    }

    /// The metadata's retry-after time (epoch milliseconds) as a delay.
    fn metadata_retry_ms(&self, metadata: Option<&RawJson>) -> Option<u64> {
        if self.status != 429 {
            return None;
        }
        Some(self.delay_until(metadata?.as_i64()?))
    }
}

/// A short, readable excerpt of a body: tags dropped, white space folded.
pub(crate) fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(4096)]);
    let mut out = String::new();
    let (mut in_tag, mut pending_space, mut kept) = (false, false, 0);
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                pending_space = true;
            }
            _ if in_tag => {}
            c if c.is_whitespace() || c.is_control() => pending_space = true,
            c => {
                if pending_space && !out.is_empty() {
                    out.push(' ');
                    kept += 1;
                }
                pending_space = false;
                out.push(c);
                kept += 1;
            }
        }
        if kept >= EXCERPT_CHARS {
            out.push('…');
            break;
        }
    }
    out
}

/// Any JSON object, its entries skipped unread.
struct AnyObject;

impl<'de> serde::Deserialize<'de> for AnyObject {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = AnyObject;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<AnyObject, A::Error> {
                use serde::de::IgnoredAny;
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(AnyObject)
            }
        }
        d.deserialize_map(Entries)
    }
}

/// Whether a link from an answer may be handed on and shown as a link: an
/// absolute `https:` or `http:` URL with a host and no spaces or control
/// characters (never `javascript:`, `data:` or a relative path).
pub fn is_web_link(link: &str) -> bool {
    let Some(rest) = crate::validate::web_scheme_stripped(link) else {
        return false;
    };
    !rest.starts_with('/')
        && !rest.is_empty()
        && !link.chars().any(|c| c.is_whitespace() || c.is_control())
}
