//! The anatomy of hand-built continua whose confusions, misses, additions and offsets are
//! counted by hand, the decompositions adding up to `D_o`, and γ left out equal to γ of the
//! subset.

use super::*;
use crate::bootstrap::BootstrapOptions;
use crate::gamma::{GammaOptions, RunControl, SampleCount, corpus_gamma};
use crate::synthetic::{Density, noisy_copies};
use crate::{Continuum, Corpus};

/// Five places, three annotators (α = β = Δ∅ = 1, nominal categories):
/// 1. a, b, c: PER [0, 10) — agreement;
/// 2. a PER, b ORG, c PER [20, 30) — b confuses PER with ORG;
/// 3. a LOC [40, 50), b LOC [42, 50), c LOC [40, 52) — b starts 2 late, c ends 2 late;
/// 4. a, b ORG [60, 70), c nothing — c misses it;
/// 5. c alone: PER [80, 90) — c adds it.
fn five_places() -> Continuum {
    let mut c = Continuum::new("five places");
    for (annotator, start, end, category) in [
        ("a", 0.0, 10.0, "PER"),
        ("b", 0.0, 10.0, "PER"),
        ("c", 0.0, 10.0, "PER"),
        ("a", 20.0, 30.0, "PER"),
        ("b", 20.0, 30.0, "ORG"),
        ("c", 20.0, 30.0, "PER"),
        ("a", 40.0, 50.0, "LOC"),
        ("b", 42.0, 50.0, "LOC"),
        ("c", 40.0, 52.0, "LOC"),
        ("a", 60.0, 70.0, "ORG"),
        ("b", 60.0, 70.0, "ORG"),
        ("c", 80.0, 90.0, "PER"),
    ] {
        c.add(annotator, start, end, category).unwrap();
    }
    c
}

fn fixed(samples: usize) -> GammaOptions {
    GammaOptions {
        samples: SampleCount::Fixed(samples),
        ..GammaOptions::default()
    }
}

