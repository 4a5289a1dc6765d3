//! The files the panel writes for a user to keep (engine hand-off files).
//! Safe by construction: a value is written only if it has the shape the
//! service gives it (a token of dot-separated runs of `A-Z a-z 0-9 _ -`, ids as
//! UUIDs, a hostname and a base URL of plain characters), and each writer then
//! refuses, rather than escapes, whatever its readers disagree on. A hostile
//! value (from the service's answer, or typed in) refuses that file with a
//! message naming the value; it never adds a line, a key, a section, a
//! variable reference or a command.

use crate::json::Json;
use crate::model::Ports;
use crate::text::Text;

/// The characters every `.env` reader keeps as they are in an unquoted value:
/// python-dotenv, npm `dotenv`, `dotenv-expand` and Vite's `loadEnv` (which
/// expand `$` even inside single quotes, after removing them), Docker
/// Compose, and a POSIX shell's `set -a; . file`. No `$`, backtick, `\`,
/// quote, `#`, white space or control character: there is no quoting that all
/// of them read back the same way, so none is written.
fn env_safe(c: char) -> bool {
    c.is_ascii_alphanumeric() || "._~:/+=@,[]-".contains(c)
}

/// A `.env` file of `KEY=value` lines, never quoted: a value outside
/// [`env_safe`]'s characters is refused, by its key.
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
        if value.is_empty() || !value.chars().all(env_safe) {
            return Err(format!(
                "The value of {key} holds a character that .env readers do not all read the same way ($, a quote, \\, #, a space or a control character, among others)."
            ));
        }
        out.push_str(key);
        out.push('=');
        out.push_str(value);
        out.push('\n');
    }
    Ok(out)
}

/// What a new development token hands to a game: the same fields in every
/// engine's file.
#[derive(Debug, Clone, Copy)]
pub struct Handoff<'a> {
    /// The new development token.
    pub token: &'a str,
    /// The service's base URL.
    pub base_url: &'a str,
    /// The game's id.
    pub game_id: &'a str,
    /// The namespace's id.
    pub namespace_id: &'a str,
    /// The hostname the token binds.
    pub hostname: &'a str,
    /// The ports the token binds.
    pub ports: &'a Ports,
    /// The game reads the token from the environment variable
    /// [`TOKEN_VARIABLE`], set from [`local_env_file`]: the engine's file then
    /// holds no secret.
    pub token_from_env: bool,
}

/// The environment variable that holds the token.
pub const TOKEN_VARIABLE: &str = "GAMECLOUD_DEV_TOKEN";

/// The one file that holds the token when the game reads it from the
/// environment: `gamecloud.<namespace id>.local.env` (a UUID, checked). Not
/// `.env.<namespace>.local`: browsers drop a downloaded file's leading dot.
/// The id is its secret run: presentation mode masks it.
pub fn local_env_name(h: &Handoff) -> Text {
    Text::default()
        .plain("gamecloud.")
        .secret(h.namespace_id)
        .plain(".local.env")
}

/// The name that file is saved under in presentation mode, where the
/// browser would show the namespace id on the shared screen: the person
/// renames it to [`local_env_name`] afterwards.
pub const LOCAL_ENV_PRESENTING: &str = "gamecloud.local.env";

/// That file's text: its notes, then `GAMECLOUD_DEV_TOKEN=<token>`.
pub fn local_env_file(h: &Handoff) -> Result<String, String> {
    h.check()?;
    Ok(comments(
        "#",
        &Handoff {
            token_from_env: false,
            ..*h
        },
    ) + &env_file(&[(TOKEN_VARIABLE, h.token)])?)
}

/// The `.gitignore` line that keeps every such file out of version control,
/// also a second download the browser names `gamecloud.<id>.local (1).env`.
pub const LOCAL_ENV_GITIGNORE: &str = "gamecloud.*.env";

/// How to put the token in the environment before starting the game or the
/// editor from the same shell: a POSIX shell, then PowerShell. Only for a
/// hand-off that passes [`Handoff::check`]: the file's name holds the
/// namespace id (then a UUID), and its values none of `'`, `"`, `$`, spaces
/// or `#` ([`env_file`]). The file's name is a secret run where it appears.
pub fn env_loader(h: &Handoff) -> Result<Text, String> {
    h.check()?;
    let file = || local_env_name(h);
    let mut text = Text::default()
        .plain("# POSIX shell, then start the game or the editor from it:\nset -a; . ./");
    text.append(file());
    text.push_plain("; set +a\n# PowerShell:\nGet-Content ");
    text.append(file());
    text.push_plain(
        " | Where-Object { $_ -match '^[A-Z_]+=' } | ForEach-Object { $k, $v = $_ -split '=', 2; Set-Item \"env:$k\" $v }",
    );
    Ok(text)
}

