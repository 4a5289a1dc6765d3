//! The JSON body of every error the service answers with.

use crate::json::RawJson;

/// `{code, message, ray_id, documentation?, metadata?}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorBody {
    /// The error's code (`API_RATE_LIMIT`).
    pub code: String,
    /// The service's message.
    pub message: String,
    /// The ray id of the call.
    pub ray_id: String,
    /// A link to the error's page.
    pub documentation: Option<String>,
    /// Set on rate limits: the retry-after time in epoch milliseconds. Kept as
    /// its JSON text, whatever its shape.
    pub metadata: Option<RawJson>,
}

/// The keys of [`ErrorBody`], in its fields' order; the first three must be
/// there.
const KEYS: [&str; 5] = ["code", "message", "ray_id", "documentation", "metadata"];

// Read by hand ([`crate::json::read_by_hand`]). As the derive did: an
// unknown key is skipped; a key given twice, a missing `code`, `message` or
// `ray_id`, or a value of the wrong type is an error; `documentation` and
// `metadata` may be missing or null.
crate::json::read_by_hand!(ErrorBody, "struct ErrorBody", |map| {
    let mut seen = 0u32;
    let mut text: [String; 3] = Default::default();
    let (mut documentation, mut metadata) = (None, None);
    while let Some(i) = crate::json::next_field(&mut map, &KEYS, &mut seen)? {
        match i {
            0..=2 => text[i] = map.next_value()?,
            3 => documentation = map.next_value()?,
            _ => metadata = map.next_value()?,
        }
    }
    if let Some(key) = crate::json::missing(&KEYS, seen, text.len()) {
        return Err(serde::de::Error::missing_field(key));
    }
    let [code, message, ray_id] = text;
    Ok(ErrorBody {
        code,
        message,
        ray_id,
        documentation,
        metadata,
    })
});
