//! The local service over real HTTP on loopback: every status and code of the
//! contract, CORS, tokens, persistence, rate limits and concurrency.

use std::sync::Arc;

use ed25519_dalek::Verifier;
use gamecloud::model::ListBuildsResponse;
use gamecloud::token::{self, base64url, Claims, Entitlement};
use local_service::{demo, Config, State};
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

const TOKEN: &str = "test-token";

struct Service {
    base: String,
    state: Arc<State>,
    http: Client,
}

async fn start(config: Config) -> Service {
    let listener = tokio::net::TcpListener::bind(config.listen).await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = Arc::new(State::new(&config).unwrap());
    tokio::spawn(local_service::serve(listener, state.clone()));
    Service {
        base,
        state,
        http: Client::new(),
    }
}

async fn default_service() -> Service {
    start(Config::for_tests(TOKEN)).await
}

/// A service with `--test-hooks`.
async fn hooked_service() -> Service {
    let mut config = Config::for_tests(TOKEN);
    config.test_hooks = true;
    start(config).await
}

fn builds_path() -> String {
    format!("/cloud/games/{}/builds", demo::GAME_ID)
}

fn ns_path(ns: &str, rest: &str) -> String {
    format!("/cloud/games/{}/namespaces/{ns}/{rest}", demo::GAME_ID)
}

impl Service {
    fn request(&self, method: Method, path: &str) -> reqwest::RequestBuilder {
        self.anonymous(method, path).bearer_auth(TOKEN)
    }

    /// The same call with no Authorization header.
    fn anonymous(&self, method: Method, path: &str) -> reqwest::RequestBuilder {
        self.http.request(method, format!("{}{path}", self.base))
    }

    /// Sends and returns (status, ray id header, JSON body or Null).
    async fn send(&self, req: reqwest::RequestBuilder) -> (StatusCode, String, Value) {
        let res = req.send().await.unwrap();
        let status = res.status();
        let ray = res
            .headers()
            .get("rvt-ray-id")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let body = res.bytes().await.unwrap();
        (
            status,
            ray,
            serde_json::from_slice(&body).unwrap_or(Value::Null),
        )
    }

    async fn error_code(&self, req: reqwest::RequestBuilder) -> (StatusCode, String) {
        let (status, ray, body) = self.send(req).await;
        assert_eq!(
            body["ray_id"],
            json!(ray),
            "the body's ray id is the header's: {body}"
        );
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{body}"
        );
        assert!(
            body["documentation"]
                .as_str()
                .is_some_and(|d| d.starts_with("https://")),
            "{body}"
        );
        (status, body["code"].as_str().unwrap_or_default().to_owned())
    }

    async fn dev_token(&self, ns: &str, body: Value) -> (StatusCode, Value) {
        let (status, _, body) = self
            .send(
                self.request(Method::POST, &ns_path(ns, "tokens/development"))
                    .json(&body),
            )
            .await;
        (status, body)
    }

    async fn settings(&self) -> Value {
        self.http
            .get(format!("{}/_local/state", self.base))
            .bearer_auth(TOKEN)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// A request to the fault hook, with the token.
    /// Queues `fault` (`--test-hooks`).
    async fn queue(&self, fault: &Value) {
        let res = self.faults(Method::POST).json(fault).send().await.unwrap();
        assert!(res.status().is_success(), "{fault}");
    }

    fn faults(&self, method: Method) -> reqwest::RequestBuilder {
        self.http
            .request(method, format!("{}/_local/faults", self.base))
            .bearer_auth(TOKEN)
    }
}

#[tokio::test]
async fn lists_the_demo_builds_exactly() {
    let s = default_service().await;
    let res = s.request(Method::GET, &builds_path()).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers().contains_key("rvt-ray-id"));
    let text = res.text().await.unwrap();
    assert!(
        text.contains("\"content_length\":9007199254740993"),
        "exact above 2^53 on the wire"
    );
    let list: ListBuildsResponse = serde_json::from_str(&text).unwrap();
    assert_eq!(list.builds.len(), demo::DEMO_BUILDS as usize);
    assert!(
        list.builds.iter().any(|b| !b.complete),
        "some uploads are unfinished"
    );
    assert!(list
        .builds
        .iter()
        .any(|b| b.display_name.contains("<script>")));
    assert!(list
        .builds
        .iter()
        .any(|b| b.display_name.contains("サーバー")));
    assert!(list.builds.iter().any(|b| !b.tags.is_empty()));
    assert!(
        list.builds
            .windows(2)
            .all(|w| w[0].create_ts >= w[1].create_ts),
        "newest first"
    );
    assert!(text.contains(".") && list.builds[0].create_ts.to_rfc3339_ms().ends_with('Z'));
}

#[tokio::test]
async fn the_bearer_check_answers_each_case_with_its_code() {
    let s = default_service().await;
    let url = format!("{}{}", s.base, builds_path());
    let expired = s.state.minter.mint(
        "cloud",
        &Claims {
            exp_ms: Some(1_000),
            iat_ms: Some(1),
            jti: None,
            entitlements: vec![Entitlement::GameCloud {
                game_id: Some(demo::GAME_ID.into()),
            }],
        },
    );
    let other_game = s.state.minter.mint(
        "cloud",
        &Claims {
            entitlements: vec![Entitlement::GameCloud {
                game_id: Some(demo::PROD_ID.into()),
            }],
            ..Default::default()
        },
    );
    let cases = [
        (None, StatusCode::UNAUTHORIZED, "API_UNAUTHORIZED"),
        (
            Some("Basic dXNlcjpwYXNz".to_owned()),
            StatusCode::UNAUTHORIZED,
            "API_UNAUTHORIZED",
        ),
        (
            Some("Bearer not-a-token".to_owned()),
            StatusCode::BAD_REQUEST,
            "TOKEN_INVALID",
        ),
        (
            Some(format!("Bearer {other_game}")),
            StatusCode::UNAUTHORIZED,
            "CLAIMS_MISSING_ENTITLEMENT",
        ),
        (
            Some(format!("Bearer {expired}")),
            StatusCode::UNAUTHORIZED,
            "CLAIMS_ENTITLEMENT_EXPIRED",
        ),
    ];
    for (header, status, code) in cases {
        let mut req = s.http.get(&url);
        if let Some(h) = &header {
            req = req.header("authorization", h);
        }
        assert_eq!(
            s.error_code(req).await,
            (status, code.to_owned()),
            "{header:?}"
        );
    }
}