fn measured(corpus: &Corpus) -> (Anatomy, f64) {
    let result = corpus_gamma(corpus, &fixed(30), RunControl::default()).unwrap();
    (anatomy(corpus, &result), result.observed_disorder)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn ids(alignments: &[usize]) -> Vec<AlignmentId> {
    (alignments.iter())
        .map(|&alignment| AlignmentId {
            document: 0,
            alignment,
        })
        .collect()
}

#[test]
fn confusions_are_counted_by_hand() {
    let corpus = Corpus::new(vec![five_places()]);
    let (anatomy, observed) = measured(&corpus);
    // x̄ = 12 units / 3 annotators = 4; each pair of slots weighs 1 / (C(3,2)·x̄) = 1/12.
    assert_eq!(anatomy.mean_units, 4.0);
    let place3 = (1.0f64 / 9.0).powi(2) + (1.0f64 / 11.0).powi(2) + 0.2f64.powi(2);
    assert!(close(observed, (0.0 + 2.0 + place3 + 2.0 + 3.0) / 12.0));
    let cell = |a: &str, b: Option<&str>| anatomy.confusion(a, b).unwrap();
    assert_eq!(cell("PER", Some("PER")).pairs, 4);
    assert_eq!(cell("PER", Some("PER")).disorder, 0.0);
    assert_eq!(cell("PER", Some("PER")).alignments, ids(&[0, 1]));
    let per_org = cell("ORG", Some("PER"));
    assert_eq!((per_org.pairs, per_org.alignments.clone()), (2, ids(&[1])));
    assert!(close(per_org.disorder, 2.0 / 12.0));
    assert!(close(per_org.share, 2.0 / 12.0 / observed));
    assert_eq!(cell("LOC", Some("LOC")).pairs, 3);
    assert!(close(cell("LOC", Some("LOC")).disorder, place3 / 12.0));
    assert_eq!(cell("ORG", Some("ORG")).pairs, 1);
    // A unit with an empty slot: two ORG units of place 4 each with c's empty slot; c's PER of
    // place 5 with two empty slots, and the pair of those two empty slots goes to it too.
    assert_eq!(cell("ORG", None).pairs, 2);
    assert!(close(cell("ORG", None).disorder, 2.0 / 12.0));
    assert_eq!(
        (
            cell("PER", None).pairs,
            cell("PER", None).alignments.clone()
        ),
        (2, ids(&[4]))
    );
    assert!(close(cell("PER", None).disorder, 3.0 / 12.0));
    assert!(anatomy.confusion("LOC", Some("PER")).is_none());
    let sum: f64 = anatomy.confusions.iter().map(|c| c.disorder).sum();
    assert!(close(sum, observed));
    // Most disorder first.
    assert_eq!(anatomy.confusions[0].first, "PER");
    assert_eq!(anatomy.confusions[0].second, None);
}

#[test]
fn the_disorder_is_split_by_hand_and_sums_to_the_observed_disorder() {
    let corpus = Corpus::new(vec![five_places()]);
    let (anatomy, observed) = measured(&corpus);
    let d = &anatomy.decomposition;
    let place3 = (1.0f64 / 9.0).powi(2) + (1.0f64 / 11.0).powi(2) + 0.2f64.powi(2);
    assert!(close(d.total.positional, place3 / 12.0));
    assert!(close(d.total.categorical, 2.0 / 12.0));
    assert!(close(d.total.empty, 5.0 / 12.0));
    assert!(close(d.total.total(), observed));
    let category = |name: &str| d.per_category.iter().find(|p| p.name == name).unwrap();
    assert!(close(category("PER").parts.categorical, 1.0 / 12.0));
    assert!(close(category("PER").parts.empty, 3.0 / 12.0));
    assert_eq!(category("PER").alignments, ids(&[1, 4]));
    assert!(close(category("ORG").parts.categorical, 1.0 / 12.0));
    assert!(close(category("ORG").parts.empty, 2.0 / 12.0));
    assert!(close(category("LOC").parts.positional, place3 / 12.0));
    assert_eq!(category("LOC").parts.empty, 0.0);
    let pair = |name: &str| d.per_pair.iter().find(|p| p.name == name).unwrap();
    let ab = pair("a – b");
    assert!(close(ab.parts.categorical, 1.0 / 12.0));
    assert!(close(ab.parts.positional, (1.0f64 / 9.0).powi(2) / 12.0));
    // Place 5: a and b both have an empty slot, and that pair costs Δ∅ too.
    assert!(close(ab.parts.empty, 1.0 / 12.0));
    assert_eq!(ab.alignments, ids(&[1, 2, 4]));
    let bc = pair("b – c");
    assert!(close(bc.parts.empty, 2.0 / 12.0));
    assert!(close(bc.parts.positional, 0.04 / 12.0));
    assert_eq!(
        d.pairs,
        vec![["a", "b"], ["a", "c"], ["b", "c"]]
            .into_iter()
            .map(|p| p.map(String::from))
            .collect::<Vec<_>>()
    );
    for parts in [&d.per_category, &d.per_pair] {
        let sum: f64 = parts.iter().map(|p| p.parts.total()).sum();
        assert!(close(sum, observed), "{sum} ≠ {observed}");
    }
}

#[test]
fn each_annotators_misses_additions_and_offsets_are_counted_by_hand() {
    let corpus = Corpus::new(vec![five_places()]);
    let (anatomy, _) = measured(&corpus);
    let [a, b, c] = ["a", "b", "c"].map(|name| anatomy.profile(name).unwrap().clone());
    assert_eq!((a.units, b.units, c.units), (4, 4, 4));
    assert_eq!(c.others_mean_units, 4.0);
    assert_eq!(c.missed.count, 1);
    assert_eq!(c.missed.alignments, ids(&[3]));
    assert_eq!((c.added.count, c.added.alignments.clone()), (1, ids(&[4])));
    assert_eq!(
        (a.missed.count, a.added.count, b.missed.count, b.added.count),
        (0, 0, 0, 0)
    );
    // a: 7 pairs with another's unit; place 3: −2 against b's start, −2 against c's end.
    assert_eq!(a.offset_pairs, 7);
    assert!(close(a.start_offset.unwrap(), -2.0 / 7.0));
    assert!(close(a.end_offset.unwrap(), -2.0 / 7.0));
    assert!(close(b.start_offset.unwrap(), 4.0 / 7.0));
    assert!(close(b.end_offset.unwrap(), -2.0 / 7.0));
    assert_eq!(c.offset_pairs, 6);
    assert!(close(c.start_offset.unwrap(), -2.0 / 6.0));
    assert!(close(c.end_offset.unwrap(), 4.0 / 6.0));
    assert_eq!(c.offset_alignments, ids(&[2]));
    // Categories: pool PER 6, ORG 3, LOC 3 of 12; c has PER 3, LOC 1, no ORG.
    let org = c.category("ORG").unwrap();
    assert_eq!((org.units, org.share, org.pool_share), (0, 0.0, 0.25));
    // E = 4·3/12 = 1, variance 1·(1 − 4/12)·(1 − 3/12) = 0.5.
    assert!(close(org.residual.unwrap(), -1.0 / 0.5f64.sqrt()));
    assert_eq!(org.usage, Usage::AsThePool);
    assert_eq!(c.category("PER").unwrap().alignments, ids(&[0, 1, 4]));
    let group = group_profile(&anatomy.profiles);
    assert_eq!(
        (group.units, group.missed, group.added),
        (4.0, 1.0 / 3.0, 1.0 / 3.0)
    );
}

#[test]
fn a_category_used_far_more_than_the_pool_is_over_used() {
    // a marks 20 units of X, b 20 of Y, on the same spans.
    let mut c = Continuum::new("habits");
    for i in 0..20 {
        let start = 20.0 * i as f64;
        c.add("a", start, start + 10.0, "X").unwrap();
        c.add("b", start, start + 10.0, "Y").unwrap();
    }
    let (anatomy, _) = measured(&Corpus::new(vec![c]));
    let a = anatomy.profile("a").unwrap();
    assert_eq!(a.category("X").unwrap().usage, Usage::Over);
    assert_eq!(a.category("Y").unwrap().usage, Usage::Under);
    // Table [[20, 0], [0, 20]]: E = 10, variance 10·½·½, residual 10/√2.5.
    assert!(close(
        a.category("X").unwrap().residual.unwrap(),
        10.0 / 2.5f64.sqrt()
    ));
    assert_eq!(anatomy.confusion("X", Some("Y")).unwrap().pairs, 20);
    assert!(close(anatomy.confusion("X", Some("Y")).unwrap().share, 1.0));
}

#[test]
fn every_decomposition_sums_to_the_observed_disorder_of_generated_corpora() {
    for (annotators, seed) in [(2, 1), (3, 2), (4, 3)] {
        let corpus = Corpus::new(vec![
            noisy_copies(annotators, 40, Density::Sparse, seed),
            noisy_copies(annotators, 25, Density::Dense, seed + 10),
        ]);
        let (anatomy, observed) = measured(&corpus);
        let d = &anatomy.decomposition;
        let tolerance = 1e-9 * observed.max(1.0);
        assert!((d.total.total() - observed).abs() < tolerance);
        for parts in [&d.per_category, &d.per_pair] {
            let sum: f64 = parts.iter().map(|p| p.parts.total()).sum();
            assert!((sum - observed).abs() < tolerance, "{sum} ≠ {observed}");
        }
        let cells: f64 = anatomy.confusions.iter().map(|c| c.disorder).sum();
        assert!((cells - observed).abs() < tolerance);
        assert_eq!(d.per_pair.len(), annotators * (annotators - 1) / 2);
        // Documents are told apart in the ids.
        assert!(
            anatomy
                .confusions
                .iter()
                .any(|c| c.alignments.iter().any(|id| id.document == 1))
        );
    }
}

#[test]
fn gamma_left_out_is_gamma_of_the_subset() {
    let corpus = Corpus::new(vec![noisy_copies(3, 30, Density::Sparse, 7)]);
    let options = fixed(40);
    let bootstrap = BootstrapOptions {
        replicates: 200,
        level: 0.95,
        seed: 1,
    };
    let rows = left_out(&corpus, &options, &bootstrap, RunControl::default());
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let subset = Corpus::new(vec![left_out::without(
            &corpus.documents[0],
            &row.annotator,
        )]);
        assert_eq!(subset.documents[0].n_annotators(), 2);
        let direct = corpus_gamma(&subset, &options, RunControl::default()).unwrap();
        let left = row.result.as_ref().unwrap();
        assert_eq!(left.gamma, direct.gamma, "{}", row.annotator);
        let interval = left.confidence_interval.as_ref().unwrap();
        assert!(interval.gamma.0 <= left.gamma && left.gamma <= interval.gamma.1);
    }
    // Two annotators leave one: no γ, said per row.
    let pair = Corpus::new(vec![noisy_copies(2, 10, Density::Sparse, 1)]);
    let rows = left_out(&pair, &options, &bootstrap, RunControl::default());
    assert!(rows.iter().all(|r| r.result.is_err()));
}

