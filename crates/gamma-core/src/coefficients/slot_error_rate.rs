//! The Slot Error Rate adapted to named entities by Galibert et al. (2010), as the γ paper
//! describes it (§3.3, Figure 5): a hypothesis is aligned one to one with the reference so as to
//! cost least, where a pair wrong on the category only ("T") or on the boundaries only ("B")
//! costs ½, a pair wrong on both ("TB") 1, an unaligned hypothesis unit (insertion, "I") 1 and
//! an unaligned reference unit (deletion, "D") 1; the rate is the cost per reference unit.
//! Units can pair only when they overlap. It is not chance-corrected and can exceed 1.

use crate::alignment::solver::hungarian;
use crate::continuum::Continuum;
use crate::unit::Unit;

/// The errors of the cheapest alignment of a hypothesis with a reference.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SlotErrors {
    /// Units of the reference (the rate's denominator).
    pub reference_units: usize,
    /// Pairs with the right boundaries and the wrong category ("T", cost ½).
    pub category: usize,
    /// Pairs with the right category and wrong boundaries ("B", cost ½).
    pub boundaries: usize,
    /// Pairs wrong on both ("TB", cost 1).
    pub category_and_boundaries: usize,
    /// Hypothesis units left unpaired ("I", cost 1).
    pub insertions: usize,
    /// Reference units left unpaired ("D", cost 1).
    pub deletions: usize,
}

impl SlotErrors {
    /// The total cost: ½ per T or B error, 1 per TB, insertion or deletion.
    pub fn cost(&self) -> f64 {
        0.5 * (self.category + self.boundaries) as f64
            + (self.category_and_boundaries + self.insertions + self.deletions) as f64
    }

    /// Cost per reference unit (`None` without reference units).
    pub(crate) fn rate(&self) -> Option<f64> {
        (self.reference_units > 0).then(|| self.cost() / self.reference_units as f64)
    }
}

/// The cost of pairing two overlapping units: 0, ½ (T or B) or 1 (TB).
fn pair_cost(reference: &Unit, hypothesis: &Unit) -> f64 {
    let same_category = reference.category == hypothesis.category;
    let same_bounds = reference.start == hypothesis.start && reference.end == hypothesis.end;
    match (same_category, same_bounds) {
        (true, true) => 0.0,
        (true, false) | (false, true) => 0.5,
        (false, false) => 1.0,
    }
}

fn overlap(a: &Unit, b: &Unit) -> bool {
    a.start < b.end && b.start < a.end
}

/// Aligns `hypothesis` with `reference` at least cost and counts its errors.
pub(crate) fn slot_errors(reference: &[Unit], hypothesis: &[Unit]) -> SlotErrors {
    let mut errors = SlotErrors {
        reference_units: reference.len(),
        ..SlotErrors::default()
    };
    // Units that can pair form groups of overlapping units; each group is aligned alone.
    let mut all: Vec<(bool, &Unit)> = reference
        .iter()
        .map(|u| (true, u))
        .chain(hypothesis.iter().map(|u| (false, u)))
        .collect();
    all.sort_by(|a, b| a.1.start.total_cmp(&b.1.start));
    let mut group: Vec<(bool, &Unit)> = Vec::new();
    let mut group_end = f64::NEG_INFINITY;
    for item in all {
        if item.1.start >= group_end && !group.is_empty() {
            count_group(&group, &mut errors);
            group.clear();
        }
        group_end = if group.is_empty() {
            item.1.end
        } else {
            group_end.max(item.1.end)
        };
        group.push(item);
    }
    if !group.is_empty() {
        count_group(&group, &mut errors);
    }
    errors
}

