//! The four routes, matched as the service's router matches them.

use crate::endpoint::Endpoint;

/// One of the four routes, with its ids.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Route {
    ListBuilds { game: String },
    CreateDevToken { game: String, namespace: String },
    SetCdnAuth { game: String, namespace: String },
    SetDomainAuth { game: String, namespace: String },
}

impl Route {
    /// Which of the four it is.
    pub(super) fn endpoint(&self) -> Endpoint {
        match self {
            Route::ListBuilds { .. } => Endpoint::Builds,
            Route::CreateDevToken { .. } => Endpoint::DevTokens,
            Route::SetCdnAuth { .. } => Endpoint::CdnAuth,
            Route::SetDomainAuth { .. } => Endpoint::DomainAuth,
        }
    }

    /// Matches a path; ids must be UUIDs, as the service's router parses them.
    pub(super) fn parse(path: &str) -> Option<Route> {
        let segments: Vec<String> = path
            .trim_start_matches('/')
            .split('/')
            .map(|s| {
                percent_encoding::percent_decode_str(s)
                    .decode_utf8()
                    .map(|c| c.into_owned())
            })
            .collect::<Result<_, _>>()
            .ok()?;
        let s: Vec<&str> = segments.iter().map(String::as_str).collect();
        let uuid = |id: &str| gamecloud::token::parse_uuid(id).map(|_| id.to_ascii_lowercase());
        Some(match s[..] {
            ["cloud", "games", g, "builds"] => Route::ListBuilds { game: uuid(g)? },
            ["cloud", "games", g, "namespaces", n, "tokens", "development"] => {
                Route::CreateDevToken {
                    game: uuid(g)?,
                    namespace: uuid(n)?,
                }
            }
            ["cloud", "games", g, "namespaces", n, "cdn-auth"] => Route::SetCdnAuth {
                game: uuid(g)?,
                namespace: uuid(n)?,
            },
            ["cloud", "games", g, "namespaces", n, "domain-public-auth"] => Route::SetDomainAuth {
                game: uuid(g)?,
                namespace: uuid(n)?,
            },
            _ => return None,
        })
    }
}
