//! The operations. Each one is a file that declares its name, its method
//! and path, its body, whether it is safe to repeat, and how to read its
//! answer; adding one is a new file and its line below.

mod create_dev_token;
mod list_builds;
mod operation;
mod set_cdn_auth;
mod set_domain_auth;

pub use create_dev_token::CreateDevToken;
pub use list_builds::ListBuilds;
pub use operation::Operation;
pub use set_cdn_auth::SetCdnAuth;
pub use set_domain_auth::SetDomainAuth;
