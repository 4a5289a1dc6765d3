//! Subresource integrity: what `index.html` and the split panel's loader
//! give the browser to check each file it fetches.

/// A subresource-integrity value: `sha256-` and the SHA-256 digest in
/// base64. SHA-256 is as strong a check here as SHA-384, and the loader
/// holds one per part in the glue every page downloads: 21 random
/// characters less each.
pub fn sri(bytes: &[u8]) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    format!(
        "sha256-{}",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(bytes))
    )
}

/// A file's name from its content, after `integrity` (its [`sri`]): the
/// first 16 characters of the digest (96 bits), in base64's URL-safe
/// alphabet. The loader writes each part's name just before its integrity,
/// so gzip reads those characters once (docs/SIZE.md, size rule "parts
/// named by their digest").
pub fn content_name(integrity: &str) -> String {
    let digest = integrity.split_once('-').map_or(integrity, |(_, d)| d);
    digest
        .chars()
        .take(16)
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    /// A name is the digest's first characters, safe in a URL and a file name.
    #[test]
    fn a_content_name_is_the_digest_s_start_in_the_url_alphabet() {
        assert_eq!(
            super::content_name("sha256-ab+/cdEFgh0123456789XYZ="),
            "ab-_cdEFgh012345"
        );
        let name = super::content_name(&super::sri(b"part"));
        assert_eq!(name.len(), 16);
        assert!(name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    }
}
