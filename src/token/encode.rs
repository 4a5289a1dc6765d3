//! Writing a token's claims as the service does, for the local service to
//! mint with.

use super::base64url;
use super::claims::{number_of_protocol, Claims, Entitlement};
use super::protobuf::Writer;
use super::uuid::parse_uuid;

/// Encodes claims as the service does (used by the local service to mint).
/// UUID strings that do not parse are left out.
pub fn encode_claims(claims: &Claims) -> Vec<u8> {
    let mut w = Writer::default();
    w.varint(1, claims.exp_ms.unwrap_or(0) as u64);
    w.varint(2, claims.iat_ms.unwrap_or(0) as u64);
    if let Some(jti) = &claims.jti {
        write_uuid(&mut w, 3, jti);
    }
    for e in &claims.entitlements {
        w.message(4, |w| match e {
            Entitlement::User { user_id } => w.message(2, |w| write_opt_uuid(w, 1, user_id)),
            Entitlement::NamespacePublic { namespace_id } => {
                w.message(3, |w| write_opt_uuid(w, 1, namespace_id))
            }
            Entitlement::GameCloud { game_id } => w.message(7, |w| write_opt_uuid(w, 1, game_id)),
            Entitlement::NamespaceDevelopment(dev) => w.message(8, |w| {
                write_opt_uuid(w, 1, &dev.namespace_id);
                w.bytes(3, dev.hostname.as_bytes());
                for p in &dev.ports {
                    w.message(4, |w| {
                        w.bytes(1, p.label.as_bytes());
                        if let Some(port) = p.port {
                            w.varint(2, port as u64);
                        }
                        w.varint(3, number_of_protocol(&p.protocol));
                        if let Some((min, max)) = p.port_range {
                            w.message(4, |w| {
                                w.varint(1, min as u64);
                                w.varint(2, max as u64);
                            });
                        }
                    });
                }
            }),
            Entitlement::DevelopmentPlayer {
                namespace_id,
                player_id,
            } => w.message(9, |w| {
                write_opt_uuid(w, 1, namespace_id);
                write_opt_uuid(w, 2, player_id);
            }),
            Entitlement::Other { number } => w.message(*number, |_| {}),
        });
    }
    w.buf
}

fn write_opt_uuid(w: &mut Writer, field: u32, id: &Option<String>) {
    if let Some(id) = id {
        write_uuid(w, field, id);
    }
}

fn write_uuid(w: &mut Writer, field: u32, id: &str) {
    if let Some(bytes) = parse_uuid(id) {
        w.message(field, |w| w.bytes(1, &bytes));
    }
}

/// The header every token of the service carries.
pub const HEADER_JSON: &str = r#"{"typ":"JWT","alg":"EdDSA"}"#;

/// The part of a token that is signed: `<header>.<claims>`, base64url.
pub fn signing_input(claims: &Claims) -> String {
    format!(
        "{}.{}",
        base64url::encode(HEADER_JSON.as_bytes()),
        base64url::encode(&encode_claims(claims))
    )
}

/// The label of a development token for a namespace name: `dev_` and the name
/// with `-` turned into `_`.
pub fn dev_label(namespace_name: &str) -> String {
    format!("dev_{}", namespace_name.replace('-', "_"))
}
