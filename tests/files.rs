//! The files the panel writes, read back by parsers of their formats: an INI
//! parser (rust-ini) for the structure of the Godot and Unreal files, the
//! string-literal rules of each engine for their values, serde_json for
//! Unity's. Every hostile value in every field is either refused, naming the
//! field, or read back exactly. The readers studios really use (Godot 3,
//! python-dotenv, npm dotenv, dotenv-expand, Vite, a POSIX shell) read the
//! same files in `the_readers_studios_use_read_every_file_back_exactly`, which
//! `cargo xtask test` runs after installing them.
#![cfg(not(target_arch = "wasm32"))]

use gamecloud::files::{
    env_loader, local_env_file, local_env_name, Engine, Handoff, LOCAL_ENV_GITIGNORE,
};
use gamecloud::model::{PortConfig, PortProtocol, PortRange, Ports};
use ini::{Ini, ParseOption};

fn ports() -> Ports {
    [
        (
            "default".to_owned(),
            PortConfig {
                protocol: PortProtocol::Http,
                port: Some(8080),
                port_range: None,
            },
        ),
        (
            "game".to_owned(),
            PortConfig {
                protocol: PortProtocol::Udp,
                port: None,
                port_range: Some(PortRange {
                    min: 7000,
                    max: 7010,
                }),
            },
        ),
    ]
    .into_iter()
    .collect()
}

/// Values a hostile answer or a careless form could hold (issue 16's table),
/// each tried in every field of every engine's file.
const HOSTILE: &[&str] = &[
    "$",
    "${HOME}",
    "$(touch pwned)",
    "`touch pwned`",
    "tok\\",
    "a\"b",
    "a'b",
    "a#b",
    "a=b",
    "[section]",
    "%GAME%",
    "//{",
    "a|b",
    "line\nbreak",
    "cr\rx",
    "tab\tx",
    "nul\u{0}x",
    "del\u{7f}x",
    "ls\u{2028}x",
    "ünïcödé",
    " lead",
    "trail ",
    "",
];

/// A hand-off whose values all have the shapes the service gives.
fn good(ports: &Ports) -> Handoff<'_> {
    Handoff {
        token: "dev_staging.eyJ0eXAi.AbC-_9.sig-_",
        base_url: "http://127.0.0.1:8080",
        game_id: "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f",
        namespace_id: "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c",
        hostname: "192.168.1.20",
        ports,
        token_from_env: false,
    }
}

/// `good`, the game reading the token from the environment.
fn from_env(ports: &Ports) -> Handoff<'_> {
    Handoff {
        token_from_env: true,
        ..good(ports)
    }
}

/// The five fields, by the name the messages give them.
const FIELDS: [&str; 5] = ["token", "base URL", "game id", "namespace id", "hostname"];

/// `good` with field `field` (an index of [`FIELDS`]) set to `value`.
fn with_field<'a>(ports: &'a Ports, field: usize, value: &'a str) -> Handoff<'a> {
    let mut h = good(ports);
    *[
        &mut h.token,
        &mut h.base_url,
        &mut h.game_id,
        &mut h.namespace_id,
        &mut h.hostname,
    ][field] = value;
    h
}

/// Each field as each file names it: (Godot and Unity key, Unreal key, `.env`
/// variable, value).
fn expected<'a>(h: &Handoff<'a>) -> Vec<(&'static str, &'static str, &'static str, &'a str)> {
    let all = [
        ("token", "Token", "GAMECLOUD_DEV_TOKEN", h.token),
        ("base_url", "BaseUrl", "GAMECLOUD_BASE_URL", h.base_url),
        ("game_id", "GameId", "GAMECLOUD_GAME_ID", h.game_id),
        (
            "namespace_id",
            "NamespaceId",
            "GAMECLOUD_NAMESPACE_ID",
            h.namespace_id,
        ),
        ("hostname", "Hostname", "GAMECLOUD_HOSTNAME", h.hostname),
    ];
    // Without the token when the game reads it from the environment.
    all.into_iter()
        .skip(usize::from(h.token_from_env))
        .collect()
}

