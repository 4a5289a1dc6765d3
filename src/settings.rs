//! The two namespace settings the service can change but not read back, and
//! one change of either, typed from the page's choice to the call, the
//! action log, the last-set memory and the confirmation. The next setting is
//! one more variant of each.

use crate::api::{ApiError, Call, Connection, Operation, SetCdnAuth, SetDomainAuth};
use crate::ids::{GameId, NamespaceId};
use crate::model::CdnAuthType;

/// A namespace setting the panel can change but not read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The CDN authentication type.
    CdnAuth,
    /// Domain-based authentication.
    DomainAuth,
}

/// A CDN authentication type in the page's words (`No auth`, `Basic
/// auth`); none for a type the panel does not know.
pub fn cdn_auth_name(t: &CdnAuthType) -> Option<&'static str> {
    match t {
        CdnAuthType::None => Some("No auth"),
        CdnAuthType::Basic => Some("Basic auth"),
        CdnAuthType::Other(_) => None,
    }
}

impl Setting {
    /// What applying it does, as its confirmation's button says it.
    pub fn action(self) -> &'static str {
        match self {
            Setting::CdnAuth => "Set CDN auth",
            Setting::DomainAuth => "Set domain auth",
        }
    }
}

/// One change of a namespace setting, typed from the page's choice on. Its
/// value is text only where a person or the log reads it ([`Change::value`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Set the CDN authentication type.
    CdnAuth(CdnAuthType),
    /// Enable (`true`) or disable domain-based authentication.
    DomainAuth(bool),
}

impl Change {
    /// Which setting it changes.
    pub fn setting(&self) -> Setting {
        match self {
            Change::CdnAuth(_) => Setting::CdnAuth,
            Change::DomainAuth(_) => Setting::DomainAuth,
        }
    }

    /// The value as the page and the action log say it: the service's name
    /// of a CDN auth type, `enabled` or `disabled`.
    pub fn value(&self) -> &str {
        match self {
            Change::CdnAuth(t) => t.as_str(),
            Change::DomainAuth(true) => "enabled",
            Change::DomainAuth(false) => "disabled",
        }
    }

    /// The request that makes the change on one namespace of a game.
    pub fn call(
        &self,
        conn: &Connection,
        game_id: &GameId,
        namespace_id: &NamespaceId,
    ) -> Result<Call, ApiError> {
        let (game_id, namespace_id) = (game_id.as_str(), namespace_id.as_str());
        match self {
            Change::CdnAuth(auth_type) => SetCdnAuth {
                game_id,
                namespace_id,
                auth_type,
            }
            .call(conn),
            Change::DomainAuth(enabled) => SetDomainAuth {
                game_id,
                namespace_id,
                enabled: *enabled,
            }
            .call(conn),
        }
    }

    /// The operation's name, for the action log.
    pub fn operation(&self) -> &'static str {
        match self {
            Change::CdnAuth(_) => SetCdnAuth::NAME,
            Change::DomainAuth(_) => SetDomainAuth::NAME,
        }
    }

    /// The value in the page's words: `No auth`, `Basic auth` (a type the
    /// panel does not know by the service's name), `on`, `off`.
    pub fn said(&self) -> &str {
        match self {
            Change::CdnAuth(t) => cdn_auth_name(t).unwrap_or(t.as_str()),
            Change::DomainAuth(true) => "on",
            Change::DomainAuth(false) => "off",
        }
    }

    /// The change as its button says it: `Set to Basic auth`, `Turn on`.
    pub fn button(&self) -> String {
        match self {
            Change::CdnAuth(_) => format!("Set to {}", self.said()),
            Change::DomainAuth(_) => format!("Turn {}", self.said()),
        }
    }

    /// The change as a confirmation asks it, before the namespaces:
    /// `Set CDN auth to Basic auth`, `Turn domain auth off`.
    pub fn sentence(&self) -> String {
        match self {
            Change::CdnAuth(_) => format!("Set CDN auth to {}", self.said()),
            Change::DomainAuth(_) => format!("Turn domain auth {}", self.said()),
        }
    }
}
