//! The unitary alignments the timeline, the list and the inspector show, in one shape whatever
//! they come from: the best alignment of a γ result (the γ paper §4.5), the token pairs of the
//! first two annotators of a tγ result, or the proposals of an adjudication (which stay as they
//! were when the adjudication began). Built once, when the result arrives (in the job's thread)
//! or when the adjudication starts; every panel reads it.

use gamma_core::Continuum;
use gamma_core::gamma::DocumentAlignment;
use gamma_core::gold::Adjudication;
use gamma_core::textgamma::TextGammaResult;

/// Order of the list of unitary alignments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlignmentOrder {
    /// The most disordered first.
    WorstFirst,
    /// By index, which is the order of the text.
    TextOrder,
}

/// One unitary alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownAlignment {
    /// For each annotator, the index of its unit in the alignment, or `None` (∅).
    pub units: Vec<Option<usize>>,
    /// The alignment's disorder δ.
    pub disorder: f64,
    /// The first position of its units.
    pub start: f64,
    /// The last position of its units.
    pub end: f64,
}

/// The unitary alignments shown, with their orders and the way back from a unit.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShownAlignments {
    /// The alignments, in text order.
    pub rows: Vec<ShownAlignment>,
    /// Indices into `rows`, the most disordered first (ties in text order).
    pub worst_first: Vec<usize>,
    /// For each annotator and each of its units, the alignment holding it.
    of_unit: Vec<Vec<Option<usize>>>,
    /// The sum of the disorders.
    pub total_disorder: f64,
    /// The largest disorder (the red end of the colour scale).
    pub worst_disorder: f64,
}

impl ShownAlignments {
    /// Builds the shown alignments of `continuum` from `(units of each annotator, disorder)`.
    pub fn new(
        continuum: &Continuum,
        alignments: impl IntoIterator<Item = (Vec<Option<usize>>, f64)>,
    ) -> ShownAlignments {
        let mut of_unit: Vec<Vec<Option<usize>>> = continuum
            .annotators
            .iter()
            .map(|a| vec![None; a.units.len()])
            .collect();
        let mut rows = Vec::new();
        for (index, (units, disorder)) in alignments.into_iter().enumerate() {
            let (mut start, mut end) = (f64::INFINITY, f64::NEG_INFINITY);
            for (a, slot) in units.iter().enumerate() {
                let Some(u) = *slot else { continue };
                if let Some(unit) = continuum.annotators.get(a).and_then(|x| x.units.get(u)) {
                    start = start.min(unit.start);
                    end = end.max(unit.end);
                }
                if let Some(holder) = of_unit.get_mut(a).and_then(|x| x.get_mut(u))
                    && holder.is_none()
                {
                    *holder = Some(index);
                }
            }
            rows.push(ShownAlignment {
                units,
                disorder,
                start,
                end,
            });
        }
        let mut worst_first: Vec<usize> = (0..rows.len()).collect();
        worst_first.sort_by(|&a, &b| rows[b].disorder.total_cmp(&rows[a].disorder));
        ShownAlignments {
            total_disorder: rows.iter().map(|r| r.disorder).sum(),
            worst_disorder: rows.iter().map(|r| r.disorder).fold(0.0, f64::max),
            rows,
            worst_first,
            of_unit,
        }
    }

    /// The best alignment of a γ result (`aligned` is of `continuum`).
    pub fn of_gamma(continuum: &Continuum, aligned: &DocumentAlignment) -> ShownAlignments {
        let alignment = &aligned.alignment;
        ShownAlignments::new(
            continuum,
            alignment
                .unitary_alignments
                .iter()
                .enumerate()
                .map(|(i, unitary)| (alignment.slots(&aligned.problem, i), unitary.disorder)),
        )
    }

    /// The best alignment of a γ result of a part of `continuum`: unit `u` of annotator `a`
    /// in the part is unit `kept[a][u]` of `continuum` (categories left out of the measure).
    pub fn of_gamma_kept(
        continuum: &Continuum,
        aligned: &DocumentAlignment,
        kept: &[Vec<usize>],
    ) -> ShownAlignments {
        let alignment = &aligned.alignment;
        ShownAlignments::of_part(
            continuum,
            (alignment.unitary_alignments.iter().enumerate())
                .map(|(i, unitary)| (alignment.slots(&aligned.problem, i), unitary.disorder)),
            kept,
        )
    }

    /// Alignments of a part of `continuum`, unit `u` of annotator `a` in the part being unit
    /// `kept[a][u]` of `continuum`.
    fn of_part(
        continuum: &Continuum,
        alignments: impl IntoIterator<Item = (Vec<Option<usize>>, f64)>,
        kept: &[Vec<usize>],
    ) -> ShownAlignments {
        ShownAlignments::new(
            continuum,
            alignments.into_iter().map(|(slots, disorder)| {
                let shown = (slots.into_iter().enumerate())
                    .map(|(a, u)| u.and_then(|u| kept.get(a)?.get(u).copied()))
                    .collect();
                (shown, disorder)
            }),
        )
    }

    /// The token pairs of the first two annotators of a tγ result (tγ aligns annotators
    /// pairwise; the results panel says that only the first pair is drawn).
    pub fn of_text_gamma(continuum: &Continuum, result: &TextGammaResult) -> ShownAlignments {
        let unit_index = text_gamma_unit_index(continuum);
        let Some(pair) = result.observed.pairs.first() else {
            return ShownAlignments::new(continuum, []);
        };
        let continuum_unit = |annotator: usize, token: Option<usize>| {
            token.and_then(|t| unit_index.get(annotator)?.get(t).copied())
        };
        ShownAlignments::new(
            continuum,
            pair.units.iter().map(|&(x, y, disorder)| {
                let mut units = vec![None; continuum.n_annotators()];
                units[pair.first] = continuum_unit(pair.first, x);
                units[pair.second] = continuum_unit(pair.second, y);
                (units, disorder)
            }),
        )
    }

