//! A mapping from a system's labels to the reference's, for systems whose label set differs
//! (a tagger trained on another scheme, an annotator working with an older guide).
//!
//! The file (read by the formats crate) has one `system_label,reference_label` line per label
//! (CSV: quote labels that hold
//! a comma); blank lines and lines starting with `#` are skipped, and a first line
//! `system_label,reference_label` is a header. Several system labels may map to one reference
//! label. An empty reference label drops the system's units of that label. System labels the
//! file does not name are kept as they are, and reported.

use std::collections::BTreeMap;

/// What becomes of a system label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mapped<'a> {
    /// The reference label it stands for.
    To(&'a str),
    /// The mapping drops units of this label (an empty reference label).
    Dropped,
    /// The mapping does not name it: kept as it is.
    Unmapped,
}

/// System label → reference label (or nothing, to drop the units).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LabelMapping {
    labels: BTreeMap<String, Option<String>>,
}

impl LabelMapping {
    /// A mapping from `(system label, reference label)` pairs; an empty reference label drops.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> LabelMapping {
        let labels = pairs
            .into_iter()
            .map(|(from, to)| (from.to_string(), (!to.is_empty()).then(|| to.to_string())))
            .collect();
        LabelMapping { labels }
    }

    /// What becomes of this system label.
    pub fn map(&self, label: &str) -> Mapped<'_> {
        match self.labels.get(label) {
            Some(Some(to)) => Mapped::To(to),
            Some(None) => Mapped::Dropped,
            None => Mapped::Unmapped,
        }
    }

    /// Number of system labels the mapping names.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether the mapping names no label.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}
