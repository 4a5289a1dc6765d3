//! The encrypted hand-off's file format (version 1): what a teammate's panel
//! says of each file it is given, before and after the passphrase. The
//! cryptography is the browser's; `e2e/handoff.test.mjs` runs it, and Python's
//! `cryptography` reads the panel's files (`tests/readers/handoff.py`).

use gamecloud::model::{PortConfig, PortProtocol, Ports};
use gamecloud::sealed::{
    passphrase_problem, split_derived, suggest_passphrase, Contents, OpenError, Sealed,
    DERIVED_LEN, FIRST_LINE, ITERATIONS, SUGGESTED_BYTES,
};
use proptest::prelude::*;

fn sample() -> Sealed {
    Sealed {
        salt: (0..16).collect(),
        check: (100..116).collect(),
        iv: (200..212).collect(),
        data: (0..=255).cycle().take(301).collect(),
    }
}

#[test]
fn a_file_reads_back_as_written() {
    let text = sample().to_text();
    assert!(text.starts_with("gamecloud-handoff 1\n# A Game Cloud development token, sealed"));
    assert!(text.contains("\npbkdf2-sha256 600000 AAECAwQFBgcICQoLDA0ODw "));
    assert!(text.contains("\naes-256-gcm yMnKy8zNzs_Q0dLT 301\n"));
    assert_eq!(Sealed::read(&text), Ok(sample()));
    // Another system's line ends and blank lines change nothing.
    assert_eq!(Sealed::read(&text.replace('\n', "\r\n\r\n")), Ok(sample()));
    assert_eq!(FIRST_LINE, "gamecloud-handoff 1");
    assert_eq!(ITERATIONS, 600_000);
}

#[test]
fn every_cut_is_said_to_be_cut_short() {
    let text = sample().to_text();
    let whole = text.trim_end();
    for end in 1..whole.len() {
        let cut = &whole[..end];
        // A cut inside the comment line leaves the first line alone.
        let expected = OpenError::Truncated;
        assert_eq!(Sealed::read(cut), Err(expected), "cut at {end}: {cut:?}");
    }
}

#[test]
fn each_problem_has_its_own_message() {
    let text = sample().to_text();
    let cases = [
        ("", OpenError::NotAHandoff),
        ("hello\n", OpenError::NotAHandoff),
        ("{\"token\": \"dev_…\"}", OpenError::NotAHandoff),
        (
            &text.replace("handoff 1", "handoff 2"),
            OpenError::Version("2".into()),
        ),
        (
            &text.replace("handoff 1", "handoff 1.1"),
            OpenError::Version("1.1".into()),
        ),
        (
            &text.replace("600000", "1000"),
            OpenError::Damaged("iteration count"),
        ),
        (
            &text.replace("AAECAwQFBgcICQoLDA0ODw", "AAECAwQFBgcICQoLDA0OD!"),
            OpenError::Damaged("salt"),
        ),
        (
            &text.replace("AAECAwQFBgcICQoLDA0ODw", "AAECAwQFBgcICQoLDA0O"),
            OpenError::Damaged("salt"),
        ),
        (
            &text.replace("yMnKy8zNzs_Q0dLT", "yMnKy8zNzs_Q"),
            OpenError::Damaged("IV"),
        ),
        (
            &text.replace(" 301\n", " 300\n"),
            OpenError::Damaged("data"),
        ),
        (
            &text.replace(" 301\n", " 3o1\n"),
            OpenError::Damaged("length"),
        ),
        (
            &text.replace(" 301\n", " 5\n"),
            OpenError::Damaged("length"),
        ),
        (&format!("{text}more\n"), OpenError::Damaged("data")),
        (
            &text.replace("aes-256-gcm", "aes-128-gcm"),
            OpenError::Damaged("cipher line"),
        ),
    ];
    for (file, expected) in cases {
        assert_eq!(Sealed::read(file), Err(expected.clone()), "{file:?}");
    }
    // A character of the data changed into one base64url lacks.
    let mut bad = text.clone();
    let at = text.rfind('\n').unwrap() - 5;
    bad.replace_range(at..at + 1, "*");
    assert_eq!(Sealed::read(&bad), Err(OpenError::Damaged("data")));
}

