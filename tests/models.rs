//! The wire models decode and encode exactly as the contract gives them.

mod common;

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

// Issue 31: each model's fields are written once (`json::model!`), and its
// reader and writer are held here against serde's derive over the same
// fields (`derived`), read through the same JSON reader: the same values,
// the same errors in the same words. Issue 38: the request bodies too; a
// `None` is left out of what is written (a port has a `port` or a
// `port_range` key, never a `null`).
mod derived {
    use gamecloud::model::Timestamp;
    use serde::{Deserialize, Serialize};
    use std::collections::BTreeMap;

    #[derive(Debug, Serialize, Deserialize)]
    pub struct ListBuildsResponse {
        pub builds: Vec<BuildSummary>,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct BuildSummary {
        pub build_id: String,
        pub upload_id: String,
        pub display_name: String,
        pub create_ts: Timestamp,
        pub content_length: u64,
        pub complete: bool,
        #[serde(default)]
        pub tags: BTreeMap<String, String>,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct ErrorBody {
        pub code: String,
        pub message: String,
        pub ray_id: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub documentation: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub metadata: Option<Raw>,
    }

    /// Any JSON value, read as the model reads it (kept as its text) and
    /// written as serde_json writes its value.
    #[derive(Debug)]
    pub struct Raw(gamecloud::json::RawJson);

    impl<'de> Deserialize<'de> for Raw {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            gamecloud::json::RawJson::deserialize(d).map(Raw)
        }
    }

