//! How the builds page writes numbers for people: sizes in binary units,
//! digits grouped, times relative to now, differences and durations. Integer
//! arithmetic only, so no float printing comes into the wasm (docs/SIZE.md,
//! size rule "no float printing").

use std::cmp::Ordering;

/// A size in binary units with three significant digits (`1.46 GiB`); bytes
/// below 1 KiB as they are. Integer arithmetic, rounded half to even as
/// float formatting would, without bringing float printing into the wasm
/// (docs/SIZE.md, size rule "no float printing").
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut out = String::new();
    if bytes < 1024 {
        crate::json::push_u64(&mut out, bytes);
        out.push_str(" B");
        return out;
    }
    let n = u128::from(bytes);
    let mut unit = 0;
    let mut div: u128 = 1024;
    while n >= div * 1024 && unit < UNITS.len() - 1 {
        div *= 1024;
        unit += 1;
    }
    let digits = if n >= 100 * div {
        0
    } else if n >= 10 * div {
        1
    } else {
        2
    };
    let scale = 10u128.pow(digits);
    let (q, r) = ((n * scale) / div, (n * scale) % div);
    let scaled = match (2 * r).cmp(&div) {
        Ordering::Greater => q + 1,
        Ordering::Equal => q + (q & 1),
        Ordering::Less => q,
    };
    let whole = scaled / scale;
    crate::json::push_u64(&mut out, whole as u64);
    if digits > 0 {
        out.push('.');
        let frac = (scaled % scale) as u64;
        if digits == 2 && frac < 10 {
            out.push('0');
        }
        crate::json::push_u64(&mut out, frac);
    }
    out.push(' ');
    out.push_str(UNITS[unit]);
    out
}

/// Digits grouped in threes (`9,007,199,254,740,993`): exact bytes, readable.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How long ago, in words (`3 hours ago`, `in 2 minutes` for a clock ahead).
pub fn relative(now_ms: i64, then_ms: i64) -> String {
    let diff = now_ms.saturating_sub(then_ms);
    let secs = diff.unsigned_abs() / 1000;
    let (n, unit) = match secs {
        0..=44 => return "just now".to_owned(),
        45..=3_599 => (secs.div_ceil(60).max(1), "minute"),
        3_600..=86_399 => (secs / 3_600, "hour"),
        86_400..=2_591_999 => (secs / 86_400, "day"),
        2_592_000..=31_535_999 => (secs / 2_592_000, "month"),
        _ => (secs / 31_536_000, "year"),
    };
    let plural = if n == 1 { "" } else { "s" };
    if diff >= 0 {
        format!("{n} {unit}{plural} ago")
    } else {
        format!("in {n} {unit}{plural}")
    }
}

/// A size difference, exact and in binary units: `+1,048,576 bytes (+1.00
/// MiB)`, `-512 bytes (-512 B)`, `no change`.
pub fn size_delta_text(delta: i128) -> String {
    if delta == 0 {
        return "no change".to_owned();
    }
    let sign = if delta > 0 { '+' } else { '-' };
    // |delta| fits in u64: both sizes do.
    let abs = delta.unsigned_abs() as u64;
    format!("{sign}{} bytes ({sign}{})", grouped(abs), human_size(abs))
}

/// A size difference in a few characters, for a table's cell: `+1.00 MiB`,
/// `−512 B` (a minus sign), `±0`.
pub fn short_delta(delta: i128) -> String {
    let sign = match delta.signum() {
        1 => "+",
        -1 => "\u{2212}",
        _ => return "±0".to_owned(),
    };
    // |delta| fits in u64: both sizes do.
    format!("{sign}{}", human_size(delta.unsigned_abs() as u64))
}

/// A duration in its largest unit and the one below it, when not zero
/// (`3 days 4 hours`, `2 hours 5 minutes`, `1 hour`, `45 seconds`).
pub fn duration_text(ms: i64) -> String {
    const UNITS: [(u64, &str); 4] = [
        (86_400, "day"),
        (3_600, "hour"),
        (60, "minute"),
        (1, "second"),
    ];
    let mut rest = ms.unsigned_abs() / 1000;
    let (mut parts, mut largest) = (Vec::new(), None);
    for (i, (size, name)) in UNITS.into_iter().enumerate() {
        if largest.is_some_and(|l| i > l + 1) {
            break;
        }
        let n = rest / size;
        rest %= size;
        if n > 0 {
            largest.get_or_insert(i);
            parts.push(format!("{n} {name}{}", if n == 1 { "" } else { "s" }));
        }
    }
    if parts.is_empty() {
        "less than a second".to_owned()
    } else {
        parts.join(" ")
    }
}

/// The months as the panel's short dates name them.
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A day (since 1970-01-01, UTC) as its year, its month's short name and
/// its day of the month.
fn day_parts(day: i64) -> Option<(String, &'static str, u32)> {
    let date = crate::model::Timestamp::date_of_day(day)?;
    let mut parts = date.rsplitn(3, '-');
    let day_of_month = parts.next()?.parse().ok()?;
    let month: usize = parts.next()?.parse().ok()?;
    let year = parts.next()?.to_owned();
    Some((year, MONTHS.get(month.checked_sub(1)?)?, day_of_month))
}

/// A stretch of days (since 1970-01-01, UTC, both included) as people read
/// it: `Nov 19`, `Nov 19 – 26`, `Nov 28 – Dec 3`, and with the years when
/// they differ (`Dec 28, 2025 – Jan 3, 2026`).
pub fn days_text(from: i64, to: i64) -> String {
    let (Some(a), Some(b)) = (day_parts(from), day_parts(to)) else {
        return "Some days".to_owned();
    };
    if from == to {
        format!("{} {}", a.1, a.2)
    } else if a.0 != b.0 {
        format!("{} {}, {} – {} {}, {}", a.1, a.2, a.0, b.1, b.2, b.0)
    } else if a.1 == b.1 {
        format!("{} {} – {}", a.1, a.2, b.2)
    } else {
        format!("{} {} – {} {}", a.1, a.2, b.1, b.2)
    }
}
