//! The action log: bounded, stored and read back, filtered and exported.

use gamecloud::action_log::{entries_text, ActionLog, Ended, Entry, MAX_ENTRIES};

fn entry(i: i64, value: &str) -> Entry {
    Entry {
        at_ms: 1_767_225_600_000 + i,
        operation: "set-cdn-auth".into(),
        game_id: "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f".into(),
        namespace_id: "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c".into(),
        namespace_label: "staging".into(),
        value: value.into(),
        hostname: String::new(),
        outcome: "done".into(),
        ray_id: format!("ray-{i}"),
        request: format!(
            "PUT https://api.example/v1/games/g/namespaces/n{i}/cdn-auth\n{{\"authType\":\"{value}\"}}"
        ),
    }
}

#[test]
fn the_log_keeps_the_newest_entries_up_to_its_bound() {
    let mut log = ActionLog::default();
    let mut gone = 0;
    for i in 0..(MAX_ENTRIES as i64 + 25) {
        gone += log.push(entry(i, "basic"));
    }
    assert_eq!(log.entries.len(), MAX_ENTRIES);
    assert_eq!(log.entries[0].ray_id, "ray-25", "the oldest went first");
    assert_eq!(gone, 25, "and were counted");
    // Stored and read back whole.
    assert_eq!(ActionLog::parse(&log.stored()).entries, log.entries);
}

#[test]
fn a_damaged_or_foreign_entry_is_dropped_and_counted_never_the_whole_log() {
    // Issue 17: one bad entry emptied the whole stored log (and the next save
    // made that final).
    let mut log = ActionLog::default();
    log.push(entry(1, "basic"));
    log.push(entry(2, "none"));
    let stored = log.stored();
    assert_eq!(stored.lines().count(), 2, "one entry per line");
    let damaged = stored.replacen("\"outcome\":\"done\"", "\"outcome\":", 1);
    for text in [
        damaged.clone(),
        format!("{stored}{{\"at_ms\":\"x\"}}\n"),
        format!("[1,2]\n{stored}"),
        format!("{stored}\u{0}\n"),
    ] {
        let read = ActionLog::parse(&text);
        assert_eq!(read.dropped, 1, "{text:?}");
        assert!(!read.entries.is_empty(), "{text:?}");
    }
    assert_eq!(ActionLog::parse(&damaged).entries, log.entries[1..]);
    for text in ["", "\n\n"] {
        assert_eq!(ActionLog::parse(text), ActionLog::default(), "{text:?}");
    }
    // An older entry without the optional fields still reads.
    let old = r#"{"at_ms":1,"operation":"set-domain-auth","game_id":"g","namespace_id":"n","value":"enabled","outcome":"done"}"#;
    assert_eq!(ActionLog::parse(old).entries[0].namespace_label, "");
}

#[test]
fn the_first_versions_log_is_read_once_as_it_was_written() {
    let mut log = ActionLog::default();
    log.push(entry(1, "basic"));
    let all: Vec<usize> = (0..log.entries.len()).collect();
    let v1 = log.to_json(&all, false);
    assert!(v1.starts_with('['));
    assert_eq!(ActionLog::parse_array(&v1), log);
    assert_eq!(ActionLog::parse_array("not json"), ActionLog::default());
}

#[test]
fn filters_match_every_word_and_list_the_newest_first() {
    let mut log = ActionLog::default();
    log.push(entry(1, "basic"));
    log.push(entry(2, "none"));
    let mut failed = entry(3, "basic");
    failed.outcome = "failed: 429 API_RATE_LIMIT".into();
    log.push(failed);
    assert_eq!(log.matching(""), [2, 1, 0]);
    assert_eq!(log.matching("BASIC"), [2, 0]);
    assert_eq!(log.matching("basic rate_limit"), [2]);
    assert_eq!(log.matching("staging ray-2"), [1]);
    assert!(log.matching("prod").is_empty());
    assert_eq!(log.matching("CDN auth none"), [1], "the operation in words");
}

