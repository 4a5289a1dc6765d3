//! Points in time from the wire: RFC 3339 (`create_ts`) and the HTTP date of
//! `Retry-After`, read and written by hand. Both formats are fixed, so a small
//! parser does the job of a date library at a fraction of its size
//! (docs/SIZE.md, size rule "dates by hand"); the tests hold both against the
//! `time` and `httpdate` crates.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A point in time, to the millisecond (the service writes milliseconds).
/// Decodes any RFC 3339 string; encodes as the service does, in UTC with
/// milliseconds (`2024-05-06T09:38:53.550Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    ms: i64,
}

/// The earliest and latest milliseconds of years 1 to 9999.
const MIN_MS: i64 = -62_135_596_800_000;
const MAX_MS: i64 = 253_402_300_799_999;

impl Timestamp {
    /// Parses an RFC 3339 string (`2024-05-06T09:38:53.55+02:00`). Digits of
    /// the fraction after the milliseconds are dropped.
    pub fn parse(s: &str) -> Result<Self, String> {
        parse_rfc3339(s.as_bytes()).ok_or_else(|| {
            let mut msg = String::from("not an RFC 3339 timestamp: \"");
            msg.extend(s.chars().take(64));
            msg.push('"');
            msg
        })
    }

    /// Parses an HTTP date in its preferred form, IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`).
    pub fn parse_http_date(s: &str) -> Option<Self> {
        let b = s.trim().as_bytes();
        if b.len() != 29 || b[3] != b',' || b[4] != b' ' || &b[25..] != b" GMT" {
            return None;
        }
        const MONTHS: [&[u8]; 12] = [
            b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov",
            b"Dec",
        ];
        let month = MONTHS.iter().position(|m| *m == &b[8..11])? as u32 + 1;
        if b[7] != b' ' || b[11] != b' ' || b[16] != b' ' {
            return None;
        }
        let day = digits(&b[5..7])?;
        let year = digits(&b[12..16])?;
        let ms = civil_ms(year.into(), month, day, &b[17..25])?;
        Some(Timestamp { ms })
    }

    /// From milliseconds since the Unix epoch; `None` outside years 1–9999.
    pub fn from_unix_ms(ms: i64) -> Option<Self> {
        (MIN_MS..=MAX_MS).contains(&ms).then_some(Timestamp { ms })
    }

    /// Milliseconds since the Unix epoch.
    pub fn unix_ms(&self) -> i64 {
        self.ms
    }

    /// The UTC date and time of day to the second, for people:
    /// (`2026-01-02`, `00:00:59`).
    pub fn utc_date_and_time(&self) -> (String, String) {
        let s = self.to_rfc3339_ms();
        (s[..10].to_owned(), s[11..19].to_owned())
    }

    /// The UTC date and time to the minute, for people: `2026-12-01 at
    /// 10:00 UTC`.
    pub fn utc_to_the_minute(&self) -> String {
        let (date, time) = self.utc_date_and_time();
        format!("{date} at {} UTC", time.get(..5).unwrap_or(&time))
    }

    /// The day (since 1970-01-01, UTC) of a date as a date input gives it
    /// (`2026-11-26`); `None` for any other text or a date that does not exist.
    pub fn day_of_date(date: &str) -> Option<i64> {
        let b = date.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let (year, month, day) = (digits(&b[..4])?, digits(&b[5..7])?, digits(&b[8..])?);
        let ms = civil_ms(year.into(), month, day, b"00:00:00")?;
        Timestamp::from_unix_ms(ms).map(|t| t.ms / 86_400_000)
    }

    /// The date of a day since 1970-01-01 (`2026-11-26`), as a date input
    /// takes it; `None` outside years 1–9999.
    pub fn date_of_day(day: i64) -> Option<String> {
        let t = Timestamp::from_unix_ms(day.checked_mul(86_400_000)?)?;
        Some(t.to_rfc3339_ms()[..10].to_owned())
    }

