//! The four operations' own handlers, after the checks they share: the
//! builds list, the development token (its body checked as the service
//! checks it), and the two settings.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::body::parse_body;
use crate::errors::ServiceError;
use crate::State;
use gamecloud::model::{
    DevTokenRequest, DevTokenResponse, SetCdnAuthRequest, SetDomainAuthRequest,
};
use gamecloud::validate::{self, ServiceRejection};

/// `GET /cloud/games/{game}/builds`: the list, serialized once at start.
pub(super) fn list_builds(state: &State, game: &str) -> Result<Response, ServiceError> {
    if !game.eq_ignore_ascii_case(crate::demo::GAME_ID) {
        return Err(ServiceError::internal());
    }
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        state.builds_body.clone(),
    )
        .into_response())
}

/// `POST .../tokens/development`: checks the body as the service does and
/// mints a token in the service's format.
pub(super) fn create_dev_token(
    state: &State,
    game: &str,
    namespace: &str,
    body: &[u8],
) -> Result<Response, ServiceError> {
    let req = dev_token_body(body)?;
    let name = state
        .namespace_name(game, namespace)
        .ok_or_else(ServiceError::internal)?;
    let token = state
        .minter
        .dev_token(namespace, name, &req, state.clock.now_ms());
    Ok(axum::Json(DevTokenResponse { token }).into_response())
}

/// `PUT .../cdn-auth`.
pub(super) async fn set_cdn_auth(
    state: &State,
    game: &str,
    namespace: &str,
    body: &[u8],
) -> Result<Response, ServiceError> {
    let req: SetCdnAuthRequest = parse_body(body)?;
    if !req.auth_type.is_known() {
        return Err(ServiceError::bad_body(format!(
            "Unknown variant `{}`, expected `none` or `basic`.",
            req.auth_type
        )));
    }
    change(state, game, namespace, |s| s.cdn_auth_type = req.auth_type).await
}

/// `PUT .../domain-public-auth`.
pub(super) async fn set_domain_auth(
    state: &State,
    game: &str,
    namespace: &str,
    body: &[u8],
) -> Result<Response, ServiceError> {
    let req: SetDomainAuthRequest = parse_body(body)?;
    change(state, game, namespace, |s| {
        s.domain_auth_enabled = req.enabled
    })
    .await
}

/// Applies a setting to a known namespace and saves it; a failed save is a
/// 500 that changed nothing.
async fn change(
    state: &State,
    game: &str,
    namespace: &str,
    f: impl FnOnce(&mut crate::state::NamespaceSettings),
) -> Result<Response, ServiceError> {
    state
        .namespace_name(game, namespace)
        .ok_or_else(ServiceError::internal)?;
    state
        .update(namespace, f)
        .await
        .map_err(|_| ServiceError::internal())?;
    Ok(empty_ok())
}

/// The running service answers the PUTs with 200 `{}`.
pub(super) fn empty_ok() -> Response {
    axum::Json(json!({})).into_response()
}

/// The development token body, checked as the service checks it.
fn dev_token_body(body: &[u8]) -> Result<DevTokenRequest, ServiceError> {
    let value: Value = parse_body(body)?;
    let has = |key: &str| value.get(key).is_some_and(|v| !v.is_null());
    if has("ports") && has("lobby_ports") {
        return Err(ServiceError::bad_body(
            "Give either ports or lobby_ports, not both.",
        ));
    }
    if !has("ports") {
        // Faithful to the running service, which fails without `ports`.
        return Err(ServiceError::internal());
    }
    let req: DevTokenRequest = parse_body(body)?;
    let issues = validate::dev_token_request(&req);
    let rejected = |kind: ServiceRejection| {
        issues
            .iter()
            .filter(move |i| i.code.service_rejection() == Some(kind))
            .collect::<Vec<_>>()
    };
    let bad_body = rejected(ServiceRejection::ApiBadBody);
    if let Some(first) = bad_body.first() {
        return Err(ServiceError::bad_body(format!(
            "{}: {}",
            first.path, first.message
        )));
    }
    if let Some(first) = rejected(ServiceRejection::CloudInvalidConfig).first() {
        return Err(ServiceError::new(
            StatusCode::BAD_REQUEST,
            "CLOUD_INVALID_CONFIG",
            format!("Invalid config: {}", first.path),
        ));
    }
    let failing = rejected(ServiceRejection::ValidationError);
    if !failing.is_empty() {
        let paths: Vec<String> = failing
            .iter()
            .map(|i| format!("{}: {}", i.path, i.code.as_str()))
            .collect();
        let metadata: Vec<Value> = failing
            .iter()
            .map(|i| json!({ "path": i.path, "code": i.code.as_str(), "message": i.message }))
            .collect();
        return Err(ServiceError::new(
            StatusCode::BAD_REQUEST,
            "VALIDATION_ERROR",
            format!("Validation error: {}", paths.join(", ")),
        )
        .with_metadata(Value::Array(metadata)));
    }
    Ok(req)
}
