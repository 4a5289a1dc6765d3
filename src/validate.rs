//! The rules of the service contract for a development token request, run by
//! every client before sending and by the local service on arrival.
//!
//! All problems are returned at once, each keyed by the port's *label* (the
//! service keys them by its own hash-map order, which no user can act on).

use serde::Serialize;

use crate::model::str_enum;

use crate::model::{DevTokenRequest, PortConfig, PortProtocol};

/// The most port configurations one token may carry.
pub const MAX_PORTS: usize = 16;
/// The longest port label.
pub const MAX_LABEL_LEN: usize = 16;
/// The service parses every port number as a signed 32-bit integer.
pub const MAX_PORT_NUMBER: i64 = i32::MAX as i64;

str_enum! {
    /// How bad a problem is.
    pub enum Severity {
        /// The service rejects the request (or, for a client-only rule, the
        /// token would be useless): do not send.
        Error => "error",
        /// The service accepts it, but it is most likely a mistake.
        Warning => "warning",
    }
}

str_enum! {
    /// What the service answers for a request that breaks a rule: its error code.
    pub enum ServiceRejection {
        /// 400 `VALIDATION_ERROR`: the service's own validation table.
        ValidationError => "VALIDATION_ERROR",
        /// 400 `CLOUD_INVALID_CONFIG`: a negative port number.
        CloudInvalidConfig => "CLOUD_INVALID_CONFIG",
        /// 400 `API_BAD_BODY`: the body does not parse (unknown protocol, a
        /// number above the signed 32-bit limit).
        ApiBadBody => "API_BAD_BODY",
    }
}

impl ServiceRejection {
    /// The service's error code.
    pub fn code(self) -> &'static str {
        self.as_str()
    }
}

str_enum! {
    /// Which rule a problem breaks. The first eight are the service's own codes.
    pub enum IssueCode {
        PortsTooMany => "ports-too-many",
        LabelInvalid => "label-invalid",
        DuplicatePortAndPortRange => "duplicate-port-and-port-range",
        MissingPortAndPortRange => "missing-port-and-port-range",
        UnsupportedPortRange => "unsupported-port-range",
        RangeMinGtMax => "range-min-gt-max",
        RangesOverlap => "ranges-overlap",
        PortProtocolNotUnique => "port-protocol-not-unique",
        /// A negative port number (service: `CLOUD_INVALID_CONFIG`).
        PortNegative => "port-negative",
        /// Above 2147483647 (service: `API_BAD_BODY`).
        PortTooLarge => "port-too-large",
        /// Not one of the five protocols (service: `API_BAD_BODY`).
        ProtocolUnknown => "protocol-unknown",
        /// Empty or whitespace-only hostname: the service accepts it, but the token
        /// would be useless, so clients refuse it.
        HostnameEmpty => "hostname-empty",
        /// Warning: a hostname with a scheme, a path or spaces in it.
        HostnameSuspicious => "hostname-suspicious",
        /// Warning: port 0.
        PortZero => "port-zero",
        /// Warning: a port above 65535.
        PortAbove65535 => "port-above-65535",
        /// Client-side: the base URL is not an absolute http(s) URL.
        BaseUrlInvalid => "base-url-invalid",
        /// Client-side: no bearer token, or one that cannot go in a header.
        TokenInvalid => "token-invalid",
        /// Client-side: an empty game or namespace id, or `.`/`..`.
        IdInvalid => "id-invalid",
        /// Client-side: a value this client cannot send (an unknown CDN auth type).
        ValueUnknown => "value-unknown",
        /// Client-side: an argument of the wrong type (from JavaScript), or a
        /// form field that is not a whole number.
        TypeInvalid => "type-invalid",
        /// Client-side: two ports with the same label (a map keeps only one).
        LabelDuplicate => "label-duplicate",
    }
}

impl IssueCode {
    /// How bad breaking this rule is.
    pub fn severity(self) -> Severity {
        match self {
            IssueCode::HostnameSuspicious | IssueCode::PortZero | IssueCode::PortAbove65535 => {
                Severity::Warning
            }
            _ => Severity::Error,
        }
    }