impl Handoff<'_> {
    /// Every value has the shape the service gives it; otherwise which one
    /// does not, and why. No engine's file is written until this passes.
    pub fn check(&self) -> Result<(), String> {
        let run = |p: &str| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        };
        if !self.token.split('.').all(run) {
            return Err("The token is not shaped like one the service issues (dot-separated runs of letters, digits, '_' and '-').".into());
        }
        for (name, id) in [
            ("game id", self.game_id),
            ("namespace id", self.namespace_id),
        ] {
            if crate::token::parse_uuid(id).is_none() {
                return Err(format!("The {name} is not a UUID."));
            }
        }
        let plain = |s: &str, extra: &str| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-._:[]".contains(c) || extra.contains(c))
        };
        if !plain(self.hostname, "") {
            return Err("The hostname holds characters other than letters, digits, '-', '.', '_', ':', '[' and ']'.".into());
        }
        let web = ["http://", "https://"]
            .iter()
            .any(|s| self.base_url.starts_with(s));
        if !web || !plain(self.base_url, "/~") {
            return Err(
                "The base URL is not an http(s) URL of letters, digits and - . _ : / ~ [ ].".into(),
            );
        }
        Ok(())
    }
}

/// A file for one engine, and how to use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// A Godot `ConfigFile` (`.cfg`).
    Godot,
    /// A JSON file for Unity's `StreamingAssets`.
    Unity,
    /// An Unreal `Config/` `.ini`.
    Unreal,
    /// A `.env` file.
    Env,
}

impl Engine {
    /// Every engine, in the order the panel offers them.
    pub const ALL: [Engine; 4] = [Engine::Godot, Engine::Unity, Engine::Unreal, Engine::Env];

    /// The engine's name, as the panel shows it.
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

    /// The file's MIME type.
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

    /// How the engine reads the token from the environment, with the rest
    /// from its file ([`Handoff::token_from_env`]).
    pub fn env_snippet(self) -> &'static str {
        match self {
            Engine::Godot => {
                r#"var token := OS.get_environment("GAMECLOUD_DEV_TOKEN")
var config := ConfigFile.new()
if config.load("res://gamecloud_dev.cfg") == OK:
    var hostname: String = config.get_value("gamecloud", "hostname")"#
            }
            Engine::Unity => {
                r#"var token = System.Environment.GetEnvironmentVariable("GAMECLOUD_DEV_TOKEN");
var path = System.IO.Path.Combine(Application.streamingAssetsPath, "GameCloudDev.json");
var dev = JsonUtility.FromJson<GameCloudDev>(System.IO.File.ReadAllText(path));"#
            }
            Engine::Unreal => {
                r#"const FString Token = FPlatformMisc::GetEnvironmentVariable(TEXT("GAMECLOUD_DEV_TOKEN"));
const FString Ini = FConfigCacheIni::NormalizeConfigIniPath(FPaths::ProjectConfigDir() / TEXT("DefaultGameCloudDev.ini"));
GConfig->LoadFile(Ini);
FString Hostname;
GConfig->GetString(TEXT("GameCloud.Dev"), TEXT("Hostname"), Hostname, Ini);"#
            }
            Engine::Env => {
                r#"# Node: require("dotenv").config({ path: ["dev-token.env", "gamecloud.<namespace id>.local.env"] })
echo "$GAMECLOUD_DEV_TOKEN""#
            }
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
        h.check()?;
        match self {
            Engine::Godot => godot_cfg(h),
            Engine::Unity => Ok(unity_json(h)),
            Engine::Unreal => unreal_ini(h),
            Engine::Env => {
                let all = [
                    (TOKEN_VARIABLE, h.token),
                    ("GAMECLOUD_BASE_URL", h.base_url),
                    ("GAMECLOUD_GAME_ID", h.game_id),
                    ("GAMECLOUD_NAMESPACE_ID", h.namespace_id),
                    ("GAMECLOUD_HOSTNAME", h.hostname),
                ];
                Ok(comments("#", h) + &env_file(&all[first(h)..])?)
            }
        }
    }
}

