//! Minting tokens in the service's real format, signed with an Ed25519 key
//! generated at start.

use ed25519_dalek::{Signer, SigningKey};

use gamecloud::model::DevTokenRequest;
use gamecloud::token::{self, base64url, Claims, DevEntitlement, DevPort, Entitlement};

/// Development tokens live 365 days.
pub const DEV_TOKEN_LIFETIME_MS: i64 = 365 * 24 * 3_600_000;

/// Signs tokens.
pub struct Minter {
    key: SigningKey,
}

impl Minter {
    /// A minter with a fresh random key.
    pub fn generate() -> std::io::Result<Self> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(Minter {
            key: SigningKey::from_bytes(&seed),
        })
    }

    /// The public half, for tests that verify a signature.
    pub fn verifying_key(&self) -> ed25519_dalek::VerifyingKey {
        self.key.verifying_key()
    }

    /// `<label>.<header>.<claims>.<signature>`.
    pub fn mint(&self, label: &str, claims: &Claims) -> String {
        let input = token::signing_input(claims);
        let signature = self.key.sign(input.as_bytes());
        format!(
            "{label}.{input}.{}",
            base64url::encode(&signature.to_bytes())
        )
    }

    /// A development token for a namespace, bound to the request's hostname
    /// and ports.
    pub fn dev_token(
        &self,
        namespace_id: &str,
        namespace_name: &str,
        req: &DevTokenRequest,
        now_ms: i64,
    ) -> String {
        let ports = req
            .ports
            .iter()
            .map(|(label, p)| DevPort {
                label: label.clone(),
                // The validator has checked the bounds before this is called.
                port: p.port.map(|n| n.clamp(0, u32::MAX as i64) as u32),
                protocol: p.protocol.clone(),
                port_range: p.port_range.map(|r| {
                    (
                        r.min.clamp(0, u32::MAX as i64) as u32,
                        r.max.clamp(0, u32::MAX as i64) as u32,
                    )
                }),
            })
            .collect();
        let claims = Claims {
            exp_ms: Some(now_ms + DEV_TOKEN_LIFETIME_MS),
            iat_ms: Some(now_ms),
            jti: Some(random_uuid()),
            entitlements: vec![Entitlement::NamespaceDevelopment(DevEntitlement {
                namespace_id: Some(namespace_id.to_owned()),
                hostname: req.hostname.clone(),
                ports,
            })],
        };
        self.mint(&token::dev_label(namespace_name), &claims)
    }

    /// A user token (never expires), as the dashboard would hold.
    pub fn user_token(&self, now_ms: i64) -> String {
        let claims = Claims {
            exp_ms: None,
            iat_ms: Some(now_ms),
            jti: Some(random_uuid()),
            entitlements: vec![Entitlement::User {
                user_id: Some(random_uuid()),
            }],
        };
        self.mint("usr", &claims)
    }
}

/// A random version-4 UUID.
pub fn random_uuid() -> String {
    crate::errors::ray_id()
}
