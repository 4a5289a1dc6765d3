//! A text for a person to read, some of whose parts are secret (a token, a
//! hostname, an id): the panel masks those in presentation mode. The parts
//! are kept apart by their type, not by a character inside the text, so
//! nothing a label, a typed value or a service's answer holds can change
//! what is masked.

use std::fmt;

/// One run of a [`Text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Shown as it is.
    Plain(String),
    /// Masked while presenting.
    Secret(String),
}

/// Plain and secret runs, in reading order; two plain runs never follow
/// each other, and no run is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text(Vec<Part>);

impl Text {
    /// This text followed by `text`, shown as it is.
    pub fn plain(mut self, text: &str) -> Self {
        self.push_plain(text);
        self
    }

    /// This text followed by `text`, masked while presenting.
    pub fn secret(mut self, text: &str) -> Self {
        self.push_secret(text);
        self
    }

    /// Adds `text`, shown as it is.
    pub fn push_plain(&mut self, text: &str) {
        match self.0.last_mut() {
            _ if text.is_empty() => {}
            Some(Part::Plain(run)) => run.push_str(text),
            _ => self.0.push(Part::Plain(text.to_owned())),
        }
    }

    /// Adds `text`, masked while presenting.
    pub fn push_secret(&mut self, text: &str) {
        if !text.is_empty() {
            self.0.push(Part::Secret(text.to_owned()));
        }
    }

    /// Adds every run of `other`, each as it was.
    pub fn append(&mut self, other: Text) {
        for part in other.0 {
            match part {
                Part::Plain(run) => self.push_plain(&run),
                Part::Secret(run) => self.0.push(Part::Secret(run)),
            }
        }
    }

    /// The runs, in reading order.
    pub fn parts(&self) -> &[Part] {
        &self.0
    }

    /// The text before its first line break (a title, say), and the text
    /// after that break: the whole text and nothing when it has none. A
    /// break inside a secret run does not count.
    pub fn split_line(self) -> (Text, Text) {
        let mut first = Text::default();
        let mut parts = self.0.into_iter();
        while let Some(part) = parts.next() {
            match part {
                Part::Plain(run) => {
                    if let Some((before, after)) = run.split_once('\n') {
                        first.push_plain(before);
                        let mut rest = Text::default().plain(after);
                        rest.append(Text(parts.collect()));
                        return (first, rest);
                    }
                    first.push_plain(&run);
                }
                Part::Secret(run) => first.0.push(Part::Secret(run)),
            }
        }
        (first, Text::default())
    }
}

/// The whole text, as a screen reader reads it: every run, none masked.
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.0 {
            let (Part::Plain(run) | Part::Secret(run)) = part;
            f.write_str(run)?;
        }
        Ok(())
    }
}
