//! Categories left out of the measure: γ is the core's γ of the continuum without them.

use super::*;
use egui::accesskit::Role;

#[test]
fn excluding_a_category_changes_gamma() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let before = h.state().state.current_outcome().unwrap().result.gamma;
    h.get_by_label("Settings").click();
    h.run_steps(20);
    let checkbox = h.get_by_role_and_label(Role::CheckBox, "LOC");
    checkbox.scroll_to_me();
    checkbox.click();
    h.run_steps(2);
    assert!(h.state().state.settings.excluded_categories.contains("LOC"));
    assert!(h.state().state.run.stale, "γ recomputes");
    step_until(&mut h, |app| has_result(app) && !app.state.run.stale);
    let state = &h.state().state;
    let demo = demo_document().continuum;
    let without = demo.filter_categories(|c| c != "LOC");
    let expected = gamma_core::gamma(
        &without,
        &state.settings.gamma_options(),
        Default::default(),
    )
    .unwrap();
    let outcome = state.current_outcome().unwrap();
    assert_eq!(outcome.result.gamma, expected.gamma);
    assert_ne!(expected.gamma, before, "LOC counted before");
    assert!(!outcome.result.categories.contains(&"LOC".to_string()));
    // The alignments point at the units shown: every unit but LOC's is in one.
    let shown = state.shown().unwrap();
    for (a, annotator) in demo.annotators.iter().enumerate() {
        for (u, unit) in annotator.units.iter().enumerate() {
            assert_eq!(
                shown.of_unit(a, u).is_some(),
                unit.category != "LOC",
                "{} {unit}",
                annotator.name
            );
        }
    }
    let locs = demo
        .units()
        .filter(|(_, unit)| unit.category == "LOC")
        .count();
    h.get_by_label("not measured");
    h.get_by_label(&format!("LOC ({locs} units)"));
    assert!(
        h.state_mut().state.start_adjudication().is_err(),
        "adjudication needs every category"
    );
    // Counted again: γ as before.
    let checkbox = h.get_by_role_and_label(Role::CheckBox, "LOC");
    checkbox.scroll_to_me();
    checkbox.click();
    h.run_steps(2);
    step_until(&mut h, |app| has_result(app) && !app.state.run.stale);
    let again = h.state().state.current_outcome().unwrap().result.gamma;
    assert_eq!(again, before);
    assert!(h.query_by_label("not measured").is_none());
}

#[test]
fn the_legends_context_menu_leaves_a_category_out_of_gamma() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let dates = demo_document()
        .continuum
        .units()
        .filter(|(_, unit)| unit.category == "DATE")
        .count();
    h.get_by_label(&format!("DATE ({dates})")).click_secondary();
    h.run_steps(2);
    h.get_by_role_and_label(Role::CheckBox, "counts in γ")
        .click();
    h.run_steps(2);
    assert!(
        h.state()
            .state
            .settings
            .excluded_categories
            .contains("DATE")
    );
    step_until(&mut h, |app| has_result(app) && !app.state.run.stale);
    let without = demo_document().continuum.filter_categories(|c| c != "DATE");
    let settings = h.state().state.settings.gamma_options();
    let expected = gamma_core::gamma(&without, &settings, Default::default()).unwrap();
    let outcome = h.state().state.current_outcome().unwrap();
    assert_eq!(outcome.result.gamma, expected.gamma);
    h.get_by_label(&format!("DATE ({dates} units)"));
}
