//! A calendar file (iCalendar, RFC 5545) holding one all-day event, written
//! by hand: CRLF line ends, lines folded at 75 octets, TEXT values escaped.
//! What the tokens page gives as a reminder that a token will expire; the
//! test command reads it back with a real calendar parser (ical.js).

use crate::model::Timestamp;

/// The product that wrote the file (`PRODID`).
pub const PRODID: &str = "-//Game Cloud//Panel//EN";

/// The most octets of a line, its CRLF left out (RFC 5545, 3.1).
const LINE_OCTETS: usize = 75;

/// One all-day event, and the alarm that shows it on its morning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event<'a> {
    /// Unique and stable for what it reminds of: a second download of the
    /// same reminder updates the event in a calendar rather than adding one.
    pub uid: &'a str,
    /// When the file was written, milliseconds since the epoch (`DTSTAMP`).
    pub stamp_ms: i64,
    /// The event's day, counted from 1970-01-01 (`DTSTART;VALUE=DATE`; it
    /// ends the next day, `DTEND` being exclusive).
    pub day: i64,
    /// Its title, any text (escaped here).
    pub summary: &'a str,
    /// What it says, any text (escaped here).
    pub description: &'a str,
}

impl Event<'_> {
    /// The calendar file, or `None` for a day outside years 1–9999.
    pub fn calendar(&self) -> Option<String> {
        let date = |day: i64| Timestamp::date_of_day(day).map(|d| d.replace('-', ""));
        let (start, end) = (date(self.day)?, date(self.day.checked_add(1)?)?);
        let stamp = Timestamp::from_unix_ms(self.stamp_ms)?.to_rfc3339_ms();
        // 2026-11-29T03:24:47.000Z as 20261129T032447Z (a UTC date-time).
        let stamp: String = stamp[..19]
            .chars()
            .filter(|c| *c != '-' && *c != ':')
            .collect();
        let (summary, description) = (text(self.summary), text(self.description));
        let mut out = String::new();
        for line in [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            &format!("PRODID:{PRODID}"),
            "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT",
            &format!("UID:{}", text(self.uid)),
            &format!("DTSTAMP:{stamp}Z"),
            &format!("DTSTART;VALUE=DATE:{start}"),
            &format!("DTEND;VALUE=DATE:{end}"),
            &format!("SUMMARY:{summary}"),
            &format!("DESCRIPTION:{description}"),
            // A reminder takes no time in the day.
            "TRANSP:TRANSPARENT",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            // At nine in the morning of the day.
            "TRIGGER:PT9H",
            &format!("DESCRIPTION:{summary}"),
            "END:VALARM",
            "END:VEVENT",
            "END:VCALENDAR",
        ] {
            fold(line, &mut out);
        }
        Some(out)
    }
}

/// `value` as a TEXT value: `\`, `;` and `,` escaped, each line break (CRLF,
/// LF or CR) as `\n`, and every other control character (which TEXT may not
/// hold) as a space.
pub fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\t' => out.push('\t'),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Appends `line` and its CRLF, folded: at most [`LINE_OCTETS`] octets a
/// line, each next one starting with a space, never inside a character.
fn fold(line: &str, out: &mut String) {
    let mut room = LINE_OCTETS;
    for c in line.chars() {
        if c.len_utf8() > room {
            out.push_str("\r\n ");
            room = LINE_OCTETS - 1;
        }
        out.push(c);
        room -= c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-01 as a day since 1970-01-01.
    const DAY: i64 = 20_788;

    fn event<'a>(summary: &'a str, description: &'a str) -> Event<'a> {
        Event {
            uid: "dev-token-1@gamecloud",
            stamp_ms: 1_795_000_000_123,
            day: DAY,
            summary,
            description,
        }
    }

    fn unfold(file: &str) -> String {
        file.replace("\r\n ", "")
    }

    #[test]
    fn an_all_day_event_with_every_required_property() {
        let file = event("Token expires", "Make a new one").calendar().unwrap();
        assert!(file.ends_with("END:VCALENDAR\r\n"));
        for line in [
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Game Cloud//Panel//EN\r\n",
            "\r\nUID:dev-token-1@gamecloud\r\n",
            "\r\nDTSTAMP:20261118T110640Z\r\n",
            "\r\nDTSTART;VALUE=DATE:20261201\r\nDTEND;VALUE=DATE:20261202\r\n",
            "\r\nSUMMARY:Token expires\r\n",
        ] {
            assert!(file.contains(line), "{line:?} in {file}");
        }
        // CRLF only: no bare LF or CR.
        assert_eq!(file.matches('\n').count(), file.matches("\r\n").count());
        assert_eq!(file.matches('\r').count(), file.matches("\r\n").count());
    }

    #[test]
    fn the_last_day_of_a_year_ends_on_the_first_of_the_next() {
        let mut e = event("a", "b");
        e.day = Timestamp::day_of_date("2026-12-31").unwrap();
        let file = e.calendar().unwrap();
        assert!(file.contains("DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n"));
        e.day = i64::MAX;
        assert_eq!(e.calendar(), None, "no day past 9999 and no panic");
    }

    #[test]
    fn text_escapes_commas_semicolons_backslashes_and_line_breaks() {
        assert_eq!(
            text("a,b;c\\d\r\ne\nf\rg\u{7}h\ti"),
            "a\\,b\\;c\\\\d\\ne\\nf\\ng h\ti"
        );
        let file = event("Prod, EU; \\live\r\n<script>", "x")
            .calendar()
            .unwrap();
        assert!(file.contains("SUMMARY:Prod\\, EU\\; \\\\live\\n<script>\r\n"));
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let long = "é".repeat(100) + &"x".repeat(200);
        let file = event(&long, &long).calendar().unwrap();
        for line in file.split("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line}", line.len());
        }
        assert!(unfold(&file).contains(&format!("\r\nSUMMARY:{long}\r\n")));
        assert!(unfold(&file).contains(&format!("\r\nDESCRIPTION:{long}\r\n")));
    }
}
