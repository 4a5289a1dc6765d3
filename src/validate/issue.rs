//! The problems a check finds: which rule each breaks, how bad it is, what
//! the service answers for it, and the sentence that says it.

use serde::Serialize;

use crate::model::str_enum;

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
        /// More than 16 ports.
        PortsTooMany => "ports-too-many",
        /// A label that is not 1 to 16 of `a-z 0-9 -` (no `-` at an end, no `--`).
        LabelInvalid => "label-invalid",
        /// Both `port` and `port_range`.
        DuplicatePortAndPortRange => "duplicate-port-and-port-range",
        /// Neither `port` nor `port_range`.
        MissingPortAndPortRange => "missing-port-and-port-range",
        /// A range on `http`, `https` or `tcp_tls`.
        UnsupportedPortRange => "unsupported-port-range",
        /// A range whose `min` is above its `max`.
        RangeMinGtMax => "range-min-gt-max",
        /// Two ranges sharing a port (`tcp` and `udp` alike).
        RangesOverlap => "ranges-overlap",
        /// The same port and protocol twice.
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
        /// Client-side: a hostname longer than DNS allows (253 characters),
        /// which no client could connect to (and which would fill the log).
        HostnameTooLong => "hostname-too-long",
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
        /// Client-side (the panel): a change to a protected namespace whose
        /// name was not typed in its confirmation.
        NamespaceProtected => "namespace-protected",
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
            | IssueCode::HostnameTooLong
            | IssueCode::PortZero
            | IssueCode::PortAbove65535
            | IssueCode::BaseUrlInvalid
            | IssueCode::TokenInvalid
            | IssueCode::IdInvalid
            | IssueCode::ValueUnknown
            | IssueCode::TypeInvalid
            | IssueCode::LabelDuplicate
            | IssueCode::NamespaceProtected => None,
            _ => Some(ServiceRejection::ValidationError),
        }
    }
}

/// One problem with a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Issue {
    /// The rule broken (the service's own code where it has one).
    pub code: IssueCode,
    /// Where: `hostname`, `ports`, `ports.<label>`, `ports.<label>.port_range.max`...
    pub path: String,
    /// A sentence a person can act on.
    pub message: String,
    /// Whether it blocks the request or only warns.
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

/// A value of the wrong type (from JavaScript) at `path`.
pub fn type_invalid(path: impl Into<String>, message: impl Into<String>) -> Issue {
    Issue::new(IssueCode::TypeInvalid, path, message)
}

/// A value typed or sent by someone (a label, a protocol, a CDN auth type),
/// short and safe enough to quote in a message: 32 characters at most, no
/// control characters.
pub(super) fn display_value(value: &str) -> String {
    let mut s: String = value.chars().filter(|c| !c.is_control()).take(32).collect();
    if value.chars().nth(32).is_some() {
        s.push('…');
    }
    s
}
