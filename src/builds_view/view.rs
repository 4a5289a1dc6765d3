//! What the builds page shows, as its address keeps it: the filter, the
//! sort, the tags and the chart's range chosen, "over budget" and the pair
//! compared (`q=nightly&sort=size-desc&tag=channel%3Dbeta&from=2026-11-01`).
//! What a key does not name is the default; a value that does not read is
//! the default too, so a hand-edited or truncated link still opens.

use super::{Column, Sort, StateFilter};
use crate::model::{BuildSummary, Timestamp};
use crate::route::{form_decode, form_encode};

/// One view of the builds page.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct View {
    /// The filter's text (every word in the name, the ids or the tags).
    pub query: String,
    /// Finished uploads, unfinished ones, or both.
    pub state: StateFilter,
    /// The order of the rows.
    pub sort: Sort,
    /// What narrows the rows beyond the text: tags, dates, the budget.
    pub narrow: Narrow,
    /// The build ids compared (two at most, older or newer in any order).
    pub compare: Vec<String>,
}

/// What narrows the rows beyond the filter's text and upload state.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Narrow {
    /// Tags every row shown carries (`key`, `value`).
    pub tags: Vec<(String, String)>,
    /// The days (since 1970-01-01, UTC) the rows were created within, first
    /// and last included.
    pub days: Option<(i64, i64)>,
    /// Only the builds larger than the game's budget.
    pub over_budget: bool,
    /// The game's size budget in bytes, as this browser keeps it (not in
    /// the address: a link shows the budget of whoever opens it).
    pub budget: Option<u64>,
}

impl Narrow {
    /// Whether `b` is shown ("over budget" without a budget keeps every
    /// build).
    pub fn keeps(&self, b: &BuildSummary) -> bool {
        let day = b.create_ts.unix_ms().div_euclid(DAY_MS);
        self.tags
            .iter()
            .all(|(k, v)| b.tags.get(k).is_some_and(|have| have == v))
            && self
                .days
                .is_none_or(|(from, to)| (from..=to).contains(&day))
            && (!self.over_budget || self.budget.is_none_or(|max| b.content_length > max))
    }

    /// Whether nothing narrows the rows.
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.days.is_none() && !self.over_budget
    }

    /// Adds a tag to those required, or removes it if it is there.
    pub fn toggle_tag(&mut self, key: &str, value: &str) {
        match self.tags.iter().position(|(k, v)| k == key && v == value) {
            Some(at) => {
                self.tags.remove(at);
            }
            None => self.tags.push((key.to_owned(), value.to_owned())),
        }
    }
}

/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

impl View {
    /// The address's query of a view without what may name ids (the
    /// filter's text, the builds compared), as presentation mode writes it:
    /// for a query written before the mode began, reached with Back.
    pub fn masked(query: &str) -> String {
        query
            .split('&')
            .filter(|pair| {
                let key = pair.split_once('=').map_or(*pair, |(key, _)| key);
                !matches!(key, "q" | "cmp")
            })
            .collect::<Vec<_>>()
            .join("&")
    }

    /// Reads the view from the address's query (without the ids).
    pub fn parse(query: &str) -> View {
        let mut view = View::default();
        let (mut from, mut to) = (None, None);
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = form_decode(value);
            match key {
                "q" => view.query = value,
                "state" => {
                    if let Some(s) = StateFilter::ALL.into_iter().find(|s| s.slug() == value) {
                        view.state = s;
                    }
                }
                "sort" => {
                    let (slug, descending) = match value.strip_suffix("-desc") {
                        Some(slug) => (slug, true),
                        None => (value.as_str(), false),
                    };
                    if let Some(column) = Column::ALL.into_iter().find(|c| c.slug() == slug) {
                        view.sort = Sort { column, descending };
                    }
                }
                "tag" => {
                    if let Some((k, v)) = value.split_once('=') {
                        if !view.narrow.tags.iter().any(|(a, b)| a == k && b == v) {
                            view.narrow.tags.push((k.to_owned(), v.to_owned()));
                        }
                    }
                }
                "from" => from = Timestamp::day_of_date(&value),
                "to" => to = Timestamp::day_of_date(&value),
                "over" => view.narrow.over_budget = value == "1",
                "cmp" => {
                    view.compare = value
                        .split(',')
                        .filter(|id| !id.is_empty())
                        .take(2)
                        .map(str::to_owned)
                        .collect();
                }
                _ => {}
            }
        }
        view.narrow.days = match (from, to) {
            (Some(a), Some(b)) => Some((a.min(b), a.max(b))),
            (Some(a), None) => Some((a, i64::MAX / DAY_MS)),
            (None, Some(b)) => Some((i64::MIN / DAY_MS, b)),
            (None, None) => None,
        };
        view
    }

    /// The query that reads back as this view: only what differs from the
    /// default, in a fixed order. `with_ids` false (presentation mode)
    /// leaves out the filter's text and the compared builds, which may be
    /// ids; a filter's text that holds a token (pasted there by mistake) is
    /// always left out.
    pub fn to_query(&self, with_ids: bool) -> String {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        if with_ids && !self.query.is_empty() && !crate::token::holds_token(&self.query) {
            pairs.push(("q", form_encode(&self.query)));
        }
        if self.state != StateFilter::All {
            pairs.push(("state", self.state.slug().to_owned()));
        }
        if self.sort != Sort::default() {
            let dir = if self.sort.descending { "-desc" } else { "" };
            pairs.push(("sort", format!("{}{dir}", self.sort.column.slug())));
        }
        for (k, v) in &self.narrow.tags {
            pairs.push(("tag", form_encode(&format!("{k}={v}"))));
        }
        if let Some((from, to)) = self.narrow.days {
            for (key, day) in [("from", from), ("to", to)] {
                if let Some(date) = Timestamp::date_of_day(day) {
                    pairs.push((key, date));
                }
            }
        }
        if self.narrow.over_budget {
            pairs.push(("over", "1".to_owned()));
        }
        if with_ids && !self.compare.is_empty() {
            pairs.push(("cmp", form_encode(&self.compare.join(","))));
        }
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    }
}
