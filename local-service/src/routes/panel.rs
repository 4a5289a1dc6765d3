//! The panel's files, when a folder of them is served: never a hidden file
//! or a symbolic link, never framed by another origin; a page that says so
//! when there is none.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;

use crate::errors::ServiceError;

pub(super) const NO_PANEL_PAGE: &str = "<!doctype html><meta charset=utf-8><title>Local service</title>\
<p>The local game cloud service is running. No panel is being served: run <code>cargo xtask serve</code> \
to build the panel and serve it here.";

pub(super) async fn serve_static(dir: &std::path::Path, req: Request) -> Response {
    if names_a_hidden_file(req.uri().path()) || leads_through_symlink(dir, req.uri().path()) {
        return ServiceError::not_found().into_response();
    }
    let mut res = match tower_http::services::ServeDir::new(dir).oneshot(req).await {
        Ok(res) => res.map(Body::new),
        Err(never) => match never {},
    };
    // The page itself is never cached so a rebuild shows at once; the hashed
    // assets may be.
    let is_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if is_html {
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    no_framing(res)
}

/// `res` with no page of another origin allowed to frame it (a click there
/// would be a click here): the header form, which a <meta> policy cannot
/// give, and the older header for browsers without it. docs/DEPLOYMENT.md
/// gives the same for a CDN.
pub(super) fn no_framing(mut res: Response) -> Response {
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    res
}

/// Whether `path` has a segment that starts with `.` (percent-encoded or
/// not): a dotfile or a hidden folder (`.git/`, `.env`) is never a file of
/// the panel, whatever folder is served.
fn names_a_hidden_file(path: &str) -> bool {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    decoded.split('/').any(|part| part.starts_with('.'))
}

/// Whether serving `path` from `dir` would follow a symbolic link (which
/// could lead out of the directory): every component is checked, and the
/// `index.html` a directory is answered with.
fn leads_through_symlink(dir: &std::path::Path, path: &str) -> bool {
    let Ok(decoded) = percent_encoding::percent_decode_str(path).decode_utf8() else {
        return false; // ServeDir refuses it.
    };
    let mut at = dir.to_path_buf();
    for part in decoded.split('/').filter(|p| !p.is_empty() && *p != ".") {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return true,
            Ok(_) => {}
            Err(_) => return false, // Missing: ServeDir answers 404.
        }
    }
    if at.is_dir() {
        at.push("index.html");
        return std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink());
    }
    false
}
