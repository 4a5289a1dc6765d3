//! Operation 1: create a development token for a namespace.

use serde::{Deserialize, Serialize};

use super::wire_enum::wire_enum;
use crate::json::{Field, Json};

wire_enum! {
    /// The protocol of a port configuration.
    pub enum PortProtocol {
        /// HTTP: through the proxy, port 80.
        Http => "http",
        /// HTTPS: through the proxy, port 443.
        Https => "https",
        /// TCP: through the proxy, a port in 26000-31999.
        Tcp => "tcp",
        /// TCP with TLS ended at the proxy.
        TcpTls => "tcp_tls",
        /// UDP: through the proxy, a port in 26000-31999.
        Udp => "udp",
    }
}

impl PortProtocol {
    /// Whether the service accepts a port range for this protocol (`tcp`, `udp`).
    pub fn allows_range(&self) -> bool {
        matches!(self, PortProtocol::Tcp | PortProtocol::Udp)
    }
}

crate::json::model! {
    /// The body of `POST .../tokens/development`.
    ///
    /// Port numbers are `i64` here so that a value outside the service's signed
    /// 32-bit range survives decoding and is reported by the validator with its
    /// path, instead of failing the whole body.
    #[derive(Debug, Clone, PartialEq, Eq, Default)]
    pub struct DevTokenRequest {
        /// The host the game's clients will reach the development server at.
        pub hostname: String,
        /// Port configurations keyed by label, in the order the user gave them.
        /// Always sent, even empty: the running service answers 500 without it.
        pub ports: Ports = Ports::default(),
    }
}

impl DevTokenRequest {
    /// The ports in one line for the action log, "ports game udp 7777, …"
    /// (what the token will hand out, with the hostname the log keeps
    /// apart), never the token.
    pub fn ports_summary(&self) -> String {
        let ports: Vec<String> = self
            .ports
            .iter()
            .map(|(label, c)| {
                let at = match (c.port, c.port_range) {
                    (Some(p), _) => p.to_string(),
                    (None, Some(r)) => format!("{}-{}", r.min, r.max),
                    (None, None) => String::new(),
                };
                format!("{label} {} {at}", c.protocol)
            })
            .collect();
        format!("ports {}", ports.join(", "))
    }
}

/// Port configurations keyed by label, in the order they were given (a JSON
/// object read in its own order). A label given twice keeps its first place
/// and its last value, as a JSON reader that builds a map would.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ports(Vec<(String, PortConfig)>);

impl Ports {
    /// How many ports.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a port has this label.
    pub fn contains_key(&self, label: &str) -> bool {
        self.get(label).is_some()
    }

    /// The port with this label.
    pub fn get(&self, label: &str) -> Option<&PortConfig> {
        self.0.iter().find(|(l, _)| l == label).map(|(_, c)| c)
    }

    /// Adds a port, or replaces the one with the same label in its place.
    pub fn insert(&mut self, label: String, config: PortConfig) {
        match self.0.iter_mut().find(|(l, _)| *l == label) {
            Some(slot) => slot.1 = config,
            None => self.0.push((label, config)),
        }
    }

    /// `(label, config)` in order, as a slice.
    pub fn as_slice(&self) -> &[(String, PortConfig)] {
        &self.0
    }

    /// `(label, config)` in order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &PortConfig)> {
        self.0.iter().map(|(l, c)| (l, c))
    }
}

impl<'a> IntoIterator for &'a Ports {
    type Item = (&'a String, &'a PortConfig);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, PortConfig)>,
        fn(&'a (String, PortConfig)) -> (&'a String, &'a PortConfig),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(l, c)| (l, c))
    }
}

impl IntoIterator for Ports {
    type Item = (String, PortConfig);
    type IntoIter = std::vec::IntoIter<(String, PortConfig)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl FromIterator<(String, PortConfig)> for Ports {
    fn from_iter<I: IntoIterator<Item = (String, PortConfig)>>(iter: I) -> Self {
        let mut ports = Ports::default();
        for (label, config) in iter {
            ports.insert(label, config);
        }
        ports
    }
}

impl<'de> Deserialize<'de> for Ports {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = Ports;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of port configurations keyed by label")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Ports, A::Error> {
                let mut ports = Ports::default();
                while let Some((label, config)) = map.next_entry::<String, PortConfig>()? {
                    ports.insert(label, config);
                }
                Ok(ports)
            }
        }
        d.deserialize_map(Entries)
    }
}

crate::json::model! {
    /// One port configuration: a protocol and exactly one of `port` or
    /// `port_range` (the one it does not have is left out of the body).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct PortConfig {
        /// The port's protocol.
        pub protocol: PortProtocol,
        /// A single port (signed 32-bit on the service).
        pub port: Option<i64> = None,
        /// A range of ports (`tcp` and `udp` only).
        pub port_range: Option<PortRange> = None,
    }
}

crate::json::model! {
    /// An inclusive range of ports (`tcp` and `udp` only).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct PortRange {
        /// The first port.
        pub min: i64,
        /// The last port (equal to `min` for one port).
        pub max: i64,
    }
}

/// A range as a field of [`PortConfig`].
impl Field for PortRange {
    fn write_field(&self, out: &mut Json) {
        out.value(self);
    }
    fn stand_in() -> Self {
        PortRange { min: 0, max: 0 }
    }
}

/// The ports as a field of [`DevTokenRequest`]: an object keyed by label,
/// in order.
impl Field for Ports {
    fn write_field(&self, out: &mut Json) {
        out.begin_object();
        for (label, config) in self {
            out.key(label).value(config);
        }
        out.end_object();
    }
    fn stand_in() -> Self {
        Ports::default()
    }
}

crate::json::model! {
    /// The answer to a development token request. The token is shown once: the
    /// service cannot give it back later.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
    pub struct DevTokenResponse {
        /// The new token, shown once (see `crate::token`).
        pub token: String,
    }
}
