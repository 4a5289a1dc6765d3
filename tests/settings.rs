//! A change of a namespace setting, from the page's choice to the request,
//! the action log's words and the confirmation.

use gamecloud::api::{Connection, Method};
use gamecloud::ids::{GameId, NamespaceId};
use gamecloud::model::CdnAuthType;
use gamecloud::settings::{Change, Setting};

fn connection() -> Connection {
    Connection::new("https://api.example.com", "cloud-token").unwrap()
}

#[test]
fn each_change_knows_its_setting_value_and_operation() {
    let cases = [
        (
            Change::CdnAuth(CdnAuthType::Basic),
            Setting::CdnAuth,
            "basic",
            "set-cdn-auth",
        ),
        (
            Change::CdnAuth(CdnAuthType::None),
            Setting::CdnAuth,
            "none",
            "set-cdn-auth",
        ),
        (
            Change::DomainAuth(true),
            Setting::DomainAuth,
            "enabled",
            "set-domain-auth",
        ),
        (
            Change::DomainAuth(false),
            Setting::DomainAuth,
            "disabled",
            "set-domain-auth",
        ),
    ];
    for (change, setting, value, operation) in cases {
        assert_eq!(change.setting(), setting);
        assert_eq!(change.value(), value);
        assert_eq!(change.operation(), operation, "{change:?}");
    }
}

#[test]
fn a_change_is_said_in_the_page_s_words() {
    let basic = Change::CdnAuth(CdnAuthType::Basic);
    assert_eq!(basic.sentence(), "Set CDN auth to Basic auth");
    assert_eq!(basic.button(), "Set to Basic auth");
    assert_eq!(Change::CdnAuth(CdnAuthType::None).said(), "No auth");
    let off = Change::DomainAuth(false);
    assert_eq!(off.sentence(), "Turn domain auth off");
    assert_eq!(off.button(), "Turn off");
    // A type the panel does not know is said by the service's name.
    let other = Change::CdnAuth(CdnAuthType::Other("token".into()));
    assert_eq!(other.sentence(), "Set CDN auth to token");
    assert_eq!(Setting::CdnAuth.action(), "Set CDN auth");
    assert_eq!(Setting::DomainAuth.action(), "Set domain auth");
}

#[test]
fn a_change_is_the_request_of_its_operation_on_one_namespace() {
    let conn = connection();
    let call = Change::CdnAuth(CdnAuthType::Basic)
        .call(&conn, &GameId::new("g 1"), &NamespaceId::new("ns/2"))
        .unwrap();
    assert_eq!(call.method, Method::Put);
    assert_eq!(
        call.url,
        "https://api.example.com/cloud/games/g%201/namespaces/ns%2F2/cdn-auth"
    );
    assert_eq!(call.body.as_deref(), Some(r#"{"auth_type":"basic"}"#));

    let call = Change::DomainAuth(true)
        .call(&conn, &GameId::new("g"), &NamespaceId::new("n"))
        .unwrap();
    assert_eq!(call.method, Method::Put);
    assert_eq!(
        call.url,
        "https://api.example.com/cloud/games/g/namespaces/n/domain-public-auth"
    );
    assert_eq!(call.body.as_deref(), Some(r#"{"enabled":true}"#));
}

#[test]
fn a_change_to_a_blank_id_is_refused_before_anything_is_sent() {
    let err = Change::DomainAuth(true)
        .call(&connection(), &GameId::new("g"), &NamespaceId::new(" "))
        .unwrap_err();
    assert_eq!(err.kind(), "invalid_request");
}

#[test]
fn a_change_says_its_value_in_the_words_of_the_page_and_the_log() {
    // The page shows these words beside its choices and the log keeps them;
    // a type this panel does not know is said as the service named it.
    for (change, words) in [
        (Change::CdnAuth(CdnAuthType::None), "none"),
        (Change::CdnAuth(CdnAuthType::Basic), "basic"),
        (Change::CdnAuth(CdnAuthType::from_wire("sso")), "sso"),
        (Change::DomainAuth(true), "enabled"),
        (Change::DomainAuth(false), "disabled"),
    ] {
        assert_eq!(change.value(), words);
    }
}
