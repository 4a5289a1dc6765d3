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
    /// Which build is the largest (its index into the builds; the first
    /// of the largest where several are).
    pub largest_at: usize,
}

impl Bucket {
    fn of(builds: &[BuildSummary], i: usize) -> Bucket {
        let b = &builds[i];
        let (ms, size) = (b.create_ts.unix_ms(), b.content_length);
        Bucket {
            first_ms: ms,
            last_ms: ms,
            builds: 1,
            smallest: size,
            largest: size,
            largest_at: i,
        }
    }

    fn add(&mut self, builds: &[BuildSummary], i: usize) {
        let b = &builds[i];
        let (ms, size) = (b.create_ts.unix_ms(), b.content_length);
        self.first_ms = self.first_ms.min(ms);
        self.last_ms = self.last_ms.max(ms);
        self.builds += 1;
        self.smallest = self.smallest.min(size);
        if size > self.largest {
            self.largest = size;
            self.largest_at = i;
        }
    }
}

/// The marks for `rows` of `builds`, oldest first: one per build when there
/// are `most` (at least one) or fewer, else `most` equal stretches of time
/// between the oldest and the newest (the empty ones left out).
pub fn buckets(builds: &[BuildSummary], rows: &[usize], most: usize) -> Vec<Bucket> {
    let most = most.max(1);
    let time = |i: usize| builds[i].create_ts.unix_ms();
    if rows.len() <= most {
        let mut marks: Vec<Bucket> = rows.iter().map(|&i| Bucket::of(builds, i)).collect();
        marks.sort_by_key(|m| m.first_ms);
        return marks;
    }
    let (min, max) = rows.iter().fold((i64::MAX, i64::MIN), |(lo, hi), &i| {
        (lo.min(time(i)), hi.max(time(i)))
    });
    // A timestamp is of years 1 to 9999, so the span and each product fit
    // in 64 bits for any `most` under 57,000 (128-bit division is slow in
    // wasm, and this runs for every row each time the filter changes).
    let span = max.abs_diff(min).max(1);
    let steps = most as u64 - 1;
    let slot = |t: i64| -> usize {
        let offset = t.abs_diff(min);
        let at = match offset.checked_mul(steps) {
            Some(product) => product / span,
            None => (u128::from(offset) * u128::from(steps) / u128::from(span)) as u64,
        };
        usize::try_from(at).unwrap_or(usize::MAX).min(most - 1)
    };
    let mut slots: Vec<Option<Bucket>> = vec![None; most];
    for &i in rows {
        match &mut slots[slot(time(i))] {
            Some(bucket) => bucket.add(builds, i),
            empty => *empty = Some(Bucket::of(builds, i)),
        }
    }
    slots.into_iter().flatten().collect()
}

/// The tags (`key`, `value`) at least two builds carry, the most carried
/// first (ties by key, then value), `most` of them at most, with how many
/// builds carry each.
pub fn common_tags(builds: &[BuildSummary], most: usize) -> Vec<(String, String, usize)> {
    let mut counts = TagCounts::default();
    counts.count(builds, usize::MAX);
    counts.common(most)
}

/// How many builds carry each tag, counted a slice of builds at a time: a
/// page counts 100,000 builds' tags over several tasks, and stays
/// responsive between them.
#[derive(Default)]
pub struct TagCounts {
    /// By tag, its key then its value in one string: how many builds carry
    /// it, and where its key ends.
    counts: BTreeMap<String, (usize, usize)>,
    /// How many builds are counted: the first ones.
    counted: usize,
}

impl TagCounts {
    /// Counts the tags of up to `count` more of `builds` (those after the
    /// ones counted); true once every build is.
    pub fn count(&mut self, builds: &[BuildSummary], count: usize) -> bool {
        let from = self.counted.min(builds.len());
        let to = from.saturating_add(count).min(builds.len());
        let mut tag = String::new();
        for b in &builds[from..to] {
            for (k, v) in &b.tags {
                tag.clear();
                tag.push_str(k);
                tag.push_str(v);
                if let Some((n, _)) = self.counts.get_mut(&tag) {
                    *n += 1;
                } else {
                    self.counts.insert(tag.clone(), (1, k.len()));
                }
            }
        }
        self.counted = to;
        to == builds.len()
    }

    /// The tags (`key`, `value`) at least two of the builds counted carry,
    /// the most carried first (ties by key, then value), `most` of them at
    /// most, with how many builds carry each.
    pub fn common(&self, most: usize) -> Vec<(String, String, usize)> {
        let mut tags: Vec<(&str, &str, usize)> = self
            .counts
            .iter()
            .filter(|(_, (n, _))| *n >= 2)
            .map(|(tag, &(n, key))| {
                let (k, v) = tag.split_at(key);
                (k, v, n)
            })
            .collect();
        tags.sort_by(|a, b| b.2.cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
        tags.into_iter()
            .take(most)
            .map(|(k, v, n)| (k.to_owned(), v.to_owned(), n))
            .collect()
    }
}
