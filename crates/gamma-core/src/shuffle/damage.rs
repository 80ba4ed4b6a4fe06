//! The error kinds of the Corpus Shuffling Tool (§3.3 of the paper) and how a simulated
//! annotator is made from the reference by them: shift, false negative, false positive, split,
//! category (with its confusion matrices) and their combination.

use super::error::ShuffleError;
use super::reference::Reference;
use crate::continuum::{Annotator, Continuum};
use crate::sampler::sample_rng;
use crate::settings::{Range, Setting, SettingError};
use crate::unit::Unit;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A kind of annotation error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Each boundary moved by up to the mean length of the unit's category · m · x.
    Shift {
        /// The boundaries keep their order: units never come to overlap, and a segmentation
        /// stays one.
        keep_apart: bool,
    },
    /// Each unit dropped with probability m.
    FalseNegative,
    /// round(m · x · N) units added like the reference's.
    FalsePositive,
    /// round(N · x · m) cuts of a random unit or fragment.
    Split,
    /// Categories redrawn from a confusion matrix between perfect (m = 0) and the worst.
    Category {
        /// The worst matrix follows the reference's prevalences (B) rather than uniform (C).
        prevalence: bool,
        /// Confusions between friendly categories (D) weigh m·(1 − m).
        overlapping: bool,
    },
}

impl ErrorKind {
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

crate::named_choices! {
    ErrorKind, "error kind", exact;
    Shift { keep_apart: false } => "shift",
    Shift { keep_apart: true } => "shift-no-overlap",
    FalseNegative => "false-negative" | "fn",
    FalsePositive => "false-positive" | "fp",
    Split => "split",
    Category { prevalence: false, overlapping: false } => "category",
    Category { prevalence: true, overlapping: false } => "category-prevalence",
    Category { prevalence: false, overlapping: true } => "category-overlap",
    Category { prevalence: true, overlapping: true } => "category-prevalence-overlap",
}

/// The magnitudes of the errors: from 0 (copies of the reference) to 1.
pub const MAGNITUDE_RANGE: Range = Range::closed(0.0, 1.0);

/// The values of a factor: a larger one would only make the simulated annotations absurd or
/// huge.
pub const FACTOR_RANGE: Range = Range::closed(0.0, 100.0);

/// The `x` factors of the paper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Factors {
    /// Shift: the largest move is the mean length · m · `shift` (2).
    pub shift: f64,
    /// False positives: m · `false_positive` · N units are added (1).
    pub false_positive: f64,
    /// Split: N · `split` · m cuts (1).
    pub split: f64,
}

