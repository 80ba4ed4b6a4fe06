//! Krippendorff's coefficients for unitized continua: α_U (Krippendorff 1995, 2004 ch. 11),
//! which compares where each category's units and the gaps between them lie, and c|uα
//! (Krippendorff 2013; γ paper §6.1.1), which compares the categories of the units that
//! intersect.
//!
//! Both need units that do not overlap within an annotator and category (α_U) or at all (c|uα
//! is defined for it but was designed without): overlapping units make α_U an error, as in the
//! γ paper's experiments, which leave α_U out where units overlap.

use super::{Codings, Distance};
use crate::continuum::Continuum;
use crate::unit::Unit;

/// Why a unitizing coefficient cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UnitizingError {
    /// Fewer than two annotators (the number found).
    #[error("a unitizing coefficient needs at least 2 annotators, found {0}")]
    TooFewAnnotators(usize),
    /// The continuum's extent `[start, end)` is empty or reversed.
    #[error("the continuum [{start}, {end}) is empty")]
    EmptyContinuum {
        /// Start of the extent given.
        start: f64,
        /// End of the extent given, not after `start`.
        end: f64,
    },
    /// No annotator has any unit.
    #[error("no annotator has a unit")]
    NoUnit,
    /// A unit reaches outside the continuum's extent.
    #[error("{annotator}'s unit [{start}, {end}) lies outside the continuum [{from}, {to})")]
    OutsideContinuum {
        /// The unit's annotator.
        annotator: String,
        /// The unit's start.
        start: f64,
        /// The unit's end.
        end: f64,
        /// Start of the continuum's extent.
        from: f64,
        /// End of the continuum's extent.
        to: f64,
    },
    /// Two units of one annotator and category overlap, which α_U cannot measure.
    #[error(
        "{annotator}'s {category:?} units [{first_start}, {first_end}) and [{second_start}, {second_end}) overlap: α_U needs the units of one category of one annotator apart"
    )]
    Overlapping {
        /// The annotator.
        annotator: String,
        /// The category of both units.
        category: String,
        /// Start of the first unit (in start order).
        first_start: f64,
        /// End of the first unit.
        first_end: f64,
        /// Start of the second unit, before `first_end`.
        second_start: f64,
        /// End of the second unit.
        second_end: f64,
    },
    /// Two units of one annotator overlap, which the uα family cannot measure (each annotator
    /// partitions the continuum): the annotator and each unit's (start, end, category).
    #[error(
        "{annotator}'s units [{}, {}) {:?} and [{}, {}) {:?} overlap: the uα family needs each annotator's units apart",
        first.0, first.1, first.2, second.0, second.1, second.2
    )]
    OverlappingUnits {
        /// The annotator.
        annotator: String,
        /// The first unit in start order.
        first: (f64, f64, String),
        /// The unit that starts before the first one ends.
        second: (f64, f64, String),
    },
    /// c|uα has nothing to compare: no two units of different annotators intersect.
    #[error("no unit of one annotator intersects a unit of another")]
    NoIntersection,
    /// The expected disagreement is 0: chance correction divides by zero.
    #[error("the expected disagreement is 0: the coefficient is undefined")]
    Undefined,
    /// The bootstrap of the uα family's intervals cannot be made.
    #[error(transparent)]
    Bootstrap(#[from] crate::bootstrap::BootstrapError),
    /// c|uα's distance between categories cannot be computed.
    #[error(transparent)]
    Distance(#[from] super::CoefficientError),
}

/// α_U's disagreements for one category.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryAlphaU {
    /// The category.
    pub category: String,
    /// Observed disagreement D_o between the annotators' units and gaps of this category
    /// (the formula of [`alpha_u`]).
    pub observed: f64,
    /// Expected disagreement D_e of the category; 0 leaves its α undefined.
    pub expected: f64,
}

impl CategoryAlphaU {
    /// `1 − D_o / D_e` (`None` when the category's expected disagreement is 0).
    pub fn alpha(&self) -> Option<f64> {
        (self.expected > 0.0).then(|| 1.0 - self.observed / self.expected)
    }
}

/// Krippendorff's α_U of a continuum, per category and over all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct AlphaU {
    /// One entry per category, in alphabetical order.
    pub categories: Vec<CategoryAlphaU>,
}

