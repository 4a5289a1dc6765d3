//! The search index of one list: all of its text lower-cased once, names
//! ranked once, so that a filter costs no allocation per keystroke and every
//! sort is one integer sort.
//!
//! The text itself, and how it is lower-cased, is `haystack`'s.

mod haystack;

use std::sync::{Mutex, OnceLock, PoisonError};

use super::{Column, Sort, StateFilter};
use crate::model::BuildSummary;
use haystack::{push_searchable, Text};

/// Lower-cased text of each build, computed once per list, so that filtering
/// and sorting cost no allocation per keystroke or click. Nothing is computed
/// until a filter or a sort by name first needs it (or a `prepare_` method
/// asks): the list shows without waiting for its index.
pub struct SearchIndex {
    text: OnceLock<Text>,
    /// The text of the first builds, while [`SearchIndex::prepare_filter`]
    /// adds it a slice at a time.
    partial: Mutex<Text>,
    /// Each build's place among the lower-cased names (equal names, equal
    /// places), so that sorting by name is an integer sort.
    name_ranks: OnceLock<Vec<u32>>,
    lower: fn(&str) -> String,
}

impl SearchIndex {
    /// The index of a list, empty until first used. `lower` lower-cases
    /// text: the panel passes the browser's own `toLowerCase` (Rust's would
    /// add its Unicode tables to the wasm: docs/SIZE.md, size rule "the
    /// browser's lowercase"), native code
    /// [`str::to_lowercase`]. ASCII text is lower-cased here; the parts that
    /// hold other text go to `lower` together, one call per slice of builds.
    pub fn new(lower: fn(&str) -> String) -> Self {
        SearchIndex {
            text: OnceLock::new(),
            partial: Mutex::new(Text::empty()),
            name_ranks: OnceLock::new(),
            lower,
        }
    }

    /// Does now part of the work the first filter would do: the lower-cased
    /// text of up to `count` more builds. True once every build's is there.
    pub fn prepare_filter(&self, builds: &[BuildSummary], count: usize) -> bool {
        if self.text.get().is_some() {
            return true;
        }
        let mut partial = self.partial.lock().unwrap_or_else(PoisonError::into_inner);
        if self.text.get().is_some() {
            return true; // finished while this call waited for the lock
        }
        let from = partial.len().min(builds.len());
        let to = from.saturating_add(count).min(builds.len());
        partial.extend(&builds[from..to], self.lower);
        if to < builds.len() {
            return false;
        }
        let _ = self
            .text
            .set(std::mem::replace(&mut *partial, Text::empty()));
        true
    }

    /// Does now the work the first sort by name would do (the rest of the
    /// text too, if [`SearchIndex::prepare_filter`] has not finished).
    pub fn prepare_sort(&self, builds: &[BuildSummary]) {
        self.name_ranks(builds);
    }

    fn text(&self, builds: &[BuildSummary]) -> &Text {
        self.prepare_filter(builds, usize::MAX);
        self.text.get_or_init(Text::empty)
    }

    fn name_ranks(&self, builds: &[BuildSummary]) -> &[u32] {
        self.name_ranks.get_or_init(|| {
            let text = self.text(builds);
            // Each name found once: the sort reads some many times.
            let names: Vec<&[u8]> = (0..text.len()).map(|i| text.name(i).as_bytes()).collect();
            ranks(names.len(), &|i| names[i as usize])
        })
    }

    /// The rows of `order` that match a query and a state, in `order`'s
    /// order: a new filter keeps the current sort without sorting again.
    pub fn filter_in(
        &self,
        builds: &[BuildSummary],
        order: &[usize],
        query: &str,
        state: StateFilter,
    ) -> Vec<usize> {
        let state_ok = |i: usize| match state {
            StateFilter::All => true,
            StateFilter::Complete => builds[i].complete,
            StateFilter::Unfinished => !builds[i].complete,
        };
        let rows = order.iter().copied().filter(|&i| i < builds.len());
        match self.matches(builds, query) {
            None => rows.filter(|&i| state_ok(i)).collect(),
            Some(hit) => rows.filter(|&i| hit[i] && state_ok(i)).collect(),
        }
    }

