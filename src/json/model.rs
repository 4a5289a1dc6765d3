//! A JSON model's fields written once: [`model!`] takes the struct as it is
//! declared and emits, from its one field list, the struct, its reader and
//! its writer ([`ToJson`]). Every model is read by one loop
//! ([`read_fields`]) and written by one ([`write_fields`]), shared.

use std::collections::BTreeMap;

use serde::de::{Deserialize, MapAccess};

use super::{first_missing, next_field, Json, RawJson, ToJson};

/// Declares a JSON model: a struct written as usual (doc comments, derives,
/// `pub` fields), whose fields are the object's keys. A field with
/// `= value` after its type may be missing (it then holds that value, as
/// with serde's `#[serde(default)]`; an `Option` is marked `= None`); every
/// other field must be there. From the one list the macro emits:
///
/// - the struct, as written without the `= value`s;
/// - `Deserialize` ([`super::read_by_hand`]): the fields, each holding its
///   default or a stand-in, handed to [`read_fields`] as slots in the
///   fields' order; an unknown key is skipped, and a key given twice, a
///   required key missing or a value of the wrong type is an error in the
///   derive's words (`missing field `code``). Serde's derive writes a
///   visitor per field and a loop per type; the panel's wasm carries one
///   loop for every model and one reading function for each field type
///   (docs/SIZE.md);
/// - [`ToJson`]: every key in the fields' order, each value as its
///   [`Field`] writes it, through [`write_fields`]; a `None` is left out
///   (the service's request bodies have no `null`: a port has a `port` or a
///   `port_range`, never both keys);
/// - `KEYS`, the keys in the fields' order (at most 32).
///
/// ```ignore
/// crate::json::model! {
///     /// One remembered id.
///     #[derive(Debug, Clone, PartialEq, Eq)]
///     pub struct RecentId {
///         /// `game` or `namespace`.
///         pub kind: String,
///         /// The id as it was used.
///         pub id: String,
///         /// The name the person gave it, or "".
///         pub label: String = String::new(),
///     }
/// }
/// ```
macro_rules! model {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_attr:meta])*
                $field_vis:vis $field:ident : $ty:ty $(= $default:expr)?
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis struct $name {
            $(
                $(#[$field_attr])*
                $field_vis $field: $ty,
            )*
        }

        impl $name {
            /// The JSON keys, in the fields' order.
            pub(crate) const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];
        }

        // `seen` and the required fields are bit sets of 32 keys.
        const _: () = assert!($name::KEYS.len() <= 32);

        $crate::json::read_by_hand!($name, concat!("struct ", stringify!($name)), |map| {
            // Bit `i` set: `KEYS[i]` must be there.
            const REQUIRED: u32 =
                $crate::json::bits(&[$($crate::json::model!(@required $($default)?)),*]);
            let mut value = $name {
                $($field: $crate::json::model!(@start $($default)?),)*
            };
            $crate::json::read_fields(
                &mut map,
                $name::KEYS,
                &mut [$(&mut value.$field as &mut dyn $crate::json::Slot<'de, A>),*],
                REQUIRED,
            )?;
            Ok(value)
        });

        impl $crate::json::ToJson for $name {
            fn write_json(&self, out: &mut $crate::json::Json) {
                $crate::json::write_fields(
                    out,
                    $name::KEYS,
                    &[$(&self.$field as &dyn $crate::json::Field),*],
                );
            }
        }
    };
    // A field's value until its key is read: its default, or a stand-in
    // that a missing required key never lets out.
    (@start) => { $crate::json::Field::stand_in() };
    (@start $default:expr) => { $default };
    // Whether a field's key must be there: when it has no default.
    (@required) => { true };
    (@required $default:expr) => { false };
}
pub(crate) use model;

/// The bit set of `flags`: bit `i` set when `flags[i]` is.
pub(crate) const fn bits(flags: &[bool]) -> u32 {
    let (mut set, mut i) = (0, 0);
    while i < flags.len() {
        set |= (flags[i] as u32) << i;
        i += 1;
    }
    set
}

