//! The text the index searches: each build's name, tags and ids,
//! lower-cased once, in two halves searched apart.

use crate::model::BuildSummary;

/// Every build's name, tags and ids, lower-cased, in two halves searched
/// apart: the ids are most of the text, and a word with a character no id
/// holds (most words people type: ids are hex digits and dashes) is not
/// looked for in them.
pub(super) struct Text {
    /// Each build's name, then its tags (`key=value`): the name comes first,
    /// so it is also the name's sort text.
    pub(super) words: Half,
    /// Each build's build id and upload id.
    pub(super) ids: Half,
    /// Which bytes occur in the ids: a word with any other cannot be in one.
    id_bytes: [bool; 256],
}

/// The lower-cased text of each build: parts end with [`SEP`], builds with
/// [`END`].
pub(super) struct Half {
    text: String,
    /// Where each build's text starts in `text`, plus the end.
    starts: Vec<usize>,
}

/// Ends a part of a build's text.
const SEP: char = '\u{1}';
/// Ends a build's text.
const END: char = '\u{0}';

impl Text {
    pub(super) fn empty() -> Self {
        Text {
            words: Half::empty(),
            ids: Half::empty(),
            id_bytes: [false; 256],
        }
    }

    /// Adds the lower-cased text of `builds`, which follow the ones it holds.
    pub(super) fn extend(&mut self, builds: &[BuildSummary], lower: fn(&str) -> String) {
        let (mut words, mut ids) = (String::new(), String::new());
        for b in builds {
            push_searchable(&mut words, &b.display_name);
            words.push(SEP);
            for (k, v) in &b.tags {
                push_searchable(&mut words, k);
                words.push('=');
                push_searchable(&mut words, v);
                words.push(SEP);
            }
            words.push(END);
            for id in [&b.build_id, &b.upload_id] {
                push_searchable(&mut ids, id);
                ids.push(SEP);
            }
            ids.push(END);
        }
        self.words.push(lower_parts(words, lower));
        let ids = lower_parts(ids, lower);
        for b in ids.bytes() {
            self.id_bytes[usize::from(b)] = true;
        }
        self.ids.push(ids);
    }

    /// Whether `word` may be in an id: every byte of it occurs in them.
    pub(super) fn ids_may_hold(&self, word: &str) -> bool {
        word.bytes().all(|b| self.id_bytes[usize::from(b)])
    }

    /// The lower-cased name of build `i`.
    pub(super) fn name(&self, i: usize) -> &str {
        let h = self.words.haystack(i);
        let end = h.bytes().position(|b| b == SEP as u8).unwrap_or(h.len());
        h.get(..end).unwrap_or(h)
    }

    /// How many builds the text holds.
    pub(super) fn len(&self) -> usize {
        self.words.starts.len() - 1
    }
}

impl Half {
    fn empty() -> Self {
        Half {
            text: String::new(),
            starts: vec![0],
        }
    }

    /// Adds the text of the builds that follow the ones it holds.
    fn push(&mut self, text: String) {
        let base = self.text.len();
        self.starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == END as u8)
                .map(|(i, _)| base + i + 1),
        );
        self.text.push_str(&text);
    }

    /// Build `i`'s text.
    pub(super) fn haystack(&self, i: usize) -> &str {
        self.text
            .get(self.starts[i]..self.starts[i + 1])
            .unwrap_or_default()
    }

    /// Calls `found` with each of the first `n` builds whose text holds
    /// `word`, in order: one search through the text, its first match in
    /// each build (a word holds no separator, so a match never spans two
    /// builds). The build holding a match is found by walking forward,
    /// never by searching again; the search then goes on from the next
    /// build (a short word matches many times in one build).
    pub(super) fn each_holding(&self, word: &str, n: usize, found: &mut impl FnMut(usize)) {
        let (mut i, mut from) = (0, 0);
        while let Some(at) = self.text.get(from..).and_then(|t| t.find(word)) {
            let at = from + at;
            while i < n && self.starts[i + 1] <= at {
                i += 1;
            }
            if i >= n {
                break;
            }
            found(i);
            from = self.starts[i + 1];
        }
    }
}

/// Lower-cases `text`, whose parts each end with [`SEP`] or [`END`]: ASCII
/// parts in place, the parts that hold other text through `lower` in one
/// call (crossing into the browser costs far more than lower-casing ASCII,
/// and ids and most tags are ASCII). Mappings that depend on the context (a
/// final sigma) see the same context: the separators are not letters, so a
/// part lowers the same alone or among others.
fn lower_parts(mut text: String, lower: fn(&str) -> String) -> String {
    if text.is_ascii() {
        text.make_ascii_lowercase();
        return text;
    }
    let others: String = parts(&text).filter(|part| !part.is_ascii()).collect();
    let others = lower(&others);
    let mut others = parts(&others);
    let mut out = String::with_capacity(text.len());
    for part in parts(&text) {
        if part.is_ascii() {
            let at = out.len();
            out.push_str(part);
            out[at..].make_ascii_lowercase();
        } else {
            out.push_str(others.next().unwrap_or_default());
        }
    }
    out
}

/// The parts of `text`, each with the [`SEP`] or [`END`] that ends it. Found
/// by byte: both are ASCII, so each part is whole characters, and no
/// character is decoded on the way.
fn parts(text: &str) -> impl Iterator<Item = &str> {
    let mut from = 0;
    text.bytes()
        .enumerate()
        .filter(|&(_, b)| b == SEP as u8 || b == END as u8)
        .map(move |(at, _)| {
            let part = text.get(from..=at).unwrap_or_default();
            from = at + 1;
            part
        })
}

/// Text as it goes into the index: the separators cannot occur in it.
pub(super) fn push_searchable(out: &mut String, s: &str) {
    if s.bytes().any(|b| b == SEP as u8 || b == END as u8) {
        out.extend(
            s.chars()
                .map(|c| if c == SEP || c == END { ' ' } else { c }),
        );
    } else {
        out.push_str(s);
    }
}