impl AlphaU {
    /// `1 − mean D_o / mean D_e` over the categories.
    pub fn alpha(&self) -> Option<f64> {
        let n = self.categories.len() as f64;
        let observed: f64 = self.categories.iter().map(|c| c.observed).sum::<f64>() / n;
        let expected: f64 = self.categories.iter().map(|c| c.expected).sum::<f64>() / n;
        (expected > 0.0).then(|| 1.0 - observed / expected)
    }
}

/// A stretch of one annotator's continuum for one category: a unit of it, or a gap.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Section {
    start: f64,
    end: f64,
    is_unit: bool,
}

impl Section {
    fn length(&self) -> f64 {
        self.end - self.start
    }
}

pub(super) fn check_continuum(
    continuum: &Continuum,
    start: f64,
    end: f64,
) -> Result<(), UnitizingError> {
    if continuum.n_annotators() < 2 {
        return Err(UnitizingError::TooFewAnnotators(continuum.n_annotators()));
    }
    if end <= start {
        return Err(UnitizingError::EmptyContinuum { start, end });
    }
    if continuum.n_units() == 0 {
        return Err(UnitizingError::NoUnit);
    }
    for annotator in &continuum.annotators {
        if let Some(unit) = annotator
            .units
            .iter()
            .find(|u| u.start < start || u.end > end)
        {
            return Err(UnitizingError::OutsideContinuum {
                annotator: annotator.name.clone(),
                start: unit.start,
                end: unit.end,
                from: start,
                to: end,
            });
        }
    }
    Ok(())
}

/// One annotator's units of `category` and the gaps between them, covering `[start, end)`.
fn sections(
    annotator: &crate::continuum::Annotator,
    category: &str,
    start: f64,
    end: f64,
) -> Result<Vec<Section>, UnitizingError> {
    let mut units: Vec<&Unit> = annotator
        .units
        .iter()
        .filter(|u| u.category == category)
        .collect();
    units.sort_by(|a, b| a.start.total_cmp(&b.start));
    let mut out = Vec::with_capacity(2 * units.len() + 1);
    let mut position = start;
    let mut previous: Option<&Unit> = None;
    for unit in units {
        if unit.start < position {
            let first = previous.expect("a unit starting before the continuum was rejected");
            return Err(UnitizingError::Overlapping {
                annotator: annotator.name.clone(),
                category: category.to_string(),
                first_start: first.start,
                first_end: first.end,
                second_start: unit.start,
                second_end: unit.end,
            });
        }
        if unit.start > position {
            out.push(Section {
                start: position,
                end: unit.start,
                is_unit: false,
            });
        }
        out.push(Section {
            start: unit.start,
            end: unit.end,
            is_unit: true,
        });
        position = unit.end;
        previous = Some(unit);
    }
    if position < end {
        out.push(Section {
            start: position,
            end,
            is_unit: false,
        });
    }
    Ok(out)
}

/// Krippendorff's distance between two sections of different annotators: two overlapping units
/// differ by the squares of their start and end offsets; a unit inside a gap of the other
/// annotator by its squared length; anything else by nothing.
fn section_distance(a: &Section, b: &Section) -> f64 {
    match (a.is_unit, b.is_unit) {
        (true, true) if a.start < b.end && b.start < a.end => {
            (a.start - b.start).powi(2) + (a.end - b.end).powi(2)
        }
        (true, false) if b.start <= a.start && a.end <= b.end => a.length().powi(2),
        (false, true) if a.start <= b.start && b.end <= a.end => b.length().powi(2),
        _ => 0.0,
    }
}

/// Σ of the distances of every intersecting pair of sections of two annotators (both lists
/// cover the same continuum in order, so the pairs are met by walking them together).
fn pair_distance(first: &[Section], second: &[Section]) -> f64 {
    let (mut i, mut j) = (0, 0);
    let mut sum = 0.0;
    while i < first.len() && j < second.len() {
        sum += section_distance(&first[i], &second[j]);
        let (a, b) = (first[i].end, second[j].end);
        if a <= b {
            i += 1;
        }
        if b <= a {
            j += 1;
        }
    }
    sum
}

