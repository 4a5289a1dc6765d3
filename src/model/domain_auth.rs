//! Operation 4: enable or disable a namespace's domain-based authentication.

use serde::{Deserialize, Serialize};

/// The body of `PUT .../domain-public-auth`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetDomainAuthRequest {
    pub enabled: bool,
}
