//! The pieces the pages share: how a failure is shown, the one confirmation
//! of every change, a setting's choices, a change to several namespaces,
//! copying and saving, a token's life, a page's help in one line.

mod bulk_change;
mod choices;
mod confirm;
mod copy;
mod error_panel;
mod help;
mod token_life;

pub use bulk_change::BulkChange;
pub use choices::{Choice, Choices, LastSet};
pub use confirm::Confirm;
pub use copy::{copy, download, CopyButton};
pub use error_panel::{failure, ErrorPanel};
pub use help::help;
pub use token_life::TokenLife;
