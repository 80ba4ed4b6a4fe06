//! Limits on what an input claims (issue 35): a continuum of too many annotators and a
//! dissimilarity or confusion matrix of too many categories are refused before anything is
//! allocated for them, with an error naming the size and the limit.

use gamma_core::alignment::{AlignmentError, MAX_ALIGNED_ANNOTATORS};
use gamma_core::dissimilarity::{MAX_CATEGORIES, MatrixError, ParameterError};
use gamma_core::gamma::{GammaError, RunControl};
use gamma_core::{CategoryMatrix, Continuum, Dissimilarity, GammaOptions, Unit, gamma};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// `annotators` annotators who each put one unit on the same span (`[0, 10)`, category X).
fn agreeing(annotators: usize) -> Continuum {
    let mut continuum = Continuum::new("many");
    for a in 0..annotators {
        continuum.add_unit(&format!("a{a}"), Unit::new(0.0, 10.0, "X").unwrap());
    }
    continuum
}

#[test]
fn gamma_of_more_annotators_than_the_limit_is_refused_at_once() {
    let clock = Instant::now();
    for annotators in [MAX_ALIGNED_ANNOTATORS + 1, 100, 1000] {
        let error = gamma(
            &agreeing(annotators),
            &GammaOptions::default(),
            RunControl::default(),
        )
        .unwrap_err();
        let pairs = annotators * (annotators - 1) / 2;
        assert_eq!(
            error,
            GammaError::Alignment(AlignmentError::TooManyAnnotators {
                annotators,
                pairs,
                limit: 32
            })
        );
        assert_eq!(
            error.to_string(),
            format!(
                "γ of {annotators} annotators is beyond reach: each unitary alignment would compare up to {pairs} pairs of units, among 2^{annotators} combinations of annotators; the limit is 32 annotators — measure smaller groups of annotators (e.g. pairwise) or split the document"
            )
        );
        let alone =
            gamma_core::gamma::DocumentAlignment::of(&agreeing(annotators), &Default::default());
        assert!(matches!(
            alone,
            Err(GammaError::Alignment(
                AlignmentError::TooManyAnnotators { .. }
            ))
        ));
    }
    assert!(
        clock.elapsed() < Duration::from_secs(5),
        "{:?}",
        clock.elapsed()
    );
}

#[test]
fn gamma_at_the_annotator_limit_is_not_refused() {
    // At the limit the search starts (and is stopped at once by the cancel flag: the exact
    // alignment of 32 annotators takes far longer than a test).
    let cancelled = AtomicBool::new(true);
    let control = RunControl {
        cancelled: Some(&cancelled),
        on_progress: None,
    };
    let result = gamma(
        &agreeing(MAX_ALIGNED_ANNOTATORS),
        &GammaOptions::default(),
        control,
    );
    assert_eq!(result.unwrap_err(), GammaError::Cancelled);
}

fn categories(k: usize) -> Vec<String> {
    (0..k).map(|i| format!("c{i:06}")).collect()
}

#[test]
fn a_dissimilarity_of_more_categories_than_the_limit_is_refused_before_its_matrix() {
    let clock = Instant::now();
    for k in [MAX_CATEGORIES + 1, 100_000, 1_000_000] {
        let error = Dissimilarity::default()
            .resolve(&categories(k))
            .unwrap_err();
        let ParameterError::Matrix(MatrixError::TooManyCategories {
            categories, bytes, ..
        }) = &error
        else {
            panic!("{error:?}");
        };
        assert_eq!((*categories, *bytes), (k, (k * k * 8) as u128));
        if k == 100_000 {
            assert_eq!(
                error.to_string(),
                "the annotations: 100000 categories would need a 100000×100000 dissimilarity matrix of 74.5 GiB; the limit is 4096 categories"
            );
        }
    }
    assert_eq!(
        Dissimilarity::default()
            .resolve(&categories(MAX_CATEGORIES + 1))
            .unwrap_err()
            .to_string(),
        "the annotations: 4097 categories would need a 4097×4097 dissimilarity matrix of 128 MiB; the limit is 4096 categories"
    );
    assert!(
        clock.elapsed() < Duration::from_secs(10),
        "{:?}",
        clock.elapsed()
    );
}

