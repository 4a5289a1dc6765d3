//! The few protobuf wire-format primitives the token's claims need: a reader
//! that never panics on any input, and a writer for the local service.

/// Reads fields from one message's bytes.
pub struct Reader<'a> {
    buf: &'a [u8],
}

/// One field's value.
pub enum Value<'a> {
    Varint(u64),
    Bytes(&'a [u8]),
    Fixed,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { buf }
    }

    /// The next field as (number, value), `None` at the end.
    pub fn next_field(&mut self) -> Result<Option<(u32, Value<'a>)>, String> {
        if self.buf.is_empty() {
            return Ok(None);
        }
        let key = self.varint()?;
        let number = u32::try_from(key >> 3).map_err(|_| "field number too large".to_owned())?;
        if number == 0 {
            return Err("field number 0".to_owned());
        }
        let value = match key & 7 {
            0 => Value::Varint(self.varint()?),
            1 => self.skip(8).map(|_| Value::Fixed)?,
            2 => {
                let len = usize::try_from(self.varint()?).map_err(|_| "length too large")?;
                Value::Bytes(self.skip(len)?)
            }
            5 => self.skip(4).map(|_| Value::Fixed)?,
            t => return Err(format!("unsupported wire type {t} in field {number}")),
        };
        Ok(Some((number, value)))
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut n = 0u64;
        for i in 0..10 {
            let (&b, rest) = self.buf.split_first().ok_or("truncated number")?;
            self.buf = rest;
            n |= ((b & 0x7f) as u64) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err("number longer than 10 bytes".to_owned())
    }

    fn skip(&mut self, len: usize) -> Result<&'a [u8], String> {
        if len > self.buf.len() {
            return Err(format!(
                "field says {len} bytes, only {} remain",
                self.buf.len()
            ));
        }
        let (head, rest) = self.buf.split_at(len);
        self.buf = rest;
        Ok(head)
    }
}

/// Appends fields to a message.
#[derive(Default)]
pub struct Writer {
    pub buf: Vec<u8>,
}

impl Writer {
    fn key(&mut self, number: u32, wire_type: u8) {
        self.raw_varint((number as u64) << 3 | wire_type as u64);
    }

    fn raw_varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.buf.push(n as u8 | 0x80);
            n >>= 7;
        }
        self.buf.push(n as u8);
    }

    /// A varint field; proto3 leaves zero out.
    pub fn varint(&mut self, number: u32, n: u64) {
        if n != 0 {
            self.key(number, 0);
            self.raw_varint(n);
        }
    }

    /// A length-delimited field (bytes, string or message), always written.
    pub fn bytes(&mut self, number: u32, bytes: &[u8]) {
        self.key(number, 2);
        self.raw_varint(bytes.len() as u64);
        self.buf.extend_from_slice(bytes);
    }

    /// A sub-message built by `f`.
    pub fn message(&mut self, number: u32, f: impl FnOnce(&mut Writer)) {
        let mut inner = Writer::default();
        f(&mut inner);
        self.bytes(number, &inner.buf);
    }
}
