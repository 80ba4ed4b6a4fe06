//! The Corpus Shuffling Tool (Mathet, Widlöcher, Fort et al. 2012, seed 004; used in the γ
//! paper §6.3): simulated annotators made from a reference annotation by errors of a chosen
//! kind and magnitude `m ∈ [0, 1]`, and sweeps of `m` that show how a measure responds.
//!
//! Error kinds (§3.3 of the paper), for one simulated annotator:
//! - **shift**: each boundary moves by a uniform amount in `[−maxlat, maxlat]`,
//!   `maxlat = mean length of the unit's category · m · x` (x = 2); a variant keeps units from
//!   overlapping their neighbours;
//! - **false negative**: each unit is dropped with probability `m`;
//! - **false positive**: `round(m · x · N)` units are added (x = 1), with the reference's
//!   category prevalences and per-category length ranges, at uniform positions;
//! - **split**: `round(N · x · m)` times (x = 1) a random unit (fragments included) is cut at
//!   a random inner point;
//! - **category**: each unit's category is redrawn from a confusion matrix interpolated
//!   between the perfect matrix A (m = 0) and the worst, B (the reference's prevalences) or C
//!   (uniform) at m = 1; with overlapping, the matrix D of confusions between "friendly"
//!   categories gets the weight `m·(1 − m)` (zero at both ends, largest at m = ½: the paper's
//!   Figure 1 did not survive, this is our reading of it), taken from the worst matrix's share,
//!   so that the expected accuracy still falls monotonically;
//! - **combination**: several kinds applied in order, each with magnitude `m / n`.
//!
//! Everything is seeded: annotator `a` of set `s` at magnitude step `i` uses its own ChaCha
//! stream of the seed, so sweeps are repeatable and independent of the number of threads.

use crate::coefficients::{self, Distance};
use crate::continuum::{Annotator, Continuum};
use crate::gamma::{GammaOptions, RunControl, SampleCount};
use crate::sampler::sample_rng;
use crate::unit::Unit;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// A category of a statistical reference model.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CategoryModel {
    pub name: String,
    /// Relative frequency (normalised over the categories).
    pub prevalence: f64,
    pub min_length: u32,
    pub max_length: u32,
}

/// A statistical model of a reference annotation (a JSON file with these fields can replace
/// the built-in one: `resources/models/default.json` is the built-in model written out).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceModel {
    pub units: usize,
    pub categories: Vec<CategoryModel>,
    /// Gap between consecutive units (uniform in this range, positions are integers).
    pub min_gap: u32,
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

/// Why a shuffle cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShuffleError {
    #[error("the reference has no unit")]
    EmptyReference,
    #[error("reference model: {0}")]
    Model(String),
    #[error(
        "unknown error kind {0:?} (shift, shift-no-overlap, false-negative, false-positive, split, category, category-prevalence, category-overlap, category-prevalence-overlap)"
    )]
    UnknownError(String),
    #[error("magnitude {0} is not between 0 and 1")]
    Magnitude(f64),
    #[error(
        "unknown measure {0:?} (gamma, kappa, pi, alpha, percentage, alpha_u, cu_alpha, ser, windowdiff, pk, ghd)"
    )]
    UnknownMeasure(String),
    #[error("cancelled")]
    Cancelled,
}

impl Reference {
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

    fn category_index(&self, category: &str) -> usize {
        self.categories
            .binary_search(&category.to_string())
            .unwrap_or(0)
    }

    /// Positions are whole numbers (a text's characters).
    fn whole(&self) -> bool {
        self.units
            .iter()
            .all(|u| u.start.fract() == 0.0 && u.end.fract() == 0.0)
    }
}

/// A kind of annotation error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Shift { keep_apart: bool },
    FalseNegative,
    FalsePositive,
    Split,
    Category { prevalence: bool, overlapping: bool },
}

