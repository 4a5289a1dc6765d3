//! The drop-in elements' stylesheet (`pkg/elements.css`), made from the
//! panel's (`style/main.css`) so that the look is written once: its custom
//! properties move from `:root` to each element's `:host`, each open to the
//! host page as `--gamecloud-<name>` (`--gc-accent` is
//! `var(--gamecloud-accent, …)`), and the dark scheme's colours become
//! `light-dark()` pairs, picked by the `color-scheme` the element inherits
//! from the host page (light where the page declares none: a light-only
//! dashboard gets light elements on a dark system) or is given. The phone's
//! layout follows the element's width, not the window's: the rules of each
//! `@media (max-width: …)` are an `@container` query on the box the page is
//! mounted in (`.gc-element`), so that a page in a narrow card of a wide
//! dashboard is laid out for its card; those for what is drawn over the
//! whole window (a dialog, a popover, their backdrop: [`OVER_THE_WINDOW`])
//! stay `@media` rules. Every other rule stays as it is.

use anyhow::{bail, Context, Result};

/// `main.css` as the elements' stylesheet.
pub fn from_panel(css: &str) -> Result<String> {
    let (light, rest) =
        block_after(css, ":root {").context("style/main.css has no `:root { … }`")?;
    let dark_start = rest
        .find("@media (prefers-color-scheme: dark)")
        .context("style/main.css has no dark scheme")?;
    let (dark, after_dark) =
        block_after(&rest[dark_start..], ":root {").context("the dark scheme has no `:root`")?;
    // The media block's own closing brace.
    let after_dark = after_dark
        .trim_start()
        .strip_prefix('}')
        .context("the dark scheme's block does not close after its `:root`")?;
    let dark = declarations(dark);
    let light = declarations(light);
    if let Some((name, _)) = dark
        .iter()
        .find(|(n, _)| !light.iter().any(|(l, _)| l == n))
    {
        bail!("style/main.css's dark scheme sets {name}, which its `:root` does not: a custom property needs its light value");
    }
    let mut host = String::from(
        "/* Made by `cargo xtask js` from the panel's style/main.css: each custom\n   \
         property open to the host as --gamecloud-<name>. */\n\
         :host {\n  display: block;\n",
    );
    for (name, value) in light {
        if name == "color-scheme" {
            continue;
        }
        let Some(open) = name.strip_prefix("--gc-") else {
            bail!("style/main.css's `:root` sets {name}, which is not a custom property");
        };
        let value = match dark.iter().find(|(n, _)| *n == name) {
            Some((_, night)) => format!("light-dark({value}, {night})"),
            None => value.to_owned(),
        };
        host.push_str(&format!("  {name}: var(--gamecloud-{open}, {value});\n"));
    }
    host.push_str(
        "  background: var(--gc-bg);\n  color: var(--gc-text);\n  \
         font: var(--gc-body)/1.5 var(--gc-font);\n}\n\
         :host([hidden]) { display: none; }\n\
         .gc-element { container-type: inline-size; }\n",
    );
    host.push_str(&rest[..dark_start]);
    host.push_str(after_dark);
    Ok(minified(&by_width(&host)))
}

/// `css` without its comments and without the whitespace no rule reads:
/// each run of it one space, none beside `{`, `}` or `;`; strings kept as
/// they are (docs/SIZE.md, size rule "the elements' stylesheet minified": the
/// panel's is, by Trunk).
fn minified(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    let mut space = false;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                space = true;
            }
            c if c.is_whitespace() => space = true,
            c => {
                let quiet = |c: char| matches!(c, '{' | '}' | ';');
                if space && !out.is_empty() && !quiet(c) && !out.ends_with(quiet) {
                    out.push(' ');
                }
                space = false;
                out.push(c);
                if c == '"' || c == '\'' {
                    // A string, to its closing quote (an escaped one does
                    // not close it).
                    while let Some(s) = chars.next() {
                        out.push(s);
                        if s == '\\' {
                            out.extend(chars.next());
                        } else if s == c {
                            break;
                        }
                    }
                }
            }
        }
    }
    out
}

/// What is drawn in the top layer, over the whole window: laid out for the
/// window's width, whatever the element's.
const OVER_THE_WINDOW: &[&str] = &[
    "dialog",
    ".gc-confirm",
    ".gc-popover",
    ".gc-menu",
    ".gc-row-menu",
    "::backdrop",
];

