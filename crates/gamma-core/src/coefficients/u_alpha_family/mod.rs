//! The uα family of Krippendorff, Mathet, Bouvry & Widlöcher (2016), "On the reliability of
//! unitizing textual continua: Further developments", *Quality & Quantity* 50:2347–2364 (and
//! Krippendorff, *Content Analysis*, 4th ed., 2019, §12.6): four coefficients of one
//! coincidence matrix between the values that annotators give the stretches of a continuum.
//!
//! Each annotator partitions the continuum `[start, end)` of length `L` into its units (valued
//! by their category) and the gaps between them (the value ∅). For every ordered pair of
//! annotators `i ≠ j`, each intersection of a section of `i` valued `c` with a section of `j`
//! valued `k` adds its length to the observed coincidence `l_ck`, and the matrix is divided by
//! `m − 1`, so that its total is `n = mL` (every position of every annotator pairs once).
//! Chance pairs positions at random, except with positions of the same unit: a unit of length
//! `ℓ` removes `ℓ²` self-pairs and a gap, which has no structure, `ℓ` (each of its positions is
//! its own section): `e_ck = (l_c· l_·k − [c = k] S_c) / (n − S/n)`, `S_c` those sums.
//!
//! * **uα** — units and gaps together, nominal: `1 − (n − Σ_c l_cc) / (n − Σ_c e_cc)`;
//! * **|uα** — the binary distinction of relevant matter (any unit) from gaps:
//!   `1 − (l_∅· − l_∅∅) / (e_∅· − e_∅∅)`;
//! * **c|uα** — the categories of the intersecting units only, with any distance: the matrix
//!   restricted to valued pairs `l*_ck`, its chance `e*_ck = (l*_c l*_k − [c = k] S*_c) /
//!   (n* − S*/n*)`, where a unit `g` of annotator `i` adds `Σ_{j ≠ i} |g ∩ units of j|² / (m − 1)`
//!   to `S*_c` (its self-pairs among the positions that were paired);
//! * **(k)uα** — one category `k` against the others within c|uα:
//!   `1 − e*_k Σ_c δ(c,k) l*_ck / (l*_k Σ_c δ(c,k) e*_ck)`, with the share of `k`'s length that
//!   met another annotator's unit (its coverage).
//!
//! The article's own text was not available to us: the equations above are its family as
//! described in its abstract and by two public implementations that cite its equations
//! (the Python `unitized_alpha` of github.com/lindanna/unitized_alpha, whose README example our
//! tests reproduce, and
//! quallmer's `reliability_alpha_u`, R, after Krippendorff 2019 §12.6). Both agree for two
//! annotators; for more, they differ in `S*` (quallmer squares each unit's overlap with the union
//! of the other annotators' units, without dividing by `m − 1`); we follow the pairwise form,
//! which keeps `S*` on the scale of the coincidences.
//!
//! Lengths are counted in positions of the continuum (characters, tokens…), as Krippendorff
//! does. An annotator's units may not overlap (each annotator partitions the continuum).
//! Confidence intervals: [`u_alpha_family_intervals`], a bootstrap over stretches of the
//! continuum that no unit crosses (the article adds intervals of its own, by a procedure we
//! could not read; ours is the one [`crate::bootstrap`] uses for γ of one document).

use super::unitizing::{UnitizingError, check_continuum};
use super::{Codings, Distance};
use crate::bootstrap::{
    BootstrapError, BootstrapOptions, MIN_UNITS_PER_STRETCH, ResamplingUnit, check,
    percentile_interval,
};
use crate::continuum::Continuum;
use rand::RngExt;
use std::collections::BTreeMap;

/// (k)uα of one category.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ValueAlpha {
    /// The category `k`.
    pub category: String,
    /// (k)uα; `None` when the category never meets another annotator's unit, or its expected
    /// disagreement is 0.
    pub alpha: Option<f64>,
    /// The share of the category's length (summed over annotators) that intersects another
    /// annotator's unit: what (k)uα is computed on.
    pub coverage: f64,
}

/// The four coefficients of the 2016 family on one continuum.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct UAlphaFamily {
    /// uα: units and gaps, nominal. `None` when its expected disagreement is 0.
    pub u_alpha: Option<f64>,
    /// |uα: units (of any category) against gaps. `None` when no annotator leaves a gap or
    /// every annotator covers nothing.
    pub binary_u_alpha: Option<f64>,
    /// c|uα: the categories of intersecting units. `None` when no two units of different
    /// annotators intersect, or the expected disagreement is 0 (one category).
    pub cu_alpha: Option<f64>,
    /// The share of all paired positions that pair a unit with a unit: what c|uα is computed on.
    pub cu_coverage: f64,
    /// (k)uα of each category, alphabetical.
    pub k_u_alpha: Vec<ValueAlpha>,
}

