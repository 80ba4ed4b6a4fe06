//! Published values: Krippendorff (2011), Gwet's handbook (irrCAC's `raw_4raters`, values and
//! standard errors as irrCAC 0.4.4 prints them), the survey's worked tables, Fleiss (1971).

use super::*;
use crate::coefficients::Distance;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

fn choice(text: &str) -> CoefficientChoice {
    CoefficientChoice::parse(text, None).unwrap()
}

/// Gwet's `raw_4raters` (Handbook, 4th ed.; irrCAC): 4 raters × 12 subjects, missing ratings.
fn gwet_4raters() -> CodingStudy {
    let rows = [
        "1,1,,1", "2,2,3,2", "3,3,3,3", "3,3,3,3", "2,2,2,2", "1,2,3,4", "4,4,4,4", "1,1,2,1",
        "2,2,2,2", ",5,5,5", ",,1,1", ",,3,",
    ];
    let rows: Vec<Vec<Option<&str>>> = (rows.iter())
        .map(|r| r.split(',').map(Some).collect())
        .collect();
    CodingStudy::from_rows("raw_4raters", &["r1", "r2", "r3", "r4"], &rows).unwrap()
}

/// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": 4 coders × 12 units.
fn krippendorff_2011() -> CodingStudy {
    let mut study = gwet_4raters();
    // The same table but unit 12, which coder B alone rated (3): unpairable in both.
    study.codings.items[11] = vec![None, Some(2), None, None];
    study
}

#[test]
fn krippendorff_2011_published_alphas() {
    let study = krippendorff_2011();
    for (distance, published, exact) in [
        ("nominal", 0.743, 0.743421052631579),
        ("ordinal", 0.815, 0.8153875037548814),
        ("interval", 0.849, 0.8491071428571428),
        ("ratio", 0.797, 0.7974027747116121),
    ] {
        let value = choice(&format!("alpha:{distance}"))
            .evaluate(&study)
            .unwrap();
        assert!(close(value.value, published, 5e-4), "{distance}: {value:?}");
        assert!(close(value.value, exact, 1e-12), "{distance}: {value:?}");
        assert_eq!(value.basis, Basis::Disagreement);
        assert!(close(
            1.0 - value.observed / value.expected,
            value.value,
            1e-12
        ));
    }
}

