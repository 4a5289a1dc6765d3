//! Operation 2: list a game's builds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Timestamp;

/// The answer to `GET /cloud/games/{game_id}/builds`: every build, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListBuildsResponse {
    pub builds: Vec<BuildSummary>,
}

/// One build as the service summarises it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildSummary {
    pub build_id: String,
    pub upload_id: String,
    /// Untrusted text: render it as text, never as HTML.
    pub display_name: String,
    pub create_ts: Timestamp,
    /// Exact size in bytes; values above 2^53 exist on the wire.
    pub content_length: u64,
    /// `false` while the upload is unfinished.
    pub complete: bool,
    /// Present on the running service (possibly empty), absent in the brief.
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}
