use super::*;

fn continuum(units: &[(&str, f64, f64, &str)]) -> Continuum {
    let mut c = Continuum::new("test");
    for &(annotator, start, end, category) in units {
        c.add(annotator, start, end, category).unwrap();
    }
    c
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// By hand, two annotators on [0, 10): A x[0,4) y[6,10); B x[0,4) y[4,8).
/// Intersections: x–x 4, A's gap [4,6) with B's y 2, y–y 2, A's y [8,10) with B's gap 2; with
/// both orders (m − 1 = 1): l_xx = 8, l_yy = 4, l_∅y = l_y∅ = 4; margins ∅ 4, x 8, y 8; n = 20.
/// Self-pairs S: ∅ 2 + 2 = 4, x 4² + 4² = 32, y 32; n − S/n = 16.6.
/// uα = 1 − (20 − 12) / (20 − (12 + 32 + 32)/16.6) = 1 − 8·16.6/256 = 0.48125.
/// |uα = 1 − 4 / ((4·8 + 4·8)/16.6) = 1 − 66.4/64 = −0.0375.
/// Valued pairs: l*_xx = 8, l*_yy = 4, nothing between x and y: c|uα = 1, (x)uα = (y)uα = 1,
/// coverage x 8/8, y 4/8, c|uα on 12/20 of the pairs.
#[test]
fn two_annotators_by_hand() {
    let c = continuum(&[
        ("A", 0.0, 4.0, "x"),
        ("A", 6.0, 10.0, "y"),
        ("B", 0.0, 4.0, "x"),
        ("B", 4.0, 8.0, "y"),
    ]);
    let f = u_alpha_family(&c, 0.0, 10.0, &Distance::Nominal).unwrap();
    assert!(close(f.u_alpha.unwrap(), 0.48125, 1e-12), "{f:?}");
    assert!(close(f.binary_u_alpha.unwrap(), -0.0375, 1e-12), "{f:?}");
    assert_eq!(f.cu_alpha, Some(1.0));
    assert!(close(f.cu_coverage, 0.6, 1e-12));
    let coverage: Vec<f64> = f.k_u_alpha.iter().map(|k| k.coverage).collect();
    assert_eq!(coverage, vec![1.0, 0.5]);
    assert!(f.k_u_alpha.iter().all(|k| k.alpha == Some(1.0)));
}

/// By hand, with a categorical disagreement and no gap: A x[0,10); B x[0,4) y[4,10).
/// l_xx = 8, l_xy = l_yx = 6; margins x 14, y 6, n = 20; S_x = 10² + 4² = 116, S_y = 36, and
/// S* is the same (every unit meets the other annotator over its whole length): n − S/n = 12.4.
/// e_xx = (196 − 116)/12.4, e_yy = 0, e_xy = 84/12.4: c|uα = uα = 1 − 12·12.4/168 = 4/35.
/// (x)uα = 1 − (164/12.4)·6 / (14·84/12.4) = 8/49; (y)uα = 1 − (84/12.4)·6/(6·84/12.4) = 0.
/// No gap: |uα is undefined.
#[test]
fn categorical_disagreement_by_hand() {
    let c = continuum(&[
        ("A", 0.0, 10.0, "x"),
        ("B", 0.0, 4.0, "x"),
        ("B", 4.0, 10.0, "y"),
    ]);
    let f = u_alpha_family(&c, 0.0, 10.0, &Distance::Nominal).unwrap();
    assert!(close(f.u_alpha.unwrap(), 4.0 / 35.0, 1e-12), "{f:?}");
    assert!(close(f.cu_alpha.unwrap(), 4.0 / 35.0, 1e-12), "{f:?}");
    assert_eq!(f.binary_u_alpha, None);
    assert!(
        close(f.k_u_alpha[0].alpha.unwrap(), 8.0 / 49.0, 1e-12),
        "{f:?}"
    );
    assert!(close(f.k_u_alpha[1].alpha.unwrap(), 0.0, 1e-12), "{f:?}");
}

/// The example of `unitized_alpha` (github.com/lindanna/unitized_alpha, commit 11637e7, a
/// Python implementation of the 2016 article): the three annotators of its `__main__` on a
/// continuum of 20, whose output its README prints rounded (uα 0.474, |uα 0.433, c|uα 0.779 on
/// 38.33 % of the pairs, (1)uα 0.769 on 95.45 % of 1's length, (2)uα 0.787 on 59.52 %); the
/// full-precision values are that code's, run on the same input. An independent
/// implementation, not the article's own worked example, which we could not obtain. With three
/// annotators it also pins the pairwise reading of S* (see the module doc).
#[test]
fn the_unitized_alpha_example() {
    let c = continuum(&[
        ("Alex", 2.0, 5.0, "1"),
        ("Alex", 9.0, 11.0, "1"),
        ("Alex", 12.0, 20.0, "2"),
        ("Paul", 2.0, 5.0, "1"),
        ("Paul", 7.0, 15.0, "2"),
        ("Susan", 2.0, 5.0, "1"),
        ("Susan", 10.0, 15.0, "2"),
    ]);
    let f = u_alpha_family(&c, 0.0, 20.0, &Distance::Nominal).unwrap();
    assert!(
        close(f.u_alpha.unwrap(), 0.4739130434782609, 1e-12),
        "{f:?}"
    );
    assert!(close(f.binary_u_alpha.unwrap(), 0.4328125, 1e-12), "{f:?}");
    assert!(
        close(f.cu_alpha.unwrap(), 0.7788819875776397, 1e-12),
        "{f:?}"
    );
    assert!(close(f.cu_coverage, 23.0 / 60.0, 1e-12), "{f:?}");
    let one = &f.k_u_alpha[0];
    assert!(
        close(one.alpha.unwrap(), 0.7692517006802722, 1e-12),
        "{f:?}"
    );
    assert!(close(one.coverage, 21.0 / 22.0, 1e-12), "{f:?}");
    let two = &f.k_u_alpha[1];
    assert!(
        close(two.alpha.unwrap(), 0.7869714285714285, 1e-12),
        "{f:?}"
    );
    assert!(close(two.coverage, 25.0 / 42.0, 1e-12), "{f:?}");
}

/// Units that never meet another annotator's unit leave c|uα undefined, not 1.
#[test]
fn no_intersection() {
    let c = continuum(&[("a", 0.0, 2.0, "x"), ("b", 5.0, 6.0, "y")]);
    let f = u_alpha_family(&c, 0.0, 10.0, &Distance::Nominal).unwrap();
    assert_eq!(f.cu_alpha, None);
    assert!(f.k_u_alpha.iter().all(|k| k.alpha.is_none()));
    assert!(f.u_alpha.unwrap() < 0.0);
}

#[test]
fn identical_annotators_and_overlap() {
    let same = continuum(&[
        ("a", 0.0, 5.0, "x"),
        ("a", 10.0, 20.0, "y"),
        ("b", 0.0, 5.0, "x"),
        ("b", 10.0, 20.0, "y"),
    ]);
    let f = u_alpha_family(&same, 0.0, 30.0, &Distance::Nominal).unwrap();
    assert_eq!(
        (f.u_alpha, f.binary_u_alpha, f.cu_alpha),
        (Some(1.0), Some(1.0), Some(1.0))
    );
    let overlapping = continuum(&[
        ("a", 0.0, 5.0, "x"),
        ("a", 3.0, 8.0, "y"),
        ("b", 0.0, 5.0, "x"),
    ]);
    let error = u_alpha_family(&overlapping, 0.0, 10.0, &Distance::Nominal).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("a's units [0, 5) \"x\" and [3, 8) \"y\" overlap"),
        "{error}"
    );
}

