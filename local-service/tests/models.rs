//! The service's bodies, as it writes them, read and written again by the
//! client's models (issue 31): each writer writes what the service sends.

use axum::http::StatusCode;
use axum::response::IntoResponse;
use gamecloud::json::{self, ToJson};
use gamecloud::model::{DevTokenResponse, ErrorBody, ListBuildsResponse};
use local_service::demo;
use local_service::errors::ServiceError;
use serde_json::{json, Value};

/// Reads `body` as `M` and writes it again: the same JSON value.
fn written_again<M: serde::de::DeserializeOwned + ToJson>(body: &[u8]) -> Value {
    let model: M = json::from_slice(body).unwrap();
    serde_json::from_str(&model.to_json()).unwrap()
}

#[test]
fn the_builds_list_and_the_token_answer_are_written_as_the_service_writes_them() {
    // As `State` keeps its builds body and `routes` answers a token.
    let body = serde_json::to_vec(&ListBuildsResponse {
        builds: demo::builds(100, 1_767_225_600_000),
    })
    .unwrap();
    let sent: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(written_again::<ListBuildsResponse>(&body), sent);
    let body = serde_json::to_vec(&DevTokenResponse {
        token: "dev_staging.a.b.c".into(),
    })
    .unwrap();
    let sent: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(written_again::<DevTokenResponse>(&body), sent);
}

#[tokio::test]
async fn error_bodies_are_written_as_the_service_writes_them() {
    let limited = ServiceError::new(StatusCode::TOO_MANY_REQUESTS, "API_RATE_LIMIT", "slow")
        .with_metadata(json!(1_700_000_000_000u64));
    let plain = ServiceError::new(StatusCode::BAD_REQUEST, "API_BAD_BODY", "a \"quoted\" body");
    for (error, has_metadata) in [(limited, true), (plain, false)] {
        let response = error.into_response();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let sent: Value = serde_json::from_slice(&body).unwrap();
        let mut again = written_again::<ErrorBody>(&body);
        if !has_metadata {
            // The service leaves `metadata` out when it has none; the writer
            // writes `null`, as serde's derive writes a `None`: both read as
            // `None`.
            assert_eq!(again["metadata"], Value::Null);
            again.as_object_mut().unwrap().remove("metadata");
        }
        assert_eq!(again, sent);
    }
}