fn count_group(group: &[(bool, &Unit)], errors: &mut SlotErrors) {
    let refs: Vec<&Unit> = group.iter().filter(|x| x.0).map(|x| x.1).collect();
    let hyps: Vec<&Unit> = group.iter().filter(|x| !x.0).map(|x| x.1).collect();
    if refs.is_empty() || hyps.is_empty() {
        errors.deletions += refs.len();
        errors.insertions += hyps.len();
        return;
    }
    // Pairing saves the 2 of a deletion plus an insertion and costs the pair's cost, so each
    // reference row chooses a hypothesis column at (cost − 2), or one of its own "unaligned"
    // columns at 0; pairs that do not overlap cost 0 too and count as unaligned.
    let n_cols = hyps.len() + refs.len();
    let mut cost = vec![0.0; refs.len() * n_cols];
    for (i, r) in refs.iter().enumerate() {
        for (j, h) in hyps.iter().enumerate() {
            if overlap(r, h) {
                cost[i * n_cols + j] = pair_cost(r, h) - 2.0;
            }
        }
    }
    let chosen = hungarian(&cost, refs.len(), n_cols);
    let mut aligned = 0;
    for (i, &j) in chosen.iter().enumerate() {
        if j < hyps.len() && overlap(refs[i], hyps[j]) {
            aligned += 1;
            let (r, h) = (refs[i], hyps[j]);
            match (
                r.category == h.category,
                r.start == h.start && r.end == h.end,
            ) {
                (true, true) => {}
                (false, true) => errors.category += 1,
                (true, false) => errors.boundaries += 1,
                (false, false) => errors.category_and_boundaries += 1,
            }
        }
    }
    errors.deletions += refs.len() - aligned;
    errors.insertions += hyps.len() - aligned;
}

/// `1 − SER` averaged over every ordered pair of annotators (each in turn the reference), as
/// the γ paper plots it; `None` when no annotator has a unit.
pub(crate) fn ser_agreement(continuum: &Continuum) -> Option<f64> {
    let mut sum = 0.0;
    let mut pairs = 0;
    for (i, reference) in continuum.annotators.iter().enumerate() {
        for (j, hypothesis) in continuum.annotators.iter().enumerate() {
            if i != j
                && let Some(rate) = slot_errors(&reference.units, &hypothesis.units).rate()
            {
                sum += 1.0 - rate;
                pairs += 1;
            }
        }
    }
    (pairs > 0).then(|| sum / pairs as f64)
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

    #[test]
    fn each_kind_of_error_costs_as_the_paper_says() {
        let reference = units(&[
            (0.0, 10.0, "PER"),
            (20.0, 30.0, "LOC"),
            (40.0, 50.0, "ORG"),
            (60.0, 70.0, "PER"),
            (80.0, 90.0, "PER"),
        ]);
        let hypothesis = units(&[
            (0.0, 10.0, "PER"),  // correct
            (20.0, 30.0, "ORG"), // T
            (42.0, 50.0, "ORG"), // B
            (61.0, 72.0, "LOC"), // TB
            (100.0, 110.0, "X"), // I; the reference's [80, 90) is a D
        ]);
        let errors = slot_errors(&reference, &hypothesis);
        assert_eq!(
            errors,
            SlotErrors {
                reference_units: 5,
                category: 1,
                boundaries: 1,
                category_and_boundaries: 1,
                insertions: 1,
                deletions: 1,
            }
        );
        assert_eq!(errors.cost(), 0.5 + 0.5 + 1.0 + 1.0 + 1.0);
        assert_eq!(errors.rate(), Some(4.0 / 5.0));
    }

    #[test]
    fn the_cheapest_alignment_is_chosen_and_the_rate_can_exceed_one() {
        // The hypothesis's [0, 10) PER could pair with either reference unit; pairing it with
        // the exact one (cost 0) and the other hypothesis unit with [5, 15) LOC (T, ½) is
        // cheapest.
        let reference = units(&[(0.0, 10.0, "PER"), (5.0, 15.0, "LOC")]);
        let hypothesis = units(&[(0.0, 10.0, "PER"), (5.0, 15.0, "PER")]);
        assert_eq!(slot_errors(&reference, &hypothesis).cost(), 0.5);
        // Three insertions on one reference unit: SER = 3.
        let many = units(&[
            (0.0, 10.0, "PER"),
            (20.0, 21.0, "A"),
            (30.0, 31.0, "A"),
            (40.0, 41.0, "A"),
        ]);
        assert_eq!(
            slot_errors(&units(&[(0.0, 10.0, "PER")]), &many).rate(),
            Some(3.0)
        );
        assert_eq!(slot_errors(&[], &many).rate(), None);
    }

    #[test]
    fn agreement_averages_both_directions() {
        let mut c = Continuum::new("ser");
        c.add("a", 0.0, 10.0, "x").unwrap();
        c.add("a", 20.0, 30.0, "x").unwrap();
        c.add("b", 0.0, 10.0, "x").unwrap();
        // a as reference: one deletion of 2 units → ½; b as reference: one insertion of 1 → 1.
        assert_eq!(ser_agreement(&c), Some(1.0 - (0.5 + 1.0) / 2.0));
    }
}