impl ErrorKind {
    pub const ALL: [ErrorKind; 9] = [
        ErrorKind::Shift { keep_apart: false },
        ErrorKind::Shift { keep_apart: true },
        ErrorKind::FalseNegative,
        ErrorKind::FalsePositive,
        ErrorKind::Split,
        ErrorKind::Category {
            prevalence: false,
            overlapping: false,
        },
        ErrorKind::Category {
            prevalence: true,
            overlapping: false,
        },
        ErrorKind::Category {
            prevalence: false,
            overlapping: true,
        },
        ErrorKind::Category {
            prevalence: true,
            overlapping: true,
        },
    ];

    /// The kinds a calibration sweeps unless told otherwise: one of each family.
    pub const CALIBRATION: [ErrorKind; 5] = [
        ErrorKind::Shift { keep_apart: false },
        ErrorKind::FalseNegative,
        ErrorKind::FalsePositive,
        ErrorKind::Split,
        ErrorKind::Category {
            prevalence: false,
            overlapping: false,
        },
    ];

    /// The errors in a report's words ("annotators making … of magnitude m").
    pub fn description(self) -> &'static str {
        match self {
            ErrorKind::Shift { keep_apart: false } => "positional errors",
            ErrorKind::Shift { keep_apart: true } => "positional errors that keep units apart",
            ErrorKind::FalseNegative => "missed units",
            ErrorKind::FalsePositive => "extra units",
            ErrorKind::Split => "split units",
            ErrorKind::Category {
                prevalence: false,
                overlapping: false,
            } => "category errors",
            ErrorKind::Category {
                prevalence: true,
                overlapping: false,
            } => "category errors following the prevalences",
            ErrorKind::Category {
                prevalence: false,
                overlapping: true,
            } => "category errors between close categories",
            ErrorKind::Category {
                prevalence: true,
                overlapping: true,
            } => "category errors between close categories, following the prevalences",
        }
    }
}

impl std::str::FromStr for ErrorKind {
    type Err = ShuffleError;
    fn from_str(s: &str) -> Result<ErrorKind, ShuffleError> {
        Ok(match s.trim() {
            "shift" => ErrorKind::Shift { keep_apart: false },
            "shift-no-overlap" => ErrorKind::Shift { keep_apart: true },
            "false-negative" | "fn" => ErrorKind::FalseNegative,
            "false-positive" | "fp" => ErrorKind::FalsePositive,
            "split" => ErrorKind::Split,
            "category" => ErrorKind::Category {
                prevalence: false,
                overlapping: false,
            },
            "category-prevalence" => ErrorKind::Category {
                prevalence: true,
                overlapping: false,
            },
            "category-overlap" => ErrorKind::Category {
                prevalence: false,
                overlapping: true,
            },
            "category-prevalence-overlap" => ErrorKind::Category {
                prevalence: true,
                overlapping: true,
            },
            other => return Err(ShuffleError::UnknownError(other.into())),
        })
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ErrorKind::Shift { keep_apart: false } => "shift",
            ErrorKind::Shift { keep_apart: true } => "shift-no-overlap",
            ErrorKind::FalseNegative => "false-negative",
            ErrorKind::FalsePositive => "false-positive",
            ErrorKind::Split => "split",
            ErrorKind::Category {
                prevalence: false,
                overlapping: false,
            } => "category",
            ErrorKind::Category {
                prevalence: true,
                overlapping: false,
            } => "category-prevalence",
            ErrorKind::Category {
                prevalence: false,
                overlapping: true,
            } => "category-overlap",
            ErrorKind::Category {
                prevalence: true,
                overlapping: true,
            } => "category-prevalence-overlap",
        })
    }
}

/// The `x` factors of the paper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Factors {
    pub shift: f64,
    pub false_positive: f64,
    pub split: f64,
}

impl Default for Factors {
    fn default() -> Self {
        Factors {
            shift: 2.0,
            false_positive: 1.0,
            split: 1.0,
        }
    }
}

