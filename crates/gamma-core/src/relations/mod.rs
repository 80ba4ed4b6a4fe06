//! Relations between units (discourse relations, coreference links, dependencies) and how much
//! annotators agree on them, through γ's best alignment of their units.
//!
//! An annotator's [`Relation`](crate::relation::Relation) links two of its own units, or groups of them (a Glozz schema such
//! as an SDRT complex discourse unit, by its member units), with a label. Annotators who segment
//! a text differently cannot be compared relation by relation on positions: a relation of one
//! annotator *corresponds* to another's when their endpoints lie in the same unitary alignments
//! of the best alignment (§4.5 of Mathet et al. 2015): the alignment already says which unit of
//! one annotator stands for which unit of the other. An endpoint's *image* is the unitary
//! alignment of its unit (for a group, the set of the unitary alignments of its members); two
//! relations correspond when their sources have the same image and their targets too (either way
//! round when the relation is not directed).
//!
//! For two annotators, relations are matched one to one: within each pair of images every
//! relation of the first can stand for every relation of the second, so a maximum matching pairs
//! min(n₁, n₂) of them, and pairing equal labels first makes the most of them agree on the label.
//! The counts then add up: `same_label + other_label + only_first = n₁` and
//! `same_label + other_label + only_second = n₂`. From them:
//! - **unlabelled F1** = 2·matched / (n₁ + n₂): do they link the same units, in the same direction?
//! - **labelled F1** = 2·same_label / (n₁ + n₂): and with the same label?
//! - **attachment F1**: the unlabelled F1 ignoring direction (which units are linked at all);
//! - **κ of the labels** of the matched relations (Cohen 1960): their label agreement corrected
//!   for chance, given that they are attached alike — undefined when every matched relation of
//!   both annotators has one and the same label.
//!
//! Worked example (also a test): A links u1→u2 "Elaboration" and u2→u3 "Comment"; B, whose units
//! v1, v2, v3 are aligned with u1, u2, u3, links v1→v2 "Elaboration" and v3→v2 "Comment". The
//! first relations match with the same label; A's second and B's second link the same units in
//! opposite directions: unmatched (only_first = only_second = 1), yet attached alike. So the
//! unlabelled and labelled F1 are 2·1/4 = 0.5 and the attachment F1 is 2·2/4 = 1.

mod scores;
pub use scores::{PrecisionRecall, RelationScores};

use crate::alignment::{Alignment, AlignmentProblem};
use crate::continuum::Continuum;
use crate::gamma::GammaResult;
use crate::relation::Endpoint;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Where a relation's endpoint lies in the best alignment: the unitary alignments of its units.
type Image = Vec<usize>;

/// The relations of two annotators that link the same images.
type Corresponding<'a> = (Vec<&'a Placed>, Vec<&'a Placed>);

/// A relation placed in the alignment.
#[derive(Debug, Clone)]
struct Placed {
    index: usize,
    label: String,
    source: Image,
    target: Image,
    directed: bool,
}

impl Placed {
    /// The key of correspondence: ordered for directed relations, sorted otherwise.
    fn key(&self, directed: bool) -> (Image, Image) {
        if directed && self.directed || self.source <= self.target {
            (self.source.clone(), self.target.clone())
        } else {
            (self.target.clone(), self.source.clone())
        }
    }
}

/// A relation that cannot be placed: an endpoint names no unit that was measured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unplaced {
    /// The annotator's name.
    pub annotator: String,
    /// The relation's id.
    pub relation: String,
    /// The endpoint's unit id that was not found among the measured units.
    pub missing: String,
}

/// A pair of corresponding relations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelationMatch {
    /// Index of the first annotator's relation (in its [`crate::continuum::Annotator::relations`]).
    pub first: usize,
    /// Index of the second annotator's relation.
    pub second: usize,
    /// Whether they have the same label.
    pub same_label: bool,
}

/// Agreement on relations between two annotators.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairAgreement {
    /// The two annotators' names.
    pub annotators: [String; 2],
    /// How many relations each has (placed ones: see [`RelationAgreement::unplaced`]).
    pub relations: [usize; 2],
    /// Matched with the same label.
    pub same_label: usize,
    /// Matched with another label.
    pub other_label: usize,
    /// The first's relations with no counterpart.
    pub only_first: usize,
    /// The second's relations with no counterpart.
    pub only_second: usize,
    /// Relations matched when direction is ignored (attachment).
    pub attached: usize,
    /// 2·matched / (n₁ + n₂).
    pub f1_unlabelled: f64,
    /// 2·same_label / (n₁ + n₂).
    pub f1_labelled: f64,
    /// 2·attached / (n₁ + n₂).
    pub f1_attachment: f64,
    /// Cohen's κ of the labels of the matched relations; `None` when undefined.
    pub label_kappa: Option<f64>,
    /// The matched relations, in the first annotator's order.
    pub matches: Vec<RelationMatch>,
}

