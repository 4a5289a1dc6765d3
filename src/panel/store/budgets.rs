//! Each game's size budget, set on the builds page's chart: kept in
//! `localStorage`, one game a line (`<game id> <bytes>`).

use super::{Kept, Stored, Unsaved, BUDGETS};
use crate::ids::GameId;

/// The games' size budgets, in bytes.
pub struct Budgets;

/// The budgets, kept like every other value.
pub type KeptBudgets = Stored<Budgets>;

impl Kept for Budgets {
    type Value = Vec<(String, u64)>;
    const KEY: &'static str = BUDGETS;
    fn read(text: &str) -> (Self::Value, usize) {
        let mut dropped = 0;
        let budgets = text
            .lines()
            .filter(|line| !line.is_empty())
            .filter_map(|line| {
                let read = line.split_once(' ').and_then(|(game, bytes)| {
                    let bytes: u64 = bytes.parse().ok()?;
                    (GameId::new(game).is_uuid() && bytes > 0).then(|| (game.to_owned(), bytes))
                });
                dropped += usize::from(read.is_none());
                read
            })
            .collect();
        (budgets, dropped)
    }
    fn write(budgets: &Self::Value) -> String {
        budgets
            .iter()
            .map(|(game, bytes)| format!("{game} {bytes}\n"))
            .collect()
    }
    const UNSAVED: Unsaved = Unsaved::Lines { added_first: false };
}

impl KeptBudgets {
    /// The game's budget (tracked).
    pub fn of(self, game: &GameId) -> Option<u64> {
        self.with(|b| b.iter().find(|(g, _)| g == game.as_str()).map(|b| b.1))
    }

    /// Sets the game's budget, or removes it (`None`).
    pub fn set(self, game: &GameId, bytes: Option<u64>) {
        self.update(|b| {
            b.retain(|(g, _)| g != game.as_str());
            if let Some(bytes) = bytes {
                b.push((game.as_str().to_owned(), bytes));
            }
        });
    }
}