/// AC1 0.7754 (p_a 0.8182, p_e 0.1903) and Fleiss's κ 0.7612 of the handbook, with every
/// coefficient's standard error as irrCAC prints it (12 digits), unweighted, quadratic and
/// linear.
#[test]
fn gwet_handbook_raw_4raters_with_standard_errors() {
    let study = gwet_4raters();
    let ac1 = choice("ac1").evaluate(&study).unwrap();
    assert!(close(ac1.value, 0.7754, 5e-5));
    assert!(close(ac1.observed, 0.8182, 5e-5) && close(ac1.expected, 0.1903, 5e-5));
    let fleiss = choice("fleiss").evaluate(&study).unwrap();
    assert!(close(fleiss.value, 0.7612, 5e-5));
    // (choice, value, p_a, p_e, SE) from irrCAC 0.4.4's CAC(..., digits=12).
    let irrcac = [
        (
            "ac1",
            0.775444068127,
            0.818181818182,
            0.190321180556,
            0.142949950641,
        ),
        (
            "pi",
            0.761169275422,
            0.818181818182,
            0.238715277778,
            0.153019203469,
        ),
        (
            "kappa",
            0.762817441303,
            0.818181818182,
            0.233425160698,
            0.14916815248,
        ),
        ("s", 0.772727272727, 0.818181818182, 0.2, 0.144716619899),
        (
            "ac1:quadratic",
            0.914000723552,
            0.975378787879,
            0.713704427083,
            0.103962244645,
        ),
        (
            "pi:quadratic",
            0.864935064935,
            0.975378787879,
            0.817708333333,
            0.146033610757,
        ),
        (
            "kappa:quadratic",
            0.857710656223,
            0.975378787879,
            0.826963766452,
            0.143670663829,
        ),
        (
            "s:quadratic",
            0.901515151515,
            0.975378787879,
            0.75,
            0.110894374974,
        ),
        (
            "ac2:linear",
            0.858739136433,
            0.939393939394,
            0.570963541667,
            0.117329021881,
        ),
        (
            "pi:linear",
            0.817944767097,
            0.939393939394,
            0.667100694444,
            0.148504355499,
        ),
        (
            "kappa:linear",
            0.813776319966,
            0.939393939394,
            0.674552341598,
            0.145085402493,
        ),
        (
            "s:linear",
            0.848484848485,
            0.939393939394,
            0.6,
            0.123356124494,
        ),
    ];
    for (name, value, pa, pe, se) in irrcac {
        let v = choice(name).evaluate(&study).unwrap();
        assert!(close(v.value, value, 1e-11), "{name}: {v:?}");
        assert!(close(v.observed, pa, 1e-11), "{name}: {v:?}");
        assert!(close(v.expected, pe, 1e-11), "{name}: {v:?}");
        assert!(close(v.standard_error.unwrap(), se, 1e-11), "{name}: {v:?}");
        assert_eq!((v.items, v.pairable_items), (12, 11), "{name}");
    }
    // α: the value is Krippendorff's; the standard error irrCAC's.
    for (name, value, se) in [
        ("alpha", 0.743421052632, 0.145573886985),
        ("alpha:interval", 0.849107142857, 0.129129965715),
        ("alpha:linear", 0.800383877159, 0.135477744125),
    ] {
        let v = choice(name).evaluate(&study).unwrap();
        assert!(close(v.value, value, 1e-11), "{name}: {v:?}");
        assert!(close(v.standard_error.unwrap(), se, 1e-11), "{name}: {v:?}");
    }
    // irrCAC's interval of AC1: (0.460813348132, 1), Student's t with 11 degrees of freedom.
    let interval = intervals::analytic_interval(&ac1, 0.95).unwrap();
    assert!(close(interval.low, 0.460813348132, 1e-9), "{interval:?}");
    assert_eq!(interval.high, 1.0);
    let alpha = choice("alpha").evaluate(&study).unwrap();
    let interval = intervals::analytic_interval(&alpha, 0.95).unwrap();
    assert!(close(interval.low, 0.419062219209, 1e-9), "{interval:?}");
}

/// Conger's κ differs between the two tables (coder B's lone rating of unit 12 counts in B's
/// distribution): irrCAC 0.762066893651, SE 0.15010879507.
#[test]
fn conger_counts_every_rating_of_each_coder() {
    let v = choice("conger").evaluate(&krippendorff_2011()).unwrap();
    assert!(close(v.value, 0.762066893651, 1e-11), "{v:?}");
    assert!(
        close(v.standard_error.unwrap(), 0.15010879507, 1e-11),
        "{v:?}"
    );
}

/// Two coders from a contingency table (coder A in rows).
fn contingency(categories: &[&str], table: &[Vec<usize>]) -> CodingStudy {
    let mut rows = Vec::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &count) in row.iter().enumerate() {
            rows.extend(std::iter::repeat_n(
                vec![Some(categories[a]), Some(categories[b])],
                count,
            ));
        }
    }
    CodingStudy::from_rows("table", &["A", "B"], &rows).unwrap()
}

/// The survey's Table 1 (§2.4): A_o 0.7, S 0.4, π ≈ 0.341 (A_e 0.545), κ ≈ 0.348 (A_e 0.54);
/// specific agreement 0.571 and 0.769 (DKPro Statistics' test of the same table).
#[test]
fn survey_table_1() {
    // Coder B in the survey's rows: Stat 20 20, IReq 10 50; here coder A in rows.
    let study = contingency(&["IReq", "Stat"], &[vec![50, 20], vec![10, 20]]);
    let value = |name: &str| choice(name).evaluate(&study).unwrap();
    assert!(close(value("percentage").value, 0.7, 1e-12));
    assert!(close(value("s").value, 0.4, 1e-12));
    let pi = value("pi");
    assert!(close(pi.expected, 0.545, 1e-12) && close(pi.value, 0.341, 5e-4));
    let kappa = value("kappa");
    assert!(close(kappa.expected, 0.54, 1e-12) && close(kappa.value, 0.348, 5e-4));
    let specific = tables::per_category(&study);
    assert!(close(specific[1].specific_agreement.unwrap(), 0.571, 5e-4));
    assert!(close(specific[0].specific_agreement.unwrap(), 0.769, 5e-4));
    assert_eq!(choice("kappa").label(2), "Cohen's κ");
    assert_eq!(choice("pi").label(3), "Fleiss's multi-π");
}

