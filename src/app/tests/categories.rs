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
    assert!(
        h.state()
            .state
            .measure
            .settings
            .excluded_categories
            .contains("LOC")
    );
    assert!(h.state().state.measure.run.stale, "γ recomputes");
    step_until(&mut h, |app| {
        has_result(app) && !app.state.measure.run.stale
    });
    let state = &h.state().state;
    let demo = demo_document().continuum;
    let without = demo.filter_categories(|c| c != "LOC");
    let expected = gamma_core::gamma(
        &without,
        &state.measure.settings.gamma_options(),
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
    // Adjudicated all the same: the proposals point at the units the views show (LOC's in
    // none), as γ's alignment does.
    let measured_shown = h.state().state.shown().unwrap().clone();
    h.state_mut().state.start_adjudication().unwrap();
    let adjudicating = h.state().state.adjudicating().unwrap();
    assert_eq!(adjudicating.shown.rows, measured_shown.rows);
    assert_eq!(adjudicating.adjudication().continuum(), &without);
    h.state_mut().state.stop_adjudication();
    // Counted again: γ as before.
    let checkbox = h.get_by_role_and_label(Role::CheckBox, "LOC");
    checkbox.scroll_to_me();
    checkbox.click();
    h.run_steps(2);
    step_until(&mut h, |app| {
        has_result(app) && !app.state.measure.run.stale
    });
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
            .measure
            .settings
            .excluded_categories
            .contains("DATE")
    );
    step_until(&mut h, |app| {
        has_result(app) && !app.state.measure.run.stale
    });
    let without = demo_document().continuum.filter_categories(|c| c != "DATE");
    let settings = h.state().state.measure.settings.gamma_options();
    let expected = gamma_core::gamma(&without, &settings, Default::default()).unwrap();
    let outcome = h.state().state.current_outcome().unwrap();
    assert_eq!(outcome.result.gamma, expected.gamma);
    h.get_by_label(&format!("DATE ({dates} units)"));
}

/// A CSV document `name` in `dir`: two annotators with a unit of each category, in the order
/// given.
fn csv_document(dir: &std::path::Path, name: &str, categories: &[&str]) -> std::path::PathBuf {
    let mut csv = String::from("annotator,category,start,end\n");
    for annotator in ["ana", "ben"] {
        for (i, category) in categories.iter().enumerate() {
            csv.push_str(&format!(
                "{annotator},{category},{},{}\n",
                10 * i,
                10 * i + 5
            ));
        }
    }
    let path = dir.join(format!("{name}.csv"));
    std::fs::write(&path, csv).unwrap();
    path
}

/// The colour of each of `categories` in the document shown.
fn colours_of(h: &Harness<'static, GammaStudioApp>, categories: &[&str]) -> Vec<[u8; 4]> {
    let document = h.state().state.document().unwrap();
    (categories.iter())
        .map(|c| document.colours.colour(c).to_array())
        .collect()
}

#[test]
fn a_category_keeps_its_colour_from_one_document_to_the_next_and_across_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let first = csv_document(dir.path(), "game1", &["Refusal", "Offer", "Accept"]);
    let second = csv_document(
        dir.path(),
        "game2",
        &["Other", "Accept", "Counteroffer", "Offer"],
    );
    let launch = Launch {
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let open = |h: &mut Harness<'static, GammaStudioApp>, path: &std::path::Path| {
        h.state_mut()
            .state
            .open_files(&[path.to_path_buf()], &Default::default());
        step_until(h, has_result);
    };
    let mut h = harness(app(launch.clone(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    open(&mut h, &first);
    let in_first = colours_of(&h, &["Accept", "Offer", "Refusal"]);
    open(&mut h, &second);
    let in_second = colours_of(&h, &["Accept", "Counteroffer", "Offer", "Other"]);
    assert_eq!([in_second[0], in_second[2]], [in_first[0], in_first[1]]);
    // These five categories: five colours, none of them the demo's.
    let mut seen: Vec<[u8; 4]> = in_first.clone();
    seen.extend(&in_second);
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 5, "{seen:?}");
    let demo = demo_document();
    let demo_categories = demo.continuum.categories();
    h.state_mut().state.set_documents(vec![demo]);
    step_until(&mut h, has_result);
    let demo_refs: Vec<&str> = demo_categories.iter().map(String::as_str).collect();
    for colour in colours_of(&h, &demo_refs) {
        assert!(!seen.contains(&colour), "{colour:?}");
    }
    // A project of the second game, its colours in it.
    open(&mut h, &second);
    let project = dir.path().join("campaign.json");
    h.state_mut().state.save_project(&project).unwrap();

    // The next session, the second game first: the same colours, then the first game's.
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    open(&mut h, &second);
    assert_eq!(
        colours_of(&h, &["Accept", "Counteroffer", "Offer", "Other"]),
        in_second
    );
    open(&mut h, &first);
    assert_eq!(colours_of(&h, &["Accept", "Offer", "Refusal"]), in_first);

    // Another computer (nothing remembered) opening the project: its colours.
    let elsewhere = Launch {
        data_folder: Some(dir.path().join("elsewhere")),
        ..Launch::default()
    };
    let mut h = harness(app(elsewhere, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().state.open_project(&project);
    step_until(&mut h, has_result);
    assert_eq!(
        colours_of(&h, &["Accept", "Counteroffer", "Offer", "Other"]),
        in_second
    );
}
