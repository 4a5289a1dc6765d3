//! Operation 2: list a game's builds.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Timestamp;
use crate::json::{Json, ToJson};

/// The answer to `GET /cloud/games/{game_id}/builds`: every build, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListBuildsResponse {
    /// Every build of the game, newest first.
    pub builds: Vec<BuildSummary>,
}

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
    pub tags: BTreeMap<String, String>,
}

// Read by hand ([`crate::json::read_by_hand`]). As the derive did: an
// unknown key is skipped; `builds` given twice or missing, or not a list of
// builds, is an error.
crate::json::read_by_hand!(ListBuildsResponse, "struct ListBuildsResponse", |map| {
    let builds = crate::json::only_field(&mut map, "builds")?;
    Ok(ListBuildsResponse { builds })
});

/// The keys of [`BuildSummary`], in its fields' order; all but `tags` must be
/// there.
const KEYS: [&str; 7] = [
    "build_id",
    "upload_id",
    "display_name",
    "create_ts",
    "content_length",
    "complete",
    "tags",
];

// Read by hand ([`crate::json::read_by_hand`]). As the derive did: an
// unknown key is skipped; a key given twice, a missing key other than
// `tags`, or a value of the wrong type is an error; missing `tags` are empty.
crate::json::read_by_hand!(BuildSummary, "struct BuildSummary", |map| {
    let mut seen = 0u32;
    let mut text: [String; 3] = Default::default();
    let mut create_ts = None;
    let (mut content_length, mut complete) = (0, false);
    let mut tags = BTreeMap::new();
    while let Some(i) = crate::json::next_field(&mut map, &KEYS, &mut seen)? {
        match i {
            0..=2 => text[i] = map.next_value()?,
            3 => create_ts = Some(map.next_value()?),
            4 => content_length = map.next_value()?,
            5 => complete = map.next_value()?,
            _ => tags = map.next_value()?,
        }
    }
    let missing = crate::json::missing(&KEYS, seen, KEYS.len() - 1);
    let (None, Some(create_ts)) = (missing, create_ts) else {
        return Err(serde::de::Error::missing_field(
            missing.unwrap_or("create_ts"),
        ));
    };
    let [build_id, upload_id, display_name] = text;
    Ok(BuildSummary {
        build_id,
        upload_id,
        display_name,
        create_ts,
        content_length,
        complete,
        tags,
    })
});

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