/// Krippendorff's α_U over `[start, end)`: for each category, the observed disagreement
/// `D_o = Σ_{i≠j} Σ_{g,h} δ(ig, jh) / (m(m−1)L²)` between the annotators' units and gaps, and
/// the expected disagreement of all pairs of sections placed anywhere,
/// `D_e = (2/L) Σ_units [(N_c − 1)(2l³ − 3l² + l)/3 + l² Σ_{gaps ≥ l} (gap − l + 1)] /
/// (mL(mL − 1) − Σ_units l(l − 1))`. Lengths are counted in whole positions of the continuum
/// (characters, tokens…), as Krippendorff does.
pub fn alpha_u(continuum: &Continuum, start: f64, end: f64) -> Result<AlphaU, UnitizingError> {
    check_continuum(continuum, start, end)?;
    let m = continuum.n_annotators() as f64;
    let length = end - start;
    let mut categories = Vec::new();
    for category in continuum.categories() {
        let per_annotator: Vec<Vec<Section>> = continuum
            .annotators
            .iter()
            .map(|a| sections(a, &category, start, end))
            .collect::<Result<_, _>>()?;
        let mut observed = 0.0;
        for (i, first) in per_annotator.iter().enumerate() {
            for second in &per_annotator[i + 1..] {
                observed += 2.0 * pair_distance(first, second);
            }
        }
        observed /= m * (m - 1.0) * length * length;

        let units: Vec<f64> = per_annotator
            .iter()
            .flatten()
            .filter(|s| s.is_unit)
            .map(Section::length)
            .collect();
        let mut gaps: Vec<f64> = per_annotator
            .iter()
            .flatten()
            .filter(|s| !s.is_unit)
            .map(Section::length)
            .collect();
        gaps.sort_by(f64::total_cmp);
        // suffix[i] = Σ_{j ≥ i} (gap_j + 1), to sum (gap − l + 1) over the gaps ≥ l at once.
        let mut suffix = vec![0.0; gaps.len() + 1];
        for i in (0..gaps.len()).rev() {
            suffix[i] = suffix[i + 1] + gaps[i] + 1.0;
        }
        let n_c = units.len() as f64;
        let mut numerator = 0.0;
        for &l in &units {
            let first_fitting = gaps.partition_point(|&g| g < l);
            let fitting = (gaps.len() - first_fitting) as f64;
            let room = suffix[first_fitting] - l * fitting;
            numerator += (n_c - 1.0) * (2.0 * l.powi(3) - 3.0 * l * l + l) / 3.0 + l * l * room;
        }
        let squared: f64 = units.iter().map(|l| l * (l - 1.0)).sum();
        let expected = (2.0 / length) * numerator / (m * length * (m * length - 1.0) - squared);
        categories.push(CategoryAlphaU {
            category,
            observed,
            expected,
        });
    }
    Ok(AlphaU { categories })
}

