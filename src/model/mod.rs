//! The wire models of the four operations, exactly as the service contract gives
//! them: one file per operation, plus the shapes they share. Field names are the
//! wire's; unknown extra fields are ignored; unknown enumeration values are kept.

mod builds;
mod cdn_auth;
mod dev_token;
mod domain_auth;
mod error_body;
mod timestamp;
mod wire_enum;

pub use builds::{BuildSummary, ListBuildsResponse};
pub use cdn_auth::{CdnAuthType, SetCdnAuthRequest};
pub use dev_token::{
    DevTokenRequest, DevTokenResponse, PortConfig, PortProtocol, PortRange, Ports,
};
pub use domain_auth::SetDomainAuthRequest;
pub use error_body::ErrorBody;
pub use timestamp::Timestamp;
pub(crate) use wire_enum::str_enum;
