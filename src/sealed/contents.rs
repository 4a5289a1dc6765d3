//! What a hand-off holds, as its plaintext says it: read, checked as any
//! hand-off's values are, and held against the token's own claims.

use super::error::OpenError;
use super::ports::{file_ports, ports_agree, read_port, shown};
use crate::model::Ports;
use crate::validate::canonical_id;

/// What a hand-off holds: the token and what it is for, with the
/// namespace's label and protected mark, so that the teammate's panel names
/// and guards the namespace as the lead's does. The sealed plaintext is one
/// `key value` line each ([`Contents::to_text`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Contents {
    /// The development token.
    pub token: String,
    /// The service's base URL.
    pub base_url: String,
    /// The game's id.
    pub game_id: String,
    /// The namespace's id.
    pub namespace_id: String,
    /// The namespace's label in the lead's panel, or empty.
    pub namespace_label: String,
    /// Whether the lead marked the namespace protected.
    pub protected: bool,
    /// The hostname the token binds.
    pub hostname: String,
    /// The ports the token binds, as the request gave them.
    pub ports: Ports,
}

impl Contents {
    /// The plaintext: `token`, `base_url`, `game_id`, `namespace_id`,
    /// `namespace_label`, `protected` (`yes` or `no`) and `hostname`, each a
    /// line of its key, a space and its value, then a `port <label>
    /// <protocol> <port>` or `port <label> <protocol> <min>-<max>` line a
    /// port. A line break in the label becomes a space.
    pub fn to_text(&self) -> String {
        let label: String = self
            .namespace_label
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let mut out = String::new();
        for (key, value) in [
            ("token", self.token.as_str()),
            ("base_url", &self.base_url),
            ("game_id", &self.game_id),
            ("namespace_id", &self.namespace_id),
            ("namespace_label", &label),
            ("protected", if self.protected { "yes" } else { "no" }),
            ("hostname", &self.hostname),
        ] {
            out.push_str(key);
            out.push(' ');
            out.push_str(value);
            out.push('\n');
        }
        for port in file_ports(&self.ports) {
            out.push_str("port ");
            out.push_str(&port);
            out.push('\n');
        }
        out
    }

    /// Reads the plaintext of a file, of either version (unknown keys are
    /// skipped, so that a later panel may add some within a version), then
    /// checks what it holds as any hand-off's values are
    /// ([`crate::files::Handoff::check`]) and against the token's own claims
    /// (the namespace, hostname and ports the token is for must be the
    /// file's): whoever has the passphrase can seal anything. The ids come
    /// back in their canonical form ([`canonical_id`]).
    pub fn read(text: &str) -> Result<Contents, OpenError> {
        let bad = |why: String| OpenError::Contents(why);
        let mut c = Contents::default();
        let mut protected = None;
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let field = match key {
                "token" => &mut c.token,
                "base_url" => &mut c.base_url,
                "game_id" => &mut c.game_id,
                "namespace_id" => &mut c.namespace_id,
                "namespace_label" => &mut c.namespace_label,
                "hostname" => &mut c.hostname,
                "protected" if protected.is_none() => {
                    protected = Some(value);
                    continue;
                }
                "protected" => return Err(bad("protected is given twice.".into())),
                "port" => match read_port(value) {
                    Some((label, port)) if !c.ports.contains_key(&label) => {
                        c.ports.insert(label, port);
                        continue;
                    }
                    _ => {
                        let shown: String = value.chars().take(40).collect();
                        return Err(bad(format!("the port line \"{shown}\" does not read.")));
                    }
                },
                _ => continue,
            };
            // A key given twice: which value the lead meant is unknown.
            if !field.is_empty() {
                return Err(bad(format!("{key} is given twice.")));
            }
            value.clone_into(field);
        }
        c.protected = match protected {
            Some("yes") => true,
            Some("no") => false,
            _ => return Err(bad("protected is not yes or no.".into())),
        };
        c.game_id = canonical_id(&c.game_id);
        c.namespace_id = canonical_id(&c.namespace_id);
        if let Some(why) = crate::validate::namespace_label_problem(&c.namespace_label) {
            return Err(bad(why.into()));
        }
        // The ports as the service takes them: known protocols, ports and
        // ranges in bounds (what the token page's form checks).
        let request = crate::model::DevTokenRequest {
            hostname: c.hostname.clone(),
            ports: c.ports.clone(),
        };
        let issues = crate::validate::dev_token_request(&request);
        if let Some(issue) = issues.iter().find(|i| i.is_error()) {
            return Err(bad(issue.message.clone()));
        }
        crate::files::Handoff {
            token: &c.token,
            base_url: &c.base_url,
            game_id: &c.game_id,
            namespace_id: &c.namespace_id,
            hostname: &c.hostname,
            ports: &c.ports,
            token_from_env: false,
        }
        .check()
        .map_err(bad)?;
        c.token_agrees().map_err(bad)?;
        Ok(c)
    }

    /// Whether the token's own claims are the file's fields: a file whose
    /// token is for another namespace, hostname or ports would have the
    /// teammate's panel name, guard and write engine files for one thing
    /// while the token does another. The token must read as a development
    /// token, whose namespace (as a UUID), hostname (in any case) and ports
    /// (labels, protocols, port or range) are the file's, in both versions:
    /// a token that does not read is refused (version 1 files were once
    /// taken unchecked; the published version 1 vector, whose token does
    /// not read, now opens to that refusal). The claims are not signed
    /// here, so the check catches a mistake, not a hostile sealer
    /// (docs/HANDOFF.md).
    fn token_agrees(&self) -> Result<(), String> {
        let decoded = crate::token::decode(&self.token)
            .map_err(|e| format!("the token does not read ({} {}).", e.part, e.message))?;
        let Some(dev) = decoded.development() else {
            return Err(format!(
                "the token is not a development token (its kind: {}).",
                decoded.kind().as_str()
            ));
        };
        let theirs = dev.namespace_id.as_deref().map(canonical_id);
        if theirs.as_deref() != Some(self.namespace_id.as_str()) {
            let theirs = theirs.map_or("no namespace".into(), |id| format!("namespace {id}"));
            return Err(format!(
                "the token is for {theirs}, but the file says namespace {}.",
                self.namespace_id
            ));
        }
        if !dev.hostname.eq_ignore_ascii_case(&self.hostname) {
            return Err(format!(
                "the token is for hostname {}, but the file says {}.",
                shown(&dev.hostname),
                self.hostname
            ));
        }
        ports_agree(dev, &self.ports)
    }
}
