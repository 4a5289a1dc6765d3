//! The command line, as scripts rely on it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_local-service");

#[test]
fn bad_flags_get_a_clear_message_and_a_non_zero_exit() {
    for args in [
        vec!["--listen", "nowhere"],
        vec!["--builds", "-3"],
        vec!["--rate-limit", "lots"],
        vec!["--allow-origin", "example.com"],
        vec!["--no-such-flag"],
        vec!["--token", "has space"],
    ] {
        let out = Command::new(BIN).args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{args:?} says why");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn it_prints_the_url_the_token_and_the_demo_ids_at_start() {
    let mut child = Command::new(BIN)
        .args(["--listen", "127.0.0.1:0", "--token", "cli-token"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .take(6)
        .map(Result::unwrap)
        .collect();
    child.kill().unwrap();
    child.wait().unwrap();
    let text = lines.join("\n");
    assert!(text.contains("listening on http://127.0.0.1:"), "{text}");
    assert!(text.contains("Token:        cli-token"), "{text}");
    assert!(text.contains(local_service::demo::GAME_ID), "{text}");
    assert!(
        text.contains("(staging)") && text.contains("(prod)"),
        "{text}"
    );
}