/// One stretch of an annotator's partition: a unit's category index (0 = gap, `k + 1` =
/// category `k`) over `[start, end)`.
#[derive(Debug, Clone, Copy)]
struct Section {
    start: f64,
    end: f64,
    value: usize,
}

/// The annotator's units and gaps covering `[start, end)`, in order, or the two units that
/// overlap.
fn partition(
    annotator: &crate::continuum::Annotator,
    categories: &[String],
    start: f64,
    end: f64,
) -> Result<Vec<Section>, UnitizingError> {
    let mut units: Vec<&crate::unit::Unit> = annotator.units.iter().collect();
    units.sort_by(|a, b| a.start.total_cmp(&b.start));
    let mut sections = Vec::with_capacity(2 * units.len() + 1);
    let mut position = start;
    for (n, unit) in units.iter().enumerate() {
        if unit.start < position {
            let previous = units[n - 1];
            return Err(UnitizingError::OverlappingUnits {
                annotator: annotator.name.clone(),
                first: (previous.start, previous.end, previous.category.clone()),
                second: (unit.start, unit.end, unit.category.clone()),
            });
        }
        if unit.start > position {
            sections.push(Section {
                start: position,
                end: unit.start,
                value: 0,
            });
        }
        let index = categories
            .binary_search(&unit.category)
            .expect("categories of the continuum");
        sections.push(Section {
            start: unit.start,
            end: unit.end,
            value: index + 1,
        });
        position = unit.end;
    }
    if position < end {
        sections.push(Section {
            start: position,
            end,
            value: 0,
        });
    }
    Ok(sections)
}

/// Calls `meet(a, b, length)` for every intersection of positive length of two partitions of
/// the same stretch (both in order).
fn intersections(first: &[Section], second: &[Section], mut meet: impl FnMut(usize, usize, f64)) {
    let (mut i, mut j) = (0, 0);
    while i < first.len() && j < second.len() {
        let (a, b) = (&first[i], &second[j]);
        let length = a.end.min(b.end) - a.start.max(b.start);
        if length > 0.0 {
            meet(i, j, length);
        }
        if a.end <= b.end {
            i += 1;
        }
        if b.end <= a.end {
            j += 1;
        }
    }
}

/// Chance coincidences from observed margins and self-pair sums (the family's one formula).
fn expected(margins: &[f64], self_pairs: &[f64]) -> Vec<Vec<f64>> {
    let n: f64 = margins.iter().sum();
    let s: f64 = self_pairs.iter().sum();
    let denominator = n - s / n;
    (0..margins.len())
        .map(|c| {
            (0..margins.len())
                .map(|k| {
                    let pairs = margins[c] * margins[k] - if c == k { self_pairs[c] } else { 0.0 };
                    pairs / denominator
                })
                .collect()
        })
        .collect()
}

fn one_minus(observed: f64, expected: f64) -> Option<f64> {
    (expected > 0.0).then(|| 1.0 - observed / expected)
}

/// c|uα, its coverage and (k)uα, from the coincidences of `observed` between valued sections
/// (index 0 is the gap), the margins of the whole matrix and the valued self-pairs `S*`.
fn valued_coefficients(
    observed: &[Vec<f64>],
    margins: &[f64],
    unit_self_pairs: &[f64],
    categories: &[String],
    distance: &Distance,
) -> Result<(Option<f64>, f64, Vec<ValueAlpha>), UnitizingError> {
    let n: f64 = margins.iter().sum();
    // c|uα and (k)uα on the valued pairs.
    let valued: Vec<Vec<f64>> = observed[1..].iter().map(|row| row[1..].to_vec()).collect();
    let valued_margins: Vec<f64> = valued.iter().map(|row| row.iter().sum()).collect();
    let n_valued: f64 = valued_margins.iter().sum();
    let cu_coverage = if n > 0.0 { n_valued / n } else { 0.0 };
    // Only the category names matter to `distances`.
    let names = Codings {
        categories: categories.to_vec(),
        n_coders: 2,
        items: Vec::new(),
    };
    let d = names.distances(distance, &valued_margins)?;
    let (cu_alpha, k_u_alpha) = if n_valued > 0.0 {
        let valued_chance = expected(&valued_margins, &unit_self_pairs[1..]);
        let k = categories.len();
        // Σ_x δ(x, c)·matrix[x][c]: the disagreement in column c.
        let weighted =
            |matrix: &[Vec<f64>], c: usize| -> f64 { (0..k).map(|x| d[x][c] * matrix[x][c]).sum() };
        let observed_d: f64 = (0..k).map(|c| weighted(&valued, c)).sum();
        let chance_d: f64 = (0..k).map(|c| weighted(&valued_chance, c)).sum();
        let per_value = (0..k)
            .map(|c| {
                let chance_margin: f64 = valued_chance[c].iter().sum();
                let o = weighted(&valued, c);
                let e = weighted(&valued_chance, c);
                ValueAlpha {
                    category: categories[c].clone(),
                    alpha: (valued_margins[c] > 0.0 && e > 0.0)
                        .then(|| 1.0 - chance_margin * o / (valued_margins[c] * e)),
                    coverage: if margins[c + 1] > 0.0 {
                        valued_margins[c] / margins[c + 1]
                    } else {
                        0.0
                    },
                }
            })
            .collect();
        (one_minus(observed_d, chance_d), per_value)
    } else {
        let none = categories
            .iter()
            .map(|c| ValueAlpha {
                category: c.clone(),
                alpha: None,
                coverage: 0.0,
            })
            .collect();
        (None, none)
    };
    Ok((cu_alpha, cu_coverage, k_u_alpha))
}

