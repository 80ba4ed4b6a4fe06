use super::sampler::{ChanceModel, Distributions, estimate, perturb};
use super::*;
use crate::sampler::sample_rng;

/// An annotation from "«a» «b»" notation, with one `pos` value per unit.
fn annotation(name: &str, marked: &str, pos: &[&str]) -> TextAnnotation {
    let mut text = Vec::new();
    let mut spans = Vec::new();
    let mut start = 0;
    for c in marked.chars() {
        match c {
            '«' => start = text.len(),
            '»' => spans.push((start, text.len())),
            c => text.push(c),
        }
    }
    assert_eq!(spans.len(), pos.len());
    let units = spans
        .iter()
        .zip(pos)
        .map(|(&(start, end), p)| TextUnit {
            start,
            end,
            text: text[start..end].iter().collect(),
            layers: BTreeMap::from([("pos".to_string(), p.to_string())]),
        })
        .collect();
    TextAnnotation {
        name: name.into(),
        text,
        units,
    }
}

fn unit(text: &str, layers: &[(&str, &str)]) -> TextUnit {
    TextUnit {
        start: 0,
        end: text.chars().count(),
        text: text.into(),
        layers: layers
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

#[test]
fn dissimilarity_counts_the_text_and_every_layer_present() {
    let d = TextDissimilarity::default();
    let u = unit("der", &[("pos", "ART"), ("morph", "Fem")]);
    assert_eq!(d.pair(&u, &u), 0.0);
    // One layer of two differs: 1 / 3.
    let v = unit("der", &[("pos", "PDS"), ("morph", "Fem")]);
    assert!((d.pair(&u, &v) - 1.0 / 3.0).abs() < 1e-12);
    // The text differs too: 2 / 3.
    let w = unit("dher", &[("pos", "PDS"), ("morph", "Fem")]);
    assert!((d.pair(&u, &w) - 2.0 / 3.0).abs() < 1e-12);
    // A layer on one side only differs; the union has 3 names: (0 + 1) / 4.
    let x = unit("der", &[("pos", "ART"), ("morph", "Fem"), ("lemma", "d")]);
    assert!((d.pair(&u, &x) - 0.25).abs() < 1e-12);
    // Levenshtein on the text: 1 / 4 of "dher" vs "der".
    let levenshtein = TextDissimilarity {
        text: TextDistance::Levenshtein,
        layer_matrix: None,
    };
    let y = unit("dher", &[("pos", "ART"), ("morph", "Fem")]);
    assert!((levenshtein.pair(&u, &y) - 0.25 / 3.0).abs() < 1e-12);
    // A matrix for pos: ART–PDS cost 0.5.
    let matrix = CategoryMatrix::parse(",ART,PDS\nART,0,0.5\nPDS,0.5,0\n", "m.csv").unwrap();
    let with_matrix = TextDissimilarity {
        text: TextDistance::Nominal,
        layer_matrix: Some(("pos".into(), matrix)),
    };
    assert!((with_matrix.pair(&u, &v) - 0.5 / 3.0).abs() < 1e-12);
}

#[test]
fn three_annotators_average_the_pairwise_sums() {
    let a = annotation("A", "«a» «b» «c» ", &["N", "N", "N"]);
    let b = annotation("B", "«a» «b» «c» ", &["N", "V", "N"]);
    let c = annotation("C", "«a b» «c» ", &["N", "N"]);
    let o = observed(&[a, b, c], &AlignmentOptions::default()).unwrap();
    let sums: Vec<f64> = o.pairs.iter().map(|p| p.disorder_sum).collect();
    // A–B: one pos differs (1/2); A–C and B–C: a, b and "a b" alone (3), c paired (0).
    assert_eq!(sums, vec![0.5, 3.0, 3.0]);
    // Mean sum 6.5/3 over x̄ = 8/3.
    assert!((o.disorder - 6.5 / 8.0).abs() < 1e-12, "{}", o.disorder);
    assert_eq!(o.pairs[1].n_pairs(), 1);
    assert_eq!(
        o.pairs[1].units,
        vec![
            (Some(0), None, 1.0),
            (Some(1), None, 1.0),
            (None, Some(0), 1.0),
            (Some(2), Some(1), 0.0)
        ]
    );
}

#[test]
fn texts_that_differ_only_in_whitespace_agree() {
    let a = annotation("A", "«De»  «hystorie»\n«van» ", &["ART", "NA", "APPR"]);
    let b = annotation("B", "«De» «hystorie» «van»", &["ART", "NA", "APPR"]);
    let o = observed(&[a, b], &AlignmentOptions::default()).unwrap();
    assert_eq!(o.disorder, 0.0);
    assert_eq!(o.pairs[0].n_pairs(), 3);
    // An extra space, a newline against a space (two gaps: no substitutions), a final space.
    assert_eq!(o.pairs[0].text_cost, 4);
}

#[test]
fn errors_name_the_annotator() {
    let a = annotation("A", "«a» «b» ", &["N", "N"]);
    assert_eq!(
        observed(std::slice::from_ref(&a), &AlignmentOptions::default()),
        Err(TextGammaError::TooFewAnnotators(1))
    );
    let mut bad = a.clone();
    bad.name = "B".into();
    bad.units[0].end = 3;
    let e = observed(&[a, bad], &AlignmentOptions::default()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("annotator \"B\": unit [2, 3) overlaps"),
        "{e}"
    );
}

#[test]
fn chance_copies_without_changes_keep_text_and_tokens() {
    let base = annotation(
        "A",
        "«De» «hystorie» «van» «der» ",
        &["ART", "NA", "APPR", "ART"],
    );
    let distributions = Distributions::of(std::slice::from_ref(&base));
    let model = ChanceModel {
        p_text: 0.0,
        p_segmentation: 0.0,
        reference_merges: false,
    };
    let copy = perturb(&base, &distributions, &model, &mut sample_rng(1, 0));
    assert_eq!(copy.text, base.text);
    let spans = |a: &TextAnnotation| a.units.iter().map(|u| (u.start, u.end)).collect::<Vec<_>>();
    assert_eq!(spans(&copy), spans(&base));
    // Labels are drawn from pos's distribution only.
    assert!(
        copy.units
            .iter()
            .all(|u| ["ART", "NA", "APPR"].contains(&u.layers["pos"].as_str()))
    );
}

#[test]
fn every_unit_edited_when_p_text_is_one_and_copies_are_seeded() {
    let base = annotation(
        "A",
        "«De» «hystorie» «van» «der» ",
        &["ART", "NA", "APPR", "ART"],
    );
    let distributions = Distributions::of(std::slice::from_ref(&base));
    let model = ChanceModel {
        p_text: 1.0,
        p_segmentation: 0.0,
        reference_merges: false,
    };
    let copy = perturb(&base, &distributions, &model, &mut sample_rng(7, 3));
    assert_eq!(copy.units.len(), 4);
    for (edited, original) in copy.units.iter().zip(&base.units) {
        assert_ne!(edited.text, original.text);
        let difference = edited.text.chars().count() as i64 - original.text.chars().count() as i64;
        assert!(difference.abs() <= 1, "one edit per unit");
    }
    let again = perturb(&base, &distributions, &model, &mut sample_rng(7, 3));
    assert_eq!(again, copy, "same seed, same copy");
}

#[test]
fn merges_cross_one_space_unless_reference_merges() {
    let base = annotation("A", "«a» «b» «c» «d» ", &["X", "X", "X", "X"]);
    let distributions = Distributions::of(std::slice::from_ref(&base));
    let mut fewer_units = [0usize; 2];
    for (k, reference_merges) in [false, true].into_iter().enumerate() {
        let model = ChanceModel {
            p_text: 0.0,
            p_segmentation: 1.0,
            reference_merges,
        };
        for index in 0..50 {
            let copy = perturb(&base, &distributions, &model, &mut sample_rng(3, index));
            if copy.units.len() < base.units.len() {
                fewer_units[k] += 1;
                assert!(copy.units.iter().any(|u| u.text.contains(' ')));
            }
        }
    }
    assert!(fewer_units[0] > 10, "{fewer_units:?}");
    assert_eq!(
        fewer_units[1], 0,
        "single characters cannot split, spaces never merge"
    );
}

#[test]
fn probabilities_are_estimated_from_the_differences_to_the_base() {
    let base = annotation(
        "base",
        "«De» «hystorie» «vander» «to» «samende» ",
        &["A", "B", "C", "D", "E"],
    );
    // One spelling correction (hystorie) and one merge (to samende) among 5 units.
    let annotator = annotation(
        "A",
        "«De» «historie» «vander» «to samende» ",
        &["A", "B", "C", "D"],
    );
    let (p_text, p_segmentation) = estimate(
        std::slice::from_ref(&annotator),
        Some(&base),
        None,
        &AlignmentOptions::default(),
    )
    .unwrap();
    assert!((p_text - 0.2).abs() < 1e-12, "{p_text}");
    assert!((p_segmentation - 0.2).abs() < 1e-12, "{p_segmentation}");
    // The posterior mode with a Beta(2, 10) prior: (1 + 1) / (5 + 10).
    let (p_text, _) = estimate(
        std::slice::from_ref(&annotator),
        Some(&base),
        Some((2.0, 10.0)),
        &AlignmentOptions::default(),
    )
    .unwrap();
    assert!((p_text - 2.0 / 15.0).abs() < 1e-12, "{p_text}");
}