/// Krippendorff's c|uα: how well the categories of intersecting units agree, whatever their
/// positions. The coincidence of categories c and k is the total length of the intersections of
/// a c unit of one annotator with a k unit of another (both orders); `D_o` is its mean
/// distance, `D_e` the mean distance of the pairs its margins would make by chance (the product
/// of the margins: lengths are continuous, so there is no small-sample correction).
pub fn cu_alpha(continuum: &Continuum, distance: &Distance) -> Result<f64, UnitizingError> {
    if continuum.n_annotators() < 2 {
        return Err(UnitizingError::TooFewAnnotators(continuum.n_annotators()));
    }
    let categories = continuum.categories();
    if categories.is_empty() {
        return Err(UnitizingError::NoUnit);
    }
    let index = |name: &str| {
        categories
            .binary_search_by(|c| c.as_str().cmp(name))
            .unwrap()
    };
    let sorted: Vec<Vec<&Unit>> = continuum
        .annotators
        .iter()
        .map(|a| {
            let mut units: Vec<&Unit> = a.units.iter().collect();
            units.sort_by(|x, y| x.start.total_cmp(&y.start));
            units
        })
        .collect();
    let k = categories.len();
    let mut coincidences = vec![vec![0.0; k]; k];
    for (i, first) in sorted.iter().enumerate() {
        for second in &sorted[i + 1..] {
            for a in first {
                // Units of `second` starting before `a` ends; those ending before it starts
                // add nothing.
                let stop = second.partition_point(|b| b.start < a.end);
                for b in &second[..stop] {
                    let overlap = a.end.min(b.end) - a.start.max(b.start);
                    if overlap > 0.0 {
                        let (c, d) = (index(&a.category), index(&b.category));
                        coincidences[c][d] += overlap;
                        coincidences[d][c] += overlap;
                    }
                }
            }
        }
    }
    let margins: Vec<f64> = coincidences.iter().map(|row| row.iter().sum()).collect();
    let n: f64 = margins.iter().sum();
    if n <= 0.0 {
        return Err(UnitizingError::NoIntersection);
    }
    let names = Codings {
        categories: categories.clone(),
        n_coders: continuum.n_annotators(),
        items: Vec::new(),
    };
    let d = names.distances(distance, &margins)?;
    let mut observed = 0.0;
    let mut expected = 0.0;
    for a in 0..k {
        for b in 0..k {
            observed += coincidences[a][b] * d[a][b];
            expected += margins[a] * margins[b] * d[a][b];
        }
    }
    observed /= n;
    expected /= n * n;
    if expected <= 0.0 {
        return Err(UnitizingError::Undefined);
    }
    Ok(1.0 - observed / expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn continuum(units: &[(&str, f64, f64, &str)]) -> Continuum {
        let mut c = Continuum::new("test");
        for &(annotator, start, end, category) in units {
            c.add(annotator, start, end, category).unwrap();
        }
        c
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Krippendorff (2004, p. 254): two observers on [150, 450), categories c and k; values as
    /// published (and as DKPro Statistics' test of its α_U transcribes them).
    #[test]
    fn krippendorffs_2004_example() {
        let c = continuum(&[
            ("i", 225.0, 295.0, "c"),
            ("i", 370.0, 400.0, "c"),
            ("j", 220.0, 300.0, "c"),
            ("j", 355.0, 375.0, "c"),
            ("j", 400.0, 420.0, "c"),
            ("i", 180.0, 240.0, "k"),
            ("i", 300.0, 350.0, "k"),
            ("j", 180.0, 240.0, "k"),
            ("j", 300.0, 350.0, "k"),
        ]);
        let alpha = alpha_u(&c, 150.0, 450.0).unwrap();
        let by_name = |n: &str| alpha.categories.iter().find(|c| c.category == n).unwrap();
        let c_cat = by_name("c");
        assert!(close(c_cat.observed, 0.0144, 1e-4), "{c_cat:?}");
        assert!(close(c_cat.expected, 0.0532, 1e-4), "{c_cat:?}");
        assert!(close(c_cat.alpha().unwrap(), 0.7286, 1e-4), "{c_cat:?}");
        let k_cat = by_name("k");
        assert_eq!(k_cat.observed, 0.0);
        assert!(close(k_cat.expected, 0.0490, 1e-4), "{k_cat:?}");
        assert_eq!(k_cat.alpha(), Some(1.0));
        assert!(close(alpha.alpha().unwrap(), 0.8591, 5e-4));
        // The observed disagreement of c by hand: units [225,295) vs [220,300): 5² + 5²;
        // [370,400) vs [355,375): 15² + 25²; j's [400,420) in i's gap [400,450): 20².
        let by_hand = 2.0 * (50.0 + 850.0 + 400.0) / (2.0 * 300.0 * 300.0);
        assert!(close(c_cat.observed, by_hand, 1e-12));
    }

    /// Krippendorff (1995, p. 57): four pairs of observers on 24 positions; the observed
    /// disagreements as published.
    #[test]
    fn krippendorffs_1995_observed_disagreements() {
        let c = continuum(&[
            ("1", 2.0, 10.0, "A"),
            ("1", 14.0, 20.0, "A"),
            ("2", 4.0, 8.0, "A"),
            ("2", 15.0, 17.0, "A"),
            ("1", 0.0, 18.0, "B"),
            ("2", 0.0, 2.0, "B"),
            ("2", 2.0, 3.0, "B"),
            ("2", 3.0, 4.0, "B"),
            ("2", 4.0, 5.0, "B"),
            ("2", 5.0, 6.0, "B"),
            ("2", 6.0, 9.0, "B"),
            ("2", 9.0, 10.0, "B"),
            ("1", 2.0, 8.0, "C"),
            ("1", 10.0, 12.0, "C"),
            ("1", 14.0, 18.0, "C"),
            ("1", 20.0, 22.0, "C"),
            ("2", 0.0, 2.0, "C"),
            ("2", 4.0, 8.0, "C"),
            ("2", 10.0, 14.0, "C"),
            ("2", 16.0, 18.0, "C"),
            ("2", 20.0, 22.0, "C"),
            ("1", 0.0, 2.0, "D"),
            ("1", 2.0, 10.0, "D"),
            ("1", 10.0, 14.0, "D"),
            ("1", 14.0, 20.0, "D"),
            ("1", 20.0, 24.0, "D"),
            ("2", 0.0, 4.0, "D"),
            ("2", 4.0, 8.0, "D"),
            ("2", 8.0, 15.0, "D"),
            ("2", 15.0, 17.0, "D"),
            ("2", 17.0, 24.0, "D"),
        ]);
        let alpha = alpha_u(&c, 0.0, 24.0).unwrap();
        let observed: Vec<f64> = alpha.categories.iter().map(|c| c.observed).collect();
        for (got, want) in observed.iter().zip([0.03125, 2.26736, 0.02777, 0.38715]) {
            assert!(close(*got, want, 1e-5), "{observed:?}");
        }
    }

    #[test]
    fn identical_annotators_agree_fully_and_overlap_is_an_error() {
        let same = continuum(&[
            ("a", 0.0, 5.0, "x"),
            ("a", 10.0, 20.0, "y"),
            ("b", 0.0, 5.0, "x"),
            ("b", 10.0, 20.0, "y"),
        ]);
        assert_eq!(alpha_u(&same, 0.0, 30.0).unwrap().alpha(), Some(1.0));
        assert_eq!(cu_alpha(&same, &Distance::Nominal).unwrap(), 1.0);

        let overlapping = continuum(&[
            ("a", 0.0, 5.0, "x"),
            ("a", 3.0, 8.0, "x"),
            ("b", 0.0, 5.0, "x"),
        ]);
        let error = alpha_u(&overlapping, 0.0, 10.0).unwrap_err();
        assert!(
            error.to_string().contains("[0, 5) and [3, 8) overlap"),
            "{error}"
        );
        assert!(matches!(
            alpha_u(&same, 0.0, 15.0),
            Err(UnitizingError::OutsideContinuum { .. })
        ));
    }

    /// c|uα by hand: a [0,10) x and b [0,4) x + [4,10) y. Coincidences (both orders): x–x 8,
    /// x–y 6, y–x 6; margins x 14, y 6, n = 20. D_o = 12/20, D_e = 2·14·6/20².
    #[test]
    fn cu_alpha_by_hand() {
        let c = continuum(&[
            ("a", 0.0, 10.0, "x"),
            ("b", 0.0, 4.0, "x"),
            ("b", 4.0, 10.0, "y"),
        ]);
        let expected = 1.0 - (12.0 / 20.0) / (168.0 / 400.0);
        assert!(close(
            cu_alpha(&c, &Distance::Nominal).unwrap(),
            expected,
            1e-12
        ));
        // Positions do not matter, only which categories intersect: splitting b's x unit in two
        // leaves c|uα unchanged.
        let split = continuum(&[
            ("a", 0.0, 10.0, "x"),
            ("b", 0.0, 2.0, "x"),
            ("b", 2.0, 4.0, "x"),
            ("b", 4.0, 10.0, "y"),
        ]);
        assert_eq!(
            cu_alpha(&split, &Distance::Nominal).unwrap(),
            cu_alpha(&c, &Distance::Nominal).unwrap()
        );
        // Units that never meet leave nothing to compare.
        let apart = continuum(&[("a", 0.0, 1.0, "x"), ("b", 5.0, 6.0, "x")]);
        assert_eq!(
            cu_alpha(&apart, &Distance::Nominal),
            Err(UnitizingError::NoIntersection)
        );
    }

    /// With units at the same places and of length 1, c|uα is α on the units with the margins'
    /// product for chance: an interval metric on numbered categories.
    #[test]
    fn cu_alpha_with_an_interval_metric() {
        let c = continuum(&[
            ("a", 0.0, 1.0, "1"),
            ("a", 1.0, 2.0, "2"),
            ("a", 2.0, 3.0, "3"),
            ("b", 0.0, 1.0, "1"),
            ("b", 1.0, 2.0, "3"),
            ("b", 2.0, 3.0, "3"),
        ]);
        // Coincidences: 1–1 2, 2–3 1, 3–2 1, 3–3 2; margins 1:2, 2:1, 3:3; n = 6.
        // D_o = (1 + 1)·1/6; D_e = (2·2·1·1 + 2·2·3·4 + 2·1·3·1)/36 = 58/36.
        let expected = 1.0 - (2.0 / 6.0) / (58.0 / 36.0);
        assert!(close(
            cu_alpha(&c, &Distance::Interval).unwrap(),
            expected,
            1e-12
        ));
    }
}
