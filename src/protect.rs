//! Protected namespaces: the ones a studio marks so that no change reaches
//! them by accident. A protected namespace is left out of a change to
//! several namespaces unless ticked, and a change to it is applied only
//! after its name is typed. The panel suggests the mark for a namespace
//! whose label or id says prod, production or live.

use crate::ids::NamespaceId;

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
pub fn phrase(names: &[(NamespaceId, String)]) -> String {
    let names: Vec<&str> = names
        .iter()
        .map(|(id, label)| {
            if label.trim().is_empty() {
                id.as_str()
            } else {
                label.trim()
            }
        })
        .collect();
    names.join(", ")
}

/// Whether `typed` is the `phrase`: spaces and the case of ASCII letters do
/// not count, so "PROD eu" and " prodeu " both confirm "Prod EU". (Other
/// letters must be typed as they are, without Unicode's case tables:
/// docs/SIZE.md, size rule "ASCII case only".)
pub fn confirms(typed: &str, phrase: &str) -> bool {
    let squeeze = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    squeeze(typed) == squeeze(phrase)
}

/// The protected namespaces' ids ([`NamespaceId`]: one form, so that no
/// other spelling of a marked id passes for an unmarked one). Kept as text,
/// one id a line
/// ([`Marks::parse`], [`Marks::to_text`]). There is no bound: a mark is
/// never dropped to make room (each is one click, and a few dozen bytes).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks(Vec<NamespaceId>);

impl Marks {
    /// The marks as kept: ids put in their one form; blank lines, repeats
    /// and text that is no UUID dropped.
    pub fn parse(text: &str) -> Marks {
        let mut marks = Marks::default();
        for id in text.lines() {
            marks.set(&NamespaceId::new(id), true);
        }
        marks
    }

    /// One id a line, in the order marked.
    pub fn to_text(&self) -> String {
        let ids: Vec<&str> = self.0.iter().map(NamespaceId::as_str).collect();
        ids.join("\n")
    }

    /// Whether `id` is marked.
    pub fn has(&self, id: &NamespaceId) -> bool {
        !id.is_empty() && self.0.contains(id)
    }

    /// Marks or unmarks `id`; whether anything changed. Only a UUID is
    /// marked: other text names no namespace the service has.
    pub fn set(&mut self, id: &NamespaceId, on: bool) -> bool {
        if !id.is_uuid() || self.0.contains(id) == on {
            return false;
        }
        self.0.retain(|x| x != id);
        if on {
            self.0.push(id.clone());
        }
        true
    }

    /// The marked ids, in the order marked.
    pub fn ids(&self) -> &[NamespaceId] {
        &self.0
    }
}

/// The namespaces among `namespaces` whose names were typed in a
/// confirmation: a change is sent to a protected namespace only when it is
/// one of them, whatever was protected when the confirmation opened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Named(Vec<NamespaceId>);

impl Named {
    /// The namespaces whose names were typed.
    pub fn new(ids: &[NamespaceId]) -> Named {
        Named(ids.to_vec())
    }

    /// Whether a change may go to `id` now that `marks` are as they are:
    /// it is not protected, or its name was typed.
    pub fn allows(&self, marks: &Marks, id: &NamespaceId) -> bool {
        !marks.has(id) || self.0.contains(id)
    }
}
