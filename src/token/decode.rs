//! Reading a token: its four parts split, its header and its claims
//! decoded, every failure naming the part.

use std::fmt;

use super::base64url;
use super::claims::{
    protocol_of_number, Claims, DecodedToken, DevEntitlement, DevPort, Entitlement, TokenHeader,
};
use super::protobuf::{Reader, Value};
use super::uuid::uuid_string;
use crate::model::PortProtocol;

/// Why a string is not a readable token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenError {
    /// Which part failed: `token`, `header`, `claims` or `signature`.
    pub part: &'static str,
    /// What is wrong with the token.
    pub message: String,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Not a readable token: {} {}.", self.part, self.message)
    }
}

impl std::error::Error for TokenError {}

fn err(part: &'static str, message: impl Into<String>) -> TokenError {
    TokenError {
        part,
        message: message.into(),
    }
}

/// Splits and decodes a token (four parts, or three without the label).
pub fn decode(token: &str) -> Result<DecodedToken, TokenError> {
    let token = token.trim();
    if token.is_empty() {
        return Err(err("token", "is empty"));
    }
    let parts: Vec<&str> = token.split('.').collect();
    let (label, header, claims, signature) = match parts[..] {
        [l, h, c, s] => (Some(l), h, c, s),
        [h, c, s] => (None, h, c, s),
        _ => {
            return Err(err(
                "token",
                format!(
                "has {} dot-separated parts; a token has 4 (label.header.claims.signature) or 3",
                parts.len()
            ),
            ))
        }
    };
    if let Some(l) = label {
        if l.is_empty()
            || !l
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(err("token", "label must be letters, digits and '_'"));
        }
    }
    let header_bytes = base64url::decode(header).map_err(|e| err("header", e))?;
    let header: TokenHeader = crate::json::from_slice(&header_bytes)
        .map_err(|e| err("header", format!("is not a JSON header ({e})")))?;
    let claims_bytes = base64url::decode(claims).map_err(|e| err("claims", e))?;
    let claims = decode_claims(&claims_bytes).map_err(|e| err("claims", e))?;
    let signature = base64url::decode(signature).map_err(|e| err("signature", e))?;
    if signature.is_empty() {
        return Err(err("signature", "is empty"));
    }
    Ok(DecodedToken {
        label: label.map(str::to_owned),
        header,
        claims,
        signature_len: signature.len(),
    })
}

fn decode_claims(buf: &[u8]) -> Result<Claims, String> {
    let mut claims = Claims::default();
    let mut r = Reader::new(buf);
    while let Some((number, value)) = r.next_field()? {
        match (number, value) {
            (1, Value::Varint(n)) => claims.exp_ms = time_ms(n, "exp")?,
            (2, Value::Varint(n)) => claims.iat_ms = time_ms(n, "iat")?,
            (3, Value::Bytes(b)) => {
                claims.jti = Some(decode_uuid_message(b).map_err(|e| format!("jti: {e}"))?)
            }
            (4, Value::Bytes(b)) => claims.entitlements.push(decode_entitlement(b)?),
            (1..=4, _) => return Err(format!("field {number} has the wrong wire type")),
            _ => {}
        }
    }
    Ok(claims)
}

/// The latest time a date can hold (JavaScript's `Date`, the year 275760):
/// every time up to it is exact as a JavaScript number.
pub const MAX_TIME_MS: u64 = 8_640_000_000_000_000;

/// A time claim: 0 is "none"; a time past [`MAX_TIME_MS`] (a negative
/// int64 included, which the wire carries as a huge varint) is an error
/// that names it, never a wrong date.
fn time_ms(n: u64, name: &str) -> Result<Option<i64>, String> {
    if n > MAX_TIME_MS {
        return Err(format!("{name} is {n} ms, beyond any date"));
    }
    Ok((n != 0).then_some(n as i64))
}

fn decode_entitlement(buf: &[u8]) -> Result<Entitlement, String> {
    let mut r = Reader::new(buf);
    let mut found = None;
    while let Some((number, value)) = r.next_field()? {
        let Value::Bytes(b) = value else {
            return Err(format!("entitlement kind {number} is not a message"));
        };
        // A oneof: the last kind on the wire wins.
        found = Some(
            decode_entitlement_kind(number, b).map_err(|e| format!("entitlement {number}: {e}"))?,
        );
    }
    found.ok_or_else(|| "an entitlement names no kind".to_owned())
}

