//! The results panel: every value whole in the width the left panel has at 1024×700, 1366×768
//! and 1920×1080, with the settings open above.

use super::*;
use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT};

/// The widgets of the left panel that reach past its right edge (the resize handle), as
/// "role value: rect".
fn cut_in_left_panel(h: &Harness<'static, GammaStudioApp>) -> Vec<String> {
    let splitter = h
        .query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect())
        .min_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the left panel's resize handle");
    h.query_all(By::new().predicate(|n| n.bounding_box().is_some()))
        .filter(|n| {
            let rect = n.rect();
            let role = n.accesskit_node().role();
            rect.min.y >= splitter.min.y
                && rect.min.x < splitter.min.x
                && rect.max.x > splitter.min.x
                && role != Role::Splitter
        })
        .map(|n| {
            let node = n.accesskit_node();
            format!(
                "{:?} {:?}: {:?}",
                node.role(),
                node.value().or(node.label()),
                n.rect()
            )
        })
        .collect()
}

#[test]
fn the_left_panel_shows_every_value_whole_at_laptop_and_desktop_sizes() {
    for size in [[1024.0, 700.0], [1366.0, 768.0], [1920.0, 1080.0]] {
        let mut h = harness_of_size(app(Launch::default(), ScriptedDialog::default()), size);
        step_until(&mut h, |app| {
            has_result(app) && (app.state.current_outcome()).is_some_and(|o| o.pairwise.len() == 3)
        });
        h.get_by_label("Settings").click();
        h.run_steps(20); // the header's opening animation
        let (low, high) = h
            .state()
            .state
            .current_outcome()
            .unwrap()
            .result
            .gamma_interval;
        // The whole interval, one label (not "0.8077 … 0.8" cut by the panel's edge).
        let interval = format!("{low:.4} … {high:.4}");
        h.get_by_label(&interval);
        let cut = cut_in_left_panel(&h);
        assert!(
            cut.is_empty(),
            "{size:?}: cut by the panel's edge: {cut:#?}"
        );
    }
}

#[test]
fn the_left_panel_shows_text_gamma_and_its_settings_whole_at_1024_by_700() {
    let mut h = harness_of_size(
        app(Launch::default(), ScriptedDialog::default()),
        [1024.0, 700.0],
    );
    step_until(&mut h, has_result);
    h.state_mut()
        .open_demo(crate::app::files::demo::Demo::HistoricalText);
    step_until(&mut h, |app| {
        app.state.measure.run.status == Status::Done && app.state.current_text_outcome().is_some()
    });
    h.get_by_label("Settings").click();
    h.run_steps(20);
    let (low, high) = (h.state().state.current_text_outcome().unwrap().result).tgamma_interval;
    h.get_by_label(&format!("{low:.4} … {high:.4}"));
    let cut = cut_in_left_panel(&h);
    assert!(cut.is_empty(), "cut by the panel's edge: {cut:#?}");
}

/// Waits for the confidence interval of the document shown.
fn step_until_interval(h: &mut Harness<'static, GammaStudioApp>) {
    step_until(h, |app| {
        has_result(app)
            && !app.state.measure.run.stale
            && (app.state.current_outcome()).is_some_and(|o| o.confidence_interval.is_some())
    });
}