/// One relation label over every pair of annotators.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LabelAgreement {
    /// The label.
    pub label: String,
    /// Relations with this label, the first and the second annotator of each pair summed.
    pub relations: [usize; 2],
    /// Matched pairs where both have this label.
    pub same_label: usize,
    /// 2·same_label / (relations₁ + relations₂).
    pub f1: f64,
}

/// Agreement on the relations of a document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RelationAgreement {
    /// Every pair of annotators, in continuum order.
    pub pairs: Vec<PairAgreement>,
    /// The counts of every pair summed, and the F1 of the sums (micro average).
    pub overall: PairAgreement,
    /// The mean of the pairs' κ of labels (pairs where it is defined).
    pub mean_label_kappa: Option<f64>,
    /// Each label, pairs summed.
    pub labels: Vec<LabelAgreement>,
    /// Relations that could not be placed, left out of every count.
    pub unplaced: Vec<Unplaced>,
}

/// Whether an annotator of `documents` has relations.
pub fn any_relations(documents: &[Continuum]) -> bool {
    (documents.iter()).any(|d| d.annotators.iter().any(|a| !a.relations.is_empty()))
}

/// Agreement on the relations of the documents of a γ result, each through its best alignment
/// (`documents` in the result's order): one document's own, several summed by pair of
/// annotators ([`combine`]). What the command line, the app, the report and Python show.
pub fn result_relation_agreement(
    documents: &[Continuum],
    result: &GammaResult,
) -> RelationAgreement {
    let each: Vec<RelationAgreement> = (documents.iter().zip(&result.documents))
        .map(|(continuum, aligned)| {
            relation_agreement(continuum, &aligned.problem, &aligned.alignment)
        })
        .collect();
    match each.as_slice() {
        [one] => one.clone(),
        several => combine(several),
    }
}

/// Agreement on the relations of `continuum` given the best alignment of its units.
pub fn relation_agreement(
    continuum: &Continuum,
    problem: &AlignmentProblem,
    alignment: &Alignment,
) -> RelationAgreement {
    let (placed, unplaced) = place(continuum, problem, alignment);
    let mut pairs = Vec::new();
    for a in 0..continuum.n_annotators() {
        for b in a + 1..continuum.n_annotators() {
            let names = [
                continuum.annotators[a].name.clone(),
                continuum.annotators[b].name.clone(),
            ];
            pairs.push(compare(names, &placed[a], &placed[b]));
        }
    }
    let overall = sum(&pairs);
    let kappas: Vec<f64> = pairs.iter().filter_map(|p| p.label_kappa).collect();
    let mean_label_kappa =
        (!kappas.is_empty()).then(|| kappas.iter().sum::<f64>() / kappas.len() as f64);
    let labels = labels(&pairs, &placed, continuum.n_annotators());
    RelationAgreement {
        pairs,
        overall,
        mean_label_kappa,
        labels,
        unplaced,
    }
}

/// Every annotator's relations placed in the alignment, and those that cannot be.
fn place(
    continuum: &Continuum,
    problem: &AlignmentProblem,
    alignment: &Alignment,
) -> (Vec<Vec<Placed>>, Vec<Unplaced>) {
    let mut alignment_of: HashMap<(usize, usize), usize> = HashMap::new();
    for which in 0..alignment.unitary_alignments.len() {
        for (annotator, slot) in alignment.slots(problem, which).into_iter().enumerate() {
            if let Some(unit) = slot {
                alignment_of.insert((annotator, unit), which);
            }
        }
    }
    let mut placed = Vec::new();
    let mut unplaced = Vec::new();
    for (a, annotator) in continuum.annotators.iter().enumerate() {
        let unit_of: HashMap<&str, usize> = annotator
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| Some((u.source_id.as_deref()?, i)))
            .collect();
        let image = |endpoint| image(endpoint, &unit_of, |unit| alignment_of[&(a, unit)]);
        let mut mine = Vec::new();
        for (index, relation) in annotator.relations.iter().enumerate() {
            match (image(&relation.source), image(&relation.target)) {
                (Ok(source), Ok(target)) => mine.push(Placed {
                    index,
                    label: relation.label.clone(),
                    source,
                    target,
                    directed: relation.directed,
                }),
                (Err(missing), _) | (_, Err(missing)) => unplaced.push(Unplaced {
                    annotator: annotator.name.clone(),
                    relation: relation.id.clone(),
                    missing,
                }),
            }
        }
        placed.push(mine);
    }
    (placed, unplaced)
}

