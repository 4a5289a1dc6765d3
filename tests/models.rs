//! The wire models decode and encode exactly as the contract gives them.

use gamecloud::json::ToJson;
use gamecloud::model::*;

fn build_json(content_length: &str, extra: &str) -> String {
    format!(
        r#"{{"builds":[{{"build_id":"b","upload_id":"u","display_name":"n","create_ts":"2024-05-06T09:38:53.550Z","content_length":{content_length},"complete":true{extra}}}]}}"#
    )
}

#[test]
fn content_length_stays_exact_above_2_pow_53() {
    for n in [(1u64 << 53) + 1, u64::MAX, 0] {
        let list: ListBuildsResponse =
            gamecloud::json::from_slice(build_json(&n.to_string(), "").as_bytes()).unwrap();
        assert_eq!(list.builds[0].content_length, n);
        let again = list.to_json();
        assert!(
            again.contains(&format!("\"content_length\":{n}")),
            "{again}"
        );
    }
}

#[test]
fn content_length_rejects_negative_fraction_and_overflow() {
    for bad in ["-1", "1.5", "18446744073709551616", "\"12\""] {
        assert!(
            gamecloud::json::from_slice::<ListBuildsResponse>(build_json(bad, "").as_bytes())
                .is_err(),
            "{bad}"
        );
    }
}

#[test]
fn tags_may_be_absent_and_extra_fields_are_ignored() {
    let list: ListBuildsResponse = gamecloud::json::from_slice(
        build_json(
            "1",
            r#","future_field":[1.5e3,{"x":null}],"tags":{"a":"b"}"#,
        )
        .as_bytes(),
    )
    .unwrap();
    assert_eq!(list.builds[0].tags.get("a").map(String::as_str), Some("b"));
    let list: ListBuildsResponse =
        gamecloud::json::from_slice(build_json("1", "").as_bytes()).unwrap();
    assert!(list.builds[0].tags.is_empty());
}

#[test]
fn timestamps_parse_as_rfc3339_and_encode_as_the_service_does() {
    let t = Timestamp::parse("2024-05-06T09:38:53.550Z").unwrap();
    assert_eq!(t.unix_ms(), 1_714_988_333_550);
    assert_eq!(t.to_rfc3339_ms(), "2024-05-06T09:38:53.550Z");
    let offset = Timestamp::parse("2024-05-06T11:38:53.55+02:00").unwrap();
    assert_eq!(offset, t);
    assert_eq!(Timestamp::from_unix_ms(t.unix_ms()), Some(t));
}

#[test]
fn a_bad_timestamp_is_a_decode_error_not_a_panic() {
    for bad in [
        "yesterday",
        "2024-13-01T00:00:00Z",
        "2024-05-06 09:38:53",
        "",
        "2024-05-06T09:38:53",
    ] {
        assert!(Timestamp::parse(bad).is_err(), "{bad}");
        let json = build_json("1", "").replace("2024-05-06T09:38:53.550Z", bad);
        let err = gamecloud::json::from_slice::<ListBuildsResponse>(json.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("RFC 3339"), "{err}");
    }
}

#[test]
fn a_leap_second_reads_as_the_last_millisecond_of_its_minute() {
    // Issue 16: one `…:60Z` create_ts failed the whole builds list.
    let last = Timestamp::parse("2016-12-31T23:59:59.999Z").unwrap();
    for leap in [
        "2016-12-31T23:59:60Z",
        "2016-12-31T23:59:60.5Z",
        "2017-01-01T00:59:60+01:00",
    ] {
        assert_eq!(Timestamp::parse(leap), Ok(last), "{leap}");
    }
    assert_eq!(
        Timestamp::parse_http_date("Sat, 31 Dec 2016 23:59:60 GMT").map(|t| t.unix_ms()),
        Some(last.unix_ms())
    );
    assert!(Timestamp::parse("2016-12-31T23:59:61Z").is_err());
    let json = build_json("1", "").replace("2024-05-06T09:38:53.550Z", "2016-12-31T23:59:60Z");
    let list = gamecloud::json::from_slice::<ListBuildsResponse>(json.as_bytes()).unwrap();
    assert_eq!(list.builds[0].create_ts, last);
}

