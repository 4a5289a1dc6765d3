//! A serde deserializer over JSON bytes: strings borrowed where they hold no
//! escape, integers exact to 64 bits, unknown fields skipped without a copy.
//! The path of a failure is put together as the error travels back up, so
//! decoding that succeeds pays nothing for it.

use serde::de::{self, DeserializeSeed, Expected, IntoDeserializer, Unexpected, Visitor};

use super::Error;

/// How deep objects and arrays may nest before the input is refused: deeper
/// input would only exhaust the stack.
const MAX_DEPTH: u32 = 128;

/// The name of the newtype that asks for a value's raw text ([`super::RawJson`]).
pub(super) const RAW_TOKEN: &str = "$gamecloud::json::RawJson";

pub(super) struct Deserializer<'de> {
    src: &'de [u8],
    pos: usize,
    depth: u32,
}

/// The most characters of a key or a value an error message quotes.
const MAX_QUOTED: usize = 64;

/// A number as it stands in the text.
enum Number {
    Unsigned(u64),
    Negative(i64),
    /// Out of the 64-bit ranges, or with a fraction or an exponent.
    Other,
}

impl<'de> Deserializer<'de> {
    pub(super) fn new(src: &'de [u8]) -> Self {
        Deserializer {
            src,
            pos: 0,
            depth: 0,
        }
    }