fn structure(text: &str) -> Ini {
    Ini::load_from_str_opt(
        text,
        ParseOption {
            enabled_quote: false,
            enabled_escape: false,
            ..ParseOption::default()
        },
    )
    .unwrap_or_else(|e| panic!("not INI: {e}\n{text}"))
}

/// A Godot string literal, as Godot's variant parser reads it.
fn godot_value(raw: &str) -> String {
    let inner = raw
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or_else(|| panic!("not a Godot string: {raw}"));
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => panic!("an unescaped quote ends the string early: {raw}"),
            '\\' => match chars.next().expect("an escape") {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                other => panic!("an escape Godot reads otherwise: \\{other}"),
            },
            c => out.push(c),
        }
    }
    out
}

/// An Unreal quoted value as Unreal 4's line reader takes it: up to the next
/// `"`, with no escapes.
fn unreal_value(raw: &str) -> String {
    let inner = raw
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or_else(|| panic!("not quoted: {raw}"));
    assert!(!inner.contains(['"', '\\']), "{raw}");
    inner.to_owned()
}

/// Each engine's file read back by a parser of its format: the keys and
/// values that went in, no more.
fn read_back(engine: Engine, h: &Handoff, text: &str) {
    let fields = expected(h);
    match engine {
        Engine::Godot => {
            let ini = structure(text);
            let sections: Vec<Option<&str>> = ini.sections().collect();
            assert_eq!(
                sections,
                [
                    None,
                    Some("gamecloud"),
                    Some("gamecloud.port.default"),
                    Some("gamecloud.port.game")
                ],
                "{text}"
            );
            let main = ini.section(Some("gamecloud")).unwrap();
            let read: Vec<(&str, String)> = main.iter().map(|(k, v)| (k, godot_value(v))).collect();
            let want: Vec<(&str, String)> = fields.iter().map(|f| (f.0, f.3.to_owned())).collect();
            assert_eq!(read, want, "{text}");
            let game = ini.section(Some("gamecloud.port.game")).unwrap();
            assert_eq!(godot_value(game.get("protocol").unwrap()), "udp");
            assert_eq!(
                (game.get("port_min"), game.get("port_max")),
                (Some("7000"), Some("7010"))
            );
            let note = if h.token_from_env {
                "; Game Cloud development settings, no secret:"
            } else {
                "; Game Cloud development token: a secret."
            };
            assert!(text.starts_with(note), "{text}");
        }
        Engine::Unreal => {
            let ini = structure(text);
            let sections: Vec<Option<&str>> = ini.sections().collect();
            assert_eq!(sections, [None, Some("GameCloud.Dev")], "{text}");
            let dev = ini.section(Some("GameCloud.Dev")).unwrap();
            let read: Vec<(&str, String)> = dev
                .iter()
                .filter(|(k, _)| *k != "+Ports")
                .map(|(k, v)| (k, unreal_value(v)))
                .collect();
            let want: Vec<(&str, String)> = fields.iter().map(|f| (f.1, f.3.to_owned())).collect();
            assert_eq!(read, want, "{text}");
            let ports: Vec<&str> = dev.get_all("+Ports").collect();
            assert_eq!(
                ports,
                [
                    "(Label=\"default\",Protocol=\"http\",Port=8080)",
                    "(Label=\"game\",Protocol=\"udp\",PortMin=7000,PortMax=7010)"
                ]
            );
        }
        Engine::Unity => {
            let json: serde_json::Value = serde_json::from_str(text).unwrap();
            // serde_json's map is sorted: the set of keys, no more.
            let keys: Vec<&str> = json
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            let mut want = vec![
                "_comment",
                "_expires",
                "base_url",
                "game_id",
                "hostname",
                "namespace_id",
                "ports",
                "token",
            ];
            want.truncate(want.len() - usize::from(h.token_from_env));
            assert_eq!(keys, want);
            for f in &fields {
                assert_eq!(json[f.0], f.3);
            }
            assert_eq!(
                json["ports"],
                serde_json::json!([
                    {"label": "default", "protocol": "http", "port": 8080},
                    {"label": "game", "protocol": "udp", "port_min": 7000, "port_max": 7010}
                ])
            );
        }
        Engine::Env => {
            let want: String = fields
                .iter()
                .map(|f| format!("{}={}\n", f.2, f.3))
                .collect();
            let (comments, vars) = text.split_at(text.find("\nGAMECLOUD_").unwrap() + 1);
            assert_eq!(vars, want);
            assert_eq!(comments.lines().count(), 2, "{text}");
            assert!(comments.lines().all(|l| l.starts_with("# ")), "{text}");
        }
    }
}