const SECRET_NOTE: &str = "Game Cloud development token: a secret. Keep this file out of version control and out of release builds.";
const NO_SECRET_NOTE: &str = "Game Cloud development settings, no secret: the game reads the token from the environment variable GAMECLOUD_DEV_TOKEN.";

/// What the file says of itself: a secret, or none.
fn note(h: &Handoff) -> &'static str {
    if h.token_from_env {
        NO_SECRET_NOTE
    } else {
        SECRET_NOTE
    }
}

/// The file's first lines: whether it holds a secret, and when the token
/// expires, each a comment that starts with `mark`.
fn comments(mark: &str, h: &Handoff) -> String {
    format!(
        "{mark} {}\n{mark} {}\n",
        note(h),
        crate::token::Life::file_note(h.token)
    )
}

/// The fields every file holds, in order; a file starts at [`first`].
fn fields<'a>(h: &Handoff<'a>) -> [(&'static str, &'static str, &'a str); 5] {
    [
        ("token", "Token", h.token),
        ("base_url", "BaseUrl", h.base_url),
        ("game_id", "GameId", h.game_id),
        ("namespace_id", "NamespaceId", h.namespace_id),
        ("hostname", "Hostname", h.hostname),
    ]
}

/// The first of [`fields`] a file holds: past the token when the game reads
/// it from the environment ([`Handoff::token_from_env`]).
fn first(h: &Handoff) -> usize {
    usize::from(h.token_from_env)
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
    let mut out = comments(";", h) + "[gamecloud]\n";
    for &(key, _, value) in &fields(h)[first(h)..] {
        out.push_str(key);
        out.push('=');
        godot_string(key, value, &mut out)?;
        out.push('\n');
    }
    for (label, config) in h.ports {
        let label = checked_label(label)?;
        out.push_str(&format!("\n[gamecloud.port.{label}]\nprotocol="));
        godot_string("protocol", config.protocol.as_str(), &mut out)?;
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

/// A Godot string literal: `"` and `\` escaped, other characters raw (its
/// reader squeezes `\u` escapes to bytes, and `\u0000` ends the value in
/// Godot 3), so a control character is refused.
fn godot_string(key: &str, value: &str, out: &mut String) -> Result<(), String> {
    if value.chars().any(char::is_control) {
        return Err(format!(
            "{key} holds a control character, which Godot's ConfigFile does not read back."
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

/// A JSON file for Unity's `StreamingAssets`, shaped for `JsonUtility`
/// (ports as an array; a missing number reads as 0).
pub fn unity_json(h: &Handoff) -> String {
    let mut out = Json::pretty();
    out.begin_object()
        .key("_comment")
        .str(note(h))
        .key("_expires")
        .str(&crate::token::Life::file_note(h.token));
    for &(key, _, value) in &fields(h)[first(h)..] {
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

/// An Unreal `.ini` for `Config/`, read with `GConfig`: values in quotes
/// (outside them `//` and `{` are syntax). Unreal 4's line reader ignores `\\"`,
/// `|` continues a line, `%GAME%`-style names are replaced in the whole text
/// and `;` starts a comment, so a value holding `"`, `\\`, `%`, `;`, `|` or a
/// control character is refused rather than escaped.
pub fn unreal_ini(h: &Handoff) -> Result<String, String> {
    let mut out = comments(";", h) + "[GameCloud.Dev]\n";
    for &(_, key, value) in &fields(h)[first(h)..] {
        out.push_str(key);
        out.push('=');
        unreal_string(key, value, &mut out)?;
        out.push('\n');
    }
    for (label, config) in h.ports {
        let label = checked_label(label)?;
        out.push_str(&format!("+Ports=(Label=\"{label}\",Protocol="));
        unreal_string("Protocol", config.protocol.as_str(), &mut out)?;
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
    if value
        .chars()
        .any(|c| c.is_control() || matches!(c, '"' | '\\' | '%' | ';' | '|'))
    {
        return Err(format!(
            "{key} holds a quote, \\, %, ;, | or a control character, which Unreal's .ini reader does not read back."
        ));
    }
    out.push('"');
    out.push_str(value);
    out.push('"');
    Ok(())
}
