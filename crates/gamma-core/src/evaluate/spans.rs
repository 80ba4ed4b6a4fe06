//! Span precision, recall and F1 in the four schemes of SemEval-2013 Task 9.1 (Segura-Bedmar,
//! Martínez & Herrero-Zazo 2013), with the matching rules of the `nervaluate` package (1.2),
//! so that the numbers are the ones NER papers report.
//!
//! Each system unit is matched once, in text order, against the reference units not matched
//! yet (also in text order):
//!
//! * [`Scheme::Strict`]: correct when a reference unit has the same boundaries and category;
//!   otherwise incorrect against the first reference unit it overlaps, or spurious.
//! * [`Scheme::Exact`]: the same, ignoring categories.
//! * [`Scheme::Partial`]: correct when the boundaries are the same, partial (half credit)
//!   against the first overlapping reference unit, otherwise spurious; categories ignored.
//! * [`Scheme::Type`]: correct against the overlapping reference unit of the same category with
//!   the closest boundaries (smallest |Δstart| + |Δend|, the first of equals); otherwise
//!   incorrect against the first overlapping unit, or spurious.
//!
//! Reference units left unmatched are missed. "Overlapping" means sharing at least
//! `min_overlap_percent` % of the reference unit's length (nervaluate's default: 1 %), and more
//! than nothing: units that only touch (`[0, 5)` and `[5, 8)`) do not overlap. Positions are
//! half-open `[start, end)`; nervaluate's inclusive ends are `end − 1` for integer positions,
//! which gives the same overlaps and percentages.
//!
//! Precision is credit / (correct + incorrect + partial + spurious) and recall is credit /
//! (correct + incorrect + partial + missed), where credit is the number correct (strict, exact)
//! or that plus half the number partial (partial, type); both are 0 when their denominator is
//! 0, and F1 is 0 when both are.
//!
//! Units of one annotator that overlap each other (nested, duplicated) are matched like any
//! other: each counts once, and each reference unit can absorb one system unit.

use crate::unit::Unit;

/// One of the four evaluation schemes of SemEval-2013 Task 9.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scheme {
    /// Same boundaries and same category.
    Strict,
    /// Same boundaries, any category.
    Exact,
    /// Overlapping boundaries (half credit), any category.
    Partial,
    /// Overlapping boundaries and same category.
    Type,
}

impl Scheme {
    /// The four schemes, in the order reports list them.
    pub const ALL: [Scheme; 4] = [Scheme::Strict, Scheme::Exact, Scheme::Partial, Scheme::Type];

    /// The scheme's name in reports (`strict`, `exact`, `partial`, `type`).
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Strict => "strict",
            Scheme::Exact => "exact",
            Scheme::Partial => "partial",
            Scheme::Type => "type",
        }
    }

    /// Whether a partial match earns half a point (nervaluate's `partial` and `ent_type`).
    fn half_credit(self) -> bool {
        matches!(self, Scheme::Partial | Scheme::Type)
    }
}

/// How the system's units fared against the reference in one scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// System units that match a reference unit.
    pub correct: usize,
    /// System units that overlap a reference unit but do not match it.
    pub incorrect: usize,
    /// System units that overlap a reference unit with other boundaries (scheme `partial`).
    pub partial: usize,
    /// Reference units that no system unit matched.
    pub missed: usize,
    /// System units that overlap no reference unit.
    pub spurious: usize,
}

impl Counts {
    /// The system's units that count (nervaluate's "actual").
    pub fn actual(&self) -> usize {
        self.correct + self.incorrect + self.partial + self.spurious
    }

    /// The reference's units that count (nervaluate's "possible").
    pub fn possible(&self) -> usize {
        self.correct + self.incorrect + self.partial + self.missed
    }

    fn credit(&self, scheme: Scheme) -> f64 {
        if scheme.half_credit() {
            self.correct as f64 + 0.5 * self.partial as f64
        } else {
            self.correct as f64
        }
    }

    /// Precision in `scheme` (0 when the system has no unit).
    pub fn precision(&self, scheme: Scheme) -> f64 {
        match self.actual() {
            0 => 0.0,
            actual => self.credit(scheme) / actual as f64,
        }
    }

    /// Recall in `scheme` (0 when the reference has no unit).
    pub fn recall(&self, scheme: Scheme) -> f64 {
        match self.possible() {
            0 => 0.0,
            possible => self.credit(scheme) / possible as f64,
        }
    }

    /// F1 in `scheme` (0 when precision and recall are both 0).
    pub fn f1(&self, scheme: Scheme) -> f64 {
        let (p, r) = (self.precision(scheme), self.recall(scheme));
        if p + r > 0.0 {
            2.0 * (p * r) / (p + r)
        } else {
            0.0
        }
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.correct += other.correct;
        self.incorrect += other.incorrect;
        self.partial += other.partial;
        self.missed += other.missed;
        self.spurious += other.spurious;
    }
}

