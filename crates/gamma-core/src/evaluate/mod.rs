//! Evaluation against a reference: how good is each annotator, or an automatic tagger, against a
//! gold standard? γ of each pair and the span scores NER papers report, side by side.
//!
//! For every annotator other than the reference (a "system"):
//!
//! * **γ against the reference**: the observed disorder of the pair's best alignment over the
//!   expected disorder of the chance model. By default ([`ChanceModel::Reference`]) chance
//!   annotations are drawn from the reference alone (two random annotators with its statistics,
//!   or rotated copies of it with the shuffle sampler), so every system is measured on the same
//!   scale and a system cannot raise its γ by annotating oddly; [`ChanceModel::Pair`] is the
//!   ordinary γ of the two annotators.
//! * **Span scores** in the four schemes of SemEval-2013 Task 9.1 ([`spans`]), overall and per
//!   category (each category on its own: both sides' units of that category only).
//! * **Confusion matrix** of categories over the pairs of γ's best alignment ([`confusion`]).
//! * **Relations** of the system against the reference's, matched through the same best
//!   alignment ([`crate::relations::RelationScores`]): labelled, unlabelled and attachment
//!   precision, recall and F1.
//! * **Disagreements**: every unitary alignment of the best alignment that is not an identical
//!   pair (missed, spurious, boundary, category, or both), with the text each unit covers.
//!
//! A [`mapping::LabelMapping`] turns the system's labels into the reference's before anything
//! is compared. For a corpus, counts and matrices are summed over the documents and γ pools the
//! documents as [`crate::gamma::corpus_gamma`] does. `gamma_formats::reference::with_reference` builds the
//! corpus to evaluate from documents read: against an annotator named, or against the curated
//! document of an INCEpTION project export (the command line and the app both use it).
//!
//! Units of one annotator may overlap or nest: each is a unit of its own for γ and for the span
//! schemes. A zero-length, reversed or non-finite unit is an error naming the document, the
//! annotator and the unit (the readers already reject them with the file and line).

pub mod confusion;
pub mod mapping;
pub mod spans;
#[cfg(test)]
mod tests;

use crate::continuum::{Annotator, Continuum};
use crate::corpus::Corpus;
use crate::gamma::{DocumentAlignment, GammaError, GammaOptions, RunControl};
use crate::relations::{RelationScores, relation_agreement};
use crate::unit::Unit;
use confusion::ConfusionMatrix;
use mapping::{LabelMapping, Mapped};
use spans::{SpanScores, text_order};
use std::collections::{BTreeMap, BTreeSet};

/// Where the expected disorder of a system's γ comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ChanceModel {
    /// Chance annotations drawn from the reference alone: one expected disorder for all
    /// systems.
    #[default]
    Reference,
    /// Chance annotations drawn from the pair (the ordinary γ of two annotators).
    Pair,
}

/// Every setting of an evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct EvaluationOptions {
    /// Dissimilarity, sampler, number of samples and seed of the γ of each pair.
    pub gamma: GammaOptions,
    /// Where the expected disorder comes from.
    pub chance_model: ChanceModel,
    /// Share of a reference unit that a system unit must cover to overlap it, in percent
    /// (0 < p ≤ 100; nervaluate's default: 1).
    pub min_overlap_percent: f64,
    /// System label → reference label.
    pub mapping: Option<LabelMapping>,
}

impl Default for EvaluationOptions {
    fn default() -> Self {
        EvaluationOptions {
            gamma: GammaOptions::default(),
            chance_model: ChanceModel::default(),
            min_overlap_percent: 1.0,
            mapping: None,
        }
    }
}

