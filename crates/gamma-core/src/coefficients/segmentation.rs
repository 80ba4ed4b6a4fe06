//! Segmentation distances between a reference and a hypothesis: Pk (Beeferman, Berger &
//! Lafferty 1997), WindowDiff (Pevzner & Hearst 2002) and the Generalized Hamming Distance
//! (Bookstein, Kulyukin & Raita 2002), as the Corpus Shuffling Tool compares them with γ
//! (seed 004, §4.1): a distance of 0 for identical segmentations, agreement = 1 − distance,
//! averaged over every ordered pair of annotators.
//!
//! A continuum of spans becomes a segmentation by its boundaries: every start and end of a
//! unit, at whole positions of `[start, end)` (the continuum's own ends are not boundaries).

use crate::continuum::Continuum;
use crate::unit::Unit;

/// The boundaries of a segmentation of `atoms` positions: slot `s` (1 ≤ s < atoms) is the
/// boundary between positions `s − 1` and `s`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segmentation {
    /// The number of positions segmented.
    pub atoms: usize,
    /// Sorted, distinct.
    pub boundaries: Vec<usize>,
}

impl Segmentation {
    /// The boundaries that `units` draw on `[start, end)`, rounded to whole positions.
    pub(crate) fn of_units<'a>(
        units: impl IntoIterator<Item = &'a Unit>,
        start: f64,
        end: f64,
    ) -> Self {
        let first = start.floor() as i64;
        let atoms = (end.ceil() as i64 - first).max(0) as usize;
        let mut boundaries: Vec<usize> = units
            .into_iter()
            .flat_map(|u| [u.start, u.end])
            .map(|x| (x.round() as i64 - first).clamp(0, atoms as i64) as usize)
            .filter(|&s| s > 0 && s < atoms)
            .collect();
        boundaries.sort_unstable();
        boundaries.dedup();
        Segmentation { atoms, boundaries }
    }

    /// From a string of '0' and '1', one character per slot after each position (NLTK's
    /// notation: `"0100"` has a boundary after the second of five positions).
    #[cfg(test)]
    fn from_slots(slots: &str) -> Self {
        Segmentation {
            atoms: slots.len() + 1,
            boundaries: slots
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'1')
                .map(|(i, _)| i + 1)
                .collect(),
        }
    }

    /// Half the mean length of the segments: the customary window of Pk and WindowDiff, and
    /// the shift beyond which the Generalized Hamming Distance counts a moved boundary as
    /// missing plus extra (at least 1).
    pub(crate) fn half_mean_segment(&self) -> usize {
        let segments = self.boundaries.len() + 1;
        ((self.atoms as f64 / segments as f64 / 2.0).round() as usize).max(1)
    }

    /// `counts[s]` = number of boundaries in slots `1..=s`.
    fn cumulative(&self) -> Vec<usize> {
        let mut counts = vec![0; self.atoms + 1];
        for &b in &self.boundaries {
            counts[b] += 1;
        }
        for s in 1..counts.len() {
            counts[s] += counts[s - 1];
        }
        counts
    }
}

/// The windows `(i, i + k)` of both segmentations, as the numbers of boundaries each puts
/// between the window's ends (`None` when the segmentations differ in size or are not longer
/// than the window).
fn windows(
    reference: &Segmentation,
    hypothesis: &Segmentation,
    k: usize,
) -> Option<Vec<(usize, usize)>> {
    if reference.atoms != hypothesis.atoms || k == 0 || reference.atoms <= k {
        return None;
    }
    let (r, h) = (reference.cumulative(), hypothesis.cumulative());
    Some(
        (0..reference.atoms - k)
            .map(|i| (r[i + k] - r[i], h[i + k] - h[i]))
            .collect(),
    )
}

/// Pk: the share of windows of width `k` whose ends are in the same segment for one
/// segmentation and not for the other.
pub fn pk(reference: &Segmentation, hypothesis: &Segmentation, k: usize) -> Option<f64> {
    let w = windows(reference, hypothesis, k)?;
    Some(w.iter().filter(|(r, h)| (*r > 0) != (*h > 0)).count() as f64 / w.len() as f64)
}

/// WindowDiff: the share of windows of width `k` in which the two segmentations put different
/// numbers of boundaries.
pub(crate) fn window_diff(
    reference: &Segmentation,
    hypothesis: &Segmentation,
    k: usize,
) -> Option<f64> {
    let w = windows(reference, hypothesis, k)?;
    Some(w.iter().filter(|(r, h)| r != h).count() as f64 / w.len() as f64)
}

/// The costs of the Generalized Hamming Distance's edit operations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GhdCosts {
    /// A reference boundary the hypothesis lacks.
    pub missing: f64,
    /// A hypothesis boundary the reference lacks.
    pub extra: f64,
    /// Cost per position of moving a boundary.
    pub shift_per_position: f64,
}

