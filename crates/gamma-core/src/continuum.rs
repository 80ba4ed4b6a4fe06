//! A continuum (paper §3.1): one source (a text, a recording) annotated by several annotators.
//!
//! Every annotator has a name and a list of units; an annotator may have no unit at all, and
//! still counts in the number of annotators `n` (it then disagrees with everybody). Units of
//! one annotator may overlap or embed each other, and duplicates are kept as two units (the
//! reference implementation merges them silently; we do not, because both were annotated).

use crate::relation::Relation;
use crate::unit::{InvalidUnit, Unit};
use std::collections::BTreeSet;

/// The units of one annotator, in the order they were read.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Annotator {
    /// The annotator's name, unique within a continuum.
    pub name: String,
    /// The annotator's units, possibly overlapping, possibly none.
    pub units: Vec<Unit>,
    /// This annotator's own text, when it differs from the continuum's (CorA files whose
    /// annotators corrected transcriptions or tokens): its units are positions in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_text: Option<String>,
    /// The annotator's relations between its units (discourse relations, links), when its
    /// format has them; γ does not measure them ([`crate::relations`] does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relations: Vec<Relation>,
}

/// One document annotated by several annotators.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Continuum {
    /// Name shown to the user (file name, document id).
    pub name: String,
    /// The annotated text, when there is one (Glozz `.ac`, rebuilt CorA text).
    pub text: Option<String>,
    /// The annotators, in the order they were added; their number is the paper's `n`.
    pub annotators: Vec<Annotator>,
}

impl Continuum {
    /// An empty continuum: no text, no annotator.
    pub fn new(name: impl Into<String>) -> Continuum {
        Continuum {
            name: name.into(),
            text: None,
            annotators: Vec::new(),
        }
    }

    /// Index of the annotator with this name, created (with no units) if it is new.
    pub(crate) fn annotator_index(&mut self, name: &str) -> usize {
        match self.annotators.iter().position(|a| a.name == name) {
            Some(index) => index,
            None => {
                self.annotators.push(Annotator {
                    name: name.to_string(),
                    units: Vec::new(),
                    own_text: None,
                    relations: Vec::new(),
                });
                self.annotators.len() - 1
            }
        }
    }

    /// Adds an annotator with no units (it still counts as one of the `n` annotators).
    pub fn add_annotator(&mut self, name: &str) -> usize {
        self.annotator_index(name)
    }

    /// Adds a unit to the named annotator (created if new); returns the annotator's index.
    pub fn add_unit(&mut self, annotator: &str, unit: Unit) -> usize {
        let index = self.annotator_index(annotator);
        self.annotators[index].units.push(unit);
        index
    }

    /// Convenience for tests and generated data: validates the span first.
    pub fn add(
        &mut self,
        annotator: &str,
        start: f64,
        end: f64,
        category: &str,
    ) -> Result<(), InvalidUnit> {
        self.add_unit(annotator, Unit::new(start, end, category)?);
        Ok(())
    }

    /// The text the units of annotator `index` are positions in.
    pub fn text_of(&self, index: usize) -> Option<&str> {
        self.annotators[index]
            .own_text
            .as_deref()
            .or(self.text.as_deref())
    }

    /// The text a unit of annotator `index` covers, when there is a text.
    pub fn covered_text(&self, index: usize, unit: &Unit) -> Option<String> {
        let start = unit.start.max(0.0) as usize;
        let length = (unit.end - unit.start).max(0.0) as usize;
        self.text_of(index)
            .map(|text| text.chars().skip(start).take(length).collect())
    }

    /// The number of annotators `n`, those with no unit included.
    pub fn n_annotators(&self) -> usize {
        self.annotators.len()
    }

    /// The number of units of all annotators.
    pub fn n_units(&self) -> usize {
        self.annotators.iter().map(|a| a.units.len()).sum()
    }

    /// Every unit with its annotator's index, annotator by annotator.
    pub fn units(&self) -> impl Iterator<Item = (usize, &Unit)> {
        self.annotators
            .iter()
            .enumerate()
            .flat_map(|(a, annotator)| annotator.units.iter().map(move |u| (a, u)))
    }

    /// The annotators' names, in the continuum's order.
    pub fn annotator_names(&self) -> Vec<String> {
        self.annotators.iter().map(|a| a.name.clone()).collect()
    }

    /// The categories used, in alphabetical order (the order category matrices use).
    pub fn categories(&self) -> Vec<String> {
        let set: BTreeSet<&str> = self.units().map(|(_, u)| u.category.as_str()).collect();
        set.into_iter().map(str::to_string).collect()
    }

    /// The extent of the continuum: [0, text length] when the text is known, otherwise
    /// [min(0, first start), last end] (positions are offsets from the beginning).
    pub fn bounds(&self) -> (f64, f64) {
        let mut low: f64 = 0.0;
        let mut high: f64 = self
            .text
            .as_ref()
            .map(|t| t.chars().count() as f64)
            .unwrap_or(0.0);
        for (_, unit) in self.units() {
            low = low.min(unit.start);
            high = high.max(unit.end);
        }
        (low, high)
    }

    /// A copy keeping only units whose category passes `keep` (annotators are all kept).
    pub fn filter_categories(&self, keep: impl Fn(&str) -> bool) -> Continuum {
        let mut out = self.clone();
        for annotator in &mut out.annotators {
            annotator.units.retain(|u| keep(&u.category));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_kept_and_empty_annotators_count() {
        let mut c = Continuum::new("doc");
        c.add("A", 0.0, 10.0, "x").unwrap();
        c.add("A", 0.0, 10.0, "x").unwrap();
        c.add_annotator("B");
        assert_eq!(c.n_units(), 2);
        assert_eq!(c.n_annotators(), 2);
        assert_eq!(c.bounds(), (0.0, 10.0));
    }

    #[test]
    fn categories_are_sorted_alphabetically() {
        let mut c = Continuum::new("doc");
        c.add("A", 0.0, 1.0, "noun").unwrap();
        c.add("B", 0.0, 1.0, "adj").unwrap();
        c.add("B", 2.0, 3.0, "noun").unwrap();
        assert_eq!(c.categories(), vec!["adj".to_string(), "noun".to_string()]);
    }
}
