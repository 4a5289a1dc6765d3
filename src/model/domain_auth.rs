//! Operation 4: enable or disable a namespace's domain-based authentication.

crate::json::model! {
    /// The body of `PUT .../domain-public-auth`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SetDomainAuthRequest {
        /// Whether domain-based authentication is on.
        pub enabled: bool,
    }
}
