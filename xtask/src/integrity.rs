//! Subresource integrity: what `index.html` and the split panel's loader
//! give the browser to check each file it fetches.

/// A subresource-integrity digest: SHA-384, base64.
pub fn sri(bytes: &[u8]) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    base64::engine::general_purpose::STANDARD.encode(sha2::Sha384::digest(bytes))
}