/// The paper's Table 1 matrix D (overlapping), for four categories, in percent.
const OVERLAPPING_4: [[f64; 4]; 4] = [
    [0.0, 80.0, 15.0, 5.0],
    [80.0, 0.0, 0.0, 20.0],
    [15.0, 10.0, 0.0, 75.0],
    [5.0, 20.0, 75.0, 0.0],
];

/// The confusion matrix at magnitude `m`: row = reference category, column = chosen one.
pub fn confusion_matrix(
    reference: &Reference,
    magnitude: f64,
    prevalence: bool,
    overlapping: bool,
) -> Vec<Vec<f64>> {
    let k = reference.categories.len();
    let worst = |_: usize, b: usize| {
        if prevalence {
            reference.prevalence[b]
        } else {
            1.0 / k as f64
        }
    };
    let friendly = |a: usize, b: usize| -> f64 {
        if k == 4 {
            OVERLAPPING_4[a][b] / 100.0
        } else if k == 1 {
            1.0
        } else {
            // Mistakes go to the neighbours in alphabetical order.
            let next = (a + 1) % k;
            let previous = (a + k - 1) % k;
            if next == previous {
                f64::from(u8::from(b == next))
            } else {
                0.5 * f64::from(u8::from(b == next)) + 0.5 * f64::from(u8::from(b == previous))
            }
        }
    };
    let m = magnitude;
    let w_friendly = if overlapping { m * (1.0 - m) } else { 0.0 };
    let w_worst = m - w_friendly;
    let w_perfect = 1.0 - m;
    (0..k)
        .map(|a| {
            (0..k)
                .map(|b| {
                    w_perfect * f64::from(u8::from(a == b))
                        + w_worst * worst(a, b)
                        + w_friendly * friendly(a, b)
                })
                .collect()
        })
        .collect()
}

fn uniform(rng: &mut ChaCha8Rng, low: f64, high: f64) -> f64 {
    if high <= low {
        low
    } else {
        low + rng.random::<f64>() * (high - low)
    }
}

