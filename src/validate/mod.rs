//! Every rule of the service contract, and every check a client makes before
//! sending, in one place: one entry point per request ([`create_dev_token`],
//! [`list_builds`], [`set_cdn_auth`], [`set_domain_auth`]) plus the
//! connection's ([`base_url`], [`bearer_token`]). Clients run them before
//! sending; the local service runs [`dev_token_request`] on arrival.
//!
//! All problems are returned at once, each keyed by the port's *label* (the
//! service keys them by its own hash-map order, which no user can act on).
//!
//! One file per subject: the problems themselves (`issue`), a development
//! token request (`dev_token`) and its ports (`ports`), the ids and the
//! labels of namespaces (`ids`), the connection (`connection`).

mod connection;
mod dev_token;
mod ids;
mod issue;
mod ports;

pub(crate) use connection::web_scheme_stripped;
pub use connection::{base_url, bearer_token, host_of, is_localhost_name, sends_token_in_clear};
pub use dev_token::{dev_token_request, MAX_HOSTNAME};
pub use ids::{canonical_id, id, namespace_label_problem, IdKind, MAX_NAMESPACE_LABEL};
pub use issue::{has_errors, type_invalid, Issue, IssueCode, ServiceRejection, Severity};
pub use ports::{
    label_duplicate, label_is_valid, whole_number, MAX_LABEL_LEN, MAX_PORTS, MAX_PORT_NUMBER,
};

use crate::model::{CdnAuthType, DevTokenRequest};
use issue::display_value;

/// `POST .../tokens/development`: the ids and the body.
pub fn create_dev_token(game_id: &str, namespace_id: &str, req: &DevTokenRequest) -> Vec<Issue> {
    let mut out = namespace_ids(game_id, namespace_id);
    out.extend(dev_token_request(req));
    out
}

/// `GET .../builds`: the game id.
pub fn list_builds(game_id: &str) -> Vec<Issue> {
    id(IdKind::Game, game_id).into_iter().collect()
}

/// `PUT .../cdn-auth`: the ids and a type the service knows.
pub fn set_cdn_auth(game_id: &str, namespace_id: &str, auth_type: &CdnAuthType) -> Vec<Issue> {
    let mut out = namespace_ids(game_id, namespace_id);
    if !auth_type.is_known() {
        out.push(Issue::new(
            IssueCode::ValueUnknown,
            "auth_type",
            format!(
                "\"{}\" is not a CDN auth type; use none or basic.",
                display_value(auth_type.as_str())
            ),
        ));
    }
    out
}

/// `PUT .../domain-public-auth`: the ids (the body is a boolean).
pub fn set_domain_auth(game_id: &str, namespace_id: &str) -> Vec<Issue> {
    namespace_ids(game_id, namespace_id)
}

fn namespace_ids(game_id: &str, namespace_id: &str) -> Vec<Issue> {
    id(IdKind::Game, game_id)
        .into_iter()
        .chain(id(IdKind::Namespace, namespace_id))
        .collect()
}
