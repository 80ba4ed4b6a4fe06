//! The `gamma-studio coefficients` command end to end.

mod common;

use common::cli::{gamma_studio, json_of};

/// Krippendorff's (2004, p. 254) α_U example, moved from [150, 450) to [0, 300) (a text of 300
/// characters beside the CSV sets the continuum's length): α_U = 0.8591, c = 0.7286, k = 1.
#[test]
fn coefficients_command_reports_krippendorffs_alpha_u_and_the_other_measures() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("krippendorff2004.csv");
    let mut rows = String::from("annotator,category,start,end\n");
    for (annotator, category, start, end) in [
        ("i", "c", 225, 295),
        ("i", "c", 370, 400),
        ("j", "c", 220, 300),
        ("j", "c", 355, 375),
        ("j", "c", 400, 420),
        ("i", "k", 180, 240),
        ("i", "k", 300, 350),
        ("j", "k", 180, 240),
        ("j", "k", 300, 350),
    ] {
        rows.push_str(&format!(
            "{annotator},{category},{},{}\n",
            start - 150,
            end - 150
        ));
    }
    std::fs::write(&csv, rows).unwrap();
    std::fs::write(folder.path().join("krippendorff2004.txt"), "x".repeat(300)).unwrap();
    let output = gamma_studio(&["coefficients", csv.to_str().unwrap(), "--json"]);
    let report = json_of(&output);
    let value = |name: &str| {
        report["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["measure"] == name)
            .unwrap_or_else(|| panic!("{name} missing: {report}"))["value"]
            .as_f64()
    };
    assert!(
        (value("alpha_u").unwrap() - 0.8591).abs() < 5e-4,
        "{report}"
    );
    let by_category = report["alpha_u_by_category"].as_array().unwrap();
    assert!((by_category[0]["alpha_u"].as_f64().unwrap() - 0.7286).abs() < 1e-4);
    assert_eq!(by_category[1]["alpha_u"].as_f64(), Some(1.0));
    for name in [
        "kappa",
        "pi",
        "alpha",
        "percentage",
        "cu_alpha",
        "ser",
        "windowdiff",
        "pk",
        "ghd",
    ] {
        let v = value(name).unwrap_or_else(|| panic!("{name} undefined: {report}"));
        assert!(v < 1.0 && v > 0.0, "{name} = {v}");
    }
    // c|uα by hand (positions after the move): i's c [75, 145) meets j's c [70, 150) on 70 and
    // j's k [30, 90) on 15; i's c [220, 250) meets j's c [205, 225) on 5; i's k [30, 90) meets
    // j's k on 60 and j's c [70, 150) on 20; i's k [150, 200) meets j's k on 50. Both orders:
    // c–c 150, k–k 220, c–k 35, k–c 35; margins c 185, k 255, n 440.
    let by_hand = 1.0 - (70.0 / 440.0) / (2.0 * 185.0 * 255.0 / (440.0 * 440.0));
    assert!((value("cu_alpha").unwrap() - by_hand).abs() < 1e-12);
}
