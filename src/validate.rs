//! Every rule of the service contract, and every check a client makes before
//! sending, in one place: one entry point per request ([`create_dev_token`],
//! [`list_builds`], [`set_cdn_auth`], [`set_domain_auth`]) plus the
//! connection's ([`base_url`], [`bearer_token`]). Clients run them before
//! sending; the local service runs [`dev_token_request`] on arrival.
//!
//! All problems are returned at once, each keyed by the port's *label* (the
//! service keys them by its own hash-map order, which no user can act on).

use serde::Serialize;

use crate::model::str_enum;

use crate::model::{CdnAuthType, DevTokenRequest, PortConfig};

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

/// Checks a development token request against every rule of the contract.
/// Returns every problem found, errors and warnings, in the order of the
/// request's fields and ports.
///
/// The work and the answer are bounded whatever the request: beyond
/// [`MAX_PORTS`] the request is refused with `ports-too-many` and only the
/// first [`MAX_PORTS`] ports are checked further, so the work is linear in
/// the number of ports; the rules that compare ports with each other report
/// each port at most once, naming the first earlier port it collides with.
pub fn dev_token_request(req: &DevTokenRequest) -> Vec<Issue> {
    let mut out = Vec::new();
    check_hostname(&req.hostname, &mut out);
    if req.ports.len() > MAX_PORTS {
        out.push(Issue::new(
            IssueCode::PortsTooMany,
            "ports",
            format!(
                "{} ports configured; a development token takes at most {MAX_PORTS} (the first {MAX_PORTS} were checked).",
                req.ports.len()
            ),
        ));
    }
    let ports = req.ports.as_slice();
    let ports = &ports[..ports.len().min(MAX_PORTS)];
    for (i, (label, config)) in ports.iter().enumerate() {
        check_port(label, config, &mut out);
        let base = port_path(label);
        // Quadratic in at most MAX_PORTS ports (120 comparisons at worst);
        // each port is reported once, naming the first earlier one it meets.
        let earlier = &ports[..i];
        if let Some(port) = config.port {
            if let Some((first, _)) = earlier
                .iter()
                .find(|(_, c)| c.port == Some(port) && c.protocol == config.protocol)
            {
                out.push(Issue::new(
                    IssueCode::PortProtocolNotUnique,
                    format!("{base}.port"),
                    format!(
                        "Port {port}/{} is already used by \"{}\"; each port and protocol pair may appear once.",
                        config.protocol,
                        display_value(first)
                    ),
                ));
            }
        }
        // Inclusive, TCP and UDP together; a range with min > max is
        // reported on its own and takes no part.
        if let Some(range) = config.port_range.filter(|r| r.min <= r.max) {
            let overlap = earlier.iter().find_map(|(other, c)| {
                c.port_range
                    .filter(|o| o.min <= o.max && o.min <= range.max && range.min <= o.max)
                    .map(|o| (other, o))
            });
            if let Some((other, theirs)) = overlap {
                out.push(Issue::new(
                    IssueCode::RangesOverlap,
                    format!("{base}.port_range"),
                    format!(
                        "Range {}-{} overlaps \"{}\" ({}-{}); TCP and UDP ranges may not share any port.",
                        range.min,
                        range.max,
                        display_value(other),
                        theirs.min,
                        theirs.max
                    ),
                ));
            }
        }
    }
    out
}

/// Which id a path segment holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    /// A game id.
    Game,
    /// A namespace id.
    Namespace,
}

impl IdKind {
    /// The field an issue about it is keyed by.
    pub fn path(self) -> &'static str {
        match self {
            IdKind::Game => "game_id",
            IdKind::Namespace => "namespace_id",
        }
    }

    /// The kind as one word (`game`, `namespace`): how messages say it
    /// and how the panel keeps it.
    pub fn noun(self) -> &'static str {
        match self {
            IdKind::Game => "game",
            IdKind::Namespace => "namespace",
        }
    }

    /// The kind a [`IdKind::noun`] names.
    pub fn from_noun(noun: &str) -> Option<IdKind> {
        match noun {
            "game" => Some(IdKind::Game),
            "namespace" => Some(IdKind::Namespace),
            _ => None,
        }
    }
}