    /// Only white space may follow the value.
    pub(super) fn end(&mut self) -> Result<(), Error> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.syntax("unexpected text after the end of the value")),
        }
    }

    fn syntax(&self, what: &str) -> Error {
        let mut msg = String::from(what);
        msg.push_str(" (byte ");
        push_u64(&mut msg, self.pos as u64);
        msg.push(')');
        Error::msg(msg)
    }

    /// The next byte that is not white space, not consumed.
    fn peek(&mut self) -> Option<u8> {
        while let Some(&b) = self.src.get(self.pos) {
            if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(b);
            }
            self.pos += 1;
        }
        None
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), Error> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.eof_or(what))
        }
    }

    fn eof_or(&self, what: &str) -> Error {
        if self.pos >= self.src.len() {
            Error::msg("the body ends too early".into())
        } else {
            self.syntax(what)
        }
    }

    fn literal(&mut self, word: &[u8]) -> Result<(), Error> {
        if self.src[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.eof_or("not JSON"))
        }
    }

    /// What the next value is, for an "invalid type" message.
    fn found(&mut self) -> &'static str {
        match self.peek() {
            Some(b'{') => "an object",
            Some(b'[') => "an array",
            Some(b'"') => "a string",
            Some(b't' | b'f') => "a boolean",
            Some(b'n') => "null",
            Some(b'-' | b'0'..=b'9') => "a number",
            _ => "no value",
        }
    }

    fn invalid_type(&mut self, expected: &str) -> Error {
        if self.peek().is_none() {
            return self.eof_or("");
        }
        let mut msg = String::from("invalid type: ");
        msg.push_str(self.found());
        msg.push_str(", expected ");
        msg.push_str(expected);
        Error::msg(msg)
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::msg("nested too deeply".into()));
        }
        Ok(())
    }

    /// A string's content: borrowed when it holds no escape.
    fn string(&mut self) -> Result<Str<'de>, Error> {
        self.expect(b'"', "expected a string")?;
        let start = self.pos;
        let src = self.src;
        let mut owned: Option<Vec<u8>> = None;
        let mut run = start;
        loop {
            let Some(&b) = src.get(self.pos) else {
                return Err(self.eof_or(""));
            };
            match b {
                b'"' => {
                    let tail = &src[run..self.pos];
                    self.pos += 1;
                    return match owned {
                        None => std::str::from_utf8(tail)
                            .map(Str::Borrowed)
                            .map_err(|_| self.syntax("a string is not UTF-8")),
                        Some(mut buf) => {
                            buf.extend_from_slice(tail);
                            String::from_utf8(buf)
                                .map(Str::Owned)
                                .map_err(|_| self.syntax("a string is not UTF-8"))
                        }
                    };
                }
                b'\\' => {
                    let buf = owned.get_or_insert_with(Vec::new);
                    buf.extend_from_slice(&src[run..self.pos]);
                    self.pos += 1;
                    let esc = src.get(self.pos).copied();
                    self.pos += 1;
                    let c = match esc {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        _ => return Err(self.syntax("an invalid escape in a string")),
                    };
                    let mut utf8 = [0; 4];
                    buf.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
                    run = self.pos;
                }
                0..=0x1f => return Err(self.syntax("a control character in a string")),
                _ => self.pos += 1,
            }
        }
    }

    /// After `\u`: four hex digits, and a second escape for a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let high = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&high) {
            if !self.src[self.pos..].starts_with(b"\\u") {
                return Err(self.syntax("a lone surrogate in a string"));
            }
            self.pos += 2;
            let low = self.hex4()?;
            if !(0xDC00..0xE000).contains(&low) {
                return Err(self.syntax("a lone surrogate in a string"));
            }
            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else {
            high
        };
        char::from_u32(code).ok_or_else(|| self.syntax("a lone surrogate in a string"))
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let digits = self
            .src
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.eof_or(""))?;
        let mut n = 0;
        for &d in digits {
            let v = (d as char)
                .to_digit(16)
                .ok_or_else(|| self.syntax("an invalid \\u escape"))?;
            n = n * 16 + v;
        }
        self.pos += 4;
        Ok(n)
    }

    /// A number, checked against JSON's grammar.
    fn number(&mut self) -> Result<Number, Error> {
        let negative = self.src.get(self.pos) == Some(&b'-');
        if negative {
            self.pos += 1;
        }
        let start = self.pos;
        let mut value: Option<u64> = Some(0);
        while let Some(d @ b'0'..=b'9') = self.src.get(self.pos).copied() {
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(d - b'0')));
            self.pos += 1;
        }
        let digits = self.pos - start;
        if digits == 0 || (digits > 1 && self.src[start] == b'0') {
            return Err(self.syntax("an invalid number"));
        }
        let mut whole = true;
        if self.src.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            whole = false;
            self.digits()?;
        }
        if matches!(self.src.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            whole = false;
            if matches!(self.src.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            self.digits()?;
        }
        Ok(match (whole, value, negative) {
            (true, Some(v), false) => Number::Unsigned(v),
            (true, Some(v), true) if v <= 1 << 63 => Number::Negative((v as i64).wrapping_neg()),
            _ => Number::Other,
        })
    }

    fn digits(&mut self) -> Result<(), Error> {
        let start = self.pos;
        while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.syntax("an invalid number"));
        }
        Ok(())
    }

    /// Skips one value, checking its syntax; returns where it started.
    fn skip(&mut self) -> Result<usize, Error> {
        let start = match self.peek() {
            Some(_) => self.pos,
            None => return Err(self.eof_or("")),
        };
        match self.src[self.pos] {
            b'"' => {
                self.string()?;
            }
            b't' => self.literal(b"true")?,
            b'f' => self.literal(b"false")?,
            b'n' => self.literal(b"null")?,
            b'-' | b'0'..=b'9' => {
                self.number()?;
            }
            open @ (b'{' | b'[') => {
                self.enter()?;
                self.pos += 1;
                let close = open + 2; // `}` and `]` follow their openers by two
                let mut first = true;
                loop {
                    if self.peek() == Some(close) {
                        self.pos += 1;
                        break;
                    }
                    if !first {
                        self.expect(b',', "expected ',' or the end of a list")?;
                    }
                    first = false;
                    if open == b'{' {
                        self.string()?;
                        self.expect(b':', "expected ':'")?;
                    }
                    self.skip()?;
                }
                self.depth -= 1;
            }
            _ => return Err(self.syntax("not JSON")),
        }
        Ok(start)
    }

    /// An array (`[`) or an object (`{`): `visit` walks its items, then the
    /// closing bracket must follow.
    fn nested<T>(
        &mut self,
        open: u8,
        what: &str,
        visit: impl FnOnce(&mut Access<'_, 'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.peek() != Some(open) {
            return Err(self.invalid_type(what));
        }
        self.enter()?;
        self.pos += 1;
        let mut access = Access {
            de: self,
            first: true,
            done: false,
            key: (0, 0),
            index: 0,
        };
        let value = visit(&mut access)?;
        access.finish(open + 2)?; // `]` and `}` follow their openers by two
        self.depth -= 1;
        Ok(value)
    }

    /// A whole number that fits a `u64`. Only a number out of that range is
    /// told the range: a value of another type is told "a whole number".
    fn unsigned(&mut self) -> Result<u64, Error> {
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            return Err(self.invalid_type(WHOLE));
        }
        match self.number()? {
            Number::Unsigned(v) => Ok(v),
            _ => Err(out_of_range(UNSIGNED_RANGE)),
        }
    }

    /// A whole number that fits an `i64`, as [`Self::unsigned`] says it.
    fn signed(&mut self) -> Result<i64, Error> {
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            return Err(self.invalid_type(WHOLE));
        }
        match self.number()? {
            Number::Unsigned(v) if v <= i64::MAX as u64 => Ok(v as i64),
            Number::Negative(v) => Ok(v),
            _ => Err(out_of_range(SIGNED_RANGE)),
        }
    }
}

