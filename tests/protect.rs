//! Protected namespaces: which names suggest the mark, what confirms a
//! change, and how the marks are kept.

use gamecloud::ids::NamespaceId;
use gamecloud::protect::{confirms, looks_like_production, phrase, Marks, Named};

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
        (ns("7d8e"), " Prod EU ".to_owned()),
        (ns("c0ff"), String::new()),
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
    let (a, b, c) = (uuid(0xa), uuid(0xb), uuid(0xc));
    let mut marks = Marks::parse(&format!("{a}\n\n {b} \n{}\n{c}\n", a.to_uppercase()));
    assert_eq!(
        marks.ids(),
        [ns(&a), ns(&b), ns(&c)],
        "repeats and blanks dropped"
    );
    assert!(marks.has(&ns(&format!(" {b} "))));
    assert!(!marks.has(&ns("")));
    assert!(!marks.has(&ns(&uuid(0xd))));
    assert!(!marks.set(&ns(&a), true), "already marked");
    assert!(marks.set(&ns(&b), false));
    assert_eq!(Marks::parse(&marks.to_text()), marks, "kept as it reads");
    assert!(!marks.set(&ns(" "), true), "a blank id is not marked");
    for i in 0..1000 {
        marks.set(&ns(&uuid(0x1000 + i)), true);
    }
    assert_eq!(marks.ids().len(), 1002, "no mark is dropped to make room");
    assert_eq!(marks.ids().first(), Some(&ns(&a)));
}

/// The namespace id `text` names.
fn ns(text: &str) -> NamespaceId {
    NamespaceId::new(text)
}

/// A UUID whose last digits are `n`.
fn uuid(n: u32) -> String {
    format!("7d8e1f20-3a4b-4c5d-8e9f-0000{n:08x}")
}

// Issue 30, finding 4: no dashes, upper case, braces or `urn:uuid:` was
// another id, so a change to it asked nothing.
#[test]
fn every_spelling_of_a_marked_id_is_marked_and_needs_its_name() {
    let id = uuid(7);
    let mut marks = Marks::default();
    assert!(marks.set(&ns(&id.to_uppercase()), true));
    assert_eq!(marks.ids()[0].as_str(), id, "kept in its one form");
    let bare: String = id.chars().filter(|&c| c != '-').collect();
    for spelling in [
        id.clone(),
        id.to_uppercase(),
        bare.clone(),
        format!("{{{id}}}"),
        format!("urn:uuid:{bare}"),
    ] {
        let spelled = ns(&spelling);
        assert!(marks.has(&spelled), "{spelling}");
        assert!(!Named::default().allows(&marks, &spelled), "{spelling}");
        assert!(
            Named::new(&[ns(&id.to_uppercase())]).allows(&marks, &spelled),
            "{spelling}"
        );
    }
    assert!(!marks.set(&ns(&bare), true), "the same id, already marked");
    assert!(
        Named::default().allows(&marks, &ns(&uuid(8))),
        "an unmarked namespace asks nothing"
    );
}

#[test]
fn letters_beyond_ascii_are_typed_as_they_are() {
    assert!(confirms("ÉTÉ live", "ÉTÉ Live"));
    assert!(!confirms("été live", "ÉTÉ Live"));
}
