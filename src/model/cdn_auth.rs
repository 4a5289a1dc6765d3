//! Operation 3: set a namespace's CDN authentication type.

use super::wire_enum::wire_enum;

wire_enum! {
    /// How visitors authenticate to a namespace's CDN content.
    pub enum CdnAuthType {
        /// Anyone may fetch the namespace's CDN content.
        None => "none",
        /// HTTP basic auth against the namespace's CDN user list.
        Basic => "basic",
    }
}

crate::json::model! {
    /// The body of `PUT .../cdn-auth`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct SetCdnAuthRequest {
        /// The type to set.
        pub auth_type: CdnAuthType,
    }
}
