//! Whether a text holds a token: for the fields where one does not belong
//! (an id, a label, a protected namespace's name), which refuse such text
//! rather than show it, keep it, or send it as an id.

/// Whether `text` holds something shaped like a token: a JSON object in
/// base64 (the header, [`is_header`]), then a dot and another part, wherever it is (so
/// quotes around it, `Bearer ` before it or a comma after it still count).
/// Every token of the service is (`<label>.<header>.<claims>.<signature>`),
/// and so is any JWT, whole or cut short after its claims; a UUID, a name
/// or a hostname never is. The header is not parsed as JSON: this serves
/// entries that carry no JSON reader.
pub fn holds_token(text: &str) -> bool {
    // Each part: a run of base64 characters (the URL alphabet or the
    // standard one), then any padding, ended by anything else.
    let base64 = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'+' | b'/');
    let bytes = text.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let end = start + bytes[start..].iter().take_while(|b| base64(b)).count();
        let dot = end + bytes[end..].iter().take_while(|b| **b == b'=').count();
        let next = bytes.get(dot + 1).filter(|b| base64(b));
        if bytes.get(dot) == Some(&b'.') && next.is_some() && is_header(&bytes[start..end]) {
            return true;
        }
        start = dot + 1;
    }
    false
}

/// Whether `part` is a token's header: base64 of a JSON object that starts
/// with a key (`{"`, which is `eyJ`), at least as long as the shortest
/// header (`{"alg":"none"}`), ending with `}`. Read in place, with nothing
/// allocated or formatted, for the entries that carry neither.
fn is_header(part: &[u8]) -> bool {
    if part.len() < 16 || !part.starts_with(b"eyJ") {
        return false;
    }
    let (mut bits, mut held, mut last) = (0u32, 0, 0u8);
    for &c in part {
        let value = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            _ => 63, // `_` or `/`: the only others a part holds
        };
        bits = bits << 6 | u32::from(value);
        held += 6;
        if held >= 8 {
            held -= 8;
            let byte = (bits >> held) as u8;
            bits &= (1 << held) - 1;
            if !byte.is_ascii_whitespace() {
                last = byte;
            }
        }
    }
    last == b'}'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_found_in_any_text_and_ids_names_hosts_are_not() {
        let token = "dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl";
        for holding in [
            token.to_owned(),
            format!("prod {token}"),
            format!("Bearer {token}\n"),
            // Without the label, and cut short after the claims.
            "eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE".to_owned(),
            // Padded, and in the standard alphabet.
            "eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9==.CICAgICAgICAgAE+/".to_owned(),
        ] {
            assert!(holds_token(&holding), "{holding}");
        }
        for plain in [
            "",
            "Production EU",
            "4f3c2a10-0000-4000-8000-000000000001",
            "game.example.com",
            "eyJ.short",
            "eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.",
            "prod-eu.live.v2",
            // Decodes to bytes that start with `{`, but no JSON object.
            "eyeballs-production.v2",
            "not base64!.x",
            // Parts that decode to `{}` or `{…}`: hostnames and names.
            "e31.example.com",
            "e2e-london1.eu",
            "ex-gen1.example.com",
        ] {
            assert!(!holds_token(plain), "{plain}");
        }
    }
}