/// Why an evaluation could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvaluationError {
    /// The reference annotator is not in a document.
    #[error(
        "document {document:?} has no annotator {name:?} (its annotators: {})",
        .available.join(", ")
    )]
    UnknownReference {
        /// The document.
        document: String,
        /// The reference asked for.
        name: String,
        /// The annotators it has.
        available: Vec<String>,
    },
    /// Nothing to compare with the reference.
    #[error("there is no annotator besides the reference {0:?} to evaluate")]
    NoSystem(String),
    /// No document at all.
    #[error("no document to evaluate")]
    NoDocument,
    /// A unit that is not a span.
    #[error("document {document:?}, annotator {annotator:?}, unit {index} ({unit}): {reason}")]
    InvalidUnit {
        /// The document.
        document: String,
        /// The annotator.
        annotator: String,
        /// The unit's index in the annotator's list.
        index: usize,
        /// The unit.
        unit: Box<Unit>,
        /// What is wrong with it.
        reason: crate::unit::InvalidUnit,
    },
    /// The overlap threshold is outside (0, 100].
    #[error("the minimum overlap must be more than 0 % and at most 100 %, not {0}")]
    MinOverlap(f64),
    /// The alignment or γ failed (too dense a document, the solver) or was cancelled.
    #[error("{0}")]
    Gamma(#[from] GammaError),
}

/// Why γ of a system against the reference is undefined (the span scores still are).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UndefinedGamma {
    /// Neither side has a unit in the documents the system annotated.
    #[error("neither the reference nor this annotator has a unit")]
    NoUnit,
    /// The reference chance model draws from the reference, which has no unit.
    #[error("the reference has no unit, so its chance model is undefined")]
    NoReferenceUnit,
    /// γ's chance model could not be computed (too few units to sample from…).
    #[error("{0}")]
    Gamma(GammaError),
}

/// γ of a system against the reference.
#[derive(Debug, Clone, PartialEq)]
pub struct PairGamma {
    /// `1 − D_o / D_e` (1 when `D_o = 0`).
    pub gamma: f64,
    /// Disorder of the pair's best alignment.
    pub observed_disorder: f64,
    /// Mean disorder of the chance model's random continua.
    pub expected_disorder: f64,
    /// Number of random continua drawn.
    pub n_samples: usize,
    /// Seed of the random continua.
    pub seed: u64,
}

/// What kind of disagreement a unitary alignment of the pair is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DisagreementKind {
    /// A reference unit aligned with nothing.
    Missed,
    /// A system unit aligned with nothing.
    Spurious,
    /// Same category, other boundaries.
    Boundary,
    /// Same boundaries, other category.
    Category,
    /// Other boundaries and other category.
    BoundaryAndCategory,
}

impl DisagreementKind {
    /// The kind's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            DisagreementKind::Missed => "missed",
            DisagreementKind::Spurious => "spurious",
            DisagreementKind::Boundary => "boundary",
            DisagreementKind::Category => "category",
            DisagreementKind::BoundaryAndCategory => "boundary+category",
        }
    }
}

/// A unit in a disagreement.
#[derive(Debug, Clone, PartialEq)]
pub struct EvaluatedUnit {
    /// Index of the unit in its annotator's list in the document (as read).
    pub index: usize,
    /// Start position.
    pub start: f64,
    /// End position.
    pub end: f64,
    /// The category compared (for a system unit: after the mapping).
    pub category: String,
    /// The category as the annotator wrote it, when the mapping changed it.
    pub written_category: Option<String>,
    /// The text the unit covers, when the document has a text.
    pub text: Option<String>,
}

/// A unitary alignment of the pair that is not an identical pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    /// Index of the document in the corpus.
    pub document: usize,
    /// What differs.
    pub kind: DisagreementKind,
    /// The unitary alignment's disorder δ.
    pub disorder: f64,
    /// The reference's unit, if any.
    pub reference: Option<EvaluatedUnit>,
    /// The system's unit, if any.
    pub system: Option<EvaluatedUnit>,
}

/// How the two label sets compare.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LabelReport {
    /// System labels the mapping does not name (kept as they are); empty without a mapping.
    pub unmapped: Vec<String>,
    /// System units the mapping dropped.
    pub dropped_units: usize,
    /// Categories of the system (after the mapping) that the reference never uses.
    pub system_only: Vec<String>,
    /// Categories of the reference that the system (after the mapping) never uses.
    pub reference_only: Vec<String>,
}