#[test]
fn every_engine_file_reads_back_exactly() {
    let ports = ports();
    let h = good(&ports);
    for engine in Engine::ALL {
        read_back(engine, &h, &engine.file(&h).unwrap());
    }
    // An IPv6 host keeps its brackets: every .env reader keeps them as they are.
    let h = Handoff {
        base_url: "http://[::1]:8080",
        hostname: "::1",
        ..good(&ports)
    };
    for engine in Engine::ALL {
        read_back(engine, &h, &engine.file(&h).unwrap());
    }
}

#[test]
fn every_hostile_value_in_every_field_is_refused_by_name_or_read_back_exactly() {
    // Issue 16: a token answer of `$(touch pwned)` was written to .env in
    // single quotes, which dotenv-expand removes before running it.
    let ports = ports();
    let mut written = Vec::new();
    for (field, name) in FIELDS.iter().enumerate() {
        for value in HOSTILE {
            let h = with_field(&ports, field, value);
            for engine in Engine::ALL {
                match engine.file(&h) {
                    Ok(text) => {
                        read_back(engine, &h, &text);
                        written.push((*name, *value, engine.name()));
                    }
                    Err(e) => assert!(
                        e.contains(name),
                        "{}, {name} = {value:?}: {e}",
                        engine.name()
                    ),
                }
            }
        }
    }
    // Only `[section]` as a hostname has the plain shape, and every file
    // holds it as it is.
    let hostnames: Vec<_> = written.iter().map(|w| (w.0, w.1)).collect();
    assert_eq!(hostnames, [("hostname", "[section]"); 4]);
}

#[test]
fn an_env_file_is_never_quoted_and_never_holds_what_a_reader_expands() {
    use gamecloud::files::env_file;
    // Issue 16: this test used to pin `T='a $(rm -rf ~) `x` #c'`, which
    // dotenv-expand runs.
    for bad in [
        "a $(rm -rf ~) `x` #c",
        "$HOME",
        "${AWS_SECRET_ACCESS_KEY}",
        "tok\\",
        "it's",
        "q\"",
        "a b",
        "nul\u{0}",
        "tok\nEXTRA=1",
        "",
    ] {
        let e = env_file(&[("GAMECLOUD_DEV_TOKEN", bad)]).unwrap_err();
        assert!(e.contains("GAMECLOUD_DEV_TOKEN"), "{e}");
    }
    assert_eq!(
        env_file(&[("GAMECLOUD_BASE_URL", "http://[::1]:8080/x~y")]).unwrap(),
        "GAMECLOUD_BASE_URL=http://[::1]:8080/x~y\n"
    );
    assert!(env_file(&[("BAD KEY", "v")]).is_err());
    assert!(env_file(&[("X=Y", "v")]).is_err());
}

