//! The hand-written JSON reader and writer and the date parsers, held against
//! the libraries they replace (serde_json, time, httpdate).

mod common;

use gamecloud::json::{self, Json, ToJson};
use gamecloud::model::{ListBuildsResponse, Timestamp};
use proptest::prelude::*;
use std::collections::BTreeMap;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::cases(512)))]

    #[test]
    fn any_string_survives_a_trip_through_serde_json_and_back(s in any::<String>()) {
        let text = serde_json::to_string(&s).unwrap();
        prop_assert_eq!(json::from_slice::<String>(text.as_bytes()).unwrap(), s.clone());
        // And the writer's escapes read back the same with serde_json.
        let mut out = Json::compact();
        out.str(&s);
        let written = out.finish();
        prop_assert_eq!(serde_json::from_str::<String>(&written).unwrap(), s);
    }

    #[test]
    fn any_bytes_decode_or_fail_but_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = json::from_slice::<ListBuildsResponse>(&bytes);
        let ours = json::check(&bytes).is_ok();
        let theirs = serde_json::from_slice::<serde_json::Value>(&bytes).is_ok();
        // Whatever serde_json accepts is JSON we accept too (we refuse more
        // only past the nesting limit, which 256 bytes cannot reach).
        prop_assert_eq!(ours, theirs, "{:?}", String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn integers_are_exact_to_64_bits(n in any::<u64>(), i in any::<i64>()) {
        prop_assert_eq!(json::from_slice::<u64>(n.to_string().as_bytes()).unwrap(), n);
        prop_assert_eq!(json::from_slice::<i64>(i.to_string().as_bytes()).unwrap(), i);
        let mut out = Json::compact();
        out.begin_array().u64(n).i64(i).end_array();
        prop_assert_eq!(out.finish(), format!("[{n},{i}]"));
    }

    #[test]
    fn timestamps_read_and_write_as_the_time_crate_does(
        ms in -62_135_596_800_000i64..=253_402_300_799_999,
        offset_min in -1439i32..=1439,
        frac_digits in 0usize..=9,
    ) {
        use time::format_description::well_known::Rfc3339;
        let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap();
        let ours = Timestamp::from_unix_ms(ms).unwrap();
        // The service's form: UTC, milliseconds.
        let theirs = format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
            t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute(), t.second(), t.millisecond()
        );
        prop_assert_eq!(ours.to_rfc3339_ms(), theirs.clone());
        prop_assert_eq!(Timestamp::parse(&theirs).unwrap(), ours);
        // Any offset and any fraction length the time crate writes.
        let offset = time::UtcOffset::from_whole_seconds(offset_min * 60).unwrap();
        let shifted = t.to_offset(offset);
        if (1..=9999).contains(&shifted.year()) {
            let text = shifted.format(&Rfc3339).unwrap();
            let text = match text.find('.') {
                // Vary the fraction's length: time writes as many digits as it needs.
                Some(dot) => {
                    let end = text[dot + 1..].find(|c: char| !c.is_ascii_digit()).unwrap() + dot + 1;
                    let digits = format!("{:0<9}", &text[dot + 1..end]);
                    let kept = if frac_digits == 0 { String::new() } else { format!(".{}", &digits[..frac_digits]) };
                    format!("{}{}{}", &text[..dot], kept, &text[end..])
                }
                None => text,
            };
            let parsed = time::OffsetDateTime::parse(&text, &Rfc3339).unwrap();
            let expect_ms = (parsed.unix_timestamp_nanos() / 1_000_000) as i64;
            let expect_ms = if parsed.unix_timestamp_nanos() < 0 && parsed.unix_timestamp_nanos() % 1_000_000 != 0 { expect_ms - 1 } else { expect_ms };
            prop_assert_eq!(Timestamp::parse(&text).map(|t| t.unix_ms()), Ok(expect_ms), "{}", text);
        }
    }

    #[test]
    fn http_dates_read_as_httpdate_writes_them(secs in 0u64..253_402_300_799) {
        let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        let text = httpdate::fmt_http_date(at);
        let ours = Timestamp::parse_http_date(&text).map(|t| t.unix_ms());
        prop_assert_eq!(ours, Some(secs as i64 * 1000), "{}", text);
    }

    #[test]
    fn any_text_as_a_date_is_a_value_or_none_never_a_panic(s in ".{0,40}") {
        let _ = Timestamp::parse(&s);
        let _ = Timestamp::parse_http_date(&s);
    }
}

