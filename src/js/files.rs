//! The engine files and the encrypted hand-off for JavaScript (feature
//! `js-files`: the package's `@gamecloud/client/files`, a wasm of its own).
//! The panel's own writers ([`crate::files`]) and its own sealing (the
//! format [`crate::sealed`], WebCrypto `src/webcrypto.rs`, included here as
//! the panel includes it), so that each file is the panel's, byte for byte. `js/files-api.js` is its public
//! face: it checks the arguments' types and makes a failure, a JS array
//! `[path, message, kind]`, a `GameCloudError`.

use wasm_bindgen::prelude::*;

use crate::files::{
    env_loader, local_env_file, local_env_name, Engine, Handoff, LOCAL_ENV_GITIGNORE,
};
use crate::json::Json;
use crate::model::{DevTokenRequest, Ports};
use crate::sealed::{self, Contents, OpenError, SUGGESTED_BYTES};
use crate::validate::Severity;

#[path = "../webcrypto.rs"]
mod webcrypto;

/// The engine's name in the API: `godot`, `unity`, `unreal`, `env`.
fn slug(engine: Engine) -> &'static str {
    match engine {
        Engine::Godot => "godot",
        Engine::Unity => "unity",
        Engine::Unreal => "unreal",
        Engine::Env => "env",
    }
}

/// One engine's file for a new token, and how to use it: JSON.
#[wasm_bindgen(js_name = engineFile)]
#[allow(clippy::too_many_arguments)] // the hand-off's fields, as JS gives them
pub fn engine_file(
    engine: &str,
    token: &str,
    base_url: &str,
    game_id: &str,
    namespace_id: &str,
    hostname: &str,
    ports: &str,
    token_from_env: bool,
) -> Result<String, JsValue> {
    let engine = Engine::ALL
        .into_iter()
        .find(|e| slug(*e) == engine)
        .ok_or_else(|| {
            failure(
                "engine",
                &format!("no engine is named \"{engine}\": one of godot, unity, unreal, env"),
            )
        })?;
    let ports = read_ports(ports, hostname, "handoff")?;
    let h = Handoff {
        token,
        base_url,
        game_id,
        namespace_id,
        hostname,
        ports: &ports,
        token_from_env,
    };
    let refused = |why: String| failure("handoff", &why);
    let text = engine.file(&h).map_err(refused)?;
    let mut out = Json::compact();
    out.begin_object();
    out.key("engine").str(slug(engine));
    out.key("fileName").str(engine.file_name());
    out.key("mime").str(engine.mime());
    out.key("text").str(&text);
    out.key("place").str(engine.place());
    if token_from_env {
        let name = local_env_name(&h).to_string();
        let loader = env_loader(&h).map_err(refused)?.to_string();
        out.key("note").str(&format!(
            "The engine's file holds no secret. The token is in {name}: keep that one out of version control, and load it before starting the game or the editor."
        ));
        out.key("gitignore").str(LOCAL_ENV_GITIGNORE);
        out.key("snippet")
            .str(&format!("{}\n\n{loader}", engine.env_snippet()));
        out.key("local").begin_object();
        out.key("fileName").str(&name);
        out.key("text").str(&local_env_file(&h).map_err(refused)?);
        out.key("loader").str(&loader);
        out.end_object();
    } else {
        out.key("note").str(engine.note());
        out.key("gitignore").str(engine.gitignore());
        out.key("snippet").str(engine.snippet());
    }
    out.end_object();
    Ok(out.finish())
}

/// Why a passphrase cannot seal a hand-off, or `undefined`.
#[wasm_bindgen(js_name = passphraseProblem)]
pub fn passphrase_problem(passphrase: &str) -> Option<String> {
    sealed::passphrase_problem(passphrase).map(str::to_owned)
}

/// A passphrase of 100 random bits, in groups of four letters to read out.
#[wasm_bindgen(js_name = suggestPassphrase)]
pub fn suggest_passphrase() -> Result<String, JsValue> {
    let mut random = [0u8; SUGGESTED_BYTES];
    if !webcrypto::random(&mut random) {
        return Err(no_crypto());
    }
    Ok(sealed::suggest_passphrase(&random))
}