/// Read as its [`IdKind::noun`]; any other text is not a kind of id.
impl<'de> serde::Deserialize<'de> for IdKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let noun = String::deserialize(d)?;
        IdKind::from_noun(&noun)
            .ok_or_else(|| serde::de::Error::custom("a kind of id this panel does not have"))
    }
}

/// Written as its [`IdKind::noun`].
impl crate::json::Field for IdKind {
    fn write_field(&self, out: &mut crate::json::Json) {
        out.str(self.noun());
    }
    fn stand_in() -> Self {
        IdKind::Game
    }
}

/// An id in its one form. A UUID written any of the usual ways (either
/// case, without dashes, in braces, as `urn:uuid:`) comes back lower-case
/// and dashed, so that a mark, a label and a comparison see one id; any
/// other text comes back trimmed, for [`id`] or the service to refuse.
pub fn canonical_id(text: &str) -> String {
    let t = text.trim();
    let t = t
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(t);
    let t = match t.get(..9) {
        Some(p) if p.eq_ignore_ascii_case("urn:uuid:") => &t[9..],
        _ => t,
    };
    let hex: String = t.chars().filter(|&c| c != '-').collect();
    let dashes_fit = t.len() == 32 || crate::token::parse_uuid(t).is_some();
    if !(dashes_fit && hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit())) {
        return text.trim().to_owned();
    }
    let mut bytes = [0u8; 16];
    for (byte, pair) in bytes.iter_mut().zip(hex.as_bytes().chunks(2)) {
        let digit = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
        *byte = digit(pair[0]) << 4 | digit(pair[1]);
    }
    crate::token::uuid_string(&bytes)
}

/// Why a name given to a namespace (its label in the panel, typed to
/// confirm a change to it when protected) cannot be kept, or `None`. A
/// control or format character (a direction override such as U+202E, an
/// isolate, a zero-width space) would make the name read as another one,
/// or the phrase to type differ from what shows.
pub fn namespace_label_problem(label: &str) -> Option<&'static str> {
    if label.len() > MAX_NAMESPACE_LABEL {
        Some("A label is 256 bytes at most.")
    } else if label.chars().any(|c| c.is_control() || is_format(c)) {
        Some("A label cannot hold control or invisible characters (direction marks, zero-width spaces).")
    } else if !label.is_empty() && !label.chars().any(char::is_alphanumeric) {
        Some("A label needs a letter or a digit.")
    } else if crate::token::holds_token(label) {
        // A secret where a name belongs would be shown (presentation mode
        // too) and kept in the browser for good.
        Some("A label cannot hold a token: a secret would be shown and kept where names are.")
    } else {
        None
    }
}

/// The longest namespace label, in bytes.
pub const MAX_NAMESPACE_LABEL: usize = 256;

/// Unicode's format characters (category Cf), its other default-ignorable
/// code points (variation selectors, Hangul fillers, the grapheme joiner),
/// the line and paragraph separators, plane 14 (tags) and the private use
/// areas, as ranges: invisible, or drawn as nothing a
/// person can type back. Listed here rather than taken from Unicode's
/// tables, which cost the panel kilobytes.
const FORMAT: [(u32, u32); 26] = [
    (0xAD, 0xAD),
    (0x34F, 0x34F),
    (0x600, 0x605),
    (0x61C, 0x61C),
    (0x6DD, 0x6DD),
    (0x70F, 0x70F),
    (0x890, 0x891),
    (0x8E2, 0x8E2),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x2028, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xE000, 0xF8FF),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0x10FFFF),
];

fn is_format(c: char) -> bool {
    FORMAT
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&(c as u32)))
}