#[test]
fn unknown_enumeration_values_are_kept() {
    let p: PortProtocol = gamecloud::json::from_slice(b"\"quic\"").unwrap();
    assert_eq!(p, PortProtocol::Other("quic".into()));
    assert_eq!(serde_json::to_string(&p).unwrap(), "\"quic\"");
    assert!(!p.is_known());
    let c: CdnAuthType = gamecloud::json::from_slice(b"\"oauth\"").unwrap();
    assert_eq!(c.as_str(), "oauth");
    for known in PortProtocol::KNOWN {
        let json = serde_json::to_string(known).unwrap();
        assert_eq!(
            &gamecloud::json::from_slice::<PortProtocol>(json.as_bytes()).unwrap(),
            known
        );
    }
    assert_eq!(
        serde_json::to_string(&PortProtocol::TcpTls).unwrap(),
        "\"tcp_tls\""
    );
    assert_eq!(
        serde_json::to_string(&CdnAuthType::Basic).unwrap(),
        "\"basic\""
    );
}

#[test]
fn a_dev_token_request_always_sends_ports_and_one_of_port_or_range() {
    let req = DevTokenRequest {
        hostname: "127.0.0.1".into(),
        ports: Default::default(),
    };
    assert_eq!(req.to_json(), r#"{"hostname":"127.0.0.1","ports":{}}"#);
    let mut req = req;
    req.ports.insert(
        "game".into(),
        PortConfig {
            protocol: PortProtocol::Udp,
            port: None,
            port_range: Some(PortRange {
                min: 7000,
                max: 7010,
            }),
        },
    );
    req.ports.insert(
        "default".into(),
        PortConfig {
            protocol: PortProtocol::Http,
            port: Some(8080),
            port_range: None,
        },
    );
    assert_eq!(
        req.to_json(),
        r#"{"hostname":"127.0.0.1","ports":{"game":{"protocol":"udp","port_range":{"min":7000,"max":7010}},"default":{"protocol":"http","port":8080}}}"#
    );
}

#[test]
fn error_bodies_decode_with_and_without_optional_fields() {
    let e: ErrorBody =
        gamecloud::json::from_slice(br#"{"code":"X","message":"m","ray_id":"r"}"#).unwrap();
    assert_eq!((e.documentation, e.metadata), (None, None));
    let e: ErrorBody = gamecloud::json::from_slice(
        br#"{"code":"API_RATE_LIMIT","message":"m","ray_id":"r","documentation":"d","metadata":1700000000000,"x":1}"#,
    )
    .unwrap();
    let metadata = e.metadata.unwrap();
    assert_eq!(metadata.0, "1700000000000");
    assert_eq!(metadata.as_i64(), Some(1_700_000_000_000));
}

#[test]
fn a_label_given_twice_keeps_its_first_place_and_its_last_value() {
    let req: DevTokenRequest = gamecloud::json::from_slice(
        br#"{"hostname":"h","ports":{"a":{"protocol":"tcp","port":1},"b":{"protocol":"udp","port":2},"a":{"protocol":"tcp","port":3}}}"#,
    )
    .unwrap();
    let ports: Vec<(&String, Option<i64>)> = req.ports.iter().map(|(l, c)| (l, c.port)).collect();
    assert_eq!(ports.len(), 2);
    assert_eq!((ports[0].0.as_str(), ports[0].1), ("a", Some(3)));
    assert_eq!((ports[1].0.as_str(), ports[1].1), ("b", Some(2)));
}

// The builds and error bodies are read by hand (smaller wasm): a key given
// twice or missing is refused in the derive's words, with its path.
#[test]
fn hand_read_models_refuse_what_the_derive_refused() {
    let said = |text: &str| {
        gamecloud::json::from_slice::<ListBuildsResponse>(text.as_bytes())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        said(&build_json("1", r#","complete":false"#)),
        "builds[0]: duplicate field `complete`"
    );
    assert_eq!(
        said(&build_json("1", "").replace(r#","complete":true"#, "")),
        "builds[0]: missing field `complete`"
    );
    assert_eq!(
        said(r#"{"builds":[],"builds":[]}"#),
        ".: duplicate field `builds`"
    );
    assert_eq!(said(r#"{"other":1}"#), ".: missing field `builds`");
    let body = |text: &str| gamecloud::json::from_slice::<ErrorBody>(text.as_bytes());
    let e = body(r#"{"code":"A","message":"m","code":"B","ray_id":"r"}"#).unwrap_err();
    assert_eq!(e.to_string(), ".: duplicate field `code`");
    let e = body(r#"{"code":"A","message":"m"}"#).unwrap_err();
    assert_eq!(e.to_string(), ".: missing field `ray_id`");
    let ok = body(r#"{"x":[1],"ray_id":"r","message":"m","code":"A","documentation":null}"#);
    assert_eq!(ok.unwrap().documentation, None);
}
