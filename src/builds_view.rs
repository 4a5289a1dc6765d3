//! The builds list as people read it: filtering, sorting, sizes in human units,
//! relative times, and CSV or JSON export. Pure and fast (indices, not copies),
//! so the panel stays smooth with 100,000 builds and every rule is tested
//! natively.

use std::cmp::Ordering;
use std::sync::OnceLock;

use crate::json::Json;
use crate::model::BuildSummary;

/// A column of the builds table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Name,
    BuildId,
    UploadId,
    State,
    Size,
    Created,
    Tags,
}

impl Column {
    pub const ALL: [Column; 7] = [
        Column::Name,
        Column::BuildId,
        Column::UploadId,
        Column::State,
        Column::Size,
        Column::Created,
        Column::Tags,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Column::Name => "Name",
            Column::BuildId => "Build id",
            Column::UploadId => "Upload id",
            Column::State => "Upload",
            Column::Size => "Size",
            Column::Created => "Created",
            Column::Tags => "Tags",
        }
    }
}

/// Which uploads to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateFilter {
    All,
    Complete,
    Unfinished,
}

/// A sort: a column and a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: Column,
    pub descending: bool,
}

impl Default for Sort {
    /// Newest first, as the service lists them.
    fn default() -> Self {
        Sort {
            column: Column::Created,
            descending: true,
        }
    }
}

/// Lower-cased text of each build, computed once per list, so that filtering
/// and sorting cost no allocation per keystroke or click.
pub struct SearchIndex {
    /// Every build's name, ids and tags, lower-cased: parts end with [`SEP`],
    /// builds with [`END`]. The name comes first, so it is also the name's
    /// sort text.
    text: String,
    /// Where each build's text starts in `text`, plus the end.
    starts: Vec<usize>,
    /// Each build's place among the lower-cased names (equal names, equal
    /// places), so that sorting by name is an integer sort. Computed once,
    /// on the first sort by name or by [`SearchIndex::prepare`].
    name_ranks: OnceLock<Vec<u32>>,
    lower: fn(&str) -> String,
}

/// Ends a part of a build's text.
const SEP: char = '\u{1}';
/// Ends a build's text.
const END: char = '\u{0}';

impl SearchIndex {
    /// The index of `builds`. `lower` lower-cases text: the panel passes the
    /// browser's own `toLowerCase` (Rust's would add its Unicode tables to
    /// the wasm), native code [`str::to_lowercase`]. All the text is
    /// lower-cased in one call.
    pub fn new(builds: &[BuildSummary], lower: fn(&str) -> String) -> Self {
        let mut text = String::new();
        for b in builds {
            for part in [&b.display_name, &b.build_id, &b.upload_id] {
                push_searchable(&mut text, part);
                text.push(SEP);
            }
            for (k, v) in &b.tags {
                push_searchable(&mut text, k);
                text.push('=');
                push_searchable(&mut text, v);
                text.push(SEP);
            }
            text.push(END);
        }
        let text = lower(&text);
        let mut starts = Vec::with_capacity(builds.len() + 1);
        starts.push(0);
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == END as u8)
                .map(|(i, _)| i + 1),
        );
        SearchIndex {
            text,
            starts,
            name_ranks: OnceLock::new(),
            lower,
        }
    }

    /// Does now the work the first sort by name would do (the panel calls it
    /// once the list is on screen, while the page is idle).
    pub fn prepare(&self) {
        self.name_ranks();
    }

    fn name_ranks(&self) -> &[u32] {
        self.name_ranks
            .get_or_init(|| ranks(self.len(), &|i| self.name(i as usize).as_bytes()))
    }

    /// Build `i`'s lower-cased text.
    fn haystack(&self, i: usize) -> &str {
        self.text
            .get(self.starts[i]..self.starts[i + 1])
            .unwrap_or_default()
    }

    /// The lower-cased name of build `i`.
    fn name(&self, i: usize) -> &str {
        let h = self.haystack(i);
        let end = h.bytes().position(|b| b == SEP as u8).unwrap_or(h.len());
        h.get(..end).unwrap_or(h)
    }

    /// How many builds the index holds.
    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The indices of the builds to show, filtered and in order: every word
    /// of `query` (case-insensitive) in the name, the ids or the tags. Ties
    /// keep the service's order. `builds` is the list this index was built
    /// from.
    pub fn view(
        &self,
        builds: &[BuildSummary],
        query: &str,
        state: StateFilter,
        sort: Sort,
    ) -> Vec<usize> {
        self.sorted(builds, &self.filter(builds, query, state), sort)
    }

    /// The indices of the builds that match, in the service's order.
    pub fn filter(&self, builds: &[BuildSummary], query: &str, state: StateFilter) -> Vec<usize> {
        let state_ok = |i: usize| match state {
            StateFilter::All => true,
            StateFilter::Complete => builds[i].complete,
            StateFilter::Unfinished => !builds[i].complete,
        };
        let n = builds.len().min(self.len());
        let mut typed = String::new();
        push_searchable(&mut typed, query);
        let query = (self.lower)(&typed);
        let mut words = query.split_whitespace();
        let Some(first) = words.next() else {
            return (0..n).filter(|&i| state_ok(i)).collect();
        };
        let rest: Vec<&str> = words.collect();
        // One search through all the text for the first word (a word holds
        // no separator, so a match never spans two builds), then the other
        // words in the builds it found.
        let mut out = Vec::new();
        let mut last = usize::MAX;
        for (at, _) in self.text.match_indices(first) {
            let i = self.starts.partition_point(|&start| start <= at) - 1;
            if i == last || i >= n {
                continue;
            }
            last = i;
            if state_ok(i) && rest.iter().all(|w| self.haystack(i).contains(w)) {
                out.push(i);
            }
        }
        out
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
            self.name_ranks()
        } else {
            &[]
        };
        let key = |i: usize| -> u64 {
            let b = &builds[i];
            let k = match sort.column {
                Column::Name => u64::from(name_ranks[i]),
                Column::BuildId | Column::UploadId => prefix_key(text(i).as_bytes()),
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
        keyed.sort_unstable();
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
    keyed.sort_unstable();
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
        run.sort_unstable();
        if !exhausted {
            runs(run, start, digit + 1, &mut todo);
        }
    }
}