/// Checks an id before it goes in a path. Any string is encoded, but an empty
/// id, `.` or `..` would change the route (browsers also resolve `%2e%2e`),
/// and a token pasted in the wrong field would reach the service's logs.
pub fn id(kind: IdKind, id: &str) -> Option<Issue> {
    let what = kind.noun();
    let message = if id.trim().is_empty() {
        format!("Enter the {what} id.")
    } else if id == "." || id == ".." {
        format!("\"{id}\" is not a {what} id; ids are UUIDs.")
    } else if crate::token::holds_token(id) {
        format!("This holds a token, not a {what} id: it was not sent. A token goes where the token is asked for; here, the {what}'s id (a UUID).")
    } else {
        return None;
    };
    Some(Issue::new(IssueCode::IdInvalid, kind.path(), message))
}

/// `POST .../tokens/development`: the ids and the body.
pub fn create_dev_token(game_id: &str, namespace_id: &str, req: &DevTokenRequest) -> Vec<Issue> {
    let mut out = namespace_ids(game_id, namespace_id);
    out.extend(dev_token_request(req));
    out
}

/// `GET .../builds`: the game id.
pub fn list_builds(game_id: &str) -> Vec<Issue> {
    id(IdKind::Game, game_id).into_iter().collect()
}

/// `PUT .../cdn-auth`: the ids and a type the service knows.
pub fn set_cdn_auth(game_id: &str, namespace_id: &str, auth_type: &CdnAuthType) -> Vec<Issue> {
    let mut out = namespace_ids(game_id, namespace_id);
    if !auth_type.is_known() {
        out.push(Issue::new(
            IssueCode::ValueUnknown,
            "auth_type",
            format!(
                "\"{}\" is not a CDN auth type; use none or basic.",
                display_value(auth_type.as_str())
            ),
        ));
    }
    out
}

/// `PUT .../domain-public-auth`: the ids (the body is a boolean).
pub fn set_domain_auth(game_id: &str, namespace_id: &str) -> Vec<Issue> {
    namespace_ids(game_id, namespace_id)
}

fn namespace_ids(game_id: &str, namespace_id: &str) -> Vec<Issue> {
    id(IdKind::Game, game_id)
        .into_iter()
        .chain(id(IdKind::Namespace, namespace_id))
        .collect()
}

/// Checks a base URL: absolute `http` or `https`, a host, no credentials,
/// spaces, query or fragment. Returns it trimmed, without trailing slashes.
pub fn base_url(input: &str) -> Result<&str, Issue> {
    let s = input.trim();
    let bad = |why: &str| {
        Issue::new(
            IssueCode::BaseUrlInvalid,
            "base_url",
            format!("The base URL {why}; give one such as https://api.example.com or http://127.0.0.1:8080."),
        )
    };
    if s.is_empty() {
        return Err(bad("is empty"));
    }
    let Some(rest) = web_scheme_stripped(s) else {
        return Err(bad("must start with http:// or https://"));
    };
    let host = rest.split('/').next().unwrap_or("");
    if host.is_empty() || host.contains('@') {
        return Err(bad("has no host"));
    }
    if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad("contains spaces"));
    }
    if s.contains('?') || s.contains('#') {
        return Err(bad("must not have a query (?) or fragment (#)"));
    }
    Ok(s.trim_end_matches('/'))
}

/// What follows `https://` or `http://` (either in any case), if `s` starts
/// with one.
pub(crate) fn web_scheme_stripped(s: &str) -> Option<&str> {
    ["https://", "http://"].iter().find_map(|scheme| {
        s.get(..scheme.len())
            .filter(|head| head.eq_ignore_ascii_case(scheme))
            .map(|_| &s[scheme.len()..])
    })
}

