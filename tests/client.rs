//! The transport in headless Chromium against the local service on loopback
//! (started by `cargo xtask test`, which passes its URLs): every operation,
//! every error kind, retries, timeouts, aborts and a refused origin.
#![cfg(all(target_arch = "wasm32", feature = "client"))]

use gamecloud::api::{
    ApiError, Connection, CreateDevToken, ListBuilds, NetworkReason, Operation, RetryPolicy,
    SetCdnAuth, SetDomainAuth,
};
use gamecloud::model::{CdnAuthType, DevTokenRequest};
use gamecloud::transport::{self, Options};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const GAME: &str = "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f";
const STAGING: &str = "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c";
const TOKEN: &str = "wasm-test-token";

fn url(var: Option<&'static str>) -> &'static str {
    var.expect("run through `cargo xtask test`, which starts the local service and sets GAMECLOUD_TEST_URL")
}

fn conn() -> Connection {
    Connection::new(url(option_env!("GAMECLOUD_TEST_URL")), TOKEN).unwrap()
}

fn fast() -> Options {
    Options {
        timeout_ms: 2_000,
        retry: RetryPolicy {
            base_delay_ms: 20,
            max_delay_ms: 50,
            ..RetryPolicy::default()
        },
        signal: None,
    }
}

async fn send<O: Operation>(op: &O) -> Result<O::Output, ApiError> {
    transport::send(&conn(), op, &fast()).await
}

/// POSTs or DELETEs to the service's test hooks.
async fn hook(method: &str, path: &str, body: Option<&str>) -> serde_json::Value {
    let url = format!("{}/_local/{path}", url(option_env!("GAMECLOUD_TEST_URL")));
    let mut b = gloo_net::http::RequestBuilder::new(&url)
        .method(method.parse().unwrap())
        .header("Authorization", &format!("Bearer {TOKEN}"));
    let req = match body {
        Some(body) => b.body(body.to_owned()).unwrap(),
        None => {
            b = b.method(method.parse().unwrap());
            b.build().unwrap()
        }
    };
    let res = req.send().await.unwrap();
    res.json().await.unwrap_or(serde_json::Value::Null)
}

async fn fault(json: &str) {
    hook("POST", "faults", Some(json)).await;
}

async fn hits(route: &str) -> u64 {
    hook("GET", "state", None).await["hits"][route]
        .as_u64()
        .unwrap_or(0)
}

fn service_code(e: &ApiError) -> (u16, &str) {
    match e {
        ApiError::Service(s) => (s.status, s.code.as_str()),
        other => panic!("not a service error: {other:?}"),
    }
}

fn request(hostname: &str) -> DevTokenRequest {
    DevTokenRequest {
        hostname: hostname.into(),
        ports: Default::default(),
    }
}

#[wasm_bindgen_test]
async fn all_four_operations_work_and_sizes_stay_exact() {
    hook("DELETE", "faults", None).await;
    let list = send(&ListBuilds { game_id: GAME }).await.unwrap();
    assert_eq!(list.builds.len(), 36);
    assert!(list
        .builds
        .iter()
        .any(|b| b.content_length == (1 << 53) + 1));
    let req = request("10.0.0.2");
    let token = send(&CreateDevToken {
        game_id: GAME,
        namespace_id: STAGING,
        request: &req,
    })
    .await
    .unwrap();
    let decoded = gamecloud::token::decode(&token.token).unwrap();
    assert_eq!(decoded.development().unwrap().hostname, "10.0.0.2");
    send(&SetCdnAuth {
        game_id: GAME,
        namespace_id: STAGING,
        auth_type: &CdnAuthType::Basic,
    })
    .await
    .unwrap();
    send(&SetDomainAuth {
        game_id: GAME,
        namespace_id: STAGING,
        enabled: true,
    })
    .await
    .unwrap();
}

#[wasm_bindgen_test]
async fn service_errors_arrive_with_their_codes() {
    let wrong = Connection::new(
        url(option_env!("GAMECLOUD_TEST_URL")),
        "usr.eyJ0eXAiOiJKV1QifQ.EAE.AAAA",
    )
    .unwrap();
    let e = transport::send(&wrong, &ListBuilds { game_id: GAME }, &fast())
        .await
        .unwrap_err();
    assert_eq!(service_code(&e), (401, "CLAIMS_MISSING_ENTITLEMENT"));
    let e = send(&ListBuilds {
        game_id: "not-a-uuid",
    })
    .await
    .unwrap_err();
    assert_eq!(service_code(&e), (404, "API_NOT_FOUND"));
    let e = send(&ListBuilds {
        game_id: "00000000-0000-4000-8000-000000000000",
    })
    .await
    .unwrap_err();
    assert_eq!(service_code(&e), (500, "ERROR"));
    // The service's own validation (the client validator passes hostname-only
    // issues through; here the body breaks a service rule sent raw).
    fault(r#"{"route":"tokens/development","status":400,"content_type":"application/json","body":"{\"code\":\"VALIDATION_ERROR\",\"message\":\"Validation error: ports.a\",\"ray_id\":\"r\"}"}"#).await;
    let e = send(&CreateDevToken {
        game_id: GAME,
        namespace_id: STAGING,
        request: &request("h"),
    })
    .await
    .unwrap_err();
    assert_eq!(service_code(&e), (400, "VALIDATION_ERROR"));
    let e = send(&CreateDevToken {
        game_id: GAME,
        namespace_id: STAGING,
        request: &request(" "),
    })
    .await
    .unwrap_err();
    assert_eq!(e.kind(), "invalid_request");
}

#[wasm_bindgen_test]
async fn a_put_is_retried_after_a_503_and_a_post_is_not() {
    hook("DELETE", "faults", None).await;
    fault(r#"{"route":"cdn-auth","status":503}"#).await;
    send(&SetCdnAuth {
        game_id: GAME,
        namespace_id: STAGING,
        auth_type: &CdnAuthType::None,
    })
    .await
    .unwrap();
    assert_eq!(hits("cdn-auth").await, 2);
    fault(r#"{"route":"tokens/development","status":503}"#).await;
    let e = send(&CreateDevToken {
        game_id: GAME,
        namespace_id: STAGING,
        request: &request("h"),
    })
    .await
    .unwrap_err();
    assert_eq!(e.status(), Some(503));
    assert_eq!(hits("tokens/development").await, 1);
}

#[wasm_bindgen_test]
async fn rate_limits_html_gateways_and_timeouts_are_told_apart() {
    hook("DELETE", "faults", None).await;
    // Cross-origin, a browser hides `Retry-After` (the service exposes only
    // rvt-ray-id): the wait comes from the error's metadata, as the service sends it.
    let at = js_sys::Date::now() as i64 + 90_000;
    let body = format!(
        r#"{{\"code\":\"API_RATE_LIMIT\",\"message\":\"slow\",\"ray_id\":\"r\",\"metadata\":{at}}}"#
    );
    fault(&format!(r#"{{"route":"builds","status":429,"retry_after":"90","times":3,"content_type":"application/json","body":"{body}"}}"#)).await;
    let e = send(&ListBuilds { game_id: GAME }).await.unwrap_err();
    assert_eq!(service_code(&e), (429, "API_RATE_LIMIT"));
    let wait = e.retry_after_ms().unwrap();
    assert!((80_000..=90_000).contains(&wait), "{wait}");
    hook("DELETE", "faults", None).await;

    fault(r#"{"route":"domain-public-auth","status":502,"times":3,"content_type":"text/html","body":"<html><title>502 Bad Gateway</title></html>"}"#).await;
    let e = send(&SetDomainAuth {
        game_id: GAME,
        namespace_id: STAGING,
        enabled: false,
    })
    .await
    .unwrap_err();
    let ApiError::UnexpectedAnswer {
        status, excerpt, ..
    } = &e
    else {
        panic!("{e:?}")
    };
    assert_eq!((*status, excerpt.as_str()), (502, "502 Bad Gateway"));
    assert_eq!(
        hits("domain-public-auth").await,
        3,
        "retried twice, then given up"
    );

    fault(r#"{"route":"builds","delay_ms":1500,"times":3}"#).await;
    let opts = Options {
        timeout_ms: 200,
        retry: RetryPolicy {
            attempts: 1,
            ..RetryPolicy::default()
        },
        signal: None,
    };
    let e = transport::send(&conn(), &ListBuilds { game_id: GAME }, &opts)
        .await
        .unwrap_err();
    assert_eq!(e, ApiError::Timeout { after_ms: 200 });
    hook("DELETE", "faults", None).await;
}

// Issue 39: answers were read whole, however large.
#[wasm_bindgen_test]
async fn an_answer_is_read_up_to_its_limit_and_no_further() {
    hook("DELETE", "faults", None).await;
    let op = SetDomainAuth {
        game_id: GAME,
        namespace_id: STAGING,
        enabled: false,
    };
    fault(r#"{"route":"domain-public-auth","pad_to":65536}"#).await;
    send(&op).await.unwrap();
    fault(r#"{"route":"domain-public-auth","pad_to":65537}"#).await;
    assert_eq!(
        send(&op).await.unwrap_err(),
        ApiError::too_large(200, 64 << 10)
    );
    // Of an answer four times the builds' limit, the read stops near it.
    fault(r#"{"route":"builds","pad_to":268435456}"#).await;
    let e = send(&ListBuilds { game_id: GAME }).await.unwrap_err();
    assert_eq!(e, ApiError::too_large(200, 64 << 20));
    transport::sleep(500).await;
    let sent = hook("GET", "state", None).await["padding_sent"]
        .as_u64()
        .unwrap();
    assert!(sent < 128 << 20, "{sent} bytes of padding sent");
    hook("DELETE", "faults", None).await;
}

#[wasm_bindgen_test]
async fn an_abort_ends_the_call_without_retrying() {
    hook("DELETE", "faults", None).await;
    fault(r#"{"route":"builds","delay_ms":1000}"#).await;
    let controller = web_sys::AbortController::new().unwrap();
    let opts = Options {
        signal: Some(controller.signal()),
        ..fast()
    };
    let conn = conn();
    let call = transport::send(&conn, &ListBuilds { game_id: GAME }, &opts);
    let abort_soon = async {
        let p = js_sys::Promise::new(&mut |resolve, _| {
            let global: web_sys::Window = js_sys::global().unchecked_into();
            global
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 50)
                .unwrap();
        });
        JsFuture::from(p).await.unwrap();
        controller.abort();
    };
    let (result, ()) = futures_join(call, abort_soon).await;
    assert_eq!(result.unwrap_err(), ApiError::Aborted);
    assert_eq!(hits("builds").await, 1);
}

#[wasm_bindgen_test]
async fn a_refused_origin_is_diagnosed_as_cors_with_what_to_allow() {
    let strict = Connection::new(url(option_env!("GAMECLOUD_STRICT_URL")), TOKEN).unwrap();
    let e = transport::send(
        &strict,
        &SetDomainAuth {
            game_id: GAME,
            namespace_id: STAGING,
            enabled: true,
        },
        &fast(),
    )
    .await
    .unwrap_err();
    let ApiError::Cors {
        origin,
        method,
        headers,
        ..
    } = &e
    else {
        panic!("{e:?}")
    };
    assert!(origin.starts_with("http://127.0.0.1:"), "{origin}");
    assert_eq!(method, "PUT");
    assert_eq!(headers, &["Authorization", "Content-Type"]);
    assert!(e.to_string().contains("must allow origin"), "{e}");

    let closed = Connection::new("http://127.0.0.1:9", TOKEN).unwrap();
    let e = transport::send(
        &closed,
        &ListBuilds { game_id: GAME },
        &Options {
            retry: RetryPolicy {
                attempts: 1,
                ..RetryPolicy::default()
            },
            ..fast()
        },
    )
    .await
    .unwrap_err();
    assert!(
        matches!(
            e,
            ApiError::Network {
                reason: NetworkReason::Unreachable,
                ..
            }
        ),
        "{e:?}"
    );
}

/// Runs two futures to completion side by side (no executor crate needed).
async fn futures_join<A: std::future::Future, B: std::future::Future>(
    a: A,
    b: B,
) -> (A::Output, B::Output) {
    use std::pin::pin;
    use std::task::Poll;
    let (mut a, mut b) = (pin!(a), pin!(b));
    let (mut ra, mut rb) = (None, None);
    std::future::poll_fn(|cx| {
        if ra.is_none() {
            if let Poll::Ready(v) = a.as_mut().poll(cx) {
                ra = Some(v);
            }
        }
        if rb.is_none() {
            if let Poll::Ready(v) = b.as_mut().poll(cx) {
                rb = Some(v);
            }
        }
        if ra.is_some() && rb.is_some() {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await;
    (ra.unwrap(), rb.unwrap())
}