#[test]
fn a_protocol_the_service_does_not_know_goes_through_each_writer() {
    // Issue 16: Unreal wrote `Protocol` raw, so a hostile one added keys.
    for protocol in ["udp\",Evil=\"1", "x|y", "%GAME%", "a;b", "l\nx"] {
        let ports: Ports = [(
            "game".to_owned(),
            PortConfig {
                protocol: PortProtocol::from_wire(protocol),
                port: Some(1),
                port_range: None,
            },
        )]
        .into_iter()
        .collect();
        let h = good(&ports);
        let e = Engine::Unreal.file(&h).unwrap_err();
        assert!(e.contains("Protocol"), "{e}");
        match Engine::Godot.file(&h) {
            Ok(text) => {
                let ini = structure(&text);
                let game = ini.section(Some("gamecloud.port.game")).unwrap();
                assert_eq!(godot_value(game.get("protocol").unwrap()), protocol);
            }
            Err(e) => assert!(protocol.contains('\n') && e.contains("protocol"), "{e}"),
        }
        let json: serde_json::Value =
            serde_json::from_str(&Engine::Unity.file(&h).unwrap()).unwrap();
        assert_eq!(json["ports"][0]["protocol"], protocol);
    }
}

#[test]
fn unreal_values_hold_only_what_its_reader_reads_back() {
    // No Unreal reader installs here: its safety follows from the characters
    // a written value may hold, checked for every value of the table.
    let ports = ports();
    for field in 0..FIELDS.len() {
        for value in HOSTILE {
            let Ok(text) = Engine::Unreal.file(&with_field(&ports, field, value)) else {
                continue;
            };
            // The two comment lines first (the secret, the expiry); Unreal
            // replaces `%NAME%` in the whole text, comments included.
            assert!(!text.contains('%'), "{text}");
            for line in text.lines().skip(2) {
                for quoted in line.split('"').skip(1).step_by(2) {
                    assert!(
                        quoted
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "-._:/~[]".contains(c)),
                        "{quoted:?} in {line}"
                    );
                }
                assert!(!line.contains(['%', ';', '|', '\\', '{', '}']), "{line}");
            }
        }
    }
}

#[test]
fn a_label_the_contract_forbids_is_never_written_into_a_section_name() {
    let ports: Ports = [(
        "x]\n[evil".to_owned(),
        PortConfig {
            protocol: PortProtocol::Tcp,
            port: Some(1),
            port_range: None,
        },
    )]
    .into_iter()
    .collect();
    for engine in [Engine::Godot, Engine::Unreal] {
        assert!(engine.file(&good(&ports)).is_err(), "{}", engine.name());
    }
    // JSON escapes it.
    let text = Engine::Unity.file(&good(&ports)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["ports"][0]["label"], "x]\n[evil");
}

/// A token the panel can read, expiring at `exp_ms`.
fn token_expiring(exp_ms: Option<i64>) -> String {
    use gamecloud::token::{base64url, signing_input, Claims};
    let claims = Claims {
        exp_ms,
        iat_ms: Some(1_700_000_000_000),
        ..Claims::default()
    };
    format!(
        "dev_x.{}.{}",
        signing_input(&claims),
        base64url::encode(&[7; 64])
    )
}

#[test]
fn every_file_says_when_its_token_expires_as_a_comment_its_reader_skips() {
    let ports = ports();
    let cases = [
        (
            token_expiring(Some(1_800_000_000_000)),
            "Expires 2027-01-15T08:00:00.000Z (the token's exp claim).",
        ),
        (
            token_expiring(None),
            "Never expires (the token has no exp claim).",
        ),
        (
            "dev_staging.eyJ0eXAi.AbC-_9.sig-_".to_owned(),
            "Expiry unknown: the token's claims cannot be read.",
        ),
    ];
    for (token, note) in &cases {
        let h = Handoff {
            token,
            ..good(&ports)
        };
        for engine in Engine::ALL {
            let text = engine.file(&h).unwrap();
            read_back(engine, &h, &text);
            let line = match engine {
                Engine::Godot | Engine::Unreal => format!("; {note}"),
                Engine::Env => format!("# {note}"),
                Engine::Unity => {
                    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
                    assert_eq!(json["_expires"], *note);
                    continue;
                }
            };
            assert_eq!(
                text.lines().nth(1),
                Some(line.as_str()),
                "{}",
                engine.name()
            );
        }
    }
}

