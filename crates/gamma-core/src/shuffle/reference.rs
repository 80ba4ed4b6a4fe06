//! The reference annotation that simulated annotators damage, with the statistics the errors
//! use (categories, prevalences, lengths).

use super::error::ShuffleError;
use crate::continuum::Continuum;
use crate::unit::Unit;

/// A reference annotation with the statistics the shuffling uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// Sorted by start.
    pub units: Vec<Unit>,
    /// Categories in alphabetical order.
    pub categories: Vec<String>,
    /// Share of each category among the units.
    pub prevalence: Vec<f64>,
    /// Mean, shortest and longest length of each category's units.
    pub lengths: Vec<(f64, f64, f64)>,
    /// Where false positives may go: `[0, end)`.
    pub end: f64,
}

impl Reference {
    /// The reference made of these units (at least one), with their statistics.
    pub fn new(mut units: Vec<Unit>) -> Result<Reference, ShuffleError> {
        if units.is_empty() {
            return Err(ShuffleError::EmptyReference);
        }
        units.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.end.total_cmp(&b.end)));
        let mut categories: Vec<String> = units.iter().map(|u| u.category.clone()).collect();
        categories.sort();
        categories.dedup();
        let mut counts = vec![0.0; categories.len()];
        let mut lengths = vec![(0.0, f64::INFINITY, 0.0_f64); categories.len()];
        for unit in &units {
            let c = categories.binary_search(&unit.category).expect("listed");
            counts[c] += 1.0;
            lengths[c].0 += unit.length();
            lengths[c].1 = lengths[c].1.min(unit.length());
            lengths[c].2 = lengths[c].2.max(unit.length());
        }
        for (c, count) in counts.iter().enumerate() {
            lengths[c].0 /= count;
        }
        let n = units.len() as f64;
        let end = units.iter().map(|u| u.end).fold(0.0, f64::max);
        Ok(Reference {
            prevalence: counts.iter().map(|c| c / n).collect(),
            units,
            categories,
            lengths,
            end,
        })
    }

    /// One annotator's units of a continuum as the reference.
    pub fn from_annotator(
        continuum: &Continuum,
        annotator: usize,
    ) -> Result<Reference, ShuffleError> {
        Reference::new(continuum.annotators[annotator].units.clone())
    }

    pub(super) fn category_index(&self, category: &str) -> usize {
        self.categories
            .binary_search(&category.to_string())
            .unwrap_or(0)
    }

    /// Positions are whole numbers (a text's characters).
    pub(super) fn whole(&self) -> bool {
        self.units
            .iter()
            .all(|u| u.start.fract() == 0.0 && u.end.fract() == 0.0)
    }
}
