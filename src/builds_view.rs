//! The builds list as people read it: filtering, sorting, sizes in human units,
//! relative times, and CSV or JSON export. Pure and fast (indices, not copies),
//! so the panel stays smooth with 100,000 builds and every rule is tested
//! natively.

use std::cmp::Ordering;

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
/// and sorting by name cost no allocation per keystroke.
pub struct SearchIndex {
    /// Name, ids and tags, joined by a separator no typed word contains.
    haystacks: Vec<String>,
    names: Vec<String>,
}

impl SearchIndex {
    pub fn new(builds: &[BuildSummary]) -> Self {
        let mut haystacks = Vec::with_capacity(builds.len());
        let mut names = Vec::with_capacity(builds.len());
        for b in builds {
            let name = b.display_name.to_lowercase();
            let mut h = format!(
                "{name}\u{1}{}\u{1}{}",
                b.build_id.to_lowercase(),
                b.upload_id.to_lowercase()
            );
            for (k, v) in &b.tags {
                h.push('\u{1}');
                h.push_str(&k.to_lowercase());
                h.push('=');
                h.push_str(&v.to_lowercase());
            }
            haystacks.push(h);
            names.push(name);
        }
        SearchIndex { haystacks, names }
    }
}

/// The indices of the builds to show, filtered and in order: every word of
/// `query` (case-insensitive) in the name, the ids or the tags. Ties keep the
/// service's order (a stable sort).
pub fn view(builds: &[BuildSummary], query: &str, state: StateFilter, sort: Sort) -> Vec<usize> {
    view_indexed(builds, &SearchIndex::new(builds), query, state, sort)
}

/// [`view`] with an index built once for the list.
pub fn view_indexed(
    builds: &[BuildSummary],
    index: &SearchIndex,
    query: &str,
    state: StateFilter,
    sort: Sort,
) -> Vec<usize> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut rows: Vec<usize> = (0..builds.len())
        .filter(|&i| {
            let state_ok = match state {
                StateFilter::All => true,
                StateFilter::Complete => builds[i].complete,
                StateFilter::Unfinished => !builds[i].complete,
            };
            state_ok
                && words
                    .iter()
                    .all(|w| index.haystacks[i].contains(w.as_str()))
        })
        .collect();
    rows.sort_by(|&a, &b| {
        let (x, y) = (&builds[a], &builds[b]);
        let o = match sort.column {
            Column::Name => index.names[a].cmp(&index.names[b]),
            Column::BuildId => x.build_id.cmp(&y.build_id),
            Column::UploadId => x.upload_id.cmp(&y.upload_id),
            Column::State => x.complete.cmp(&y.complete),
            Column::Size => x.content_length.cmp(&y.content_length),
            Column::Created => x.create_ts.cmp(&y.create_ts),
            Column::Tags => x.tags.len().cmp(&y.tags.len()),
        };
        directed(o, sort.descending)
    });
    rows
}

fn directed(o: Ordering, descending: bool) -> Ordering {
    if descending {
        o.reverse()
    } else {
        o
    }
}

/// A size in binary units with three significant digits (`1.46 GiB`); bytes
/// below 1 KiB as they are.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    let digits = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.digits$} {}", UNITS[unit])
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
/// formula are prefixed with `'`.
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

fn csv_cell(s: &str) -> String {
    let guarded = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
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