    /// What the running service answers for it; `None` where the service
    /// accepts the request (client-only rules and warnings).
    pub fn service_rejection(self) -> Option<ServiceRejection> {
        match self {
            IssueCode::PortNegative => Some(ServiceRejection::CloudInvalidConfig),
            IssueCode::PortTooLarge | IssueCode::ProtocolUnknown => {
                Some(ServiceRejection::ApiBadBody)
            }
            IssueCode::HostnameEmpty
            | IssueCode::HostnameSuspicious
            | IssueCode::PortZero
            | IssueCode::PortAbove65535
            | IssueCode::BaseUrlInvalid
            | IssueCode::TokenInvalid
            | IssueCode::IdInvalid
            | IssueCode::ValueUnknown
            | IssueCode::TypeInvalid
            | IssueCode::LabelDuplicate => None,
            _ => Some(ServiceRejection::ValidationError),
        }
    }
}

/// One problem with a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Issue {
    pub code: IssueCode,
    /// Where: `hostname`, `ports`, `ports.<label>`, `ports.<label>.port_range.max`...
    pub path: String,
    /// A sentence a person can act on.
    pub message: String,
    pub severity: Severity,
}

impl Issue {
    /// A problem with `path`, with the code's own severity.
    pub fn new(code: IssueCode, path: impl Into<String>, message: impl Into<String>) -> Self {
        Issue {
            code,
            path: path.into(),
            message: message.into(),
            severity: code.severity(),
        }
    }