#[test]
fn the_messages_say_what_to_do() {
    let said = |e: OpenError| e.to_string();
    assert!(said(OpenError::Version("2".into())).contains("version 2"));
    assert!(said(OpenError::Version("2".into())).contains("reads version 1 only"));
    assert!(said(OpenError::Truncated).contains("cut short"));
    assert!(said(OpenError::Damaged("salt")).contains("its salt does not read"));
    assert!(said(OpenError::WrongPassphrase).contains("passphrase does not open"));
    assert!(said(OpenError::Altered).contains("changed after it was sealed"));
    let all = [
        OpenError::NotAHandoff,
        OpenError::Version("2".into()),
        OpenError::Truncated,
        OpenError::Damaged("salt"),
        OpenError::WrongPassphrase,
        OpenError::Altered,
        OpenError::Contents("x".into()),
    ]
    .map(said);
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

fn contents() -> Contents {
    let mut ports = Ports::default();
    ports.insert(
        "game".into(),
        PortConfig {
            protocol: PortProtocol::Udp,
            port: Some(7777),
            port_range: None,
        },
    );
    ports.insert(
        "voice".into(),
        PortConfig {
            protocol: PortProtocol::Tcp,
            port: None,
            port_range: Some(gamecloud::model::PortRange {
                min: 27000,
                max: 27010,
            }),
        },
    );
    Contents {
        token: "dev_c0ffee00.abc-_.def".into(),
        base_url: "https://api.example.com".into(),
        game_id: "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f".into(),
        namespace_id: "c0ffee00-1234-4abc-9def-0123456789ab".into(),
        namespace_label: "Prod \"EU\"".into(),
        protected: true,
        hostname: "192.168.1.20".into(),
        ports,
    }
}

#[test]
fn what_is_sealed_reads_back_exactly() {
    let c = contents();
    let text = c.to_text();
    assert_eq!(
        text,
        "token dev_c0ffee00.abc-_.def\n\
         base_url https://api.example.com\n\
         game_id 4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f\n\
         namespace_id c0ffee00-1234-4abc-9def-0123456789ab\n\
         namespace_label Prod \"EU\"\n\
         protected yes\n\
         hostname 192.168.1.20\n\
         port game udp 7777\n\
         port voice tcp 27000-27010\n"
    );
    assert_eq!(Contents::read(&text), Ok(c.clone()));
    // A line break in a label cannot add a line.
    let mut odd = c.clone();
    odd.namespace_label = "Prod\nprotected no".into();
    let back = Contents::read(&odd.to_text()).unwrap();
    assert_eq!(back.namespace_label, "Prod protected no");
    assert!(back.protected);
    // Keys a later version may add are skipped; the order of the fields
    // does not matter (the ports keep theirs).
    let mut lines: Vec<&str> = text.lines().collect();
    let token = lines.remove(0);
    lines.push(token);
    lines.insert(3, "expires 2027-11-25T10:18:00Z");
    assert_eq!(Contents::read(&lines.join("\n")), Ok(c));
}

#[test]
fn what_a_hostile_sealer_put_inside_is_refused() {
    // Someone with the passphrase could seal anything: it is checked as any
    // hand-off is before a file is written from it.
    let text = contents().to_text();
    let refused = |from: &str, to: &str| {
        let e = Contents::read(&text.replace(from, to)).unwrap_err();
        assert!(matches!(e, OpenError::Contents(_)), "{e:?}");
        e.to_string()
    };
    assert!(refused("abc-_", "abc-_$(touch x)").contains("token"));
    assert!(refused("https://api.example.com", "javascript:alert(1)").contains("base URL"));
    assert!(refused("game_id 4f3c", "game_id 4f3").contains("game id"));
    assert!(refused("hostname 192.168.1.20", "hostname a b").contains("hostname"));
    assert!(refused("port game udp 7777", "port game udp 77x").contains("\"game udp 77x\""));
    assert!(refused("port game udp 7777", "port ga]me udp 7777").contains("port line"));
    assert!(refused("port game udp 7777", "port game udp 7777 8").contains("port line"));
    assert!(refused("token dev_c0ffee00.abc-_.def\n", "")
        .starts_with("This hand-off holds no usable token: The token"));
}

#[test]
fn passphrases() {
    assert!(passphrase_problem("").is_some());
    assert!(passphrase_problem("elevenchars").is_some());
    assert_eq!(passphrase_problem("twelve chars"), None);
    // Characters, not bytes: 11 two-byte letters are too few.
    assert!(passphrase_problem("ééééééééééé").is_some());
    let p = suggest_passphrase(&[0u8; SUGGESTED_BYTES]);
    assert_eq!(p, "aaaa-aaaa-aaaa-aaaa-aaaa");
    let random: [u8; SUGGESTED_BYTES] = std::array::from_fn(|i| (i * 37 + 11) as u8);
    let p = suggest_passphrase(&random);
    assert_eq!(p.len(), 24);
    assert!(p
        .split('-')
        .all(|g| g.len() == 4 && g.bytes().all(|b| !b"lo01".contains(&b))));
    assert_eq!(passphrase_problem(&p), None);
}

#[test]
fn the_derived_bytes_are_the_key_then_the_check() {
    let derived: Vec<u8> = (0..DERIVED_LEN as u8).collect();
    let (key, check) = split_derived(&derived);
    assert_eq!((key.len(), check.len()), (32, 16));
    assert_eq!((key[0], check[0]), (0, 32));
    // Short input (never from WebCrypto) does not panic.
    assert_eq!(split_derived(&[1, 2]).0, &[1, 2]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn any_text_reads_or_says_why(text in ".{0,400}") {
        let _ = Sealed::read(&text);
    }

    #[test]
    fn any_edit_of_a_file_reads_or_says_why(at in 0usize..600, c in any::<char>()) {
        let mut text = sample().to_text();
        let at = at.min(text.len());
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap();
        text.insert(at, c);
        let _ = Sealed::read(&text);
    }
}

#[test]
fn the_readme_test_vector_reads() {
    // Sealed by Python's `cryptography` (tests/readers/handoff.py --seal);
    // the browser test opens it in the panel, and Python opens it again.
    let vector = include_str!("../docs/handoff-vector-v1.txt");
    let sealed = Sealed::read(vector).unwrap();
    assert_eq!(sealed.data.len(), 379);
}

/// Python (the readers' venv, with `cryptography`, as the test command
/// passes it), running `args`; its output, or its error output on failure.
fn python(args: &[&str], input: &str) -> Result<String, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let python = std::env::var("READERS_PYTHON").unwrap_or_else(|_| "python3".into());
    let mut child = Command::new(python)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    if out.status.success() {
        Ok(text(out.stdout))
    } else {
        Err(text(out.stderr))
    }
}

/// The few lines of Python the README gives, as written there.
fn readme_snippet() -> std::path::PathBuf {
    let readme = include_str!("../README.md");
    let section = readme
        .split("### The encrypted hand-off, version 1")
        .nth(1)
        .expect("the README describes the format");
    let code = section
        .split("```python\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("with its Python");
    let path = std::env::temp_dir().join(format!("handoff-readme-{}.py", std::process::id()));
    std::fs::write(&path, code).unwrap();
    path
}

const VECTOR_PASSPHRASE: &str = "correct horse battery staple";

#[test]
#[ignore = "runs Python's cryptography: cargo xtask test runs it"]
fn python_opens_the_test_vector_as_the_readme_says() {
    let snippet = readme_snippet();
    let snippet = snippet.to_str().unwrap();
    for reader in [snippet, "tests/readers/handoff.py"] {
        let plain = python(
            &[reader, "docs/handoff-vector-v1.txt", VECTOR_PASSPHRASE],
            "",
        )
        .unwrap();
        let c = Contents::read(&plain).unwrap();
        assert_eq!(c.namespace_label, "Production");
        assert!(c.protected);
        assert_eq!(c.hostname, "192.168.1.20");
        assert_eq!(c.ports.len(), 2);
        let wrong = python(&[reader, "docs/handoff-vector-v1.txt", "correct horse"], "");
        assert!(wrong.unwrap_err().contains("wrong passphrase"));
    }
}

#[test]
#[ignore = "runs Python's cryptography: cargo xtask test runs it"]
fn a_file_python_seals_reads_as_version_1() {
    let text = contents().to_text();
    let sealed = python(
        &["tests/readers/handoff.py", "--seal", "a passphrase"],
        &text,
    )
    .unwrap();
    let file = Sealed::read(&sealed).unwrap();
    assert_eq!(
        file.data.len(),
        text.len() + 16,
        "the plaintext and its tag"
    );
    let path = std::env::temp_dir().join(format!("handoff-{}.txt", std::process::id()));
    std::fs::write(&path, file.to_text()).unwrap();
    // Written back by the core (with its comment line), Python still opens it.
    let plain = python(
        &[
            "tests/readers/handoff.py",
            path.to_str().unwrap(),
            "a passphrase",
        ],
        "",
    )
    .unwrap();
    assert_eq!(Contents::read(&plain), Ok(contents()));
}

// Found by a hostile review: each of these was read as something else.
#[test]
fn lost_line_breaks_and_lone_carriage_returns() {
    let text = sample().to_text();
    assert_eq!(
        Sealed::read(&text.replace('\n', " ")),
        Err(OpenError::NotAHandoff)
    );
    assert_eq!(Sealed::read(&text.replace('\n', "\r")), Ok(sample()));
    for first in [
        "gamecloud-handoff1",
        "gamecloud-handoff  1",
        "gamecloud-handoff 1x",
    ] {
        let file = text.replacen("gamecloud-handoff 1", first, 1);
        assert_eq!(Sealed::read(&file), Err(OpenError::NotAHandoff), "{first}");
    }
}

#[test]
fn a_sealer_cannot_pass_what_the_token_page_would_refuse() {
    let text = contents().to_text();
    for (from, to, said) in [
        ("protected yes\n", "", "protected is not yes or no"),
        (
            "protected yes",
            "protected true",
            "protected is not yes or no",
        ),
        (
            "protected yes\n",
            "protected yes\nprotected no\n",
            "protected is given twice",
        ),
        ("hostname ", "token x\nhostname ", "token is given twice"),
        (
            "port voice",
            "port game tcp 1\nport voice",
            "\"game tcp 1\" does not read",
        ),
        ("udp 7777", "udp 3000000000", "above 2147483647"),
        ("udp 7777", "xyz 7777", "xyz"),
        ("27000-27010", "1--5", "-5"),
        (
            "namespace_label Prod",
            "namespace_label \u{1b}[31mProd",
            "control character",
        ),
    ] {
        let file = text.replacen(from, to, 1);
        let e = Contents::read(&file).unwrap_err().to_string();
        assert!(e.contains(said), "{from:?} -> {to:?}: {e}");
    }
}
