//! RFC 3339 timestamps, parsed by a real date library.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use time::format_description::well_known::Rfc3339;
use time::{OffsetDateTime, UtcOffset};

/// A point in time from the wire. Decodes any RFC 3339 string; encodes as the
/// service does, in UTC with millisecond precision (`2024-05-06T09:38:53.550Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(OffsetDateTime);

impl Timestamp {
    /// Parses an RFC 3339 string.
    pub fn parse(s: &str) -> Result<Self, String> {
        OffsetDateTime::parse(s, &Rfc3339)
            .map(Timestamp)
            .map_err(|e| format!("not an RFC 3339 timestamp ({e}): {s:?}"))
    }

    /// From milliseconds since the Unix epoch; `None` outside years 1–9999.
    pub fn from_unix_ms(ms: i64) -> Option<Self> {
        let t = OffsetDateTime::from_unix_timestamp_nanos(ms as i128 * 1_000_000).ok()?;
        (1..=9999).contains(&t.year()).then_some(Timestamp(t))
    }

    /// Milliseconds since the Unix epoch.
    pub fn unix_ms(&self) -> i64 {
        (self.0.unix_timestamp_nanos() / 1_000_000) as i64
    }

    /// The service's own form: UTC, milliseconds, `Z`.
    pub fn to_rfc3339_ms(&self) -> String {
        let t = self.0.to_offset(UtcOffset::UTC);
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
            t.year(),
            u8::from(t.month()),
            t.day(),
            t.hour(),
            t.minute(),
            t.second(),
            t.millisecond()
        )
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_rfc3339_ms())
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339_ms())
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Timestamp::parse(&s).map_err(serde::de::Error::custom)
    }
}
