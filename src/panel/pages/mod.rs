//! One room per page of the panel.

pub mod builds;
pub mod cdn_auth;
pub mod dev_token;
pub mod domain_auth;
pub mod log;