#[test]
fn exports_are_guarded_csv_and_json_in_the_stored_shape() {
    let mut log = ActionLog::default();
    log.push(entry(1, "=cmd|' /C calc'!A0; =x"));
    let csv = log.to_csv(&[0]);
    let line = csv.lines().nth(1).unwrap();
    assert!(
        line.starts_with("2026-01-01T00:00:00.001Z,set-cdn-auth,"),
        "{line}"
    );
    assert!(line.contains("\"'=cmd|' /C calc'!A0; '=x\""), "{line}");
    // The request's two lines stay one cell.
    assert!(
        csv.ends_with("/n1/cdn-auth\n{\"\"authType\"\":\"\"=cmd|' /C calc'!A0; '=x\"\"}\"\r\n"),
        "{csv}"
    );
    assert_eq!(back_request(&log), log.entries[0].request);
    let json = log.to_json(&[0], true);
    let back: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back[0]["value"], "=cmd|' /C calc'!A0; =x");
    assert_eq!(back[0]["ray_id"], "ray-1");
    let keys: Vec<&str> = back[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "at_ms",
            "game_id",
            "hostname",
            "namespace_id",
            "namespace_label",
            "operation",
            "outcome",
            "ray_id",
            "request",
            "value"
        ],
        "no field could hold a token"
    );
}

/// The request of the first entry, stored and read back.
fn back_request(log: &ActionLog) -> String {
    ActionLog::parse(&log.stored()).entries[0].request.clone()
}

#[test]
fn an_entry_kept_before_requests_were_logged_reads_with_none() {
    let old = r#"{"at_ms":1,"operation":"set-cdn-auth","game_id":"g","namespace_id":"n","value":"basic","outcome":"done"}"#;
    let log = ActionLog::parse(old);
    assert_eq!((log.entries.len(), log.dropped), (1, 0));
    assert_eq!(log.entries[0].request, "");
}

#[test]
fn an_entry_reads_with_unknown_keys_and_not_without_a_required_one() {
    let lines = [
        // An unknown key (a later version's) is skipped.
        r#"{"at_ms":1,"operation":"mark-protected","game_id":"g","namespace_id":"n","value":"protected","outcome":"done","later":{"a":[1]}}"#,
        // No time, a number as text, a missing outcome: unreadable.
        r#"{"operation":"set-cdn-auth","game_id":"g","namespace_id":"n","value":"basic","outcome":"done"}"#,
        r#"{"at_ms":"1","operation":"set-cdn-auth","game_id":"g","namespace_id":"n","value":"basic","outcome":"done"}"#,
        r#"{"at_ms":1,"operation":"set-cdn-auth","game_id":"g","namespace_id":"n","value":"basic"}"#,
    ];
    let log = ActionLog::parse(&lines.join("\n"));
    assert_eq!((log.entries.len(), log.dropped), (1, 3));
    assert_eq!(log.entries[0].operation, "mark-protected");
    assert_eq!(log.entries[0].ray_id, "");
}

// Issue 38: a token's hostname was found in the value by splitting text
// ("hostname …; ports …") for presentation mode to mask it; it is a field
// of its own now, and an entry kept before is split once as it is read.
#[test]
fn a_tokens_hostname_is_kept_apart_and_an_older_entry_gets_it_apart_once() {
    let old = r#"{"at_ms":1,"operation":"create-dev-token","game_id":"g","namespace_id":"n","value":"hostname 10.0.0.5; ports game udp 7777; expires 2027-01-01T00:00:00.000Z","outcome":"done"}"#;
    let log = ActionLog::parse(old);
    assert_eq!(log.entries[0].hostname, "10.0.0.5");
    assert_eq!(
        log.entries[0].value,
        "ports game udp 7777; expires 2027-01-01T00:00:00.000Z"
    );
    assert_eq!(ActionLog::parse(&log.stored()), log, "kept as it now reads");
    // A value that only looks like one is left as it is.
    let other = old
        .replace("create-dev-token", "set-cdn-auth")
        .replace("; ports ", ", ports ");
    assert_eq!(ActionLog::parse(&other).entries[0].hostname, "");
}

