//! The JSON body of every error the service answers with.

use serde::Deserialize;

use crate::json::RawJson;

/// `{code, message, ray_id, documentation?, metadata?}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorBody {
    /// The error's code (`API_RATE_LIMIT`).
    pub code: String,
    /// The service's message.
    pub message: String,
    /// The ray id of the call.
    pub ray_id: String,
    /// A link to the error's page.
    pub documentation: Option<String>,
    /// Set on rate limits: the retry-after time in epoch milliseconds. Kept as
    /// its JSON text, whatever its shape.
    pub metadata: Option<RawJson>,
}

/// The keys of [`ErrorBody`], in its fields' order; the first three must be
/// there.
const KEYS: [&str; 5] = ["code", "message", "ray_id", "documentation", "metadata"];

/// Read by hand rather than derived: one loop over the keys instead of a
/// visitor per field (smaller wasm). As the derive did: an unknown key is
/// skipped; a key given twice, a missing `code`, `message` or `ray_id`, or a
/// value of the wrong type is an error; `documentation` and `metadata` may be
/// missing or null.
impl<'de> Deserialize<'de> for ErrorBody {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = ErrorBody;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("struct ErrorBody")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<ErrorBody, A::Error> {
                use serde::de::Error;
                // Bit `i` set: `KEYS[i]` was read.
                let mut seen = 0u8;
                let mut text: [String; 3] = Default::default();
                let (mut documentation, mut metadata) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    let Some(i) = KEYS.iter().position(|k| *k == key) else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                        continue;
                    };
                    if seen & (1 << i) != 0 {
                        return Err(A::Error::duplicate_field(KEYS[i]));
                    }
                    seen |= 1 << i;
                    match i {
                        0..=2 => text[i] = map.next_value()?,
                        3 => documentation = map.next_value()?,
                        _ => metadata = map.next_value()?,
                    }
                }
                let first_missing = seen.trailing_ones() as usize;
                if first_missing < text.len() {
                    return Err(A::Error::missing_field(KEYS[first_missing]));
                }
                let [code, message, ray_id] = text;
                Ok(ErrorBody {
                    code,
                    message,
                    ray_id,
                    documentation,
                    metadata,
                })
            }
        }
        d.deserialize_map(Fields)
    }
}
