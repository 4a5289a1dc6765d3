//! What the matchmaker hands back for a port: through the service's proxy, and
//! with a development token (which bypasses the proxy).

use serde::Serialize;

use crate::model::PortProtocol;

/// The range the proxy picks `tcp`, `tcp_tls` and `udp` ports from.
pub const PROXY_PORT_RANGE: (u16, u16) = (26000, 31999);

/// The port the matchmaker returns for a protocol when traffic goes through the
/// service's proxy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
pub enum ProxyPort {
    /// Always this port (80 for `http`, 443 for `https`); the hostname routes
    /// to the game server.
    Fixed {
        /// Always this port (`80` for http, `443` for https).
        port: u16,
    },
    /// A port the proxy assigns from `min..=max`, routed automatically.
    Assigned {
        /// The first port it may be.
        min: u16,
        /// The last port it may be.
        max: u16,
        /// `tcp_tls`: the proxy ends TLS, so the game server sees plain TCP.
        tls_added: bool,
    },
    /// A protocol this client does not know: no table entry.
    Unknown,
}

impl ProxyPort {
    /// A short description, such as `443` or `26000–31999 (TLS added)`.
    pub fn describe(&self) -> String {
        match *self {
            ProxyPort::Fixed { port } => port.to_string(),
            ProxyPort::Assigned {
                min,
                max,
                tls_added,
            } => {
                let tls = if tls_added {
                    " (TLS added by the proxy)"
                } else {
                    ""
                };
                format!("a port in {min}–{max}{tls}")
            }
            ProxyPort::Unknown => "unknown for this protocol".to_owned(),
        }
    }
}

/// The brief's table: the port the matchmaker returns through the proxy.
pub fn proxy_port(protocol: &PortProtocol) -> ProxyPort {
    let (min, max) = PROXY_PORT_RANGE;
    match protocol {
        PortProtocol::Http => ProxyPort::Fixed { port: 80 },
        PortProtocol::Https => ProxyPort::Fixed { port: 443 },
        PortProtocol::Tcp | PortProtocol::Udp => ProxyPort::Assigned {
            min,
            max,
            tls_added: false,
        },
        PortProtocol::TcpTls => ProxyPort::Assigned {
            min,
            max,
            tls_added: true,
        },
        PortProtocol::Other(_) => ProxyPort::Unknown,
    }
}

/// Whether a development token goes through the proxy: it does not. The
/// matchmaker hands back `hostname:port` exactly as configured in the token.
pub const DEV_TOKEN_BYPASSES_PROXY: bool = true;

/// What the matchmaker returns for a port configured in a development token:
/// the configured `hostname:port` (or `hostname:min-max` for a range).
pub fn dev_token_address(hostname: &str, port: Option<i64>, range: Option<(i64, i64)>) -> String {
    let host = if hostname.contains(':') && !hostname.starts_with('[') {
        format!("[{hostname}]")
    } else {
        hostname.to_owned()
    };
    match (port, range) {
        (Some(p), _) => format!("{host}:{p}"),
        (None, Some((min, max))) => format!("{host}:{min}-{max}"),
        (None, None) => host,
    }
}
