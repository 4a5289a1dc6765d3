//! Every rule of the contract for a development token request, table-driven.

mod common;

use gamecloud::model::{DevTokenRequest, PortConfig, PortProtocol, PortRange};
use gamecloud::validate::{dev_token_request, has_errors, IssueCode, ServiceRejection, Severity};

fn port(protocol: PortProtocol, port: i64) -> PortConfig {
    PortConfig {
        protocol,
        port: Some(port),
        port_range: None,
    }
}

fn range(protocol: PortProtocol, min: i64, max: i64) -> PortConfig {
    PortConfig {
        protocol,
        port: None,
        port_range: Some(PortRange { min, max }),
    }
}

fn request(ports: Vec<(&str, PortConfig)>) -> DevTokenRequest {
    DevTokenRequest {
        hostname: "127.0.0.1".into(),
        ports: ports.into_iter().map(|(l, c)| (l.to_owned(), c)).collect(),
    }
}

/// (code, path) of every issue.
fn found(req: &DevTokenRequest) -> Vec<(IssueCode, String)> {
    dev_token_request(req)
        .into_iter()
        .map(|i| (i.code, i.path))
        .collect()
}

use PortProtocol::*;

#[test]
fn a_good_request_has_no_issue() {
    let req = request(vec![
        ("default", port(Http, 8080)),
        ("secure", port(Https, 8443)),
        ("game", range(Udp, 7000, 7010)),
        ("tcp-range", range(Tcp, 7011, 7020)),
        ("tls", port(TcpTls, 9000)),
        ("same-port-udp", port(Udp, 8080)),
    ]);
    assert_eq!(found(&req), vec![]);
    assert_eq!(found(&request(vec![])), vec![]);
}

#[test]
fn each_rule_reports_its_code_and_label_keyed_path() {
    let t = |ports: Vec<(&str, PortConfig)>| found(&request(ports));
    type Expected<'a> = Vec<(IssueCode, &'a str)>;
    let cases: Vec<(Vec<(IssueCode, String)>, Expected)> = vec![
        (
            t(vec![("Bad_Label", port(Http, 80))]),
            vec![(IssueCode::LabelInvalid, "ports.Bad_Label")],
        ),
        (
            t(vec![("-a", port(Http, 80))]),
            vec![(IssueCode::LabelInvalid, "ports.-a")],
        ),
        (
            t(vec![("a-", port(Http, 80))]),
            vec![(IssueCode::LabelInvalid, "ports.a-")],
        ),
        (
            t(vec![("a--b", port(Http, 80))]),
            vec![(IssueCode::LabelInvalid, "ports.a--b")],
        ),
        (
            t(vec![("", port(Http, 80))]),
            vec![(IssueCode::LabelInvalid, "ports.")],
        ),
        (
            t(vec![("abcdefghijklmnopq", port(Http, 80))]),
            vec![(IssueCode::LabelInvalid, "ports.abcdefghijklmnopq")],
        ),
        (
            t(vec![(
                "both",
                PortConfig {
                    protocol: Tcp,
                    port: Some(1),
                    port_range: Some(PortRange { min: 2, max: 3 }),
                },
            )]),
            vec![(IssueCode::DuplicatePortAndPortRange, "ports.both")],
        ),
        (
            t(vec![(
                "none",
                PortConfig {
                    protocol: Tcp,
                    port: None,
                    port_range: None,
                },
            )]),
            vec![(IssueCode::MissingPortAndPortRange, "ports.none")],
        ),
        (
            t(vec![("web", range(Http, 1, 2))]),
            vec![(IssueCode::UnsupportedPortRange, "ports.web.port_range")],
        ),
        (
            t(vec![("web", range(Https, 1, 2))]),
            vec![(IssueCode::UnsupportedPortRange, "ports.web.port_range")],
        ),
        (
            t(vec![("tls", range(TcpTls, 1, 2))]),
            vec![(IssueCode::UnsupportedPortRange, "ports.tls.port_range")],
        ),
        (
            t(vec![("game", range(Udp, 9, 8))]),
            vec![(IssueCode::RangeMinGtMax, "ports.game.port_range")],
        ),
        (
            t(vec![
                ("a", range(Tcp, 100, 200)),
                ("b", range(Udp, 200, 300)),
            ]),
            vec![(IssueCode::RangesOverlap, "ports.b.port_range")],
        ),
        (
            t(vec![("a", port(Tcp, 7777)), ("b", port(Tcp, 7777))]),
            vec![(IssueCode::PortProtocolNotUnique, "ports.b.port")],
        ),
        (
            t(vec![("neg", port(Tcp, -1))]),
            vec![(IssueCode::PortNegative, "ports.neg.port")],
        ),
        (
            t(vec![("big", range(Udp, 1, 2_147_483_648))]),
            vec![(IssueCode::PortTooLarge, "ports.big.port_range.max")],
        ),
        (
            t(vec![("q", port(Other("quic".into()), 1))]),
            vec![(IssueCode::ProtocolUnknown, "ports.q.protocol")],
        ),
        (
            t(vec![("zero", port(Udp, 0))]),
            vec![(IssueCode::PortZero, "ports.zero.port")],
        ),
        (
            t(vec![("high", port(Udp, 65536))]),
            vec![(IssueCode::PortAbove65535, "ports.high.port")],
        ),
    ];
    for (got, want) in cases {
        let want: Vec<(IssueCode, String)> =
            want.into_iter().map(|(c, p)| (c, p.to_owned())).collect();
        assert_eq!(got, want);
    }
}