impl GhdCosts {
    /// Missing and extra boundaries cost 1; a boundary moved by `window` positions costs as
    /// much as one missing plus one extra (2), so a move counts progressively up to that.
    pub(crate) fn for_window(window: usize) -> Self {
        GhdCosts {
            missing: 1.0,
            extra: 1.0,
            shift_per_position: 2.0 / window.max(1) as f64,
        }
    }
}

/// The Generalized Hamming Distance: the cheapest edit of the hypothesis's boundaries into the
/// reference's by adding, removing and moving boundaries (moves do not cross).
pub fn ghd(reference: &[usize], hypothesis: &[usize], costs: GhdCosts) -> f64 {
    // A move dearer than removing plus adding is never taken, so runs of boundaries separated
    // by more than that distance are edited independently.
    let reach = (costs.missing + costs.extra) / costs.shift_per_position;
    let mut merged: Vec<(usize, bool)> = reference
        .iter()
        .map(|&b| (b, true))
        .chain(hypothesis.iter().map(|&b| (b, false)))
        .collect();
    merged.sort_unstable();
    let mut total = 0.0;
    let mut chunk_start = 0;
    for i in 1..=merged.len() {
        let ends_chunk = i == merged.len() || (merged[i].0 - merged[i - 1].0) as f64 >= reach;
        if ends_chunk {
            let chunk = &merged[chunk_start..i];
            let r: Vec<usize> = chunk.iter().filter(|x| x.1).map(|x| x.0).collect();
            let h: Vec<usize> = chunk.iter().filter(|x| !x.1).map(|x| x.0).collect();
            total += ghd_dynamic(&r, &h, costs);
            chunk_start = i;
        }
    }
    total
}

fn ghd_dynamic(reference: &[usize], hypothesis: &[usize], costs: GhdCosts) -> f64 {
    let width = hypothesis.len() + 1;
    let mut previous: Vec<f64> = (0..width).map(|j| j as f64 * costs.extra).collect();
    let mut row = vec![0.0; width];
    for (i, &r) in reference.iter().enumerate() {
        row[0] = (i + 1) as f64 * costs.missing;
        for (j, &h) in hypothesis.iter().enumerate() {
            let moved = previous[j] + costs.shift_per_position * r.abs_diff(h) as f64;
            row[j + 1] = moved
                .min(previous[j + 1] + costs.missing)
                .min(row[j] + costs.extra);
        }
        std::mem::swap(&mut previous, &mut row);
    }
    previous[width - 1]
}

/// The GHD normalised to [0, 1]: divided by the cost of removing every hypothesis boundary and
/// adding every reference one (0 when neither has a boundary).
pub(crate) fn ghd_distance(
    reference: &Segmentation,
    hypothesis: &Segmentation,
    window: usize,
) -> f64 {
    let costs = GhdCosts::for_window(window);
    let worst = costs.missing * reference.boundaries.len() as f64
        + costs.extra * hypothesis.boundaries.len() as f64;
    if worst == 0.0 {
        return 0.0;
    }
    ghd(&reference.boundaries, &hypothesis.boundaries, costs) / worst
}

/// Which segmentation distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SegmentationDistance {
    /// Beeferman et al.'s Pk ([`pk`]).
    Pk,
    /// Pevzner & Hearst's WindowDiff ([`window_diff`]).
    WindowDiff,
    /// The Generalized Hamming Distance, normalised ([`ghd_distance`]).
    GeneralizedHamming,
}

