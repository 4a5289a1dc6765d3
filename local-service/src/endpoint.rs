//! The four endpoints by name: what rate limits count, call counts report and
//! injected faults name. An enum, so a misspelt name is refused where it is
//! read instead of silently never matching.

use axum::http::Method;
use serde::{Deserialize, Serialize};

/// One of the service's four operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Endpoint {
    #[serde(rename = "builds")]
    Builds,
    #[serde(rename = "tokens/development")]
    DevTokens,
    #[serde(rename = "cdn-auth")]
    CdnAuth,
    #[serde(rename = "domain-public-auth")]
    DomainAuth,
}

impl Endpoint {
    /// The method the service routes it by.
    pub fn method(self) -> Method {
        match self {
            Endpoint::Builds => Method::GET,
            Endpoint::DevTokens => Method::POST,
            Endpoint::CdnAuth | Endpoint::DomainAuth => Method::PUT,
        }
    }

    /// Whether a call changes something (writes have their own rate limit).
    pub fn is_write(self) -> bool {
        self.method() != Method::GET
    }
}