impl Factors {
    /// Whether every factor is in [`FACTOR_RANGE`].
    pub fn check(&self) -> Result<(), SettingError> {
        FACTOR_RANGE.check(Setting::ShiftFactor, self.shift)?;
        FACTOR_RANGE.check(Setting::FalsePositiveFactor, self.false_positive)?;
        FACTOR_RANGE.check(Setting::SplitFactor, self.split)
    }
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
pub(crate) fn confusion_matrix(
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

/// The shift latitude of a unit's boundaries: `maxlat = maxlength · m · x` (seed 004, §3.3.4),
/// `maxlength` being the mean length of the unit's category in the reference; `scale` is m · x.
pub(crate) fn shift_latitude(reference: &Reference, category: &str, scale: f64) -> f64 {
    reference.lengths[reference.category_index(category)].0 * scale
}

/// The shortest unit a shift leaves at position `at`: one position on a text, a span long
/// enough to measure otherwise (see [`Unit::new`]).
fn shortest(whole: bool, at: f64) -> f64 {
    let least: f64 = if whole { 1.0 } else { 1e-9 };
    least.max(at.abs() * 1e-8)
}

/// Draws attempts at a shift before giving up on a unit whose boundaries keep crossing.
const SHIFT_DRAWS: usize = 1000;

/// Moves each boundary of `unit` by a uniform amount in `[−maxlat, maxlat]`. Boundaries that
/// cross (end ≤ start) are drawn again, as pygamma-agreement does: a unit is always shifted,
/// never put back where it was (which made curves rise again at high magnitudes).
/// `whole`: positions are whole numbers (a text's characters).
fn shift_unit(
    reference: &Reference,
    unit: &mut Unit,
    scale: f64,
    whole: bool,
    rng: &mut ChaCha8Rng,
) {
    let round = |x: f64| if whole { x.round() } else { x };
    let latitude = shift_latitude(reference, &unit.category, scale);
    let (mut start, mut end) = (unit.start, unit.end);
    for _ in 0..SHIFT_DRAWS {
        start = round(unit.start + uniform(rng, -latitude, latitude)).max(0.0);
        end = round(unit.end + uniform(rng, -latitude, latitude));
        if end > start {
            break;
        }
    }
    unit.start = start;
    unit.end = end.max(start + shortest(whole, start));
}

/// The shift that keeps units apart (the γ paper's §6.3.4 "modified version … so that the
/// non-overlapping constraint is fully satisfied, even at high magnitudes"): every distinct
/// boundary of the annotation (two units that touch share one, as the frontiers of a
/// segmentation) moves by a uniform amount within its latitude (the mean of its units'), then
/// the moved boundaries are given back in their original order. Units keep their number, order
/// and categories; none overlaps another unless it did in the reference, and a segmentation
/// (units back to back) stays a segmentation whose frontiers moved.
fn shift_keeping_order(
    reference: &Reference,
    units: &mut [Unit],
    scale: f64,
    rng: &mut ChaCha8Rng,
) {
    let whole = reference.whole();
    let mut frontiers: Vec<f64> = units.iter().flat_map(|u| [u.start, u.end]).collect();
    frontiers.sort_by(f64::total_cmp);
    frontiers.dedup();
    let rank = |x: f64| {
        frontiers
            .binary_search_by(|f| f.total_cmp(&x))
            .expect("listed")
    };
    let mut latitudes = vec![(0.0, 0usize); frontiers.len()];
    for unit in units.iter() {
        let latitude = shift_latitude(reference, &unit.category, scale);
        for r in [rank(unit.start), rank(unit.end)] {
            latitudes[r].0 += latitude;
            latitudes[r].1 += 1;
        }
    }
    let mut moved: Vec<f64> = frontiers
        .iter()
        .zip(&latitudes)
        .map(|(&f, &(sum, n))| {
            let latitude = sum / n as f64;
            let x = (f + uniform(rng, -latitude, latitude)).max(0.0);
            if whole { x.round() } else { x }
        })
        .collect();
    moved.sort_by(f64::total_cmp);
    for r in 1..moved.len() {
        let at_least = moved[r - 1] + shortest(whole, moved[r - 1]);
        moved[r] = moved[r].max(at_least);
    }
    for unit in units.iter_mut() {
        let (start, end) = (rank(unit.start), rank(unit.end));
        unit.start = moved[start];
        unit.end = moved[end];
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
            ErrorKind::Shift { keep_apart: false } => {
                for unit in &mut units {
                    shift_unit(reference, unit, m * factors.shift, whole, rng);
                }
            }
            ErrorKind::Shift { keep_apart: true } => {
                shift_keeping_order(reference, &mut units, m * factors.shift, rng);
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
    MAGNITUDE_RANGE.check(Setting::Magnitude, magnitude)?;
    let step = (magnitude * 1e6).round() as u64;
    let annotators = (0..annotators)
        .map(|a| {
            let stream = (step << 32) ^ (set << 12) ^ a as u64;
            let mut rng = sample_rng(seed, stream);
            Annotator {
                name: format!("annotator{}", a + 1),
                units: damage(reference, errors, magnitude, factors, &mut rng),
                own_text: None,
                relations: Vec::new(),
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
