//! A development token request as a whole: its hostname, each of its
//! ports, and the ports against each other.

use super::issue::{display_value, Issue, IssueCode};
use super::ports::{check_port, port_path, MAX_PORTS};
use crate::model::DevTokenRequest;

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
