//! The passphrase: what one needs to seal a file, and the one suggested.

/// The fewest characters a passphrase may have.
pub const MIN_PASSPHRASE: usize = 12;
/// The fewest different characters a passphrase may have.
pub const MIN_DIFFERENT: usize = 6;

/// Why a passphrase cannot seal a file, or `None`. Whoever has the file can
/// try passphrases offline, as fast as PBKDF2 allows, and tries the likely
/// ones first: the short, then the made of few characters (`aaaaaaaaaaaa`,
/// `123412341234`) and the made of a shorter part repeated
/// (`abcdefabcdef`). Every passphrase [`suggest_passphrase`] gives passes.
/// Opening never asks this: a file sealed before the rule still opens.
pub fn passphrase_problem(passphrase: &str) -> Option<&'static str> {
    // Characters, indexed by the repetition check (`chars().count()`
    // would also bring a counting routine of its own).
    let chars: Vec<char> = passphrase.chars().collect();
    if chars.len() < MIN_PASSPHRASE {
        return Some(
            "Use 12 characters or more: whoever has the file can try passphrases offline.",
        );
    }
    let mut different: Vec<char> = Vec::with_capacity(MIN_DIFFERENT);
    for &c in &chars {
        if different.len() == MIN_DIFFERENT {
            break;
        }
        if !different.contains(&c) {
            different.push(c);
        }
    }
    if different.len() < MIN_DIFFERENT {
        return Some("Use 6 different characters or more: a passphrase of a few characters is among the first an attacker tries.");
    }
    let n = chars.len();
    let repeated =
        (1..=n / 2).any(|p| n.is_multiple_of(p) && (p..n).all(|i| chars[i] == chars[i - p]));
    repeated.then_some("Do not repeat a shorter part: a repeated pattern is among the first passphrases an attacker tries.")
}

/// Random bytes a suggested passphrase is made from, five bits each.
pub const SUGGESTED_BYTES: usize = 20;

/// A passphrase from random bytes: 20 characters of 32 easily told apart
/// (no `l`, `o`, `0` or `1`), in groups of four: 100 bits, to be read out
/// over a call. A draw of 4 different letters or fewer (about 3 in 10^14)
/// would fail [`passphrase_problem`]: its i-th letter is then moved i places
/// along the alphabet, which gives at least 5 different letters (4 letters
/// over 20 places put one letter in 5 places, which then all differ), so
/// that every suggestion passes. Its dashes, every fifth character, keep
/// it from being a shorter part repeated.
pub fn suggest_passphrase(random: &[u8; SUGGESTED_BYTES]) -> String {
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut letters = random.map(|b| usize::from(b & 31));
    let mut different = letters.to_vec();
    different.sort_unstable();
    different.dedup();
    if different.len() < MIN_DIFFERENT - 1 {
        for (i, l) in letters.iter_mut().enumerate() {
            *l = (*l + i) % 32;
        }
    }
    let mut out = String::with_capacity(24);
    for (i, l) in letters.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        out.push(ALPHABET[*l] as char);
    }
    out
}
