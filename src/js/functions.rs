//! The stateless exports: validate a development token request, the proxy
//! port for a protocol, whether a base URL sends the token in clear, decode a
//! token.

use wasm_bindgen::prelude::*;

use super::convert::{self, from_js};
use super::error::{bad_argument, issues_to_js};
use crate::model::{DevTokenRequest, PortProtocol};

/// Every problem with a development token request (errors and warnings).
#[wasm_bindgen(js_name = validateDevTokenRequest)]
pub fn validate_dev_token_request(request: JsValue) -> Result<JsValue, JsValue> {
    let req: DevTokenRequest = from_js(&request, "request")?;
    Ok(issues_to_js(&crate::validate::dev_token_request(&req)))
}

/// What the matchmaker returns for a protocol through the proxy.
#[wasm_bindgen(js_name = proxyPort)]
pub fn proxy_port(protocol: JsValue) -> Result<JsValue, JsValue> {
    let protocol = PortProtocol::from_wire(&convert::string(&protocol, "protocol")?);
    Ok(convert::to_js(&crate::ports::proxy_port(&protocol)))
}

/// Whether a base URL would carry the bearer token in clear text across a
/// network (plain `http` beyond this machine): the panel's warning, for a
/// dashboard or a command line to give the same.
#[wasm_bindgen(js_name = sendsTokenInClear)]
pub fn sends_token_in_clear(base_url: JsValue) -> Result<bool, JsValue> {
    let base_url = convert::string(&base_url, "baseUrl")?;
    Ok(crate::validate::sends_token_in_clear(&base_url))
}

/// Splits and decodes a token, without verifying its signature.
#[wasm_bindgen(js_name = decodeToken)]
pub fn decode_token(token: JsValue) -> Result<JsValue, JsValue> {
    let token = convert::string(&token, "token")?;
    let decoded = crate::token::decode(&token).map_err(|e| bad_argument("token", e.to_string()))?;
    let value = convert::to_js(&decoded);
    super::error::set(&value, "kind", convert::to_js(&decoded.kind()));
    Ok(value)
}
