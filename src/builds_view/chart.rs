//! What the size chart draws: the shown builds' sizes over time, one mark
//! per build while they are few, one per stretch of time once they are
//! many; and the tags that several builds carry, offered as chips.

use std::collections::BTreeMap;

use crate::model::BuildSummary;

/// One mark of the chart: one build, or every build created in one stretch
/// of time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    /// When its first build was created (Unix ms).
    pub first_ms: i64,
    /// When its last build was created (Unix ms).
    pub last_ms: i64,
    /// How many builds.
    pub builds: usize,
    /// The smallest size, in bytes.
    pub smallest: u64,
    /// The largest size, in bytes.
    pub largest: u64,
}

impl Bucket {
    fn of(b: &BuildSummary) -> Bucket {
        let (ms, size) = (b.create_ts.unix_ms(), b.content_length);
        Bucket {
            first_ms: ms,
            last_ms: ms,
            builds: 1,
            smallest: size,
            largest: size,
        }
    }

    fn add(&mut self, b: &BuildSummary) {
        let (ms, size) = (b.create_ts.unix_ms(), b.content_length);
        self.first_ms = self.first_ms.min(ms);
        self.last_ms = self.last_ms.max(ms);
        self.builds += 1;
        self.smallest = self.smallest.min(size);
        self.largest = self.largest.max(size);
    }
}

/// The marks for `rows` of `builds`, oldest first: one per build when there
/// are `most` or fewer, else `most` equal stretches of time between the
/// oldest and the newest (the empty ones left out).
pub fn buckets(builds: &[BuildSummary], rows: &[usize], most: usize) -> Vec<Bucket> {
    let time = |i: usize| builds[i].create_ts.unix_ms();
    if rows.len() <= most {
        let mut marks: Vec<Bucket> = rows.iter().map(|&i| Bucket::of(&builds[i])).collect();
        marks.sort_by_key(|m| m.first_ms);
        return marks;
    }
    let (min, max) = rows.iter().fold((i64::MAX, i64::MIN), |(lo, hi), &i| {
        (lo.min(time(i)), hi.max(time(i)))
    });
    let span = (i128::from(max) - i128::from(min)).max(1);
    let mut slots: Vec<Option<Bucket>> = vec![None; most];
    for &i in rows {
        let at = (i128::from(time(i) - min) * (most as i128 - 1) / span) as usize;
        match &mut slots[at.min(most - 1)] {
            Some(bucket) => bucket.add(&builds[i]),
            empty => *empty = Some(Bucket::of(&builds[i])),
        }
    }
    slots.into_iter().flatten().collect()
}

/// The tags (`key`, `value`) at least two builds carry, the most carried
/// first (ties by key, then value), `most` of them at most, with how many
/// builds carry each.
pub fn common_tags(builds: &[BuildSummary], most: usize) -> Vec<(String, String, usize)> {
    let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for b in builds {
        for (k, v) in &b.tags {
            *counts.entry((k, v)).or_default() += 1;
        }
    }
    let mut tags: Vec<_> = counts.into_iter().filter(|(_, n)| *n >= 2).collect();
    tags.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    tags.into_iter()
        .take(most)
        .map(|((k, v), n)| (k.to_owned(), v.to_owned(), n))
        .collect()
}
