//! The JSON body of every error the service answers with.

use serde::{Deserialize, Serialize};

/// `{code, message, ray_id, documentation?, metadata?}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
    pub ray_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation: Option<String>,
    /// Set on rate limits: the retry-after time in epoch milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<serde_json::Value>,
}