#[test]
fn ranges_may_touch_but_not_overlap_and_min_may_equal_max() {
    assert_eq!(
        found(&request(vec![
            ("a", range(Tcp, 100, 199)),
            ("b", range(Udp, 200, 300))
        ])),
        vec![]
    );
    assert_eq!(found(&request(vec![("a", range(Tcp, 5, 5))])), vec![]);
    // Inclusive: sharing one port is an overlap.
    let got = found(&request(vec![
        ("a", range(Tcp, 5, 5)),
        ("b", range(Tcp, 1, 5)),
    ]));
    assert_eq!(
        got,
        vec![(IssueCode::RangesOverlap, "ports.b.port_range".to_owned())]
    );
}

#[test]
fn the_same_port_with_another_protocol_is_fine() {
    assert_eq!(
        found(&request(vec![
            ("a", port(Tcp, 7777)),
            ("b", port(Udp, 7777))
        ])),
        vec![]
    );
}

#[test]
fn more_than_sixteen_ports_is_an_error() {
    let ports: Vec<(String, PortConfig)> = (0..17)
        .map(|i| (format!("p{i}"), port(Tcp, 1000 + i)))
        .collect();
    let req = DevTokenRequest {
        hostname: "h".into(),
        ports: ports.into_iter().collect(),
    };
    assert_eq!(
        found(&req),
        vec![(IssueCode::PortsTooMany, "ports".to_owned())]
    );
    let req = DevTokenRequest {
        hostname: "h".into(),
        ports: req.ports.into_iter().take(16).collect(),
    };
    assert_eq!(found(&req), vec![]);
}

#[test]
fn every_problem_is_reported_at_once() {
    let req = DevTokenRequest {
        hostname: "  ".into(),
        ports: request(vec![
            ("Bad", range(Http, 10, 5)),
            ("neg", port(Tcp, -5)),
            (
                "dup",
                PortConfig {
                    protocol: Udp,
                    port: Some(1),
                    port_range: Some(PortRange { min: 1, max: 2 }),
                },
            ),
        ])
        .ports,
    };
    let codes: Vec<IssueCode> = dev_token_request(&req)
        .into_iter()
        .map(|i| i.code)
        .collect();
    assert_eq!(
        codes,
        vec![
            IssueCode::HostnameEmpty,
            IssueCode::LabelInvalid,
            IssueCode::UnsupportedPortRange,
            IssueCode::RangeMinGtMax,
            IssueCode::PortNegative,
            IssueCode::DuplicatePortAndPortRange,
        ]
    );
}

