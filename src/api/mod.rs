//! The four calls, sans-IO: each operation *describes* its HTTP request
//! ([`Call`]) and *interprets* the answer ([`Answer`] → typed value or
//! [`ApiError`]). Everything the contract says about the wire is decided here;
//! a transport only moves bytes.

mod answer;
mod call;
mod error;
mod operations;
mod retry;

pub use answer::{is_web_link, Answer, RELEVANT_HEADERS};
pub use call::{
    encode_segment, same_origin, BaseUrl, Call, Connection, Method, NotForShells, Shell, REDACTED,
    TOKEN_VARIABLE,
};
pub use error::{ApiError, ErrorKind, NetworkReason, ServiceError, ServiceErrorKind};
pub use operations::{CreateDevToken, ListBuilds, Operation, SetCdnAuth, SetDomainAuth};
pub use retry::RetryPolicy;
