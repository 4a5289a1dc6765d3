//! The files the panel writes for a user to keep: each writer escapes what
//! its format needs and refuses what it cannot write safely, so a hostile
//! value (from the service's answer, or typed in) cannot add a line, a key or
//! a command to the file.

use crate::json::Json;
use crate::model::Ports;

/// A `.env` file of `KEY=value` lines, as dotenv readers (Node's `dotenv`,
/// python-dotenv, Docker Compose) and a shell's `source` all read it alike.
///
/// A value of plain characters is written bare; any other value is written
/// in single quotes, where none of those readers expands `$` or a command.
/// A value that holds a single quote, a line break or another control
/// character cannot be written that way and is refused, by its key.
pub fn env_file(entries: &[(&str, &str)]) -> Result<String, String> {
    let mut out = String::new();
    for &(key, value) in entries {
        let key_ok = !key.starts_with(|c: char| c.is_ascii_digit())
            && !key.is_empty()
            && key
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        if !key_ok {
            return Err(format!("{key} is not a variable name."));
        }
        out.push_str(key);
        out.push('=');
        let plain = |c: char| {
            c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':' | '/' | '@' | '+' | ',')
        };
        if value.chars().all(plain) {
            out.push_str(value);
        } else if value.chars().any(|c| c == '\'' || c.is_control()) {
            return Err(format!(
                "The value of {key} holds a quote, a line break or a control character, which a .env file cannot hold safely."
            ));
        } else {
            out.push('\'');
            out.push_str(value);
            out.push('\'');
        }
        out.push('\n');
    }
    Ok(out)
}

/// What a new development token hands to a game: the same fields in every
/// engine's file.
#[derive(Debug, Clone, Copy)]
pub struct Handoff<'a> {
    pub token: &'a str,
    pub base_url: &'a str,
    pub game_id: &'a str,
    pub namespace_id: &'a str,
    pub hostname: &'a str,
    pub ports: &'a Ports,
}

/// A file for one engine, and how to use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Godot,
    Unity,
    Unreal,
    Env,
}

impl Engine {
    pub const ALL: [Engine; 4] = [Engine::Godot, Engine::Unity, Engine::Unreal, Engine::Env];

    pub fn name(self) -> &'static str {
        match self {
            Engine::Godot => "Godot",
            Engine::Unity => "Unity",
            Engine::Unreal => "Unreal",
            Engine::Env => ".env",
        }
    }

    /// The file's name, and where it goes.
    pub fn file_name(self) -> &'static str {
        match self {
            Engine::Godot => "gamecloud_dev.cfg",
            Engine::Unity => "GameCloudDev.json",
            Engine::Unreal => "DefaultGameCloudDev.ini",
            Engine::Env => "dev-token.env",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Engine::Unity => "application/json",
            _ => "text/plain",
        }
    }

    /// Where to put it.
    pub fn place(self) -> &'static str {
        match self {
            Engine::Godot => "the project folder (res://), next to project.godot",
            Engine::Unity => "Assets/StreamingAssets/",
            Engine::Unreal => "the project's Config/ folder",
            Engine::Env => "the game server's working directory",
        }
    }

    /// The line that keeps it out of version control.
    pub fn gitignore(self) -> &'static str {
        match self {
            Engine::Godot => "gamecloud_dev.cfg",
            Engine::Unity => "Assets/StreamingAssets/GameCloudDev.json*",
            Engine::Unreal => "Config/DefaultGameCloudDev.ini",
            Engine::Env => "*.env",
        }
    }

    /// Why it is a secret, and how to keep it out of what ships.
    pub fn note(self) -> &'static str {
        match self {
            Engine::Godot => "The file holds a secret. Keep it out of version control, and out of exported builds: in each export preset, add gamecloud_dev.cfg to \"Filters to exclude files\".",
            Engine::Unity => "The file holds a secret, and StreamingAssets ship in every build: use it for development builds only, and remove it (with its .meta) before a release build.",
            Engine::Unreal => "The file holds a secret. Keep it out of version control, and out of packaged builds (Project Settings → Packaging: do not stage it).",
            Engine::Env => "The file holds a secret. Keep it out of version control.",
        }
    }

    /// How the engine reads it.
    pub fn snippet(self) -> &'static str {
        match self {
            Engine::Godot => {
                r#"var config := ConfigFile.new()
if config.load("res://gamecloud_dev.cfg") == OK:
    var token: String = config.get_value("gamecloud", "token")
    var hostname: String = config.get_value("gamecloud", "hostname")
    var port: int = config.get_value("gamecloud.port.default", "port", 0)"#
            }
            Engine::Unity => {
                r#"[System.Serializable] public class GameCloudPort { public string label, protocol; public int port, port_min, port_max; }
[System.Serializable] public class GameCloudDev { public string token, base_url, game_id, namespace_id, hostname; public GameCloudPort[] ports; }

var path = System.IO.Path.Combine(Application.streamingAssetsPath, "GameCloudDev.json");
var dev = JsonUtility.FromJson<GameCloudDev>(System.IO.File.ReadAllText(path));"#
            }
            Engine::Unreal => {
                r#"const FString Ini = FConfigCacheIni::NormalizeConfigIniPath(FPaths::ProjectConfigDir() / TEXT("DefaultGameCloudDev.ini"));
GConfig->LoadFile(Ini);
FString Token, Hostname;
GConfig->GetString(TEXT("GameCloud.Dev"), TEXT("Token"), Token, Ini);
GConfig->GetString(TEXT("GameCloud.Dev"), TEXT("Hostname"), Hostname, Ini);"#
            }
            Engine::Env => {
                r#"# Node: require("dotenv").config({ path: "dev-token.env" })
# Shell: set -a; . ./dev-token.env; set +a
echo "$GAMECLOUD_DEV_TOKEN""#
            }
        }
    }

    /// The file's text; refused, by field, when a value cannot be written
    /// safely in the format.
    pub fn file(self, h: &Handoff) -> Result<String, String> {
        match self {
            Engine::Godot => godot_cfg(h),
            Engine::Unity => Ok(unity_json(h)),
            Engine::Unreal => unreal_ini(h),
            Engine::Env => env_file(&[
                ("GAMECLOUD_DEV_TOKEN", h.token),
                ("GAMECLOUD_BASE_URL", h.base_url),
                ("GAMECLOUD_GAME_ID", h.game_id),
                ("GAMECLOUD_NAMESPACE_ID", h.namespace_id),
                ("GAMECLOUD_HOSTNAME", h.hostname),
            ]),
        }
    }
}

