//! The JSON body of every error the service answers with.

use serde::Deserialize;

use crate::json::RawJson;

/// `{code, message, ray_id, documentation?, metadata?}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ErrorBody {
    /// The error's code (`API_RATE_LIMIT`).
    pub code: String,
    /// The service's message.
    pub message: String,
    /// The ray id of the call.
    pub ray_id: String,
    #[serde(default)]
    /// A link to the error's page.
    pub documentation: Option<String>,
    /// Set on rate limits: the retry-after time in epoch milliseconds. Kept as
    /// its JSON text, whatever its shape.
    #[serde(default)]
    pub metadata: Option<RawJson>,
}