#[test]
fn each_engine_says_where_the_file_goes_how_to_read_it_and_that_it_is_secret() {
    for engine in Engine::ALL {
        assert!(engine.note().contains("secret"), "{}", engine.name());
        let ignored = engine.gitignore().trim_end_matches('*');
        assert!(
            engine
                .file_name()
                .ends_with(ignored.rsplit('/').next().unwrap().trim_start_matches('*')),
            "{}: {ignored}",
            engine.name()
        );
        assert!(!engine.snippet().is_empty() && !engine.place().is_empty());
    }
    assert!(Engine::Godot.snippet().contains("ConfigFile"));
    assert!(Engine::Unity.snippet().contains("JsonUtility"));
    assert!(Engine::Unreal.snippet().contains("GConfig"));
}

/// Where the readers' files go, made empty.
fn readers_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/engine-readers")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a reader; its standard output.
fn run_reader(cmd: &mut std::process::Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("cannot run {cmd:?}: {e} (cargo xtask test installs the readers)")
    });
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// What each `.env` reader made of the `.env` in each of `dirs`, run from
/// `cwd`: reader name → variable → value, for the `GAMECLOUD_` variables.
fn read_env_files(
    dirs: &[String],
    cwd: &std::path::Path,
) -> Vec<std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>> {
    use std::collections::BTreeMap;
    use std::process::Command;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The venv `cargo xtask setup` makes (python-dotenv pinned), as the test
    // command passes it; a bare `cargo test -- --ignored` falls back to PATH.
    let python = std::env::var("READERS_PYTHON").unwrap_or_else(|_| "python3".into());
    let node = run_reader(
        Command::new("node")
            .arg(root.join("tests/readers/read-env.mjs"))
            .args(dirs)
            .current_dir(cwd),
    );
    let py = run_reader(
        Command::new(python)
            .arg(root.join("tests/readers/read_env.py"))
            .args(dirs)
            .current_dir(cwd),
    );
    let (node, py): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&node).unwrap(),
        serde_json::from_str(&py).unwrap(),
    );
    dirs.iter()
        .map(|dir| {
            let mut readers: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
            for found in [&node[dir], &py[dir]] {
                for (reader, vars) in found.as_object().unwrap() {
                    let vars = vars
                        .as_object()
                        .unwrap()
                        .iter()
                        .filter(|(k, _)| k.starts_with("GAMECLOUD_"));
                    readers.insert(
                        reader.clone(),
                        vars.map(|(k, v)| {
                            (k.clone(), v.as_str().unwrap_or("(not text)").to_owned())
                        })
                        .collect(),
                    );
                }
            }
            let shell = run_reader(
                Command::new("sh")
                    .args(["-c", "set -a; . ./.env; set +a; env"])
                    .env_clear()
                    .env("PATH", "/usr/bin:/bin")
                    .current_dir(dir),
            );
            readers.insert(
                "POSIX sh".into(),
                shell
                    .lines()
                    .filter(|l| l.starts_with("GAMECLOUD_"))
                    .filter_map(|l| l.split_once('='))
                    .map(|(k, v)| (k.into(), v.into()))
                    .collect(),
            );
            readers
        })
        .collect()
}