/// Text as it goes into the index: the separators cannot occur in it.
fn push_searchable(out: &mut String, s: &str) {
    if s.bytes().any(|b| b == SEP as u8 || b == END as u8) {
        out.extend(
            s.chars()
                .map(|c| if c == SEP || c == END { ' ' } else { c }),
        );
    } else {
        out.push_str(s);
    }
}

/// The first eight bytes of a text as a number that orders as the text does.
fn prefix_key(s: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    let n = s.len().min(8);
    bytes[..n].copy_from_slice(&s[..n]);
    u64::from_be_bytes(bytes)
}

/// A size in binary units with three significant digits (`1.46 GiB`); bytes
/// below 1 KiB as they are. Integer arithmetic, rounded half to even as
/// float formatting would, without bringing float printing into the wasm.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut out = String::new();
    if bytes < 1024 {
        crate::json::push_u64(&mut out, bytes);
        out.push_str(" B");
        return out;
    }
    let n = u128::from(bytes);
    let mut unit = 0;
    let mut div: u128 = 1024;
    while n >= div * 1024 && unit < UNITS.len() - 1 {
        div *= 1024;
        unit += 1;
    }
    let digits = if n >= 100 * div {
        0
    } else if n >= 10 * div {
        1
    } else {
        2
    };
    let scale = 10u128.pow(digits);
    let (q, r) = ((n * scale) / div, (n * scale) % div);
    let scaled = match (2 * r).cmp(&div) {
        Ordering::Greater => q + 1,
        Ordering::Equal => q + (q & 1),
        Ordering::Less => q,
    };
    let whole = scaled / scale;
    crate::json::push_u64(&mut out, whole as u64);
    if digits > 0 {
        out.push('.');
        let frac = (scaled % scale) as u64;
        if digits == 2 && frac < 10 {
            out.push('0');
        }
        crate::json::push_u64(&mut out, frac);
    }
    out.push(' ');
    out.push_str(UNITS[unit]);
    out
}

/// Digits grouped in threes (`9,007,199,254,740,993`): exact bytes, readable.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How long ago, in words (`3 hours ago`, `in 2 minutes` for a clock ahead).
pub fn relative(now_ms: i64, then_ms: i64) -> String {
    let diff = now_ms.saturating_sub(then_ms);
    let secs = diff.unsigned_abs() / 1000;
    let (n, unit) = match secs {
        0..=44 => return "just now".to_owned(),
        45..=3_599 => (secs.div_ceil(60).max(1), "minute"),
        3_600..=86_399 => (secs / 3_600, "hour"),
        86_400..=2_591_999 => (secs / 86_400, "day"),
        2_592_000..=31_535_999 => (secs / 2_592_000, "month"),
        _ => (secs / 31_536_000, "year"),
    };
    let plural = if n == 1 { "" } else { "s" };
    if diff >= 0 {
        format!("{n} {unit}{plural} ago")
    } else {
        format!("in {n} {unit}{plural}")
    }
}