/// One simulated annotator: the reference damaged by `errors` at magnitude `m`.
pub fn damage(
    reference: &Reference,
    errors: &[ErrorKind],
    magnitude: f64,
    factors: &Factors,
    rng: &mut ChaCha8Rng,
) -> Vec<Unit> {
    let whole = reference.whole();
    let round = |x: f64| if whole { x.round() } else { x };
    let step = if errors.is_empty() {
        0.0
    } else {
        magnitude / errors.len() as f64
    };
    let mut units = reference.units.clone();
    for error in errors {
        let m = step;
        match *error {
            ErrorKind::FalseNegative => units.retain(|_| !rng.random_bool(m.clamp(0.0, 1.0))),
            ErrorKind::FalsePositive => {
                let count =
                    (m * factors.false_positive * reference.units.len() as f64).round() as usize;
                for _ in 0..count {
                    let mut x: f64 = rng.random();
                    let c = reference
                        .prevalence
                        .iter()
                        .position(|p| {
                            x -= p;
                            x < 0.0
                        })
                        .unwrap_or(reference.categories.len() - 1);
                    let (_, shortest, longest) = reference.lengths[c];
                    let length =
                        round(uniform(rng, shortest, longest)).max(if whole { 1.0 } else { 1e-9 });
                    let start = round(uniform(rng, 0.0, (reference.end - length).max(0.0)));
                    units.push(
                        Unit::new(start, start + length, reference.categories[c].clone())
                            .expect("positive length"),
                    );
                }
            }
            ErrorKind::Split => {
                let count = (reference.units.len() as f64 * factors.split * m).round() as usize;
                for _ in 0..count {
                    if units.is_empty() {
                        break;
                    }
                    let i = rng.random_range(0..units.len());
                    let unit = units[i].clone();
                    let (low, high) = if whole {
                        (unit.start + 1.0, unit.end - 1.0)
                    } else {
                        (unit.start, unit.end)
                    };
                    if high < low || unit.length() < if whole { 2.0 } else { 1e-9 } {
                        continue;
                    }
                    let at = round(uniform(rng, low, high));
                    if at <= unit.start || at >= unit.end {
                        continue;
                    }
                    let mut right = unit.clone();
                    right.start = at;
                    units[i].end = at;
                    units.insert(i + 1, right);
                }
            }
            ErrorKind::Shift { keep_apart } => {
                units.sort_by(|a, b| a.start.total_cmp(&b.start));
                let originals = units.clone();
                let mut previous_end = f64::NEG_INFINITY;
                for (i, unit) in units.iter_mut().enumerate() {
                    let mean = reference.lengths[reference.category_index(&unit.category)].0;
                    let latitude = mean * m * factors.shift;
                    let mut start = round(unit.start + uniform(rng, -latitude, latitude)).max(0.0);
                    let mut end = round(unit.end + uniform(rng, -latitude, latitude));
                    if keep_apart {
                        start = start.max(previous_end);
                        if let Some(next) = originals.get(i + 1) {
                            end = end.min(next.start);
                        }
                    }
                    if end <= start {
                        // Too squeezed: keep the unit where it was (or just after its neighbour).
                        start = unit.start.max(if keep_apart { previous_end } else { 0.0 });
                        end = unit.end.max(start + if whole { 1.0 } else { 1e-9 });
                    }
                    unit.start = start;
                    unit.end = end;
                    previous_end = end;
                }
            }
            ErrorKind::Category {
                prevalence,
                overlapping,
            } => {
                let matrix = confusion_matrix(reference, m, prevalence, overlapping);
                for unit in &mut units {
                    let row = &matrix[reference.category_index(&unit.category)];
                    let mut x: f64 = rng.random::<f64>() * row.iter().sum::<f64>();
                    let chosen = row
                        .iter()
                        .position(|p| {
                            x -= p;
                            x < 0.0
                        })
                        .unwrap_or(row.len() - 1);
                    unit.category = reference.categories[chosen].clone();
                }
            }
        }
    }
    units.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.end.total_cmp(&b.end)));
    units
}

/// `annotators` simulated annotators at magnitude `m` (set `set` of a run seeded with
/// `seed`): a continuum named after the errors and the magnitude.
#[allow(clippy::too_many_arguments)]
pub fn shuffle(
    reference: &Reference,
    errors: &[ErrorKind],
    magnitude: f64,
    annotators: usize,
    factors: &Factors,
    seed: u64,
    set: u64,
) -> Result<Continuum, ShuffleError> {
    if !(0.0..=1.0).contains(&magnitude) {
        return Err(ShuffleError::Magnitude(magnitude));
    }
    let step = (magnitude * 1e6).round() as u64;
    let annotators = (0..annotators)
        .map(|a| {
            let stream = (step << 32) ^ (set << 12) ^ a as u64;
            let mut rng = sample_rng(seed, stream);
            Annotator {
                name: format!("annotator{}", a + 1),
                units: damage(reference, errors, magnitude, factors, &mut rng),
                own_text: None,
            }
        })
        .collect();
    let names: Vec<String> = errors.iter().map(ErrorKind::to_string).collect();
    Ok(Continuum {
        name: format!("{} m={magnitude}", names.join("+")),
        text: None,
        annotators,
    })
}

/// A measure a sweep computes: γ, the classic coefficients on the discretized annotations
/// (κd and its relatives), and the measures made for spans that the γ paper compares with it
/// (§6.1, §6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Gamma,
    /// Multi-κ of the discretized annotations (each position an item): κd.
    Kappa,
    /// Multi-π of the discretized annotations.
    Pi,
    /// Nominal Krippendorff α of the discretized annotations.
    Alpha,
    /// Percentage agreement of the discretized annotations.
    Percentage,
    /// Krippendorff's α_U (undefined where an annotator's units of a category overlap).
    AlphaU,
    /// Krippendorff's c|uα, nominal categories.
    CuAlpha,
    /// 1 − Slot Error Rate, averaged over ordered pairs of annotators.
    Ser,
    /// 1 − WindowDiff, averaged over ordered pairs of annotators.
    WindowDiff,
    /// 1 − Pk, averaged over ordered pairs of annotators.
    Pk,
    /// 1 − the normalised Generalized Hamming Distance, averaged over ordered pairs.
    Ghd,
}

