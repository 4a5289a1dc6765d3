//! Operation 2: list a game's builds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

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

/// Read by hand rather than derived: one loop over the key instead of a
/// visitor per field (smaller wasm). As the derive did: an unknown key is
/// skipped; `builds` given twice or missing, or not a list of builds, is an
/// error.
impl<'de> Deserialize<'de> for ListBuildsResponse {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = ListBuildsResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("struct ListBuildsResponse")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<ListBuildsResponse, A::Error> {
                use serde::de::Error;
                let mut builds = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key != "builds" {
                        map.next_value::<serde::de::IgnoredAny>()?;
                    } else if builds.is_some() {
                        return Err(A::Error::duplicate_field("builds"));
                    } else {
                        builds = Some(map.next_value()?);
                    }
                }
                Ok(ListBuildsResponse {
                    builds: builds.ok_or_else(|| A::Error::missing_field("builds"))?,
                })
            }
        }
        d.deserialize_map(Fields)
    }
}

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

/// Read by hand rather than derived: one loop over the keys instead of a
/// visitor per field (smaller wasm). As the derive did: an unknown key is
/// skipped; a key given twice, a missing key other than `tags`, or a value of
/// the wrong type is an error; missing `tags` are empty.
impl<'de> Deserialize<'de> for BuildSummary {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = BuildSummary;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("struct BuildSummary")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<BuildSummary, A::Error> {
                use serde::de::Error;
                // Bit `i` set: `KEYS[i]` was read.
                let mut seen = 0u8;
                let mut text: [String; 3] = Default::default();
                let mut create_ts = None;
                let (mut content_length, mut complete) = (0, false);
                let mut tags = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let Some(i) = KEYS.iter().position(|k| *k == key) else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                        continue;
                    };
                    if seen & (1 << i) != 0 {
                        return Err(A::Error::duplicate_field(KEYS[i]));
                    }
                    seen |= 1 << i;
                    match i {
                        0..=2 => text[i] = map.next_value()?,
                        3 => create_ts = Some(map.next_value()?),
                        4 => content_length = map.next_value()?,
                        5 => complete = map.next_value()?,
                        _ => tags = map.next_value()?,
                    }
                }
                // The first missing of the required keys, as the derive names it.
                let first_missing = seen.trailing_ones() as usize;
                if first_missing < KEYS.len() - 1 {
                    return Err(A::Error::missing_field(KEYS[first_missing]));
                }
                let [build_id, upload_id, display_name] = text;
                Ok(BuildSummary {
                    build_id,
                    upload_id,
                    display_name,
                    create_ts: create_ts.ok_or_else(|| A::Error::missing_field("create_ts"))?,
                    content_length,
                    complete,
                    tags,
                })
            }
        }
        d.deserialize_map(Fields)
    }
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