#[tokio::test]
async fn routes_answer_404_for_non_uuids_and_400_for_wrong_methods() {
    let s = default_service().await;
    let cases = [
        (
            Method::GET,
            "/cloud/games/not-a-uuid/builds".to_owned(),
            StatusCode::NOT_FOUND,
            "API_NOT_FOUND",
        ),
        (
            Method::GET,
            "/cloud/games/..%2F..%2Fetc/builds".to_owned(),
            StatusCode::NOT_FOUND,
            "API_NOT_FOUND",
        ),
        (
            Method::GET,
            "/cloud/nothing".to_owned(),
            StatusCode::NOT_FOUND,
            "API_NOT_FOUND",
        ),
        (
            Method::PUT,
            ns_path("nope", "cdn-auth"),
            StatusCode::NOT_FOUND,
            "API_NOT_FOUND",
        ),
        (
            Method::POST,
            builds_path(),
            StatusCode::BAD_REQUEST,
            "API_METHOD_NOT_ALLOWED",
        ),
        (
            Method::DELETE,
            ns_path(demo::STAGING_ID, "cdn-auth"),
            StatusCode::BAD_REQUEST,
            "API_METHOD_NOT_ALLOWED",
        ),
        (
            Method::GET,
            ns_path(demo::STAGING_ID, "tokens/development"),
            StatusCode::BAD_REQUEST,
            "API_METHOD_NOT_ALLOWED",
        ),
    ];
    for (method, path, status, code) in cases {
        assert_eq!(
            s.error_code(s.request(method.clone(), &path)).await,
            (status, code.to_owned()),
            "{method} {path}"
        );
    }
}

#[tokio::test]
async fn unknown_games_and_namespaces_get_500_as_on_the_running_service() {
    let s = default_service().await;
    let unknown = "00000000-0000-4000-8000-000000000000";
    let internal = (StatusCode::INTERNAL_SERVER_ERROR, "ERROR".to_owned());
    let req = s.request(Method::GET, &format!("/cloud/games/{unknown}/builds"));
    assert_eq!(s.error_code(req).await, internal);
    let req = s
        .request(Method::PUT, &ns_path(unknown, "cdn-auth"))
        .json(&json!({"auth_type": "basic"}));
    assert_eq!(s.error_code(req).await, internal);
    let req = s
        .request(Method::POST, &ns_path(unknown, "tokens/development"))
        .json(&json!({"hostname": "h", "ports": {}}));
    assert_eq!(s.error_code(req).await, internal);
}

