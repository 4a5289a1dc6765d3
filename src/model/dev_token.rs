//! Operation 1: create a development token for a namespace.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::wire_enum::wire_enum;
use crate::json::{Json, ToJson};

wire_enum! {
    /// The protocol of a port configuration.
    pub enum PortProtocol {
        Http => "http",
        Https => "https",
        Tcp => "tcp",
        TcpTls => "tcp_tls",
        Udp => "udp",
    }
}

impl PortProtocol {
    /// Whether the service accepts a port range for this protocol (`tcp`, `udp`).
    pub fn allows_range(&self) -> bool {
        matches!(self, PortProtocol::Tcp | PortProtocol::Udp)
    }
}

/// The body of `POST .../tokens/development`.
///
/// Port numbers are `i64` here so that a value outside the service's signed
/// 32-bit range survives decoding and is reported by the validator with its
/// path, instead of failing the whole body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DevTokenRequest {
    /// The host the game's clients will reach the development server at.
    pub hostname: String,
    /// Port configurations keyed by label, in the order the user gave them.
    /// Always sent, even empty: the running service answers 500 without it.
    #[serde(default)]
    pub ports: IndexMap<String, PortConfig>,
}

/// One port configuration: a protocol and exactly one of `port` or `port_range`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortConfig {
    pub protocol: PortProtocol,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port_range: Option<PortRange>,
}

/// An inclusive range of ports (`tcp` and `udp` only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortRange {
    pub min: i64,
    pub max: i64,
}

/// The answer to a development token request. The token is shown once: the
/// service cannot give it back later.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DevTokenResponse {
    pub token: String,
}

impl ToJson for DevTokenRequest {
    /// The wire body: `ports` always present, each port with exactly the
    /// fields it has.
    fn write_json(&self, out: &mut Json) {
        out.begin_object().key("hostname").str(&self.hostname);
        out.key("ports").begin_object();
        for (label, config) in &self.ports {
            out.key(label).begin_object();
            out.key("protocol").str(config.protocol.as_str());
            if let Some(port) = config.port {
                out.key("port").i64(port);
            }
            if let Some(range) = config.port_range {
                out.key("port_range").begin_object();
                out.key("min").i64(range.min).key("max").i64(range.max);
                out.end_object();
            }
            out.end_object();
        }
        out.end_object().end_object();
    }
}
