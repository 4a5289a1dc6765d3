//! The JSON body of every error the service answers with.

use crate::json::RawJson;

crate::json::model! {
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
        pub documentation: Option<String> = None,
        /// Set on rate limits: the retry-after time in epoch milliseconds. Kept as
        /// its JSON text, whatever its shape.
        pub metadata: Option<RawJson> = None,
    }
}