    impl Serialize for Raw {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            serde_json::from_str::<serde_json::Value>(&self.0 .0)
                .unwrap()
                .serialize(s)
        }
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct DevTokenResponse {
        pub token: String,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct TokenHeader {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub typ: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub alg: Option<String>,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct SetCdnAuthRequest {
        pub auth_type: String,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct SetDomainAuthRequest {
        pub enabled: bool,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct PortRange {
        pub min: i64,
        pub max: i64,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct PortConfig {
        pub protocol: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub port: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub port_range: Option<PortRange>,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct DevTokenRequest {
        pub hostname: String,
        #[serde(default)]
        pub ports: BTreeMap<String, PortConfig>,
    }

    #[derive(Debug, Serialize, Deserialize)]
    pub struct Entry {
        pub at_ms: i64,
        pub operation: String,
        pub game_id: String,
        pub namespace_id: String,
        #[serde(default)]
        pub namespace_label: String,
        pub value: String,
        #[serde(default)]
        pub hostname: String,
        pub outcome: String,
        #[serde(default)]
        pub ray_id: String,
        #[serde(default)]
        pub request: String,
    }
}

mod agreement {
    use super::derived;
    use gamecloud::action_log::Entry;
    use gamecloud::json::{self, ToJson};
    use gamecloud::model::*;
    use gamecloud::token::TokenHeader;
    use proptest::prelude::*;
    use serde::de::DeserializeOwned;
    use serde::Serialize;
    use std::fmt::Debug;

    /// Reads `text` as the model `M` and as its derived twin `D`: both read
    /// (then `M` writes what `D` serializes, and what `M` writes reads back
    /// as `M`), or both fail with the same sentence at the same path.
    fn agree<M, D>(text: &str)
    where
        M: DeserializeOwned + ToJson + PartialEq + Debug,
        D: DeserializeOwned + Serialize + Debug,
    {
        let ours = json::from_slice::<M>(text.as_bytes());
        let derived = json::from_slice::<D>(text.as_bytes());
        match (ours, derived) {
            (Ok(m), Ok(d)) => {
                let written = m.to_json();
                let value: serde_json::Value = serde_json::from_str(&written).unwrap();
                assert_eq!(value, serde_json::to_value(&d).unwrap(), "{text}");
                assert_eq!(json::from_slice::<M>(written.as_bytes()), Ok(m), "{text}");
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{text}"),
            (a, b) => panic!("{text}: ours {a:?}, the derive's {b:?}"),
        }
    }

    const BUILD: &str = r#"{"build_id":"b","upload_id":"u","display_name":"n","create_ts":"2024-05-06T09:38:53.550Z","content_length":1,"complete":true}"#;
    const TEXT: &[&str] = &[
        r#""""#,
        r#""a \"b\" \u00e9 \n""#,
        r#""2024-05-06T09:38:53.550Z""#,
    ];
    const TIME: &[&str] = &[
        r#""2024-05-06T09:38:53.550Z""#,
        r#""2016-12-31T23:59:60+01:00""#,
        r#""yesterday""#,
    ];
    const U64: &[&str] = &["0", "9007199254740993", "18446744073709551615"];
    const I64: &[&str] = &["0", "-1767225600000", "9223372036854775807"];
    const BOOL: &[&str] = &["true", "false"];
    const TAGS: &[&str] = &["{}", r#"{"a":"b","c":""}"#];
    const OPTION_TEXT: &[&str] = &["null", r#""JWT""#];
    const ANY: &[&str] = &["null", "1700000000000", r#"{"a":[1,"x"]}"#, r#""17""#];
    const BUILDS: &[&str] = &["[]", "[BUILD]"];
    const OPTION_I64: &[&str] = &["null", "7777", "-1", "9223372036854775807"];
    const PROTOCOL: &[&str] = &[r#""udp""#, r#""tcp_tls""#, r#""quic""#];
    const RANGES: &[&str] = &[
        "null",
        r#"{"min":7000,"max":7010}"#,
        r#"{"max":1,"min":2}"#,
        r#"{"min":1}"#,
    ];
    const PORTS: &[&str] = &[
        "{}",
        r#"{"game":{"protocol":"udp","port":7777}}"#,
        r#"{"a":{"protocol":"tcp","port_range":{"min":1,"max":2}},"b":{"protocol":"http","port":null}}"#,
        r#"{"a":{"protocol":"udp","port":1},"a":{"protocol":"tcp","port":2}}"#,
        r#"{"a":{"port":1}}"#,
    ];
    /// Values of the wrong type for some key or other.
    const WRONG: &[&str] = &[
        "1", "-1", "1.5", r#""x""#, "true", "null", "{}", "[]", "[1]",
    ];

    /// A JSON object over `fields` (key, values of its type): each key
    /// missing, given once, given twice or given a value of any type, in any
    /// order, with or without a key of no field.
    fn object(fields: &'static [(&'static str, &'static [&'static str])]) -> BoxedStrategy<String> {
        let per_key: Vec<BoxedStrategy<Vec<(&str, &str)>>> = fields
            .iter()
            .map(|&(key, valid)| {
                let one = prop::sample::select(valid);
                prop_oneof![
                    2 => Just(vec![]),
                    12 => one.clone().prop_map(move |v| vec![(key, v)]),
                    1 => prop::sample::select(WRONG).prop_map(move |v| vec![(key, v)]),
                    1 => (one.clone(), one).prop_map(move |(a, b)| vec![(key, a), (key, b)]),
                ]
                .boxed()
            })
            .collect();
        let unknown = prop::option::of(prop::sample::select(WRONG));
        (per_key, unknown)
            .prop_map(|(keys, unknown)| {
                let mut pairs: Vec<(&str, &str)> = keys.into_iter().flatten().collect();
                pairs.extend(unknown.map(|v| ("later", v)));
                pairs
            })
            .prop_shuffle()
            .prop_map(|pairs| {
                let pairs: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("\"{k}\":{}", v.replace("BUILD", BUILD)))
                    .collect();
                format!("{{{}}}", pairs.join(","))
            })
            .boxed()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::common::cases(512)))]

        #[test]
        fn builds_read_and_write_as_the_derive_does(text in object(&[
            ("build_id", TEXT), ("upload_id", TEXT), ("display_name", TEXT), ("create_ts", TIME),
            ("content_length", U64), ("complete", BOOL), ("tags", TAGS),
        ])) {
            agree::<BuildSummary, derived::BuildSummary>(&text);
            agree::<ListBuildsResponse, derived::ListBuildsResponse>(&format!(r#"{{"builds":[{text}]}}"#));
        }

        #[test]
        fn lists_of_builds_read_and_write_as_the_derive_does(text in object(&[("builds", BUILDS)])) {
            agree::<ListBuildsResponse, derived::ListBuildsResponse>(&text);
        }

        #[test]
        fn error_bodies_read_and_write_as_the_derive_does(text in object(&[
            ("code", TEXT), ("message", TEXT), ("ray_id", TEXT), ("documentation", OPTION_TEXT), ("metadata", ANY),
        ])) {
            agree::<ErrorBody, derived::ErrorBody>(&text);
        }

        #[test]
        fn token_answers_and_headers_read_and_write_as_the_derive_does(
            answer in object(&[("token", TEXT)]),
            header in object(&[("typ", OPTION_TEXT), ("alg", OPTION_TEXT)]),
        ) {
            agree::<DevTokenResponse, derived::DevTokenResponse>(&answer);
            agree::<TokenHeader, derived::TokenHeader>(&header);
        }

        #[test]
        fn request_bodies_read_and_write_as_the_derive_does(
            cdn in object(&[("auth_type", TEXT)]),
            domain in object(&[("enabled", BOOL)]),
            port in object(&[("protocol", PROTOCOL), ("port", OPTION_I64), ("port_range", RANGES)]),
            token in object(&[("hostname", TEXT), ("ports", PORTS)]),
        ) {
            agree::<SetCdnAuthRequest, derived::SetCdnAuthRequest>(&cdn);
            agree::<SetDomainAuthRequest, derived::SetDomainAuthRequest>(&domain);
            agree::<PortConfig, derived::PortConfig>(&port);
            agree::<DevTokenRequest, derived::DevTokenRequest>(&token);
        }

        #[test]
        fn log_entries_read_and_write_as_the_derive_does(text in object(&[
            ("at_ms", I64), ("operation", TEXT), ("game_id", TEXT), ("namespace_id", TEXT),
            ("namespace_label", TEXT), ("value", TEXT), ("hostname", TEXT), ("outcome", TEXT), ("ray_id", TEXT), ("request", TEXT),
        ])) {
            agree::<Entry, derived::Entry>(&text);
        }
    }

    /// The three refusals of every model, in the derive's words.
    #[test]
    fn each_model_refuses_a_missing_a_repeated_and_a_mistyped_key_in_the_derives_words() {
        fn said<M: DeserializeOwned + Debug, D: DeserializeOwned + Debug>(text: &str) -> String {
            let ours = json::from_slice::<M>(text.as_bytes())
                .unwrap_err()
                .to_string();
            let derived = json::from_slice::<D>(text.as_bytes())
                .unwrap_err()
                .to_string();
            assert_eq!(ours, derived, "{text}");
            ours
        }
        let build = BUILD.trim_end_matches('}');
        for (text, error) in [
            (
                BUILD.replace(r#""upload_id":"u","#, ""),
                ".: missing field `upload_id`",
            ),
            (
                format!(r#"{build},"build_id":"c"}}"#),
                ".: duplicate field `build_id`",
            ),
            (
                BUILD.replace(r#":true"#, r#":"yes""#),
                "complete: invalid type: a string, expected true or false",
            ),
        ] {
            assert_eq!(said::<BuildSummary, derived::BuildSummary>(&text), error);
        }
        for (text, error) in [
            ("{}", ".: missing field `builds`"),
            (
                r#"{"builds":[],"builds":[]}"#,
                ".: duplicate field `builds`",
            ),
            (
                r#"{"builds":{}}"#,
                "builds: invalid type: an object, expected an array",
            ),
        ] {
            assert_eq!(
                said::<ListBuildsResponse, derived::ListBuildsResponse>(text),
                error
            );
        }
        for (text, error) in [
            (r#"{"code":"A","ray_id":"r"}"#, ".: missing field `message`"),
            (
                r#"{"code":"A","message":"m","ray_id":"r","documentation":"d","documentation":null}"#,
                ".: duplicate field `documentation`",
            ),
            (
                r#"{"code":"A","message":"m","ray_id":7}"#,
                "ray_id: invalid type: a number, expected a string",
            ),
        ] {
            assert_eq!(said::<ErrorBody, derived::ErrorBody>(text), error);
        }
        for (text, error) in [
            (r#"{"x":"t"}"#, ".: missing field `token`"),
            (r#"{"token":"t","token":"t"}"#, ".: duplicate field `token`"),
            (
                r#"{"token":null}"#,
                "token: invalid type: null, expected a string",
            ),
        ] {
            assert_eq!(
                said::<DevTokenResponse, derived::DevTokenResponse>(text),
                error
            );
        }
        for (text, error) in [
            (
                r#"{"alg":"EdDSA","alg":"EdDSA"}"#,
                ".: duplicate field `alg`",
            ),
            (
                r#"{"typ":["JWT"]}"#,
                "typ: invalid type: an array, expected a string",
            ),
        ] {
            assert_eq!(said::<TokenHeader, derived::TokenHeader>(text), error);
        }
        let entry = r#"{"at_ms":1,"operation":"o","game_id":"g","namespace_id":"n","value":"v","outcome":"done""#;
        for (text, error) in [
            (entry.replace(r#","outcome":"done""#, "") + "}", ".: missing field `outcome`"),
            (format!(r#"{entry},"ray_id":"r","ray_id":"r"}}"#), ".: duplicate field `ray_id`"),
            (entry.replace(r#""at_ms":1"#, r#""at_ms":"1""#) + "}", "at_ms: invalid type: a string, expected a whole number"),
            (entry.replace(r#""at_ms":1"#, r#""at_ms":9223372036854775808"#) + "}", "at_ms: invalid value: expected a whole number from -9223372036854775808 to 9223372036854775807"),
        ] {
            assert_eq!(said::<Entry, derived::Entry>(&text), error);
        }
    }

    /// What the local service sends is serde's `Serialize` of these very
    /// structs (its builds list, its token answer; its error bodies are held
    /// in `local-service/tests/models.rs`): the writers write the same.
    #[test]
    fn the_writers_write_what_serde_writes_of_the_services_structs() {
        fn same<M: ToJson + Serialize>(model: &M) {
            let ours: serde_json::Value = serde_json::from_str(&model.to_json()).unwrap();
            assert_eq!(ours, serde_json::to_value(model).unwrap());
        }
        let build = BuildSummary {
            build_id: "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f".into(),
            upload_id: "u".into(),
            display_name: "<b>\"quoted\"</b>\u{2028}é".into(),
            create_ts: Timestamp::parse("2016-12-31T23:59:60Z").unwrap(),
            content_length: u64::MAX,
            complete: false,
            tags: [
                ("k".to_owned(), "v".to_owned()),
                ("".to_owned(), "\n".to_owned()),
            ]
            .into(),
        };
        same(&build);
        same(&ListBuildsResponse {
            builds: vec![build.clone(), build],
        });
        same(&ListBuildsResponse { builds: vec![] });
        same(&DevTokenResponse {
            token: "dev_staging.a.b.c".into(),
        });
        // The service's token headers have both keys (a `None` would be
        // left out, where serde writes `null`).
        same(&TokenHeader {
            typ: Some("JWT".into()),
            alg: Some("EdDSA".into()),
        });
    }
}
