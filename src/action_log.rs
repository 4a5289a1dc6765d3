//! The action log: every change made from this panel, kept in the browser
//! (bounded, oldest dropped first), filterable and exportable. An entry
//! holds what was changed and how it ended, never a token or a secret: there
//! is no field that could hold one.

use crate::api::ApiError;
use crate::json::Json;

/// The most entries kept; the oldest go first.
pub const MAX_ENTRIES: usize = 500;

/// The most bytes the kept log takes (its JSON lines): the newest entries
/// that fit are kept, so that the log never fills the browser's storage
/// for this site (about 5 MB, shared with the marks).
pub const MAX_BYTES: usize = 256 * 1024;

/// The most characters of any one field of an entry; longer text (a
/// service's error code, a request's body) is cut, ending in "…".
pub const MAX_FIELD: usize = 512;

crate::json::model! {
    /// One change made from the panel.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Entry {
        /// When the answer came (or the mark was set), milliseconds since the
        /// epoch.
        pub at_ms: i64,
        /// `create-dev-token`, `set-cdn-auth` or `set-domain-auth`; or
        /// `mark-protected`, a change made in this browser only
        /// ([`crate::protect`]).
        pub operation: String,
        /// The game the change was made in.
        pub game_id: String,
        /// The namespace changed.
        pub namespace_id: String,
        /// The label this panel knows the namespace by, if any (missing in
        /// entries kept before it was logged).
        pub namespace_label: String = String::new(),
        /// The value set; for a development token its ports and expiry.
        pub value: String,
        /// A development token's hostname, kept apart from the value so that
        /// presentation mode masks it (missing in other entries, and in
        /// entries kept before it was logged apart: [`ActionLog::parse`]).
        pub hostname: String = String::new(),
        /// `done`, or `failed: ` and why.
        pub outcome: String,
        /// The service's ray id, when an answer carried one (missing in
        /// entries kept before it was logged).
        pub ray_id: String = String::new(),
        /// The request sent: method and URL, then the body (never a header, so
        /// never the token). Missing in entries kept before it was logged.
        pub request: String = String::new(),
    }
}

impl Entry {
    /// The outcome of a call as the log says it.
    pub fn outcome_of(result: &Result<(), &ApiError>) -> String {
        match result {
            Ok(()) => "done".to_owned(),
            Err(ApiError::Service(e)) => format!("failed: {} {}", e.status, e.code),
            Err(e) => format!("failed: {}", e.kind()),
        }
    }

    /// An entry kept before the hostname was logged apart ("hostname
    /// 10.0.0.5; ports …" in its value) gets it apart, once, as it is read.
    fn split_hostname(&mut self) {
        if self.hostname.is_empty() {
            if let Some((host, ports)) = self
                .value
                .strip_prefix("hostname ")
                .and_then(|v| v.split_once("; ports "))
            {
                (self.hostname, self.value) = (host.to_owned(), format!("ports {ports}"));
            }
        }
    }

    /// The entry with every text field cut to [`MAX_FIELD`] characters.
    pub fn capped(mut self) -> Entry {
        for field in [
            &mut self.operation,
            &mut self.game_id,
            &mut self.namespace_id,
            &mut self.namespace_label,
            &mut self.value,
            &mut self.hostname,
            &mut self.outcome,
            &mut self.ray_id,
            &mut self.request,
        ] {
            if field.chars().nth(MAX_FIELD).is_some() {
                if let Some((cut, _)) = field.char_indices().nth(MAX_FIELD - 1) {
                    field.truncate(cut);
                    field.push('…');
                }
            }
        }
        self
    }

    /// The ray id an error carries, if any.
    pub fn ray_id_of(error: &ApiError) -> String {
        match error {
            ApiError::Service(e) => e.ray_id.clone(),
            ApiError::UnexpectedAnswer { ray_id, .. } => ray_id.clone().unwrap_or_default(),
            _ => String::new(),
        }
    }

