//! `GameCloudClient`: the stateful client, one async method per operation.

use std::future::Future;
use std::pin::Pin;

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::future_to_promise;

use super::convert::{self, builds_to_js, from_js, string};
use super::error::{bad_argument, to_js};
use crate::api::{
    BaseUrl, Connection, CreateDevToken, ListBuilds, RetryPolicy, SetCdnAuth, SetDomainAuth,
};
use crate::model::{CdnAuthType, DevTokenRequest};
use crate::transport::{self, Options, DEFAULT_TIMEOUT_MS};

/// The client: a base URL, a token (or a function giving one), a timeout and
/// a number of retries.
#[wasm_bindgen(js_name = GameCloudClient)]
pub struct JsClient {
    base_url: String,
    /// A string, or a function returning a string or a promise of one.
    token: JsValue,
    timeout_ms: u32,
    retry: RetryPolicy,
}

#[wasm_bindgen(js_class = GameCloudClient)]
impl JsClient {
    /// Checks the options; throws a `GameCloudError` if they are wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<JsClient, JsValue> {
        if !options.is_object() {
            return Err(bad_argument(
                "options",
                format!(
                    "options must be an object, not {}.",
                    convert::type_name(&options)
                ),
            ));
        }
        // A getter or a Proxy that throws is refused, naming the option.
        let get = |key: &str| convert::read(&options, key, key);
        let base_url = string(&get("baseUrl")?, "baseUrl")?;
        BaseUrl::parse(&base_url).map_err(|issue| to_js(&crate::api::ApiError::invalid(issue)))?;
        let token = get("token")?;
        if !(token.is_string() || token.is_function()) {
            return Err(bad_argument(
                "token",
                "token must be a string or a function returning one.".into(),
            ));
        }
        let timeout_ms = number(&get("timeoutMs")?, "timeoutMs", 1, i32::MAX as u32)?
            .unwrap_or(DEFAULT_TIMEOUT_MS);
        let mut retry = RetryPolicy::default();
        if let Some(retries) = number(&get("retries")?, "retries", 0, 10)? {
            retry.attempts = retries + 1;
        }
        Ok(JsClient {
            base_url,
            token,
            timeout_ms,
            retry,
        })
    }

    /// Creates a development token. Never retried: a second POST would mint
    /// a second token.
    #[wasm_bindgen(js_name = createDevToken)]
    pub fn create_dev_token(
        &self,
        game_id: JsValue,
        namespace_id: JsValue,
        request: JsValue,
        options: JsValue,
    ) -> Promise {
        self.run(options, move |conn, opts| async move {
            let (game_id, namespace_id) = namespace_ids(&game_id, &namespace_id)?;
            let request: DevTokenRequest = from_js(&request, "request")?;
            let op = CreateDevToken {
                game_id: &game_id,
                namespace_id: &namespace_id,
                request: &request,
            };
            let res = transport::send(&conn, &op, &opts)
                .await
                .map_err(|e| to_js(&e))?;
            Ok(convert::to_js(&res))
        })
    }

    /// Lists every build of a game, newest first, as JSON text that
    /// `index.js` turns into objects (`GameCloudClient.listBuilds`).
    #[wasm_bindgen(js_name = __listBuildsText)]
    pub fn list_builds(&self, game_id: JsValue, options: JsValue) -> Promise {
        self.run(options, move |conn, opts| async move {
            let game_id = string(&game_id, "gameId")?;
            let res = transport::send(&conn, &ListBuilds { game_id: &game_id }, &opts)
                .await
                .map_err(|e| to_js(&e))?;
            Ok(builds_to_js(&res))
        })
    }

    /// Sets a namespace's CDN auth type (`"none"` or `"basic"`).
    #[wasm_bindgen(js_name = setCdnAuth)]
    pub fn set_cdn_auth(
        &self,
        game_id: JsValue,
        namespace_id: JsValue,
        auth_type: JsValue,
        options: JsValue,
    ) -> Promise {
        self.run(options, move |conn, opts| async move {
            let (game_id, namespace_id) = namespace_ids(&game_id, &namespace_id)?;
            let auth_type = CdnAuthType::from_wire(&string(&auth_type, "authType")?);
            let op = SetCdnAuth {
                game_id: &game_id,
                namespace_id: &namespace_id,
                auth_type: &auth_type,
            };
            transport::send(&conn, &op, &opts)
                .await
                .map_err(|e| to_js(&e))?;
            Ok(JsValue::UNDEFINED)
        })
    }

    /// Enables or disables a namespace's domain-based authentication.
    #[wasm_bindgen(js_name = setDomainAuth)]
    pub fn set_domain_auth(
        &self,
        game_id: JsValue,
        namespace_id: JsValue,
        enabled: JsValue,
        options: JsValue,
    ) -> Promise {
        self.run(options, move |conn, opts| async move {
            let (game_id, namespace_id) = namespace_ids(&game_id, &namespace_id)?;
            let enabled = enabled
                .as_bool()
                .ok_or_else(|| bad_argument("enabled", "enabled must be true or false.".into()))?;
            let op = SetDomainAuth {
                game_id: &game_id,
                namespace_id: &namespace_id,
                enabled,
            };
            transport::send(&conn, &op, &opts)
                .await
                .map_err(|e| to_js(&e))?;
            Ok(JsValue::UNDEFINED)
        })
    }
}