#[test]
fn hostnames_empty_is_an_error_and_a_url_is_a_warning() {
    let long = format!("{}.example", "a".repeat(246));
    for (hostname, want) in [
        ("", Some((IssueCode::HostnameEmpty, Severity::Error))),
        (" \t", Some((IssueCode::HostnameEmpty, Severity::Error))),
        (
            "http://10.0.0.2",
            Some((IssueCode::HostnameSuspicious, Severity::Warning)),
        ),
        (
            "10.0.0.2/game",
            Some((IssueCode::HostnameSuspicious, Severity::Warning)),
        ),
        ("10.0.0.2", None),
        ("dev.example.com", None),
        // Issue 39, finding 1: a hostname had no bound, and filled the log.
        (
            long.as_str(),
            Some((IssueCode::HostnameTooLong, Severity::Error)),
        ),
        (&long[1..], None),
    ] {
        let issues = dev_token_request(&DevTokenRequest {
            hostname: hostname.into(),
            ports: Default::default(),
        });
        assert_eq!(
            issues.first().map(|i| (i.code, i.severity)),
            want,
            "{hostname:?}"
        );
    }
}

#[test]
fn warnings_do_not_block_and_errors_do() {
    let warn = dev_token_request(&request(vec![("z", port(Udp, 0)), ("h", port(Udp, 70000))]));
    assert_eq!(warn.len(), 2);
    assert!(warn.iter().all(|i| i.severity == Severity::Warning));
    assert!(!has_errors(&warn));
    assert!(has_errors(&dev_token_request(&request(vec![(
        "A",
        port(Udp, 1)
    )]))));
}

#[test]
fn each_code_says_what_the_service_answers() {
    assert_eq!(
        IssueCode::RangesOverlap.service_rejection(),
        Some(ServiceRejection::ValidationError)
    );
    assert_eq!(
        IssueCode::PortNegative.service_rejection(),
        Some(ServiceRejection::CloudInvalidConfig)
    );
    assert_eq!(
        IssueCode::PortTooLarge.service_rejection(),
        Some(ServiceRejection::ApiBadBody)
    );
    assert_eq!(
        IssueCode::ProtocolUnknown.service_rejection(),
        Some(ServiceRejection::ApiBadBody)
    );
    assert_eq!(IssueCode::HostnameEmpty.service_rejection(), None);
    assert_eq!(IssueCode::RangeMinGtMax.as_str(), "range-min-gt-max");
    assert_eq!(
        serde_json::to_string(&IssueCode::PortProtocolNotUnique).unwrap(),
        "\"port-protocol-not-unique\""
    );
}

#[test]
fn messages_are_sentences_that_name_the_other_label() {
    let issues = dev_token_request(&request(vec![
        ("alpha", range(Tcp, 1, 10)),
        ("beta", range(Udp, 5, 6)),
    ]));
    assert!(
        issues[0].message.contains("\"alpha\""),
        "{}",
        issues[0].message
    );
    assert!(issues[0].message.ends_with('.'));
}

/// The pairwise definition the sorted checks must agree with: a port is
/// reported when an earlier port shares its (number, protocol), or when an
/// earlier well-formed range shares a port with its well-formed range.
fn pairwise(req: &DevTokenRequest) -> Vec<(IssueCode, String)> {
    let ports: Vec<(&String, &PortConfig)> = req.ports.iter().collect();
    let mut out = Vec::new();
    for (i, (label, c)) in ports.iter().enumerate() {
        let earlier = &ports[..i];
        if let Some(p) = c.port {
            if earlier
                .iter()
                .any(|(_, e)| e.port == Some(p) && e.protocol == c.protocol)
            {
                out.push((
                    IssueCode::PortProtocolNotUnique,
                    format!("ports.{label}.port"),
                ));
            }
        }
        if let Some(r) = c.port_range.filter(|r| r.min <= r.max) {
            if earlier.iter().any(|(_, e)| {
                e.port_range
                    .is_some_and(|o| o.min <= o.max && o.min <= r.max && r.min <= o.max)
            }) {
                out.push((
                    IssueCode::RangesOverlap,
                    format!("ports.{label}.port_range"),
                ));
            }
        }
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(common::cases(3000)))]

    #[test]
    fn sorted_overlap_and_pair_checks_agree_with_the_pairwise_definition(
        ports in proptest::collection::vec(
            (0u8..3, 0i64..40, 0i64..40, proptest::bool::ANY),
            0..=16,
        )
    ) {
        let req = request(
            ports
                .iter()
                .enumerate()
                .map(|(i, &(proto, a, b, is_range))| {
                    let protocol = [Tcp, Udp, Http][proto as usize].clone();
                    let label: &'static str = Box::leak(format!("p{i}").into_boxed_str());
                    let config = if is_range && protocol.allows_range() {
                        range(protocol, a, b)
                    } else {
                        port(protocol, a + 1)
                    };
                    (label, config)
                })
                .collect(),
        );
        let got: Vec<(IssueCode, String)> = found(&req)
            .into_iter()
            .filter(|(c, _)| matches!(c, IssueCode::RangesOverlap | IssueCode::PortProtocolNotUnique))
            .collect();
        proptest::prop_assert_eq!(got, pairwise(&req));
    }
}

