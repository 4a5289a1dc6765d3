//! Writing JSON text: compact for request bodies, indented for files a person
//! opens. Commas, indentation and string escapes are handled here once.

use super::de::push_u64;

/// A value that writes itself as JSON.
pub trait ToJson {
    /// Writes `self` as one JSON value.
    fn write_json(&self, out: &mut Json);

    /// Compact text, for a request body.
    fn to_json(&self) -> String {
        let mut out = Json::compact();
        self.write_json(&mut out);
        out.finish()
    }

    /// Text indented by two spaces, for a file a person reads.
    fn to_json_pretty(&self) -> String {
        let mut out = Json::pretty();
        self.write_json(&mut out);
        out.finish()
    }
}

/// A JSON text being written, value by value.
pub struct Json {
    buf: String,
    pretty: bool,
    depth: usize,
    /// No item yet in the innermost object or array.
    first: bool,
    /// A key was written: the next value belongs to it.
    after_key: bool,
    /// Write `u64`s as strings, for a reader whose numbers are doubles.
    u64_as_strings: bool,
}

impl Json {
    /// A writer with no white space.
    pub fn compact() -> Self {
        Json {
            buf: String::new(),
            pretty: false,
            depth: 0,
            first: true,
            after_key: false,
            u64_as_strings: false,
        }
    }

    /// Compact text whose `u64`s are strings of digits: JavaScript's
    /// `JSON.parse` reads numbers as doubles (inexact above 2^53), and a
    /// string becomes an exact `BigInt`.
    pub fn for_javascript() -> Self {
        Json {
            u64_as_strings: true,
            ..Json::compact()
        }
    }

    /// A writer that indents by two spaces.
    pub fn pretty() -> Self {
        Json {
            pretty: true,
            ..Json::compact()
        }
    }

    /// The text written.
    pub fn finish(self) -> String {
        self.buf
    }

    fn newline(&mut self) {
        if self.pretty {
            self.buf.push('\n');
            for _ in 0..self.depth {
                self.buf.push_str("  ");
            }
        }
    }

    /// Before an item of an object or an array: a comma, then a new line.
    fn item(&mut self) {
        if self.depth == 0 {
            return;
        }
        if !self.first {
            self.buf.push(',');
        }
        self.first = false;
        self.newline();
    }

    fn before_value(&mut self) {
        if self.after_key {
            self.after_key = false;
        } else {
            self.item();
        }
    }

    /// Opens an object.
    pub fn begin_object(&mut self) -> &mut Self {
        self.open('{')
    }

    /// Closes an object.
    pub fn end_object(&mut self) -> &mut Self {
        self.close('}')
    }

    /// Opens an array.
    pub fn begin_array(&mut self) -> &mut Self {
        self.open('[')
    }

    /// Closes an array.
    pub fn end_array(&mut self) -> &mut Self {
        self.close(']')
    }

    fn open(&mut self, bracket: char) -> &mut Self {
        self.before_value();
        self.buf.push(bracket);
        self.depth += 1;
        self.first = true;
        self
    }

    fn close(&mut self, bracket: char) -> &mut Self {
        self.depth -= 1;
        if !self.first {
            self.newline();
        }
        self.buf.push(bracket);
        self.first = false;
        self
    }

    /// An object's key; the next value written is its value.
    pub fn key(&mut self, key: &str) -> &mut Self {
        self.item();
        self.escaped(key);
        self.buf.push(':');
        if self.pretty {
            self.buf.push(' ');
        }
        self.after_key = true;
        self
    }

    /// A string, escaped.
    pub fn str(&mut self, s: &str) -> &mut Self {
        self.before_value();
        self.escaped(s);
        self
    }

    /// An unsigned integer, exact.
    pub fn u64(&mut self, n: u64) -> &mut Self {
        self.before_value();
        if self.u64_as_strings {
            self.buf.push('"');
        }
        push_u64(&mut self.buf, n);
        if self.u64_as_strings {
            self.buf.push('"');
        }
        self
    }

    /// A signed integer, exact.
    pub fn i64(&mut self, n: i64) -> &mut Self {
        self.before_value();
        if n < 0 {
            self.buf.push('-');
        }
        push_u64(&mut self.buf, n.unsigned_abs());
        self
    }

    /// `true` or `false`.
    pub fn bool(&mut self, b: bool) -> &mut Self {
        self.before_value();
        self.buf.push_str(if b { "true" } else { "false" });
        self
    }

    /// A value already written as JSON text (`null`, a kept [`RawJson`]).
    ///
    /// [`RawJson`]: super::RawJson
    pub(crate) fn raw(&mut self, text: &str) -> &mut Self {
        self.before_value();
        self.buf.push_str(text);
        self
    }

    /// Any value that writes itself.
    pub fn value(&mut self, v: &impl ToJson) -> &mut Self {
        v.write_json(self);
        self
    }

    /// A string literal: quotes, backslashes and control characters escaped
    /// (U+2028 and U+2029 too, so the text is also safe inside a script).
    fn escaped(&mut self, s: &str) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        self.buf.push('"');
        for c in s.chars() {
            match c {
                '"' => self.buf.push_str("\\\""),
                '\\' => self.buf.push_str("\\\\"),
                '\n' => self.buf.push_str("\\n"),
                '\r' => self.buf.push_str("\\r"),
                '\t' => self.buf.push_str("\\t"),
                c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                    let n = c as u32;
                    self.buf.push_str("\\u");
                    for shift in [12, 8, 4, 0] {
                        self.buf.push(HEX[(n >> shift) as usize & 0xf] as char);
                    }
                }
                c => self.buf.push(c),
            }
        }
        self.buf.push('"');
    }
}