#[test]
fn a_matrix_file_of_a_million_categories_is_refused_at_its_header() {
    // The header alone claims the size: 10⁶ categories would need 7.3 TiB of values.
    let mut text = String::from("category");
    for c in categories(1_000_000) {
        text.push(',');
        text.push_str(&c);
    }
    text.push_str("\nc000000,0\n");
    let error = CategoryMatrix::parse(&text, "huge.csv").unwrap_err();
    assert_eq!(
        error.to_string(),
        "huge.csv: 1000000 categories would need a 1000000×1000000 dissimilarity matrix of 7450.6 GiB; the limit is 4096 categories"
    );
}

#[test]
fn a_matrix_of_many_categories_within_the_limit_resolves_in_linear_lookups() {
    // 2,000 categories: the table is filled by index, not by a scan of the names per cell.
    let names = categories(2000);
    let clock = Instant::now();
    let resolved = Dissimilarity::default().resolve(&names).unwrap();
    assert!(
        clock.elapsed() < Duration::from_secs(20),
        "{:?}",
        clock.elapsed()
    );
    assert_eq!(resolved.category_value(0, 1999), 1.0);
    assert_eq!(resolved.category_value(7, 7), 0.0);
    // An ordinal matrix read for two of its categories, in another order: the values of
    // their own rows and columns.
    let ordinal = Dissimilarity {
        categorical: gamma_core::CategoryDissimilarity::Matrix(CategoryMatrix::ordinal(&names)),
        ..Dissimilarity::default()
    };
    let two = ordinal
        .resolve(&["c000010".to_string(), "c001999".to_string()])
        .unwrap();
    assert_eq!(two.category_value(0, 1), 1989.0 / 1999.0);
    assert_eq!(two.category_value(1, 0), 1989.0 / 1999.0);
    assert_eq!(
        ordinal.resolve(&["c000010".to_string(), "zz".to_string()]),
        Err(ParameterError::Matrix(MatrixError::MissingCategory(
            "zz".to_string()
        )))
    );
}

/// A corpus of `documents` documents, each annotated by two annotators of its own.
fn pairs_apart(documents: usize) -> gamma_core::Corpus {
    let continua = (0..documents)
        .map(|d| {
            let mut continuum = Continuum::new(format!("d{d}"));
            for a in [2 * d, 2 * d + 1] {
                continuum.add_unit(&format!("a{a}"), Unit::new(0.0, 10.0, "X").unwrap());
            }
            continuum
        })
        .collect();
    gamma_core::Corpus::new(continua)
}

#[test]
fn the_pairwise_gamma_of_more_annotators_than_the_limit_is_refused_before_any_gamma() {
    use gamma_core::pairwise::{MAX_PAIRS, MAX_PAIRWISE_ANNOTATORS, check_pairs, try_pairwise};
    assert_eq!((MAX_PAIRWISE_ANNOTATORS, MAX_PAIRS), (100, 4950));
    // 100 annotators (50 documents of two) make 4,950 pairs: the limit, not refused.
    assert_eq!(check_pairs(&pairs_apart(50)), Ok(4950));
    let clock = Instant::now();
    for (documents, annotators, pairs) in [(51, 102, 5151), (500, 1000, 499_500)] {
        let corpus = pairs_apart(documents);
        let expected = GammaError::TooManyPairs {
            annotators,
            pairs,
            limit: 100,
        };
        assert_eq!(check_pairs(&corpus), Err(expected.clone()));
        let refused = try_pairwise(&corpus, &GammaOptions::default(), RunControl::default());
        assert_eq!(refused.unwrap_err(), expected);
        assert_eq!(
            expected.to_string(),
            format!(
                "the pairwise γ of {annotators} annotators is {pairs} γ computations, one per \
                 pair; the limit is 100 annotators (4950 pairs) — measure a group of annotators"
            )
        );
    }
    // One document of 1,000 annotators alike.
    assert_eq!(
        check_pairs(&gamma_core::Corpus::new(vec![agreeing(1000)])),
        Err(GammaError::TooManyPairs {
            annotators: 1000,
            pairs: 499_500,
            limit: 100
        })
    );
    assert!(
        clock.elapsed() < Duration::from_secs(5),
        "{:?}",
        clock.elapsed()
    );
}
