//! A token's parts as read: its header, its claims and what they entitle,
//! and the kind of token that makes it.

use serde::Serialize;

use crate::model::{str_enum, PortProtocol};

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

/// The protocol numbers of a development port (note `udp` before `tcp`).
const PROTOCOL_NUMBERS: [(u64, PortProtocol); 5] = [
    (0, PortProtocol::Http),
    (1, PortProtocol::Https),
    (2, PortProtocol::Udp),
    (3, PortProtocol::Tcp),
    (4, PortProtocol::TcpTls),
];

pub(super) fn protocol_of_number(n: u64) -> PortProtocol {
    PROTOCOL_NUMBERS
        .iter()
        .find(|(k, _)| *k == n)
        .map(|(_, p)| p.clone())
        .unwrap_or_else(|| PortProtocol::Other(format!("#{n}")))
}

pub(super) fn number_of_protocol(p: &PortProtocol) -> u64 {
    PROTOCOL_NUMBERS
        .iter()
        .find(|(_, k)| k == p)
        .map_or(0, |(n, _)| *n)
}