fn out_of_range(expected: &str) -> Error {
    let mut msg = String::from("invalid value: expected ");
    msg.push_str(expected);
    Error::msg(msg)
}

/// Decimal digits of `n`, without the formatting machinery.
pub(crate) fn push_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(buf[i..].iter().map(|&b| b as char));
}

enum Str<'de> {
    Borrowed(&'de str),
    Owned(String),
}

impl<'de> Str<'de> {
    fn visit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Str::Borrowed(s) => visitor.visit_borrowed_str(s),
            Str::Owned(s) => visitor.visit_string(s),
        }
    }
}

const WHOLE: &str = "a whole number";
const UNSIGNED_RANGE: &str = "a whole number from 0 to 18446744073709551615";
const SIGNED_RANGE: &str = "a whole number from -9223372036854775808 to 9223372036854775807";

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.peek() {
            Some(b'{') => self.deserialize_map(visitor),
            Some(b'[') => self.deserialize_seq(visitor),
            Some(b'"') => self.string()?.visit(visitor),
            Some(b't' | b'f') => self.deserialize_bool(visitor),
            Some(b'n') => self.deserialize_unit(visitor),
            Some(b'-' | b'0'..=b'9') => match self.number()? {
                Number::Unsigned(v) => visitor.visit_u64(v),
                Number::Negative(v) => visitor.visit_i64(v),
                Number::Other => Err(Error::msg(
                    "a number with a fraction, an exponent or more than 64 bits is not expected here"
                        .into(),
                )),
            },
            _ => Err(self.eof_or("not JSON")),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.peek() {
            Some(b't') => {
                self.literal(b"true")?;
                visitor.visit_bool(true)
            }
            Some(b'f') => {
                self.literal(b"false")?;
                visitor.visit_bool(false)
            }
            _ => Err(self.invalid_type("true or false")),
        }
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u64(self.unsigned()?)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i64(self.signed()?)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.peek() != Some(b'"') {
            return Err(self.invalid_type("a string"));
        }
        self.string()?.visit(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.peek() == Some(b'n') {
            self.literal(b"null")?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.peek() != Some(b'n') {
            return Err(self.invalid_type("null"));
        }
        self.literal(b"null")?;
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == RAW_TOKEN {
            let start = self.skip()?;
            let raw = std::str::from_utf8(&self.src[start..self.pos])
                .map_err(|_| self.syntax("a string is not UTF-8"))?;
            return visitor.visit_borrowed_str(raw);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.nested(b'[', "an array", |access| visitor.visit_seq(access))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.nested(b'{', "an object", |access| visitor.visit_map(access))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // Unit variants only: the wire's enumerations are strings.
        if self.peek() != Some(b'"') {
            return Err(self.invalid_type("a string"));
        }
        match self.string()? {
            Str::Borrowed(s) => visitor.visit_enum(s.into_deserializer()),
            Str::Owned(s) => visitor.visit_enum(s.into_deserializer()),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.skip()?;
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        i128 u128 f32 f64 char bytes byte_buf
    }
}

/// Walks an object's entries or an array's elements.
struct Access<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    first: bool,
    /// The closing bracket was read.
    done: bool,
    /// The raw text of the last key, read again only for an error's path.
    key: (usize, usize),
    index: usize,
}

impl Access<'_, '_> {
    /// `e`, at the key just read. Not generic (and never inlined): every
    /// value type's `next_value_seed` shares it instead of carrying a copy
    /// (docs/SIZE.md, size rule "one key error path").
    #[inline(never)]
    fn at_key(&self, e: Error) -> Error {
        let (start, end) = self.key;
        let parsed = Deserializer::new(&self.de.src[start..end]).string();
        let key = match &parsed {
            Ok(Str::Borrowed(s)) => s,
            Ok(Str::Owned(s)) => s.as_str(),
            Err(_) => "",
        };
        // A hostile key is named, not quoted whole: a 1 MB key must not
        // make a 1 MB message.
        let mut shown: String = key.chars().take(MAX_QUOTED).collect();
        if shown.len() < key.len() {
            shown.push('…');
        }
        e.at_key(shown)
    }

    /// Before the next entry: `None` at the closing bracket.
    fn next(&mut self, close: u8) -> Result<Option<()>, Error> {
        if self.done {
            return Ok(None);
        }
        if self.de.peek() == Some(close) {
            self.de.pos += 1;
            self.done = true;
            return Ok(None);
        }
        if !self.first {
            self.de
                .expect(b',', "expected ',' or the end of a list or object")?;
        }
        self.first = false;
        Ok(Some(()))
    }

    /// After the visitor: the rest must be the closing bracket.
    fn finish(&mut self, close: u8) -> Result<(), Error> {
        if self.done {
            Ok(())
        } else {
            self.de
                .expect(close, "expected the end of a list or object")
        }
    }
}

impl<'de> de::SeqAccess<'de> for Access<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let index = self.index;
        self.next(b']').map_err(|e| e.at_index(index))?;
        if self.done {
            return Ok(None);
        }
        self.index += 1;
        seed.deserialize(&mut *self.de)
            .map(Some)
            .map_err(|e| e.at_index(index))
    }
}