/// Whether a base URL would carry the bearer token in clear text across a
/// network: plain `http` to a host other than this machine (loopback
/// addresses, `localhost` and `*.localhost` stay on it).
pub fn sends_token_in_clear(input: &str) -> bool {
    let Ok(url) = base_url(input) else {
        return false;
    };
    if !url[..5].eq_ignore_ascii_case("http:") {
        return false;
    }
    let authority = web_scheme_stripped(url)
        .unwrap_or("")
        .split('/')
        .next()
        .unwrap_or("");
    let host = host_of(authority);
    let loopback = is_localhost_name(&host)
        || host == "::1"
        || (host.starts_with("127.")
            && host.split('.').count() == 4
            && host.split('.').all(|n| n.parse::<u8>().is_ok()));
    !loopback
}

/// The host of an authority (`host[:port]`, `[v6][:port]`, or an HTTP `Host`
/// value): without the port, the brackets or a final dot, in lower case.
pub fn host_of(authority: &str) -> String {
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    host.trim_end_matches('.').to_ascii_lowercase()
}

/// `localhost` or a name under it, which always means this machine.
pub fn is_localhost_name(host: &str) -> bool {
    host == "localhost" || host.ends_with(".localhost")
}

/// Checks a bearer token: non-empty visible ASCII once trimmed (anything else
/// cannot travel in an HTTP header).
pub fn bearer_token(token: &str) -> Option<Issue> {
    let t = token.trim();
    let why = if t.is_empty() {
        "Enter a bearer token: a cloud token of this game or a user token."
    } else if !t.bytes().all(|b| b.is_ascii_graphic()) {
        "The token holds spaces or characters a token never has; paste it again, exactly as issued."
    } else {
        return None;
    };
    Some(Issue::new(IssueCode::TokenInvalid, "token", why))
}

/// A form's number field: empty is `None`, a whole number is its value, and
/// anything else is a `type-invalid` issue at `path`.
pub fn whole_number(text: &str, path: String) -> Result<Option<i64>, Issue> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<i64>()
        .map(Some)
        .map_err(|_| Issue::new(IssueCode::TypeInvalid, path, "Enter a whole number."))
}

/// A form gave a label twice: a map keeps only one, so the second is refused.
pub fn label_duplicate(label: &str, path: String) -> Issue {
    Issue::new(
        IssueCode::LabelDuplicate,
        path,
        format!(
            "Label \"{}\" is used by another port; each port needs its own label.",
            display_value(label)
        ),
    )
}

/// A value of the wrong type (from JavaScript) at `path`.
pub fn type_invalid(path: impl Into<String>, message: impl Into<String>) -> Issue {
    Issue::new(IssueCode::TypeInvalid, path, message)
}

/// The longest hostname DNS allows, in characters.
pub const MAX_HOSTNAME: usize = 253;

fn check_hostname(hostname: &str, out: &mut Vec<Issue>) {
    let trimmed = hostname.trim();
    if trimmed.is_empty() {
        out.push(Issue::new(
            IssueCode::HostnameEmpty,
            "hostname",
            "Enter the hostname your game clients will connect to, such as 127.0.0.1 or a LAN address.",
        ));
    } else if trimmed.chars().count() > MAX_HOSTNAME {
        out.push(Issue::new(
            IssueCode::HostnameTooLong,
            "hostname",
            "A hostname is 253 characters at most.",
        ));
    } else if trimmed.contains('/') // a scheme (`://`) or a path
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
                display_value(label)
            ),
        ));
    }
    if !config.protocol.is_known() {
        out.push(Issue::new(
            IssueCode::ProtocolUnknown,
            format!("{base}.protocol"),
            format!(
                "Protocol \"{}\" is not one of http, https, tcp, tcp_tls, udp.",
                display_value(config.protocol.as_str())
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

/// A value typed or sent by someone (a label, a protocol, a CDN auth type),
/// short and safe enough to quote in a message: 32 characters at most, no
/// control characters.
fn display_value(value: &str) -> String {
    let mut s: String = value.chars().filter(|c| !c.is_control()).take(32).collect();
    if value.chars().nth(32).is_some() {
        s.push('…');
    }
    s
}
