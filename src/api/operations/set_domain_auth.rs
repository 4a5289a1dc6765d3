//! Operation 4: enable or disable a namespace's domain-based auth.

use super::operation::{build, namespace_path, Operation, SMALL_ANSWER_BYTES};
use crate::api::answer::Answer;
use crate::api::call::{Call, Connection, Method};
use crate::api::error::ApiError;
use crate::json::ToJson;
use crate::model::SetDomainAuthRequest;
use crate::validate;

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

impl Operation for SetDomainAuth<'_> {
    const NAME: &'static str = "set-domain-auth";
    type Output = ();
    const RETRY_SAFE: bool = true;
    const MAX_ANSWER_BYTES: u32 = SMALL_ANSWER_BYTES;

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
            Self::MAX_ANSWER_BYTES,
        )
    }

    fn read(answer: &Answer) -> Result<(), ApiError> {
        answer.empty()
    }
}