#[test]
#[ignore = "needs the readers: `cargo xtask test` installs them and runs this"]
fn the_readers_studios_use_read_every_file_back_exactly() {
    use std::collections::BTreeMap;
    // Every hand-off the table gives: the good one, an IPv6 host, each
    // hostile value in each field, and hostile protocols (Godot keeps them).
    let good_ports = ports();
    let hostile_ports: Vec<Ports> = ["udp\",Evil=\"1", "x|y", "%GAME%", "a;b", "ü \\ \""]
        .iter()
        .map(|p| {
            [(
                "game".to_owned(),
                PortConfig {
                    protocol: PortProtocol::from_wire(p),
                    port: Some(1),
                    port_range: None,
                },
            )]
            .into_iter()
            .collect()
        })
        .collect();
    let mut cases: Vec<Handoff> = vec![
        good(&good_ports),
        Handoff {
            base_url: "http://[::1]:8080",
            hostname: "::1",
            ..good(&good_ports)
        },
    ];
    for field in 0..FIELDS.len() {
        cases.extend(HOSTILE.iter().map(|v| with_field(&good_ports, field, v)));
    }
    cases.extend(hostile_ports.iter().map(good));

    let env_root = readers_dir("env");
    let godot_root = readers_dir("godot");
    let cwd = readers_dir("cwd");
    let (mut env_dirs, mut env_want, mut cfgs) = (Vec::new(), Vec::new(), BTreeMap::new());
    for (i, h) in cases.iter().enumerate() {
        if let Ok(text) = Engine::Env.file(h) {
            let dir = env_root.join(i.to_string());
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(".env"), text).unwrap();
            env_dirs.push(dir.display().to_string());
            env_want.push(
                expected(h)
                    .iter()
                    .map(|f| (f.2.to_owned(), f.3.to_owned()))
                    .collect::<BTreeMap<_, _>>(),
            );
        }
        if let Ok(text) = Engine::Godot.file(h) {
            let path = godot_root.join(format!("{i}.cfg"));
            std::fs::write(&path, text).unwrap();
            let mut sections: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
            sections.insert(
                "gamecloud".into(),
                expected(h)
                    .iter()
                    .map(|f| (f.0.to_owned(), f.3.to_owned()))
                    .collect(),
            );
            for (label, config) in h.ports {
                let mut keys =
                    BTreeMap::from([("protocol".to_owned(), config.protocol.as_str().to_owned())]);
                if let Some(port) = config.port {
                    keys.insert("port".into(), port.to_string());
                }
                if let Some(r) = config.port_range {
                    keys.insert("port_min".into(), r.min.to_string());
                    keys.insert("port_max".into(), r.max.to_string());
                }
                sections.insert(format!("gamecloud.port.{label}"), keys);
            }
            cfgs.insert(path.display().to_string(), sections);
        }
    }
    assert!(
        env_dirs.len() >= 3 && cfgs.len() >= 7,
        "{} .env, {} Godot files",
        env_dirs.len(),
        cfgs.len()
    );

    // .env: python-dotenv, npm dotenv, dotenv-expand, Vite, a POSIX shell.
    for ((dir, want), readers) in env_dirs
        .iter()
        .zip(&env_want)
        .zip(read_env_files(&env_dirs, &cwd))
    {
        assert_eq!(readers.len(), 5, "{readers:?}");
        for (reader, got) in readers {
            assert_eq!(&got, want, "{reader} read {dir}/.env");
        }
    }
    let made: Vec<_> = std::fs::read_dir(&cwd).unwrap().collect();
    assert!(
        made.is_empty(),
        "a reader wrote into its working directory: {made:?}"
    );

    // The harness sees what it must: the old single-quoted output is run by
    // dotenv-expand (a file appears) or read otherwise by some reader.
    let control = readers_dir("control");
    std::fs::write(
        control.join(".env"),
        "GAMECLOUD_DEV_TOKEN='$(touch pwned)'\n",
    )
    .unwrap();
    let control_cwd = readers_dir("control-cwd");
    let readers = read_env_files(&[control.display().to_string()], &control_cwd).remove(0);
    let differs = readers
        .values()
        .any(|got| got.get("GAMECLOUD_DEV_TOKEN").map(String::as_str) != Some("$(touch pwned)"));
    let ran = control_cwd.join("pwned").exists();
    assert!(
        differs || ran,
        "the readers all read the control back as written: {readers:?}"
    );

    // Godot 3's own ConfigFile, headless.
    let project = godot_root.clone();
    std::fs::write(project.join("project.godot"), "config_version=4\n").unwrap();
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/readers/read_cfg.gd"),
        project.join("read_cfg.gd"),
    )
    .unwrap();
    // The control: Godot 3 ends a string at `\u0000` (issue 16), which the
    // harness must see.
    let control = project.join("control.cfg");
    std::fs::write(&control, "[c]\nv=\"cut\\u0000here\"\n").unwrap();
    let mut list: Vec<String> = cfgs.keys().cloned().collect();
    list.push(control.display().to_string());
    std::fs::write(project.join("cases.txt"), list.join("\n")).unwrap();
    run_reader(
        std::process::Command::new("godot3-server")
            .args(["--no-window", "--path"])
            .arg(&project)
            .args(["-s", "read_cfg.gd"]),
    );
    let read: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(project.join("read.json")).unwrap()).unwrap();
    let cut = &read[control.display().to_string()]["sections"]["c"]["v"];
    assert_ne!(
        cut, "cut\u{0}here",
        "the harness cannot see Godot cut a value"
    );
    for (path, want) in &cfgs {
        assert_eq!(read[path]["load"], 0, "Godot could not load {path}");
        let got: BTreeMap<String, BTreeMap<String, String>> =
            serde_json::from_value(read[path]["sections"].clone()).unwrap();
        assert_eq!(&got, want, "Godot read {path}");
    }
}

