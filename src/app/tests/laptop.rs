//! The window on a laptop: at 1024×700 and 1366×768 the central panel (the reading view or
//! the timeline) keeps at least half the width, whatever document was shown before; the side
//! panels fold away from the View menu or a key; buttons keep their labels whole.

use super::*;
use crate::app::shell::layout::{LEFT_KEY, RIGHT_KEY};
use egui::accesskit::Role;

/// A ten-annotator document: wide tables in the left panel, many lanes.
fn ten_annotators() -> gamma_formats::Document {
    let continuum =
        gamma_core::synthetic::noisy_copies(10, 20, gamma_core::synthetic::Density::Sparse, 7);
    gamma_formats::Document {
        continuum,
        source: gamma_formats::Source::Csv("ten.csv".into()),
    }
}

fn central_width(h: &Harness<'static, GammaStudioApp>) -> f32 {
    h.state().panels.central.width()
}

#[test]
fn the_central_panel_keeps_half_the_window_at_1024_and_1366() {
    for size in [[1024.0, 700.0], [1366.0, 768.0]] {
        let half = size[0] / 2.0;
        let mut h = harness_of_size(app(Launch::default(), ScriptedDialog::default()), size);
        step_until(&mut h, has_result);
        let demo_central = h.state().panels.central;
        assert!(central_width(&h) >= half, "{size:?}: {demo_central:?}");

        // Ten annotators, their pairwise table, adjudicating: still half.
        h.state_mut().state.set_documents(vec![ten_annotators()]);
        step_until(&mut h, |app| {
            has_result(app) && (app.state.current_outcome()).is_some_and(|o| o.pairwise.len() == 45)
        });
        h.get_by_label("Adjudicate this document").click();
        h.run_steps(2);
        h.key_press(egui::Key::N);
        h.run_steps(3);
        assert!(
            central_width(&h) >= half,
            "{size:?}, ten annotators: {:?}",
            h.state().panels.central
        );
        // The buttons keep their labels whole.
        for label in ["Export the gold…", "Export the report…", "Stop"] {
            let button = h.get_by_role_and_label(Role::Button, label);
            button.scroll_to_me();
            h.run_steps(2);
            let width = h.get_by_role_and_label(Role::Button, label).rect().width();
            let text = h
                .ctx
                .fonts_mut(|f| {
                    f.layout_no_wrap(
                        label.into(),
                        egui::FontId::proportional(14.0),
                        egui::Color32::WHITE,
                    )
                })
                .size()
                .x;
            assert!(width >= text, "{size:?}: {label} is {width} for {text}");
        }

        // Back to the demo: the panels as wide as for the demo alone.
        h.state_mut().state.stop_adjudication();
        h.state_mut()
            .open_demo(crate::app::files::demo::Demo::NamedEntities);
        step_until(&mut h, has_result);
        h.run_steps(2);
        assert_within_a_pixel(h.state().panels.central, demo_central, size);

        // F9 folds the left panel away, F10 the right one; the View menu brings them back.
        h.key_press(LEFT_KEY);
        h.run_steps(2);
        assert!(!h.state().panels.left);
        assert!(central_width(&h) > demo_central.width() + 150.0);
        h.key_press(RIGHT_KEY);
        h.run_steps(2);
        assert!(
            central_width(&h) > size[0] - 40.0,
            "{size:?}: the whole width"
        );
        for entry in [
            "Settings and results panel",
            "Adjudication and alignments panel",
        ] {
            h.get_by_label("View").click();
            h.run_steps(2);
            h.get_by_role_and_label(Role::CheckBox, entry).click();
            h.run_steps(2);
            h.key_press(egui::Key::Escape);
            h.run_steps(2);
        }
        h.run_steps(2);
        assert!(h.state().panels.left && h.state().panels.right);
        assert_within_a_pixel(h.state().panels.central, demo_central, size);
    }
}

#[test]
fn a_panel_width_that_a_previous_run_stored_for_another_window_size_is_not_restored() {
    let fresh = |size: [f32; 2]| {
        let mut h = harness_of_size(app(Launch::default(), ScriptedDialog::default()), size);
        step_until(&mut h, has_result);
        h.run_steps(2);
        h
    };
    let at_1366 = fresh([1366.0, 768.0]).state().panels.central;
    // A run at 1024×700 stores its memory (eframe keeps it across runs); the next run opens the
    // same document in a 1366×768 window with that memory.
    let stored = fresh([1024.0, 700.0]).ctx.memory(|m| m.clone());
    let mut h = harness_of_size(
        app(Launch::default(), ScriptedDialog::default()),
        [1366.0, 768.0],
    );
    h.ctx.memory_mut(|m| *m = stored);
    step_until(&mut h, has_result);
    h.run_steps(2);
    assert_within_a_pixel(h.state().panels.central, at_1366, [1366.0, 768.0]);
}

