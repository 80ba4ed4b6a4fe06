//! The intervals named for what they are (issue 41, item 3): the dashboard's γ column, the
//! corpus headline and the exported table show the bootstrap 95 % confidence interval — the
//! values the core's bootstrap gives — as such, and the precision interval of the chance
//! estimate under its own name.

use super::campaign::dashboard_done;
use super::*;
use crate::app::campaign::dashboard_table::{CONFIDENCE_TIP, PRECISION_TIP};
use gamma_core::bootstrap::bootstrap_gamma;
use gamma_core::synthetic::{Density, noisy_copies};
use std::path::Path;

/// Three documents of three annotators, 40 units each: enough stretches for a bootstrap.
fn write_corpus(folder: &Path) {
    for seed in 1..=3 {
        let continuum = noisy_copies(3, 40, Density::Sparse, seed);
        let mut csv = String::from("annotator,category,start,end\n");
        for annotator in &continuum.annotators {
            for unit in &annotator.units {
                let (start, end) = (
                    unit.start.round(),
                    unit.end.round().max(unit.start.round() + 1.0),
                );
                csv.push_str(&format!(
                    "{},{},{start},{end}\n",
                    annotator.name, unit.category
                ));
            }
        }
        std::fs::write(folder.join(format!("doc{seed}.csv")), csv).unwrap();
    }
}

#[test]
fn the_bootstrap_values_are_the_ones_shown_as_the_95_percent_confidence_interval() {
    let folder = tempfile::tempdir().unwrap();
    write_corpus(folder.path());
    let launch = Launch {
        files: vec![folder.path().to_path_buf()],
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    h.state_mut().state.measure.settings.gamma.samples = precision(0.05);
    h.state_mut().state.measure.settings.bootstrap_replicates = 200;
    h.state_mut().state.settings_changed();
    step_until(&mut h, |app| {
        dashboard_done(app) && app.state.campaign.dashboard.corpus.is_some()
    });
    let state = &h.state().state;
    let (options, bootstrap) = (
        state.measure.settings.gamma_options(),
        state.measure.settings.bootstrap_options(),
    );
    // Each document: the core's γ and its bootstrap, as the table shows them.
    for (index, document) in state.documents.open.iter().enumerate() {
        let result = gamma_core::gamma(document.continuum(), &options, Default::default()).unwrap();
        let ci = bootstrap_gamma(&result, &options, &bootstrap)
            .unwrap()
            .gamma;
        let measured = state.campaign.dashboard.measured(index).unwrap();
        assert_eq!(measured.confidence, Ok(ci));
        assert_eq!(measured.precision, result.gamma_interval);
        assert_ne!(ci, result.gamma_interval, "two intervals, told apart");
        h.get_by_label(&format!("{:.3} [{:.3}, {:.3}]", result.gamma, ci.0, ci.1));
    }
    h.get_by_label_contains("γ [95 % CI]");
    // The corpus: pooled γ, its bootstrap over the documents, the precision apart.
    let corpus = gamma_core::Corpus::new(
        (state.documents.open.iter())
            .map(|d| d.continuum().clone())
            .collect(),
    );
    let pooled = gamma_core::corpus_gamma(&corpus, &options, Default::default()).unwrap();
    let ci = bootstrap_gamma(&pooled, &options, &bootstrap)
        .unwrap()
        .gamma;
    h.get_by_label(&format!("corpus γ {:.3}", pooled.gamma));
    h.get_by_label(&format!("95 % CI [{:.3}, {:.3}]", ci.0, ci.1));
    h.get_by_label(&format!(
        "precision of the chance estimate [{:.3}, {:.3}]",
        pooled.gamma_interval.0, pooled.gamma_interval.1
    ));
    assert!(CONFIDENCE_TIP.contains("bootstrap 95 % confidence interval"));
    assert!(PRECISION_TIP.contains("not a confidence interval"));
    // The exported table: the same values under their names.
    let out = folder.path().join("table.csv");
    let documents: Vec<_> = state.documents.open.iter().map(|d| d.id).collect();
    h.state_mut().state.export_table(out.clone(), &documents);
    let table = std::fs::read_to_string(&out).unwrap();
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    assert_eq!(
        &header[3..8],
        [
            "gamma",
            "ci95_low",
            "ci95_high",
            "chance_precision_low",
            "chance_precision_high"
        ]
    );
    let first: Vec<&str> = table.lines().nth(1).unwrap().split(',').collect();
    let measured = h.state().state.campaign.dashboard.measured(0).unwrap();
    let (low, high) = measured.confidence.clone().unwrap();
    assert_eq!(
        &first[4..8],
        [
            low.to_string(),
            high.to_string(),
            measured.precision.0.to_string(),
            measured.precision.1.to_string()
        ]
    );
}