/// The counts of the four schemes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SpanScores {
    counts: [Counts; 4],
}

impl SpanScores {
    /// The counts of one scheme.
    pub fn get(&self, scheme: Scheme) -> &Counts {
        &self.counts[scheme as usize]
    }

    /// Adds another document's counts (corpus scores are computed from summed counts).
    pub fn add(&mut self, other: &SpanScores) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            *mine += theirs;
        }
    }
}

/// Scores the system's units against the reference's in every scheme. Both lists must be in
/// text order (by start, then end, then category); every unit must have `start < end`.
pub fn score(reference: &[&Unit], system: &[&Unit], min_overlap_percent: f64) -> SpanScores {
    let mut scores = SpanScores::default();
    for scheme in Scheme::ALL {
        scores.counts[scheme as usize] = count(reference, system, scheme, min_overlap_percent);
    }
    scores
}

/// Sorts units by start, then end, then category: the order in which they are matched.
pub(crate) fn text_order(units: &mut [&Unit]) {
    units.sort_by(|a, b| {
        a.start
            .total_cmp(&b.start)
            .then(a.end.total_cmp(&b.end))
            .then_with(|| a.category.cmp(&b.category))
    });
}

/// Whether `system` shares enough of `reference` (nervaluate's overlap percentage, computed the
/// same way so that the comparison with the threshold rounds the same).
fn overlaps_enough(system: &Unit, reference: &Unit, min_overlap_percent: f64) -> bool {
    let overlap = system.end.min(reference.end) - system.start.max(reference.start);
    overlap > 0.0 && overlap / (reference.end - reference.start) * 100.0 >= min_overlap_percent
}

fn same_boundaries(a: &Unit, b: &Unit) -> bool {
    a.start == b.start && a.end == b.end
}

