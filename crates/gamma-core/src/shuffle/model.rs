//! Statistical reference models: a reference annotation generated from unit counts, category
//! prevalences and length ranges, gaps and overlap (the paper's alternative to a real
//! reference).

use super::error::ShuffleError;
use super::reference::Reference;
use crate::sampler::sample_rng;
use crate::unit::Unit;
use rand::RngExt;

/// The most units a reference model may have.
pub const MAX_MODEL_UNITS: usize = 100_000;

/// The longest unit and the largest gap a reference model may have.
pub const MAX_MODEL_LENGTH: u32 = 1_000_000;

/// The furthest position a reference model may reach (units × (longest unit + largest gap)):
/// a unit of length 1 must stay at least 10⁻⁹ of its position long (see [`Unit::new`]).
pub(crate) const MAX_MODEL_EXTENT: u64 = 1_000_000_000;

/// About how many bytes a unit takes with its category and features (for the estimate).
const UNIT_BYTES: usize = 120;

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
/// the built-in ones: `resources/models/default.json` and `segmentation.json` are the built-in
/// models written out).
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

    /// The built-in model `segmentation`: pure segmentation as in the γ paper's §6.3.2 (and
    /// the 2012 paper's §4.1): 100 segments of one category, lengths 5–30, back to back from
    /// position 0 (no gap, no overlap), so that they cover the continuum.
    pub fn segmentation_model() -> ReferenceModel {
        ReferenceModel {
            units: 100,
            categories: vec![CategoryModel {
                name: "segment".into(),
                prevalence: 1.0,
                min_length: 5,
                max_length: 30,
            }],
            min_gap: 0,
            max_gap: 0,
            overlap: false,
        }
    }

    /// The names of the built-in models, in the order a user is offered them.
    pub const BUILT_IN: [&'static str; 2] = ["default", "segmentation"];

    /// The built-in model of that name (`default`, `segmentation`).
    pub fn built_in(name: &str) -> Option<ReferenceModel> {
        match name {
            "default" => Some(ReferenceModel::default_model()),
            "segmentation" => Some(ReferenceModel::segmentation_model()),
            _ => None,
        }
    }

    /// Whether the model can generate a reference of a sensible size: at least one unit and at
    /// most [`MAX_MODEL_UNITS`], categories with `1 ≤ min_length ≤ max_length ≤`
    /// [`MAX_MODEL_LENGTH`], `min_gap ≤ max_gap ≤` [`MAX_MODEL_LENGTH`], and prevalences finite,
    /// not negative, and not all 0. Every refusal gives the value and the allowed range.
    pub fn validate(&self) -> Result<(), ShuffleError> {
        let refuse = |message: String| Err(ShuffleError::Model(message));
        if self.categories.is_empty() {
            return refuse("a model needs at least one category".into());
        }
        if !(1..=MAX_MODEL_UNITS).contains(&self.units) {
            // 10⁷ units of 3 simulated annotators already need gigabytes and hours of γ.
            let bytes = self.units as f64 * 3.0 * (UNIT_BYTES as f64);
            return refuse(format!(
                "{} units: a model has from 1 to {MAX_MODEL_UNITS} units (that many would need \
                 about {:.1} GB for 3 simulated annotators)",
                self.units,
                bytes / 1e9
            ));
        }
        for c in &self.categories {
            if c.min_length == 0 || c.max_length < c.min_length || c.max_length > MAX_MODEL_LENGTH {
                return refuse(format!(
                    "category {:?}: lengths must satisfy 1 ≤ min_length ≤ max_length ≤ \
                     {MAX_MODEL_LENGTH} (found {} and {})",
                    c.name, c.min_length, c.max_length
                ));
            }
            if !(c.prevalence.is_finite() && (0.0..=1e6).contains(&c.prevalence)) {
                return refuse(format!(
                    "category {:?}: the prevalence must be a number from 0 to 1000000 (found {})",
                    c.name, c.prevalence
                ));
            }
        }
        if self.max_gap < self.min_gap || self.max_gap > MAX_MODEL_LENGTH {
            return refuse(format!(
                "gaps must satisfy min_gap ≤ max_gap ≤ {MAX_MODEL_LENGTH} (found {} and {})",
                self.min_gap, self.max_gap
            ));
        }
        let longest = self
            .categories
            .iter()
            .map(|c| c.max_length)
            .max()
            .unwrap_or(0);
        let extent =
            (self.units as u64).saturating_mul(u64::from(longest) + u64::from(self.max_gap));
        if extent > MAX_MODEL_EXTENT {
            return refuse(format!(
                "{} units of up to {longest} positions with gaps of up to {}: the text would reach \
                 position {extent}, at most {MAX_MODEL_EXTENT} are allowed (units × (max_length + \
                 max_gap))",
                self.units, self.max_gap
            ));
        }
        if self.categories.iter().map(|c| c.prevalence).sum::<f64>() <= 0.0 {
            return refuse("the prevalences sum to 0".into());
        }
        Ok(())
    }

    /// A reference drawn from the model (after [`validate`](Self::validate)).
    pub fn generate(&self, seed: u64) -> Result<Reference, ShuffleError> {
        self.validate()?;
        let total: f64 = self.categories.iter().map(|c| c.prevalence).sum();
        let mut rng = sample_rng(seed, u64::MAX);
        let mut units = Vec::with_capacity(self.units);
        // Positions stay below MAX_MODEL_EXTENT (validated): within a unit's range, no overflow.
        let mut position = 0u64;
        for _ in 0..self.units {
            let mut x: f64 = rng.random::<f64>() * total;
            let Some(category) = self
                .categories
                .iter()
                .find(|c| {
                    x -= c.prevalence;
                    x < 0.0
                })
                .or(self.categories.last())
            else {
                return Err(ShuffleError::Model(
                    "a model needs at least one category".into(),
                ));
            };
            let length = u64::from(rng.random_range(category.min_length..=category.max_length));
            let gap = u64::from(rng.random_range(self.min_gap..=self.max_gap));
            let start = if self.overlap && rng.random_bool(0.3) {
                position.saturating_sub(length / 2)
            } else {
                position + gap
            };
            let unit = Unit::new(start as f64, (start + length) as f64, category.name.clone())
                .map_err(|e| ShuffleError::Model(e.to_string()))?;
            position = position.max(start + length);
            units.push(unit);
        }
        Reference::new(units)
    }
}
