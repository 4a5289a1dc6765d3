//! The files the panel writes for a user to keep: each writer escapes what
//! its format needs and refuses what it cannot write safely, so a hostile
//! value (from the service's answer, or typed in) cannot add a line, a key or
//! a command to the file.

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
