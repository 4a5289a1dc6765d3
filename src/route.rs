//! The panel's address: which page, the selected game and namespace, and the
//! builds page's view (its filter, sort, chart range, compared pair), kept in
//! the URL's hash (`#/builds?game=<id>&ns=<id>&sort=size-desc`) so that a
//! reload or a shared link opens the same view. Read and written here,
//! without the browser, so that every rule is a native test.

use crate::ids::{GameId, NamespaceId};

/// The panel's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The builds table.
    Builds,
    /// Create a development token.
    DevToken,
    /// The development tokens made in this browser, with when each expires.
    Tokens,
    /// The namespace's settings: its CDN auth type and domain-based auth.
    Settings,
    /// The action log.
    Log,
    /// One build, its link `#/builds/<id>`: reached from the builds page,
    /// not from the navigation.
    Build,
}

impl Page {
    /// Every page, in the navigation's order.
    pub const ALL: [Page; 5] = [
        Page::Builds,
        Page::DevToken,
        Page::Tokens,
        Page::Settings,
        Page::Log,
    ];

    /// The page's slug in the URL.
    pub fn slug(self) -> &'static str {
        match self {
            Page::Builds => "builds",
            Page::DevToken => "dev-token",
            Page::Tokens => "tokens",
            Page::Settings => "settings",
            Page::Log => "log",
            Page::Build => "builds/",
        }
    }

    /// The page's name in the navigation.
    pub fn title(self) -> &'static str {
        match self {
            Page::Builds => "Builds",
            Page::DevToken => "Development token",
            Page::Tokens => "Tokens made here",
            Page::Settings => "Namespace settings",
            Page::Log => "Action log",
            Page::Build => "Build",
        }
    }

    /// The page a slug names; the two settings' own pages, before they
    /// were one, name the settings page (links kept from then still open).
    pub fn from_slug(slug: &str) -> Option<Page> {
        match slug {
            "cdn-auth" | "domain-auth" => Some(Page::Settings),
            _ => Page::ALL.into_iter().find(|p| p.slug() == slug),
        }
    }
}

/// A view as the URL's hash holds it: `#/<page>?game=<id>&ns=<id>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The page shown.
    pub page: Page,
    /// The selected game's id (empty when none is).
    pub game_id: GameId,
    /// The selected namespace's id (empty when none is).
    pub namespace_id: NamespaceId,
    /// The rest of the query, as the address holds it (`sort=size-desc&tag=..`):
    /// the builds page's view, which that page reads and writes
    /// (`crate::builds_view::View`). Empty on every other page.
    pub view: String,
    /// The build a build's page shows (a UUID); empty on every other page.
    pub build_id: String,
}

impl Route {
    /// Reads a hash (`#/cdn-auth?game=..&ns=..`), or a query (`?game=..`):
    /// an unknown page is the builds page, a missing id or one that is not a
    /// UUID is empty, and the first of a repeated key counts.
    pub fn parse(hash: &str) -> Route {
        let hash = hash.trim_start_matches('#').trim_start_matches('/');
        let (slug, query) = hash.split_once('?').unwrap_or((hash, ""));
        let get = |key: &str| {
            let value = query.split('&').find_map(|pair| {
                let (k, v) = pair.split_once('=')?;
                (k == key).then(|| form_decode(v))
            });
            value.unwrap_or_default()
        };
        let (game_id, namespace_id) = (GameId::new(&get("game")), NamespaceId::new(&get("ns")));
        let view = query
            .split('&')
            .filter(|pair| {
                let key = pair.split_once('=').map_or(*pair, |(k, _)| k);
                !pair.is_empty() && key != "game" && key != "ns"
            })
            .collect::<Vec<_>>()
            .join("&");
        // A build's page names its build; one that is not a UUID (a name, a
        // token pasted by mistake) opens the builds page.
        let build_id = slug
            .strip_prefix(Page::Build.slug())
            .filter(|id| GameId::new(id).is_uuid())
            .map(str::to_owned);
        let page = match build_id {
            Some(_) => Page::Build,
            None => Page::from_slug(slug).unwrap_or(Page::Builds),
        };
        Route {
            build_id: build_id.unwrap_or_default(),
            view: if page == Page::Builds {
                view
            } else {
                String::new()
            },
            page,
            game_id: if game_id.is_uuid() {
                game_id
            } else {
                GameId::default()
            },
            namespace_id: if namespace_id.is_uuid() {
                namespace_id
            } else {
                NamespaceId::default()
            },
        }
    }

    /// The hash for this view. An id that is not a UUID is left out: text
    /// typed in an id field (a token pasted there by mistake) never reaches
    /// the address bar, the history or a shared link.
    pub fn to_hash(&self) -> String {
        let mut hash = String::from("#/");
        hash.push_str(self.page.slug());
        if self.page == Page::Build {
            hash.push_str(&self.build_id);
        }
        let mut sep = '?';
        for (key, id, is_uuid) in [
            ("game", self.game_id.as_str(), self.game_id.is_uuid()),
            (
                "ns",
                self.namespace_id.as_str(),
                self.namespace_id.is_uuid(),
            ),
        ] {
            if is_uuid {
                hash.push(sep);
                hash.push_str(key);
                hash.push('=');
                hash.push_str(id);
                sep = '&';
            }
        }
        if self.page == Page::Builds && !self.view.is_empty() {
            hash.push(sep);
            hash.push_str(&self.view);
        }
        hash
    }
}

/// A value for a query: letters, digits and `-._~` as they are, a space as
/// `+`, every other byte as `%XX` (what [`form_decode`] reads back).
pub fn form_encode(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
}

/// A query's value as text: `+` is a space, `%XX` a byte; bytes that are
/// not UTF-8 are no text (empty), as no id is.
pub fn form_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| (*b as char).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b'+', ..) => {
                out.push(b' ');
                i += 1;
            }
            (b, ..) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}
