//! How a download is measured: each file's bytes as gzip -9 packs them (what
//! the budgets count) and as brotli at quality 11 packs them (what most CDNs
//! serve), printed side by side.

use std::io::Write;
use std::ops::Add;
use std::path::Path;
use std::process::Command;

use anyhow::{ensure, Context, Result};

use crate::cmd::kb;

/// A download's size, packed two ways.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Packed {
    /// gzip -9: the size the budgets count.
    pub gz: u64,
    /// brotli, quality 11: the size most CDNs serve.
    pub br: u64,
}

impl Add for Packed {
    type Output = Packed;
    fn add(self, other: Packed) -> Packed {
        Packed {
            gz: self.gz + other.gz,
            br: self.br + other.br,
        }
    }
}

impl std::iter::Sum for Packed {
    fn sum<I: Iterator<Item = Packed>>(iter: I) -> Packed {
        iter.fold(Packed::default(), Add::add)
    }
}

impl std::fmt::Display for Packed {
    /// Both sizes in KB, gzip first: `<gzip> KB gzip, <brotli> KB brotli`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} gzip, {} brotli", kb(self.gz), kb(self.br))
    }
}

/// One file of a build: its name, its bytes, and its bytes packed.
#[derive(Clone, Debug)]
pub struct FileSize {
    pub name: String,
    pub raw: u64,
    pub packed: Packed,
}

/// A file's size as gzip -9 makes it (the size the budgets count).
pub fn gzipped(path: &Path) -> Result<u64> {
    ensure!(path.is_file(), "{} is not built", path.display());
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(path)
        .output()
        .context("cannot run gzip")?;
    ensure!(out.status.success(), "gzip cannot read {}", path.display());
    Ok(out.stdout.len() as u64)
}

/// Bytes as brotli packs them at quality 11 (its window at 22 bits, the
/// command-line tool's own).
fn brotli(bytes: &[u8]) -> Result<u64> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 64 * 1024, 11, 22);
        writer.write_all(bytes).context("brotli failed")?;
    }
    Ok(out.len() as u64)
}

/// A file packed both ways.
pub fn packed(path: &Path) -> Result<Packed> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(Packed {
        gz: gzipped(path)?,
        br: brotli(&bytes)?,
    })
}

/// Every file of `dir` (not its folders), by name.
pub fn file_sizes(dir: &Path) -> Result<Vec<FileSize>> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        out.push(FileSize {
            name: entry.file_name().to_string_lossy().into_owned(),
            raw: entry.metadata().map(|m| m.len()).unwrap_or(0),
            packed: packed(&path)?,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// Prints each file's sizes; returns them together.
pub fn report_sizes(sizes: &[FileSize]) -> Packed {
    for f in sizes {
        println!(
            "  {:<48} {:>10} raw {:>10} gzip {:>10} brotli",
            f.name,
            kb(f.raw),
            kb(f.packed.gz),
            kb(f.packed.br)
        );
    }
    let total: Packed = sizes.iter().map(|f| f.packed).sum();
    println!("  total: {total}");
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brotli_packs_repeated_text_small_and_random_bytes_not() {
        let text = "the builds of a game ".repeat(1000);
        assert!(brotli(text.as_bytes()).unwrap() < 200);
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        assert!(brotli(&noise).unwrap() >= 4096);
    }
}
