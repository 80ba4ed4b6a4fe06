//! Evaluations of hand-made documents: the alignment's confusions and disagreements, γ under
//! both chance models, the mapping, and the errors.

use super::spans::{Counts, Scheme};
use super::*;
use crate::gamma::SampleCount;

fn options(chance_model: ChanceModel) -> EvaluationOptions {
    EvaluationOptions {
        gamma: GammaOptions {
            samples: SampleCount::Fixed(20),
            seed: 11,
            ..GammaOptions::default()
        },
        chance_model,
        ..EvaluationOptions::default()
    }
}

fn document() -> Continuum {
    crate::synthetic::tagger_against_gold()
}

fn corpus(c: Continuum) -> Corpus {
    Corpus::new(vec![c])
}

#[test]
fn confusion_and_disagreements_follow_the_best_alignment() {
    let e = evaluate(
        &corpus(document()),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    assert_eq!(e.reference, "gold");
    let tagger = &e.systems[0];
    assert_eq!(tagger.annotator, "tagger");
    let m = &tagger.confusion;
    assert_eq!(m.reference_categories, ["LOC", "MISC", "ORG", "PER"]);
    assert_eq!(m.system_categories, ["LOC", "ORG", "PER"]);
    // Rows LOC, MISC, ORG, PER, ∅; columns LOC, ORG, PER, ∅.
    assert_eq!(
        m.counts,
        vec![
            vec![0, 0, 1, 0],
            vec![0, 0, 0, 1],
            vec![0, 1, 0, 0],
            vec![0, 0, 1, 0],
            vec![1, 0, 0, 0],
        ]
    );
    let kinds: Vec<_> = tagger.disagreements.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        [
            DisagreementKind::Category,
            DisagreementKind::Boundary,
            DisagreementKind::Spurious,
            DisagreementKind::Missed
        ]
    );
    let category = &tagger.disagreements[0];
    assert_eq!(category.disorder, 1.0);
    let (r, s) = (
        category.reference.as_ref().unwrap(),
        category.system.as_ref().unwrap(),
    );
    assert_eq!(
        (r.index, r.category.as_str(), r.text.as_deref()),
        (1, "LOC", Some("klmno"))
    );
    assert_eq!((s.index, s.category.as_str()), (1, "PER"));
    let boundary = &tagger.disagreements[1];
    assert!((boundary.disorder - 1.0 / 81.0).abs() < 1e-15);
    assert_eq!(
        boundary.system.as_ref().unwrap().text.as_deref(),
        Some("vwxy")
    );
    assert!(tagger.disagreements[2].reference.is_none());
    assert_eq!(
        tagger.disagreements[3]
            .reference
            .as_ref()
            .unwrap()
            .text
            .as_deref(),
        Some("YZ012")
    );
    assert_eq!(tagger.labels.system_only, Vec::<String>::new());
    assert_eq!(tagger.labels.reference_only, ["MISC"]);
}

