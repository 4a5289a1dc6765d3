//! The core compiled to wasm, run in headless Chromium: the same answers as
//! natively, where numbers and time behave differently (no 64-bit floats for
//! sizes, no system clock).
#![cfg(target_arch = "wasm32")]

use gamecloud::api::{Answer, ApiError, Connection, CreateDevToken, ListBuilds, Operation};
use gamecloud::model::{DevTokenRequest, PortConfig, PortProtocol, PortRange, Timestamp};
use gamecloud::{token, validate};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn answer(status: u16, body: &str) -> Answer {
    Answer {
        status,
        headers: vec![],
        body: body.as_bytes().to_vec(),
        received_at_ms: 1_700_000_000_000,
    }
}

#[wasm_bindgen_test]
fn content_length_is_exact_in_wasm() {
    let body = r#"{"builds":[{"build_id":"b","upload_id":"u","display_name":"<b>x</b>","create_ts":"2024-05-06T09:38:53.550Z","content_length":18446744073709551615,"complete":false},{"build_id":"c","upload_id":"v","display_name":"y","create_ts":"2024-05-06T09:38:53Z","content_length":9007199254740993,"complete":true,"tags":{}}]}"#;
    let list = ListBuilds::read(&answer(200, body)).unwrap();
    assert_eq!(list.builds[0].content_length, u64::MAX);
    assert_eq!(list.builds[1].content_length, (1 << 53) + 1);
    assert_eq!(
        list.builds[0].create_ts,
        Timestamp::parse("2024-05-06T09:38:53.550Z").unwrap()
    );
}

#[wasm_bindgen_test]
fn errors_and_decode_paths_work_in_wasm() {
    let err = ListBuilds::read(&answer(200, r#"{"builds":[{"build_id":2}]}"#)).unwrap_err();
    assert!(
        matches!(&err, ApiError::Decode { path, .. } if path == "builds[0].build_id"),
        "{err:?}"
    );
    let err = ListBuilds::read(&answer(502, "<html>Bad Gateway</html>")).unwrap_err();
    assert_eq!(err.kind(), "unexpected_answer");
}

#[wasm_bindgen_test]
fn validation_and_calls_work_in_wasm() {
    let mut req = DevTokenRequest {
        hostname: "127.0.0.1".into(),
        ports: Default::default(),
    };
    req.ports.insert(
        "game".into(),
        PortConfig {
            protocol: PortProtocol::Https,
            port: None,
            port_range: Some(PortRange { min: 5, max: 1 }),
        },
    );
    let codes: Vec<&str> = validate::dev_token_request(&req)
        .iter()
        .map(|i| i.code.as_str())
        .collect();
    assert_eq!(codes, ["unsupported-port-range", "range-min-gt-max"]);
    let conn = Connection::new("https://h/api/", "t").unwrap();
    let err = CreateDevToken {
        game_id: "g",
        namespace_id: "n",
        request: &req,
    }
    .call(&conn)
    .unwrap_err();
    assert_eq!(err.kind(), "invalid_request");
    let call = ListBuilds { game_id: "a/b" }.call(&conn).unwrap();
    assert_eq!(call.url, "https://h/api/cloud/games/a%2Fb/builds");
}

#[wasm_bindgen_test]
fn tokens_decode_in_wasm() {
    let claims = token::Claims {
        exp_ms: Some(1_767_225_600_000),
        iat_ms: Some(1_735_689_600_000),
        jti: None,
        entitlements: vec![token::Entitlement::NamespaceDevelopment(
            token::DevEntitlement {
                namespace_id: Some("7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c".into()),
                hostname: "10.0.0.2".into(),
                ports: vec![],
            },
        )],
    };
    let t = format!("dev_staging.{}.AAAA", token::signing_input(&claims));
    let decoded = token::decode(&t).unwrap();
    assert_eq!(decoded.claims, claims);
    assert!(token::decode("dev.x.y").is_err());
}
