//! Operation 3: set a namespace's CDN auth type.

use super::operation::{build, namespace_path, Operation, SMALL_ANSWER_BYTES};
use crate::api::answer::Answer;
use crate::api::call::{Call, Connection, Method};
use crate::api::error::ApiError;
use crate::json::ToJson;
use crate::model::{CdnAuthType, SetCdnAuthRequest};
use crate::validate;

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

impl Operation for SetCdnAuth<'_> {
    const NAME: &'static str = "set-cdn-auth";
    type Output = ();
    const RETRY_SAFE: bool = true;
    const MAX_ANSWER_BYTES: u32 = SMALL_ANSWER_BYTES;

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
            Self::MAX_ANSWER_BYTES,
        )
    }

    fn read(answer: &Answer) -> Result<(), ApiError> {
        answer.empty()
    }
}
