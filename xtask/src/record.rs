//! The size record: what the last release builds measured, gzipped bytes by
//! the name of their row in docs/SIZE.md's measured table, which
//! `cargo xtask tidy` holds the table to. Below both the builds that write
//! it and the check that reads it.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result};

/// Where the release builds record what they measured (see [`record_sizes`]).
pub const SIZES: &str = "target/sizes.toml";

/// The end of the name of a brotli figure: `opening (brotli)` is the brotli
/// size of the row `opening`.
pub const BROTLI: &str = " (brotli)";

/// Records sizes a release build measured (gzipped bytes, by the name of
/// its row in docs/SIZE.md's measured table: `opening`, `deep link`,
/// `every file`, `JS module`; brotli bytes by that name and [`BROTLI`]) in
/// [`SIZES`], keeping the other names there.
pub fn record_sizes(root: &Path, measured: &[(String, u64)]) -> Result<()> {
    let file = root.join(SIZES);
    let mut sizes = read_sizes(root)?.unwrap_or_default();
    for (name, bytes) in measured {
        sizes.insert(name.clone(), *bytes);
    }
    let text = toml::to_string(&sizes).context("cannot write the sizes")?;
    std::fs::write(&file, text).with_context(|| format!("cannot write {}", file.display()))
}

pub fn read_sizes(root: &Path) -> Result<Option<BTreeMap<String, u64>>> {
    let file = root.join(SIZES);
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Ok(None);
    };
    let sizes =
        toml::from_str(&text).with_context(|| format!("cannot parse {}", file.display()))?;
    Ok(Some(sizes))
}
