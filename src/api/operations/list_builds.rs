//! Operation 2: list a game's builds.

use super::operation::{build, Operation};
use crate::api::answer::Answer;
use crate::api::call::{Call, Connection, Method};
use crate::api::error::ApiError;
use crate::model::ListBuildsResponse;
use crate::validate;

/// `GET /cloud/games/{game_id}/builds`.
#[derive(Debug, Clone)]
pub struct ListBuilds<'a> {
    /// The game's id.
    pub game_id: &'a str,
}

impl Operation for ListBuilds<'_> {
    const NAME: &'static str = "list-builds";
    type Output = ListBuildsResponse;
    const RETRY_SAFE: bool = true;
    /// The whole list comes in one answer: 100,000 builds as the local
    /// service makes them take 25 MB, so this is room for about 250,000.
    const MAX_ANSWER_BYTES: u32 = 64 << 20;

    fn call(&self, conn: &Connection) -> Result<Call, ApiError> {
        let path = ["cloud", "games", self.game_id, "builds"];
        build(
            conn,
            Method::Get,
            &path,
            None,
            validate::list_builds(self.game_id),
            Self::RETRY_SAFE,
            Self::MAX_ANSWER_BYTES,
        )
    }

    fn read(answer: &Answer) -> Result<Self::Output, ApiError> {
        answer.json()
    }
}
