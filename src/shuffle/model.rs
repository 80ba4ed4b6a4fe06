//! Statistical reference models: a reference annotation generated from unit counts, category
//! prevalences and length ranges, gaps and overlap (the paper's alternative to a real
//! reference).

use super::error::ShuffleError;
use super::reference::Reference;
use crate::sampler::sample_rng;
use crate::unit::Unit;
use rand::RngExt;

/// A category of a statistical reference model.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CategoryModel {
    /// The category's name.
    pub name: String,
    /// Relative frequency (normalised over the categories).
    pub prevalence: f64,
    /// Shortest unit (lengths are uniform in the range).
    pub min_length: u32,
    /// Longest unit.
    pub max_length: u32,
}

/// A statistical model of a reference annotation (a JSON file with these fields can replace
/// the built-in one: `resources/models/default.json` is the built-in model written out).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceModel {
    /// How many units the reference has.
    pub units: usize,
    /// The categories, with prevalences and length ranges.
    pub categories: Vec<CategoryModel>,
    /// Gap between consecutive units (uniform in this range, positions are integers).
    pub min_gap: u32,
    /// Largest gap between consecutive units.
    pub max_gap: u32,
    /// Whether a unit may start before the previous one ends (by up to half its length).
    pub overlap: bool,
}

impl ReferenceModel {
    /// The built-in model `default`: 100 units, no overlap, four categories with the unequal
    /// prevalences of the paper's Table 1 (B), lengths 5–30.
    pub fn default_model() -> ReferenceModel {
        let category =
            |name: &str, prevalence: f64, min_length: u32, max_length: u32| CategoryModel {
                name: name.into(),
                prevalence,
                min_length,
                max_length,
            };
        ReferenceModel {
            units: 100,
            categories: vec![
                category("Noun", 0.27, 5, 20),
                category("Verb", 0.09, 5, 15),
                category("Adj", 0.18, 5, 25),
                category("Prep", 0.45, 5, 30),
            ],
            min_gap: 0,
            max_gap: 20,
            overlap: false,
        }
    }

    /// A reference drawn from the model.
    pub fn generate(&self, seed: u64) -> Result<Reference, ShuffleError> {
        if self.categories.is_empty() || self.units == 0 {
            return Err(ShuffleError::Model(
                "a model needs units and categories".into(),
            ));
        }
        if let Some(c) = self
            .categories
            .iter()
            .find(|c| c.min_length == 0 || c.max_length < c.min_length)
        {
            return Err(ShuffleError::Model(format!(
                "category {:?}: lengths must satisfy 1 ≤ min_length ≤ max_length (found {} and {})",
                c.name, c.min_length, c.max_length
            )));
        }
        if self.max_gap < self.min_gap {
            return Err(ShuffleError::Model(format!(
                "max_gap {} is below min_gap {}",
                self.max_gap, self.min_gap
            )));
        }
        let total: f64 = self.categories.iter().map(|c| c.prevalence.max(0.0)).sum();
        if total <= 0.0 {
            return Err(ShuffleError::Model("the prevalences sum to 0".into()));
        }
        let mut rng = sample_rng(seed, u64::MAX);
        let mut units = Vec::with_capacity(self.units);
        let mut position = 0u32;
        for _ in 0..self.units {
            let mut x: f64 = rng.random::<f64>() * total;
            let category = self
                .categories
                .iter()
                .find(|c| {
                    x -= c.prevalence.max(0.0);
                    x < 0.0
                })
                .unwrap_or(&self.categories[self.categories.len() - 1]);
            let length = rng.random_range(
                category.min_length.max(1)..=category.max_length.max(category.min_length.max(1)),
            );
            let gap = rng.random_range(self.min_gap..=self.max_gap.max(self.min_gap));
            let start = if self.overlap && rng.random_bool(0.3) {
                position.saturating_sub(length / 2)
            } else {
                position + gap
            };
            let unit = Unit::new(start as f64, (start + length) as f64, category.name.clone())
                .expect("length ≥ 1");
            position = position.max(start + length);
            units.push(unit);
        }
        Reference::new(units)
    }
}