impl<'de> de::MapAccess<'de> for Access<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        self.next(b'}')?;
        if self.done {
            return Ok(None);
        }
        if self.de.peek() != Some(b'"') {
            return Err(self.de.eof_or("expected a key in quotes"));
        }
        let start = self.de.pos;
        let key = seed.deserialize(&mut *self.de)?;
        self.key = (start, self.de.pos);
        self.de.expect(b':', "expected ':' after a key")?;
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.de).map_err(|e| self.at_key(e))
    }
}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::msg(msg.to_string())
    }

    // Serde's own wording formats `Unexpected`, floats included, which would
    // bring float printing into the module for a message (docs/SIZE.md,
    // size rule "no float printing").
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        described("invalid type: ", unexp, exp)
    }

    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        described("invalid value: ", unexp, exp)
    }
}

fn described(prefix: &str, unexp: Unexpected<'_>, exp: &dyn Expected) -> Error {
    let mut msg = String::from(prefix);
    match unexp {
        Unexpected::Unsigned(n) => push_u64(&mut msg, n),
        Unexpected::Signed(n) => {
            if n < 0 {
                msg.push('-');
            }
            push_u64(&mut msg, n.unsigned_abs());
        }
        Unexpected::Str(s) => {
            msg.push('"');
            msg.extend(s.chars().take(MAX_QUOTED));
            msg.push('"');
        }
        Unexpected::Bool(b) => msg.push_str(if b { "true" } else { "false" }),
        Unexpected::Unit => msg.push_str("null"),
        Unexpected::Map => msg.push_str("an object"),
        Unexpected::Seq => msg.push_str("an array"),
        _ => msg.push_str("a value"),
    }
    msg.push_str(", expected ");
    msg.push_str(&exp.to_string());
    Error::msg(msg)
}