#[test]
fn examples_are_the_alignments_where_two_categories_meet() {
    let mut continuum = five_places();
    continuum.text = Some(format!("{:<100}", "").replace(' ', "x"));
    let corpus = Corpus::new(vec![continuum]);
    let result = corpus_gamma(&corpus, &fixed(30), RunControl::default()).unwrap();
    let found = examples(&corpus, &result, "PER", Some("ORG"));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].id, ids(&[1])[0]);
    assert_eq!(found[0].units.len(), 3);
    assert_eq!(found[0].units[1].category, "ORG");
    assert_eq!(found[0].units[1].text.as_deref(), Some("xxxxxxxxxx"));
    let alone = examples(&corpus, &result, "PER", None);
    assert_eq!(
        alone.iter().map(|e| e.id.alignment).collect::<Vec<_>>(),
        vec![4]
    );
    let org_missed = examples(&corpus, &result, "ORG", None);
    assert_eq!(
        org_missed
            .iter()
            .map(|e| e.id.alignment)
            .collect::<Vec<_>>(),
        vec![3]
    );
}

#[test]
fn text_in_context_cuts_at_words() {
    let mut c = Continuum::new("t");
    c.text = Some("The Ministry of Health said\non Monday that it would".into());
    c.add_annotator("a");
    let context = text_in_context(&c, 0, 4.0, 12.0, 10).unwrap();
    assert_eq!(context.span, "Ministry");
    assert_eq!(context.before, "The ");
    assert_eq!(context.after, " of…");
    let wide = text_in_context(&c, 0, 16.0, 22.0, 8).unwrap();
    assert_eq!(
        (wide.before.as_str(), wide.span.as_str()),
        ("…of ", "Health")
    );
    assert_eq!(wide.after, " said…");
}
