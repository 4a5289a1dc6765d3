//! A token just created (or opened from an encrypted hand-off), with what
//! it was created for: what the token's view and the engine files read.

use crate::model::DevTokenRequest;
use crate::sealed::Contents;

/// A token just created (or opened from an encrypted hand-off), with what
/// it was created for.
#[derive(Clone)]
pub(super) struct Issued {
    pub(super) token: String,
    pub(super) base_url: String,
    pub(super) game: String,
    pub(super) namespace: String,
    pub(super) request: DevTokenRequest,
    /// Opened from an encrypted hand-off (not created here): the
    /// namespace's label in it, or "".
    pub(super) opened: Option<String>,
}

impl Issued {
    /// The token an encrypted hand-off holds.
    pub(super) fn opened(c: Contents) -> Issued {
        Issued {
            token: c.token,
            base_url: c.base_url,
            game: c.game_id,
            namespace: c.namespace_id,
            request: DevTokenRequest {
                hostname: c.hostname,
                ports: c.ports,
            },
            opened: Some(c.namespace_label),
        }
    }

    /// What sealing it hands over (the label and the mark are the
    /// session's, when it is sealed).
    pub(super) fn contents(&self) -> Contents {
        Contents {
            token: self.token.clone(),
            base_url: self.base_url.clone(),
            game_id: self.game.clone(),
            namespace_id: self.namespace.clone(),
            hostname: self.request.hostname.clone(),
            ports: self.request.ports.clone(),
            ..Contents::default()
        }
    }
}