/// One system against the reference.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemEvaluation {
    /// The system's annotator name.
    pub annotator: String,
    /// The documents it annotated (by index in the corpus), the only ones it is evaluated on.
    pub documents: Vec<usize>,
    /// γ against the reference, or why it is undefined (no unit at all, a reference with no
    /// unit under the reference chance model…).
    pub gamma: Result<PairGamma, UndefinedGamma>,
    /// The span scores over all categories.
    pub spans: SpanScores,
    /// The span scores of each category (both sides' units of that category only).
    pub per_category: BTreeMap<String, SpanScores>,
    /// Categories over the pairs of the best alignment.
    pub confusion: ConfusionMatrix,
    /// Every non-identical unitary alignment, document by document, in text order.
    pub disagreements: Vec<Disagreement>,
    /// How the label sets compare.
    pub labels: LabelReport,
    /// Its relations against the reference's (all zero when neither has relations).
    pub relations: RelationScores,
}

/// Every system of a corpus against one reference.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The reference annotator.
    pub reference: String,
    /// The documents' names, in corpus order ([`Disagreement::document`] indexes them).
    pub documents: Vec<String>,
    /// The other annotators, in the order they first appear.
    pub systems: Vec<SystemEvaluation>,
}

/// Evaluates every annotator of `corpus` other than `reference` against it.
pub fn evaluate(
    corpus: &Corpus,
    reference: &str,
    options: &EvaluationOptions,
    control: RunControl,
) -> Result<Evaluation, EvaluationError> {
    let p = options.min_overlap_percent;
    if !(p > 0.0 && p <= 100.0) {
        return Err(EvaluationError::MinOverlap(p));
    }
    let documents = &corpus.documents;
    if documents.is_empty() {
        return Err(EvaluationError::NoDocument);
    }
    let mut reference_index = Vec::with_capacity(documents.len());
    for document in documents {
        check_units(document)?;
        let found = document.annotators.iter().position(|a| a.name == reference);
        reference_index.push(found.ok_or_else(|| EvaluationError::UnknownReference {
            document: document.name.clone(),
            name: reference.to_string(),
            available: document.annotator_names(),
        })?);
    }
    let systems = system_names(documents, reference)?;
    let mut gamma_options = options.gamma.clone();
    gamma_options.categorical_gammas = false;
    let shared_chance = match options.chance_model {
        ChanceModel::Reference => Some(reference_chance(
            documents,
            &reference_index,
            &gamma_options,
            control,
        )?),
        ChanceModel::Pair => None,
    };
    let mut evaluations = Vec::with_capacity(systems.len());
    for system in &systems {
        let pairs: Vec<Pair> = (documents.iter().enumerate().zip(&reference_index))
            .filter(|((_, document), _)| document.annotators.iter().any(|a| &a.name == system))
            .map(|((index, document), &r)| {
                Pair::new(index, document, r, system, options.mapping.as_ref())
            })
            .collect();
        evaluations.push(evaluate_system(
            system,
            &pairs,
            shared_chance.as_ref(),
            &gamma_options,
            options,
            control,
        )?);
    }
    Ok(Evaluation {
        reference: reference.to_string(),
        documents: documents.iter().map(|d| d.name.clone()).collect(),
        systems: evaluations,
    })
}

fn check_units(document: &Continuum) -> Result<(), EvaluationError> {
    for annotator in &document.annotators {
        for (index, unit) in annotator.units.iter().enumerate() {
            if let Err(reason) = Unit::new(unit.start, unit.end, "") {
                return Err(EvaluationError::InvalidUnit {
                    document: document.name.clone(),
                    annotator: annotator.name.clone(),
                    index,
                    unit: Box::new(unit.clone()),
                    reason,
                });
            }
        }
    }
    Ok(())
}

