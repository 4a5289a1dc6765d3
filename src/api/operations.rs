//! The four operations. Each knows its route, its body, whether it is safe to
//! repeat, and how to read its answer; adding a fifth means adding one more
//! `impl Operation` here.

use super::call::{Call, Connection, Method};
use super::{Answer, ApiError};
use crate::json::ToJson;
use crate::model::{
    CdnAuthType, DevTokenRequest, DevTokenResponse, ListBuildsResponse, SetCdnAuthRequest,
    SetDomainAuthRequest,
};
use crate::validate::{self, Issue};

/// One operation of the service.
pub trait Operation {
    /// Its name, as the action log and the panel say it (`set-cdn-auth`).
    const NAME: &'static str;
    /// What a success gives.
    type Output;
    /// Whether a failed attempt may be repeated automatically.
    const RETRY_SAFE: bool;
    /// The request, or every reason it cannot be sent.
    fn call(&self, conn: &Connection) -> Result<Call, ApiError>;
    /// The value or error an answer means.
    fn read(answer: &Answer) -> Result<Self::Output, ApiError>;
}

/// `POST /cloud/games/{game_id}/namespaces/{namespace_id}/tokens/development`.
#[derive(Debug, Clone)]
pub struct CreateDevToken<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The namespace the token is for.
    pub namespace_id: &'a str,
    /// The hostname and ports the token binds.
    pub request: &'a DevTokenRequest,
}

/// `GET /cloud/games/{game_id}/builds`.
#[derive(Debug, Clone)]
pub struct ListBuilds<'a> {
    /// The game's id.
    pub game_id: &'a str,
}

/// `PUT /cloud/games/{game_id}/namespaces/{namespace_id}/cdn-auth`.
#[derive(Debug, Clone)]
pub struct SetCdnAuth<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The namespace's id.
    pub namespace_id: &'a str,
    /// The type to set.
    pub auth_type: &'a CdnAuthType,
}

/// `PUT /cloud/games/{game_id}/namespaces/{namespace_id}/domain-public-auth`.
#[derive(Debug, Clone)]
pub struct SetDomainAuth<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The namespace's id.
    pub namespace_id: &'a str,
    /// Whether domain-based authentication is on.
    pub enabled: bool,
}

impl Operation for CreateDevToken<'_> {
    const NAME: &'static str = "create-dev-token";
    type Output = DevTokenResponse;
    const RETRY_SAFE: bool = false;

    fn call(&self, conn: &Connection) -> Result<Call, ApiError> {
        let issues = validate::create_dev_token(self.game_id, self.namespace_id, self.request);
        let path = namespace_path(self.game_id, self.namespace_id, &["tokens", "development"]);
        build(
            conn,
            Method::Post,
            &path,
            Some(self.request.to_json()),
            issues,
            Self::RETRY_SAFE,
        )
    }

    fn read(answer: &Answer) -> Result<Self::Output, ApiError> {
        answer.json()
    }
}

impl Operation for ListBuilds<'_> {
    const NAME: &'static str = "list-builds";
    type Output = ListBuildsResponse;
    const RETRY_SAFE: bool = true;

    fn call(&self, conn: &Connection) -> Result<Call, ApiError> {
        let path = ["cloud", "games", self.game_id, "builds"];
        build(
            conn,
            Method::Get,
            &path,
            None,
            validate::list_builds(self.game_id),
            Self::RETRY_SAFE,
        )
    }

    fn read(answer: &Answer) -> Result<Self::Output, ApiError> {
        answer.json()
    }
}

impl Operation for SetCdnAuth<'_> {
    const NAME: &'static str = "set-cdn-auth";
    type Output = ();
    const RETRY_SAFE: bool = true;

    fn call(&self, conn: &Connection) -> Result<Call, ApiError> {
        let issues = validate::set_cdn_auth(self.game_id, self.namespace_id, self.auth_type);
        let body = SetCdnAuthRequest {
            auth_type: self.auth_type.clone(),
        }
        .to_json();
        let path = namespace_path(self.game_id, self.namespace_id, &["cdn-auth"]);
        build(
            conn,
            Method::Put,
            &path,
            Some(body),
            issues,
            Self::RETRY_SAFE,
        )
    }

    fn read(answer: &Answer) -> Result<(), ApiError> {
        answer.empty()
    }
}

impl Operation for SetDomainAuth<'_> {
    const NAME: &'static str = "set-domain-auth";
    type Output = ();
    const RETRY_SAFE: bool = true;

    fn call(&self, conn: &Connection) -> Result<Call, ApiError> {
        let body = SetDomainAuthRequest {
            enabled: self.enabled,
        }
        .to_json();
        let path = namespace_path(self.game_id, self.namespace_id, &["domain-public-auth"]);
        let issues = validate::set_domain_auth(self.game_id, self.namespace_id);
        build(
            conn,
            Method::Put,
            &path,
            Some(body),
            issues,
            Self::RETRY_SAFE,
        )
    }

    fn read(answer: &Answer) -> Result<(), ApiError> {
        answer.empty()
    }
}

fn namespace_path<'a>(game_id: &'a str, namespace_id: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut path = vec!["cloud", "games", game_id, "namespaces", namespace_id];
    path.extend_from_slice(rest);
    path
}

fn build(
    conn: &Connection,
    method: Method,
    path: &[&str],
    body: Option<String>,
    issues: Vec<Issue>,
    retry_safe: bool,
) -> Result<Call, ApiError> {
    if validate::has_errors(&issues) {
        return Err(ApiError::invalid_all(issues));
    }
    let mut headers = vec![("Authorization".to_owned(), conn.authorization())];
    if body.is_some() {
        headers.push(("Content-Type".to_owned(), "application/json".to_owned()));
    }
    Ok(Call {
        method,
        url: conn.base.join(path),
        headers,
        body,
        retry_safe,
    })
}