#[test]
fn with_the_token_from_the_environment_no_engine_file_holds_it_and_one_local_file_does() {
    let ports = ports();
    let h = from_env(&ports);
    for engine in Engine::ALL {
        let text = engine.file(&h).unwrap();
        read_back(engine, &h, &text);
        assert!(!text.contains(h.token), "{text}");
        assert!(text.contains("no secret: the game reads the token from the environment variable GAMECLOUD_DEV_TOKEN"), "{text}");
    }
    assert_eq!(
        local_env_name(&h).to_string(),
        "gamecloud.7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c.local.env"
    );
    // Presentation mode masks the id wherever the name is shown, the
    // loader's commands too.
    let secret = gamecloud::text::Part::Secret(h.namespace_id.to_owned());
    assert!(local_env_name(&h).parts().contains(&secret));
    let secrets = env_loader(&h).unwrap();
    assert_eq!(secrets.parts().iter().filter(|p| **p == secret).count(), 2);
    let local = local_env_file(&h).unwrap();
    let (comments, vars) = local.split_at(local.find("\nGAMECLOUD_").unwrap() + 1);
    assert_eq!(vars, format!("GAMECLOUD_DEV_TOKEN={}\n", h.token));
    assert!(
        comments.starts_with("# Game Cloud development token: a secret."),
        "{local}"
    );
    assert_eq!(comments.lines().count(), 2);
    let loader = env_loader(&h).unwrap().to_string();
    assert!(
        loader.contains(
            "set -a; . ./gamecloud.7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c.local.env; set +a"
        ),
        "{loader}"
    );
    assert!(
        loader.contains("Get-Content gamecloud.7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c.local.env |"),
        "{loader}"
    );
    // A hostile token is refused for the local file as for any other, and
    // an id that is not a UUID gets no loader (it would be in a command).
    let bad = Handoff { token: "a b", ..h };
    assert!(local_env_file(&bad).is_err());
    let bad = Handoff {
        namespace_id: "$(touch x)",
        ..h
    };
    assert_eq!(
        env_loader(&bad).map(|t| t.to_string()),
        Err("The namespace id is not a UUID.".to_owned())
    );
}

