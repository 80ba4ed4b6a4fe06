//! The Evaluate window driven through its widgets (egui_kittest), checked against the core.

use super::panel::unit_text;
use super::*;
use crate::app::files::dialog::{ScriptedDialog, WithFallback};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gamma_core::gamma::RunControl;
use gamma_formats::evaluation_report as report;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Fixture {
    state: AppState,
    dialog: WithFallback<ScriptedDialog>,
}

fn harness() -> Harness<'static, Fixture> {
    let mut state = AppState::new(Arc::new(|| {}));
    state.set_documents(vec![crate::app::demo_document()]);
    state.evaluate.open = true;
    let fixture = Fixture {
        state,
        dialog: WithFallback::new(ScriptedDialog::default()),
    };
    Harness::builder()
        .with_size([1000.0, 900.0])
        .with_context_setup(crate::app::install_fonts)
        .build_ui_state(
            |ui, f: &mut Fixture| {
                f.state.poll();
                super::panel::window(ui, &mut f.state, &mut f.dialog);
                f.state.apply_commands();
            },
            fixture,
        )
}

fn step_until(h: &mut Harness<'static, Fixture>, done: impl Fn(&Fixture) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < Duration::from_secs(120), "timed out");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.step();
}

fn evaluated(f: &Fixture) -> bool {
    f.state
        .evaluate
        .finished
        .as_ref()
        .is_some_and(|r| r.evaluation.is_ok())
        && f.state.current_outcome().is_some()
}

#[test]
fn shows_the_core_evaluation_and_selects_a_disagreement_on_the_timeline() {
    let mut h = harness();
    step_until(&mut h, evaluated);
    let document = crate::app::demo_document().continuum;
    let reference = document.annotators[0].name.clone();
    let options = EvaluationOptions {
        gamma: h.state().state.measure.settings.gamma_options(),
        ..EvaluationOptions::default()
    };
    let expected = evaluate(
        &Corpus::new(vec![document.clone()]),
        &reference,
        &options,
        RunControl::default(),
    )
    .unwrap();
    let shown = h
        .state()
        .state
        .evaluate
        .finished
        .as_ref()
        .unwrap()
        .evaluation
        .clone()
        .unwrap();
    assert_eq!(shown.systems.len(), 2);
    for (a, b) in shown.systems.iter().zip(&expected.systems) {
        assert_eq!(a.spans, b.spans);
        assert_eq!(a.disagreements, b.disagreements);
        assert_eq!(a.gamma, b.gamma, "same settings, same seed");
    }
    let first = &expected.systems[0];
    h.get_by_label(&first.annotator);
    let strict_f1 = first.spans.get(Scheme::Strict).f1(Scheme::Strict);
    assert!(
        !h.query_all_by_label(&format!("{strict_f1:.3}"))
            .collect::<Vec<_>>()
            .is_empty()
    );

    // Click the first disagreement: the app selects the alignment holding its unit.
    let d = &first.disagreements[0];
    let text = format!(
        "{}: {}  vs  {}",
        d.kind.name(),
        unit_text(d.reference.as_ref()),
        unit_text(d.system.as_ref())
    );
    assert_eq!(h.state().state.documents.selection.alignment, None);
    h.get_by_label(&text).click();
    h.run_steps(2);
    let selected = h
        .state()
        .state
        .documents
        .selection
        .alignment
        .expect("an alignment is selected");
    let slots = h
        .state()
        .state
        .shown()
        .unwrap()
        .get(selected)
        .unwrap()
        .units
        .clone();
    let (a, unit) = match (&d.system, &d.reference) {
        (Some(u), _) => (1, u),
        (None, Some(u)) => (0, u),
        _ => unreachable!(),
    };
    let held = slots[a].map(|i| &document.annotators[a].units[i]);
    assert_eq!(held.map(|u| (u.start, u.end)), Some((unit.start, unit.end)));
}

#[test]
fn a_new_reference_evaluates_again() {
    let mut h = harness();
    step_until(&mut h, evaluated);
    let second = crate::app::demo_document().continuum.annotators[1]
        .name
        .clone();
    h.state_mut().state.evaluate.reference = Some(ReferenceChoice::Annotator(second.clone()));
    step_until(&mut h, |f| {
        evaluated(f)
            && f.state.evaluate.finished.as_ref().unwrap().key.reference
                == ReferenceChoice::Annotator(second.clone())
    });
    let shown = h
        .state()
        .state
        .evaluate
        .finished
        .as_ref()
        .unwrap()
        .evaluation
        .clone()
        .unwrap();
    assert_eq!(shown.reference, second);
    assert!(shown.systems.iter().all(|s| s.annotator != second));
}

#[test]
fn the_gold_being_adjudicated_can_be_the_reference() {
    let mut h = harness();
    step_until(&mut h, evaluated);
    let state = &mut h.state_mut().state;
    state.start_adjudication().unwrap();
    assert!(state.adjudicate(|a| Ok(format!("decided {}", a.decide_unanimous()))));
    let decided = state
        .adjudicating()
        .unwrap()
        .adjudication()
        .progress()
        .decided;
    assert!(decided > 0);
    h.state_mut().state.evaluate.reference = Some(ReferenceChoice::Gold);
    step_until(&mut h, |f| {
        evaluated(f)
            && f.state.evaluate.finished.as_ref().unwrap().key.reference == ReferenceChoice::Gold
    });
    let shown = h
        .state()
        .state
        .evaluate
        .finished
        .as_ref()
        .unwrap()
        .evaluation
        .clone()
        .unwrap();
    assert_eq!(shown.reference, GOLD);
    assert_eq!(shown.systems.len(), 3);
    // Unanimous decisions only: every annotator's decided units are exactly the gold.
    for system in &shown.systems {
        let strict = system.spans.get(Scheme::Strict);
        assert_eq!(strict.correct, decided, "{}", system.annotator);
        assert_eq!(strict.f1(Scheme::Strict), 1.0);
        assert!(system.disagreements.is_empty());
    }
    h.get_by_label(&format!("{} against {GOLD}", shown.systems[0].annotator));
}

#[test]
fn the_table_is_exported_as_csv_and_never_over_an_input() {
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("entities.csv");
    let original = include_str!("../../../resources/demo/named-entities.csv");
    std::fs::write(&input, original).unwrap();
    let mut h = harness();
    h.state_mut().state.open_files(
        std::slice::from_ref(&input),
        &gamma_formats::ReadOptions::default(),
    );
    step_until(&mut h, |f| {
        evaluated(f)
            && f.state.document().unwrap().document.source.paths() == [input.clone()]
            && f.state.evaluate.finished.as_ref().unwrap().key.source.1 == [input.clone()]
    });
    let out = folder.path().join("table.csv");
    h.state_mut()
        .dialog
        .system_mut()
        .answers
        .push_back(Some(vec![out.clone()]));
    h.get_by_label("Export the table…").click();
    h.run_steps(2);
    let expected = {
        let finished = h.state().state.evaluate.finished.as_ref().unwrap();
        report::to_csv(finished.evaluation.as_ref().unwrap())
    };
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    assert!(expected.starts_with("annotator,scope,category,scheme,"));

    h.state_mut()
        .dialog
        .system_mut()
        .answers
        .push_back(Some(vec![input.clone()]));
    h.get_by_label("Export the table…").click();
    h.run_steps(2);
    let message = h.state().state.evaluate.message.clone().unwrap_or_default();
    assert!(message.contains("is an input file"), "{message}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), original);
}