    /// Which builds hold every word of `query`, a flag per build (`None`
    /// for a query with no word: all of them). One search for the first
    /// word through the names and tags, and through the ids if it may be in
    /// one; then the other words in the builds it found.
    fn matches(&self, builds: &[BuildSummary], query: &str) -> Option<Vec<bool>> {
        let mut typed = String::new();
        push_searchable(&mut typed, query);
        let query = (self.lower)(&typed);
        let mut words = query.split_whitespace();
        let first = words.next()?;
        let rest: Vec<&str> = words.collect();
        let text = self.text(builds);
        let mut hit = vec![false; builds.len()];
        let n = builds.len().min(text.len());
        let holds = |i: usize, word: &str| {
            text.words.haystack(i).contains(word)
                || (text.ids_may_hold(word) && text.ids.haystack(i).contains(word))
        };
        let mut found = |i: usize| {
            if !hit[i] {
                hit[i] = rest.iter().all(|w| holds(i, w));
            }
        };
        text.words.each_holding(first, n, &mut found);
        if text.ids_may_hold(first) {
            text.ids.each_holding(first, n, &mut found);
        }
        Some(hit)
    }

    /// Sorts rows by one integer key each (one `sort_unstable` over packed
    /// pairs, whatever the column), the row's index breaking ties. Text
    /// columns sort by their first eight bytes, then, only where those are
    /// equal, by the next eight, and so on (a radix sort by 64-bit digits):
    /// names that share a long prefix never cost a string comparison.
    pub fn sorted(&self, builds: &[BuildSummary], rows: &[usize], sort: Sort) -> Vec<usize> {
        let text = |i: usize| -> &str {
            match sort.column {
                Column::BuildId => &builds[i].build_id,
                Column::UploadId => &builds[i].upload_id,
                _ => "",
            }
        };
        let is_text = matches!(sort.column, Column::BuildId | Column::UploadId);
        let name_ranks: &[u32] = if sort.column == Column::Name {
            self.name_ranks(builds)
        } else {
            &[]
        };
        // Each id's first eight bytes read in the builds' order, where they
        // lie one after the other: in the rows' order, each would be a read
        // from another place.
        let id_keys: Vec<u64> = if is_text {
            (0..builds.len())
                .map(|i| prefix_key(text(i).as_bytes()))
                .collect()
        } else {
            Vec::new()
        };
        let key = |i: usize| -> u64 {
            let b = &builds[i];
            let k = match sort.column {
                Column::Name => u64::from(name_ranks[i]),
                Column::BuildId | Column::UploadId => id_keys[i],
                Column::State => u64::from(b.complete),
                Column::Size => b.content_length,
                // Order-preserving: flip the sign bit.
                Column::Created => (b.create_ts.unix_ms() as u64) ^ (1 << 63),
                Column::Tags => b.tags.len() as u64,
            };
            if sort.descending {
                !k
            } else {
                k
            }
        };
        let mut keyed: Vec<(u64, u32)> = rows.iter().map(|&i| (key(i), i as u32)).collect();
        sort_pairs(&mut keyed);
        if is_text {
            let text = |i: u32| text(i as usize).as_bytes();
            sort_ties_by_text(&mut keyed, &text, sort.descending);
        }
        keyed.into_iter().map(|(_, i)| i as usize).collect()
    }
}

/// The place of each of `n` texts in their sorted order; equal texts share
/// a place.
fn ranks<'a>(n: usize, text: &impl Fn(u32) -> &'a [u8]) -> Vec<u32> {
    let mut keyed: Vec<(u64, u32)> = (0..n as u32).map(|i| (prefix_key(text(i)), i)).collect();
    sort_pairs(&mut keyed);
    sort_ties_by_text(&mut keyed, text, false);
    let mut ranks = vec![0; n];
    let mut rank = 0;
    for (k, pair) in keyed.iter().enumerate() {
        if k > 0 && text(keyed[k - 1].1) != text(pair.1) {
            rank += 1;
        }
        ranks[pair.1 as usize] = rank;
    }
    ranks
}