/// The annotators other than the reference, in the order they first appear (each is evaluated
/// on the documents that have it).
fn system_names(documents: &[Continuum], reference: &str) -> Result<Vec<String>, EvaluationError> {
    let mut systems: Vec<String> = Vec::new();
    for document in documents {
        for name in document.annotator_names() {
            if name != reference && !systems.contains(&name) {
                systems.push(name);
            }
        }
    }
    if systems.is_empty() {
        return Err(EvaluationError::NoSystem(reference.to_string()));
    }
    Ok(systems)
}

/// The expected disorder of chance annotations drawn from the reference alone: γ's sampler run
/// on documents made of the reference and a copy of it (their observed disorder is 0 and
/// unused). `Err` when it is undefined (the reference has no unit).
fn reference_chance(
    documents: &[Continuum],
    reference_index: &[usize],
    options: &GammaOptions,
    control: RunControl,
) -> Result<Result<(f64, usize), UndefinedGamma>, EvaluationError> {
    let twins: Vec<Continuum> = documents
        .iter()
        .zip(reference_index)
        .map(|(document, &r)| {
            let mut copy = document.annotators[r].clone();
            copy.name.push('′');
            Continuum {
                name: document.name.clone(),
                text: document.text.clone(),
                annotators: vec![document.annotators[r].clone(), copy],
            }
        })
        .collect();
    if twins.iter().all(|t| t.n_units() == 0) {
        return Ok(Err(UndefinedGamma::NoReferenceUnit));
    }
    match crate::gamma::corpus_gamma(&Corpus::new(twins), options, control) {
        Ok(result) => Ok(Ok((result.expected_disorder, result.n_samples))),
        Err(GammaError::Cancelled) => Err(GammaError::Cancelled.into()),
        Err(e) => Ok(Err(UndefinedGamma::Gamma(e))),
    }
}

/// One document's reference and system, the system's labels mapped.
struct Pair<'a> {
    /// The document's index in the corpus.
    index: usize,
    document: &'a Continuum,
    reference: usize,
    system: usize,
    /// The reference and the mapped system, as a two-annotator continuum.
    continuum: Continuum,
    /// For each unit of the mapped system, its index in the document (dropped units are gone).
    system_indices: Vec<usize>,
    labels: LabelReport,
}

