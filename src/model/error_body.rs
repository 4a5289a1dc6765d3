//! The JSON body of every error the service answers with.

use serde::Deserialize;

use crate::json::RawJson;

/// `{code, message, ray_id, documentation?, metadata?}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
    pub ray_id: String,
    #[serde(default)]
    pub documentation: Option<String>,
    /// Set on rate limits: the retry-after time in epoch milliseconds. Kept as
    /// its JSON text, whatever its shape.
    #[serde(default)]
    pub metadata: Option<RawJson>,
}