/// The uα family of `continuum` over `[start, end)`; c|uα and (k)uα compare categories with
/// `distance` (uα and |uα are nominal by definition).
pub fn u_alpha_family(
    continuum: &Continuum,
    start: f64,
    end: f64,
    distance: &Distance,
) -> Result<UAlphaFamily, UnitizingError> {
    check_continuum(continuum, start, end)?;
    let categories = continuum.categories();
    let partitions: Vec<Vec<Section>> = continuum
        .annotators
        .iter()
        .map(|a| partition(a, &categories, start, end))
        .collect::<Result<_, _>>()?;
    let m = partitions.len() as f64;
    let v = categories.len() + 1;

    // Observed coincidences over ordered pairs (both orders at once), and each unit's paired
    // length with every other annotator's units, for S*.
    let mut observed = vec![vec![0.0; v]; v];
    let mut unit_pairs: Vec<Vec<Vec<f64>>> = partitions
        .iter()
        .map(|p| vec![vec![0.0; partitions.len()]; p.len()])
        .collect();
    for i in 0..partitions.len() {
        for j in i + 1..partitions.len() {
            intersections(&partitions[i], &partitions[j], |a, b, length| {
                let (x, y) = (partitions[i][a].value, partitions[j][b].value);
                observed[x][y] += length / (m - 1.0);
                observed[y][x] += length / (m - 1.0);
                if x != 0 && y != 0 {
                    unit_pairs[i][a][j] += length;
                    unit_pairs[j][b][i] += length;
                }
            });
        }
    }
    let mut self_pairs = vec![0.0; v];
    let mut unit_self_pairs = vec![0.0; v];
    for (p, partition) in partitions.iter().enumerate() {
        for (s, section) in partition.iter().enumerate() {
            let length = section.end - section.start;
            self_pairs[section.value] += if section.value == 0 {
                length
            } else {
                length * length
            };
            if section.value != 0 {
                unit_self_pairs[section.value] +=
                    unit_pairs[p][s].iter().map(|x| x * x).sum::<f64>() / (m - 1.0);
            }
        }
    }
    let margins: Vec<f64> = observed.iter().map(|row| row.iter().sum()).collect();
    let n: f64 = margins.iter().sum();
    let chance = expected(&margins, &self_pairs);
    let diagonal = |matrix: &[Vec<f64>]| (0..v).map(|c| matrix[c][c]).sum::<f64>();
    let u_alpha = one_minus(n - diagonal(&observed), n - diagonal(&chance));
    let binary_u_alpha = one_minus(
        margins[0] - observed[0][0],
        chance[0].iter().sum::<f64>() - chance[0][0],
    );

    let (cu_alpha, cu_coverage, k_u_alpha) =
        valued_coefficients(&observed, &margins, &unit_self_pairs, &categories, distance)?;
    Ok(UAlphaFamily {
        u_alpha,
        binary_u_alpha,
        cu_alpha,
        cu_coverage,
        k_u_alpha,
    })
}

/// Bootstrap intervals of the uα family (percentile intervals; a coefficient undefined in more
/// than half of the replicates gets none).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct UAlphaFamilyIntervals {
    /// Confidence level.
    pub level: f64,
    /// (low, high) of uα.
    pub u_alpha: Option<(f64, f64)>,
    /// (low, high) of |uα.
    pub binary_u_alpha: Option<(f64, f64)>,
    /// (low, high) of c|uα.
    pub cu_alpha: Option<(f64, f64)>,
    /// (low, high) of (k)uα, per category.
    pub k_u_alpha: BTreeMap<String, (f64, f64)>,
    /// How many stretches were resampled.
    pub stretches: usize,
    /// Number of replicates.
    pub replicates: usize,
    /// Seed of the draws.
    pub seed: u64,
}

