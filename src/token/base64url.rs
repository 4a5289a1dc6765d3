//! Base64url without padding (RFC 4648 §5), as the token's parts use it.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encodes without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes, accepting (and ignoring) trailing `=` padding. Names the first bad
/// character on failure.
pub fn decode(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim_end_matches('=');
    if s.len() % 4 == 1 {
        return Err(format!("{} characters cannot be base64url", s.len()));
    }
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for (i, c) in s.char_indices() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' => 62,
            '_' => 63,
            _ => {
                let shown = if c.is_control() { '?' } else { c };
                return Err(format!("'{shown}' at position {i} is not base64url"));
            }
        };
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length() {
        let data: Vec<u8> = (0..=255).collect();
        for n in 0..40 {
            assert_eq!(decode(&encode(&data[..n])).unwrap(), &data[..n]);
        }
        assert_eq!(
            encode(b"{\"typ\":\"JWT\",\"alg\":\"EdDSA\"}"),
            "eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9"
        );
    }

    #[test]
    fn rejects_foreign_characters() {
        assert!(decode("ab+c").unwrap_err().contains("'+'"));
        assert!(decode("abcde").is_err());
    }
}