/// The survey's Table 4 (Zwick's three cases, proportions of 100 items).
#[test]
fn survey_table_4() {
    let k = ["Stat", "IReq", "IAFA", "CSFA"];
    let cases = [
        (
            vec![
                vec![20, 0, 0, 5],
                vec![0, 10, 15, 0],
                vec![0, 15, 10, 0],
                vec![5, 0, 0, 20],
            ],
            (0.467, 0.467, 0.467),
        ),
        (
            vec![
                vec![20, 10, 10, 0],
                vec![10, 10, 0, 0],
                vec![10, 0, 10, 0],
                vec![0, 0, 0, 20],
            ],
            (0.467, 0.444, 0.444),
        ),
        (
            vec![
                vec![20, 0, 0, 0],
                vec![5, 10, 5, 0],
                vec![5, 5, 10, 0],
                vec![10, 5, 5, 20],
            ],
            (0.467, 0.460, 0.474),
        ),
    ];
    for (table, (s, pi, kappa)) in cases {
        let study = contingency(&k, &table);
        for (name, published) in [("s", s), ("pi", pi), ("kappa", kappa)] {
            let v = choice(name).evaluate(&study).unwrap();
            // The survey prints case 3's π = 0.34 / 0.74 = 0.4595 as 0.460.
            assert!(
                close(v.value, published, 6e-4),
                "{name}: {v:?} vs {published}"
            );
        }
    }
}

/// The survey's integrated example (Table 6) with its weighted α ≈ 0.8156 and κ_w = 1 − 0.09 /
/// 0.49 (§3.3), through the registry.
#[test]
fn survey_table_6_weighted() {
    let study = contingency(
        &["Stat", "IReq", "Chck"],
        &[vec![46, 6, 0], vec![0, 32, 0], vec![0, 6, 10]],
    );
    let matrix = crate::CategoryMatrix::parse(
        ",Stat,IReq,Chck\nStat,0,1,0.5\nIReq,1,0,0.5\nChck,0.5,0.5,0\n",
        "weights",
    )
    .unwrap();
    let alpha = CoefficientChoice::parse("alpha:custom", Some(&matrix)).unwrap();
    assert!(close(alpha.evaluate(&study).unwrap().value, 0.8156, 5e-5));
    let kappa = CoefficientChoice::parse("kappa:custom", Some(&matrix)).unwrap();
    let v = kappa.evaluate(&study).unwrap();
    assert!(close(v.value, 1.0 - 0.09 / 0.49, 1e-12), "{v:?}");
    assert!(close(v.observed, 0.91, 1e-12) && close(v.expected, 0.51, 1e-12));
    assert_eq!(
        CoefficientChoice::parse("alpha:custom", None),
        Err(UnknownCoefficient::NoMatrix)
    );
    assert!(close(
        choice("s").evaluate(&study).unwrap().value,
        0.82,
        1e-12
    ));
}