impl Measure {
    pub const ALL: [Measure; 11] = [
        Measure::Gamma,
        Measure::Kappa,
        Measure::Pi,
        Measure::Alpha,
        Measure::Percentage,
        Measure::AlphaU,
        Measure::CuAlpha,
        Measure::Ser,
        Measure::WindowDiff,
        Measure::Pk,
        Measure::Ghd,
    ];
}

impl std::str::FromStr for Measure {
    type Err = ShuffleError;
    fn from_str(s: &str) -> Result<Measure, ShuffleError> {
        let wanted = s.trim().to_lowercase();
        let alias = match wanted.as_str() {
            "kappa_d" | "kd" => "kappa",
            "ualpha" | "alphau" => "alpha_u",
            "c|ualpha" | "cualpha" => "cu_alpha",
            "wd" => "windowdiff",
            other => other,
        };
        Measure::ALL
            .into_iter()
            .find(|m| m.name() == alias)
            .ok_or_else(|| ShuffleError::UnknownMeasure(s.trim().into()))
    }
}

impl Measure {
    /// The name on the command line and in CSV headers.
    pub fn name(self) -> &'static str {
        match self {
            Measure::Gamma => "gamma",
            Measure::Kappa => "kappa",
            Measure::Pi => "pi",
            Measure::Alpha => "alpha",
            Measure::Percentage => "percentage",
            Measure::AlphaU => "alpha_u",
            Measure::CuAlpha => "cu_alpha",
            Measure::Ser => "ser",
            Measure::WindowDiff => "windowdiff",
            Measure::Pk => "pk",
            Measure::Ghd => "ghd",
        }
    }

    /// The name in plots and reports.
    pub fn label(self) -> &'static str {
        match self {
            Measure::Gamma => "γ",
            Measure::Kappa => "κd",
            Measure::Pi => "πd",
            Measure::Alpha => "αd",
            Measure::Percentage => "% agreement (discretized)",
            Measure::AlphaU => "α_U",
            Measure::CuAlpha => "c|uα",
            Measure::Ser => "1 − SER",
            Measure::WindowDiff => "1 − WindowDiff",
            Measure::Pk => "1 − Pk",
            Measure::Ghd => "1 − GHD",
        }
    }

    /// The measure of one continuum over `[0, end)`, or why it is undefined there.
    pub fn evaluate(
        self,
        continuum: &Continuum,
        end: f64,
        gamma_options: &GammaOptions,
    ) -> Result<f64, String> {
        self.evaluate_sharing(continuum, end, gamma_options, &std::cell::OnceCell::new())
    }

    /// Several measures of one continuum: the discretized annotations that κd, πd, αd and the
    /// percentage share are built once.
    pub fn evaluate_all(
        measures: &[Measure],
        continuum: &Continuum,
        end: f64,
        gamma_options: &GammaOptions,
    ) -> Vec<Result<f64, String>> {
        let discretized = std::cell::OnceCell::new();
        measures
            .iter()
            .map(|m| m.evaluate_sharing(continuum, end, gamma_options, &discretized))
            .collect()
    }

    fn evaluate_sharing(
        self,
        continuum: &Continuum,
        end: f64,
        gamma_options: &GammaOptions,
        discretized: &std::cell::OnceCell<coefficients::Codings>,
    ) -> Result<f64, String> {
        use coefficients::segmentation::{SegmentationDistance, segmentation_agreement};
        let discretized =
            || discretized.get_or_init(|| coefficients::discretize(continuum, 0.0, end));
        let text = |e: &dyn std::fmt::Display| e.to_string();
        let no_unit = || "no annotator has a unit".to_string();
        let value = match self {
            Measure::Gamma => crate::gamma(continuum, gamma_options, RunControl::default())
                .map(|r| r.gamma)
                .map_err(|e| text(&e)),
            Measure::Kappa => discretized().multi_kappa().map_err(|e| text(&e)),
            Measure::Pi => discretized().multi_pi().map_err(|e| text(&e)),
            Measure::Alpha => discretized()
                .krippendorff_alpha(&Distance::Nominal)
                .map_err(|e| text(&e)),
            Measure::Percentage => discretized().percentage_agreement().map_err(|e| text(&e)),
            Measure::AlphaU => coefficients::unitizing::alpha_u(continuum, 0.0, end)
                .map_err(|e| text(&e))
                .and_then(|a| {
                    a.alpha()
                        .ok_or_else(|| "the expected disagreement is 0".to_string())
                }),
            Measure::CuAlpha => coefficients::unitizing::cu_alpha(continuum, &Distance::Nominal)
                .map_err(|e| text(&e)),
            Measure::Ser => {
                coefficients::slot_error_rate::ser_agreement(continuum).ok_or_else(no_unit)
            }
            Measure::WindowDiff => {
                segmentation_agreement(continuum, 0.0, end, SegmentationDistance::WindowDiff)
                    .ok_or_else(no_unit)
            }
            Measure::Pk => segmentation_agreement(continuum, 0.0, end, SegmentationDistance::Pk)
                .ok_or_else(no_unit),
            Measure::Ghd => segmentation_agreement(
                continuum,
                0.0,
                end,
                SegmentationDistance::GeneralizedHamming,
            )
            .ok_or_else(no_unit),
        }?;
        if value.is_finite() {
            Ok(value)
        } else {
            Err(format!("{} is not a number here", self.label()))
        }
    }
}

