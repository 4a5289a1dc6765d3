//! The builds list as people read it: filtering, sorting, sizes in human
//! units, relative times, comparison, and CSV or JSON export. Pure and fast
//! (indices, not copies), so the panel stays smooth with 100,000 builds and
//! every rule is tested natively. One file per concern:
//!
//! - `index`: the search index and the sorts, built once per list;
//! - `text`: how sizes, counts and times are written for people;
//! - `export`: the shown rows as CSV or JSON;
//! - `compare`: two builds side by side;
//! - `view`: what the page shows, as its address keeps it;
//! - `history`: each build's change in size from the one before it;
//! - `chart`: sizes over time in buckets, and the tags most builds carry.

mod chart;
mod compare;
mod export;
mod history;
mod index;
mod text;
mod view;

pub use chart::{buckets, common_tags, Bucket, TagCounts};
pub use history::{name_stem, Previous};
pub use view::{Narrow, View, DAY_MS};

pub use compare::{compare, Comparison};
pub(crate) use export::csv_cell;
pub use export::{to_csv, to_json};
use index::SearchIndex;
pub use text::{
    days_text, duration_text, grouped, human_size, relative, short_delta, size_delta_text,
};

use crate::model::BuildSummary;

/// A column of the builds table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// `display_name`.
    Name,
    /// `build_id`.
    BuildId,
    /// `upload_id`.
    UploadId,
    /// `complete`: finished uploads, or not.
    State,
    /// `content_length`, exact.
    Size,
    /// `create_ts`.
    Created,
    /// `tags`, by how many.
    Tags,
}

impl Column {
    /// Every column, in the table's order.
    pub const ALL: [Column; 7] = [
        Column::Name,
        Column::BuildId,
        Column::UploadId,
        Column::State,
        Column::Size,
        Column::Created,
        Column::Tags,
    ];

    /// The column's heading.
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

    /// The column's name in the address (`sort=size-desc`).
    pub fn slug(self) -> &'static str {
        match self {
            Column::Name => "name",
            Column::BuildId => "build-id",
            Column::UploadId => "upload-id",
            Column::State => "upload",
            Column::Size => "size",
            Column::Created => "created",
            Column::Tags => "tags",
        }
    }
}

/// Which uploads to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StateFilter {
    /// Every build.
    #[default]
    All,
    /// Only finished uploads.
    Complete,
    /// Only unfinished uploads.
    Unfinished,
}

impl StateFilter {
    /// Every filter, in the order the page offers them.
    pub const ALL: [StateFilter; 3] = [
        StateFilter::All,
        StateFilter::Complete,
        StateFilter::Unfinished,
    ];

    /// The filter's name, as the page shows it.
    pub fn title(self) -> &'static str {
        match self {
            StateFilter::All => "All uploads",
            StateFilter::Complete => "Complete",
            StateFilter::Unfinished => "Unfinished",
        }
    }

    /// The filter's name in the address (`state=unfinished`).
    pub fn slug(self) -> &'static str {
        match self {
            StateFilter::All => "all",
            StateFilter::Complete => "complete",
            StateFilter::Unfinished => "unfinished",
        }
    }
}

/// A sort: a column and a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    /// The column sorted by.
    pub column: Column,
    /// Largest, latest or last first.
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

/// A list of builds together with its search index: the index is built from
/// this very list, so the two can never disagree.
pub struct BuildList {
    builds: Vec<BuildSummary>,
    index: SearchIndex,
    /// Each build's previous one of the same name stem, found when first
    /// asked.
    previous: std::sync::OnceLock<Previous>,
}

impl BuildList {
    /// The list and its index, built when first needed. `lower` lower-cases
    /// text (see [`SearchIndex::new`]).
    pub fn new(builds: Vec<BuildSummary>, lower: fn(&str) -> String) -> Self {
        BuildList {
            builds,
            index: SearchIndex::new(lower),
            previous: std::sync::OnceLock::new(),
        }
    }

    /// The builds, in the service's order.
    pub fn builds(&self) -> &[BuildSummary] {
        &self.builds
    }

    /// How many builds.
    pub fn len(&self) -> usize {
        self.builds.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.builds.is_empty()
    }

    /// Does part of the work of the first filter ahead of it: the search
    /// text of up to `count` more builds; true once all of it is there. A
    /// page runs it a slice per task, and stays responsive between them.
    pub fn prepare_filter(&self, count: usize) -> bool {
        self.index.prepare_filter(&self.builds, count)
    }

    /// Ranks the names ahead of the first sort by name.
    pub fn prepare_sort(&self) {
        self.index.prepare_sort(&self.builds);
    }

    /// The builds matching a query and a state, in list order.
    pub fn filter(&self, query: &str, state: StateFilter) -> Vec<usize> {
        self.filter_in(&self.every_row(), query, state)
    }

    /// The rows of `order` matching a query and a state, in that order.
    pub fn filter_in(&self, order: &[usize], query: &str, state: StateFilter) -> Vec<usize> {
        self.index.filter_in(&self.builds, order, query, state)
    }

    /// The rows of `order` matching a query, a state and what narrows them
    /// (tags, days, the budget), in that order.
    pub fn filter_narrowed(
        &self,
        order: &[usize],
        query: &str,
        state: StateFilter,
        narrow: &Narrow,
    ) -> Vec<usize> {
        let mut rows = self.filter_in(order, query, state);
        if !narrow.is_empty() {
            rows.retain(|&i| narrow.keeps(&self.builds[i]));
        }
        rows
    }

    /// Build `i`'s change in size from the previous build of its name stem
    /// (`history`), with that build's index.
    pub fn size_change(&self, i: usize) -> Option<(usize, i128)> {
        let previous = self.previous();
        Some((previous.of(i)?, previous.size_change(&self.builds, i)?))
    }

    /// The builds of the same name as build `i` (the same stem, see
    /// [`name_stem`]), `i` among them, newest first (ties by their place in
    /// the list): its name's history.
    pub fn of_same_name(&self, i: usize) -> Vec<usize> {
        let stem = name_stem(&self.builds[i].display_name);
        let mut same: Vec<usize> = (0..self.builds.len())
            .filter(|&j| name_stem(&self.builds[j].display_name) == stem)
            .collect();
        same.sort_by_key(|&j| (std::cmp::Reverse(self.builds[j].create_ts.unix_ms()), j));
        same
    }

    /// Finds now each build's previous one, which the first
    /// [`BuildList::size_change`] would otherwise: a page does it before it
    /// draws the first rows, which show each change.
    pub fn prepare_history(&self) {
        self.previous();
    }

    fn previous(&self) -> &Previous {
        self.previous.get_or_init(|| {
            let oldest_first = self.sorted_all(Sort {
                column: Column::Created,
                descending: false,
            });
            Previous::new(&self.builds, &oldest_first)
        })
    }

    /// `rows` sorted.
    pub fn sorted(&self, rows: &[usize], sort: Sort) -> Vec<usize> {
        self.index.sorted(&self.builds, rows, sort)
    }

    /// Every build, sorted.
    pub fn sorted_all(&self, sort: Sort) -> Vec<usize> {
        self.sorted(&self.every_row(), sort)
    }

    /// The rows shown for a query, a state and a sort: every word of the
    /// query (case-insensitive) in the name, the ids or the tags; ties keep
    /// the service's order.
    pub fn view(&self, query: &str, state: StateFilter, sort: Sort) -> Vec<usize> {
        self.filter_in(&self.sorted_all(sort), query, state)
    }

    /// Every build's index, in list order.
    fn every_row(&self) -> Vec<usize> {
        (0..self.builds.len()).collect()
    }
}
