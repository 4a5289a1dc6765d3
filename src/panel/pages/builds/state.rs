//! The builds table's state: the table owns it, and what is around it (in
//! a part of its own: the chips, the chart, the view in the address, the
//! tools) reads and sets it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::builds_view::{BuildList, Narrow, Sort, StateFilter};

/// The table's state, which what is around it reads and sets.
#[derive(Clone)]
pub(super) struct TableState {
    pub list: Arc<BuildList>,
    /// The filter's text as typed, and as the rows follow it.
    pub typed: RwSignal<String>,
    pub query: RwSignal<String>,
    pub state: RwSignal<StateFilter>,
    pub sort: RwSignal<Sort>,
    /// The rows shown (the chart draws them, the export saves them).
    pub rows: Memo<Arc<Vec<usize>>>,
    /// What narrows the rows: the chips, the range and "over budget" set
    /// it, and the game's budget as kept here.
    pub narrow: RwSignal<Narrow>,
    /// The builds compared (indexes into the list, two at most).
    pub picked: RwSignal<Vec<usize>>,
    /// The current row, by its place among the rows shown (the keys move
    /// it, a bar of the chart sets it).
    pub current: RwSignal<usize>,
    /// Whether the chart is open on a phone (on a wider screen it always
    /// is), and whether its numbers show as a table under it.
    pub chart_open: RwSignal<bool>,
    pub chart_table: RwSignal<bool>,
}
