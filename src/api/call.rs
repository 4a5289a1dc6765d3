//! Describing a request: method, URL built from a base URL and encoded ids,
//! headers, body.

use super::ApiError;
use crate::validate::{self, Issue};

/// An HTTP method the four operations use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `GET`: a read, safe to repeat.
    Get,
    /// `POST`: creates something.
    Post,
    /// `PUT`: sets a value.
    Put,
}

impl Method {
    /// The method's name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
        }
    }
}

/// A request ready for any transport. It carries the bearer token, so it has
/// no serialized form, and its `Debug` shows every header but that one.
#[derive(Clone, PartialEq, Eq)]
pub struct Call {
    /// The HTTP method.
    pub method: Method,
    /// The whole URL, ids percent-encoded.
    pub url: String,
    /// `Authorization`, and `Content-Type` when there is a body.
    pub headers: Vec<(String, String)>,
    /// JSON text.
    pub body: Option<String>,
    /// Whether repeating the call after a failure cannot do harm (everything
    /// but creating a token: a repeated POST mints a second one).
    pub retry_safe: bool,
    /// The most bytes of the answer's body a transport reads: past it, it
    /// stops reading and the call fails ([`ApiError::too_large`]).
    pub max_answer_bytes: u32,
}

impl std::fmt::Debug for Call {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| match k.eq_ignore_ascii_case("authorization") {
                true => (k.as_str(), REDACTED),
                false => (k.as_str(), v.as_str()),
            })
            .collect();
        f.debug_struct("Call")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body", &self.body)
            .field("retry_safe", &self.retry_safe)
            .field("max_answer_bytes", &self.max_answer_bytes)
            .finish()
    }
}

/// What stands for a credential wherever a value is shown.
pub const REDACTED: &str = "[redacted]";

/// The environment variable that stands for the token in [`Call::curl`]:
/// a cloud or user token, the kind the service's calls take (not
/// `GAMECLOUD_DEV_TOKEN`, the development token a game server reads).
pub const TOKEN_VARIABLE: &str = "GAMECLOUD_API_TOKEN";

/// The shells [`Call::curl`] writes for. Not cmd.exe: there `&` in a URL
/// starts a second command and `%NAME%` is read inside any quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shell {
    /// sh, bash, zsh and fish: `curl`, the token from `$GAMECLOUD_API_TOKEN`.
    Posix,
    /// Windows PowerShell 5.1 and PowerShell 7: `curl.exe` (in 5.1 `curl`
    /// names another command), the token from `$env:GAMECLOUD_API_TOKEN`.
    PowerShell,
}

/// Why a call is not given as a `curl` command for a shell: a character
/// that its readers would not all read back the same, or that is no plain
/// URL text (anything but printable ASCII and the space). For sh, bash, zsh
/// and fish, `'` and `\` (fish reads `\'` and `\\` inside single quotes as
/// escapes); for PowerShell, `\`, and `"` in an argument (PowerShell before
/// 7.3 hands it to curl.exe unescaped, and curl drops it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotForShells {
    /// The first such character.
    pub character: char,
    /// The shell the command was for.
    pub shell: Shell,
}

impl std::fmt::Display for NotForShells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = self.character;
        let shown = if c.is_ascii_graphic() {
            format!("\"{c}\" (U+{:04X})", u32::from(c))
        } else {
            format!("U+{:04X}", u32::from(c))
        };
        let (command, readers) = match self.shell {
            Shell::Posix => ("curl", "sh, bash, zsh and fish"),
            Shell::PowerShell => ("PowerShell", "PowerShell 5 and 7"),
        };
        write!(
            f,
            "No {command} command: the request holds {shown}, which {readers} do not all read \
             back the same. Copying takes a base URL of plain URL characters."
        )
    }
}