/// The unitary alignments that an endpoint's units belong to (`alignment_of` a unit's index
/// among the annotator's units, found by id in `unit_of`), without repeats, in order; or the
/// id of what it names that is not measured: a unit not among the annotator's units, or a
/// group with no member.
fn image(
    endpoint: &Endpoint,
    unit_of: &HashMap<&str, usize>,
    alignment_of: impl Fn(usize) -> usize,
) -> Result<Image, String> {
    let ids: Vec<&String> = match endpoint {
        Endpoint::Unit(id) => vec![id],
        Endpoint::Group { members, .. } => members.iter().collect(),
    };
    let mut image = BTreeSet::new();
    for id in ids {
        let unit = unit_of.get(id.as_str()).ok_or_else(|| id.clone())?;
        image.insert(alignment_of(*unit));
    }
    if image.is_empty()
        && let Endpoint::Group { id, .. } = endpoint
    {
        return Err(id.clone());
    }
    Ok(image.into_iter().collect())
}

/// The one-to-one matching of two annotators' relations (see the module documentation).
fn matching(first: &[Placed], second: &[Placed], directed: bool) -> Vec<RelationMatch> {
    let mut groups: BTreeMap<(Image, Image), Corresponding> = BTreeMap::new();
    for r in first {
        groups.entry(r.key(directed)).or_default().0.push(r);
    }
    for r in second {
        groups.entry(r.key(directed)).or_default().1.push(r);
    }
    let mut matches = Vec::new();
    for (_, (mut ones, mut others)) in groups {
        // Equal labels first, in file order; then the rest, in file order.
        let mut i = 0;
        while i < ones.len() {
            match others.iter().position(|o| o.label == ones[i].label) {
                Some(j) => {
                    matches.push(RelationMatch {
                        first: ones.remove(i).index,
                        second: others.remove(j).index,
                        same_label: true,
                    });
                }
                None => i += 1,
            }
        }
        for (one, other) in ones.iter().zip(&others) {
            matches.push(RelationMatch {
                first: one.index,
                second: other.index,
                same_label: false,
            });
        }
    }
    matches.sort_by_key(|m| (m.first, m.second));
    matches
}

fn f1(matched: usize, n1: usize, n2: usize) -> f64 {
    if n1 + n2 == 0 {
        1.0
    } else {
        2.0 * matched as f64 / (n1 + n2) as f64
    }
}

fn compare(annotators: [String; 2], first: &[Placed], second: &[Placed]) -> PairAgreement {
    let matches = matching(first, second, true);
    let attached = matching(first, second, false).len();
    let same_label = matches.iter().filter(|m| m.same_label).count();
    let matched = matches.len();
    let (n1, n2) = (first.len(), second.len());
    let label_of = |placed: &[Placed], index: usize| {
        placed
            .iter()
            .find(|p| p.index == index)
            .map(|p| p.label.clone())
            .unwrap_or_default()
    };
    let pairs: Vec<(String, String)> = matches
        .iter()
        .map(|m| (label_of(first, m.first), label_of(second, m.second)))
        .collect();
    PairAgreement {
        annotators,
        relations: [n1, n2],
        same_label,
        other_label: matched - same_label,
        only_first: n1 - matched,
        only_second: n2 - matched,
        attached,
        f1_unlabelled: f1(matched, n1, n2),
        f1_labelled: f1(same_label, n1, n2),
        f1_attachment: f1(attached, n1, n2),
        label_kappa: cohen_kappa(&pairs),
        matches,
    }
}

/// Cohen's κ of paired labels: (p_o − p_e) / (1 − p_e); `None` with no pair or p_e = 1.
fn cohen_kappa(pairs: &[(String, String)]) -> Option<f64> {
    if pairs.is_empty() {
        return None;
    }
    let n = pairs.len() as f64;
    let observed = pairs.iter().filter(|(a, b)| a == b).count() as f64 / n;
    let mut first: BTreeMap<&str, f64> = BTreeMap::new();
    let mut second: BTreeMap<&str, f64> = BTreeMap::new();
    for (a, b) in pairs {
        *first.entry(a).or_default() += 1.0 / n;
        *second.entry(b).or_default() += 1.0 / n;
    }
    let expected: f64 = first
        .iter()
        .map(|(label, p)| p * second.get(label).copied().unwrap_or(0.0))
        .sum();
    (expected < 1.0).then(|| (observed - expected) / (1.0 - expected))
}

