//! A hand-off's ports: each as its `port` line says it, read back, and
//! compared with the ports the token binds.

use crate::model::{PortConfig, PortProtocol, PortRange, Ports};
use crate::token::DevEntitlement;

/// The token's ports are the file's: the same labels, each once, with the
/// same protocol and port or range (compared as the file writes them).
pub(super) fn ports_agree(dev: &DevEntitlement, ports: &Ports) -> Result<(), String> {
    let theirs: Vec<String> = dev
        .ports
        .iter()
        .map(|p| {
            let range = p.port_range.map(|(a, b)| (i64::from(a), i64::from(b)));
            port_line(&shown(&p.label), &p.protocol, p.port.map(i64::from), range)
        })
        .collect();
    // The file's labels are unique: as many ports, each of the file's among
    // the token's, is the same set (a label twice in the token leaves one out).
    let ours = file_ports(ports);
    if theirs.len() == ours.len() && ours.iter().all(|p| theirs.contains(p)) {
        return Ok(());
    }
    Err(format!(
        "the token binds the ports {}, but the file says {}.",
        listed(&theirs),
        listed(&ours)
    ))
}

/// The file's ports, each as its `port` line says it after the word
/// (`game udp 7777`, `game udp 7000-7010`), in the order of their labels.
pub(super) fn file_ports(ports: &Ports) -> Vec<String> {
    ports
        .iter()
        .map(|(label, c)| {
            port_line(
                label,
                &c.protocol,
                c.port,
                c.port_range.map(|r| (r.min, r.max)),
            )
        })
        .collect()
}

/// `<label> <protocol> <port>` or `<label> <protocol> <min>-<max>` (a
/// token could hold both a port and a range: both are written).
fn port_line(
    label: &str,
    protocol: &PortProtocol,
    port: Option<i64>,
    range: Option<(i64, i64)>,
) -> String {
    let mut out = format!("{label} {protocol}");
    if let Some(p) = port {
        out.push_str(&format!(" {p}"));
    }
    if let Some((min, max)) = range {
        out.push_str(&format!(" {min}-{max}"));
    }
    out
}

/// Ports listed in a message, or "none".
fn listed(ports: &[String]) -> String {
    if ports.is_empty() {
        "none".to_owned()
    } else {
        ports.join(", ")
    }
}

/// A value from the token, in a message: whoever sealed the file wrote it,
/// so it is cut short, and anything but printable ASCII (a control or
/// direction character) shows as `?`.
pub(super) fn shown(text: &str) -> String {
    text.chars()
        .take(64)
        .map(|c| if c.is_ascii_graphic() { c } else { '?' })
        .collect()
}

/// `<label> <protocol> <port>` or `<label> <protocol> <min>-<max>`.
pub(super) fn read_port(text: &str) -> Option<(String, PortConfig)> {
    let mut parts = text.split(' ');
    let (label, protocol, at) = (parts.next()?, parts.next()?, parts.next()?);
    let number = |s: &str| s.parse::<i64>().ok();
    let (port, port_range) = match at.split_once('-') {
        Some((min, max)) => (
            None,
            Some(PortRange {
                min: number(min)?,
                max: number(max)?,
            }),
        ),
        None => (Some(number(at)?), None),
    };
    (parts.next().is_none() && crate::validate::label_is_valid(label)).then(|| {
        let protocol = PortProtocol::from_wire(protocol);
        (
            label.to_owned(),
            PortConfig {
                protocol,
                port,
                port_range,
            },
        )
    })
}