#[test]
fn a_request_of_thousands_of_overlapping_ranges_gets_a_short_answer() {
    // 1,500 ranges that all overlap: the report once ran to a million issues.
    let req = DevTokenRequest {
        hostname: "127.0.0.1".into(),
        ports: (0..1500)
            .map(|i| (format!("r{i}"), range(Udp, 1000, 2000 + i)))
            .collect(),
    };
    let started = std::time::Instant::now();
    let issues = dev_token_request(&req);
    let elapsed = started.elapsed();
    assert_eq!(issues[0].code, IssueCode::PortsTooMany);
    assert!(
        issues[0].message.contains("1500 ports"),
        "{}",
        issues[0].message
    );
    // Ports 2 to 16 each overlap the first: one issue each, no more.
    assert_eq!(issues.len(), 1 + 15, "{issues:?}");
    for (k, issue) in issues[1..].iter().enumerate() {
        assert_eq!(issue.code, IssueCode::RangesOverlap);
        assert_eq!(issue.path, format!("ports.r{}.port_range", k + 1));
    }
    assert!(elapsed < std::time::Duration::from_secs(1), "{elapsed:?}");
}

#[test]
fn a_port_is_reported_once_however_many_earlier_ports_it_collides_with() {
    let req = request(vec![
        ("a", range(Tcp, 1, 10)),
        ("b", range(Udp, 5, 15)),
        ("c", range(Tcp, 8, 9)),
        ("x", port(Tcp, 80)),
        ("y", port(Tcp, 80)),
        ("z", port(Tcp, 80)),
    ]);
    assert_eq!(
        found(&req),
        vec![
            (IssueCode::RangesOverlap, "ports.b.port_range".to_owned()),
            (IssueCode::RangesOverlap, "ports.c.port_range".to_owned()),
            (IssueCode::PortProtocolNotUnique, "ports.y.port".to_owned()),
            (IssueCode::PortProtocolNotUnique, "ports.z.port".to_owned()),
        ]
    );
    // Each duplicate names the first holder of the pair.
    let issues = dev_token_request(&req);
    assert!(issues[3].message.contains("\"x\""), "{}", issues[3].message);
}

#[test]
fn every_request_type_has_one_entry_point_with_its_id_wording() {
    use gamecloud::model::CdnAuthType;
    use gamecloud::validate::{list_builds, set_cdn_auth, set_domain_auth};
    let msgs = |issues: Vec<gamecloud::validate::Issue>| {
        issues
            .into_iter()
            .map(|i| (i.path, i.message))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        msgs(list_builds(" ")),
        vec![("game_id".to_owned(), "Enter the game id.".to_owned())]
    );
    assert_eq!(
        msgs(set_domain_auth("g", "..")),
        vec![(
            "namespace_id".to_owned(),
            "\"..\" is not a namespace id; ids are UUIDs.".to_owned()
        )]
    );
    let cdn = set_cdn_auth("", "n", &CdnAuthType::Other("token".into()));
    assert_eq!(
        cdn.iter().map(|i| i.code).collect::<Vec<_>>(),
        vec![IssueCode::IdInvalid, IssueCode::ValueUnknown]
    );
    let create =
        gamecloud::validate::create_dev_token("g", "", &request(vec![("a", port(Tcp, -1))]));
    assert_eq!(
        create.iter().map(|i| i.path.as_str()).collect::<Vec<_>>(),
        vec!["namespace_id", "ports.a.port"]
    );
}

