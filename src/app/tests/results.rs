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
        .open_demo(crate::app::demo::Demo::HistoricalText);
    step_until(&mut h, |app| {
        app.state.run.status == Status::Done && app.state.current_text_outcome().is_some()
    });
    h.get_by_label("Settings").click();
    h.run_steps(20);
    let (low, high) = (h.state().state.current_text_outcome().unwrap().result).tgamma_interval;
    h.get_by_label(&format!("{low:.4} … {high:.4}"));
    let cut = cut_in_left_panel(&h);
    assert!(cut.is_empty(), "cut by the panel's edge: {cut:#?}");
}
