//! Token decoding: the four-part format, the protobuf claims, and clear errors
//! for anything malformed.

use gamecloud::model::PortProtocol;
use gamecloud::token::*;

const NS: &str = "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c";

fn varint(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn field_bytes(number: u64, bytes: &[u8], out: &mut Vec<u8>) {
    varint(number << 3 | 2, out);
    varint(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

fn field_varint(number: u64, n: u64, out: &mut Vec<u8>) {
    varint(number << 3, out);
    varint(n, out);
}

/// Claims written byte by byte from the contract, independent of the encoder.
fn contract_claims() -> Vec<u8> {
    let uuid = |s: &str| {
        let mut m = Vec::new();
        field_bytes(1, &parse_uuid(s).unwrap(), &mut m);
        m
    };
    let mut http_port = Vec::new();
    field_bytes(1, b"default", &mut http_port);
    field_varint(2, 8080, &mut http_port); // http = 0: no field 3
    let mut udp_range = Vec::new();
    field_bytes(1, b"game", &mut udp_range);
    field_varint(3, 2, &mut udp_range); // udp = 2
    let mut range = Vec::new();
    field_varint(1, 7000, &mut range);
    field_varint(2, 7010, &mut range);
    field_bytes(4, &range, &mut udp_range);
    let mut dev = Vec::new();
    field_bytes(1, &uuid(NS), &mut dev);
    field_bytes(3, b"192.168.1.20", &mut dev);
    field_bytes(4, &http_port, &mut dev);
    field_bytes(4, &udp_range, &mut dev);
    let mut entitlement = Vec::new();
    field_bytes(8, &dev, &mut entitlement);
    let mut claims = Vec::new();
    field_varint(1, 1_767_225_600_000, &mut claims);
    field_varint(2, 1_735_689_600_000, &mut claims);
    field_bytes(
        3,
        &uuid("00112233-4455-6677-8899-aabbccddeeff"),
        &mut claims,
    );
    field_bytes(4, &entitlement, &mut claims);
    claims
}

fn assemble(label: Option<&str>, claims: &[u8]) -> String {
    let body = format!(
        "{}.{}.{}",
        base64url::encode(HEADER_JSON.as_bytes()),
        base64url::encode(claims),
        base64url::encode(&[7u8; 64])
    );
    match label {
        Some(l) => format!("{l}.{body}"),
        None => body,
    }
}

#[test]
fn decodes_a_development_token_built_from_the_contract() {
    let t = decode(&assemble(Some("dev_staging"), &contract_claims())).unwrap();
    assert_eq!(t.label.as_deref(), Some("dev_staging"));
    assert_eq!(
        (t.header.typ.as_deref(), t.header.alg.as_deref()),
        (Some("JWT"), Some("EdDSA"))
    );
    assert_eq!(t.claims.exp_ms, Some(1_767_225_600_000));
    assert_eq!(t.claims.iat_ms, Some(1_735_689_600_000));
    assert_eq!(
        t.claims.jti.as_deref(),
        Some("00112233-4455-6677-8899-aabbccddeeff")
    );
    assert_eq!(t.kind(), TokenKind::Development);
    assert_eq!(t.signature_len, 64);
    let dev = t.development().unwrap();
    assert_eq!(dev.namespace_id.as_deref(), Some(NS));
    assert_eq!(dev.hostname, "192.168.1.20");
    assert_eq!(
        dev.ports,
        vec![
            DevPort {
                label: "default".into(),
                port: Some(8080),
                protocol: PortProtocol::Http,
                port_range: None
            },
            DevPort {
                label: "game".into(),
                port: None,
                protocol: PortProtocol::Udp,
                port_range: Some((7000, 7010))
            },
        ]
    );
}

#[test]
fn the_encoder_writes_what_the_contract_says() {
    let t = decode(&assemble(None, &contract_claims())).unwrap();
    assert_eq!(t.label, None);
    assert_eq!(encode_claims(&t.claims), contract_claims());
}

#[test]
fn every_protocol_number_round_trips() {
    let ports: Vec<DevPort> = PortProtocol::KNOWN
        .iter()
        .enumerate()
        .map(|(i, p)| DevPort {
            label: format!("p{i}"),
            port: Some(1000 + i as u32),
            protocol: p.clone(),
            port_range: None,
        })
        .collect();
    let claims = Claims {
        exp_ms: None,
        iat_ms: Some(1),
        jti: None,
        entitlements: vec![
            Entitlement::NamespaceDevelopment(DevEntitlement {
                namespace_id: None,
                hostname: "h".into(),
                ports,
            }),
            Entitlement::GameCloud {
                game_id: Some(NS.into()),
            },
            Entitlement::Other { number: 15 },
        ],
    };
    let t = decode(&assemble(Some("x"), &encode_claims(&claims))).unwrap();
    assert_eq!(t.claims, claims);
    assert_eq!(t.claims.exp_ms, None, "absent exp never expires");
}

#[test]
fn kinds_follow_the_entitlements() {
    let kind = |e: Entitlement| {
        let claims = Claims {
            entitlements: vec![e],
            ..Default::default()
        };
        decode(&assemble(None, &encode_claims(&claims)))
            .unwrap()
            .kind()
    };
    assert_eq!(
        kind(Entitlement::GameCloud { game_id: None }),
        TokenKind::Cloud
    );
    assert_eq!(kind(Entitlement::User { user_id: None }), TokenKind::User);
    assert_eq!(
        kind(Entitlement::NamespacePublic { namespace_id: None }),
        TokenKind::Public
    );
    assert_eq!(kind(Entitlement::Other { number: 12 }), TokenKind::Other);
}

#[test]
fn malformed_tokens_give_clear_errors() {
    let good = assemble(Some("dev_x"), &contract_claims());
    let parts: Vec<&str> = good.split('.').collect();
    let cases: Vec<(String, &str, &str)> = vec![
        (String::new(), "token", "empty"),
        ("a.b".into(), "token", "2 dot-separated parts"),
        ("a.b.c.d.e".into(), "token", "5 dot-separated parts"),
        (
            format!("{}.{}.!!.{}", parts[0], parts[1], parts[3]),
            "claims",
            "not base64url",
        ),
        (
            format!(
                "{}.{}.{}.{}",
                parts[0],
                base64url::encode(b"not json"),
                parts[2],
                parts[3]
            ),
            "header",
            "JSON",
        ),
        (
            format!("{}.{}.{}.", parts[0], parts[1], parts[2]),
            "signature",
            "empty",
        ),
        (
            format!(
                "{}.{}.{}.{}",
                parts[0],
                parts[1],
                base64url::encode(&[0x0a, 0x05, 1]),
                parts[3]
            ),
            "claims",
            "remain",
        ),
        (
            format!(
                "{}.{}.{}.{}",
                parts[0],
                parts[1],
                base64url::encode(&[0xff; 11]),
                parts[3]
            ),
            "claims",
            "10 bytes",
        ),
        (
            format!(
                "{}.{}.{}.{}",
                parts[0],
                parts[1],
                base64url::encode(&[0x22, 0]),
                parts[3]
            ),
            "claims",
            "no kind",
        ),
        (
            format!("bad label!.{}.{}.{}", parts[1], parts[2], parts[3]),
            "token",
            "label",
        ),
    ];
    for (token, part, words) in cases {
        let err = decode(&token).unwrap_err();
        assert_eq!(err.part, part, "{token}: {err}");
        assert!(err.to_string().contains(words), "{token}: {err}");
    }
}

#[test]
fn uuids_parse_and_format() {
    let b = parse_uuid("00112233-4455-6677-8899-AABBCCDDEEFF").unwrap();
    assert_eq!(uuid_string(&b), "00112233-4455-6677-8899-aabbccddeeff");
    for bad in [
        "",
        "00112233445566778899aabbccddeeff",
        "0011223-34455-6677-8899-aabbccddeeff",
        "g0112233-4455-6677-8899-aabbccddeeff",
        "00112233-4455-6677-8899-aabbccddeeé",
        // A sign is not a hex digit, though a number parser takes one.
        "+0112233-4455-6677-8899-aabbccddeeff",
        "00112233-4455-6677-8899-+abbccddeeff",
        "00112233-4455-6677-8899-aabb-cddeeff",
    ] {
        assert_eq!(parse_uuid(bad), None, "{bad}");
    }
    assert_eq!(dev_label("my-staging"), "dev_my_staging");
}

#[test]
fn times_are_exact_up_to_the_last_date_and_a_clear_error_beyond() {
    let with_times = |exp: u64, iat: u64| {
        let mut claims = Vec::new();
        field_varint(1, exp, &mut claims);
        field_varint(2, iat, &mut claims);
        decode(&assemble(None, &claims))
    };
    let t = with_times(MAX_TIME_MS, MAX_TIME_MS - 1).unwrap();
    assert_eq!(t.claims.exp_ms, Some(8_640_000_000_000_000));
    assert_eq!(t.claims.iat_ms, Some(8_639_999_999_999_999));
    for (exp, iat, named) in [
        (MAX_TIME_MS + 1, 1, "exp is 8640000000000001 ms"),
        (1, 1 << 60, "iat is 1152921504606846976 ms"),
        // A negative int64 on the wire: once a negative date, now an error.
        (-1i64 as u64, 1, "exp is 18446744073709551615 ms"),
    ] {
        let e = with_times(exp, iat).unwrap_err();
        assert!(e.message.contains(named), "{}", e.message);
        assert!(e.message.contains("beyond any date"), "{}", e.message);
    }
}

#[test]
fn a_token_is_judged_before_any_call_by_kind_game_and_expiry() {
    const GAME: &str = "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f";
    const OTHER: &str = "00000000-0000-4000-8000-000000000000";
    let now = 1_767_225_600_000; // 2026-01-01
    let token = |entitlement: Entitlement, exp_ms: Option<i64>| {
        let claims = Claims {
            exp_ms,
            iat_ms: Some(now - 1000),
            jti: None,
            entitlements: vec![entitlement],
        };
        assemble(Some("x"), &encode_claims(&claims))
    };
    let cloud = |g: &str| Entitlement::GameCloud {
        game_id: Some(g.into()),
    };
    let fit = |t: &str, game: &str| Fitness::of(t, game, now);

    let usable = fit(&token(cloud(GAME), Some(now + 86_400_000)), GAME);
    assert!(usable.allows_calls());
    assert_eq!(
        usable.describe(),
        "A cloud token that expires on 2026-01-02 at 00:00 UTC: it can call these operations."
    );
    let user = fit(&token(Entitlement::User { user_id: None }, None), GAME);
    assert!(user.allows_calls());
    assert!(
        user.describe().contains("never expires"),
        "{}",
        user.describe()
    );

    let dev = Entitlement::NamespaceDevelopment(DevEntitlement {
        namespace_id: Some(NS.into()),
        hostname: "h".into(),
        ports: vec![],
    });
    for (wrong, says) in [
        (dev, "A development token"),
        (
            Entitlement::NamespacePublic { namespace_id: None },
            "A public token",
        ),
    ] {
        let f = fit(&token(wrong, None), GAME);
        assert!(!f.allows_calls());
        assert!(f.describe().starts_with(says), "{}", f.describe());
        assert!(
            f.describe().contains("Use a cloud token of this game"),
            "{}",
            f.describe()
        );
    }

    let other = fit(&token(cloud(OTHER), None), GAME);
    assert_eq!(
        other,
        Fitness::OtherGame {
            token_game: OTHER.into()
        }
    );
    assert!(!other.allows_calls());
    // No game chosen yet: a cloud token cannot be judged by its game.
    assert!(fit(&token(cloud(OTHER), None), "").allows_calls());

    let expired = fit(&token(cloud(GAME), Some(now - 60_000)), GAME);
    assert!(!expired.allows_calls());
    assert_eq!(
        expired.describe(),
        "This token expired on 2025-12-31 at 23:59 UTC. Create a new one in the dashboard."
    );

    // A string this panel cannot read is sent as it is.
    assert_eq!(fit("dev-token", GAME), Fitness::Unreadable);
    assert!(fit("dev-token", GAME).allows_calls());

    // Issue 16: the check is advisory (unsigned claims). What it cannot know
    // (this machine's clock, a kind it does not know) may be sent anyway;
    // a kind it knows these operations refuse, or another game's, never.
    assert!(expired.may_send_anyway());
    assert!(Fitness::WrongKind(TokenKind::Other).may_send_anyway());
    for never in [
        Fitness::WrongKind(TokenKind::Development),
        Fitness::WrongKind(TokenKind::Public),
        other,
    ] {
        assert!(!never.may_send_anyway(), "{never:?}");
    }
    assert!(!usable.may_send_anyway(), "nothing to override");

    // The header's words: how long is left in its largest unit, or what is
    // wrong.
    assert_eq!(usable.status(), "Token expires in 1 day");
    assert!(usable.allows_calls());
    let in_12_days = fit(&token(cloud(GAME), Some(now + 12 * 86_400_000 + 5)), GAME);
    assert_eq!(in_12_days.status(), "Token expires in 12 days");
    assert_eq!(
        fit(&token(cloud(GAME), Some(now + 5 * 3_600_000 + 1)), GAME).status(),
        "Token expires in 5 h"
    );
    assert_eq!(
        fit(&token(cloud(GAME), Some(now + 30_000)), GAME).status(),
        "Token expires in less than a minute"
    );
    assert_eq!(user.status(), "Token never expires");
    assert!(user.allows_calls());
    assert_eq!(expired.status(), "Token expired");
    assert!(!expired.allows_calls());
    assert_eq!(fit("dev-token", GAME).status(), "Check token");
    assert!(
        !fit("dev-token", GAME).checked(),
        "an unreadable token is not checked: grey, not green"
    );
    assert!(fit("dev-token", GAME).allows_calls());
    assert!(!Fitness::WrongKind(TokenKind::Public).allows_calls());
}

fn life_claims(exp_ms: Option<i64>, iat_ms: Option<i64>) -> Claims {
    Claims {
        exp_ms,
        iat_ms,
        ..Claims::default()
    }
}

#[test]
fn a_tokens_life_counts_down_to_the_second_and_warns_in_its_last_tenth() {
    const DAY: i64 = 86_400_000;
    let iat = 1_800_000_000_000;
    let claims = life_claims(Some(iat + 365 * DAY), Some(iat));
    let at = |ms: i64| Life::of(&claims, ms);

    let fresh = at(iat + 1_000);
    assert!(matches!(fresh, Life::Left { low: false, .. }), "{fresh:?}");
    assert_eq!(
        fresh.describe(),
        "Expires in 364 d 23 h 59 min 59 s, on 2028-01-15 at 08:00 UTC."
    );
    // The tenth: 36.5 days before the end.
    let edge = iat + 365 * DAY - 365 * DAY / 10;
    assert!(matches!(at(edge), Life::Left { low: false, .. }));
    let low = at(edge + 1);
    assert!(matches!(low, Life::Left { low: true, .. }));
    assert!(low
        .describe()
        .ends_with("Less than a tenth of its life is left: create a new one soon."));
    assert!(at(iat + 365 * DAY - 1)
        .describe()
        .starts_with("Expires in 1 s, on"));
    assert_eq!(
        at(iat + 365 * DAY).describe(),
        "Expired on 2028-01-15 at 08:00 UTC: create a new one."
    );
    assert!(matches!(at(i64::MAX), Life::Expired { .. }));
    assert!(matches!(at(i64::MIN), Life::Left { .. }));
}

#[test]
fn a_token_without_an_expiry_never_expires_and_without_an_issue_time_warns_in_its_last_day() {
    assert_eq!(Life::of(&life_claims(None, Some(1)), 5), Life::Endless);
    assert_eq!(
        Life::of(&life_claims(None, None), 5).describe(),
        "It never expires."
    );
    let exp = 1_800_000_000_000;
    for iat in [None, Some(exp), Some(exp + 1)] {
        let claims = life_claims(Some(exp), iat);
        assert!(matches!(
            Life::of(&claims, exp - 86_400_000),
            Life::Left { low: false, .. }
        ));
        assert!(matches!(
            Life::of(&claims, exp - 86_399_999),
            Life::Left { low: true, .. }
        ));
    }
    assert_eq!(Life::of_token("not a token", 0), None);
    let token = assemble(None, &encode_claims(&life_claims(Some(exp), Some(1))));
    assert!(matches!(Life::of_token(&token, 0), Some(Life::Left { .. })));
}

#[test]
fn durations_read_largest_unit_first_rounded_up_to_the_second() {
    assert_eq!(duration(0), "1 s");
    assert_eq!(duration(1), "1 s");
    assert_eq!(duration(59_001), "1 min");
    assert_eq!(duration(3_600_000), "1 h");
    assert_eq!(duration(86_400_000 + 5_000), "1 d 5 s");
    assert_eq!(duration(-5), "1 s");
    assert!(!duration(i64::MAX).is_empty());
}

#[test]
fn an_expiry_past_the_year_9999_is_distant_not_never() {
    // The decoder takes times up to JavaScript's last date (year 275760);
    // past 9999-12-31 no date is written, but the token still expires.
    let exp = 253_402_300_800_000;
    let token = assemble(None, &encode_claims(&life_claims(Some(exp), Some(1))));
    let life = Life::of_token(&token, 0).unwrap();
    assert_eq!(life, Life::Distant);
    assert_eq!(life.describe(), "Expires after the year 9999.");
    assert_eq!(
        Life::file_note(&token),
        "Expires after the year 9999 (the token's exp claim)."
    );
    let token = assemble(None, &encode_claims(&life_claims(Some(exp - 1), Some(1))));
    assert_eq!(
        Life::file_note(&token),
        "Expires 9999-12-31T23:59:59.999Z (the token's exp claim)."
    );
}

#[test]
fn the_token_check_says_an_expiry_past_the_year_9999_as_such() {
    let claims = Claims {
        exp_ms: Some(253_402_300_800_000),
        entitlements: vec![Entitlement::User { user_id: None }],
        ..Claims::default()
    };
    let token = assemble(None, &encode_claims(&claims));
    assert_eq!(
        Fitness::of(&token, "", 0).describe(),
        "A user token that expires after the year 9999: it can call these operations."
    );
}

// Issue 39, finding 5: a token pasted into an id field went out in the
// path, into the address bar and into the recent ids.
#[test]
fn a_token_in_an_id_field_is_refused_and_kept_nowhere() {
    use gamecloud::ids::{GameId, NamespaceId};
    use gamecloud::route::{Page, Route};
    use gamecloud::validate::{list_builds, set_domain_auth, IssueCode};
    let token = assemble(Some("dev_x"), &contract_claims());
    let refused = list_builds(&token);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].code, IssueCode::IdInvalid);
    assert!(
        refused[0]
            .message
            .starts_with("This holds a token, not a game id"),
        "{}",
        refused[0].message
    );
    // Quoted, after `Bearer `, with a comma: still a token.
    for held in [
        format!("\"{token}\""),
        format!("Bearer {token}"),
        format!("{token},"),
    ] {
        assert_eq!(list_builds(&held)[0].code, IssueCode::IdInvalid, "{held}");
    }
    let refused = set_domain_auth("7d8e1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f", &token);
    assert!(
        refused[0].message.contains("not a namespace id"),
        "{refused:?}"
    );
    let (game, ns) = (GameId::new(&token), NamespaceId::new(&token));
    assert!(!game.is_uuid() && !ns.is_uuid());
    // Pasted into the builds' filter: filtered by, never put in the address.
    let filter = gamecloud::builds_view::View {
        query: format!("nightly \"{token}\""),
        ..Default::default()
    };
    assert_eq!(filter.to_query(true), "");
    let route = Route {
        page: Page::Builds,
        game_id: game,
        namespace_id: ns.clone(),
        view: String::new(),
        build_id: String::new(),
    };
    assert!(
        !route.to_hash().contains(&token[..20]),
        "{}",
        route.to_hash()
    );
    let mut marks = gamecloud::protect::Marks::default();
    assert!(!marks.set(&ns, true), "a mark is kept for UUIDs only");
    assert_eq!(gamecloud::protect::Marks::parse(&token), marks);
}
