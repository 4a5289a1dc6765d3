//! The files the panel writes, read back by parsers of their formats: an INI
//! parser (rust-ini) for the structure of the Godot and Unreal files, the
//! string-literal rules of each engine for their values, serde_json for
//! Unity's. A hostile token or hostname never adds a line, a key or a
//! section.
#![cfg(not(target_arch = "wasm32"))]

use gamecloud::files::{Engine, Handoff};
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

/// Values a hostile answer or a careless form could hold.
const HOSTILE: [&str; 6] = [
    "dev_x.abc\"\nEVIL=1\n[other]\nkey=2",
    "a\\\"]; # = $(id) `x`",
    "tab\there\r\nand\u{0}nul\u{1b}[31m",
    "plain.token-value_09",
    "ünïcödé ✓",
    "",
];

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
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                other => panic!("Godot has no escape \\{other}"),
            },
            c => out.push(c),
        }
    }
    out
}

/// An Unreal quoted value (`\"` and `\\` escaped).
fn unreal_value(raw: &str) -> String {
    let inner = raw
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or_else(|| panic!("not quoted: {raw}"));
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next().expect("an escaped character")),
            '"' => panic!("an unescaped quote: {raw}"),
            c => out.push(c),
        }
    }
    out
}

fn handoff<'a>(token: &'a str, hostname: &'a str, ports: &'a Ports) -> Handoff<'a> {
    Handoff {
        token,
        base_url: "http://127.0.0.1:8080",
        game_id: "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f",
        namespace_id: "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c",
        hostname,
        ports,
    }
}

#[test]
fn godot_reads_every_value_back_exactly_and_nothing_more() {
    let ports = ports();
    for value in HOSTILE {
        let text = Engine::Godot.file(&handoff(value, value, &ports)).unwrap();
        let ini = structure(&text);
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
        let keys: Vec<&str> = main.iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            ["token", "base_url", "game_id", "namespace_id", "hostname"],
            "{text}"
        );
        assert_eq!(godot_value(main.get("token").unwrap()), value);
        assert_eq!(godot_value(main.get("hostname").unwrap()), value);
        assert_eq!(
            godot_value(main.get("base_url").unwrap()),
            "http://127.0.0.1:8080"
        );
        let game = ini.section(Some("gamecloud.port.game")).unwrap();
        assert_eq!(godot_value(game.get("protocol").unwrap()), "udp");
        assert_eq!(
            (game.get("port_min"), game.get("port_max")),
            (Some("7000"), Some("7010"))
        );
        assert_eq!(
            ini.section(Some("gamecloud.port.default"))
                .unwrap()
                .get("port"),
            Some("8080")
        );
        assert!(
            text.starts_with("; Game Cloud development token: a secret."),
            "{text}"
        );
    }
}

#[test]
fn unreal_reads_every_value_back_or_the_file_is_refused() {
    let ports = ports();
    for value in HOSTILE {
        let result = Engine::Unreal.file(&handoff(value, value, &ports));
        if value.chars().any(char::is_control) {
            let e = result.unwrap_err();
            assert!(
                e.contains("Token") && e.contains("control character"),
                "{e}"
            );
            continue;
        }
        let text = result.unwrap();
        let ini = structure(&text);
        let sections: Vec<Option<&str>> = ini.sections().collect();
        assert_eq!(sections, [None, Some("GameCloud.Dev")], "{text}");
        let dev = ini.section(Some("GameCloud.Dev")).unwrap();
        let keys: Vec<&str> = dev.iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                "Token",
                "BaseUrl",
                "GameId",
                "NamespaceId",
                "Hostname",
                "+Ports",
                "+Ports"
            ],
            "{text}"
        );
        assert_eq!(unreal_value(dev.get("Token").unwrap()), value);
        assert_eq!(unreal_value(dev.get("Hostname").unwrap()), value);
        let ports: Vec<&str> = dev.get_all("+Ports").collect();
        assert_eq!(
            ports,
            [
                "(Label=\"default\",Protocol=\"http\",Port=8080)",
                "(Label=\"game\",Protocol=\"udp\",PortMin=7000,PortMax=7010)"
            ]
        );
    }
}

#[test]
fn unity_json_reads_back_exactly_with_ports_as_an_array() {
    let ports = ports();
    for value in HOSTILE {
        let text = Engine::Unity.file(&handoff(value, value, &ports)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        // serde_json's map is sorted: the set of keys, no more.
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "_comment",
                "base_url",
                "game_id",
                "hostname",
                "namespace_id",
                "ports",
                "token"
            ]
        );
        assert_eq!(json["token"], value);
        assert_eq!(json["hostname"], value);
        assert_eq!(
            json["ports"],
            serde_json::json!([
                {"label": "default", "protocol": "http", "port": 8080},
                {"label": "game", "protocol": "udp", "port_min": 7000, "port_max": 7010}
            ])
        );
    }
}

#[test]
fn env_files_hold_every_field_or_are_refused() {
    let ports = ports();
    let text = Engine::Env
        .file(&handoff("dev_x.abc", "192.168.1.20", &ports))
        .unwrap();
    assert_eq!(
        text,
        "GAMECLOUD_DEV_TOKEN=dev_x.abc\nGAMECLOUD_BASE_URL=http://127.0.0.1:8080\n\
GAMECLOUD_GAME_ID=4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f\nGAMECLOUD_NAMESPACE_ID=7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c\n\
GAMECLOUD_HOSTNAME=192.168.1.20\n"
    );
    assert!(Engine::Env.file(&handoff(HOSTILE[0], "h", &ports)).is_err());
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
        assert!(
            engine.file(&handoff("t", "h", &ports)).is_err(),
            "{}",
            engine.name()
        );
    }
    // JSON escapes it.
    let text = Engine::Unity.file(&handoff("t", "h", &ports)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["ports"][0]["label"], "x]\n[evil");
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