/// A hand-off sealed with a passphrase (format version 2): the file's text.
/// Refused before any key is derived: a weak passphrase, or contents that
/// opening the file would refuse (a token for another namespace, say).
#[wasm_bindgen(js_name = sealHandoff)]
#[allow(clippy::too_many_arguments)] // what a hand-off holds, as JS gives it
pub async fn seal_handoff(
    token: String,
    base_url: String,
    game_id: String,
    namespace_id: String,
    namespace_label: String,
    protected: bool,
    hostname: String,
    ports: String,
    passphrase: String,
) -> Result<String, JsValue> {
    if let Some(why) = sealed::passphrase_problem(&passphrase) {
        return Err(failure("passphrase", why));
    }
    let ports = read_ports(&ports, &hostname, "contents")?;
    let contents = Contents {
        token,
        base_url,
        game_id,
        namespace_id,
        namespace_label,
        protected,
        hostname,
        ports,
    };
    // What a teammate's panel would refuse to open is not sealed.
    Contents::read(&contents.to_text()).map_err(|e| {
        let (why, what) = e.said();
        failure("contents", &format!("{why}{what}"))
    })?;
    webcrypto::seal(&passphrase, &contents)
        .await
        .map_err(|_| no_crypto())
}

/// What a sealed hand-off holds, opened with its passphrase: JSON.
#[wasm_bindgen(js_name = openHandoff)]
pub async fn open_handoff(text: String, passphrase: String) -> Result<String, JsValue> {
    let c = webcrypto::open(&text, &passphrase)
        .await
        .map_err(|(why, what)| {
            if why == webcrypto::NO_CRYPTO {
                return no_crypto();
            }
            let path = if why == OpenError::WrongPassphrase.to_string() {
                "passphrase"
            } else {
                "text"
            };
            failure(path, &format!("{why}{what}"))
        })?;
    let mut out = Json::compact();
    out.begin_object();
    for (key, value) in [
        ("token", &c.token),
        ("baseUrl", &c.base_url),
        ("gameId", &c.game_id),
        ("namespaceId", &c.namespace_id),
        ("namespaceLabel", &c.namespace_label),
        ("hostname", &c.hostname),
    ] {
        out.key(key).str(value);
    }
    out.key("protected").bool(c.protected);
    out.key("ports").begin_object();
    for (label, config) in &c.ports {
        out.key(label).value(config);
    }
    out.end_object().end_object();
    Ok(out.finish())
}

/// The ports as JS gave them (JSON text of an object keyed by label),
/// checked as a development token request's are: a port the service would
/// refuse is not written into any file. `within` names the argument
/// (`handoff`, `contents`) in a failure's path.
fn read_ports(text: &str, hostname: &str, within: &str) -> Result<Ports, JsValue> {
    let ports: Ports = crate::json::from_slice(text.as_bytes()).map_err(|e| {
        let at = match e.path().as_str() {
            "." => format!("{within}.ports"),
            key => format!("{within}.ports.{key}"),
        };
        failure(&at, &format!("{at}: {}", e.message()))
    })?;
    let request = DevTokenRequest {
        hostname: hostname.to_owned(),
        ports,
    };
    let issues = crate::validate::dev_token_request(&request);
    if let Some(error) = issues.iter().find(|i| i.severity == Severity::Error) {
        let at = format!("{within}.{}", error.path);
        return Err(failure(&at, &format!("{at}: {}", error.message)));
    }
    Ok(request.ports)
}

/// A failure for the wrapper: `[path, message, kind]`, the kind
/// `invalid_request`.
fn failure(path: &str, message: &str) -> JsValue {
    js_sys::Array::of3(&path.into(), &message.into(), &"invalid_request".into()).into()
}

/// The page has no WebCrypto (it is not a secure page): kind `not_loaded`.
/// Said for a dashboard (the panel's own words say to open the panel).
fn no_crypto() -> JsValue {
    const SAID: &str = "This page has no WebCrypto: browsers give it only to secure pages (https, or localhost). Serve the page over https.";
    js_sys::Array::of3(&"".into(), &SAID.into(), &"not_loaded".into()).into()
}