/// The same panel within a pixel: how far the worker had got when a frame was laid out moves
/// the panels' edges by a fraction of a point (seen under load).
fn assert_within_a_pixel(central: egui::Rect, expected: egui::Rect, size: [f32; 2]) {
    assert!(
        (central.min - expected.min).length() < 1.0 && (central.max - expected.max).length() < 1.0,
        "{size:?}: the central panel is {central:?}, not {expected:?} as before"
    );
}

#[test]
fn clicks_that_never_give_the_window_the_keyboard_are_reported_once() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let said = |h: &Harness<'static, GammaStudioApp>| {
        (h.state().state.shell.messages.iter())
            .filter(|m| m.as_str() == crate::app::shell::focus::NO_KEYBOARD)
            .count()
    };
    // With the keyboard, clicks say nothing.
    h.get_by_label("Timeline").click();
    h.run_steps(2);
    h.get_by_label("Reading view").click();
    h.run_steps(2);
    assert_eq!(said(&h), 0);
    // Without it: the first click asks for it, the second tells, the next ones are quiet.
    h.input_mut().focused = false;
    h.get_by_label("Timeline").click();
    h.run_steps(2);
    assert_eq!(said(&h), 0, "one click may come before the focus");
    h.get_by_label("Reading view").click();
    h.run_steps(2);
    assert_eq!(said(&h), 1);
    h.get_by_label("Timeline").click();
    h.run_steps(2);
    assert_eq!(said(&h), 1, "once");
    h.get_by_label_contains("does not get the keyboard when clicked");
}

/// The widgets of the right panel's adjudication part that reach past the window's right edge
/// (scrolled sideways out of sight), as "role value: rect".
fn cut_in_right_panel(h: &Harness<'static, GammaStudioApp>, width: f32) -> Vec<String> {
    use egui_kittest::kittest::{By, NodeT};
    let splitter = h
        .query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the right panel's resize handle");
    h.query_all(By::new().predicate(|n| n.bounding_box().is_some()))
        .filter(|n| {
            let rect = n.rect();
            rect.min.x > splitter.max.x && rect.max.x > width && rect.min.y < 700.0 * 0.6
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
fn the_adjudication_panel_wraps_its_rows_at_1024_and_1366() {
    for size in [[1024.0, 700.0], [1366.0, 768.0]] {
        let mut h = harness_of_size(app(Launch::default(), ScriptedDialog::default()), size);
        step_until(&mut h, has_result);
        h.get_by_label("Adjudicate this document").click();
        h.run_steps(2);
        h.key_press(egui::Key::N);
        h.run_steps(3);
        // The filters, the gold unit's actions and the bulk rule are all in view.
        for label in ["Add a gold unit", "Decide"] {
            h.get_by_role_and_label(Role::Button, label);
        }
        let cut = cut_in_right_panel(&h, size[0]);
        assert!(
            cut.is_empty(),
            "{size:?}: cut by the window's edge: {cut:#?}"
        );
    }
}

/// At 1024×700, adjudicating: the exports stay where they are whatever is decided above them
/// (a bulk rule once moved them under the pointer: a click meant for Export opened Save
/// session), nothing of the scrolled decisions hides under them, and the alignment decided
/// shows its disorder.
#[test]
fn the_exports_stay_put_under_the_decisions_on_a_laptop() {
    let mut h = harness_of_size(
        app(Launch::default(), ScriptedDialog::default()),
        [1024.0, 700.0],
    );
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(3);
    let at = |h: &Harness<'static, GammaStudioApp>, label: &str| h.get_by_label(label).rect();
    let (gold, session) = (at(&h, "Export the gold…"), at(&h, "Save the session as…"));
    // The last widget of the scrolled part ends above the first of the footer.
    let rule = h.get_by_label("Decide all unanimous alignments");
    rule.scroll_to_me();
    h.run_steps(20);
    let rule = at(&h, "Decide all unanimous alignments");
    assert!(rule.bottom() <= gold.top(), "{rule:?} under {gold:?}");
    // Decide every unanimous alignment, then go to the next open one: nothing moved.
    h.get_by_label("Decide all unanimous alignments").click();
    h.run_steps(3);
    let progress = h
        .state()
        .state
        .adjudicating()
        .unwrap()
        .adjudication()
        .progress();
    assert!(progress.decided > 0, "{progress:?}");
    h.key_press(egui::Key::N);
    h.run_steps(3);
    // Within a few points (a new message may take a line from the window): far less than a
    // row of buttons, so a click never lands on the next one.
    for (label, before) in [
        ("Export the gold…", gold),
        ("Save the session as…", session),
    ] {
        let moved = (at(&h, label).min - before.min).length();
        assert!(moved < 4.0, "{label} moved by {moved}: {before:?}");
    }
    // The alignment decided says its δ beside its heading.
    let index = h.state().state.documents.selection.alignment.unwrap();
    let disorder = h
        .state()
        .state
        .adjudicating()
        .unwrap()
        .adjudication()
        .proposals()[index]
        .disorder;
    h.get_by_label(&format!("δ {disorder:.3}"));
}
