//! One row per coding study, for a campaign's dashboard (a folder of tables): its size, its
//! missing ratings, its disagreements and the chosen coefficients.

use super::{CodingStudy, CoefficientChoice};
use crate::coefficients::CoefficientError;

/// A coding study in one row.
#[derive(Debug, Clone, PartialEq)]
pub struct StudySummary {
    /// The study's name.
    pub name: String,
    /// Items.
    pub items: usize,
    /// Coders.
    pub coders: usize,
    /// Categories (label values).
    pub categories: usize,
    /// Ratings given.
    pub ratings: usize,
    /// Share of the item × coder cells with no rating.
    pub missing_share: f64,
    /// Items whose coders did not all agree.
    pub disagreements: usize,
    /// Each chosen coefficient: its name and value, or why it is undefined.
    pub values: Vec<(String, Result<f64, CoefficientError>)>,
}

impl CodingStudy {
    /// The study's dashboard row with the coefficients `choices`.
    pub fn summary(&self, choices: &[CoefficientChoice]) -> StudySummary {
        let cells = self.n_items() * self.coders.len();
        let ratings = self.n_ratings();
        StudySummary {
            name: self.name.clone(),
            items: self.n_items(),
            coders: self.coders.len(),
            categories: self.codings.categories.len(),
            ratings,
            missing_share: if cells == 0 {
                0.0
            } else {
                (cells - ratings) as f64 / cells as f64
            },
            disagreements: (0..self.n_items())
                .filter(|&i| self.is_disagreement(i))
                .count(),
            values: (choices.iter())
                .map(|c| (c.name(), c.evaluate(self).map(|v| v.value)))
                .collect(),
        }
    }
}