fn decode_entitlement_kind(number: u32, b: &[u8]) -> Result<Entitlement, String> {
    Ok(match number {
        2 => Entitlement::User {
            user_id: uuid_field(b, 1)?,
        },
        3 => Entitlement::NamespacePublic {
            namespace_id: uuid_field(b, 1)?,
        },
        7 => Entitlement::GameCloud {
            game_id: uuid_field(b, 1)?,
        },
        8 => Entitlement::NamespaceDevelopment(decode_dev(b)?),
        9 => Entitlement::DevelopmentPlayer {
            namespace_id: uuid_field(b, 1)?,
            player_id: uuid_field(b, 2)?,
        },
        n => Entitlement::Other { number: n },
    })
}

fn decode_dev(buf: &[u8]) -> Result<DevEntitlement, String> {
    let mut dev = DevEntitlement::default();
    let mut r = Reader::new(buf);
    while let Some((number, value)) = r.next_field()? {
        match (number, value) {
            (1, Value::Bytes(b)) => dev.namespace_id = Some(decode_uuid_message(b)?),
            (3, Value::Bytes(b)) => dev.hostname = utf8(b, "hostname")?,
            (4, Value::Bytes(b)) => dev.ports.push(decode_dev_port(b)?),
            (1 | 3 | 4, _) => return Err(format!("field {number} has the wrong wire type")),
            _ => {}
        }
    }
    Ok(dev)
}

fn decode_dev_port(buf: &[u8]) -> Result<DevPort, String> {
    let mut port = DevPort {
        label: String::new(),
        port: None,
        protocol: PortProtocol::Http,
        port_range: None,
    };
    let mut r = Reader::new(buf);
    while let Some((number, value)) = r.next_field()? {
        match (number, value) {
            (1, Value::Bytes(b)) => port.label = utf8(b, "port label")?,
            (2, Value::Varint(n)) => port.port = Some(u32_of(n)?),
            (3, Value::Varint(n)) => port.protocol = protocol_of_number(n),
            (4, Value::Bytes(b)) => {
                let (mut min, mut max) = (0, 0);
                let mut rr = Reader::new(b);
                while let Some((f, v)) = rr.next_field()? {
                    match (f, v) {
                        (1, Value::Varint(n)) => min = u32_of(n)?,
                        (2, Value::Varint(n)) => max = u32_of(n)?,
                        _ => {}
                    }
                }
                port.port_range = Some((min, max));
            }
            (1..=4, _) => return Err(format!("port field {number} has the wrong wire type")),
            _ => {}
        }
    }
    if port.port.is_none() && port.port_range.is_none() {
        // proto3 leaves out a zero port.
        port.port = Some(0);
    }
    Ok(port)
}

fn u32_of(n: u64) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("port {n} does not fit 32 bits"))
}

fn utf8(b: &[u8], what: &str) -> Result<String, String> {
    String::from_utf8(b.to_vec()).map_err(|_| format!("{what} is not UTF-8"))
}

fn uuid_field(buf: &[u8], field: u32) -> Result<Option<String>, String> {
    let mut r = Reader::new(buf);
    let mut found = None;
    while let Some((number, value)) = r.next_field()? {
        if let (true, Value::Bytes(b)) = (number == field, value) {
            found = Some(decode_uuid_message(b)?);
        }
    }
    Ok(found)
}

/// A `rivet.common.Uuid` message: field 1 holds the 16 raw bytes.
fn decode_uuid_message(buf: &[u8]) -> Result<String, String> {
    let mut r = Reader::new(buf);
    let mut found = None;
    while let Some((number, value)) = r.next_field()? {
        if let (1, Value::Bytes(b)) = (number, value) {
            let bytes: [u8; 16] = b
                .try_into()
                .map_err(|_| format!("a UUID has 16 bytes, not {}", b.len()))?;
            found = Some(uuid_string(&bytes));
        }
    }
    found.ok_or_else(|| "UUID message without its bytes".to_owned())
}