/// `1 − distance`, averaged over every ordered pair of annotators (each in turn the
/// reference, whose half mean segment length sets the window); `None` when no annotator has a
/// unit (nothing to agree on) or no pair can be compared.
pub(crate) fn segmentation_agreement(
    continuum: &Continuum,
    start: f64,
    end: f64,
    distance: SegmentationDistance,
) -> Option<f64> {
    if continuum.n_units() == 0 {
        return None;
    }
    let segmentations: Vec<Segmentation> = continuum
        .annotators
        .iter()
        .map(|a| Segmentation::of_units(&a.units, start, end))
        .collect();
    let mut sum = 0.0;
    let mut pairs = 0;
    for (i, reference) in segmentations.iter().enumerate() {
        let window = reference.half_mean_segment();
        for (j, hypothesis) in segmentations.iter().enumerate() {
            if i == j {
                continue;
            }
            let value = match distance {
                SegmentationDistance::Pk => pk(reference, hypothesis, window),
                SegmentationDistance::WindowDiff => window_diff(reference, hypothesis, window),
                SegmentationDistance::GeneralizedHamming => {
                    Some(ghd_distance(reference, hypothesis, window))
                }
            };
            if let Some(v) = value {
                sum += 1.0 - v;
                pairs += 1;
            }
        }
    }
    (pairs > 0).then(|| sum / pairs as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// NLTK's documented examples (nltk.metrics.segmentation).
    #[test]
    fn windowdiff_and_pk_on_nltks_examples() {
        let s1 = Segmentation::from_slots("000100000010");
        let s2 = Segmentation::from_slots("000010000100");
        let s3 = Segmentation::from_slots("100000010000");
        assert_eq!(window_diff(&s1, &s1, 3), Some(0.0));
        assert!(close(window_diff(&s1, &s2, 3).unwrap(), 0.3));
        assert!(close(window_diff(&s2, &s3, 3).unwrap(), 0.8));
        // Pk by hand for s1/s2: windows 1, 4 and 7 of 10 see a boundary in one only.
        assert!(close(pk(&s1, &s2, 3).unwrap(), 0.3));
        let reference = Segmentation::from_slots(&"0100".repeat(100));
        assert_eq!(pk(&reference, &reference, 2), Some(0.0));
        // NLTK prints 0.50 for both: of the 399 windows, 200 hold one of the reference's
        // boundaries and 199 none.
        assert!(close(
            pk(&reference, &Segmentation::from_slots(&"1".repeat(400)), 2).unwrap(),
            199.0 / 399.0
        ));
        assert!(close(
            pk(&reference, &Segmentation::from_slots(&"0".repeat(400)), 2).unwrap(),
            200.0 / 399.0
        ));
        // A window as wide as the text leaves nothing to compare.
        assert_eq!(pk(&s1, &s2, 13), None);
    }

    /// NLTK's documented GHD examples: ghd(ref, hyp, ins_cost, del_cost, shift_cost_coeff),
    /// where NLTK's "insertion" is a reference boundary missing from the hypothesis.
    #[test]
    fn ghd_on_nltks_examples() {
        let nltk = |r: &str, h: &str, ins: f64, del: f64, shift: f64| {
            ghd(
                &Segmentation::from_slots(r).boundaries,
                &Segmentation::from_slots(h).boundaries,
                GhdCosts {
                    missing: ins,
                    extra: del,
                    shift_per_position: shift,
                },
            )
        };
        assert!(close(nltk("1100100000", "1100010000", 1.0, 1.0, 0.5), 0.5));
        assert!(close(nltk("1100100000", "1100000001", 1.0, 1.0, 0.5), 2.0));
        assert!(close(nltk("011", "110", 1.0, 1.0, 0.5), 1.0));
        assert!(close(nltk("1", "0", 1.0, 1.0, 0.5), 1.0));
        assert!(close(nltk("111", "000", 1.0, 1.0, 0.5), 3.0));
        assert!(close(nltk("000", "111", 1.0, 2.0, 0.5), 6.0));
    }

    #[test]
    fn ghd_chunks_give_the_same_cost_as_one_dynamic_programme() {
        let reference = [3, 10, 11, 40, 41, 90, 120];
        let hypothesis = [4, 12, 39, 60, 91, 92, 130];
        let costs = GhdCosts::for_window(4);
        assert!(close(
            ghd(&reference, &hypothesis, costs),
            ghd_dynamic(&reference, &hypothesis, costs)
        ));
    }

    #[test]
    fn units_become_boundaries_and_agreement_averages_the_pairs() {
        let mut c = Continuum::new("seg");
        for (a, s, e) in [("a", 0.0, 10.0), ("a", 10.0, 20.0), ("b", 0.0, 12.0)] {
            c.add(a, s, e, "seg").unwrap();
        }
        c.add("b", 12.0, 20.0, "seg").unwrap();
        let a = Segmentation::of_units(&c.annotators[0].units, 0.0, 20.0);
        assert_eq!(a.boundaries, vec![10]);
        assert_eq!(a.half_mean_segment(), 5);
        // WindowDiff with k = 5: windows i = 0..15; a counts a boundary for i in 5..10, b for
        // i in 7..12: they differ for i = 5, 6, 10, 11 → 4/15 either way round.
        let agreement =
            segmentation_agreement(&c, 0.0, 20.0, SegmentationDistance::WindowDiff).unwrap();
        assert!(close(agreement, 1.0 - 4.0 / 15.0));
        // GHD: one boundary moved by 2 with a shift of 2/5 per position: 0.8 of a worst 2.
        let ghd_agreement =
            segmentation_agreement(&c, 0.0, 20.0, SegmentationDistance::GeneralizedHamming)
                .unwrap();
        assert!(close(ghd_agreement, 1.0 - 0.8 / 2.0));
        // Annotators who marked nothing do not agree perfectly: there is nothing to compare.
        let mut empty = Continuum::new("nothing");
        empty.add_annotator("a");
        empty.add_annotator("b");
        assert_eq!(
            segmentation_agreement(&empty, 0.0, 20.0, SegmentationDistance::Pk),
            None
        );
    }
}
