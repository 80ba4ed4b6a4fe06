//! tγ as a full mode: the base, p_t and p_s, the layers in the settings; the interval and the
//! histogram in the results; both annotators' texts in the reading view.

use super::*;
use crate::app::files::demo::Demo;
use crate::app::measure::settings::TextGammaBase;
use egui::accesskit::Role;
use gamma_core::textgamma::annotations_of;
use gamma_core::textgamma::sampler::{Probabilities, text_gamma};
use gamma_formats::{ReadOptions, read_documents};

fn has_text_result(app: &GammaStudioApp) -> bool {
    app.state.measure.run.status == Status::Done
        && !app.state.measure.run.stale
        && app.state.current_text_outcome().is_some()
}

#[test]
fn text_gamma_takes_a_base_file_and_given_probabilities_and_shows_its_interval() {
    let demo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/cora");
    let base = demo.join("pre-annotation.xml");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![base.clone()]));
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    h.state_mut().open_demo(Demo::HistoricalText);
    step_until(&mut h, has_text_result);
    h.get_by_label("Settings").click();
    h.run_steps(20);
    // The base file through the dialog seam, p_t and p_s given, one layer left out.
    h.get_by_label("Base file…").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::CheckBox, "given").click();
    h.run_steps(2);
    let settings = h.state().state.measure.settings.clone();
    assert_eq!(settings.text_gamma_base, TextGammaBase::File(base.clone()));
    assert!(matches!(
        settings.text_gamma.probabilities,
        Probabilities::Given { .. }
    ));
    step_until(&mut h, has_text_result);
    // The core, called directly with the same choices.
    let continuum = h.state().state.document().unwrap().continuum().clone();
    let annotations = annotations_of(&continuum, "pos").unwrap();
    let read = ReadOptions {
        annotator_names: vec![("pre-annotation".into(), base.clone())],
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(std::slice::from_ref(&base), &read).unwrap();
    let pre = annotations_of(&documents[0].continuum, "pos")
        .unwrap()
        .remove(0);
    let expected = text_gamma(
        &annotations,
        Some(&pre),
        &settings.text_gamma,
        Default::default(),
    )
    .unwrap();
    let result = h
        .state()
        .state
        .current_text_outcome()
        .unwrap()
        .result
        .clone();
    assert_eq!(result.tgamma, expected.tgamma);
    assert_eq!(result.base.as_deref(), Some("pre-annotation"));
    assert_eq!((result.p_text, result.p_segmentation), (0.1, 0.02));
    assert_eq!(result.chance_disorders, expected.chance_disorders);
    assert_eq!(result.chance_disorders.len(), result.n_samples);
    assert_eq!(result.tgamma_interval, expected.tgamma_interval);
    let (low, high) = result.tgamma_interval;
    h.get_by_label(&format!("{low:.4} … {high:.4}"));
    h.get_by_label("chance disorders (sampled annotations)");
    h.get_by_label("pre-annotation");
    // Each annotator's own text: bernd corrected the spellings.
    let base_before = h.state().state.measure.settings.text_gamma_base.clone();
    h.state_mut().state.measure.settings.text_gamma_base = TextGammaBase::Annotator("bernd".into());
    h.state_mut().state.settings_changed();
    step_until(&mut h, has_text_result);
    let bernd = annotations.iter().find(|a| a.name == "bernd").unwrap();
    let with_bernd = text_gamma(
        &annotations,
        Some(bernd),
        &settings.text_gamma,
        Default::default(),
    )
    .unwrap();
    let result = h
        .state()
        .state
        .current_text_outcome()
        .unwrap()
        .result
        .clone();
    assert_eq!(result.tgamma, with_bernd.tgamma);
    assert_ne!(
        base_before,
        h.state().state.measure.settings.text_gamma_base
    );
}

#[test]
fn the_reading_view_shows_each_annotators_own_text_with_its_spans() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().open_demo(Demo::HistoricalText);
    step_until(&mut h, has_text_result);
    let continuum = h.state().state.document().unwrap().continuum().clone();
    let own = continuum.annotators[1].own_text.clone().expect("bernd's");
    assert_ne!(Some(&own), continuum.text.as_ref());
    let wrapped = |h: &Harness<'static, GammaStudioApp>| -> String {
        h.state()
            .state
            .documents
            .reading
            .wrapped
            .as_ref()
            .unwrap()
            .chars
            .iter()
            .collect()
    };
    assert_eq!(Some(wrapped(&h)), continuum.text, "anna's text first");
    h.get_by_label("lanes under each line: 1 anna");
    h.get_by_label("bernd's text").click();
    h.run_steps(3);
    assert_eq!(
        h.state().state.documents.reading.text_of.as_deref(),
        Some("bernd")
    );
    assert_eq!(wrapped(&h), own);
    h.get_by_label("lanes under each line: 2 bernd");
    // bernd's spans are drawn under his text: every one of them, and only his.
    let spans = &h.state().state.documents.reading.frame.spans;
    assert!(spans.iter().all(|(_, a, _)| *a == 1));
    assert_eq!(spans.len(), continuum.annotators[1].units.len());
}

#[test]
fn a_layer_left_out_of_text_gamma_is_not_compared() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cora");
    let files = vec![
        fixtures.join("p1b_posmorph_A.xml"),
        fixtures.join("p1b_posmorph_B.xml"),
    ];
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().state.measure.settings.measure =
        crate::app::measure::settings::AgreementMeasure::TextGamma;
    h.state_mut().state.open_files(&files, &Default::default());
    step_until(&mut h, has_text_result);
    let both = h
        .state()
        .state
        .current_text_outcome()
        .unwrap()
        .result
        .clone();
    assert!((both.observed.disorder - 0.2083333395).abs() < 1e-6);
    h.get_by_label("Settings").click();
    h.run_steps(20);
    let continuum = h.state().state.document().unwrap().continuum().clone();
    let layers = crate::app::measure::text_gamma_run::layers_of(
        &continuum,
        &h.state().state.files.read_options.cora,
    );
    assert_eq!(layers, ["pos", "morph"]);
    let checkbox = h.get_by_role_and_label(Role::CheckBox, "morph");
    checkbox.scroll_to_me();
    checkbox.click();
    h.run_steps(2);
    assert!(
        h.state()
            .state
            .measure
            .settings
            .text_gamma_excluded_layers
            .contains("morph")
    );
    step_until(&mut h, has_text_result);
    let annotations: Vec<_> = annotations_of(&continuum, "pos")
        .unwrap()
        .into_iter()
        .map(|a| a.with_layers(&["pos".to_string()]))
        .collect();
    let settings = h.state().state.measure.settings.text_gamma.clone();
    let expected = text_gamma(&annotations, None, &settings, Default::default()).unwrap();
    let result = h
        .state()
        .state
        .current_text_outcome()
        .unwrap()
        .result
        .clone();
    assert_eq!(result.observed, expected.observed);
    assert_eq!(result.tgamma, expected.tgamma);
    assert!(
        result.observed.disorder < both.observed.disorder,
        "morph differed too: {} vs {}",
        result.observed.disorder,
        both.observed.disorder
    );
}