/// Within each run of equal keys (already sorted by the first eight bytes),
/// sorts by the next eight bytes of the text, and so on; texts equal to
/// their end are ordered by length, then by index. Iterative, with a stack
/// of runs still to refine: no recursion however long the shared prefix.
fn sort_ties_by_text<'a>(
    keyed: &mut [(u64, u32)],
    text: &impl Fn(u32) -> &'a [u8],
    descending: bool,
) {
    let direct = |k: u64| if descending { !k } else { k };
    // (start, end, digit): a run of `keyed` equal in its first `digit` digits.
    let mut todo: Vec<(usize, usize, usize)> = Vec::new();
    let runs = |keyed: &[(u64, u32)], start: usize, digit: usize, todo: &mut Vec<_>| {
        let mut at = start;
        for run in keyed.chunk_by(|a, b| a.0 == b.0) {
            if run.len() > 1 {
                todo.push((at, at + run.len(), digit));
            }
            at += run.len();
        }
    };
    runs(keyed, 0, 1, &mut todo);
    while let Some((start, end, digit)) = todo.pop() {
        let run = &mut keyed[start..end];
        let from = digit * 8;
        let mut exhausted = true;
        for entry in run.iter_mut() {
            let rest = text(entry.1).get(from..).unwrap_or_default();
            exhausted &= rest.is_empty();
            entry.0 = direct(prefix_key(rest));
        }
        if exhausted {
            // Equal but for trailing NULs: the shorter text first.
            for entry in run.iter_mut() {
                entry.0 = direct(text(entry.1).len() as u64);
            }
        }
        sort_pairs(run);
        if !exhausted {
            runs(run, start, digit + 1, &mut todo);
        }
    }
}

/// Below this many pairs a comparison sort is quicker than counting digits.
const RADIX_FROM: usize = 256;

/// Sorts pairs as `sort_unstable` would (by key, then index), in time
/// linear in their number: a least-significant-digit radix sort, a byte per
/// pass, the index's bytes first and then the key's, skipping each byte
/// that every pair shares (a list's sizes or times differ in a few bytes
/// only), or none for pairs already in order. It does not depend on std's
/// sorts, which a size-optimised std makes slower.
fn sort_pairs(pairs: &mut [(u64, u32)]) {
    if pairs.len() < RADIX_FROM {
        pairs.sort_unstable();
        return;
    }
    // The service lists builds newest first: the first sort is often done.
    if pairs.is_sorted() {
        return;
    }
    let digit = |p: &(u64, u32), byte: usize| -> usize {
        let bits = if byte < 4 {
            u64::from(p.1) >> (8 * byte)
        } else {
            p.0 >> (8 * (byte - 4))
        };
        (bits & 0xff) as usize
    };
    // Every byte's counts in one pass: they do not depend on the order.
    let mut counts = vec![[0usize; 256]; 12];
    for p in pairs.iter() {
        for (byte, count) in counts.iter_mut().enumerate() {
            count[digit(p, byte)] += 1;
        }
    }
    let mut from = pairs.to_vec();
    let mut to = vec![(0, 0); pairs.len()];
    for (byte, counts) in counts.iter_mut().enumerate() {
        if counts.contains(&from.len()) {
            continue; // every pair has the same byte here
        }
        let mut at = 0;
        for count in counts.iter_mut() {
            (*count, at) = (at, at + *count);
        }
        for p in &from {
            let d = digit(p, byte);
            to[counts[d]] = *p;
            counts[d] += 1;
        }
        std::mem::swap(&mut from, &mut to);
    }
    pairs.copy_from_slice(&from);
}

/// The first eight bytes of a text as a number that orders as the text does.
fn prefix_key(s: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    let n = s.len().min(8);
    bytes[..n].copy_from_slice(&s[..n]);
    u64::from_be_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::{sort_pairs, RADIX_FROM};
    use proptest::prelude::*;

    proptest! {
        /// The radix sort orders as `sort_unstable` does: by key, then by
        /// index, for keys that share bytes (as sizes and times do) or not.
        #[test]
        fn radix_sort_matches_the_comparison_sort(
            pairs in proptest::collection::vec((any::<u64>(), any::<u32>()), RADIX_FROM..RADIX_FROM * 4),
            shared in any::<u64>(),
            mask in any::<u64>(),
        ) {
            for pairs in [
                pairs.clone(),
                pairs.iter().map(|&(k, i)| ((k & mask) | (shared & !mask), i % 64)).collect(),
                // Many equal keys, indexes in no order: ties go by index.
                pairs.iter().map(|&(k, i)| (k % 4, i)).collect(),
                // In order already, as the service lists builds.
                {
                    let mut sorted = pairs.clone();
                    sorted.sort_unstable();
                    sorted
                },
            ] {
                let mut radix = pairs.clone();
                let mut expected = pairs;
                sort_pairs(&mut radix);
                expected.sort_unstable();
                prop_assert_eq!(radix, expected);
            }
        }
    }
}
