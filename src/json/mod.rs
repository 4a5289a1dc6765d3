//! JSON in and out, small: one serde deserializer over bytes for every answer
//! (and for JavaScript values, once stringified), a writer for the few
//! bodies and files the clients write, and `model!`, which gives a model
//! whose fields are written once its reader and its writer.

mod de;
mod model;
mod write;

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

pub(crate) use de::push_u64;
pub(crate) use model::{bits, model, read_fields, write_fields, Field, Slot};
pub use write::{Json, ToJson};

/// Decodes `bytes` as a `T`; a failure names the JSON path where it happened
/// (`builds[3].content_length`).
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    let mut de = de::Deserializer::new(bytes);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Reads JSON Lines, one value per line (blank lines skipped), as the panel
/// keeps its lists: a line that does not read as a `T` (damaged, written by
/// another version, edited by hand) is dropped and counted, and the rest are
/// kept. Returns the values and how many lines were dropped.
pub fn from_lines<T: DeserializeOwned>(text: &str) -> (Vec<T>, usize) {
    let (mut values, mut dropped) = (Vec::new(), 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match from_slice(line.as_bytes()) {
            Ok(v) => values.push(v),
            Err(_) => dropped += 1,
        }
    }
    (values, dropped)
}

/// Writes values as JSON Lines: each compact, on a line of its own.
pub fn to_lines<'a, T: ToJson + 'a>(values: impl IntoIterator<Item = &'a T>) -> String {
    let mut text = String::new();
    for v in values {
        let mut out = Json::compact();
        v.write_json(&mut out);
        text.push_str(&out.finish());
        text.push('\n');
    }
    text
}

/// Implements `Deserialize` for `$ty` by hand: `$body` reads the object
/// from `$map`. [`model!`] writes the body from a model's fields (one call
/// of [`read_fields`]).
/// Serde's derive writes a visitor per field, which the panel's wasm carries
/// inlined into every reader of the type (docs/SIZE.md). `$what` names the
/// type in errors, as the derive does (`struct BuildSummary`).
macro_rules! read_by_hand {
    ($ty:ty, $what:expr, |$map:ident| $body:block) => {
        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Fields;
                impl<'de> ::serde::de::Visitor<'de> for Fields {
                    type Value = $ty;
                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_map<A: ::serde::de::MapAccess<'de>>(
                        self,
                        mut $map: A,
                    ) -> Result<$ty, A::Error> $body
                }
                d.deserialize_map(Fields)
            }
        }
    };
}
pub(crate) use read_by_hand;

/// In a [`read_by_hand`] reader: the index in `keys` of the next key,
/// unknown keys skipped, `None` at the end. Bit `i` of `seen` records
/// `keys[i]`; a key read twice is an error, in the derive's words.
pub fn next_field<'de, A: serde::de::MapAccess<'de>>(
    map: &mut A,
    keys: &[&'static str],
    seen: &mut u32,
) -> Result<Option<usize>, A::Error> {
    while let Some(key) = map.next_key::<String>()? {
        match keys.iter().position(|k| *k == key) {
            Some(i) if *seen & (1 << i) != 0 => {
                return Err(serde::de::Error::duplicate_field(keys[i]))
            }
            Some(i) => {
                *seen |= 1 << i;
                return Ok(Some(i));
            }
            None => {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
    }
    Ok(None)
}

/// After [`next_field`], in a [`model!`]'s reader: the first key of the
/// `required` bit set not `seen`, which the derive would name in its error.
pub(crate) fn first_missing(
    keys: &[&'static str],
    seen: u32,
    required: u32,
) -> Option<&'static str> {
    let lacking = required & !seen;
    (lacking != 0).then(|| keys[lacking.trailing_zeros() as usize])
}

/// Checks that `bytes` is one well-formed JSON value, of any shape.
pub fn check(bytes: &[u8]) -> Result<(), Error> {
    from_slice::<serde::de::IgnoredAny>(bytes).map(drop)
}

/// Why a text did not decode, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
    /// Innermost first, as the error travelled back up.
    path: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Key(String),
    Index(usize),
}

impl Error {
    fn msg(message: String) -> Self {
        Error {
            message,
            path: Vec::new(),
        }
    }

    fn at_key(mut self, key: String) -> Self {
        self.path.push(Segment::Key(key));
        self
    }

    fn at_index(mut self, index: usize) -> Self {
        self.path.push(Segment::Index(index));
        self
    }

    /// What went wrong, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where: `builds[3].content_length`, or `.` for the whole text.
    pub fn path(&self) -> String {
        let mut out = String::new();
        for segment in self.path.iter().rev() {
            match segment {
                Segment::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Segment::Index(i) => {
                    out.push('[');
                    push_u64(&mut out, *i as u64);
                    out.push(']');
                }
            }
        }
        if out.is_empty() {
            out.push('.');
        }
        out
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path())?;
        f.write_str(": ")?;
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Any JSON value, kept as its text (the error body's `metadata`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawJson(pub String);

impl RawJson {
    /// The value as a whole number, if it is one or a string holding one.
    pub fn as_i64(&self) -> Option<i64> {
        from_slice::<i64>(self.0.as_bytes()).ok().or_else(|| {
            from_slice::<String>(self.0.as_bytes())
                .ok()?
                .trim()
                .parse()
                .ok()
        })
    }
}

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Raw;
        impl serde::de::Visitor<'_> for Raw {
            type Value = RawJson;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E>(self, v: &str) -> Result<RawJson, E> {
                Ok(RawJson(v.to_owned()))
            }
        }
        d.deserialize_newtype_struct(de::RAW_TOKEN, Raw)
    }
}
