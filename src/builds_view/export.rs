//! The shown rows as files a person keeps: CSV that spreadsheets open
//! without running a formula, and JSON with sizes exact to the byte.

use crate::json::Json;
use crate::model::BuildSummary;

/// The rows as CSV (RFC 4180): a header, then one line per build; tags as
/// `key=value` pairs joined by `; `. Cells that a spreadsheet would run as a
/// formula are prefixed with `'`, and cells with a separator are quoted
/// (see `csv_cell`).
pub fn to_csv(builds: &[BuildSummary], rows: &[usize]) -> String {
    let mut out =
        String::from("display_name,build_id,upload_id,complete,content_length,create_ts,tags\r\n");
    for &i in rows {
        let b = &builds[i];
        let tags: Vec<String> = b.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let cells = [
            csv_cell(&b.display_name),
            csv_cell(&b.build_id),
            csv_cell(&b.upload_id),
            b.complete.to_string(),
            b.content_length.to_string(),
            b.create_ts.to_rfc3339_ms(),
            csv_cell(&tags.join("; ")),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// One CSV cell, safe in comma and in semicolon locales.
///
/// A spreadsheet runs a cell as a formula when it begins (after spaces) with
/// `=`, `+`, `-`, `@`, tab or CR. In a semicolon locale, a comma file's later
/// cells are not seen as quoted, so a cell can also begin after any `,`, `;`
/// or line break inside ours: each such place that starts with one of those
/// characters gets a `'` first. A cell holding a separator, a quote or a line
/// break is then quoted (RFC 4180).
pub(crate) fn csv_cell(s: &str) -> String {
    let mut guarded = String::with_capacity(s.len() + 2);
    let mut cell_may_begin = true;
    for c in s.chars() {
        if cell_may_begin && matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r') {
            guarded.push('\'');
        }
        guarded.push(c);
        cell_may_begin = match c {
            ',' | ';' | '\n' | '\r' => true,
            ' ' => cell_may_begin,
            _ => false,
        };
    }
    if guarded.contains([',', ';', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The rows as JSON, in the wire's shape (`{"builds": [...]}`), sizes exact.
pub fn to_json(builds: &[BuildSummary], rows: &[usize]) -> String {
    let mut out = Json::pretty();
    out.begin_object().key("builds").begin_array();
    for &i in rows {
        out.value(&builds[i]);
    }
    out.end_array().end_object();
    out.finish()
}
