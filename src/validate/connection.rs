//! The connection: the service's base URL, whether it would carry the
//! token in clear text, the host of an address, and the bearer token.

use super::issue::{Issue, IssueCode};

/// Checks a base URL: absolute `http` or `https`, a host, no credentials,
/// spaces, query or fragment. Returns it trimmed, without trailing slashes.
pub fn base_url(input: &str) -> Result<&str, Issue> {
    let s = input.trim();
    let bad = |why: &str| {
        Issue::new(
            IssueCode::BaseUrlInvalid,
            "base_url",
            format!("The base URL {why}; give one such as https://api.example.com or http://127.0.0.1:8080."),
        )
    };
    if s.is_empty() {
        return Err(bad("is empty"));
    }
    let Some(rest) = web_scheme_stripped(s) else {
        return Err(bad("must start with http:// or https://"));
    };
    let host = rest.split('/').next().unwrap_or("");
    if host.is_empty() || host.contains('@') {
        return Err(bad("has no host"));
    }
    if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad("contains spaces"));
    }
    if s.contains('?') || s.contains('#') {
        return Err(bad("must not have a query (?) or fragment (#)"));
    }
    Ok(s.trim_end_matches('/'))
}

/// What follows `https://` or `http://` (either in any case), if `s` starts
/// with one.
pub(crate) fn web_scheme_stripped(s: &str) -> Option<&str> {
    ["https://", "http://"].iter().find_map(|scheme| {
        s.get(..scheme.len())
            .filter(|head| head.eq_ignore_ascii_case(scheme))
            .map(|_| &s[scheme.len()..])
    })
}

/// Whether a base URL would carry the bearer token in clear text across a
/// network: plain `http` to a host other than this machine (loopback
/// addresses, `localhost` and `*.localhost` stay on it).
pub fn sends_token_in_clear(input: &str) -> bool {
    let Ok(url) = base_url(input) else {
        return false;
    };
    if !url[..5].eq_ignore_ascii_case("http:") {
        return false;
    }
    let authority = web_scheme_stripped(url)
        .unwrap_or("")
        .split('/')
        .next()
        .unwrap_or("");
    let host = host_of(authority);
    let loopback = is_localhost_name(&host)
        || host == "::1"
        || (host.starts_with("127.")
            && host.split('.').count() == 4
            && host.split('.').all(|n| n.parse::<u8>().is_ok()));
    !loopback
}

/// The host of an authority (`host[:port]`, `[v6][:port]`, or an HTTP `Host`
/// value): without the port, the brackets or a final dot, in lower case.
pub fn host_of(authority: &str) -> String {
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    host.trim_end_matches('.').to_ascii_lowercase()
}

/// `localhost` or a name under it, which always means this machine.
pub fn is_localhost_name(host: &str) -> bool {
    host == "localhost" || host.ends_with(".localhost")
}

/// Checks a bearer token: non-empty visible ASCII once trimmed (anything else
/// cannot travel in an HTTP header).
pub fn bearer_token(token: &str) -> Option<Issue> {
    let t = token.trim();
    let why = if t.is_empty() {
        "Enter a bearer token: a cloud token of this game or a user token."
    } else if !t.bytes().all(|b| b.is_ascii_graphic()) {
        "The token holds spaces or characters a token never has; paste it again, exactly as issued."
    } else {
        return None;
    };
    Some(Issue::new(IssueCode::TokenInvalid, "token", why))
}