#[test]
fn the_confidence_interval_of_gamma_is_the_cores_bootstrap_drawn_with_the_settings_seed() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().state.measure.settings.gamma.seed = 7;
    h.state_mut().state.measure.settings.bootstrap_replicates = 400;
    h.state_mut().state.settings_changed();
    step_until_interval(&mut h);
    let outcome = h.state().state.current_outcome().unwrap().clone();
    // The core, called directly: γ with the same options, then its bootstrap.
    let options = outcome.settings.gamma_options();
    let result =
        gamma_core::gamma(&demo_document().continuum, &options, Default::default()).unwrap();
    let bootstrap = gamma_core::bootstrap::BootstrapOptions {
        replicates: 400,
        level: 0.95,
        seed: 7,
    };
    let expected = gamma_core::bootstrap::bootstrap_gamma(&result, &options, &bootstrap).unwrap();
    let shown = outcome.confidence_interval.unwrap().unwrap();
    assert_eq!(shown, expected);
    assert_eq!(shown.unit, gamma_core::bootstrap::ResamplingUnit::Stretches);
    let (low, high) = shown.gamma;
    assert!(
        low < result.gamma && result.gamma < high,
        "{low} {} {high}",
        result.gamma
    );
    // Named apart from the precision interval, with how it was made and its seed.
    h.get_by_label("95 % confidence interval");
    h.get_by_label(&format!("{low:.4} … {high:.4}"));
    h.get_by_label(&format!(
        "over {} stretches of the text, 400 replicates, seed 7",
        shown.n_units
    ));
    h.get_by_label("precision of the chance estimate");
}

#[test]
fn the_corpus_gamma_has_its_confidence_interval_over_the_documents() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let documents: Vec<gamma_formats::Document> = [3, 4, 5]
        .into_iter()
        .map(|seed| gamma_formats::Document {
            continuum: gamma_core::synthetic::noisy_copies(
                2,
                15,
                gamma_core::synthetic::Density::Sparse,
                seed,
            ),
            source: gamma_formats::Source::Csv(format!("doc{seed}.csv").into()),
        })
        .collect();
    let corpus = gamma_core::Corpus::new(documents.iter().map(|d| d.continuum.clone()).collect());
    h.state_mut().state.set_documents(documents);
    step_until(&mut h, |app| app.state.measure.corpus_gamma.is_some());
    h.run_steps(2);
    let shown = h
        .state()
        .state
        .measure
        .corpus_gamma
        .clone()
        .unwrap()
        .unwrap();
    let options = h.state().state.measure.settings.gamma_options();
    let result = gamma_core::corpus_gamma(&corpus, &options, Default::default()).unwrap();
    let bootstrap = h.state().state.measure.settings.bootstrap_options();
    assert_eq!(bootstrap.seed, gamma_core::settings::DEFAULT_SEED);
    let expected = gamma_core::bootstrap::bootstrap_gamma(&result, &options, &bootstrap).unwrap();
    assert_eq!(shown.gamma, result.gamma);
    let interval = shown.confidence_interval.unwrap();
    assert_eq!(interval, expected);
    h.get_by_label(&format!("{:.4}", result.gamma));
    h.get_by_label(&format!(
        "over 3 documents, 1000 replicates, seed {}",
        gamma_core::settings::DEFAULT_SEED
    ));
}

/// Three segments for each of A (u1…u3) and B (v1…v3), at the same places, and three
/// relations each: A u1→u2 Elaboration, u2→u3 Comment, u1→u3 Contrast; B v1→v2 Elaboration,
/// v3→v2 Comment (the other way), v1→v3 Result.
fn discourse(name: &str) -> gamma_formats::Document {
    use gamma_core::relation::{Endpoint, Relation};
    let mut continuum = gamma_core::Continuum::new(name);
    for (annotator, prefix) in [("A", "u"), ("B", "v")] {
        for i in 0..3 {
            let start = 15.0 * i as f64;
            let unit = gamma_core::Unit::new(start, start + 10.0, "Segment")
                .unwrap()
                .with_source_id(format!("{prefix}{}", i + 1));
            continuum.add_unit(annotator, unit);
        }
    }
    let relation = |id: &str, label: &str, source: &str, target: &str| Relation {
        id: id.into(),
        label: label.into(),
        source: Endpoint::Unit(source.into()),
        target: Endpoint::Unit(target.into()),
        directed: true,
    };
    continuum.annotators[0].relations = vec![
        relation("r1", "Elaboration", "u1", "u2"),
        relation("r2", "Comment", "u2", "u3"),
        relation("r3", "Contrast", "u1", "u3"),
    ];
    continuum.annotators[1].relations = vec![
        relation("q1", "Elaboration", "v1", "v2"),
        relation("q2", "Comment", "v3", "v2"),
        relation("q3", "Result", "v1", "v3"),
    ];
    gamma_formats::Document {
        continuum,
        source: gamma_formats::Source::Csv(format!("{name}.csv").into()),
    }
}

