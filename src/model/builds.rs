//! Operation 2: list a game's builds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Timestamp;
use crate::json::{Json, ToJson};

/// The answer to `GET /cloud/games/{game_id}/builds`: every build, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListBuildsResponse {
    /// Every build of the game, newest first.
    pub builds: Vec<BuildSummary>,
}

/// One build as the service summarises it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}

impl ToJson for BuildSummary {
    /// The wire's shape, `content_length` exact.
    fn write_json(&self, out: &mut Json) {
        out.begin_object();
        out.key("build_id").str(&self.build_id);
        out.key("upload_id").str(&self.upload_id);
        out.key("display_name").str(&self.display_name);
        out.key("create_ts").str(&self.create_ts.to_rfc3339_ms());
        out.key("content_length").u64(self.content_length);
        out.key("complete").bool(self.complete);
        out.key("tags").begin_object();
        for (k, v) in &self.tags {
            out.key(k).str(v);
        }
        out.end_object().end_object();
    }
}

impl ToJson for ListBuildsResponse {
    fn write_json(&self, out: &mut Json) {
        out.begin_object().key("builds").begin_array();
        for build in &self.builds {
            out.value(build);
        }
        out.end_array().end_object();
    }
}
