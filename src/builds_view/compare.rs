//! Two builds side by side: which is older, the exact size difference, the
//! time between them, and how their tags changed.

use crate::model::BuildSummary;

/// Two builds side by side: the older first, what changed to the newer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// Indexes into the list: the one created first, then the other.
    pub older: usize,
    /// The index of the other.
    pub newer: usize,
    /// Newer size minus older size, in bytes (exact: sizes are u64).
    pub size_delta: i128,
    /// Milliseconds from the older's creation to the newer's.
    pub time_ms: i64,
    /// Tags only the newer has, only the older has, and those whose value
    /// changed (key, older value, newer value); by key.
    pub added: Vec<(String, String)>,
    /// Tags only the older has (key, value).
    pub removed: Vec<(String, String)>,
    /// Tags whose value changed (key, older value, newer value).
    pub changed: Vec<(String, String, String)>,
}

/// Compares builds `a` and `b` of `builds`.
pub fn compare(builds: &[BuildSummary], a: usize, b: usize) -> Comparison {
    let (older, newer) = if builds[a].create_ts <= builds[b].create_ts {
        (a, b)
    } else {
        (b, a)
    };
    let (o, n) = (&builds[older], &builds[newer]);
    let pair = |(k, v): (&String, &String)| (k.clone(), v.clone());
    Comparison {
        older,
        newer,
        size_delta: i128::from(n.content_length) - i128::from(o.content_length),
        time_ms: n.create_ts.unix_ms() - o.create_ts.unix_ms(),
        added: n
            .tags
            .iter()
            .filter(|(k, _)| !o.tags.contains_key(*k))
            .map(pair)
            .collect(),
        removed: o
            .tags
            .iter()
            .filter(|(k, _)| !n.tags.contains_key(*k))
            .map(pair)
            .collect(),
        changed: o
            .tags
            .iter()
            .filter_map(|(k, ov)| {
                let nv = n.tags.get(k)?;
                (nv != ov).then(|| (k.clone(), ov.clone(), nv.clone()))
            })
            .collect(),
    }
}