/// Fleiss (1971): 30 patients, 6 psychiatrists each, 5 diagnoses. P̄ 0.556, P̄_e 0.220, κ
/// 0.430; κ per category 0.245, 0.245, 0.520, 0.471, 0.566; z = κ / SE₀ = 17.7 with his
/// standard error under no agreement.
#[test]
fn fleiss_1971() {
    let rows = [
        "444444", "222555", "233335", "555555", "222444", "113333", "333355", "113334", "114444",
        "555555", "144444", "124444", "222333", "144444", "224445", "333335", "111455", "111112",
        "224444", "133555", "555555", "244444", "224555", "114444", "144445", "222224", "111155",
        "224444", "133333", "555555",
    ];
    let labels: Vec<Vec<String>> = (rows.iter())
        .map(|r| r.chars().map(|c| c.to_string()).collect())
        .collect();
    let rows: Vec<Vec<Option<&str>>> = (labels.iter())
        .map(|r| r.iter().map(|l| Some(l.as_str())).collect())
        .collect();
    let study =
        CodingStudy::from_rows("fleiss1971", &["1", "2", "3", "4", "5", "6"], &rows).unwrap();
    let pi = choice("fleiss").evaluate(&study).unwrap();
    assert!(close(pi.observed, 0.556, 5e-4) && close(pi.expected, 0.220, 5e-4));
    assert!(close(pi.value, 0.430, 5e-4), "{pi:?}");
    let per_category = tables::per_category(&study);
    for (category, published) in per_category.iter().zip([0.245, 0.245, 0.520, 0.471, 0.566]) {
        let kappa = category.fleiss_kappa.unwrap();
        assert!(close(kappa, published, 5e-4), "{category:?}");
    }
    let se0 = tables::fleiss_null_standard_error(&study).unwrap();
    assert!(close(pi.value / se0, 17.7, 0.05), "{}", pi.value / se0);
    // Undefined when the items have different numbers of ratings.
    assert_eq!(tables::fleiss_null_standard_error(&gwet_4raters()), None);
}

/// Set-valued labels: MASI and Jaccard distances (Passonneau 2006), by hand.
#[test]
fn set_valued_labels_with_masi_and_jaccard() {
    assert_eq!(canonical_set(" b ;a;b", ';').as_deref(), Some("a;b"));
    assert_eq!(canonical_set(" ; ", ';'), None);
    // Two coders, two items: {a,b} vs {a} (subset: J = 1/2, M = 2/3) and {c} vs {c}.
    let rows = vec![vec![Some("a;b"), Some("a")], vec![Some("c"), Some("c")]];
    let study = CodingStudy::from_rows("sets", &["x", "y"], &rows).unwrap();
    assert!(study.has_sets());
    let d = terms::distance_matrix(&study, &Distance::Masi, &[]).unwrap();
    // Categories in order: a, a;b, c.
    assert!(close(d[0][1], 1.0 - 0.5 * 2.0 / 3.0, 1e-12));
    assert!(close(d[0][2], 1.0, 1e-12) && close(d[1][1], 0.0, 1e-12));
    let j = terms::distance_matrix(&study, &Distance::Jaccard, &[]).unwrap();
    assert!(close(j[0][1], 0.5, 1e-12));
    // α with MASI: values a, a;b, c, c; D_o = 2·(2/3)/4; D_e = 2·(2/3 + 1 + 1·2 + 1·2)/12... by
    // the coincidences: n = 4, pairs (a,ab) d=2/3 ×2, (a,c) ×2·2 d=1, (ab,c) ×2·2 d=1.
    let alpha = choice("alpha:masi").evaluate(&study).unwrap();
    let d_o = 2.0 * (2.0 / 3.0) / 4.0;
    let d_e = (2.0 * (2.0 / 3.0) + 4.0 + 4.0) / 12.0;
    assert!(close(alpha.value, 1.0 - d_o / d_e, 1e-12), "{alpha:?}");
}

/// c|uα on units at identical positions is Scott's π, not α (two coders A = x y x, B = x x y:
/// c|uα −0.5 = π, α −0.25).
#[test]
fn cu_alpha_on_identical_positions_is_pi_not_alpha() {
    let mut continuum = crate::Continuum::new("xyx");
    for (position, (a, b)) in [("x", "x"), ("y", "x"), ("x", "y")].into_iter().enumerate() {
        let start = position as f64;
        continuum.add("A", start, start + 1.0, a).unwrap();
        continuum.add("B", start, start + 1.0, b).unwrap();
    }
    let cu = crate::coefficients::unitizing::cu_alpha(&continuum, &Distance::Nominal).unwrap();
    assert!(close(cu, -0.5, 1e-12), "{cu}");
    let study = from_units::study_from_units(&continuum, None).unwrap();
    assert_eq!(study.n_items(), 3);
    let pi = choice("pi").evaluate(&study).unwrap().value;
    let alpha = choice("alpha").evaluate(&study).unwrap().value;
    assert!(
        close(pi, -0.5, 1e-12) && close(alpha, -0.25, 1e-12),
        "{pi} {alpha}"
    );
}

