//! Operation 1: create a development token for a namespace (never retried:
//! each call makes a new token).

use super::operation::{build, namespace_path, Operation, SMALL_ANSWER_BYTES};
use crate::api::answer::Answer;
use crate::api::call::{Call, Connection, Method};
use crate::api::error::ApiError;
use crate::json::ToJson;
use crate::model::{DevTokenRequest, DevTokenResponse};
use crate::validate;

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

impl Operation for CreateDevToken<'_> {
    const NAME: &'static str = "create-dev-token";
    type Output = DevTokenResponse;
    const RETRY_SAFE: bool = false;
    const MAX_ANSWER_BYTES: u32 = SMALL_ANSWER_BYTES;

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
            Self::MAX_ANSWER_BYTES,
        )
    }

    fn read(answer: &Answer) -> Result<Self::Output, ApiError> {
        answer.json()
    }
}