/// The text of the label that follows the label `name` in the panel (its value, beside it or
/// under it).
fn value_of(h: &Harness<'static, GammaStudioApp>, name: &str) -> String {
    let labels: Vec<String> = h
        .query_all_by_role(Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .collect();
    let at = labels
        .iter()
        .position(|l| l == name)
        .unwrap_or_else(|| panic!("no {name}"));
    labels[at + 1].clone()
}

#[test]
fn the_relation_agreement_of_each_pair_is_shown_beside_gamma_and_summed_over_the_corpus() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().state.set_documents(vec![discourse("doc")]);
    step_until(&mut h, |app| {
        has_result(app) && (app.state.current_outcome()).is_some_and(|o| o.relations.is_some())
    });
    h.run_steps(2);
    let relations = (h.state().state.current_outcome().unwrap().relations.clone()).unwrap();
    let pair = &relations.pairs[0];
    // By hand: u1→u2 and v1→v2 match with the same label, u1→u3 and v1→v3 with another;
    // u2→u3 and v3→v2 link the same units the other way: one side only each, attached alike.
    assert_eq!(pair.relations, [3, 3]);
    assert_eq!(
        (
            pair.same_label,
            pair.other_label,
            pair.only_first,
            pair.only_second
        ),
        (1, 1, 1, 1)
    );
    h.get_by_label("A – B");
    assert_eq!(value_of(&h, "relations"), "A 3, B 3");
    assert_eq!(value_of(&h, "same label"), "1");
    assert_eq!(value_of(&h, "other label"), "1");
    assert_eq!(value_of(&h, "only A"), "1");
    assert_eq!(value_of(&h, "only B"), "1");
    // 2·2/6, 2·1/6, 2·3/6.
    assert_eq!(value_of(&h, "unlabelled F1"), "0.6667");
    assert_eq!(value_of(&h, "labelled F1"), "0.3333");
    assert_eq!(value_of(&h, "attachment F1"), "1.0000");
    // Matched labels (Elaboration, Elaboration) and (Contrast, Result): p_o = 1/2,
    // p_e = ½·½ (Elaboration) = 1/4, κ = (1/2 − 1/4) / (1 − 1/4) = 1/3.
    assert_eq!(value_of(&h, "κ of the labels"), "0.3333");

    // Two such documents: the corpus sums the counts of the pair, κ the documents' mean.
    h.state_mut()
        .state
        .set_documents(vec![discourse("doc1"), discourse("doc2")]);
    step_until(&mut h, |app| {
        (app.state.measure.corpus_gamma.as_ref())
            .is_some_and(|c| c.as_ref().is_ok_and(|c| c.relations.is_some()))
    });
    h.run_steps(2);
    let corpus = h
        .state()
        .state
        .measure
        .corpus_gamma
        .clone()
        .unwrap()
        .unwrap();
    let pair = &corpus.relations.unwrap().pairs[0];
    assert_eq!(pair.relations, [6, 6]);
    assert_eq!(
        (
            pair.same_label,
            pair.other_label,
            pair.only_first,
            pair.only_second
        ),
        (2, 2, 2, 2)
    );
    assert_eq!(
        (pair.f1_unlabelled, pair.f1_labelled, pair.f1_attachment),
        (4.0 / 6.0, 2.0 / 6.0, 1.0)
    );
    assert!((pair.label_kappa.unwrap() - 1.0 / 3.0).abs() < 1e-12);
    h.get_by_label("corpus relations");
    h.get_by_label("A 6, B 6");
}
