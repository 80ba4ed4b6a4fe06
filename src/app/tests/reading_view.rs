//! UI tests of the reading view: spans drawn under their characters, a click on a span selects
//! its alignment, a mouse selection in the text becomes a gold unit (snapped to tokens).

use super::{app, harness, has_result, step_until};
use crate::app::Launch;
use crate::app::document::reading_view::CentralView;
use crate::app::files::dialog::ScriptedDialog;
use eframe::egui::{self, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A click (press and release, a frame each) at `at`.
fn click_at(h: &mut Harness<'static, crate::app::GammaStudioApp>, at: Pos2) {
    h.hover_at(at);
    h.step();
    h.drag_at(at);
    h.step();
    h.drop_at(at);
    h.run_steps(2);
}

#[test]
fn clicking_a_span_in_the_reading_view_selects_its_alignment() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.run_steps(2);
    let state = &h.state().state;
    assert_eq!(
        state.documents.reading.central,
        CentralView::Reading,
        "the default view"
    );
    assert_eq!(state.documents.selection.alignment, None);
    let continuum = state.document().unwrap().continuum().clone();
    let shown = state.shown().unwrap().clone();
    // The second annotator's last span drawn in a line that holds it whole.
    let (rect, a, u) = *state
        .documents
        .reading
        .frame
        .spans
        .iter()
        .rev()
        .find(|(_, a, u)| {
            let unit = &continuum.annotators[*a].units[*u];
            let wrapped = state.documents.reading.wrapped.as_ref().unwrap();
            *a == 1
                && wrapped.line_of(unit.start as usize) == wrapped.line_of(unit.end as usize - 1)
        })
        .expect("the demo's spans are drawn");
    let unit = continuum.annotators[a].units[u].clone();
    // Drawn under its characters: from the boundary before its first to the one after its last.
    let left = state
        .documents
        .reading
        .point_of(unit.start as usize)
        .unwrap();
    let right = state.documents.reading.point_of(unit.end as usize).unwrap();
    assert!(
        (rect.left() - left.x).abs() <= 1.0,
        "{rect:?} starts at {left:?}"
    );
    assert!(
        (rect.right() - right.x).abs() <= 1.0,
        "{rect:?} ends at {right:?}"
    );
    assert!(rect.top() > left.y, "under the text");
    let expected = shown.of_unit(a, u).expect("aligned");
    click_at(&mut h, rect.center());
    assert_eq!(
        h.state().state.documents.selection.alignment,
        Some(expected)
    );
    h.get_by_label(&format!(
        "Unitary alignment {} of {}",
        expected + 1,
        shown.len()
    ));
}

#[test]
fn a_text_selection_makes_a_gold_unit_with_those_boundaries() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(3);
    let text = h.state().state.document().unwrap().continuum().text.clone();
    let chars: Vec<char> = text.unwrap().chars().collect();
    let swiss = (0..chars.len())
        .find(|&i| chars[i..].starts_with(&"Swiss Federal".chars().collect::<Vec<_>>()))
        .unwrap();
    assert_eq!(swiss, 256, "the demo text");
    // From inside "Swiss" to inside "Federal": snapped to [start of Swiss, end of Federal).
    let reading = &h.state().state.documents.reading;
    let from = reading.point_of(swiss + 2).expect("the line is drawn");
    let to = reading.point_of(swiss + 10).expect("the same line");
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * k as f32 / 4.0);
        h.step();
    }
    h.drop_at(to);
    h.run_steps(2);
    assert_eq!(
        h.state().state.documents.reading.pending_gold,
        Some((256.0, 269.0)),
        "the selection, snapped to tokens, waits for its category"
    );
    h.get_by_label_contains("“Swiss Federal” [256, 269)");
    let before = h
        .state()
        .state
        .adjudicating()
        .unwrap()
        .adjudication()
        .gold()
        .len();
    h.get_all_by_label("LOC")
        .last()
        .expect("the picker")
        .click();
    h.run_steps(2);
    let adjudicating = h.state().state.adjudicating().unwrap();
    let gold = adjudicating.adjudication().gold();
    assert_eq!(gold.len(), before + 1);
    let id = adjudicating
        .selected_gold
        .expect("the new unit is selected");
    let unit = &adjudicating.adjudication().gold_unit(id).unwrap().unit;
    assert_eq!(
        (unit.start, unit.end, unit.category.as_str()),
        (256.0, 269.0, "LOC")
    );
    assert_eq!(
        h.state().state.documents.reading.pending_gold,
        None,
        "the picker closed"
    );
    // Undo takes it away again: one step.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    let adjudicating = h.state().state.adjudicating().unwrap();
    assert_eq!(adjudicating.adjudication().gold().len(), before);
}

#[test]
fn without_a_system_dialog_the_in_app_browser_opens_the_files() {
    let dialog = ScriptedDialog {
        missing: true,
        ..ScriptedDialog::default()
    };
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run_steps(3);
    let errors = h.state().state.shell.messages.clone();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("no system file dialog") && e.contains("in-app file browser")),
        "the Messages panel says why: {errors:?}"
    );
    let csv =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/named-entities.csv");
    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File");
    field.focus();
    h.run_steps(1);
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File")
        .type_text(&csv.display().to_string());
    h.run_steps(2);
    h.get_by_label("Open").click();
    h.run_steps(3);
    let document = h.state().state.document().expect("a document");
    assert!(
        matches!(&document.document.source, gamma_formats::Source::Csv(p) if *p == csv),
        "{:?}",
        document.document.source
    );
    assert!(h.query_by_label("Up").is_none(), "the browser closed");
}

#[test]
fn selecting_a_line_of_the_list_zooms_until_its_words_are_legible() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Timeline").click();
    h.run_steps(2);
    let whole = h.state().state.documents.view;
    assert!(whole.width() > 300.0, "the demo's text in view: {whole:?}");
    let worst = h.state().state.shown().unwrap().worst_first[0];
    let alignment = h.state().state.shown().unwrap().rows[worst].clone();
    let words = h
        .state()
        .state
        .document()
        .unwrap()
        .words(alignment.start, alignment.end, 36)
        .unwrap();
    h.get_all_by_label_contains(&format!("“{words}”"))
        .next()
        .expect("the list shows the covered words")
        .click();
    h.run_steps(2);
    let view = h.state().state.documents.view;
    assert!(view.width() <= 100.0 + 1e-9, "{view:?}");
    assert!(
        view.start <= alignment.start && alignment.end <= view.end,
        "{view:?} holds {alignment:?}"
    );
}
