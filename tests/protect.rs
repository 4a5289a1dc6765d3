//! Protected namespaces: which names suggest the mark, what confirms a
//! change, and how the marks are kept.

use gamecloud::protect::{confirms, is_marked, looks_like_production, mark, parse, phrase};

#[test]
fn production_is_suggested_by_a_whole_word_of_the_label_or_id() {
    for (id, label) in [
        ("n1", "prod"),
        ("n1", "Production EU"),
        ("n1", "live-2"),
        ("prod-eu", ""),
        ("n1", "game.LIVE"),
    ] {
        assert!(looks_like_production(id, label), "{id} {label}");
    }
    for (id, label) in [
        ("n1", "product"),
        ("n1", "delivery"),
        ("n1", "staging"),
        ("", ""),
        ("n1", "prodution"),
    ] {
        assert!(!looks_like_production(id, label), "{id} {label}");
    }
}

#[test]
fn a_change_is_confirmed_by_typing_the_names_case_and_spaces_aside() {
    let names = [
        ("7d8e".to_owned(), " Prod EU ".to_owned()),
        ("c0ff".to_owned(), String::new()),
    ];
    let p = phrase(&names);
    assert_eq!(p, "Prod EU, c0ff");
    assert!(confirms("prod eu, C0FF", &p));
    assert!(confirms(" prodeu,c0ff ", &p));
    assert!(
        !confirms("prod eu", &p),
        "every protected namespace is named"
    );
    assert!(!confirms("", &p));
    assert!(!confirms("prod eu, c0ff, x", &p));
}

#[test]
fn marks_are_kept_once_each_newest_last_and_never_dropped() {
    let mut ids = parse("a\n\n B \nA\nc\n");
    assert_eq!(
        ids,
        ["B", "A", "c"],
        "repeats without case and blanks dropped"
    );
    let kept = ids.join("\n");
    assert!(is_marked(&kept, " b "));
    assert!(!is_marked(&kept, ""));
    assert!(!is_marked(&kept, "d"));
    assert!(!mark(&mut ids, "a", true), "already marked");
    assert!(mark(&mut ids, "b", false));
    assert_eq!(ids, ["A", "c"]);
    assert!(!mark(&mut ids, " ", true), "a blank id is not marked");
    for i in 0..1000 {
        mark(&mut ids, &format!("n{i}"), true);
    }
    assert_eq!(ids.len(), 1002, "no mark is dropped to make room");
    assert_eq!(ids.first().map(String::as_str), Some("A"));
}

#[test]
fn letters_beyond_ascii_are_typed_as_they_are() {
    assert!(confirms("ÉTÉ live", "ÉTÉ Live"));
    assert!(!confirms("été live", "ÉTÉ Live"));
}