impl<'a> Pair<'a> {
    fn new(
        index: usize,
        document: &'a Continuum,
        reference: usize,
        system_name: &str,
        mapping: Option<&LabelMapping>,
    ) -> Pair<'a> {
        let system = document
            .annotators
            .iter()
            .position(|a| a.name == system_name)
            .expect("only documents that have the system are paired");
        let source = &document.annotators[system];
        let mut mapped = Annotator {
            name: source.name.clone(),
            units: Vec::with_capacity(source.units.len()),
            own_text: source.own_text.clone(),
            relations: source.relations.clone(),
        };
        let mut system_indices = Vec::with_capacity(source.units.len());
        let mut labels = LabelReport::default();
        let mut unmapped = BTreeSet::new();
        for (index, unit) in source.units.iter().enumerate() {
            let category = match mapping.map(|m| m.map(&unit.category)) {
                None => unit.category.clone(),
                Some(Mapped::To(to)) => to.to_string(),
                Some(Mapped::Unmapped) => {
                    unmapped.insert(unit.category.clone());
                    unit.category.clone()
                }
                Some(Mapped::Dropped) => {
                    labels.dropped_units += 1;
                    continue;
                }
            };
            let mut unit = unit.clone();
            unit.category = category;
            mapped.units.push(unit);
            system_indices.push(index);
        }
        labels.unmapped = unmapped.into_iter().collect();
        let continuum = Continuum {
            name: document.name.clone(),
            text: document.text.clone(),
            annotators: vec![document.annotators[reference].clone(), mapped],
        };
        Pair {
            index,
            document,
            reference,
            system,
            continuum,
            system_indices,
            labels,
        }
    }

    fn categories(&self, side: usize) -> BTreeSet<&str> {
        self.continuum.annotators[side]
            .units
            .iter()
            .map(|u| u.category.as_str())
            .collect()
    }

    /// The span scores of this document: overall, and for each category of either side.
    fn span_scores(&self, min_overlap_percent: f64) -> (SpanScores, BTreeMap<String, SpanScores>) {
        let sorted = |side: usize, category: Option<&str>| {
            let mut units: Vec<&Unit> = self.continuum.annotators[side]
                .units
                .iter()
                .filter(|u| category.is_none_or(|c| u.category == c))
                .collect();
            text_order(&mut units);
            units
        };
        let overall = spans::score(&sorted(0, None), &sorted(1, None), min_overlap_percent);
        let mut per_category = BTreeMap::new();
        let mut categories = self.categories(0);
        categories.extend(self.categories(1));
        for category in categories {
            let scores = spans::score(
                &sorted(0, Some(category)),
                &sorted(1, Some(category)),
                min_overlap_percent,
            );
            per_category.insert(category.to_string(), scores);
        }
        (overall, per_category)
    }

    fn evaluated_unit(&self, side: usize, index: usize) -> EvaluatedUnit {
        let unit = &self.continuum.annotators[side].units[index];
        let (annotator, index) = match side {
            0 => (self.reference, index),
            _ => (self.system, self.system_indices[index]),
        };
        let written = &self.document.annotators[annotator].units[index].category;
        EvaluatedUnit {
            index,
            start: unit.start,
            end: unit.end,
            category: unit.category.clone(),
            written_category: (*written != unit.category).then(|| written.clone()),
            text: self.document.covered_text(annotator, unit),
        }
    }

    /// Adds this document's aligned pairs to the matrix and lists its disagreements.
    fn read_alignment(
        &self,
        document: usize,
        aligned: &DocumentAlignment,
        confusion: &mut ConfusionMatrix,
        disagreements: &mut Vec<Disagreement>,
    ) {
        let units = &self.continuum.annotators;
        for (which, unitary) in aligned.alignment.unitary_alignments.iter().enumerate() {
            let slots = aligned.alignment.slots(&aligned.problem, which);
            let (r, s) = (slots[0], slots[1]);
            let category =
                |side: usize, i: Option<usize>| i.map(|i| units[side].units[i].category.as_str());
            confusion.add(category(0, r), category(1, s));
            let kind = match (r, s) {
                (Some(_), None) => DisagreementKind::Missed,
                (None, Some(_)) => DisagreementKind::Spurious,
                (Some(r), Some(s)) => {
                    let (a, b) = (&units[0].units[r], &units[1].units[s]);
                    let same_boundaries = a.start == b.start && a.end == b.end;
                    match (same_boundaries, a.category == b.category) {
                        (true, true) => continue,
                        (false, true) => DisagreementKind::Boundary,
                        (true, false) => DisagreementKind::Category,
                        (false, false) => DisagreementKind::BoundaryAndCategory,
                    }
                }
                (None, None) => continue,
            };
            disagreements.push(Disagreement {
                document,
                kind,
                disorder: unitary.disorder,
                reference: r.map(|i| self.evaluated_unit(0, i)),
                system: s.map(|i| self.evaluated_unit(1, i)),
            });
        }
    }
}

