//! UUIDs, as 16 bytes and as the hyphenated text of them.

/// Formats 16 bytes as a lowercase hyphenated UUID.
pub fn uuid_string(b: &[u8; 16]) -> String {
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// Parses a hyphenated UUID (any case); `None` if it is not one.
pub fn parse_uuid(s: &str) -> Option<[u8; 16]> {
    let b = s.as_bytes();
    if b.len() != 36 || [8, 13, 18, 23].iter().any(|&i| b[i] != b'-') {
        return None;
    }
    // Hex digits only: a number parser would also take a sign (`+a`).
    let mut digits = b.iter().filter(|&&c| c != b'-').map(|&c| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    });
    let mut out = [0u8; 16];
    for byte in &mut out {
        *byte = (digits.next()?? << 4) | digits.next()??;
    }
    digits.next().is_none().then_some(out)
}
