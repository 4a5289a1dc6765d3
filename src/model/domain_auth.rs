//! Operation 4: enable or disable a namespace's domain-based authentication.

use serde::{Deserialize, Serialize};

use crate::json::{Json, ToJson};

/// The body of `PUT .../domain-public-auth`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetDomainAuthRequest {
    /// Whether domain-based authentication is on.
    pub enabled: bool,
}

impl ToJson for SetDomainAuthRequest {
    fn write_json(&self, out: &mut Json) {
        out.begin_object()
            .key("enabled")
            .bool(self.enabled)
            .end_object();
    }
}