/// The rows as CSV (RFC 4180): a header, then one line per build; tags as
/// `key=value` pairs joined by `; `. Cells that a spreadsheet would run as a
/// formula are prefixed with `'`, and cells with a separator are quoted
/// (see `csv_cell`).
pub fn to_csv(builds: &[BuildSummary], rows: &[usize]) -> String {
    let mut out =
        String::from("display_name,build_id,upload_id,complete,content_length,create_ts,tags\r\n");
    for &i in rows {
        let b = &builds[i];
        let tags: Vec<String> = b.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let cells = [
            csv_cell(&b.display_name),
            csv_cell(&b.build_id),
            csv_cell(&b.upload_id),
            b.complete.to_string(),
            b.content_length.to_string(),
            b.create_ts.to_rfc3339_ms(),
            csv_cell(&tags.join("; ")),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// One CSV cell, safe in comma and in semicolon locales.
///
/// A spreadsheet runs a cell as a formula when it begins (after spaces) with
/// `=`, `+`, `-`, `@`, tab or CR. In a semicolon locale, a comma file's later
/// cells are not seen as quoted, so a cell can also begin after any `,`, `;`
/// or line break inside ours: each such place that starts with one of those
/// characters gets a `'` first. A cell holding a separator, a quote or a line
/// break is then quoted (RFC 4180).
pub(crate) fn csv_cell(s: &str) -> String {
    let mut guarded = String::with_capacity(s.len() + 2);
    let mut cell_may_begin = true;
    for c in s.chars() {
        if cell_may_begin && matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r') {
            guarded.push('\'');
        }
        guarded.push(c);
        cell_may_begin = match c {
            ',' | ';' | '\n' | '\r' => true,
            ' ' => cell_may_begin,
            _ => false,
        };
    }
    if guarded.contains([',', ';', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The rows as JSON, in the wire's shape (`{"builds": [...]}`), sizes exact.
pub fn to_json(builds: &[BuildSummary], rows: &[usize]) -> String {
    let mut out = Json::pretty();
    out.begin_object().key("builds").begin_array();
    for &i in rows {
        out.value(&builds[i]);
    }
    out.end_array().end_object();
    out.finish()
}

/// Two builds side by side: the older first, what changed to the newer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// Indexes into the list: the one created first, then the other.
    pub older: usize,
    pub newer: usize,
    /// Newer size minus older size, in bytes (exact: sizes are u64).
    pub size_delta: i128,
    /// Milliseconds from the older's creation to the newer's.
    pub time_ms: i64,
    /// Tags only the newer has, only the older has, and those whose value
    /// changed (key, older value, newer value); by key.
    pub added: Vec<(String, String)>,
    pub removed: Vec<(String, String)>,
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

/// A size difference, exact and in binary units: `+1,048,576 bytes (+1.00
/// MiB)`, `-512 bytes (-512 B)`, `no change`.
pub fn size_delta_text(delta: i128) -> String {
    if delta == 0 {
        return "no change".to_owned();
    }
    let sign = if delta > 0 { '+' } else { '-' };
    // |delta| fits in u64: both sizes do.
    let abs = delta.unsigned_abs() as u64;
    format!("{sign}{} bytes ({sign}{})", grouped(abs), human_size(abs))
}

/// A duration in its largest unit and the one below it, when not zero
/// (`3 days 4 hours`, `2 hours 5 minutes`, `1 hour`, `45 seconds`).
pub fn duration_text(ms: i64) -> String {
    const UNITS: [(u64, &str); 4] = [
        (86_400, "day"),
        (3_600, "hour"),
        (60, "minute"),
        (1, "second"),
    ];
    let mut rest = ms.unsigned_abs() / 1000;
    let (mut parts, mut largest) = (Vec::new(), None);
    for (i, (size, name)) in UNITS.into_iter().enumerate() {
        if largest.is_some_and(|l| i > l + 1) {
            break;
        }
        let n = rest / size;
        rest %= size;
        if n > 0 {
            largest.get_or_insert(i);
            parts.push(format!("{n} {name}{}", if n == 1 { "" } else { "s" }));
        }
    }
    if parts.is_empty() {
        "less than a second".to_owned()
    } else {
        parts.join(" ")
    }
}