/// The counts of one scheme: nervaluate's greedy matching, restricted for speed to the
/// reference units that can overlap (which changes nothing: the others are never chosen).
fn count(
    reference: &[&Unit],
    system: &[&Unit],
    scheme: Scheme,
    min_overlap_percent: f64,
) -> Counts {
    // The largest end among the first i reference units: before the first one past the system
    // unit's start, no reference unit can overlap it.
    let furthest_end: Vec<f64> = reference
        .iter()
        .scan(f64::NEG_INFINITY, |end, r| {
            *end = end.max(r.end);
            Some(*end)
        })
        .collect();
    let mut matched = vec![false; reference.len()];
    let mut counts = Counts::default();
    for unit in system {
        let first = furthest_end.partition_point(|&end| end <= unit.start);
        let last = reference.partition_point(|r| r.start < unit.end);
        let candidates = (first..last.max(first)).filter(|&i| !matched[i]);
        // `exact`: the reference unit the system unit matches; `near`: the first it overlaps.
        let mut exact = None;
        let mut near = None;
        let mut closest: Option<(usize, f64)> = None;
        for i in candidates {
            let r = reference[i];
            let overlapping = overlaps_enough(unit, r, min_overlap_percent);
            match scheme {
                Scheme::Strict | Scheme::Exact => {
                    let same_category = scheme == Scheme::Exact || r.category == unit.category;
                    if same_category && same_boundaries(unit, r) {
                        exact = Some(i);
                        break;
                    }
                }
                Scheme::Partial => {
                    if overlapping && same_boundaries(unit, r) {
                        exact = Some(i);
                        break;
                    }
                }
                Scheme::Type => {
                    if overlapping && r.category == unit.category {
                        let distance = (unit.start - r.start).abs() + (unit.end - r.end).abs();
                        if closest.is_none_or(|(_, best)| distance < best) {
                            closest = Some((i, distance));
                        }
                        continue;
                    }
                }
            }
            if overlapping && near.is_none() {
                near = Some(i);
            }
        }
        let exact = exact.or(closest.map(|(i, _)| i));
        if let Some(i) = exact {
            counts.correct += 1;
            matched[i] = true;
        } else if let Some(i) = near {
            if scheme == Scheme::Partial {
                counts.partial += 1;
            } else {
                counts.incorrect += 1;
            }
            matched[i] = true;
        } else {
            counts.spurious += 1;
        }
    }
    counts.missed = matched.iter().filter(|m| !**m).count();
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(spans: &[(f64, f64, &str)]) -> Vec<Unit> {
        spans
            .iter()
            .map(|&(s, e, c)| Unit::new(s, e, c).unwrap())
            .collect()
    }

    fn scored(reference: &[(f64, f64, &str)], system: &[(f64, f64, &str)]) -> SpanScores {
        let (r, s) = (units(reference), units(system));
        let mut r: Vec<&Unit> = r.iter().collect();
        let mut s: Vec<&Unit> = s.iter().collect();
        text_order(&mut r);
        text_order(&mut s);
        score(&r, &s, 1.0)
    }

    fn counts(c: usize, i: usize, p: usize, m: usize, s: usize) -> Counts {
        Counts {
            correct: c,
            incorrect: i,
            partial: p,
            missed: m,
            spurious: s,
        }
    }

    /// One system unit of each kind (the scenarios SemEval-2013 9.1 distinguishes), counted by
    /// hand from the scheme definitions.
    #[test]
    fn the_six_cases_of_the_semeval_example() {
        let reference = [
            (0.0, 1.0, "PER"),
            (10.0, 11.0, "LOC"),
            (20.0, 22.0, "DRUG"),
            (30.0, 31.0, "ORG"),
            (40.0, 42.0, "DRUG"),
        ];
        let system = [
            (0.0, 1.0, "PER"),    // correct everywhere
            (10.0, 11.0, "ORG"),  // same boundaries, wrong category
            (20.0, 21.0, "DRUG"), // overlap, right category
            (30.0, 32.0, "PER"),  // overlap, wrong category
            (50.0, 51.0, "LOC"),  // spurious
        ]; // DRUG [40, 42) is missed
        let s = scored(&reference, &system);
        assert_eq!(*s.get(Scheme::Strict), counts(1, 3, 0, 1, 1));
        assert_eq!(*s.get(Scheme::Exact), counts(2, 2, 0, 1, 1));
        assert_eq!(*s.get(Scheme::Partial), counts(2, 0, 2, 1, 1));
        assert_eq!(*s.get(Scheme::Type), counts(2, 2, 0, 1, 1));
        let partial = s.get(Scheme::Partial);
        assert_eq!(partial.precision(Scheme::Partial), 3.0 / 5.0);
        assert_eq!(partial.recall(Scheme::Partial), 3.0 / 5.0);
        assert_eq!(s.get(Scheme::Strict).precision(Scheme::Strict), 0.2);
    }

    #[test]
    fn touching_units_do_not_overlap() {
        let s = scored(&[(0.0, 5.0, "A")], &[(5.0, 8.0, "A")]);
        assert_eq!(*s.get(Scheme::Type), counts(0, 0, 0, 1, 1));
        assert_eq!(s.get(Scheme::Type).f1(Scheme::Type), 0.0);
    }

    #[test]
    fn an_overlap_below_the_threshold_does_not_count() {
        // 1 character of a 200-character reference unit: 0.5 % < 1 %.
        let s = scored(&[(0.0, 200.0, "A")], &[(199.0, 210.0, "A")]);
        assert_eq!(*s.get(Scheme::Type), counts(0, 0, 0, 1, 1));
        // 2 characters: 1 %.
        let s = scored(&[(0.0, 200.0, "A")], &[(198.0, 210.0, "A")]);
        assert_eq!(*s.get(Scheme::Type), counts(1, 0, 0, 0, 0));
    }

    #[test]
    fn type_prefers_the_closest_reference_unit_of_the_same_category() {
        // Nested reference units: the system unit matches the inner one, the outer is missed.
        let s = scored(&[(0.0, 20.0, "A"), (5.0, 10.0, "A")], &[(5.0, 11.0, "A")]);
        assert_eq!(*s.get(Scheme::Type), counts(1, 0, 0, 1, 0));
        // Partial takes the first overlapping one (the outer unit, first in text order).
        assert_eq!(*s.get(Scheme::Partial), counts(0, 0, 1, 1, 0));
    }

    #[test]
    fn a_reference_unit_absorbs_one_system_unit() {
        // Two system units on one reference unit: the second is spurious.
        let s = scored(&[(0.0, 10.0, "A")], &[(0.0, 10.0, "A"), (0.0, 10.0, "A")]);
        assert_eq!(*s.get(Scheme::Strict), counts(1, 0, 0, 0, 1));
    }

    #[test]
    fn empty_sides_score_zero_without_dividing_by_zero() {
        let s = scored(&[], &[(0.0, 1.0, "A")]);
        let strict = s.get(Scheme::Strict);
        assert_eq!(*strict, counts(0, 0, 0, 0, 1));
        assert_eq!(
            (
                strict.precision(Scheme::Strict),
                strict.recall(Scheme::Strict)
            ),
            (0.0, 0.0)
        );
        let s = scored(&[(0.0, 1.0, "A")], &[]);
        assert_eq!(*s.get(Scheme::Exact), counts(0, 0, 0, 1, 0));
    }
}