#[test]
fn names_read_back_and_labels_say_the_weights() {
    for coefficient in Coefficient::ALL {
        assert_eq!(coefficient.name().parse::<Coefficient>(), Ok(coefficient));
    }
    for (text, name) in [
        ("ac2", "ac1:quadratic"),
        ("weighted_kappa", "kappa:quadratic"),
        ("Conger", "kappa"),
        ("fleiss", "pi"),
        ("alpha:interval", "alpha:quadratic"),
        ("bp:linear", "s:linear"),
    ] {
        let parsed = choice(text);
        assert_eq!(parsed.name(), name, "{text}");
        assert_eq!(
            CoefficientChoice::parse(&parsed.name(), None).unwrap(),
            parsed
        );
    }
    assert_eq!(choice("ac2").label(4), "Gwet's AC2 (quadratic)");
    assert_eq!(
        choice("alpha:interval").label(4),
        "Krippendorff's α (interval)"
    );
    assert!(CoefficientChoice::parse("delta", None).is_err());
    assert!(CoefficientChoice::parse("alpha:cubic", None).is_err());
}

#[test]
fn labels_that_are_not_numbers_need_an_order_for_numeric_distances() {
    let rows = vec![
        vec![Some("low"), Some("mid")],
        vec![Some("high"), Some("high")],
        vec![Some("mid"), Some("mid")],
        vec![Some("low"), Some("low")],
    ];
    let mut study = CodingStudy::from_rows("ordered", &["x", "y"], &rows).unwrap();
    assert!(matches!(
        choice("kappa:linear").evaluate(&study),
        Err(crate::coefficients::CoefficientError::NotNumeric(..))
    ));
    let order: Vec<String> = ["low", "mid", "high", "extreme"].map(String::from).to_vec();
    study.set_category_order(&order).unwrap();
    let ranked = choice("kappa:linear").evaluate(&study).unwrap();
    // The same table with numbers 1, 2, 3 (and an unused 4).
    let numbers = vec![
        vec![Some("1"), Some("2")],
        vec![Some("3"), Some("3")],
        vec![Some("2"), Some("2")],
        vec![Some("1"), Some("1")],
    ];
    let mut numeric = CodingStudy::from_rows("numbers", &["x", "y"], &numbers).unwrap();
    numeric
        .set_category_order(&["1", "2", "3", "4"].map(String::from))
        .unwrap();
    let expected = choice("kappa:linear").evaluate(&numeric).unwrap();
    assert!(close(ranked.value, expected.value, 1e-12));
    assert!(matches!(
        study.set_category_order(&["low".to_string()]),
        Err(CodingError::OrderMissesLabel(_))
    ));
}

#[test]
fn bootstrap_over_items_is_seeded_and_covers_the_value() {
    let study = gwet_4raters();
    let options = crate::bootstrap::BootstrapOptions {
        replicates: 500,
        level: 0.95,
        seed: 7,
    };
    let ac1 = choice("ac1");
    let first = intervals::bootstrap_interval(&study, &ac1, &options).unwrap();
    let again = intervals::bootstrap_interval(&study, &ac1, &options).unwrap();
    assert_eq!(first, again);
    assert_eq!(first.seed, Some(7));
    let value = ac1.evaluate(&study).unwrap().value;
    assert!(first.low < value && value <= first.high, "{first:?}");
    let other = crate::bootstrap::BootstrapOptions { seed: 8, ..options };
    assert_ne!(
        intervals::bootstrap_interval(&study, &ac1, &other).unwrap(),
        first
    );
    // Followed: the progress reaches every replicate, the interval is the same; stopped: none.
    let most = std::sync::atomic::AtomicUsize::new(0);
    let progress = |done: usize, total: usize| {
        assert_eq!(total, 500);
        most.fetch_max(done, std::sync::atomic::Ordering::Relaxed);
    };
    let control = crate::gamma::RunControl {
        cancelled: None,
        on_progress: Some(&progress),
    };
    let followed = intervals::bootstrap_interval_with(&study, &ac1, &options, &control);
    assert_eq!(followed.unwrap(), first);
    assert_eq!(most.into_inner(), 500);
    let stop = std::sync::atomic::AtomicBool::new(true);
    let control = crate::gamma::RunControl {
        cancelled: Some(&stop),
        on_progress: None,
    };
    assert_eq!(
        intervals::bootstrap_interval_with(&study, &ac1, &options, &control),
        Err(intervals::CodingBootstrapError::Cancelled)
    );
}

