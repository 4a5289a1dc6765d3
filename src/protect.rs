//! Protected namespaces: the ones a studio marks so that no change reaches
//! them by accident. A protected namespace is left out of a change to
//! several namespaces unless ticked, and a change to it is applied only
//! after its name is typed. The panel suggests the mark for a namespace
//! whose label or id says prod, production or live.

/// Whether a namespace's label or id names production: one of its words
/// (letters and digits between any other characters) is `prod`,
/// `production` or `live`, in any case. `prod-eu` and `Live 2` do;
/// `product` and `delivery` do not.
pub fn looks_like_production(id: &str, label: &str) -> bool {
    [id, label].iter().any(|text| {
        text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
            ["prod", "production", "live"]
                .iter()
                .any(|p| w.eq_ignore_ascii_case(p))
        })
    })
}

/// What a person types to apply a change to protected namespaces: their
/// names (the label, or the id without one), joined by ", ".
pub fn phrase(names: &[(String, String)]) -> String {
    let names: Vec<&str> = names
        .iter()
        .map(|(id, label)| {
            if label.trim().is_empty() {
                id.trim()
            } else {
                label.trim()
            }
        })
        .collect();
    names.join(", ")
}

/// Whether `typed` is the `phrase`: spaces and the case of ASCII letters do
/// not count, so "PROD eu" and " prodeu " both confirm "Prod EU". (Other
/// letters must be typed as they are: Unicode's case tables cost the panel
/// 5.9 KB gzipped.)
pub fn confirms(typed: &str, phrase: &str) -> bool {
    let squeeze = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    squeeze(typed) == squeeze(phrase)
}

/// The marked ids as kept: one a line. Blank lines and repeats (ids
/// compared without case) are dropped. There is no bound: a mark is never
/// dropped to make room (each is one click, and a few dozen bytes).
pub fn parse(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for id in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        ids.retain(|x| !x.eq_ignore_ascii_case(id));
        ids.push(id.to_owned());
    }
    ids
}

/// Marks or unmarks `id` in `ids` (kept as [`parse`] reads them); whether
/// anything changed.
pub fn mark(ids: &mut Vec<String>, id: &str, on: bool) -> bool {
    let id = id.trim();
    let was = ids.iter().any(|x| x.eq_ignore_ascii_case(id));
    if id.is_empty() || was == on {
        return false;
    }
    ids.retain(|x| !x.eq_ignore_ascii_case(id));
    if on {
        ids.push(id.to_owned());
    }
    true
}

/// Whether `id` is among the marked ids as kept (one a line, [`parse`]),
/// compared without case.
pub fn is_marked(kept: &str, id: &str) -> bool {
    let id = id.trim();
    !id.is_empty() && kept.lines().any(|x| x.trim().eq_ignore_ascii_case(id))
}