const SECRET_NOTE: &str = "Game Cloud development token: a secret. Keep this file out of version control and out of release builds.";

/// The fields every file holds, in order.
fn fields<'a>(h: &Handoff<'a>) -> [(&'static str, &'static str, &'a str); 5] {
    [
        ("token", "Token", h.token),
        ("base_url", "BaseUrl", h.base_url),
        ("game_id", "GameId", h.game_id),
        ("namespace_id", "NamespaceId", h.namespace_id),
        ("hostname", "Hostname", h.hostname),
    ]
}

/// A port label goes into section and key names: only labels the contract
/// allows (which never hold `]`, `=`, quotes or line breaks) are written.
fn checked_label(label: &str) -> Result<&str, String> {
    if crate::validate::label_is_valid(label) {
        Ok(label)
    } else {
        Err(
            "A port label is not one the contract allows, so it cannot be written to the file."
                .into(),
        )
    }
}

/// A Godot `ConfigFile` (`ConfigFile.load()`): values are Godot string
/// literals, escaped as Godot's variant parser reads them.
pub fn godot_cfg(h: &Handoff) -> Result<String, String> {
    let mut out = format!("; {SECRET_NOTE}\n[gamecloud]\n");
    for (key, _, value) in fields(h) {
        out.push_str(key);
        out.push('=');
        godot_string(value, &mut out);
        out.push('\n');
    }
    for (label, config) in h.ports {
        let label = checked_label(label)?;
        out.push_str(&format!("\n[gamecloud.port.{label}]\nprotocol="));
        godot_string(config.protocol.as_str(), &mut out);
        out.push('\n');
        if let Some(port) = config.port {
            out.push_str(&format!("port={port}\n"));
        }
        if let Some(r) = config.port_range {
            out.push_str(&format!("port_min={}\nport_max={}\n", r.min, r.max));
        }
    }
    Ok(out)
}

fn godot_string(value: &str, out: &mut String) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON file for Unity's `StreamingAssets`, shaped for `JsonUtility`
/// (ports as an array; a missing number reads as 0).
pub fn unity_json(h: &Handoff) -> String {
    let mut out = Json::pretty();
    out.begin_object().key("_comment").str(SECRET_NOTE);
    for (key, _, value) in fields(h) {
        out.key(key).str(value);
    }
    out.key("ports").begin_array();
    for (label, config) in h.ports {
        out.begin_object()
            .key("label")
            .str(label)
            .key("protocol")
            .str(config.protocol.as_str());
        if let Some(port) = config.port {
            out.key("port").i64(port);
        }
        if let Some(r) = config.port_range {
            out.key("port_min").i64(r.min).key("port_max").i64(r.max);
        }
        out.end_object();
    }
    out.end_array().end_object();
    let mut text = out.finish();
    text.push('\n');
    text
}

/// An Unreal `.ini` for `Config/`, read with `GConfig`: quoted values with
/// `\` and `"` escaped; a value with a line break or another control
/// character is refused.
pub fn unreal_ini(h: &Handoff) -> Result<String, String> {
    let mut out = format!("; {SECRET_NOTE}\n[GameCloud.Dev]\n");
    for (_, key, value) in fields(h) {
        out.push_str(key);
        out.push('=');
        unreal_string(key, value, &mut out)?;
        out.push('\n');
    }
    for (label, config) in h.ports {
        let label = checked_label(label)?;
        out.push_str(&format!(
            "+Ports=(Label=\"{label}\",Protocol=\"{}\"",
            config.protocol.as_str()
        ));
        if let Some(port) = config.port {
            out.push_str(&format!(",Port={port}"));
        }
        if let Some(r) = config.port_range {
            out.push_str(&format!(",PortMin={},PortMax={}", r.min, r.max));
        }
        out.push_str(")\n");
    }
    Ok(out)
}

fn unreal_string(key: &str, value: &str, out: &mut String) -> Result<(), String> {
    if value.chars().any(char::is_control) {
        return Err(format!(
            "{key} holds a line break or a control character, which an .ini file cannot hold safely."
        ));
    }
    out.push('"');
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    Ok(())
}