#[test]
fn pairwise_tables_and_confusion() {
    let study = gwet_4raters();
    let table = tables::pairwise(&study, &choice("kappa"));
    assert_eq!(table.pairs.len(), 6);
    // Raters 1 and 2 agree on every item both rated (1–9).
    let first = table.pairs[0].value.as_ref().unwrap();
    assert_eq!((table.pairs[0].first, table.pairs[0].second), (0, 1));
    assert!(close(first.observed, 8.0 / 9.0, 1e-12), "{first:?}");
    let confusion = tables::confusion(&study, 0, 1);
    assert_eq!(confusion.items, 9);
    assert_eq!(confusion.counts[0][0], 2);
    assert_eq!(confusion.counts[0][1], 1);
}

#[test]
fn adjudication_decides_undoes_and_restores() {
    use crate::gold::{Direction, Filter};
    let study = gwet_4raters();
    let mut adjudication = CodingAdjudication::new(study.clone(), Some("ada".into()));
    // Disagreements first, the most divided (item 6: 1 2 3 4) first.
    assert_eq!(adjudication.order()[0], 5);
    let first = adjudication.next_open(None, Direction::Next, &Filter::default());
    assert_eq!(first, Some(5));
    assert_eq!(adjudication.suggestion(5), None);
    assert!(adjudication.accept_suggestion(5).is_err());
    adjudication.take_coder(5, 2).unwrap();
    assert_eq!(adjudication.gold()[5], ("6", Some("3")));
    assert_eq!(
        adjudication.decision(5).unwrap().decided_by,
        DecidedBy::Coder("r3".into())
    );
    // Item 12 has one rating: no disagreement, but the rules leave it open.
    assert_eq!(adjudication.apply_rule("unanimous".parse().unwrap()), 8);
    assert_eq!(adjudication.progress().decided, 9);
    // 3 of 4 (item 2: 2 2 3 2, item 8: 1 1 2 1) pass majority:0.75, not majority:0.8.
    assert_eq!(adjudication.apply_rule("majority:0.8".parse().unwrap()), 0);
    assert_eq!(adjudication.apply_rule("majority:0.75".parse().unwrap()), 2);
    assert_eq!(
        adjudication.next_step_items(false),
        [1, 7],
        "the rule's two items"
    );
    assert!(adjudication.undo());
    assert_eq!(adjudication.progress().decided, 9);
    assert!(adjudication.can_redo() && adjudication.next_step_items(true) == [1, 7]);
    assert!(adjudication.redo());
    assert!(!adjudication.can_redo());
    assert_eq!(adjudication.progress().decided, 11);
    let session = adjudication.session();
    let json = serde_json::to_string(&session).unwrap();
    let read: CodingSession = serde_json::from_str(&json).unwrap();
    let restored = CodingAdjudication::restore(study.clone(), &read, None).unwrap();
    assert_eq!(restored.gold(), adjudication.gold());
    let mut other = study.clone();
    other.codings.items[0][0] = Some(1);
    assert!(matches!(
        CodingAdjudication::restore(other, &read, None),
        Err(adjudication::CodingAdjudicationError::OtherTable { .. })
    ));
    assert!("majority:0.4".parse::<BulkRule>().is_err());
    // Filters: rater 1 did not rate items 10–12.
    let filter = Filter {
        category: None,
        annotator: Some(0),
    };
    assert!(!adjudication.passes(9, &filter) && adjudication.passes(0, &filter));
    assert_eq!(
        adjudication.next_open(None, Direction::Next, &Filter::default()),
        None
    );
}