/// Intervals: 40 stretches far apart, 20 where the annotators agree and 20 where B's unit is
/// shifted by 2. Each stretch holds one unit of each annotator, so with the minimum of
/// [`MIN_UNITS_PER_STRETCH`] units the continuum is cut into 8 stretches; the interval holds
/// uα, is seeded, and a continuum whose units form one chain cannot be resampled.
#[test]
fn bootstrap_intervals_over_stretches() {
    let mut units = Vec::new();
    for i in 0..40 {
        let start = 100.0 * i as f64;
        let shift = if i % 2 == 0 { 0.0 } else { 2.0 };
        units.push(("A", start, start + 10.0, if i % 3 == 0 { "x" } else { "y" }));
        units.push((
            "B",
            start + shift,
            start + 10.0 + shift,
            if i % 3 == 0 { "x" } else { "y" },
        ));
    }
    let c = continuum(&units);
    let options = BootstrapOptions {
        replicates: 500,
        level: 0.95,
        seed: 3,
    };
    let point = u_alpha_family(&c, 0.0, 4000.0, &Distance::Nominal).unwrap();
    let intervals =
        u_alpha_family_intervals(&c, 0.0, 4000.0, &Distance::Nominal, &options).unwrap();
    assert_eq!(intervals.stretches, 8);
    let (low, high) = intervals.u_alpha.unwrap();
    let u = point.u_alpha.unwrap();
    assert!(low < u && u < high && high < 1.0, "{intervals:?} {point:?}");
    assert_eq!(intervals.cu_alpha, Some((1.0, 1.0)));
    assert_eq!(
        u_alpha_family_intervals(&c, 0.0, 4000.0, &Distance::Nominal, &options).unwrap(),
        intervals
    );
    let chain = continuum(&[("A", 0.0, 10.0, "x"), ("B", 5.0, 15.0, "x")]);
    assert!(matches!(
        u_alpha_family_intervals(&chain, 0.0, 20.0, &Distance::Nominal, &options),
        Err(UnitizingError::Bootstrap(BootstrapError::TooFewUnits {
            found: 1,
            ..
        }))
    ));
}