fn evaluate_system(
    name: &str,
    pairs: &[Pair],
    shared_chance: Option<&Result<(f64, usize), UndefinedGamma>>,
    gamma_options: &GammaOptions,
    options: &EvaluationOptions,
    control: RunControl,
) -> Result<SystemEvaluation, EvaluationError> {
    let mut spans = SpanScores::default();
    let mut per_category: BTreeMap<String, SpanScores> = BTreeMap::new();
    let mut labels = LabelReport::default();
    let (mut reference_categories, mut system_categories) = (BTreeSet::new(), BTreeSet::new());
    for pair in pairs {
        let (overall, categories) = pair.span_scores(options.min_overlap_percent);
        spans.add(&overall);
        for (category, scores) in categories {
            per_category.entry(category).or_default().add(&scores);
        }
        labels.unmapped.extend(pair.labels.unmapped.iter().cloned());
        labels.dropped_units += pair.labels.dropped_units;
        reference_categories.extend(pair.categories(0));
        system_categories.extend(pair.categories(1));
    }
    labels.unmapped.sort();
    labels.unmapped.dedup();
    let only = |a: &BTreeSet<&str>, b: &BTreeSet<&str>| -> Vec<String> {
        a.difference(b).map(|c| c.to_string()).collect()
    };
    labels.system_only = only(&system_categories, &reference_categories);
    labels.reference_only = only(&reference_categories, &system_categories);

    // The confusion matrix has a cell per pair of categories: refused before it is made.
    let check = |count: usize, what: &str| {
        crate::dissimilarity::check_category_count(count, what)
            .map_err(|e| GammaError::Parameters(e.into()))
    };
    check(reference_categories.len(), "the reference's categories")?;
    check(
        system_categories.len(),
        &format!("the categories of {name:?}"),
    )?;
    let mut confusion = ConfusionMatrix::new(
        reference_categories.iter().map(|c| c.to_string()).collect(),
        system_categories.iter().map(|c| c.to_string()).collect(),
    );
    let mut disagreements = Vec::new();
    let mut total_disorder = 0.0;
    let mut total_units = 0;
    let mut relations = Vec::new();
    for pair in pairs {
        total_units += pair.continuum.n_units();
        if pair.continuum.n_units() == 0 {
            continue;
        }
        let aligned = crate::gamma::DocumentAlignment::of(&pair.continuum, gamma_options).map_err(
            |e| match e {
                GammaError::Cancelled => e,
                other => GammaError::Document {
                    document: pair.document.name.clone(),
                    problem: crate::gamma::DocumentProblem::Alignment(Box::new(other)),
                },
            },
        )?;
        total_disorder += aligned
            .alignment
            .unitary_alignments
            .iter()
            .map(|u| u.disorder)
            .sum::<f64>();
        pair.read_alignment(pair.index, &aligned, &mut confusion, &mut disagreements);
        relations.push(relation_agreement(
            &pair.continuum,
            &aligned.problem,
            &aligned.alignment,
        ));
    }
    let gamma = if total_units == 0 {
        Err(UndefinedGamma::NoUnit)
    } else {
        let observed = total_disorder / gamma_options.mean_units_rule.mean_units(total_units, 2);
        let expected = match shared_chance {
            Some(shared) => shared.clone(),
            None => pair_chance(pairs, gamma_options, control)?,
        };
        expected.map(|(expected_disorder, n_samples)| PairGamma {
            gamma: crate::gamma::gamma_from(observed, expected_disorder),
            observed_disorder: observed,
            expected_disorder,
            n_samples,
            seed: gamma_options.seed,
        })
    };
    Ok(SystemEvaluation {
        annotator: name.to_string(),
        documents: pairs.iter().map(|p| p.index).collect(),
        gamma,
        spans,
        per_category,
        confusion,
        disagreements,
        labels,
        relations: RelationScores::over_documents(&relations),
    })
}

/// The expected disorder of the pair's own chance model.
fn pair_chance(
    pairs: &[Pair],
    options: &GammaOptions,
    control: RunControl,
) -> Result<Result<(f64, usize), UndefinedGamma>, EvaluationError> {
    let corpus = Corpus::new(pairs.iter().map(|p| p.continuum.clone()).collect());
    match crate::gamma::corpus_gamma(&corpus, options, control) {
        Ok(result) => Ok(Ok((result.expected_disorder, result.n_samples))),
        Err(GammaError::Cancelled) => Err(GammaError::Cancelled.into()),
        Err(e) => Ok(Err(UndefinedGamma::Gamma(e))),
    }
}
