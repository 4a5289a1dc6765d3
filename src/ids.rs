//! Game and namespace ids, each a type of its own, made once where text
//! enters (the address, a field, a file, what the browser kept) and always
//! in the one form a UUID has here ([`canonical_id`]: lower-case, dashed).
//! So no other spelling of a marked namespace passes for an unmarked one,
//! and a game's id never goes where a namespace's belongs. Text that is not
//! a UUID is kept trimmed, for the validator or the service to refuse with
//! a sentence.

use std::fmt;

use crate::validate::canonical_id;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(String);

        impl $name {
            /// The id `text` names, in its one form.
            pub fn new(text: &str) -> Self {
                $name(canonical_id(text))
            }

            /// The id as sent, kept and shown.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// Whether no id was given.
            pub fn is_empty(&self) -> bool {
                self.0.is_empty()
            }

            /// Whether it is a UUID, the only kind of id that goes in the
            /// address, the recent ids and whatever else the panel keeps:
            /// other text (a token pasted in the wrong field, say) is sent
            /// at most, and the service refuses it.
            pub fn is_uuid(&self) -> bool {
                crate::token::parse_uuid(&self.0).is_some()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

id_type! {
    /// A game's id.
    GameId
}

id_type! {
    /// A namespace's id.
    NamespaceId
}

/// An id as the context bar and the builds table show it: a UUID's first
/// eight characters, another id whole (it is what the person typed, or what
/// the service named it), a token never.
pub fn short(id: &str) -> String {
    let id = id.trim();
    if crate::token::holds_token(id) {
        // Pasted where an id belongs: shown nowhere (the field says why).
        return "not an id".to_owned();
    }
    match id.get(..8) {
        Some(head) if id.len() == 36 => head.to_owned(),
        _ => id.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn an_id_is_shown_short_and_a_token_never() {
        assert_eq!(short(" 4f3c2a10-0000-4000-8000-000000000001 "), "4f3c2a10");
        assert_eq!(short("staging"), "staging");
        let token = "dev_staging.eyJ0eXAiOiJKV1QiLCJhbGciOiJFZERTQSJ9.CICAgICAgICAgAE.c2lnbmF0dXJl";
        assert_eq!(short(token), "not an id");
    }
}