#[test]
fn the_posix_loader_puts_exactly_the_token_in_the_environment() {
    let ports = ports();
    let h = from_env(&ports);
    let dir = readers_dir("loader");
    std::fs::write(
        dir.join(local_env_name(&h).to_string()),
        local_env_file(&h).unwrap(),
    )
    .unwrap();
    let posix = env_loader(&h)
        .unwrap()
        .to_string()
        .lines()
        .nth(1)
        .unwrap()
        .to_owned();
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            &format!("{posix}; printf %s \"$GAMECLOUD_DEV_TOKEN\""),
        ])
        .current_dir(&dir)
        .env_remove("GAMECLOUD_DEV_TOKEN")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), h.token);
}

#[test]
#[ignore = "needs the readers: `cargo xtask test` installs them and runs this"]
fn godot_reads_the_token_from_the_environment_that_the_loader_sets_and_the_rest_from_its_file() {
    let ports = ports();
    let h = from_env(&ports);
    let project = readers_dir("godot-env");
    std::fs::write(project.join("project.godot"), "config_version=4\n").unwrap();
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/readers/read_env_token.gd"),
        project.join("read_env_token.gd"),
    )
    .unwrap();
    std::fs::write(
        project.join("gamecloud_dev.cfg"),
        Engine::Godot.file(&h).unwrap(),
    )
    .unwrap();
    std::fs::write(
        project.join(local_env_name(&h).to_string()),
        local_env_file(&h).unwrap(),
    )
    .unwrap();
    // The POSIX loader the panel shows, then the game started from that shell.
    let posix = env_loader(&h)
        .unwrap()
        .to_string()
        .lines()
        .nth(1)
        .unwrap()
        .to_owned();
    run_reader(
        std::process::Command::new("sh")
            .args([
                "-c",
                &format!("{posix}; exec godot3-server --no-window --path . -s read_env_token.gd"),
            ])
            .current_dir(&project)
            .env_remove("GAMECLOUD_DEV_TOKEN"),
    );
    let read: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(project.join("read_env.json")).unwrap())
            .unwrap();
    assert_eq!(read["token"], h.token, "{read}");
    assert_eq!(read["load"], 0, "{read}");
    let keys: Vec<&str> = read["gamecloud"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["base_url", "game_id", "hostname", "namespace_id"],
        "no token in the file"
    );

    // The .env readers read the local file as the loader does.
    let dir = readers_dir("local-env");
    std::fs::write(dir.join(".env"), local_env_file(&h).unwrap()).unwrap();
    let cwd = readers_dir("local-env-cwd");
    let readers = read_env_files(&[dir.display().to_string()], &cwd).remove(0);
    assert_eq!(readers.len(), 5, "{readers:?}");
    for (reader, got) in readers {
        let want = std::collections::BTreeMap::from([(
            "GAMECLOUD_DEV_TOKEN".to_owned(),
            h.token.to_owned(),
        )]);
        assert_eq!(got, want, "{reader}");
    }
}

#[test]
fn git_ignores_the_local_file_and_its_second_download_but_not_the_engine_file() {
    let ports = ports();
    let h = from_env(&ports);
    let repo = readers_dir("gitignore");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(&repo)
            .output()
            .expect("git runs")
    };
    assert!(git(&["init", "-q"]).status.success());
    std::fs::write(repo.join(".gitignore"), format!("{LOCAL_ENV_GITIGNORE}\n")).unwrap();
    let local = local_env_name(&h).to_string();
    let second = local.replace(".local.env", ".local (1).env");
    for name in [local.as_str(), second.as_str()] {
        assert!(
            git(&["check-ignore", "-q", name]).status.success(),
            "{name} is ignored"
        );
    }
    // The engine's file, with no secret, may be committed.
    for name in [
        "gamecloud_dev.cfg",
        "GameCloudDev.json",
        "DefaultGameCloudDev.ini",
        "dev-token.env",
    ] {
        assert_eq!(
            git(&["check-ignore", "-q", name]).status.code(),
            Some(1),
            "{name} is not ignored"
        );
    }
}
