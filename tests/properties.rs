//! Property tests: whatever arrives, the decoders and the validator give an
//! answer or an error, never a panic.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamecloud::api::{Answer, CreateDevToken, ListBuilds, Operation, SetCdnAuth};
use gamecloud::model::{DevTokenRequest, PortConfig, PortProtocol, PortRange};
use gamecloud::token;
use gamecloud::validate;
use proptest::prelude::*;

fn any_answer() -> impl Strategy<Value = Answer> {
    (
        0u16..1000,
        proptest::collection::vec(
            (
                prop_oneof!["content-type", "retry-after", "rvt-ray-id", ".*"],
                ".*",
            ),
            0..4,
        ),
        proptest::collection::vec(any::<u8>(), 0..512),
        any::<i64>(),
    )
        .prop_map(|(status, headers, body, received_at_ms)| Answer {
            status,
            headers,
            body,
            received_at_ms,
        })
}

fn any_protocol() -> impl Strategy<Value = PortProtocol> {
    prop_oneof![
        Just(PortProtocol::Http),
        Just(PortProtocol::Https),
        Just(PortProtocol::Tcp),
        Just(PortProtocol::TcpTls),
        Just(PortProtocol::Udp),
        ".*".prop_map(PortProtocol::Other),
    ]
}

fn any_request() -> impl Strategy<Value = DevTokenRequest> {
    let port_config = (
        any_protocol(),
        proptest::option::of(any::<i64>()),
        proptest::option::of(
            (any::<i64>(), any::<i64>()).prop_map(|(min, max)| PortRange { min, max }),
        ),
    )
        .prop_map(|(protocol, port, port_range)| PortConfig {
            protocol,
            port,
            port_range,
        });
    (
        ".*",
        proptest::collection::vec((".{0,20}", port_config), 0..20),
    )
        .prop_map(|(hostname, ports)| DevTokenRequest {
            hostname,
            ports: ports.into_iter().collect(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::cases(2000)))]

    // A token anywhere in a text is found, whatever surrounds it (an id or a
    // label field refuses it), and no text makes the search panic.
    #[test]
    fn a_token_is_found_in_any_text(before in ".{0,40}", after in ".{0,40}", noise in ".{0,80}") {
        let token = "dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl";
        let text = format!("{before} {token} {after}");
        prop_assert!(token::holds_token(&text), "{}", text);
        let _ = token::holds_token(&noise);
    }

    #[test]
    fn answers_never_panic(answer in any_answer()) {
        let _ = ListBuilds::read(&answer);
        let _ = CreateDevToken::read(&answer);
        if let Err(e) = SetCdnAuth::read(&answer) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn json_like_answers_never_panic(body in r#"\{"(builds|token|code)":.{0,200}"#, status in 100u16..600) {
        let answer = Answer { status, headers: vec![], body: body.into_bytes(), received_at_ms: 0 };
        let _ = ListBuilds::read(&answer);
        let _ = CreateDevToken::read(&answer);
    }

    #[test]
    fn token_decoding_never_panics_on_text(s in ".*") {
        let _ = token::decode(&s);
    }

    #[test]
    fn token_decoding_never_panics_on_any_claims(claims in proptest::collection::vec(any::<u8>(), 0..256), label in "[a-z_]{0,8}") {
        let t = format!("{label}.{}.{}.AAAA", token::base64url::encode(token::HEADER_JSON.as_bytes()), token::base64url::encode(&claims));
        if let Err(e) = token::decode(&t) {
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn validation_never_panics_and_paths_name_labels(req in any_request()) {
        let issues = validate::dev_token_request(&req);
        for issue in &issues {
            prop_assert!(issue.path == "hostname" || issue.path.starts_with("ports"));
            prop_assert!(!issue.message.is_empty());
        }
    }
}