    /// The text fields, every field but `at_ms` in the fields' order (so
    /// under `KEYS[1..]`, as the CSV header names them).
    fn cells(&self) -> [&str; Entry::KEYS.len() - 1] {
        [
            &self.operation,
            &self.game_id,
            &self.namespace_id,
            &self.namespace_label,
            &self.value,
            &self.hostname,
            &self.outcome,
            &self.ray_id,
            &self.request,
        ]
        .map(String::as_str)
    }
}

/// How a change ended, as the log's badge says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// ✓ Done.
    Done,
    /// ✕ Failed.
    Failed,
    /// The answer never came (the page was left), or the entry says
    /// something this version does not know.
    Unknown,
}

impl Ended {
    /// The badge's words.
    pub fn badge(self) -> &'static str {
        match self {
            Ended::Done => "✓ Done",
            Ended::Failed => "✕ Failed",
            Ended::Unknown => "? Unknown",
        }
    }
}

impl Entry {
    /// The operation in words ("Set domain auth"), for the page; the slug
    /// stays what is kept and exported. An operation this version does not
    /// know is shown as its slug in words ("some-new-thing": "Some new
    /// thing").
    pub fn operation_words(&self) -> String {
        match self.operation.as_str() {
            "create-dev-token" => "Create development token".to_owned(),
            "set-cdn-auth" => "Set CDN auth".to_owned(),
            "set-domain-auth" => "Set domain auth".to_owned(),
            "mark-protected" => "Mark protected".to_owned(),
            other => {
                let words = other.replace(['-', '_'], " ");
                let mut chars = words.trim().chars();
                chars.next().map_or_else(
                    || "Unnamed change".to_owned(),
                    |c| c.to_uppercase().chain(chars).collect(),
                )
            }
        }
    }

    /// How the change ended, and what the outcome says beside it ("500
    /// ERROR", "sent anyway, past the token check", "the page was left
    /// before the answer"), or "".
    pub fn ended(&self) -> (Ended, &str) {
        let outcome = self.outcome.trim();
        let (ended, rest) = if let Some(rest) = outcome.strip_prefix("done") {
            (Ended::Done, rest)
        } else if let Some(rest) = outcome.strip_prefix("failed") {
            (Ended::Failed, rest)
        } else if let Some(rest) = outcome.strip_prefix("unknown") {
            (Ended::Unknown, rest)
        } else {
            (Ended::Unknown, outcome)
        };
        let rest = rest.trim_start_matches(':').trim();
        let rest = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or(rest);
        (ended, rest)
    }

    /// The request folded to one line: its method and the last part of its
    /// path ("PUT …/domain-public-auth"), or "" for a change made in this
    /// browser only. The whole request is [`Entry::request`].
    pub fn request_line(&self) -> String {
        let first = self.request.lines().next().unwrap_or_default().trim();
        let Some((method, url)) = first.split_once(' ') else {
            return first.to_owned();
        };
        let path = url.split(['?', '#']).next().unwrap_or_default();
        match path.trim_end_matches('/').rsplit_once('/') {
            Some((_, last)) if !last.is_empty() => format!("{method} …/{last}"),
            _ => format!("{method} {path}"),
        }
    }
}

/// How many entries, in words: "1 entry", "1,234 entries".
pub fn entries_text(n: usize) -> String {
    let noun = if n == 1 { "entry" } else { "entries" };
    format!("{} {noun}", crate::builds_view::grouped(n as u64))
}

/// The entries, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActionLog {
    /// Every entry kept, oldest first.
    pub entries: Vec<Entry>,
    /// How many stored entries could not be read and were dropped when the
    /// log was loaded (the page says so).
    pub dropped: usize,
    /// How many old entries were let go to stay within [`MAX_ENTRIES`] and
    /// [`MAX_BYTES`] (the page says so).
    pub let_go: usize,
}

impl ActionLog {
    /// Reads what [`ActionLog::stored`] wrote, one entry per line: an entry
    /// that does not read (damaged, another version's, a hand edit) is
    /// dropped and counted, never the whole log.
    pub fn parse(text: &str) -> ActionLog {
        let (mut entries, dropped) = crate::json::from_lines::<Entry>(text);
        entries.iter_mut().for_each(Entry::split_hostname);
        ActionLog::bounded(entries, dropped, text.len())
    }

