//! The app shell: what every page of the panel stands in.

pub mod app;
mod connection;
mod context;
mod palette;
mod recent;
mod row;
mod share;