/// How a sweep runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepOptions {
    pub errors: Vec<ErrorKind>,
    pub measures: Vec<Measure>,
    pub step: f64,
    pub sets: usize,
    pub annotators: usize,
    pub factors: Factors,
    pub seed: u64,
    /// γ's options (its seed is replaced per set).
    pub gamma: GammaOptions,
}

impl Default for SweepOptions {
    fn default() -> Self {
        SweepOptions {
            errors: vec![ErrorKind::Shift { keep_apart: false }],
            measures: vec![Measure::Gamma],
            step: 0.05,
            sets: 40,
            annotators: 3,
            factors: Factors::default(),
            seed: 1,
            gamma: GammaOptions {
                samples: SampleCount::Precision {
                    precision: 0.02,
                    confidence: 0.95,
                    max_samples: 1000,
                },
                ..GammaOptions::default()
            },
        }
    }
}

/// One magnitude of a sweep: the mean of each measure over the sets where it is defined.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepRow {
    pub magnitude: f64,
    pub means: Vec<Option<f64>>,
}

/// Runs every (magnitude, set) in parallel and averages each measure per magnitude.
pub fn sweep(reference: &Reference, options: &SweepOptions) -> Result<Vec<SweepRow>, ShuffleError> {
    sweep_controlled(reference, options, RunControl::default())
}

/// The magnitudes a sweep visits: 0, step, 2·step… up to 1.
pub fn magnitudes(step: f64) -> Vec<f64> {
    let steps = (1.0 / step).round().max(1.0) as usize;
    (0..=steps).map(|i| (i as f64 * step).min(1.0)).collect()
}

/// How many (magnitude, set) runs a sweep makes.
pub fn sweep_runs(options: &SweepOptions) -> usize {
    magnitudes(options.step).len() * options.sets
}