    /// The service's own form: UTC, milliseconds, `Z`.
    pub fn to_rfc3339_ms(&self) -> String {
        let days = self.ms.div_euclid(86_400_000);
        let in_day = self.ms.rem_euclid(86_400_000);
        let (y, m, d) = civil_from_days(days);
        let mut out = String::with_capacity(24);
        pad(&mut out, y as u64, 4);
        out.push('-');
        pad(&mut out, m.into(), 2);
        out.push('-');
        pad(&mut out, d.into(), 2);
        out.push('T');
        let secs = in_day / 1000;
        for (i, (value, width)) in [(secs / 3600, 2), (secs / 60 % 60, 2), (secs % 60, 2)]
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                out.push(':');
            }
            pad(&mut out, value as u64, width);
        }
        out.push('.');
        pad(&mut out, (in_day % 1000) as u64, 3);
        out.push('Z');
        out
    }
}

/// `n` in decimal, zero-padded to `width` digits.
fn pad(out: &mut String, n: u64, width: usize) {
    let mut digits = String::new();
    crate::json::push_u64(&mut digits, n);
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(&digits);
}

/// ASCII digits as a number.
fn digits(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |n, &c| {
        c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
    })
}

fn parse_rfc3339(b: &[u8]) -> Option<Timestamp> {
    // YYYY-MM-DDTHH:MM:SS, then an optional fraction and the offset.
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't') {
        return None;
    }
    let year = digits(&b[0..4])?;
    let (month, day) = (digits(&b[5..7])?, digits(&b[8..10])?);
    let mut ms = civil_ms(year.into(), month, day, &b[11..19])?;
    // A leap second (`:60`) is the last millisecond of its minute, whatever
    // its fraction: one such build must not fail the whole list.
    let leap = b[17..19] == *b"60";
    let mut rest = &b[19..];
    if let [b'.', tail @ ..] = rest {
        let n = tail.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        let mut frac = 0;
        for i in 0..3 {
            frac = frac * 10
                + tail
                    .get(i)
                    .filter(|_| i < n)
                    .map_or(0, |&c| i64::from(c - b'0'));
        }
        if !leap {
            ms += frac;
        }
        rest = &tail[n..];
    }
    let offset_min = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (h, m) = (digits(&[*h1, *h2])?, digits(&[*m1, *m2])?);
            if h > 23 || m > 59 {
                return None;
            }
            let minutes = i64::from(h * 60 + m);
            if *sign == b'-' {
                -minutes
            } else {
                minutes
            }
        }
        _ => return None,
    };
    Timestamp::from_unix_ms(ms - offset_min * 60_000)
}

/// Milliseconds since the epoch of a UTC date and an `HH:MM:SS` time. A leap
/// second (`SS` = 60, which RFC 3339 and HTTP dates allow) is read as
/// `:59.999`, the last moment this clock without leap seconds can name.
fn civil_ms(year: i64, month: u32, day: u32, hms: &[u8]) -> Option<i64> {
    if hms.len() != 8 || hms[2] != b':' || hms[5] != b':' {
        return None;
    }
    let (h, m, s) = (
        digits(&hms[0..2])?,
        digits(&hms[3..5])?,
        digits(&hms[6..8])?,
    );
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    if h > 23 || m > 59 || s > 60 {
        return None;
    }
    let secs =
        days_from_civil(year, month, day) * 86_400 + i64::from(h * 3600 + m * 60 + s.min(59));
    Some(secs * 1000 + if s == 60 { 999 } else { 0 })
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = i64::from((153 * ((m + 9) % 12) + 2) / 5 + d - 1);
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day since 1970-01-01 (the inverse of [`days_from_civil`]).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_rfc3339_ms())
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339_ms())
    }
}

/// Written as the service writes it (`2024-05-06T09:38:53.550Z`).
impl crate::json::Field for Timestamp {
    fn write_field(&self, out: &mut crate::json::Json) {
        out.str(&self.to_rfc3339_ms());
    }
    fn stand_in() -> Self {
        Timestamp { ms: 0 }
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    /// Reads the text where it lies: a list of builds holds one per build,
    /// and copying each into a `String` first cost an allocation apiece.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Timestamp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an RFC 3339 timestamp")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Timestamp, E> {
                Timestamp::parse(s).map_err(E::custom)
            }
        }
        d.deserialize_str(Text)
    }
}