#[test]
fn span_scores_overall_and_per_category() {
    let e = evaluate(
        &corpus(document()),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let t = &e.systems[0];
    let c = |c, i, p, m, s| Counts {
        correct: c,
        incorrect: i,
        partial: p,
        missed: m,
        spurious: s,
    };
    assert_eq!(*t.spans.get(Scheme::Strict), c(1, 2, 0, 1, 1));
    assert_eq!(*t.spans.get(Scheme::Exact), c(2, 1, 0, 1, 1));
    assert_eq!(*t.spans.get(Scheme::Partial), c(2, 0, 1, 1, 1));
    assert_eq!(*t.spans.get(Scheme::Type), c(2, 1, 0, 1, 1));
    // Per category, each side keeps only that category: the tagger's PER on the LOC is
    // spurious for PER, and the LOC is missed for LOC (its spurious LOC is elsewhere).
    assert_eq!(*t.per_category["PER"].get(Scheme::Strict), c(1, 0, 0, 0, 1));
    assert_eq!(*t.per_category["LOC"].get(Scheme::Strict), c(0, 0, 0, 1, 1));
    assert_eq!(*t.per_category["ORG"].get(Scheme::Type), c(1, 0, 0, 0, 0));
    assert_eq!(*t.per_category["ORG"].get(Scheme::Strict), c(0, 1, 0, 0, 0));
    assert_eq!(
        *t.per_category["MISC"].get(Scheme::Partial),
        c(0, 0, 0, 1, 0)
    );
    assert_eq!(t.per_category.len(), 4);
}

#[test]
fn gamma_under_both_chance_models() {
    let doc = document();
    // Σδ = 0 (PER) + 1 (PER on LOC) + 1/81 (ORG) + 1 (spurious) + 1 (missed); x̄ = 8 / 2.
    let observed = (3.0 + 1.0 / 81.0) / 4.0;
    let by_reference = evaluate(
        &corpus(doc.clone()),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let g = by_reference.systems[0].gamma.as_ref().unwrap();
    assert!((g.observed_disorder - observed).abs() < 1e-12, "{g:?}");
    assert_eq!((g.n_samples, g.seed), (20, 11));
    assert_eq!(g.gamma, 1.0 - observed / g.expected_disorder);
    // The reference's chance model: γ's sampler on the gold and a copy of it.
    let mut twins = Continuum::new("doc");
    twins.text = doc.text.clone();
    for unit in &doc.annotators[0].units {
        twins.add_unit("gold", unit.clone());
        twins.add_unit("copy", unit.clone());
    }
    let gamma_options = options(ChanceModel::Reference).gamma;
    let chance = crate::gamma::gamma(&twins, &gamma_options, RunControl::default()).unwrap();
    assert_eq!(g.expected_disorder, chance.expected_disorder);

    let by_pair = evaluate(
        &corpus(doc.clone()),
        "gold",
        &options(ChanceModel::Pair),
        RunControl::default(),
    )
    .unwrap();
    let g = by_pair.systems[0].gamma.as_ref().unwrap();
    let pair = crate::gamma::gamma(&doc, &gamma_options, RunControl::default()).unwrap();
    assert!(
        (g.gamma - pair.gamma).abs() < 1e-12,
        "{} vs {}",
        g.gamma,
        pair.gamma
    );
    assert_eq!(g.expected_disorder, pair.expected_disorder);
}

#[test]
fn every_system_shares_the_reference_chance_model() {
    let mut doc = document();
    for unit in doc.annotators[0].units.clone() {
        doc.add_unit("copy", unit);
    }
    let e = evaluate(
        &corpus(doc),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let names: Vec<_> = e.systems.iter().map(|s| s.annotator.as_str()).collect();
    assert_eq!(names, ["tagger", "copy"]);
    let (a, b) = (
        e.systems[0].gamma.as_ref().unwrap(),
        e.systems[1].gamma.as_ref().unwrap(),
    );
    assert_eq!(a.expected_disorder, b.expected_disorder);
    assert_eq!((b.gamma, b.observed_disorder), (1.0, 0.0));
    assert!(e.systems[1].disagreements.is_empty());
    assert_eq!(
        e.systems[1].spans.get(Scheme::Strict).f1(Scheme::Strict),
        1.0
    );
}

#[test]
fn the_mapping_renames_drops_and_reports() {
    let mut doc = Continuum::new("doc");
    doc.add("gold", 0.0, 5.0, "PER").unwrap();
    doc.add("gold", 10.0, 15.0, "LOC").unwrap();
    doc.add("gold", 20.0, 25.0, "ORG").unwrap();
    doc.add("sys", 0.0, 5.0, "PERSON").unwrap();
    doc.add("sys", 10.0, 15.0, "GPE").unwrap();
    doc.add("sys", 20.0, 25.0, "ORG").unwrap();
    doc.add("sys", 30.0, 35.0, "DATE").unwrap();
    doc.add("sys", 40.0, 45.0, "MONEY").unwrap();
    let mapping = LabelMapping::from_pairs([("PERSON", "PER"), ("GPE", "LOC"), ("DATE", "")]);
    let mut with = options(ChanceModel::Reference);
    with.mapping = Some(mapping);
    let e = evaluate(&corpus(doc.clone()), "gold", &with, RunControl::default()).unwrap();
    let s = &e.systems[0];
    let strict = s.spans.get(Scheme::Strict);
    assert_eq!((strict.correct, strict.spurious, strict.missed), (3, 1, 0));
    assert_eq!(s.labels.unmapped, ["MONEY", "ORG"]);
    assert_eq!(s.labels.dropped_units, 1);
    assert_eq!(s.labels.system_only, ["MONEY"]);
    assert!(s.labels.reference_only.is_empty());
    assert_eq!(s.confusion.count(Some("PER"), Some("PER")), 1);
    assert_eq!(s.confusion.count(None, Some("MONEY")), 1);
    // The spurious MONEY keeps its index in the tagger's list (the dropped DATE before it).
    let money = s.disagreements[0].system.as_ref().unwrap();
    assert_eq!((money.index, money.written_category.as_deref()), (4, None));

    let without = evaluate(
        &corpus(doc),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let s = &without.systems[0];
    assert_eq!(s.spans.get(Scheme::Strict).correct, 1);
    assert!(s.labels.unmapped.is_empty());
    assert_eq!(s.labels.system_only, ["DATE", "GPE", "MONEY", "PERSON"]);
    assert_eq!(s.labels.reference_only, ["LOC", "PER"]);
    // A renamed unit says what it was.
    let e = evaluate(
        &corpus(document()),
        "gold",
        &{
            let mut o = options(ChanceModel::Reference);
            o.mapping = Some(LabelMapping::from_pairs([("PER", "LOC")]));
            o
        },
        RunControl::default(),
    )
    .unwrap();
    let first = e.systems[0].disagreements[0].system.as_ref().unwrap();
    assert_eq!(
        (first.category.as_str(), first.written_category.as_deref()),
        ("LOC", Some("PER"))
    );
}

#[test]
fn overlapping_units_of_one_annotator_are_units_of_their_own() {
    // The gold nests a PER in an ORG; the tagger found only the ORG, twice.
    let mut doc = Continuum::new("doc");
    doc.add("gold", 0.0, 20.0, "ORG").unwrap();
    doc.add("gold", 5.0, 10.0, "PER").unwrap();
    doc.add("tagger", 0.0, 20.0, "ORG").unwrap();
    doc.add("tagger", 0.0, 20.0, "ORG").unwrap();
    let e = evaluate(
        &corpus(doc),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let s = &e.systems[0];
    let strict = s.spans.get(Scheme::Strict);
    // The second ORG overlaps the PER: incorrect in strict, not a second correct.
    assert_eq!(
        (
            strict.correct,
            strict.incorrect,
            strict.missed,
            strict.spurious
        ),
        (1, 1, 0, 0)
    );
    assert_eq!(s.confusion.count(Some("ORG"), Some("ORG")), 1);
    assert_eq!(s.disagreements.len(), 1);
    assert_eq!(
        s.disagreements[0].kind,
        DisagreementKind::BoundaryAndCategory
    );
}

#[test]
fn corpus_counts_are_summed_over_documents() {
    let mut second = document();
    second.name = "doc2".into();
    let corpus = Corpus::new(vec![document(), second]);
    let e = evaluate(
        &corpus,
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let s = &e.systems[0];
    let strict = s.spans.get(Scheme::Strict);
    assert_eq!(
        (
            strict.correct,
            strict.incorrect,
            strict.missed,
            strict.spurious
        ),
        (2, 4, 2, 2)
    );
    assert_eq!(s.confusion.count(Some("LOC"), Some("PER")), 2);
    assert_eq!(s.disagreements.len(), 8);
    assert_eq!(s.disagreements[4].document, 1);
    assert_eq!(e.documents, ["doc", "doc2"]);
    // Pooled as corpus γ pools: the same D_o as one document.
    let g = s.gamma.as_ref().unwrap();
    assert!((g.observed_disorder - (3.0 + 1.0 / 81.0) / 4.0).abs() < 1e-12);
}

#[test]
fn bad_input_is_a_clear_error() {
    let run = |c: &Continuum, reference: &str, o: &EvaluationOptions| {
        evaluate(&corpus(c.clone()), reference, o, RunControl::default())
            .unwrap_err()
            .to_string()
    };
    let o = options(ChanceModel::Reference);
    assert_eq!(
        run(&document(), "silver", &o),
        "document \"doc\" has no annotator \"silver\" (its annotators: gold, tagger)"
    );
    let mut alone = Continuum::new("doc");
    alone.add("gold", 0.0, 1.0, "A").unwrap();
    assert_eq!(
        run(&alone, "gold", &o),
        "there is no annotator besides the reference \"gold\" to evaluate"
    );
    let mut zero = document();
    zero.annotators[1].units[2].end = 21.0;
    assert_eq!(
        run(&zero, "gold", &o),
        "document \"doc\", annotator \"tagger\", unit 2 (ORG [21, 21)): zero-length unit at 21 (start = end)"
    );
    let mut bad = o.clone();
    bad.min_overlap_percent = 0.0;
    assert!(run(&document(), "gold", &bad).contains("minimum overlap"));
}

/// A corpus whose documents have different annotators: each is evaluated on the documents it
/// annotated, exactly as on those documents alone.
#[test]
fn each_annotator_is_evaluated_on_the_documents_it_annotated() {
    let o = EvaluationOptions::default();
    let mut other = document();
    other.name = "other".into();
    other.annotators[1].name = "tagger2".into();
    let two = Corpus::new(vec![document(), other.clone()]);
    let both = evaluate(&two, "gold", &o, RunControl::default()).unwrap();
    let names: Vec<&str> = both.systems.iter().map(|s| s.annotator.as_str()).collect();
    assert_eq!(names, ["tagger", "tagger2"]);
    assert_eq!(both.systems[0].documents, [0]);
    assert_eq!(both.systems[1].documents, [1]);
    let alone = evaluate(&Corpus::new(vec![other]), "gold", &o, RunControl::default()).unwrap();
    let (together, by_itself) = (&both.systems[1], &alone.systems[0]);
    assert_eq!(together.spans, by_itself.spans);
    assert_eq!(together.confusion, by_itself.confusion);
    assert_eq!(together.disagreements.len(), by_itself.disagreements.len());
    assert!(
        together.disagreements.iter().all(|d| d.document == 1),
        "indexed in the corpus"
    );
}

#[test]
fn gamma_is_undefined_without_units_and_the_scores_are_zero() {
    let mut doc = Continuum::new("doc");
    doc.add_annotator("gold");
    doc.add("tagger", 0.0, 5.0, "A").unwrap();
    let e = evaluate(
        &corpus(doc),
        "gold",
        &options(ChanceModel::Reference),
        RunControl::default(),
    )
    .unwrap();
    let s = &e.systems[0];
    assert_eq!(s.gamma, Err(UndefinedGamma::NoReferenceUnit));
    assert_eq!(
        s.gamma.as_ref().unwrap_err().to_string(),
        "the reference has no unit, so its chance model is undefined"
    );
    assert_eq!(s.spans.get(Scheme::Strict).spurious, 1);
    assert_eq!(s.spans.get(Scheme::Strict).f1(Scheme::Strict), 0.0);
}