impl Call {
    /// The value of a header by name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        header_value(&self.headers, name)
    }

    /// The request as a person checks it: the method and URL on one line,
    /// the body on the next. No header: the token is never shown.
    pub fn preview(&self) -> String {
        let mut text = format!("{} {}", self.method.as_str(), self.url);
        if let Some(body) = &self.body {
            text.push('\n');
            text.push_str(body);
        }
        text
    }

    /// The same request as a `curl` command for `shell`, the token left as
    /// a reference to [`TOKEN_VARIABLE`] (the one part in double quotes, so
    /// that the shell puts it in; everything else in single quotes, taken as
    /// it is). Only printable ASCII goes inside the quotes, and not what
    /// [`NotForShells`] names; a request holding any of it is refused.
    /// For PowerShell `'` is written `''`, and the body is piped in
    /// (`--data @-`, which drops the line end the pipe adds), as PowerShell
    /// before 7.3 drops the `"` of an argument. `--globoff`: curl would
    /// otherwise read `{…}` and `[…]` in a URL as a list or a range of URLs.
    pub fn curl(&self, shell: Shell) -> Result<String, NotForShells> {
        let ps = shell == Shell::PowerShell;
        // Single-quoted; `piped`: text PowerShell pipes in, not an argument.
        let quoted = |text: &str, piped: bool| -> Result<String, NotForShells> {
            let mut out = String::from("'");
            for c in text.chars() {
                if !(c == ' ' || c.is_ascii_graphic())
                    || c == '\\'
                    || (c == '\'' && !ps)
                    || (c == '"' && ps && !piped)
                {
                    return Err(NotForShells {
                        character: c,
                        shell,
                    });
                }
                if c == '\'' {
                    out.push(c);
                }
                out.push(c);
            }
            out.push('\'');
            Ok(out)
        };
        let (program, token) = match shell {
            Shell::Posix => ("curl", "$"),
            Shell::PowerShell => ("curl.exe", "$env:"),
        };
        let url = quoted(&self.url, false)?;
        let body = self.body.as_deref().map(|b| quoted(b, ps)).transpose()?;
        let mut cmd = match &body {
            Some(body) if ps => format!("{body} | "),
            _ => String::new(),
        };
        cmd += &format!(
            "{program} --globoff -X {} {url} -H \"Authorization: Bearer {token}{TOKEN_VARIABLE}\"",
            self.method.as_str()
        );
        for (name, value) in &self.headers {
            if !name.eq_ignore_ascii_case("authorization") {
                cmd.push_str(" -H ");
                cmd.push_str(&quoted(&format!("{name}: {value}"), false)?);
            }
        }
        match body {
            Some(_) if ps => cmd.push_str(" --data '@-'"),
            Some(body) => cmd.push_str(&format!(" --data-raw {body}")),
            None => {}
        }
        Ok(cmd)
    }
}

/// A header's value in a list of (name, value), names compared
/// case-insensitively.
pub(crate) fn header_value<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// An absolute `http` or `https` base URL, possibly with a sub-path
/// (`https://host/api/`), kept without its trailing slashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// Checks and normalises a base URL ([`validate::base_url`]).
    pub fn parse(input: &str) -> Result<Self, Issue> {
        validate::base_url(input).map(|s| BaseUrl(s.to_owned()))
    }

    /// The normalised URL, without a trailing slash.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The origin (`scheme://host[:port]`).
    pub fn origin(&self) -> &str {
        let after_scheme = self.0.find("://").map_or(0, |i| i + 3);
        match self.0[after_scheme..].find('/') {
            Some(i) => &self.0[..after_scheme + i],
            None => &self.0,
        }
    }

    /// Whether the URL is plain `http`.
    pub fn is_http(&self) -> bool {
        self.0[..5].eq_ignore_ascii_case("http:")
    }

    /// `base + "/" + segments`, each segment percent-encoded.
    pub fn join(&self, segments: &[&str]) -> String {
        let mut url = self.0.clone();
        for s in segments {
            url.push('/');
            url.push_str(&encode_segment(s));
        }
        url
    }
}

/// Where and as whom to call: the base URL and the bearer token. The token
/// never appears in its `Debug` form, and it has no serialized form.
#[derive(Clone, PartialEq, Eq)]
pub struct Connection {
    /// The service's base URL, checked.
    pub base: BaseUrl,
    token: String,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("base", &self.base)
            .field("token", &REDACTED)
            .finish()
    }
}

impl Connection {
    /// Checks both; the token must be non-empty visible ASCII (anything else
    /// cannot travel in an HTTP header).
    pub fn new(base_url: &str, token: &str) -> Result<Self, ApiError> {
        let base = BaseUrl::parse(base_url);
        let issues: Vec<Issue> = base
            .clone()
            .err()
            .into_iter()
            .chain(validate::bearer_token(token))
            .collect();
        match base {
            Ok(base) if issues.is_empty() => Ok(Connection {
                base,
                token: token.trim().to_owned(),
            }),
            _ => Err(ApiError::InvalidRequest { issues }),
        }
    }

    /// The `Authorization` header value.
    pub fn authorization(&self) -> String {
        format!("Bearer {}", self.token)
    }
}

/// Percent-encodes one path segment: everything but `A-Z a-z 0-9 - _ . ~`, so
/// that `/`, `?`, `#`, `%`, spaces and unicode stay inside the segment.
pub fn encode_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
    out
}

/// Whether `url` is on `origin` (`scheme://host[:port]`, compared without
/// case). Any text is safe: a URL with non-ASCII characters where the origin
/// would end is simply not on it.
pub fn same_origin(origin: &str, url: &str) -> bool {
    url.get(..origin.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(origin))
        && matches!(url.as_bytes().get(origin.len()), None | Some(b'/'))
}