/// [`sweep`], reporting (runs done, runs in all) and stopping with
/// [`ShuffleError::Cancelled`] when `control` asks.
pub fn sweep_controlled(
    reference: &Reference,
    options: &SweepOptions,
    control: RunControl,
) -> Result<Vec<SweepRow>, ShuffleError> {
    let magnitudes = magnitudes(options.step);
    let jobs: Vec<(usize, usize)> = (0..magnitudes.len())
        .flat_map(|i| (0..options.sets).map(move |s| (i, s)))
        .collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let values: Vec<(usize, Vec<Option<f64>>)> = jobs
        .par_iter()
        .map(|&(i, set)| {
            if control.is_cancelled() {
                return Err(ShuffleError::Cancelled);
            }
            let continuum = shuffle(
                reference,
                &options.errors,
                magnitudes[i],
                options.annotators,
                &options.factors,
                options.seed,
                set as u64,
            )?;
            let mut gamma = options.gamma.clone();
            gamma.seed = options.seed ^ ((i as u64) << 20) ^ set as u64;
            let end = continuum
                .units()
                .map(|(_, u)| u.end)
                .fold(reference.end, f64::max);
            let means = Measure::evaluate_all(&options.measures, &continuum, end, &gamma)
                .into_iter()
                .map(Result::ok)
                .collect();
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            control.progress(finished, jobs.len());
            Ok((i, means))
        })
        .collect::<Result<_, ShuffleError>>()?;
    let mut sums: BTreeMap<usize, Vec<(f64, usize)>> = BTreeMap::new();
    for (i, row) in values {
        let entry = sums
            .entry(i)
            .or_insert_with(|| vec![(0.0, 0); options.measures.len()]);
        for (slot, value) in entry.iter_mut().zip(row) {
            if let Some(v) = value {
                slot.0 += v;
                slot.1 += 1;
            }
        }
    }
    Ok(magnitudes
        .iter()
        .enumerate()
        .map(|(i, &magnitude)| SweepRow {
            magnitude,
            means: sums
                .get(&i)
                .map(|s| {
                    s.iter()
                        .map(|&(sum, n)| (n > 0).then(|| sum / n as f64))
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect())
}

/// The sweep as CSV: `magnitude`, then one mean column per measure (empty when undefined).
pub fn sweep_csv(measures: &[Measure], rows: &[SweepRow]) -> String {
    let mut out = String::from("magnitude");
    for m in measures {
        out.push(',');
        out.push_str(m.name());
    }
    out.push('\n');
    for row in rows {
        out.push_str(&format!("{:.2}", row.magnitude));
        for mean in &row.means {
            out.push(',');
            if let Some(v) = mean {
                out.push_str(&format!("{v:.6}"));
            }
        }
        out.push('\n');
    }
    out
}

/// The magnitude at which a falling curve of (magnitude, mean γ) reaches `target`, by linear
/// interpolation between the two sweep points around it (`None` if it never does).
pub fn magnitude_for(curve: &[(f64, Option<f64>)], target: f64) -> Option<f64> {
    let points: Vec<(f64, f64)> = curve.iter().filter_map(|&(m, g)| Some((m, g?))).collect();
    if points.first().is_some_and(|&(_, g)| target >= g) {
        return Some(points[0].0);
    }
    points.windows(2).find_map(|pair| {
        let ((m0, g0), (m1, g1)) = (pair[0], pair[1]);
        (g0 >= target && target >= g1).then(|| {
            if g0 == g1 {
                m0
            } else {
                m0 + (m1 - m0) * (g0 - target) / (g0 - g1)
            }
        })
    })
}

/// A curve of a sweep: (magnitude, mean of the measure where it is defined).
pub type Curve = Vec<(f64, Option<f64>)>;

/// Where a document's γ sits on the curves of each error kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    pub gamma: f64,
    /// For each error kind: the magnitude whose simulated annotators have that γ (when the
    /// curve reaches it), and the γ curve.
    pub kinds: Vec<(ErrorKind, Option<f64>, Curve)>,
}

impl Calibration {
    /// The γ curves as CSV: `magnitude`, then one column per error kind (empty where no
    /// simulated set was defined).
    pub fn curves_csv(&self) -> String {
        let mut out = String::from("magnitude");
        for (kind, _, _) in &self.kinds {
            out.push(',');
            out.push_str(&kind.to_string());
        }
        out.push('\n');
        let magnitudes = self.kinds.first().map(|k| k.2.len()).unwrap_or(0);
        for i in 0..magnitudes {
            out.push_str(&format!("{:.2}", self.kinds[0].2[i].0));
            for (_, _, curve) in &self.kinds {
                out.push(',');
                if let Some((_, Some(g))) = curve.get(i) {
                    out.push_str(&format!("{g:.6}"));
                }
            }
            out.push('\n');
        }
        out
    }
}

/// Calibrates a document's γ: every annotator in turn is the reference of sweeps of each error
/// kind (with as many simulated annotators as the document has); the curves are averaged over
/// the references.
pub fn calibrate(
    continuum: &Continuum,
    kinds: &[ErrorKind],
    options: &SweepOptions,
) -> Result<Calibration, String> {
    let references = each_annotator_as_reference(continuum)?;
    calibrate_against(
        continuum,
        &references,
        kinds,
        options,
        RunControl::default(),
    )
}

/// Every annotator with units, as a reference.
pub fn each_annotator_as_reference(continuum: &Continuum) -> Result<Vec<Reference>, String> {
    let references: Vec<Reference> = (0..continuum.n_annotators())
        .filter_map(|a| Reference::from_annotator(continuum, a).ok())
        .collect();
    if references.is_empty() {
        return Err("no annotator has a unit to serve as the reference".into());
    }
    Ok(references)
}

/// Calibrates a document's γ against sweeps from the given references (each annotator, or a
/// gold standard), averaging the curves over them; reports (runs done, runs in all) through
/// `control`, which can also stop it.
pub fn calibrate_against(
    continuum: &Continuum,
    references: &[Reference],
    kinds: &[ErrorKind],
    options: &SweepOptions,
    control: RunControl,
) -> Result<Calibration, String> {
    if references.is_empty() {
        return Err("no reference to simulate annotators from".into());
    }
    let mut gamma_options = options.gamma.clone();
    gamma_options.seed = options.seed;
    let gamma = crate::gamma(continuum, &gamma_options, RunControl::default())
        .map_err(|e| e.to_string())?
        .gamma;
    let per_sweep = sweep_runs(options);
    let total = per_sweep * references.len() * kinds.len();
    let mut out = Vec::new();
    for (k, &kind) in kinds.iter().enumerate() {
        let sweep_options = SweepOptions {
            errors: vec![kind],
            measures: vec![Measure::Gamma],
            annotators: continuum.n_annotators().max(2),
            ..options.clone()
        };
        let mut sums: Vec<(f64, f64, usize)> = Vec::new();
        for (r, reference) in references.iter().enumerate() {
            let before = (k * references.len() + r) * per_sweep;
            let report = |done: usize, _: usize| control.progress(before + done, total);
            let inner = RunControl {
                cancelled: control.cancelled,
                on_progress: Some(&report),
            };
            let rows =
                sweep_controlled(reference, &sweep_options, inner).map_err(|e| e.to_string())?;
            if sums.is_empty() {
                sums = rows.iter().map(|r| (r.magnitude, 0.0, 0)).collect();
            }
            for (sum, row) in sums.iter_mut().zip(&rows) {
                if let Some(Some(g)) = row.means.first() {
                    sum.1 += g;
                    sum.2 += 1;
                }
            }
        }
        let curve: Curve = sums
            .iter()
            .map(|&(m, total, n)| (m, (n > 0).then(|| total / n as f64)))
            .collect();
        out.push((kind, magnitude_for(&curve, gamma), curve));
    }
    Ok(Calibration { gamma, kinds: out })
}

#[cfg(test)]
mod tests;