#[test]
fn failures_name_the_path_where_they_happened() {
    type Nested = BTreeMap<String, BTreeMap<String, Vec<u64>>>;
    for (text, path) in [
        (r#"{"builds":[{"build_id":1}]}"#, "builds[0].build_id"),
        (r#"{"builds":{}}"#, "builds"),
        (r#"{"builds":"#, "builds"),
        (r#"{"builds":[]} x"#, "."),
        ("", "."),
    ] {
        let err = json::from_slice::<ListBuildsResponse>(text.as_bytes()).unwrap_err();
        assert_eq!(err.path(), path, "{text}: {err}");
    }
    for (text, path) in [
        (r#"{"a\"b":{"c":[1,2,"x"]}}"#, "a\"b.c[2]"),
        (r#"{"a":{"c":[1,"#, "a.c[1]"),
        (r#"{"a":{"c":[1 2]}}"#, "a.c[1]"),
    ] {
        let err = json::from_slice::<Nested>(text.as_bytes()).unwrap_err();
        assert_eq!(err.path(), path, "{text}: {err}");
    }
}

#[test]
fn messages_say_what_was_expected_and_what_was_found() {
    let err = json::from_slice::<u64>(br#""12""#).unwrap_err();
    assert!(
        err.message()
            .starts_with("invalid type: a string, expected a whole number"),
        "{err}"
    );
    let err = json::from_slice::<u64>(b"-1").unwrap_err();
    assert!(err.message().contains("invalid value"), "{err}");
    let err = json::from_slice::<u64>(b"18446744073709551616").unwrap_err();
    assert!(err.message().contains("invalid value"), "{err}");
    let err = json::from_slice::<u64>(b"1.5").unwrap_err();
    assert!(err.message().contains("invalid value"), "{err}");
    let err = json::from_slice::<String>(b"\"abc").unwrap_err();
    assert_eq!(err.message(), "the body ends too early");
    let err = json::from_slice::<String>(b"\"\\ud800\"").unwrap_err();
    assert!(err.message().contains("lone surrogate"), "{err}");
}

#[test]
fn deep_nesting_is_refused_without_exhausting_the_stack() {
    let deep = "[".repeat(100_000);
    assert!(json::check(deep.as_bytes())
        .unwrap_err()
        .message()
        .contains("nested too deeply"));
    let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
    assert!(json::check(deep.as_bytes()).is_ok());
}

#[test]
fn raw_values_keep_their_text() {
    #[derive(serde::Deserialize)]
    struct Body {
        metadata: json::RawJson,
    }
    let body: Body = json::from_slice(br#"{"metadata": {"a": [1, "x"]} }"#).unwrap();
    assert_eq!(body.metadata.0, r#"{"a": [1, "x"]}"#);
    assert_eq!(json::RawJson("\" 17 \"".into()).as_i64(), Some(17));
    assert_eq!(json::RawJson("[17]".into()).as_i64(), None);
}

#[test]
fn the_writer_indents_for_people_and_escapes_what_would_break_a_line() {
    let mut out = Json::pretty();
    out.begin_object()
        .key("a")
        .begin_array()
        .u64(1)
        .str("x\ny\u{2028}")
        .end_array()
        .key("b")
        .begin_object()
        .end_object()
        .end_object();
    assert_eq!(
        out.finish(),
        "{\n  \"a\": [\n    1,\n    \"x\\ny\\u2028\"\n  ],\n  \"b\": {}\n}"
    );
    let list: ListBuildsResponse = json::from_slice(
        br#"{"builds":[{"build_id":"b","upload_id":"u","display_name":"n","create_ts":"2024-01-01T00:00:00Z","content_length":18446744073709551615,"complete":true,"tags":{"k":"v"}}]}"#,
    )
    .unwrap();
    let again: serde_json::Value = serde_json::from_str(&list.to_json_pretty()).unwrap();
    assert_eq!(
        again["builds"][0]["content_length"].as_u64(),
        Some(u64::MAX)
    );
    assert_eq!(again["builds"][0]["tags"]["k"], "v");
}

#[test]
fn an_error_quotes_at_most_64_characters_of_a_hostile_key() {
    // Issue 16: a 1 MB key in a tag gave a 1 MB error message.
    let key = "k".repeat(1 << 20);
    let text = format!(
        r#"{{"builds":[{{"build_id":"b","upload_id":"u","display_name":"n","create_ts":"2024-01-01T00:00:00Z","content_length":1,"complete":true,"tags":{{"{key}":7}}}}]}}"#
    );
    let err = json::from_slice::<ListBuildsResponse>(text.as_bytes()).unwrap_err();
    let path = err.path();
    assert!(path.starts_with("builds[0].tags.kkkk"), "{path}");
    assert_eq!(path.chars().filter(|c| *c == 'k').count(), 64, "{path}");
    assert!(path.ends_with('…'), "{path}");
    assert!(err.to_string().len() < 300, "{err}");
}

#[test]
fn json_lines_keep_every_value_that_reads_and_count_the_rest() {
    let text = "{\"a\":1}\n\nnot json\n{\"a\":2}\n{\"a\":\"x\"}\n";
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct A {
        a: u64,
    }
    let (values, dropped) = json::from_lines::<A>(text);
    assert_eq!(values, [A { a: 1 }, A { a: 2 }]);
    assert_eq!(dropped, 2);
    let lines = json::to_lines(&[ListBuildsResponse { builds: vec![] }]);
    assert_eq!(lines, "{\"builds\":[]}\n");
}
