//! One room per page of the panel.

pub mod builds;
pub mod dev_token;
pub mod log;
pub mod settings;
pub mod tokens;
