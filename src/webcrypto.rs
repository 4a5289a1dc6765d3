//! The platform's own cryptography (WebCrypto) for the encrypted hand-off:
//! the one place a key is derived and bytes sealed or opened. Not a module
//! of the crate's root: the panel's hand-off (`handoff::crypto`) and the JS
//! module's files entry (`js::files::webcrypto`) each include this file
//! (`#[path]`), so the panel's code is what it was before the files entry
//! shared it (its parts' bytes moved with the module's path). The file's
//! format, what is sealed and what each failure means are the core's
//! ([`crate::sealed`]); this only moves bytes through `crypto.subtle`.
//!
//! The bindings are the five calls used, declared here: web-sys's bindings
//! bring an import and its JS glue for every dictionary field set.
//! WebCrypto copies the bytes it is given when it is called, so slices of
//! the wasm memory are passed as they are.

use js_sys::{Array, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::sealed::{self, Contents, OpenError, Sealed, Version};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buf: &mut [u8]) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["crypto", "subtle"], js_name = importKey)]
    fn import_key(
        format: &str,
        key: &[u8],
        algorithm: &str,
        extractable: bool,
        usages: &Array,
    ) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["crypto", "subtle"], js_name = deriveBits)]
    fn derive_bits(algorithm: &Object, key: &JsValue, bits: u32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["crypto", "subtle"])]
    fn encrypt(algorithm: &Object, key: &JsValue, data: &[u8]) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["crypto", "subtle"])]
    fn decrypt(algorithm: &Object, key: &JsValue, data: &[u8]) -> Result<Promise, JsValue>;
}

/// WebCrypto failed: it is offered only to secure pages (https, or
/// localhost), where `crypto.subtle` is missing and every call throws.
pub(crate) const NO_CRYPTO: &str = "This browser offers no WebCrypto on this page: it is only given to secure pages (https, or localhost). Open the panel over https.";

async fn wait(p: Result<Promise, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(p?).await
}

/// A WebCrypto algorithm: `{ name, <field>: <bytes> }`, and `more` fields.
fn algorithm(name: &str, field: &str, bytes: &[u8], more: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    let set = |k: &str, v: &JsValue| Reflect::set(&o, &JsValue::from_str(k), v);
    let _ = set("name", &JsValue::from_str(name));
    let _ = set(field, &Uint8Array::from(bytes));
    for (k, v) in more {
        let _ = set(k, v);
    }
    o
}

async fn key(bytes: &[u8], algorithm: &str, usage: &str) -> Result<JsValue, JsValue> {
    let usages = Array::of1(&JsValue::from_str(usage));
    wait(import_key("raw", bytes, algorithm, false, &usages)).await
}

/// `bytes` bytes derived by `algorithm_name` (PBKDF2 or HKDF, SHA-256,
/// with `more` fields) from `secret` under `salt`.
async fn derive_bits_of(
    secret: &[u8],
    algorithm_name: &str,
    salt: &[u8],
    more: &[(&str, JsValue)],
    bytes: usize,
) -> Result<Vec<u8>, JsValue> {
    let base = key(secret, algorithm_name, "deriveBits").await?;
    let mut fields = vec![("hash", JsValue::from_str("SHA-256"))];
    fields.extend_from_slice(more);
    let params = algorithm(algorithm_name, "salt", salt, &fields);
    let bits = wait(derive_bits(&params, &base, bytes as u32 * 8)).await?;
    Ok(Uint8Array::new(&bits).to_vec())
}

/// The AES-256-GCM key and the passphrase check, as the file's version
/// derives them from the passphrase and the salt: PBKDF2, then (version 2)
/// HKDF with one info for each.
async fn derive(
    version: Version,
    passphrase: &str,
    salt: &[u8],
) -> Result<(Vec<u8>, Vec<u8>), JsValue> {
    let rounds = [("iterations", JsValue::from(sealed::ITERATIONS))];
    let len = version.pbkdf2_len();
    let derived = derive_bits_of(passphrase.as_bytes(), "PBKDF2", salt, &rounds, len).await?;
    if version == Version::V1 {
        let (key, check) = sealed::split_derived(&derived);
        return Ok((key.to_vec(), check.to_vec()));
    }
    let info = |info: &[u8]| [("info", JsValue::from(Uint8Array::from(info)))];
    let salt = sealed::HKDF_SALT;
    let key = info(sealed::HKDF_KEY_INFO);
    let key = derive_bits_of(&derived, "HKDF", salt, &key, sealed::KEY_LEN).await?;
    let check = info(sealed::HKDF_CHECK_INFO);
    let check = derive_bits_of(&derived, "HKDF", salt, &check, sealed::CHECK_LEN).await?;
    Ok((key, check))
}

/// AES-256-GCM under `key` and `iv`, with the first line of a file of
/// `version` as additional data: sealed, or opened.
async fn aes(
    version: Version,
    key_bytes: &[u8],
    iv: &[u8],
    data: &[u8],
    seal: bool,
) -> Result<Vec<u8>, JsValue> {
    let usage = if seal { "encrypt" } else { "decrypt" };
    let k = key(key_bytes, "AES-GCM", usage).await?;
    let aad = Uint8Array::from(version.first_line().as_bytes());
    let params = algorithm("AES-GCM", "iv", iv, &[("additionalData", aad.into())]);
    let out = if seal {
        encrypt(&params, &k, data)
    } else {
        decrypt(&params, &k, data)
    };
    Ok(Uint8Array::new(&wait(out).await?).to_vec())
}

/// Fills `buf` with random bytes; false if the browser has no WebCrypto.
pub fn random(buf: &mut [u8]) -> bool {
    get_random_values(buf).is_ok()
}

/// A sealed hand-off's text: `contents` sealed with the passphrase, with a
/// fresh random salt and IV, in the version the panel seals.
pub async fn seal(passphrase: &str, contents: &Contents) -> Result<String, String> {
    let mut salt = [0u8; sealed::SALT_LEN];
    let mut iv = [0u8; sealed::IV_LEN];
    let sealed = async {
        if !(random(&mut salt) && random(&mut iv)) {
            return Err(JsValue::NULL);
        }
        let version = Version::SEALED;
        let (key, check) = derive(version, passphrase, &salt).await?;
        let data = aes(version, &key, &iv, contents.to_text().as_bytes(), true).await?;
        Ok(Sealed {
            version,
            salt: salt.to_vec(),
            check,
            iv: iv.to_vec(),
            data,
        }
        .to_text())
    };
    sealed.await.map_err(|_| NO_CRYPTO.to_owned())
}

/// Opens a sealed hand-off's text with the passphrase: what it holds, or
/// why not, in the core's words ([`OpenError::said`]: why, and what the
/// file holds that made it so).
pub async fn open(text: &str, passphrase: &str) -> Result<Contents, (String, String)> {
    let failed = |e: OpenError| {
        let (why, what) = e.said();
        (why, what.to_owned())
    };
    let file = Sealed::read(text).map_err(failed)?;
    let (key, check) = derive(file.version, passphrase, &file.salt)
        .await
        .map_err(|_| (NO_CRYPTO.to_owned(), String::new()))?;
    let opened = if check != file.check {
        Err(OpenError::WrongPassphrase)
    } else {
        match aes(file.version, &key, &file.iv, &file.data, false).await {
            // Not UTF-8 (no panel writes that): refused as holding no token.
            Ok(plain) => Contents::read(std::str::from_utf8(&plain).unwrap_or_default()),
            Err(_) => Err(OpenError::Altered),
        }
    };
    opened.map_err(failed)
}