#[tokio::test]
async fn a_held_clock_dates_the_demo_builds_and_the_tokens_the_same_on_any_day() {
    let held = gamecloud::model::Timestamp::parse("2025-03-14T12:00:00Z").unwrap();
    let mut config = Config::for_tests(TOKEN);
    config.clock = Some(held);
    let s = start(config).await;
    let body: Value = s
        .request(Method::GET, &builds_path())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let newest = body["builds"][0]["create_ts"].as_str().unwrap();
    assert!(newest.starts_with("2025-03-14T"), "{newest}");
    let (status, body) = s
        .dev_token(
            demo::STAGING_ID,
            json!({"hostname": "10.0.0.2", "ports": {}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let t = token::decode(body["token"].as_str().unwrap()).unwrap();
    assert_eq!(t.claims.iat_ms, Some(held.unix_ms()));
}

#[tokio::test]
async fn development_tokens_are_minted_in_the_real_format_and_decode() {
    let s = default_service().await;
    let (status, body) = s
        .dev_token(
            demo::STAGING_ID,
            json!({"hostname": "192.168.1.20", "ports": {
                "default": {"protocol": "http", "port": 8080},
                "game": {"protocol": "udp", "port_range": {"min": 7000, "max": 7010}}
            }}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let raw = body["token"].as_str().unwrap();
    assert!(
        raw.starts_with("dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9."),
        "{raw}"
    );
    let t = token::decode(raw).unwrap();
    assert_eq!(t.kind(), token::TokenKind::Development);
    let dev = t.development().unwrap();
    assert_eq!(
        (dev.namespace_id.as_deref(), dev.hostname.as_str()),
        (Some(demo::STAGING_ID), "192.168.1.20")
    );
    type Summary<'a> = (&'a str, Option<u32>, Option<(u32, u32)>);
    let labels: Vec<Summary> = dev
        .ports
        .iter()
        .map(|p| (p.label.as_str(), p.port, p.port_range))
        .collect();
    assert_eq!(
        labels,
        vec![
            ("default", Some(8080), None),
            ("game", None, Some((7000, 7010)))
        ]
    );
    let (exp, iat) = (t.claims.exp_ms.unwrap(), t.claims.iat_ms.unwrap());
    assert_eq!(exp - iat, 365 * 24 * 3_600_000);
    // The signature is a real Ed25519 signature over header.claims.
    let parts: Vec<&str> = raw.split('.').collect();
    let sig = ed25519_dalek::Signature::from_slice(&base64url::decode(parts[3]).unwrap()).unwrap();
    let signed = format!("{}.{}", parts[1], parts[2]);
    s.state
        .minter
        .verifying_key()
        .verify(signed.as_bytes(), &sig)
        .unwrap();
    // Each call mints a new token.
    let (_, again) = s
        .dev_token(
            demo::STAGING_ID,
            json!({"hostname": "192.168.1.20", "ports": {}}),
        )
        .await;
    assert_ne!(again["token"], body["token"]);
    let (_, prod) = s
        .dev_token(demo::PROD_ID, json!({"hostname": "", "ports": {}}))
        .await;
    assert!(
        prod["token"].as_str().unwrap().starts_with("dev_prod."),
        "the service accepts an empty hostname"
    );
}

#[tokio::test]
async fn development_token_bodies_are_checked_as_the_service_checks_them() {
    let s = default_service().await;
    let cases = [
        (
            json!({"hostname": "h", "ports": {"a": {"protocol": "tcp", "port_range": {"min": 10, "max": 5}}, "B": {"protocol": "http", "port": 1}}}),
            StatusCode::BAD_REQUEST,
            "VALIDATION_ERROR",
        ),
        (
            json!({"hostname": "h", "ports": {"a": {"protocol": "quic", "port": 1}}}),
            StatusCode::BAD_REQUEST,
            "API_BAD_BODY",
        ),
        (
            json!({"hostname": "h", "ports": {"a": {"protocol": "tcp", "port": 2_147_483_648u64}}}),
            StatusCode::BAD_REQUEST,
            "API_BAD_BODY",
        ),
        (
            json!({"hostname": "h", "ports": {"a": {"protocol": "tcp", "port": 1.5}}}),
            StatusCode::BAD_REQUEST,
            "API_BAD_BODY",
        ),
        (
            json!({"hostname": "h", "ports": {"a": {"protocol": "tcp", "port": -1}}}),
            StatusCode::BAD_REQUEST,
            "CLOUD_INVALID_CONFIG",
        ),
        (
            json!({"hostname": "h", "ports": {"a": {"protocol": "tcp", "port_range": {"min": 1}}}}),
            StatusCode::BAD_REQUEST,
            "API_BAD_BODY",
        ),
        (
            json!({"hostname": "h", "ports": {}, "lobby_ports": []}),
            StatusCode::BAD_REQUEST,
            "API_BAD_BODY",
        ),
        (
            json!({"ports": {}}),
            StatusCode::BAD_REQUEST,
            "API_BAD_BODY",
        ),
        (
            json!({"hostname": "h"}),
            StatusCode::INTERNAL_SERVER_ERROR,
            "ERROR",
        ),
    ];
    for (body, status, code) in cases {
        let req = s
            .request(
                Method::POST,
                &ns_path(demo::STAGING_ID, "tokens/development"),
            )
            .json(&body);
        assert_eq!(s.error_code(req).await, (status, code.to_owned()), "{body}");
    }
    let req = s
        .request(
            Method::POST,
            &ns_path(demo::STAGING_ID, "tokens/development"),
        )
        .body("{not json");
    assert_eq!(
        s.error_code(req).await,
        (StatusCode::BAD_REQUEST, "API_BAD_BODY".to_owned())
    );

    // The validation error names every failing path, keyed by label.
    let (_, body) = s
        .dev_token(demo::STAGING_ID, json!({"hostname": "h", "ports": {"a": {"protocol": "tcp", "port_range": {"min": 10, "max": 5}}, "B": {"protocol": "http", "port": 1}}}))
        .await;
    let message = body["message"].as_str().unwrap();
    assert!(
        message.contains("ports.a.port_range: range-min-gt-max"),
        "{message}"
    );
    assert!(message.contains("ports.B: label-invalid"), "{message}");
    assert_eq!(body["metadata"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_puts_answer_200_empty_object_and_change_the_namespace() {
    let s = default_service().await;
    let res = s
        .request(Method::PUT, &ns_path(demo::PROD_ID, "cdn-auth"))
        .json(&json!({"auth_type": "basic"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers().contains_key("rvt-ray-id"));
    assert_eq!(res.text().await.unwrap(), "{}");
    let (status, _, _) = s
        .send(
            s.request(Method::PUT, &ns_path(demo::PROD_ID, "domain-public-auth"))
                .json(&json!({"enabled": true})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let settings = s.settings().await;
    assert_eq!(
        settings["namespaces"][demo::PROD_ID],
        json!({"cdn_auth_type": "basic", "domain_auth_enabled": true})
    );
    assert_eq!(
        settings["namespaces"][demo::STAGING_ID],
        json!({"cdn_auth_type": "none", "domain_auth_enabled": false})
    );

    for (path, body) in [
        ("cdn-auth", json!({"auth_type": "oauth"})),
        ("cdn-auth", json!({})),
        ("domain-public-auth", json!({"enabled": "yes"})),
    ] {
        let req = s
            .request(Method::PUT, &ns_path(demo::PROD_ID, path))
            .json(&body);
        assert_eq!(
            s.error_code(req).await,
            (StatusCode::BAD_REQUEST, "API_BAD_BODY".to_owned()),
            "{body}"
        );
    }
}

async fn preflight(s: &Service, origin: &str, method: &str, headers: &str) -> reqwest::Response {
    s.http
        .request(Method::OPTIONS, format!("{}{}", s.base, builds_path()))
        .header("origin", origin)
        .header("access-control-request-method", method)
        .header("access-control-request-headers", headers)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn cors_allows_loopback_origins_by_default_and_refuses_others() {
    let s = default_service().await;
    let res = preflight(
        &s,
        "http://localhost:5173",
        "PUT",
        "authorization,content-type",
    )
    .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let h = res.headers();
    assert_eq!(h["access-control-allow-origin"], "http://localhost:5173");
    assert!(h["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .contains("Authorization"));
    assert!(h["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .contains("PUT"));
    assert!(h.contains_key("rvt-ray-id"));

    let res = s
        .request(Method::GET, &builds_path())
        .header("origin", "http://127.0.0.1:9999")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["access-control-allow-origin"],
        "http://127.0.0.1:9999"
    );
    assert_eq!(res.headers()["access-control-expose-headers"], "rvt-ray-id");

    // Another origin: a 400 with no CORS header at all.
    for res in [
        preflight(&s, "https://evil.example", "GET", "authorization").await,
        s.request(Method::GET, &builds_path())
            .header("origin", "https://evil.example")
            .send()
            .await
            .unwrap(),
    ] {
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert!(!res.headers().contains_key("access-control-allow-origin"));
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "API_CORS_ORIGIN_NOT_ALLOWED");
    }
    let res = preflight(&s, "http://localhost:1", "PATCH", "").await;
    assert_eq!(
        res.json::<Value>().await.unwrap()["code"],
        "API_CORS_METHOD_NOT_ALLOWED"
    );
    let res = preflight(&s, "http://localhost:1", "GET", "x-custom").await;
    assert_eq!(
        res.json::<Value>().await.unwrap()["code"],
        "API_CORS_HEADER_NOT_ALLOWED"
    );
}

#[tokio::test]
async fn cors_origins_are_configurable() {
    let mut config = Config::for_tests(TOKEN);
    config.allow_origins = vec!["https://dash.example".into()];
    let s = start(config).await;
    assert_eq!(
        preflight(&s, "https://dash.example", "GET", "authorization")
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        preflight(&s, "http://localhost:5173", "GET", "authorization")
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    // Its own origin always may call (the panel it serves).
    let own = s.base.clone();
    assert_eq!(
        preflight(&s, &own, "PUT", "content-type").await.status(),
        StatusCode::NO_CONTENT
    );

    let mut config = Config::for_tests(TOKEN);
    config.allow_origins = vec!["*".into()];
    let s = start(config).await;
    assert_eq!(
        preflight(&s, "https://anyone.example", "GET", "")
            .await
            .status(),
        StatusCode::NO_CONTENT
    );

    let mut config = Config::for_tests(TOKEN);
    config.allow_origins = vec!["not an origin".into()];
    assert!(State::new(&config).is_err());
}

#[tokio::test]
async fn rate_limits_answer_429_with_retry_after_when_asked() {
    let mut config = Config::for_tests(TOKEN);
    config.rate_limit = Some("2,1/60".parse().unwrap());
    let s = start(config).await;
    for _ in 0..2 {
        assert_eq!(
            s.send(s.request(Method::GET, &builds_path())).await.0,
            StatusCode::OK
        );
    }
    let res = s.request(Method::GET, &builds_path()).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "API_RATE_LIMIT");
    assert!(body["metadata"].as_i64().unwrap() > local_service::state::Clock::default().now_ms());
    // Writes have their own, smaller budget per endpoint.
    let put = || {
        s.request(Method::PUT, &ns_path(demo::PROD_ID, "cdn-auth"))
            .json(&json!({"auth_type": "none"}))
    };
    assert_eq!(s.send(put()).await.0, StatusCode::OK);
    assert_eq!(s.send(put()).await.0, StatusCode::TOO_MANY_REQUESTS);

    // Off unless asked.
    let s = default_service().await;
    for _ in 0..200 {
        assert_eq!(
            s.send(s.request(Method::GET, &builds_path())).await.0,
            StatusCode::OK
        );
    }
}

#[tokio::test]
async fn settings_survive_a_restart_with_a_data_directory() {
    let dir = std::env::temp_dir().join(format!(
        "local-service-test-{}",
        local_service::mint::random_uuid()
    ));
    let mut config = Config::for_tests(TOKEN);
    config.data_dir = Some(dir.clone());
    config.token = None;
    let s = start(config.clone()).await;
    let generated = s.state.token.clone();
    let put = s
        .http
        .put(format!(
            "{}{}",
            s.base,
            ns_path(demo::STAGING_ID, "cdn-auth")
        ))
        .bearer_auth(&generated)
        .json(&json!({"auth_type": "basic"}));
    assert_eq!(s.send(put).await.0, StatusCode::OK);
    drop(s);

    let restarted = State::new(&config).unwrap();
    assert_eq!(restarted.token, generated, "a generated token is kept");
    assert_eq!(
        restarted.settings()[demo::STAGING_ID]
            .cdn_auth_type
            .as_str(),
        "basic"
    );
    let files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(
        files,
        vec!["state.json"],
        "no temporary file is left behind"
    );

    std::fs::write(dir.join("state.json"), "garbage").unwrap();
    let err = State::new(&config).err().unwrap();
    assert!(err.contains("not a state file"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn many_clients_at_once_all_get_their_answers() {
    let s = Arc::new(default_service().await);
    let mut tasks = Vec::new();
    for i in 0..64 {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            let client = Client::new(); // one connection pool per client
            let url = |p: &str| format!("{}{p}", s.base);
            let (status, body) = match i % 3 {
                0 => {
                    let r = client
                        .get(url(&builds_path()))
                        .bearer_auth(TOKEN)
                        .send()
                        .await
                        .unwrap();
                    let status = r.status();
                    let list: ListBuildsResponse = r.json().await.unwrap();
                    (status, json!(list.builds.len()))
                }
                1 => {
                    let r = client
                        .post(url(&ns_path(demo::STAGING_ID, "tokens/development")))
                        .bearer_auth(TOKEN)
                        .json(&json!({"hostname": format!("10.0.0.{i}"), "ports": {}}))
                        .send()
                        .await
                        .unwrap();
                    (r.status(), r.json().await.unwrap())
                }
                _ => {
                    let r = client
                        .put(url(&ns_path(demo::PROD_ID, "domain-public-auth")))
                        .bearer_auth(TOKEN)
                        .json(&json!({"enabled": i % 2 == 0}))
                        .send()
                        .await
                        .unwrap();
                    (r.status(), r.json().await.unwrap())
                }
            };
            assert_eq!(status, StatusCode::OK, "{body}");
            if i % 3 == 1 {
                let t = token::decode(body["token"].as_str().unwrap()).unwrap();
                assert_eq!(t.development().unwrap().hostname, format!("10.0.0.{i}"));
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
}

#[tokio::test]
async fn a_hundred_thousand_builds_are_served_and_decode() {
    let mut config = Config::for_tests(TOKEN);
    config.builds = Some(100_000);
    let s = start(config).await;
    let res = s.request(Method::GET, &builds_path()).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let list: ListBuildsResponse = res.json().await.unwrap();
    assert_eq!(list.builds.len(), 100_000);
    let ids: std::collections::HashSet<&str> =
        list.builds.iter().map(|b| b.build_id.as_str()).collect();
    assert_eq!(ids.len(), 100_000, "build ids are unique");
}

#[tokio::test]
async fn it_serves_a_built_panel_on_the_same_origin() {
    let dir = std::env::temp_dir().join(format!(
        "local-service-dist-{}",
        local_service::mint::random_uuid()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>panel</title>",
    )
    .unwrap();
    std::fs::write(dir.join("app.js"), "export {}").unwrap();
    let mut config = Config::for_tests(TOKEN);
    config.dist = Some(dir.clone());
    let s = start(config).await;
    let res = s.anonymous(Method::GET, "/").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    assert!(res.text().await.unwrap().contains("<title>panel</title>"));
    let res = s
        .http
        .get(format!("{}/app.js", s.base))
        .send()
        .await
        .unwrap();
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    // Issue 39, finding 11: the panel carried no frame-ancestors, so any page
    // could frame it. Every file of it now says no framing, the page and the
    // scripts alike.
    for path in ["/", "/app.js"] {
        let res = s
            .http
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(
            res.headers()["content-security-policy"],
            "frame-ancestors 'none'",
            "{path}"
        );
        assert_eq!(res.headers()["x-frame-options"], "DENY", "{path}");
    }
    // The API is still the API.
    assert_eq!(
        s.send(s.request(Method::GET, &builds_path())).await.0,
        StatusCode::OK
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn the_page_said_without_a_panel_cannot_be_framed_either() {
    // Found in review of issue 39, finding 11: only the panel's files carried
    // the frame headers.
    let s = default_service().await;
    let res = s.anonymous(Method::GET, "/").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["content-security-policy"],
        "frame-ancestors 'none'"
    );
    assert_eq!(res.headers()["x-frame-options"], "DENY");
}

#[tokio::test]
async fn the_local_state_is_for_the_tokens_holder_only() {
    // Issue 39, finding 11: `GET /_local/state` needed no token.
    let s = default_service().await;
    let url = format!("{}/_local/state", s.base);
    let without = s.http.get(&url).send().await.unwrap();
    assert_eq!(without.status(), StatusCode::UNAUTHORIZED);
    let guessed = s
        .http
        .get(&url)
        .header("authorization", "Bearer guess")
        .send()
        .await
        .unwrap();
    assert_eq!(guessed.status(), StatusCode::BAD_REQUEST);
    assert!(
        s.settings().await["namespaces"].is_object(),
        "with the token"
    );
}

#[tokio::test]
async fn test_hooks_inject_failures_and_count_calls_only_when_enabled() {
    let s = default_service().await;
    let res = s
        .faults(Method::POST)
        .json(&json!({"route": "builds", "status": 503}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "off unless --test-hooks"
    );

    let s = hooked_service().await;
    s.queue(&json!({"route": "builds", "status": 502, "body": "<html>Bad Gateway</html>", "content_type": "text/html", "times": 2}))
        .await;
    for _ in 0..2 {
        let res = s.request(Method::GET, &builds_path()).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_GATEWAY);
        assert_eq!(res.headers()["content-type"], "text/html");
    }
    assert_eq!(
        s.send(s.request(Method::GET, &builds_path())).await.0,
        StatusCode::OK
    );
    assert_eq!(s.settings().await["hits"]["builds"], 3);

    let slow = json!({"route": "cdn-auth", "delay_ms": 300});
    s.faults(Method::POST).json(&slow).send().await.unwrap();
    let started = std::time::Instant::now();
    let put = s
        .request(Method::PUT, &ns_path(demo::PROD_ID, "cdn-auth"))
        .json(&json!({"auth_type": "none"}));
    assert_eq!(
        s.send(put).await.0,
        StatusCode::OK,
        "a delay-only fault still handles the call"
    );
    assert!(started.elapsed() >= std::time::Duration::from_millis(300));
    s.faults(Method::DELETE).send().await.unwrap();
    assert_eq!(s.settings().await["hits"], json!({}));
}

// ---- Hardening: each test is named after what a caller can rely on. ----

/// A fresh directory under the system's temporary directory.
fn temp_dir(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "local-service-{what}-{}",
        local_service::mint::random_uuid()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Sends raw bytes on a new connection and returns what comes back before the
/// server closes it (or `limit` passes).
async fn raw_exchange(base: &str, request: &[u8], limit: std::time::Duration) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(limit, stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// [`raw_exchange`] with a request as text, waiting at most 3 s.
async fn raw(s: &Service, request: &str) -> String {
    raw_exchange(
        &s.base,
        request.as_bytes(),
        std::time::Duration::from_secs(3),
    )
    .await
}

#[tokio::test]
async fn an_unauthenticated_caller_gets_401_before_any_body_is_read() {
    let s = default_service().await;
    // 100 MB announced and none sent: the answer cannot wait for the body.
    let request = format!(
        "POST {} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n",
        ns_path(demo::PROD_ID, "tokens/development")
    );
    let started = std::time::Instant::now();
    let answer = raw(&s, &request).await;
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    assert!(answer.contains("API_UNAUTHORIZED"), "{answer}");
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}

#[tokio::test]
async fn bodies_over_64_kib_are_refused_unread() {
    let s = default_service().await;
    let request = format!(
        "POST {} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 65537\r\n\r\n",
        ns_path(demo::PROD_ID, "tokens/development")
    );
    let answer = raw(&s, &request).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("larger than 64 KiB"), "{answer}");
    // Chunked, with no length up front: read up to the cap, then refused.
    let chunk = "x".repeat(70_000);
    let request = format!(
        "POST {} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{chunk}\r\n0\r\n\r\n",
        ns_path(demo::PROD_ID, "tokens/development"),
        chunk.len()
    );
    let answer = raw(&s, &request).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("larger than 64 KiB"), "{answer}");

    // The body that once cost seconds and a 210 MB answer: 1,500 overlapping
    // ranges in 98 KB.
    let ports: serde_json::Map<String, Value> = (0..1500)
        .map(|i| {
            (
                format!("r{i}"),
                json!({"protocol": "udp", "port_range": {"min": 1000, "max": 2000 + i}}),
            )
        })
        .collect();
    let body = serde_json::to_vec(&json!({"hostname": "h", "ports": ports})).unwrap();
    assert!(body.len() > 64 << 10);
    let started = std::time::Instant::now();
    let post = s
        .request(Method::POST, &ns_path(demo::PROD_ID, "tokens/development"))
        .header("content-type", "application/json")
        .body(body);
    let (status, code) = s.error_code(post).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "API_BAD_BODY")
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(1));

    // Under the cap, 1,000 overlapping ranges get a bounded answer.
    let ports: serde_json::Map<String, Value> = (0..1000)
        .map(|i| {
            (
                format!("{i}"),
                json!({"protocol": "udp", "port_range": {"min": 1, "max": 2}}),
            )
        })
        .collect();
    let body = serde_json::to_vec(&json!({"hostname": "h", "ports": ports})).unwrap();
    assert!(body.len() < 64 << 10);
    let post = s
        .request(Method::POST, &ns_path(demo::PROD_ID, "tokens/development"))
        .header("content-type", "application/json")
        .body(body);
    let res = post.send().await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let text = res.text().await.unwrap();
    assert!(text.len() < 16 << 10, "answer of {} bytes", text.len());
    assert!(text.contains("ports-too-many"), "{text}");
}

#[tokio::test]
async fn a_client_that_stalls_is_cut_off() {
    let mut config = Config::for_tests(TOKEN);
    config.client_timeout = 1;
    let s = start(config).await;
    let timeout = std::time::Duration::from_secs(4);

    // Headers never finished: the connection is closed.
    let started = std::time::Instant::now();
    let answer = raw_exchange(&s.base, b"GET /cloud/games HTTP/1.1\r\nHost: 127", timeout).await;
    assert!(!answer.contains("200 OK"), "{answer}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "cut off after the timeout"
    );

    // A body that stops half-way: answered and closed.
    let request = format!(
        "PUT {} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 40\r\n\r\n{{\"auth",
        ns_path(demo::PROD_ID, "cdn-auth")
    );
    let answer = raw_exchange(&s.base, request.as_bytes(), timeout).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("did not arrive within 1 s"), "{answer}");

    // Hundreds of silent connections are all dropped, and the service still
    // answers.
    let addr = s.base.trim_start_matches("http://").to_owned();
    let mut idle = Vec::new();
    for _ in 0..300 {
        idle.push(tokio::net::TcpStream::connect(&addr).await.unwrap());
    }
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    for mut stream in idle {
        use tokio::io::AsyncReadExt;
        let mut buf = [0u8; 1];
        let n = tokio::time::timeout(std::time::Duration::from_millis(200), stream.read(&mut buf))
            .await
            .expect("closed, not still open")
            .unwrap_or(0);
        assert_eq!(n, 0);
    }
    assert_eq!(
        s.send(s.request(Method::GET, &builds_path())).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn only_requests_naming_this_service_as_host_are_answered() {
    let s = default_service().await;
    let port = s.base.rsplit(':').next().unwrap().to_owned();
    let with_host = |host: String| s.request(Method::GET, &builds_path()).header("host", host);
    for good in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("app.localhost:{port}"),
        format!("[::1]:{port}"),
        "192.168.1.20".to_owned(),
    ] {
        assert_eq!(
            s.send(with_host(good.clone())).await.0,
            StatusCode::OK,
            "{good}"
        );
    }
    // A rebinding page: the attacker's name resolved to this address.
    let (status, code) = s
        .error_code(with_host(format!("evil.example:{port}")))
        .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "LOCAL_HOST_NOT_ALLOWED")
    );
    let (status, _) = s
        .error_code(with_host("localhost.evil.example".into()))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let mut config = Config::for_tests(TOKEN);
    config.allow_hosts = vec!["Dev.Box".into()];
    let s = start(config).await;
    let res = s
        .request(Method::GET, &builds_path())
        .header("host", "dev.box:80")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "a name given with --allow-host"
    );
}

#[tokio::test]
async fn an_id_with_a_sign_in_it_is_404_not_500() {
    let s = default_service().await;
    for game in [
        "+0112233-4455-6677-8899-aabbccddeeff",
        "00112233-4455-6677-8899-%2Babbccddeeff",
    ] {
        let (status, code) = s
            .error_code(s.request(Method::GET, &format!("/cloud/games/{game}/builds")))
            .await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::NOT_FOUND, "API_NOT_FOUND"),
            "{game}"
        );
    }
}

#[tokio::test]
async fn a_failed_save_changes_nothing_and_a_later_save_does_not_persist_it() {
    let dir = temp_dir("failed-save");
    let mut config = Config::for_tests(TOKEN);
    config.data_dir = Some(dir.clone());
    let s = start(config.clone()).await;
    // A directory where the temporary file goes makes every save fail, even
    // for root.
    std::fs::create_dir(dir.join("state.json.tmp")).unwrap();
    let put = s
        .request(Method::PUT, &ns_path(demo::STAGING_ID, "cdn-auth"))
        .json(&json!({"auth_type": "basic"}));
    assert_eq!(s.error_code(put).await.0, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        s.settings().await["namespaces"][demo::STAGING_ID]["cdn_auth_type"],
        "none",
        "not changed in memory"
    );
    std::fs::remove_dir(dir.join("state.json.tmp")).unwrap();
    let put = s
        .request(Method::PUT, &ns_path(demo::PROD_ID, "domain-public-auth"))
        .json(&json!({"enabled": true}));
    assert_eq!(s.send(put).await.0, StatusCode::OK);
    let saved: Value =
        serde_json::from_slice(&std::fs::read(dir.join("state.json")).unwrap()).unwrap();
    assert_eq!(
        saved["namespaces"][demo::STAGING_ID]["cdn_auth_type"],
        "none"
    );
    assert_eq!(
        saved["namespaces"][demo::PROD_ID]["domain_auth_enabled"],
        true
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[tokio::test]
async fn the_state_file_with_the_token_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("mode");
    let mut config = Config::for_tests(TOKEN);
    config.data_dir = Some(dir.clone());
    config.token = None;
    let _s = start(config).await;
    let mode = std::fs::metadata(dir.join("state.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn unauthenticated_calls_do_not_use_up_a_clients_quota() {
    let mut config = Config::for_tests(TOKEN);
    config.rate_limit = Some("2,1/60".parse().unwrap());
    let s = start(config).await;
    for _ in 0..5 {
        let res = s
            .anonymous(Method::GET, &builds_path())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    for want in [
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::TOO_MANY_REQUESTS,
    ] {
        assert_eq!(s.send(s.request(Method::GET, &builds_path())).await.0, want);
    }
}

#[test]
fn rate_limit_windows_are_bounded() {
    use local_service::endpoint::Endpoint;
    use local_service::rate_limit::{Limits, RateLimiter, MAX_WINDOWS};
    for bad in ["1,1/86401", "1,1/18446744073709551615", "1,1/0"] {
        assert!(bad.parse::<Limits>().is_err(), "{bad}");
    }
    assert!("1,1/86400".parse::<Limits>().is_ok());

    // Finished windows are dropped as new clients arrive...
    let limiter = RateLimiter::new("5,5/1".parse().unwrap());
    let client = |i: u32| std::net::IpAddr::from(i.to_be_bytes());
    for i in 0..2000 {
        limiter.check(client(i), Endpoint::Builds).unwrap();
    }
    assert_eq!(limiter.len(), 2000);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    limiter.check(client(99_999), Endpoint::Builds).unwrap();
    assert_eq!(limiter.len(), 1);

    // ...and live ones never exceed the cap.
    let limiter = RateLimiter::new("5,5/3600".parse().unwrap());
    for i in 0..(MAX_WINDOWS as u32 + 500) {
        limiter.check(client(i), Endpoint::DevTokens).unwrap();
    }
    assert!(limiter.len() <= MAX_WINDOWS, "{}", limiter.len());
}

#[cfg(unix)]
#[tokio::test]
async fn symlinks_under_the_panel_directory_are_not_followed() {
    let outside = temp_dir("outside");
    std::fs::write(outside.join("secret.txt"), "secret").unwrap();
    let dist = temp_dir("dist-links");
    std::fs::write(dist.join("index.html"), "<title>panel</title>").unwrap();
    std::os::unix::fs::symlink(outside.join("secret.txt"), dist.join("secret.txt")).unwrap();
    std::os::unix::fs::symlink(&outside, dist.join("out")).unwrap();
    std::fs::create_dir(dist.join("sub")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.txt"), dist.join("sub/index.html")).unwrap();
    let mut config = Config::for_tests(TOKEN);
    config.dist = Some(dist.clone());
    let s = start(config).await;
    for path in [
        "/secret.txt",
        "/out/secret.txt",
        "/sub/",
        "/sub",
        "/%73ecret.txt",
    ] {
        let res = s
            .http
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        assert!(!text.contains("secret"), "{path}: {text}");
        assert_ne!(status, StatusCode::OK, "{path}");
    }
    let res = s.anonymous(Method::GET, "/").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    std::fs::remove_dir_all(dist).unwrap();
    std::fs::remove_dir_all(outside).unwrap();
}

// A dotfile was served (`/.hidden/x` answered 200), and the package's example
// served the repository's root with its `.git/`.
#[tokio::test]
async fn hidden_files_and_folders_under_the_panel_directory_are_not_served() {
    let dist = temp_dir("dist-hidden");
    std::fs::write(dist.join("index.html"), "<title>panel</title>").unwrap();
    std::fs::create_dir_all(dist.join(".git")).unwrap();
    std::fs::write(dist.join(".git/config"), "secret").unwrap();
    std::fs::create_dir_all(dist.join(".hidden")).unwrap();
    std::fs::write(dist.join(".hidden/x"), "secret").unwrap();
    std::fs::create_dir_all(dist.join("sub")).unwrap();
    std::fs::write(dist.join("sub/.env"), "secret").unwrap();
    let mut config = Config::for_tests(TOKEN);
    config.dist = Some(dist.clone());
    let s = start(config).await;
    for path in [
        "/.git/config",
        "/.hidden/x",
        "/sub/.env",
        "/%2egit/config",
        "/sub/%2Eenv",
    ] {
        let res = s.anonymous(Method::GET, path).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(!res.text().await.unwrap().contains("secret"), "{path}");
    }
    let res = s.anonymous(Method::GET, "/").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    std::fs::remove_dir_all(dist).unwrap();
}

#[tokio::test]
async fn a_misspelt_fault_is_refused_instead_of_never_firing() {
    let s = hooked_service().await;
    for fault in [
        json!({"route": "build", "status": 503}),
        json!({"route": "builds", "stauts": 503}),
        json!({"route": "builds", "status": 503, "times": 0}),
        json!({"route": "builds", "status": 1000}),
    ] {
        let res = s.faults(Method::POST).json(&fault).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{fault}");
        let body: Value = res.json().await.unwrap();
        assert!(
            body["message"].as_str().unwrap().starts_with("Not a fault"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn the_fault_hook_wants_the_token_a_bounded_body_and_a_bounded_queue() {
    // Issue 16: /_local/faults was routed without --test-hooks, read 2 MB with
    // no deadline and no bearer check, and its queue had no bound.
    let mut config = Config::for_tests(TOKEN);
    config.test_hooks = true;
    config.client_timeout = 1;
    let s = start(config).await;
    let fault = json!({"route": "builds", "status": 503});
    let anonymous = s
        .anonymous(Method::POST, "/_local/faults")
        .json(&fault)
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let wrong = s
        .http
        .delete(format!("{}/_local/faults", s.base))
        .bearer_auth("not-the-token")
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST, "TOKEN_INVALID");

    // A body that trickles is cut off by the API's own deadline.
    let request = format!(
        "POST /_local/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 40\r\n\r\n{{\"rou"
    );
    let started = std::time::Instant::now();
    let answer = raw_exchange(
        &s.base,
        request.as_bytes(),
        std::time::Duration::from_secs(4),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("did not arrive within 1 s"), "{answer}");
    assert!(started.elapsed() < std::time::Duration::from_secs(3));
    // And a large one is refused unread.
    let request = format!(
        "POST /_local/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 2000000\r\n\r\n"
    );
    let answer = raw(&s, &request).await;
    assert!(answer.contains("larger than 64 KiB"), "{answer}");

    for _ in 0..local_service::faults::MAX_FAULTS {
        let res = s.faults(Method::POST).json(&fault).send().await.unwrap();
        assert!(res.status().is_success());
    }
    let full = s.faults(Method::POST).json(&fault).send().await.unwrap();
    assert_eq!(full.status(), StatusCode::BAD_REQUEST);
    assert!(full
        .text()
        .await
        .unwrap()
        .contains("faults are queued already"));
    assert!(s
        .faults(Method::DELETE)
        .send()
        .await
        .unwrap()
        .status()
        .is_success());
    assert!(s
        .faults(Method::POST)
        .json(&fault)
        .send()
        .await
        .unwrap()
        .status()
        .is_success());
}

#[tokio::test]
async fn a_client_that_keeps_failing_the_bearer_check_gets_429_even_for_the_right_token() {
    // Issue 16: failed bearer checks were never throttled. Issue 39, finding
    // 2: a throttled client's right token still passed, so 500 guesses told
    // it which one was right.
    let s = default_service().await;
    let wrong = || {
        s.anonymous(Method::GET, &builds_path())
            .header("authorization", "Bearer guess")
    };
    for _ in 0..local_service::state::AUTH_FAILURES {
        let res = wrong().send().await.unwrap();
        assert_eq!(
            res.status(),
            StatusCode::BAD_REQUEST,
            "TOKEN_INVALID while under the limit"
        );
    }
    let res = wrong().send().await.unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "API_RATE_LIMIT");
    for _ in 0..500 {
        assert_eq!(
            wrong().send().await.unwrap().status(),
            StatusCode::TOO_MANY_REQUESTS
        );
    }
    let (status, ..) = s.send(s.request(Method::GET, &builds_path())).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "the right token is refused too until the window ends"
    );
}

#[tokio::test]
async fn calls_without_credentials_never_lock_the_right_token_out() {
    // Found in review of issue 39, finding 2: a call with no Authorization
    // header counted as a failed guess, so any page could lock the token out
    // with images (no header, no CORS preflight).
    let s = default_service().await;
    for _ in 0..(local_service::state::AUTH_FAILURES * 3) {
        let res = s
            .anonymous(Method::GET, &builds_path())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        s.send(s.request(Method::GET, &builds_path())).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn another_loopback_address_is_the_same_client_for_failed_bearers() {
    // Issue 30: failed bearers were counted per address, so 127.0.0.2 had a
    // budget of its own after 127.0.0.1's was spent.
    let s = default_service().await;
    let from = |ip: &str| {
        Client::builder()
            .local_address(ip.parse::<std::net::IpAddr>().unwrap())
            .build()
            .unwrap()
    };
    let wrong = |client: &Client| {
        client
            .get(format!("{}{}", s.base, builds_path()))
            .header("authorization", "Bearer guess")
            .send()
    };
    let first = from("127.0.0.1");
    for _ in 0..local_service::state::AUTH_FAILURES {
        assert_eq!(
            wrong(&first).await.unwrap().status(),
            StatusCode::BAD_REQUEST
        );
    }
    for other in ["127.0.0.2", "127.45.6.7"] {
        assert_eq!(
            wrong(&from(other)).await.unwrap().status(),
            StatusCode::TOO_MANY_REQUESTS,
            "{other} is the same machine"
        );
    }
}

#[tokio::test]
async fn a_queued_fault_answers_only_a_caller_with_the_token() {
    // Issue 30: a queued fault answered before the bearer was checked.
    let s = hooked_service().await;
    s.queue(&json!({"route": "builds", "status": 503})).await;
    let without = s
        .anonymous(Method::GET, &builds_path())
        .send()
        .await
        .unwrap();
    assert_eq!(
        without.status(),
        StatusCode::UNAUTHORIZED,
        "no token: refused, fault kept"
    );
    let guessed = s
        .anonymous(Method::GET, &builds_path())
        .header("authorization", "Bearer guess")
        .send()
        .await
        .unwrap();
    assert_eq!(
        guessed.status(),
        StatusCode::BAD_REQUEST,
        "a garbled token: refused"
    );
    let res = s.request(Method::GET, &builds_path()).send().await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SERVICE_UNAVAILABLE,
        "the fault, for the token's holder"
    );
}

#[test]
fn the_token_comparison_does_not_stop_at_the_first_difference() {
    use local_service::routes::same_secret;
    assert!(same_secret(b"token", b"token"));
    for (a, b) in [("token", "tokem"), ("token", "toke"), ("", "t"), ("t", "")] {
        assert!(!same_secret(a.as_bytes(), b.as_bytes()), "{a} {b}");
    }
    assert!(same_secret(b"", b""));
}

#[tokio::test]
async fn the_service_counts_the_most_calls_it_answered_at_once() {
    let s = hooked_service().await;
    let slow = json!({"route": "builds", "delay_ms": 400, "times": 3});
    s.faults(Method::POST).json(&slow).send().await.unwrap();
    let call = || s.send(s.request(Method::GET, &builds_path()));
    let (a, b, c) = tokio::join!(call(), call(), call());
    for (status, ..) in [a, b, c] {
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(s.settings().await["max_in_flight"]["builds"], 3);
    s.faults(Method::DELETE).send().await.unwrap();
    assert_eq!(s.settings().await["max_in_flight"]["builds"], 0);
}

// Issue 39: no fault could send an answer larger than the 64 KiB a fault's
// body may hold, so nothing tested the clients' limit on what they read.
#[tokio::test]
async fn a_padded_answer_is_the_answer_then_spaces_streamed_until_the_client_hangs_up() {
    let s = hooked_service().await;
    // The service's own answer, padded: the PUT is still handled.
    s.queue(&json!({"route": "cdn-auth", "pad_to": 100_000}))
        .await;
    let res = s
        .request(Method::PUT, &ns_path(demo::PROD_ID, "cdn-auth"))
        .json(&json!({"auth_type": "basic"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers().get("content-length").is_none(),
        "a stream of unknown length: a client must count what it reads"
    );
    let body = res.bytes().await.unwrap();
    assert_eq!(body.len(), 100_000);
    assert_eq!(std::str::from_utf8(&body).unwrap().trim_end(), "{}");
    assert_eq!(
        s.settings().await["namespaces"][demo::PROD_ID]["cdn_auth_type"],
        "basic"
    );

    assert_eq!(s.settings().await["padding_sent"], 100_000 - 2);

    // An injected answer, padded.
    s.faults(Method::DELETE).send().await.unwrap();
    s.queue(&json!({"route": "builds", "status": 200, "body": "{\"builds\":[]}", "content_type": "application/json", "pad_to": 70_000}))
        .await;
    let (status, _, body) = s.send(s.request(Method::GET, &builds_path())).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"builds": []})));
    assert_eq!(s.settings().await["padding_sent"], 70_000 - 13);

    // A client that reads a little and hangs up is sent little more.
    s.queue(&json!({"route": "builds", "pad_to": 1u64 << 30}))
        .await;
    let mut res = s.request(Method::GET, &builds_path()).send().await.unwrap();
    let mut read = 0;
    while read < 1 << 20 {
        read += res.chunk().await.unwrap().unwrap().len();
    }
    drop(res);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let sent = s.settings().await["padding_sent"].as_u64().unwrap() - (70_000 - 13);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(
        s.settings().await["padding_sent"].as_u64().unwrap() - (70_000 - 13),
        sent,
        "nothing more once the client is gone"
    );
    assert!(sent < 64 << 20, "{sent} bytes of padding sent");

    let res = s
        .faults(Method::POST)
        .json(&json!({"route": "builds", "pad_to": (1u64 << 30) + 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Not a fault: pad_to 1073741825 is more than 1073741824 bytes, the largest padded answer"
    );
}

// Issue 55: a client that reads an answer as it arrives is tested against a
// slow link, the answer a slice at a time at the rate asked for.
#[tokio::test]
async fn a_trickled_answer_arrives_a_slice_at_a_time_at_its_rate() {
    let s = hooked_service().await;
    let (_, _, whole) = s.send(s.request(Method::GET, &builds_path())).await;
    // 800 kbit/s: 100,000 bytes a second; 200,000 bytes, padded.
    s.queue(&json!({"route": "builds", "pad_to": 200_000, "rate_kbit": 800}))
        .await;
    let mut res = s.request(Method::GET, &builds_path()).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = Vec::new();
    let mut first = None;
    let mut largest = 0;
    while let Some(chunk) = res.chunk().await.unwrap() {
        first.get_or_insert_with(std::time::Instant::now);
        largest = largest.max(chunk.len());
        body.extend_from_slice(&chunk);
    }
    let took = first.unwrap().elapsed();
    assert_eq!(body.len(), 200_000);
    let text: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(text, whole, "the same answer, slowly");
    assert!(largest <= 16 << 10, "slices of at most 16 KiB: {largest}");
    // The first slice at once, the other 183,616 bytes at 100,000 a second:
    // 1.8 s at least from the first byte to the last.
    assert!(
        took >= std::time::Duration::from_millis(1_700),
        "the last byte {took:?} after the first"
    );

    // The next call is answered at once again.
    let t = std::time::Instant::now();
    let (status, _, body) = s.send(s.request(Method::GET, &builds_path())).await;
    assert_eq!((status, &body), (StatusCode::OK, &whole));
    assert!(t.elapsed() < std::time::Duration::from_millis(1_700));
}
