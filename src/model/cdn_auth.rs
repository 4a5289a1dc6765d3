//! Operation 3: set a namespace's CDN authentication type.

use serde::{Deserialize, Serialize};

use super::wire_enum::wire_enum;
use crate::json::{Json, ToJson};

wire_enum! {
    /// How visitors authenticate to a namespace's CDN content.
    pub enum CdnAuthType {
        /// Anyone may fetch the namespace's CDN content.
        None => "none",
        /// HTTP basic auth against the namespace's CDN user list.
        Basic => "basic",
    }
}

/// The body of `PUT .../cdn-auth`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetCdnAuthRequest {
    /// The type to set.
    pub auth_type: CdnAuthType,
}

impl ToJson for SetCdnAuthRequest {
    fn write_json(&self, out: &mut Json) {
        out.begin_object()
            .key("auth_type")
            .str(self.auth_type.as_str())
            .end_object();
    }
}