// Issue 30, finding 4: another spelling of the same id was another id.
#[test]
fn every_spelling_of_a_uuid_is_one_id_and_other_text_is_left_for_the_checks() {
    use gamecloud::validate::canonical_id;
    let id = "7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
    for spelling in [
        id,
        "7D8E1F20-3A4B-4C5D-8E9F-0A1B2C3D4E5F",
        "7d8e1f203a4b4c5d8e9f0a1b2c3d4e5f",
        "{7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f}",
        "urn:uuid:7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
        "URN:UUID:7D8E1F203A4B4C5D8E9F0A1B2C3D4E5F",
        "  7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f\t",
    ] {
        assert_eq!(canonical_id(spelling), id, "{spelling}");
    }
    for other in [
        "prod",
        "..",
        "7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5",
        "7d8e1f20-3a4b4c5d-8e9f-0a1b-2c3d4e5f",
        "{7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
        "+d8e1f203a4b4c5d8e9f0a1b2c3d4e5f",
        "é".repeat(16).as_str(),
        &format!("a{}b", "€".repeat(10)),
    ] {
        assert_eq!(canonical_id(other), other.trim(), "{other}");
    }
}

// Issue 30, finding 3: labels took format characters, and "." as a whole name.
#[test]
fn a_namespace_label_refuses_control_and_format_characters_and_names_without_letters() {
    use gamecloud::validate::namespace_label_problem;
    for good in ["", "Production", "prod-eu 2", "本番", "Живой"] {
        assert_eq!(namespace_label_problem(good), None, "{good}");
    }
    for bad in [
        "prod\u{202E}",
        "\u{2066}prod\u{2069}",
        "pr\u{200B}od",
        "prod\n",
        "\u{FEFF}prod",
        "pro\u{E000}d",
        "\u{3164}",
        "Prod\u{FE0F}",
        "pr\u{34F}od",
        "prod\u{2028}eu",
        ".",
        " - ",
        &"x".repeat(257),
        // A token pasted as a name (issue 52): shown in presentation mode and
        // kept in the browser for good.
        "dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl",
        "Prod eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE",
    ] {
        assert!(namespace_label_problem(bad).is_some(), "{bad:?}");
    }
}

// From a review: the panel's own refusal reported the service's VALIDATION_ERROR.
#[test]
fn the_panels_protected_refusal_is_no_service_code() {
    assert_eq!(IssueCode::NamespaceProtected.service_rejection(), None);
}

#[test]
fn a_kind_of_id_reads_from_its_noun_and_nothing_else() {
    use gamecloud::json::from_slice;
    use gamecloud::validate::IdKind;
    for kind in [IdKind::Game, IdKind::Namespace] {
        let text = format!("\"{}\"", kind.noun());
        assert_eq!(from_slice::<IdKind>(text.as_bytes()), Ok(kind));
        assert_eq!(IdKind::from_noun(kind.noun()), Some(kind));
    }
    for other in [&b"\"team\""[..], b"\"Game\"", b"\"\"", b"1", b"null"] {
        assert!(from_slice::<IdKind>(other).is_err(), "{other:?}");
    }
}

/// A value someone sent is quoted in its message, not echoed whole: a
/// megabyte of CDN auth type or protocol gives a message a person can read.
#[test]
fn values_quoted_in_messages_are_short_and_without_control_characters() {
    use gamecloud::model::CdnAuthType;
    let long = format!("\u{7}{}", "x".repeat(1_000_000));
    let cdn = gamecloud::validate::set_cdn_auth("g", "n", &CdnAuthType::Other(long.clone()));
    assert_eq!(
        cdn[0].message,
        format!(
            "\"{}…\" is not a CDN auth type; use none or basic.",
            "x".repeat(32)
        )
    );
    let mut config = port(Tcp, 7777);
    config.protocol = PortProtocol::Other(long);
    let issues = dev_token_request(&request(vec![("a", config)]));
    let protocol = issues
        .iter()
        .find(|i| i.code == IssueCode::ProtocolUnknown)
        .expect("the protocol is refused");
    assert!(protocol.message.len() < 120, "{}", protocol.message);
    assert!(protocol
        .message
        .starts_with(&format!("Protocol \"{}…\"", "x".repeat(32))));
}
