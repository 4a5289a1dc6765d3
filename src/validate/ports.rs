//! One port of a development token request: its label, its protocol, its
//! port or range; and the port editor's fields (a whole number, a label
//! given twice).

use super::issue::{display_value, Issue, IssueCode};
use crate::model::PortConfig;

/// The most port configurations one token may carry.
pub const MAX_PORTS: usize = 16;
/// The longest port label.
pub const MAX_LABEL_LEN: usize = 16;
/// The service parses every port number as a signed 32-bit integer.
pub const MAX_PORT_NUMBER: i64 = i32::MAX as i64;

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

pub(super) fn check_port(label: &str, config: &PortConfig, out: &mut Vec<Issue>) {
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
pub(super) fn port_path(label: &str) -> String {
    format!("ports.{label}")
}
