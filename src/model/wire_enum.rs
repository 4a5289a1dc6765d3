//! A string enumeration of the wire that keeps values it does not know.
//!
//! The service may add a protocol or an auth type at any time; a client that
//! failed to decode a whole list because of one new value would be useless.

/// Declares a wire enumeration: known variants with their wire strings, plus
/// `Other(String)` for anything else. Serializes as the string; never fails to
/// deserialize a string.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[$vmeta:meta])* $variant:ident => $wire:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value this client does not know, kept as the service sent it.
            Other(String),
        }

        impl $name {
            /// Every value this client knows, in the contract's order.
            pub const KNOWN: &'static [$name] = &[$($name::$variant),+];

            /// The wire string.
            pub fn as_str(&self) -> &str {
                match self {
                    $( $name::$variant => $wire, )+
                    $name::Other(s) => s,
                }
            }

            /// Parses a wire string; unknown strings become `Other`.
            pub fn from_wire(s: &str) -> Self {
                match s {
                    $( $wire => $name::$variant, )+
                    other => $name::Other(other.to_owned()),
                }
            }

            /// Whether this is a value the contract names.
            pub fn is_known(&self) -> bool {
                !matches!(self, $name::Other(_))
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        /// A field of a JSON model: written as its wire string.
        impl $crate::json::Field for $name {
            fn write_field(&self, out: &mut $crate::json::Json) {
                out.str(self.as_str());
            }
            fn stand_in() -> Self {
                $name::Other(String::new())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(d)?;
                Ok($name::from_wire(&s))
            }
        }
    };
}

pub(crate) use wire_enum;

/// Declares a closed enumeration whose values cross into JavaScript as
/// strings: each variant's string is written here once, and `ALL` lists them,
/// so a test can hold `js/index.d.ts` to them. Serializes as the string.
macro_rules! str_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[$vmeta:meta])* $variant:ident => $wire:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The string JavaScript sees.
            pub fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $wire, )+
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

pub(crate) use str_enum;