/// A [`model!`]'s reader, for every model: reads the object's values into
/// `slots` (one a key of `keys`, in the same order) with [`next_field`];
/// a key of the `required` bit set that is missing is an error.
pub(crate) fn read_fields<'de, A: MapAccess<'de>>(
    map: &mut A,
    keys: &[&'static str],
    slots: &mut [&mut dyn Slot<'de, A>],
    required: u32,
) -> Result<(), A::Error> {
    let mut seen = 0u32;
    while let Some(i) = next_field(map, keys, &mut seen)? {
        // `i < keys.len()`, which is `slots.len()`: both come from one list.
        slots[i].read(map)?;
    }
    match first_missing(keys, seen, required) {
        Some(key) => Err(serde::de::Error::missing_field(key)),
        None => Ok(()),
    }
}

/// A [`model!`]'s writer, for every model: an object of `keys`, each with
/// the value of the same place in `values`, but those [`Field::is_absent`].
pub(crate) fn write_fields(out: &mut Json, keys: &[&str], values: &[&dyn Field]) {
    out.begin_object();
    for (key, value) in keys.iter().zip(values) {
        if !value.is_absent() {
            out.key(key);
            value.write_field(out);
        }
    }
    out.end_object();
}

/// A place a [`model!`]'s reader reads a field's value into: any type the
/// reader can read, whatever the model.
pub(crate) trait Slot<'de, A: MapAccess<'de>> {
    /// Reads the next value of `map` into `self`.
    fn read(&mut self, map: &mut A) -> Result<(), A::Error>;
}

impl<'de, A: MapAccess<'de>, T: Deserialize<'de>> Slot<'de, A> for T {
    fn read(&mut self, map: &mut A) -> Result<(), A::Error> {
        *self = map.next_value()?;
        Ok(())
    }
}

/// What a field of a [`model!`] can hold: how it is written, and what stands
/// in for it until its key is read.
pub(crate) trait Field {
    /// Writes the value as the field's JSON value.
    fn write_field(&self, out: &mut Json);
    /// Whether the key is left out of the object (a `None`).
    fn is_absent(&self) -> bool {
        false
    }
    /// The value held before the key is read: never seen by a caller, as a
    /// required key that is missing fails the read.
    fn stand_in() -> Self
    where
        Self: Sized;
}

impl Field for String {
    fn write_field(&self, out: &mut Json) {
        out.str(self);
    }
    fn stand_in() -> Self {
        String::new()
    }
}

impl Field for bool {
    fn write_field(&self, out: &mut Json) {
        out.bool(*self);
    }
    fn stand_in() -> Self {
        false
    }
}

/// Exact, as a string of digits for JavaScript ([`Json::for_javascript`]).
impl Field for u64 {
    fn write_field(&self, out: &mut Json) {
        out.u64(*self);
    }
    fn stand_in() -> Self {
        0
    }
}

impl Field for i64 {
    fn write_field(&self, out: &mut Json) {
        out.i64(*self);
    }
    fn stand_in() -> Self {
        0
    }
}

/// `None` leaves its key out ([`write_fields`]).
impl<T: Field> Field for Option<T> {
    fn write_field(&self, out: &mut Json) {
        if let Some(v) = self {
            v.write_field(out);
        }
    }
    fn is_absent(&self) -> bool {
        self.is_none()
    }
    fn stand_in() -> Self {
        None
    }
}

/// A JSON object of strings.
impl Field for BTreeMap<String, String> {
    fn write_field(&self, out: &mut Json) {
        out.begin_object();
        for (k, v) in self {
            out.key(k).str(v);
        }
        out.end_object();
    }
    fn stand_in() -> Self {
        BTreeMap::new()
    }
}

/// A JSON array.
impl<T: ToJson> Field for Vec<T> {
    fn write_field(&self, out: &mut Json) {
        out.begin_array();
        for v in self {
            out.value(v);
        }
        out.end_array();
    }
    fn stand_in() -> Self {
        Vec::new()
    }
}

/// The text as it was read.
impl Field for RawJson {
    fn write_field(&self, out: &mut Json) {
        out.raw(&self.0);
    }
    fn stand_in() -> Self {
        RawJson(String::new())
    }
}
