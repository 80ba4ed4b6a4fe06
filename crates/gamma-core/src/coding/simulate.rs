//! Simulated coding studies, for the coverage benchmarks and tests: a latent-class model in
//! which each item has a true label drawn from `prevalences`, and each coder gives it with
//! probability `accuracy`, else a label drawn from the prevalences again (an honest guess); a
//! rating is missing with probability `missing`. Labels are the numbers `1..=q`, so the
//! interval distance applies. Seeded: the same arguments give the same study.

use super::{CodingStudy, StudyBuilder};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The model of a simulated study.
#[derive(Debug, Clone, PartialEq)]
pub struct LatentClassModel {
    /// How often each label is the truth (need not sum to 1).
    pub prevalences: Vec<f64>,
    /// The number of coders.
    pub coders: usize,
    /// The probability that a coder gives the true label.
    pub accuracy: f64,
    /// The probability that a rating is missing.
    pub missing: f64,
}

fn draw(rng: &mut ChaCha8Rng, cumulative: &[f64]) -> usize {
    let x = rng.random_range(0.0..*cumulative.last().unwrap_or(&1.0));
    cumulative
        .partition_point(|&c| c <= x)
        .min(cumulative.len() - 1)
}

impl LatentClassModel {
    /// `items` items drawn from the model with `seed`.
    pub fn study(&self, items: usize, seed: u64) -> CodingStudy {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let cumulative: Vec<f64> = (self.prevalences.iter())
            .scan(0.0, |sum, p| {
                *sum += p;
                Some(*sum)
            })
            .collect();
        let mut builder = StudyBuilder::new("simulated");
        let coders: Vec<String> = (1..=self.coders).map(|c| format!("c{c}")).collect();
        for coder in &coders {
            builder.coder(coder).expect("a name");
        }
        for i in 0..items {
            let item = (i + 1).to_string();
            builder.item(&item).expect("a name");
            let truth = draw(&mut rng, &cumulative);
            for coder in &coders {
                let label = if rng.random_bool(self.accuracy.clamp(0.0, 1.0)) {
                    truth
                } else {
                    draw(&mut rng, &cumulative)
                };
                if !rng.random_bool(self.missing.clamp(0.0, 1.0)) {
                    builder
                        .rate(&item, coder, &(label + 1).to_string())
                        .expect("one label per coder");
                }
            }
        }
        let mut study = builder.build();
        let order: Vec<String> = (1..=self.prevalences.len())
            .map(|k| k.to_string())
            .collect();
        // Every label in its place, used or not (a label no coder drew still counts for S, AC1).
        study.set_category_order(&order).expect("the labels 1..=q");
        study
    }
}
