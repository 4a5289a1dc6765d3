//! Reading (and, for the local service, writing) the service's tokens:
//! `<label>.<header>.<claims>.<signature>`, where the claims are a protobuf
//! message. Decoding does not verify the signature (no public key is
//! published); it never panics, whatever the input.
//!
//! The token's parts as read (`claims`), read from a token (`decode`) and
//! written for one (`encode`), UUIDs in their two forms (`uuid`).

pub mod base64url;
mod fitness;
pub use fitness::Fitness;
mod life;
pub use life::{duration, Life};
mod protobuf;
mod shape;
pub use shape::holds_token;
mod claims;
pub use claims::{
    Claims, DecodedToken, DevEntitlement, DevPort, Entitlement, TokenHeader, TokenKind,
};
mod decode;
pub use decode::{decode, TokenError, MAX_TIME_MS};
mod encode;
pub use encode::{dev_label, encode_claims, signing_input, HEADER_JSON};
mod uuid;
pub use uuid::{parse_uuid, uuid_string};
