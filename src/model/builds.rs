//! Operation 2: list a game's builds.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Timestamp;

crate::json::model! {
    /// The answer to `GET /cloud/games/{game_id}/builds`: every build, newest first.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
    pub struct ListBuildsResponse {
        /// Every build of the game, newest first.
        pub builds: Vec<BuildSummary>,
    }
}

crate::json::model! {
    /// One build as the service summarises it.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
    pub struct BuildSummary {
        /// The build's id (a UUID).
        pub build_id: String,
        /// The id of the upload that made it (a UUID).
        pub upload_id: String,
        /// Untrusted text: render it as text, never as HTML.
        pub display_name: String,
        /// When it was created.
        pub create_ts: Timestamp,
        /// Exact size in bytes; values above 2^53 exist on the wire.
        pub content_length: u64,
        /// `false` while the upload is unfinished.
        pub complete: bool,
        /// Present on the running service (possibly empty), absent in the brief.
        pub tags: BTreeMap<String, String> = BTreeMap::new(),
    }
}