    /// Whether this problem stops the request from being sent.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Whether any of `issues` is an error (warnings do not block a request).
pub fn has_errors(issues: &[Issue]) -> bool {
    issues.iter().any(Issue::is_error)
}

/// Checks a development token request against every rule of the contract.
/// Returns every problem found, errors and warnings, in the order of the
/// request's fields and ports.
pub fn dev_token_request(req: &DevTokenRequest) -> Vec<Issue> {
    let mut out = Vec::new();
    check_hostname(&req.hostname, &mut out);

    if req.ports.len() > MAX_PORTS {
        out.push(Issue::new(
            IssueCode::PortsTooMany,
            "ports",
            format!(
                "{} ports configured; a development token takes at most {MAX_PORTS}.",
                req.ports.len()
            ),
        ));
    }

    let mut singles: Vec<(&str, i64, &PortProtocol)> = Vec::new();
    let mut ranges: Vec<(&str, i64, i64)> = Vec::new();
    for (label, config) in &req.ports {
        check_port(label, config, &mut out);
        let base = port_path(label);
        if let Some(port) = config.port {
            if let Some(&(first, ..)) = singles
                .iter()
                .find(|(_, p, proto)| *p == port && *proto == &config.protocol)
            {
                out.push(Issue::new(
                    IssueCode::PortProtocolNotUnique,
                    format!("{base}.port"),
                    format!(
                        "Port {port}/{} is already used by \"{}\"; each port and protocol pair may appear once.",
                        config.protocol,
                        display_label(first)
                    ),
                ));
            }
            singles.push((label, port, &config.protocol));
        }
        if let Some(range) = config.port_range {
            if range.min <= range.max {
                for &(other, min, max) in &ranges {
                    if range.min <= max && min <= range.max {
                        out.push(Issue::new(
                            IssueCode::RangesOverlap,
                            format!("{base}.port_range"),
                            format!(
                                "Range {}-{} overlaps \"{}\" ({min}-{max}); TCP and UDP ranges may not share any port.",
                                range.min,
                                range.max,
                                display_label(other)
                            ),
                        ));
                    }
                }
                ranges.push((label, range.min, range.max));
            }
        }
    }
    out
}

fn check_hostname(hostname: &str, out: &mut Vec<Issue>) {
    let trimmed = hostname.trim();
    if trimmed.is_empty() {
        out.push(Issue::new(
            IssueCode::HostnameEmpty,
            "hostname",
            "Enter the hostname your game clients will connect to, such as 127.0.0.1 or a LAN address.",
        ));
    } else if trimmed.contains("://")
        || trimmed.contains('/')
        || hostname
            .chars()
            .any(|c| c.is_whitespace() || c.is_control())
    {
        out.push(Issue::new(
            IssueCode::HostnameSuspicious,
            "hostname",
            "A hostname is a bare host such as 192.168.1.20 or dev.example.com, with no scheme, path or spaces.",
        ));
    }
}

fn check_port(label: &str, config: &PortConfig, out: &mut Vec<Issue>) {
    let base = port_path(label);
    if !label_is_valid(label) {
        out.push(Issue::new(
            IssueCode::LabelInvalid,
            base.clone(),
            format!(
                "Label \"{}\" must be 1-{MAX_LABEL_LEN} characters of a-z, 0-9 and '-', with no '-' at either end and no \"--\".",
                display_label(label)
            ),
        ));
    }
    if !config.protocol.is_known() {
        out.push(Issue::new(
            IssueCode::ProtocolUnknown,
            format!("{base}.protocol"),
            format!(
                "Protocol \"{}\" is not one of http, https, tcp, tcp_tls, udp.",
                config.protocol
            ),
        ));
    }
    match (config.port, config.port_range) {
        (Some(_), Some(_)) => out.push(Issue::new(
            IssueCode::DuplicatePortAndPortRange,
            base.clone(),
            "Give either a single port or a port range, not both.",
        )),
        (None, None) => out.push(Issue::new(
            IssueCode::MissingPortAndPortRange,
            base.clone(),
            "Give a port or a port range.",
        )),
        _ => {}
    }
    if let Some(port) = config.port {
        check_number(port, &format!("{base}.port"), out);
    }
    if let Some(range) = config.port_range {
        if config.protocol.is_known() && !config.protocol.allows_range() {
            out.push(Issue::new(
                IssueCode::UnsupportedPortRange,
                format!("{base}.port_range"),
                format!(
                    "Port ranges work only with tcp and udp; use a single port for {}.",
                    config.protocol
                ),
            ));
        }
        check_number(range.min, &format!("{base}.port_range.min"), out);
        check_number(range.max, &format!("{base}.port_range.max"), out);
        if range.min > range.max {
            out.push(Issue::new(
                IssueCode::RangeMinGtMax,
                format!("{base}.port_range"),
                format!(
                    "The range starts at {} but ends at {}: the first port must not be above the last.",
                    range.min, range.max
                ),
            ));
        }
    }
}

fn check_number(n: i64, path: &str, out: &mut Vec<Issue>) {
    let issue = if n < 0 {
        Issue::new(
            IssueCode::PortNegative,
            path,
            format!("Port {n} is negative; ports are 0 or more."),
        )
    } else if n > MAX_PORT_NUMBER {
        Issue::new(
            IssueCode::PortTooLarge,
            path,
            format!("Port {n} is above {MAX_PORT_NUMBER}, the largest number the service accepts."),
        )
    } else if n == 0 {
        Issue::new(
            IssueCode::PortZero,
            path,
            "Port 0 is accepted but no client can connect to it.",
        )
    } else if n > 65535 {
        Issue::new(
            IssueCode::PortAbove65535,
            path,
            format!(
                "Port {n} is above 65535, the largest TCP or UDP port; no client can reach it."
            ),
        )
    } else {
        return;
    };
    out.push(issue);
}

/// Whether `label` is 1–16 characters of `a-z`, `0-9`, `-`, with no leading or
/// trailing `-` and no `--`.
pub fn label_is_valid(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= MAX_LABEL_LEN
        && label
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !label.starts_with('-')
        && !label.ends_with('-')
        && !label.contains("--")
}

/// The path prefix of a port's problems. Labels are keys, so a label holding a
/// dot still makes an unambiguous path for the client that sent it.
fn port_path(label: &str) -> String {
    format!("ports.{label}")
}

/// A label short and safe enough to quote in a message.
fn display_label(label: &str) -> String {
    let mut s: String = label.chars().filter(|c| !c.is_control()).take(32).collect();
    if label.chars().count() > 32 {
        s.push('…');
    }
    s
}