/// `[start, end)` cut where no unit of any annotator crosses, each stretch with at least
/// [`MIN_UNITS_PER_STRETCH`] units (a short tail joins the stretch before it).
fn family_stretches(continuum: &Continuum, start: f64, end: f64) -> Vec<(f64, f64)> {
    let mut units: Vec<(f64, f64)> = continuum
        .annotators
        .iter()
        .flat_map(|a| a.units.iter().map(|u| (u.start, u.end)))
        .collect();
    units.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut cuts = vec![start];
    let (mut reach, mut count) = (f64::NEG_INFINITY, 0);
    for (unit_start, unit_end) in units {
        if count >= MIN_UNITS_PER_STRETCH && unit_start >= reach {
            cuts.push(unit_start);
            count = 0;
        }
        reach = reach.max(unit_end);
        count += 1;
    }
    if count < MIN_UNITS_PER_STRETCH && cuts.len() > 1 {
        cuts.pop();
    }
    cuts.push(end);
    cuts.windows(2).map(|w| (w[0], w[1])).collect()
}

/// The stretches `drawn` of `continuum` laid end to end from 0 (every annotator kept).
fn concatenated(continuum: &Continuum, drawn: &[(f64, f64)]) -> (Continuum, f64) {
    let mut out = Continuum::new(continuum.name.clone());
    for annotator in &continuum.annotators {
        out.add_annotator(&annotator.name);
    }
    let mut offset = 0.0;
    for &(from, to) in drawn {
        for annotator in &continuum.annotators {
            for unit in annotator
                .units
                .iter()
                .filter(|u| u.start >= from && u.end <= to)
            {
                let mut moved = unit.clone();
                moved.start += offset - from;
                moved.end += offset - from;
                out.add_unit(&annotator.name, moved);
            }
        }
        offset += to - from;
    }
    (out, offset)
}

/// Bootstrap intervals of [`u_alpha_family`]: stretches of the continuum that no unit crosses
/// (as [`crate::bootstrap`] cuts one document for γ) are drawn with replacement, laid end to
/// end, and the family computed on each replicate.
pub fn u_alpha_family_intervals(
    continuum: &Continuum,
    start: f64,
    end: f64,
    distance: &Distance,
    options: &BootstrapOptions,
) -> Result<UAlphaFamilyIntervals, UnitizingError> {
    u_alpha_family(continuum, start, end, distance)?;
    let mut rng = check(options)?;
    let stretches = family_stretches(continuum, start, end);
    if stretches.len() < 2 {
        return Err(BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Stretches,
            found: stretches.len(),
        }
        .into());
    }
    // uα, |uα, c|uα, then (k)uα of each category in order.
    let categories = continuum.categories();
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); 3 + categories.len()];
    for _ in 0..options.replicates {
        let drawn: Vec<(f64, f64)> = (0..stretches.len())
            .map(|_| stretches[rng.random_range(0..stretches.len())])
            .collect();
        let (replicate, length) = concatenated(continuum, &drawn);
        // A replicate with one annotator's units only, or none, leaves every coefficient undefined.
        let Ok(f) = u_alpha_family(&replicate, 0.0, length, distance) else {
            continue;
        };
        values[0].extend(f.u_alpha);
        values[1].extend(f.binary_u_alpha);
        values[2].extend(f.cu_alpha);
        for k in f.k_u_alpha {
            let index = categories
                .binary_search(&k.category)
                .expect("a category drawn");
            values[3 + index].extend(k.alpha);
        }
    }
    let mut intervals = values.into_iter().map(|mut v| {
        (2 * v.len() > options.replicates).then(|| percentile_interval(&mut v, options.level))
    });
    let mut next = || intervals.next().flatten();
    let (u_alpha, binary_u_alpha, cu_alpha) = (next(), next(), next());
    let k_u_alpha = categories
        .into_iter()
        .filter_map(|c| next().map(|i| (c, i)))
        .collect();
    Ok(UAlphaFamilyIntervals {
        level: options.level,
        u_alpha,
        binary_u_alpha,
        cu_alpha,
        k_u_alpha,
        stretches: stretches.len(),
        replicates: options.replicates,
        seed: options.seed,
    })
}

#[cfg(test)]
mod tests;