    /// The proposals of an adjudication of `document` (whose units left out of γ are not in
    /// the adjudication's continuum: each slot points at the same unit in `document`).
    pub fn of_adjudication(adjudication: &Adjudication, document: &Continuum) -> ShownAlignments {
        let held = adjudication.continuum();
        if held == document {
            return ShownAlignments::new(
                document,
                (adjudication.proposals().iter()).map(|p| (p.slots.clone(), p.disorder)),
            );
        }
        // The adjudication's units are the document's in the same order, some left out.
        let kept: Vec<Vec<usize>> = (held.annotators.iter())
            .zip(&document.annotators)
            .map(|(held, all)| {
                let mut next = 0;
                (held.units.iter())
                    .map(|unit| {
                        while next < all.units.len() && &all.units[next] != unit {
                            next += 1;
                        }
                        next += 1;
                        next - 1
                    })
                    .collect()
            })
            .collect();
        ShownAlignments::of_part(
            document,
            (adjudication.proposals().iter()).map(|p| (p.slots.clone(), p.disorder)),
            &kept,
        )
    }

    /// How many alignments are shown.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Alignment `index` (in text order).
    pub fn get(&self, index: usize) -> Option<&ShownAlignment> {
        self.rows.get(index)
    }

    /// The index of the alignment at `position` of the list in `order`.
    pub fn at(&self, order: AlignmentOrder, position: usize) -> Option<usize> {
        match order {
            AlignmentOrder::WorstFirst => self.worst_first.get(position).copied(),
            AlignmentOrder::TextOrder => (position < self.rows.len()).then_some(position),
        }
    }

    /// Every index, in `order`.
    pub fn ordered(&self, order: AlignmentOrder) -> Vec<usize> {
        match order {
            AlignmentOrder::WorstFirst => self.worst_first.clone(),
            AlignmentOrder::TextOrder => (0..self.rows.len()).collect(),
        }
    }

    /// The alignment holding unit `unit` of annotator `annotator`.
    pub fn of_unit(&self, annotator: usize, unit: usize) -> Option<usize> {
        *self.of_unit.get(annotator)?.get(unit)?
    }
}

/// For each annotator, the continuum index of each token in the order tγ sorts them (by
/// start, then end), as `annotations_of` does.
fn text_gamma_unit_index(continuum: &Continuum) -> Vec<Vec<usize>> {
    continuum
        .annotators
        .iter()
        .map(|a| {
            let mut order: Vec<usize> = (0..a.units.len()).collect();
            order.sort_by(|&x, &y| {
                let (u, v) = (&a.units[x], &a.units[y]);
                (u.start, u.end)
                    .partial_cmp(&(v.start, v.end))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            order
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamma_formats::{ReadOptions, read_documents};
    use std::path::Path;

    fn fixture(name: &str) -> Continuum {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name);
        read_documents(&[path], &ReadOptions::default())
            .unwrap()
            .0
            .remove(0)
            .continuum
    }

    #[test]
    fn the_shape_holds_extents_orders_and_the_way_back_from_a_unit() {
        let continuum = fixture("pygamma/h6_three_annot.csv");
        let shown = ShownAlignments::new(
            &continuum,
            [
                (vec![Some(0), None, Some(0)], 0.5),
                (vec![None, Some(0), None], 1.5),
                (vec![None, Some(1), None], 0.5),
            ],
        );
        assert_eq!(shown.worst_first, [1, 0, 2], "ties keep text order");
        assert_eq!(shown.ordered(AlignmentOrder::TextOrder), [0, 1, 2]);
        assert_eq!(shown.at(AlignmentOrder::WorstFirst, 0), Some(1));
        assert_eq!(shown.at(AlignmentOrder::TextOrder, 3), None);
        assert_eq!((shown.total_disorder, shown.worst_disorder), (2.5, 1.5));
        assert_eq!(shown.of_unit(1, 1), Some(2));
        assert_eq!(shown.of_unit(0, 1), None, "in no alignment");
        assert_eq!(shown.of_unit(0, 2), None, "no such unit");
        assert_eq!(shown.of_unit(7, 0), None, "no such annotator");
        let a = &continuum.annotators;
        assert_eq!(
            (shown.rows[0].start, shown.rows[0].end),
            (
                a[0].units[0].start.min(a[2].units[0].start),
                a[0].units[0].end.max(a[2].units[0].end)
            )
        );
    }

    #[test]
    fn a_gamma_alignment_is_shown_as_the_core_aligned_it() {
        let continuum = fixture("pygamma/h6_three_annot.csv");
        let aligned =
            gamma_core::gamma::DocumentAlignment::of(&continuum, &Default::default()).unwrap();
        let shown = ShownAlignments::of_gamma(&continuum, &aligned);
        let alignment = &aligned.alignment;
        assert_eq!(shown.len(), alignment.unitary_alignments.len());
        for (i, row) in shown.rows.iter().enumerate() {
            assert_eq!(row.units, alignment.slots(&aligned.problem, i));
            assert_eq!(row.disorder, alignment.unitary_alignments[i].disorder);
            for (a, u) in row.units.iter().enumerate() {
                if let Some(u) = u {
                    assert_eq!(shown.of_unit(a, *u), Some(i));
                }
            }
        }
        let sum: f64 = alignment
            .unitary_alignments
            .iter()
            .map(|u| u.disorder)
            .sum();
        assert!((shown.total_disorder - sum).abs() < 1e-12);
        let worst = shown.worst_first[0];
        assert_eq!(shown.rows[worst].disorder, shown.worst_disorder);
    }
}
