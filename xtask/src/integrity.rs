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