    /// The newest of `entries`, read from `read_bytes` of text, within the
    /// bounds, with how many were let go. Text within [`MAX_BYTES`] holds
    /// entries about within it (each is one line of it, as this log wrote
    /// it), so only a larger text has its entries measured: reading the log,
    /// at start-up and before each write, serializes nothing; each
    /// [`ActionLog::push`] measures, so what is written stays within.
    fn bounded(entries: Vec<Entry>, dropped: usize, read_bytes: usize) -> ActionLog {
        let mut log = ActionLog {
            entries,
            dropped,
            let_go: 0,
        };
        log.let_go = if read_bytes <= MAX_BYTES {
            let excess = log.entries.len().saturating_sub(MAX_ENTRIES);
            log.entries.drain(..excess);
            excess
        } else {
            log.let_go_oldest()
        };
        log
    }

    /// Reads the log as the first version of the panel kept it (one JSON
    /// array): all or nothing, as it was written.
    pub fn parse_array(text: &str) -> ActionLog {
        let mut entries: Vec<Entry> = crate::json::from_slice(text.as_bytes()).unwrap_or_default();
        entries.iter_mut().for_each(Entry::split_hostname);
        ActionLog::bounded(entries, 0, text.len())
    }

    /// Adds an entry (its fields capped), letting the oldest go beyond
    /// [`MAX_ENTRIES`] or [`MAX_BYTES`]; how many went.
    pub fn push(&mut self, entry: Entry) -> usize {
        self.entries.push(entry.capped());
        self.let_go_oldest()
    }

    /// Lets the oldest entries go until the newest fit both bounds; how
    /// many went.
    fn let_go_oldest(&mut self) -> usize {
        let mut bytes = 0;
        let keep = self
            .entries
            .iter()
            .rev()
            .take(MAX_ENTRIES)
            .take_while(|e| {
                bytes += crate::json::to_lines(std::slice::from_ref(*e)).len();
                bytes <= MAX_BYTES
            })
            .count();
        let excess = self.entries.len() - keep;
        self.entries.drain(..excess);
        excess
    }

    /// The entries at `rows` as JSON (an array, in the stored shape).
    pub fn to_json(&self, rows: &[usize], pretty: bool) -> String {
        let mut out = if pretty {
            Json::pretty()
        } else {
            Json::compact()
        };
        out.begin_array();
        for &i in rows {
            out.value(&self.entries[i]);
        }
        out.end_array();
        out.finish()
    }

    /// Every entry, for storage: one JSON object per line, so that a
    /// damaged line costs that entry only.
    pub fn stored(&self) -> String {
        crate::json::to_lines(&self.entries)
    }

    /// The entries at `rows` as CSV, cells guarded as the builds export's.
    pub fn to_csv(&self, rows: &[usize]) -> String {
        // `at` for `at_ms`: the time is written as a date.
        let mut out = String::from("at");
        for key in &Entry::KEYS[1..] {
            out.push(',');
            out.push_str(key);
        }
        out.push_str("\r\n");
        for &i in rows {
            let e = &self.entries[i];
            let at = crate::model::Timestamp::from_unix_ms(e.at_ms)
                .map(|t| t.to_rfc3339_ms())
                .unwrap_or_default();
            out.push_str(&at);
            for value in e.cells() {
                out.push(',');
                out.push_str(&crate::builds_view::csv_cell(value));
            }
            out.push_str("\r\n");
        }
        out
    }

    /// The entries whose text (and operation in words) holds every word of
    /// `filter` (ASCII letters in any case), newest first.
    pub fn matching(&self, filter: &str) -> Vec<usize> {
        let words: Vec<String> = filter
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        (0..self.entries.len())
            .rev()
            .filter(|&i| {
                let e = &self.entries[i];
                // The operation in words too: the page shows those.
                let named = e.operation_words();
                let text: String = e
                    .cells()
                    .iter()
                    .chain([&named.as_str()])
                    .map(|v| v.to_ascii_lowercase())
                    .collect::<Vec<_>>()
                    .join(" ");
                words.iter().all(|w| text.contains(w.as_str()))
            })
            .collect()
    }
}
