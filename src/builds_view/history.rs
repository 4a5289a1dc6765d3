//! Each build's change in size from the one before it: the build of the
//! same name stem created just before it. A name's stem is the name without
//! its trailing version (`Nightly v36` and `Nightly v35` are both
//! `Nightly`; `client-1.4.2` is `client`), so each line of builds a studio
//! uploads is compared with itself, as docs/PANEL.md says.

use std::collections::BTreeMap;

use crate::model::BuildSummary;

/// A name without its trailing version: the longest end, after a space,
/// `-` or `_`, that is a number or a version (`36`, `v36`, `1.4.2-rc1`,
/// `2026.11.26`); the name itself if it has none, or is only one.
///
/// Read in bytes, once from the end: a version is made of ASCII letters,
/// digits and `.-_+` only, so its end starts after the last other byte,
/// and only the separators from there on can start one (the first that
/// does starts the longest).
pub fn name_stem(name: &str) -> &str {
    let name = name.trim_end();
    let bytes = name.as_bytes();
    let in_version = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'+');
    let from = bytes.iter().rposition(|&b| !in_version(b)).unwrap_or(0);
    let starts_version = |end: &[u8]| {
        let number = end
            .strip_prefix(b"v")
            .or(end.strip_prefix(b"V"))
            .unwrap_or(end);
        number.first().is_some_and(u8::is_ascii_digit)
    };
    (from..bytes.len())
        .filter(|&at| matches!(bytes[at], b' ' | b'-' | b'_'))
        // Every byte from `from` on is ASCII: `at` is a character's boundary.
        .map(|at| (name[..at].trim_end(), &bytes[at + 1..]))
        .find(|(stem, end)| !stem.is_empty() && starts_version(end))
        .map_or(name, |(stem, _)| stem)
}

/// Each build's previous build of the same stem (its list index), if any.
pub struct Previous(Vec<Option<u32>>);

impl Previous {
    /// From the builds and every build's index ordered by creation time,
    /// oldest first (ties: the list's order).
    pub fn new(builds: &[BuildSummary], oldest_first: &[usize]) -> Previous {
        let mut previous = vec![None; builds.len()];
        let mut last: BTreeMap<&str, u32> = BTreeMap::new();
        for &i in oldest_first {
            let stem = name_stem(&builds[i].display_name);
            previous[i] = last.insert(stem, i as u32);
        }
        Previous(previous)
    }

    /// The build before build `i` of the same stem.
    pub fn of(&self, i: usize) -> Option<usize> {
        self.0.get(i).copied().flatten().map(|p| p as usize)
    }

    /// Build `i`'s size less its previous build's, in bytes.
    pub fn size_change(&self, builds: &[BuildSummary], i: usize) -> Option<i128> {
        let p = self.of(i)?;
        Some(i128::from(builds[i].content_length) - i128::from(builds[p].content_length))
    }
}
