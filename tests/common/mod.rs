//! What several test files share.

/// How many cases a property test runs: `ci` in the test command, or
/// `FUZZ_CASES` for a long run (`cargo xtask fuzz`).
pub fn cases(ci: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(ci)
}
