//! Texts with secret parts: what presentation mode masks is what was given
//! as secret, whatever the plain parts hold.

use gamecloud::bulk;
use gamecloud::text::{Part, Text};

fn plain(s: &str) -> Part {
    Part::Plain(s.to_owned())
}

fn secret(s: &str) -> Part {
    Part::Secret(s.to_owned())
}

#[test]
fn runs_keep_their_kind_and_order() {
    let text = Text::default()
        .plain("Create a token for ")
        .secret("7d8e0b1c-0000-4000-8000-000000000001")
        .plain("?");
    assert_eq!(
        text.parts(),
        [
            plain("Create a token for "),
            secret("7d8e0b1c-0000-4000-8000-000000000001"),
            plain("?")
        ]
    );
    assert_eq!(
        text.to_string(),
        "Create a token for 7d8e0b1c-0000-4000-8000-000000000001?"
    );
}

#[test]
fn plain_runs_join_and_empty_runs_vanish() {
    let text = Text::default()
        .plain("a")
        .plain("")
        .plain("b")
        .secret("")
        .plain("c");
    assert_eq!(text.parts(), [plain("abc")]);
    assert_eq!(Text::default().plain("").secret("").parts(), []);
}

#[test]
fn two_secrets_side_by_side_stay_two() {
    let text = Text::default().secret("host").secret("id");
    assert_eq!(text.parts(), [secret("host"), secret("id")]);
}

#[test]
fn appending_keeps_each_run_as_it_was() {
    let mut text = Text::default().plain("Set on ").secret("ns-1");
    text.append(Text::default().plain(", ").secret("ns-2").plain("?"));
    assert_eq!(
        text.parts(),
        [
            plain("Set on "),
            secret("ns-1"),
            plain(", "),
            secret("ns-2"),
            plain("?")
        ]
    );
    let mut joined = Text::default().plain("a");
    joined.append(Text::default().plain("b"));
    assert_eq!(joined.parts(), [plain("ab")]);
}

/// A label is the person's own text: whatever it holds (the private-use
/// character the panel once used as a marker, markup, newlines), it stays
/// plain, and the id beside it stays secret.
#[test]
fn no_character_in_a_label_changes_what_is_masked() {
    for label in [
        "prod\u{E000}",
        "\u{E000}x\u{E000}",
        "<b>prod</b>",
        "a\nb",
        "(",
        ")",
    ] {
        let text = bulk::masked_name("c0ffee00-0000-4000-8000-000000000002", label);
        assert_eq!(
            text.parts(),
            [
                plain(&format!("{label} (")),
                secret("c0ffee00-0000-4000-8000-000000000002"),
                plain(")")
            ],
            "label {label:?}"
        );
    }
    assert_eq!(bulk::masked_name("ns", "").parts(), [secret("ns")]);
}

#[test]
fn a_confirmation_title_is_its_first_line_and_a_secret_never_splits() {
    let text = Text::default()
        .plain("Remove the protected mark?\nA change to ")
        .secret("7d8e0b1c\nx")
        .plain(" will no longer ask.");
    let (title, rest) = text.split_line();
    assert_eq!(title.parts(), [plain("Remove the protected mark?")]);
    assert_eq!(
        rest.parts(),
        [
            plain("A change to "),
            secret("7d8e0b1c\nx"),
            plain(" will no longer ask.")
        ]
    );

    // A break only inside a secret run: no title of its own.
    let (title, rest) = Text::default().secret("a\nb").plain("c").split_line();
    assert_eq!(title.parts(), [secret("a\nb"), plain("c")]);
    assert!(rest.parts().is_empty());

    // A break at the very end: nothing after it.
    let (title, rest) = Text::default().plain("Clear the log?\n").split_line();
    assert_eq!(title.to_string(), "Clear the log?");
    assert!(rest.parts().is_empty());
}