// Issue 39, finding 1: a service's error code or ray id reached the log
// and the browser's storage at any length, and could fill it.
#[test]
fn every_field_is_capped_and_the_log_keeps_its_newest_within_its_bytes() {
    use gamecloud::action_log::{MAX_BYTES, MAX_FIELD};
    let huge = "é".repeat(5_000);
    // Exactly at the cap, a field is as it was.
    let at_cap = entry(0, &"v".repeat(MAX_FIELD)).capped();
    assert_eq!(at_cap.value, "v".repeat(MAX_FIELD));
    let entry = |n: i64| Entry {
        at_ms: n,
        operation: "set-cdn-auth".into(),
        game_id: huge.clone(),
        namespace_id: huge.clone(),
        namespace_label: huge.clone(),
        value: huge.clone(),
        hostname: huge.clone(),
        outcome: format!("failed: 500 {huge}"),
        ray_id: huge.clone(),
        request: huge.clone(),
    };
    let mut log = ActionLog::default();
    let gone: usize = (0..200).map(|n| log.push(entry(n))).sum();
    let kept = &log.entries;
    assert!(kept.len() < 200 && !kept.is_empty(), "{}", kept.len());
    assert_eq!(gone, 200 - kept.len(), "every entry let go is counted");
    assert_eq!(kept.last().unwrap().at_ms, 199, "the newest stays");
    assert!(log.stored().len() <= MAX_BYTES, "{}", log.stored().len());
    let e = kept.last().unwrap();
    for field in [&e.game_id, &e.outcome, &e.ray_id, &e.request, &e.hostname] {
        assert_eq!(field.chars().count(), MAX_FIELD, "cut, with its ellipsis");
        assert!(field.ends_with('…'));
    }
    assert_eq!(e.operation, "set-cdn-auth", "a short field is as it was");
    // Read back as kept: the same entries, none let go again.
    let again = ActionLog::parse(&log.stored());
    assert_eq!((again.entries.len(), again.let_go), (kept.len(), 0));
}

// Issue 54, item 8: the log showed slugs, "done" and the request over 8 lines.
#[test]
fn an_entry_reads_in_words_its_outcome_as_a_badge_and_its_request_on_one_line() {
    let mut e = entry(1, "enabled");
    e.operation = "set-domain-auth".into();
    assert_eq!(e.operation_words(), "Set domain auth");
    e.operation = "create-dev-token".into();
    assert_eq!(e.operation_words(), "Create development token");
    e.operation = "some-new_thing".into();
    assert_eq!(e.operation_words(), "Some new thing");
    e.operation = " - ".into();
    assert_eq!(e.operation_words(), "Unnamed change");
    e.operation = "ärger".into();
    assert_eq!(e.operation_words(), "Ärger");

    let cases = [
        ("done", Ended::Done, ""),
        (
            "done (sent anyway, past the token check)",
            Ended::Done,
            "sent anyway, past the token check",
        ),
        ("failed: 500 ERROR", Ended::Failed, "500 ERROR"),
        ("failed: network", Ended::Failed, "network"),
        (
            "unknown: the page was left before the answer",
            Ended::Unknown,
            "the page was left before the answer",
        ),
        ("<script>", Ended::Unknown, "<script>"),
        ("", Ended::Unknown, ""),
    ];
    for (outcome, ended, rest) in cases {
        e.outcome = outcome.into();
        assert_eq!(e.ended(), (ended, rest), "{outcome}");
    }
    assert_eq!(Ended::Done.badge(), "✓ Done");
    assert_eq!(Ended::Failed.badge(), "✕ Failed");

    e.request =
        "PUT http://127.0.0.1:4/cloud/games/g/namespaces/n/domain-public-auth\n{\"enabled\":true}"
            .into();
    assert_eq!(e.request_line(), "PUT …/domain-public-auth");
    e.request = "POST https://h/x/dev-token?a=b/c".into();
    assert_eq!(e.request_line(), "POST …/dev-token");
    e.request = String::new();
    assert_eq!(e.request_line(), "");
    e.request = "garbage".into();
    assert_eq!(e.request_line(), "garbage");
    e.request = "GET /".into();
    assert_eq!(e.request_line(), "GET /");
}

#[test]
fn counts_are_words_with_thousands_grouped() {
    assert_eq!(entries_text(0), "0 entries");
    assert_eq!(entries_text(1), "1 entry");
    assert_eq!(entries_text(1234), "1,234 entries");
}