/// What every method runs once the token and options are resolved.
type Job = Box<dyn FnOnce(Connection, Options) -> Pin<Box<dyn Future<Output = JsResult>>>>;
type JsResult = Result<JsValue, JsValue>;

impl JsClient {
    /// Resolves the token and the call options, then runs `job`; every
    /// failure, an argument's included, rejects the promise. Only this shim
    /// is made for each method: it boxes the job for [`JsClient::run_job`],
    /// the one promise adapter of them all.
    fn run<F, Fut>(&self, options: JsValue, job: F) -> Promise
    where
        F: FnOnce(Connection, Options) -> Fut + 'static,
        Fut: Future<Output = JsResult> + 'static,
    {
        self.run_job(
            options,
            Box::new(move |conn, opts| Box::pin(job(conn, opts))),
        )
    }

    /// [`JsClient::run`]'s body, the same for every method.
    fn run_job(&self, options: JsValue, job: Job) -> Promise {
        let (base_url, token) = (self.base_url.clone(), self.token.clone());
        let (timeout_ms, retry) = (self.timeout_ms, self.retry);
        future_to_promise(async move {
            let opts = Options {
                timeout_ms,
                retry,
                signal: convert::signal(&options)?,
            };
            // The signal and the timeout apply from here, the token's wait
            // included.
            if transport::aborted(opts.signal.as_ref()) {
                return Err(to_js(&crate::api::ApiError::Aborted));
            }
            let token = resolve_token(&token, &opts).await?;
            let conn = Connection::new(&base_url, &token).map_err(|e| to_js(&e))?;
            job(conn, opts).await
        })
    }
}

/// The `gameId` and `namespaceId` arguments, both strings.
fn namespace_ids(game_id: &JsValue, namespace_id: &JsValue) -> Result<(String, String), JsValue> {
    Ok((
        string(game_id, "gameId")?,
        string(namespace_id, "namespaceId")?,
    ))
}

/// The token option's value: the string, or what the function returns or its
/// promise resolves to, waited for no longer than the call's timeout.
async fn resolve_token(token: &JsValue, opts: &Options) -> Result<String, JsValue> {
    if !token.is_function() {
        return string(token, "token");
    }
    let mut value = token
        .unchecked_ref::<Function>()
        .call0(&JsValue::UNDEFINED)
        .map_err(|e| {
            bad_argument(
                "token",
                format!("The token function threw: {}", describe(&e)),
            )
        })?;
    if !value.is_string() {
        // Adopted by a promise of this module's: a promise or any thenable is
        // waited for, and a `then` that throws, or a getter of it, rejects it
        // rather than throwing here.
        let adopted = Promise::new(&mut |resolve, _| {
            let _ = resolve.call1(&JsValue::UNDEFINED, &value);
        });
        value = transport::bounded(&adopted, opts)
            .await
            .map_err(|e| to_js(&e))?
            .map_err(|e| {
                bad_argument(
                    "token",
                    format!("The token function's promise rejected: {}", describe(&e)),
                )
            })?;
    }
    value
        .as_string()
        .ok_or_else(|| bad_argument("token", "The token function must return a string.".into()))
}

/// What a thrown value says, read without letting it throw again (a revoked
/// Proxy, a `message` getter that throws).
fn describe(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| Reflect::get(e, &"message".into()).ok()?.as_string())
        .unwrap_or_else(|| "an error that gives no message".into())
}

/// An optional whole-number option within bounds (formatted as integers:
/// float formatting would add kilobytes to the module: docs/SIZE.md, size
/// rule "no float printing").
fn number(value: &JsValue, path: &str, min: u32, max: u32) -> Result<Option<u32>, JsValue> {
    if value.is_undefined() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n >= f64::from(min) && n <= f64::from(max) && n.fract() == 0.0 => {
            Ok(Some(n as u32))
        }
        _ => Err(bad_argument(
            path,
            format!("{path} must be a whole number from {min} to {max}."),
        )),
    }
}
