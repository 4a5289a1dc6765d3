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
pub fn name_stem(name: &str) -> &str {
    let name = name.trim_end();
    let is_version = |end: &str| {
        let number = end.strip_prefix(['v', 'V']).unwrap_or(end);
        number.starts_with(|c: char| c.is_ascii_digit())
            && number
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'))
    };
    name.match_indices([' ', '-', '_'])
        .map(|(at, _)| (name[..at].trim_end(), &name[at + 1..]))
        .find(|(stem, end)| !stem.is_empty() && is_version(end))
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
