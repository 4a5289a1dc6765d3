//! Reading (and, for the local service, writing) the service's tokens:
//! `<label>.<header>.<claims>.<signature>`, where the claims are a protobuf
//! message. Decoding does not verify the signature (no public key is
//! published); it never panics, whatever the input.

pub mod base64url;
mod fitness;
pub use fitness::Fitness;
mod life;
pub use life::{duration, Life};
mod protobuf;
mod shape;
pub use shape::holds_token;

use std::fmt;

use serde::Serialize;

use crate::model::{str_enum, PortProtocol};
use protobuf::{Reader, Value, Writer};

/// A token split into its parts and decoded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DecodedToken {
    /// The unsigned hint before the first dot (`dev_staging`, `cloud`...), if any.
    pub label: Option<String>,
    /// The JSON header.
    pub header: TokenHeader,
    /// The protobuf claims.
    pub claims: Claims,
    /// Length of the signature in bytes (64 for Ed25519). Not verified.
    pub signature_len: usize,
}

impl DecodedToken {
    /// What kind of token this is, from its entitlements (then its label).
    pub fn kind(&self) -> TokenKind {
        let has = |f: fn(&Entitlement) -> bool| self.claims.entitlements.iter().any(f);
        if has(|e| matches!(e, Entitlement::NamespaceDevelopment(_))) {
            TokenKind::Development
        } else if has(|e| matches!(e, Entitlement::GameCloud { .. })) {
            TokenKind::Cloud
        } else if has(|e| matches!(e, Entitlement::User { .. })) {
            TokenKind::User
        } else if has(|e| matches!(e, Entitlement::NamespacePublic { .. })) {
            TokenKind::Public
        } else {
            TokenKind::Other
        }
    }

    /// The development entitlement, for a development token.
    pub fn development(&self) -> Option<&DevEntitlement> {
        self.claims.entitlements.iter().find_map(|e| match e {
            Entitlement::NamespaceDevelopment(d) => Some(d),
            _ => None,
        })
    }
}

str_enum! {
    /// The kind of a token, as a person would name it.
    pub enum TokenKind {
        /// A namespace's development token, for a game server.
        Development => "development",
        /// A game's cloud token.
        Cloud => "cloud",
        /// A dashboard user's token.
        User => "user",
        /// A namespace's public token, for game clients.
        Public => "public",
        /// Entitlements this client does not know.
        Other => "other",
    }
}

crate::json::model! {
    /// The JSON header (`{"typ":"JWT","alg":"EdDSA"}`).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
    pub struct TokenHeader {
        /// The token type (`JWT`).
        pub typ: Option<String> = None,
        /// The signature algorithm (`EdDSA`).
        pub alg: Option<String> = None,
    }
}

/// The protobuf claims.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    /// Expiry, milliseconds since the epoch; `None` = never expires.
    pub exp_ms: Option<i64>,
    /// Issue time, milliseconds since the epoch.
    pub iat_ms: Option<i64>,
    /// The token's id (a UUID).
    pub jti: Option<String>,
    /// What the token may do.
    pub entitlements: Vec<Entitlement>,
}

/// What a token allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
pub enum Entitlement {
    /// A dashboard user's token (kind 2).
    User {
        /// The user's id.
        user_id: Option<String>,
    },
    /// A namespace's public token (kind 3), for game clients.
    NamespacePublic {
        /// The namespace's id.
        namespace_id: Option<String>,
    },
    /// A game's cloud token (kind 7): it may call these operations.
    GameCloud {
        /// The game's id.
        game_id: Option<String>,
    },
    /// A namespace's development token (kind 8).
    NamespaceDevelopment(DevEntitlement),
    /// A development player (kind 9).
    DevelopmentPlayer {
        /// The namespace's id.
        namespace_id: Option<String>,
        /// The player's id.
        player_id: Option<String>,
    },
    /// A kind this client does not describe, by its field number.
    Other {
        /// The entitlement's field number.
        number: u32,
    },
}

/// The development entitlement: which namespace, which host, which ports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct DevEntitlement {
    /// The namespace's id.
    pub namespace_id: Option<String>,
    /// The hostname the game server is reached at.
    pub hostname: String,
    /// Its ports.
    pub ports: Vec<DevPort>,
}

/// A port inside a development token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DevPort {
    /// The port's label.
    pub label: String,
    /// A single port.
    pub port: Option<u32>,
    /// The port's protocol.
    pub protocol: PortProtocol,
    /// A range of ports, first and last.
    pub port_range: Option<(u32, u32)>,
}

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

/// The protocol numbers of a development port (note `udp` before `tcp`).
const PROTOCOL_NUMBERS: [(u64, PortProtocol); 5] = [
    (0, PortProtocol::Http),
    (1, PortProtocol::Https),
    (2, PortProtocol::Udp),
    (3, PortProtocol::Tcp),
    (4, PortProtocol::TcpTls),
];

fn protocol_of_number(n: u64) -> PortProtocol {
    PROTOCOL_NUMBERS
        .iter()
        .find(|(k, _)| *k == n)
        .map(|(_, p)| p.clone())
        .unwrap_or_else(|| PortProtocol::Other(format!("#{n}")))
}

fn number_of_protocol(p: &PortProtocol) -> u64 {
    PROTOCOL_NUMBERS
        .iter()
        .find(|(_, k)| k == p)
        .map_or(0, |(n, _)| *n)
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

/// Formats 16 bytes as a lowercase hyphenated UUID.
pub fn uuid_string(b: &[u8; 16]) -> String {
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// Parses a hyphenated UUID (any case); `None` if it is not one.
pub fn parse_uuid(s: &str) -> Option<[u8; 16]> {
    let b = s.as_bytes();
    if b.len() != 36 || [8, 13, 18, 23].iter().any(|&i| b[i] != b'-') {
        return None;
    }
    // Hex digits only: a number parser would also take a sign (`+a`).
    let mut digits = b.iter().filter(|&&c| c != b'-').map(|&c| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    });
    let mut out = [0u8; 16];
    for byte in &mut out {
        *byte = (digits.next()?? << 4) | digits.next()??;
    }
    digits.next().is_none().then_some(out)
}

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