/// Every pair's counts summed, with the F1 of the sums.
fn sum(pairs: &[PairAgreement]) -> PairAgreement {
    let total = |f: fn(&PairAgreement) -> usize| pairs.iter().map(f).sum::<usize>();
    let n1 = total(|p| p.relations[0]);
    let n2 = total(|p| p.relations[1]);
    let same_label = total(|p| p.same_label);
    let other_label = total(|p| p.other_label);
    let attached = total(|p| p.attached);
    PairAgreement {
        annotators: ["all".into(), "pairs".into()],
        relations: [n1, n2],
        same_label,
        other_label,
        only_first: total(|p| p.only_first),
        only_second: total(|p| p.only_second),
        attached,
        f1_unlabelled: f1(same_label + other_label, n1, n2),
        f1_labelled: f1(same_label, n1, n2),
        f1_attachment: f1(attached, n1, n2),
        label_kappa: None,
        matches: Vec::new(),
    }
}

/// Each label over every pair: how many relations carry it on each side, how many match.
fn labels(pairs: &[PairAgreement], placed: &[Vec<Placed>], n: usize) -> Vec<LabelAgreement> {
    let mut rows: BTreeMap<String, LabelAgreement> = BTreeMap::new();
    let mut pair = 0;
    for a in 0..n {
        for b in a + 1..n {
            for (side, annotator) in [(0, a), (1, b)] {
                for relation in &placed[annotator] {
                    let row =
                        rows.entry(relation.label.clone())
                            .or_insert_with(|| LabelAgreement {
                                label: relation.label.clone(),
                                relations: [0, 0],
                                same_label: 0,
                                f1: 0.0,
                            });
                    row.relations[side] += 1;
                }
            }
            for m in pairs[pair].matches.iter().filter(|m| m.same_label) {
                if let Some(relation) = placed[a].iter().find(|p| p.index == m.first)
                    && let Some(row) = rows.get_mut(&relation.label)
                {
                    row.same_label += 1;
                }
            }
            pair += 1;
        }
    }
    rows.into_values()
        .map(|mut row| {
            row.f1 = f1(row.same_label, row.relations[0], row.relations[1]);
            row
        })
        .collect()
}

/// The agreements of several documents summed, pair by pair of annotator names and label by
/// label (micro average); the κ of labels is the mean of the documents' defined ones.
pub fn combine(documents: &[RelationAgreement]) -> RelationAgreement {
    let mut pairs: Vec<PairAgreement> = Vec::new();
    let mut kappas: Vec<Vec<f64>> = Vec::new();
    for pair in documents.iter().flat_map(|d| &d.pairs) {
        let at = match pairs.iter().position(|p| p.annotators == pair.annotators) {
            Some(at) => at,
            None => {
                let mut empty = sum(&[]);
                empty.annotators = pair.annotators.clone();
                pairs.push(empty);
                kappas.push(Vec::new());
                pairs.len() - 1
            }
        };
        let names = pairs[at].annotators.clone();
        let mut summed = sum(&[pairs[at].clone(), pair.clone()]);
        summed.annotators = names;
        pairs[at] = summed;
        kappas[at].extend(pair.label_kappa);
    }
    for (pair, kappa) in pairs.iter_mut().zip(&kappas) {
        pair.label_kappa =
            (!kappa.is_empty()).then(|| kappa.iter().sum::<f64>() / kappa.len() as f64);
    }
    let mut labels: BTreeMap<String, LabelAgreement> = BTreeMap::new();
    for label in documents.iter().flat_map(|d| &d.labels) {
        let row = labels
            .entry(label.label.clone())
            .or_insert_with(|| LabelAgreement {
                label: label.label.clone(),
                relations: [0, 0],
                same_label: 0,
                f1: 0.0,
            });
        row.relations[0] += label.relations[0];
        row.relations[1] += label.relations[1];
        row.same_label += label.same_label;
        row.f1 = f1(row.same_label, row.relations[0], row.relations[1]);
    }
    let kappas: Vec<f64> = pairs.iter().filter_map(|p| p.label_kappa).collect();
    RelationAgreement {
        overall: sum(&pairs),
        mean_label_kappa: (!kappas.is_empty())
            .then(|| kappas.iter().sum::<f64>() / kappas.len() as f64),
        pairs,
        labels: labels.into_values().collect(),
        unplaced: documents.iter().flat_map(|d| d.unplaced.clone()).collect(),
    }
}

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod tests;