/// `css` with each `@media (max-width: …) { … }` split: its rules for the
/// page as a container query, those for the top layer as they were.
fn by_width(css: &str) -> String {
    const OPENER: &str = "@media (max-width:";
    let mut out = String::new();
    let mut rest = css;
    while let Some(at) = rest.find(OPENER) {
        out.push_str(&rest[..at]);
        let query = &rest[at + "@media ".len()..];
        let Some(open) = query.find('{') else {
            break;
        };
        let condition = query[..open].trim();
        let (rules, after) = rules_until_close(&query[open + 1..]);
        let (window, page): (Vec<&str>, Vec<&str>) = rules.into_iter().partition(|rule| {
            OVER_THE_WINDOW
                .iter()
                .any(|s| rule.split('{').next().unwrap_or("").contains(s))
        });
        for (at_rule, rules) in [("@container", page), ("@media", window)] {
            if !rules.is_empty() {
                out.push_str(&format!(
                    "{at_rule} {condition} {{\n{}\n}}\n",
                    rules.join("\n")
                ));
            }
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The rules of a block (each with the comment before it), up to the
/// brace that closes it, and what follows that brace.
fn rules_until_close(block: &str) -> (Vec<&str>, &str) {
    let mut rules = Vec::new();
    let mut at = 0;
    loop {
        let rest = &block[at..];
        let start = at + (rest.len() - rest.trim_start().len());
        let rest = &block[start..];
        if rest.starts_with('}') || rest.is_empty() {
            return (rules, block.get(start + 1..).unwrap_or(""));
        }
        // A comment belongs to the rule after it.
        let mut end = start;
        while block[end..].starts_with("/*") {
            end += block[end..].find("*/").map_or(block.len() - end, |e| e + 2);
            end += block[end..].len() - block[end..].trim_start().len();
        }
        let close = block[end..].find('}').map_or(block.len(), |c| end + c + 1);
        rules.push(block[start..close].trim_end());
        at = close;
    }
}

/// The text inside the `{ … }` that follows `opener`, and what follows it.
fn block_after<'a>(css: &'a str, opener: &str) -> Option<(&'a str, &'a str)> {
    let start = css.find(opener)? + opener.len();
    let end = start + css[start..].find('}')?;
    Some((&css[start..end], &css[end + 1..]))
}

/// A block's `name: value;` declarations, comments left out.
fn declarations(block: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut text = block;
    while let Some(at) = text.find("/*") {
        let Some(end) = text[at..].find("*/") else {
            break;
        };
        out.extend(pairs(&text[..at]));
        text = &text[at + end + 2..];
    }
    out.extend(pairs(text));
    out
}

fn pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(';').filter_map(|d| {
        let (name, value) = d.split_once(':')?;
        Some((name.trim(), value.trim()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PANEL: &str = "/* top */\n:root {\n  color-scheme: light dark;\n  --gc-bg: #fff;\n  /* a note */\n  --gc-radius: 6px;\n}\n\n@media (prefers-color-scheme: dark) {\n  :root {\n    --gc-bg: #000;\n  }\n}\n\nh1 { margin: 0; }\n";

    #[test]
    fn the_properties_move_to_the_host_open_to_it_in_both_schemes() {
        let css = from_panel(PANEL).unwrap();
        assert!(
            css.contains("--gc-bg: var(--gamecloud-bg, light-dark(#fff, #000));"),
            "{css}"
        );
        assert!(
            css.contains("--gc-radius: var(--gamecloud-radius, 6px);"),
            "{css}"
        );
        assert!(css.contains("h1{margin: 0;}"), "{css}");
        assert!(!css.contains(":root"), "{css}");
        assert!(!css.contains("prefers-color-scheme"), "{css}");
    }

    #[test]
    fn the_phone_layout_follows_the_element_and_the_dialogs_the_window() {
        let css = by_width("a { b: c; }\n@media (max-width: 640px) {\n  /* cards */\n  .gc-ports td { display: block; }\n  .gc-confirm[open] { inset: auto 0 0 0; }\n  .gc-popover::backdrop { background: none; }\n}\nh1 { margin: 0; }\n");
        assert_eq!(
            css,
            "a { b: c; }\n@container (max-width: 640px) {\n/* cards */\n  .gc-ports td { display: block; }\n}\n@media (max-width: 640px) {\n.gc-confirm[open] { inset: auto 0 0 0; }\n.gc-popover::backdrop { background: none; }\n}\n\nh1 { margin: 0; }\n"
        );
    }

    #[test]
    fn comments_and_unread_whitespace_go_strings_and_calc_stay() {
        let css = "/* top */\n.a  .b:hover {\n  width: calc(100% - 2px); /* a note */\n  content: \"  ;{ } /* not */ \\\" x\";\n}\n\n@media (max-width: 640px) {\n  .c { margin: 0 }\n}\n";
        assert_eq!(
            minified(css),
            ".a .b:hover{width: calc(100% - 2px);content: \"  ;{ } /* not */ \\\" x\";}@media (max-width: 640px){.c{margin: 0}}"
        );
    }

    #[test]
    fn a_panel_stylesheet_without_its_properties_is_refused() {
        assert!(from_panel("h1 { margin: 0 }").is_err());
    }

    #[test]
    fn the_panel_stylesheet_itself_converts() {
        let panel =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../style/main.css"))
                .unwrap();
        let css = from_panel(&panel).unwrap();
        assert!(
            css.contains("--gc-accent: var(--gamecloud-accent, light-dark("),
            "{css}"
        );
        assert!(css.contains("--gc-font: var(--gamecloud-font,"), "{css}");
        assert!(!css.contains("prefers-color-scheme"));
        assert!(css.contains("@container (max-width: 640px)"), "{css}");
        // The dialogs and popovers are laid out for the window.
        let media = &css[css.find("@media").expect("the top layer's rules")..];
        assert!(media.contains(".gc-confirm"), "{media}");
        assert!(
            !css.contains("@container (max-width: 640px){.gc-confirm"),
            "{css}"
        );
        assert!(!css.contains("/*"), "no comment is shipped");
    }
}
