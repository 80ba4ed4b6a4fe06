//! The window's layout: side panels take their room from the central view (never cover it),
//! and the timeline's view comes back at the next start on the same document.

use super::*;

/// The x where the pointer grabs the resize edge of the left panel, searched left of `from`.
fn left_panel_edge(h: &mut Harness<'static, GammaStudioApp>, from: f32, y: f32) -> f32 {
    for step in 0..40 {
        let x = from - step as f32;
        h.hover_at(egui::pos2(x, y));
        h.run_steps(1);
        let icon = h.output().platform_output.cursor_icon;
        if matches!(
            icon,
            egui::CursorIcon::ResizeHorizontal
                | egui::CursorIcon::ResizeEast
                | egui::CursorIcon::ResizeWest
                | egui::CursorIcon::ResizeColumn
        ) {
            return x;
        }
    }
    panic!("no resize edge left of {from}");
}

#[test]
fn widening_a_side_panel_shrinks_the_central_view() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let tab = h.get_by_label("Reading view").rect();
    let timeline = h.get_by_label("Timeline").rect();
    let heading = h.get_by_label_contains("γ = ").rect();
    assert!(heading.right() <= tab.left(), "{heading:?} left of {tab:?}");
    let edge = left_panel_edge(&mut h, tab.left(), tab.center().y + 200.0);
    let y = tab.center().y + 200.0;
    h.drag_at(egui::pos2(edge, y));
    h.run_steps(1);
    for dx in [40.0, 80.0, 120.0, 150.0] {
        h.hover_at(egui::pos2(edge + dx, y));
        h.run_steps(1);
    }
    h.drop_at(egui::pos2(edge + 150.0, y));
    h.run_steps(3);
    let moved = h.get_by_label("Reading view").rect();
    assert!(
        (moved.left() - tab.left() - 150.0).abs() < 10.0,
        "the central view starts 150 px further right: {tab:?} → {moved:?}"
    );
    let timeline_after = h.get_by_label("Timeline").rect();
    assert!((timeline_after.left() - timeline.left() - 150.0).abs() < 10.0);
    // The right panel did not move: the central view is narrower, not covered.
    let worst = h
        .get_all_by_label_contains("δ ")
        .next()
        .expect("the list")
        .rect();
    assert!(moved.right() < worst.left(), "{moved:?} left of {worst:?}");
    // The timeline's hint line stays within the narrower central view (a wider line would
    // widen the tracks under the right panel).
    h.get_by_label("Timeline").click();
    h.run_steps(3);
    let hint = h.get_by_label_contains("Ctrl + wheel").rect();
    assert!(hint.right() < worst.left(), "{hint:?} left of {worst:?}");
}

/// eframe's storage, in memory.
#[derive(Default)]
struct Memory(std::collections::HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn the_timeline_view_comes_back_at_the_next_start_on_the_same_document_only() {
    use crate::app::document::open_document::View;
    use eframe::App;
    let mut first = app(Launch::default(), ScriptedDialog::default());
    first.state.documents.reading.central =
        crate::app::document::reading_view::CentralView::Timeline;
    first.state.documents.view = View {
        start: 100.0,
        end: 160.0,
    };
    let mut storage = Memory::default();
    first.save(&mut storage);
    let mut second = app(Launch::default(), ScriptedDialog::default());
    assert_ne!(
        second.state.documents.view, first.state.documents.view,
        "zoomed to fit at start"
    );
    second.restore(&storage);
    assert_eq!(second.state.documents.view, first.state.documents.view);
    assert_eq!(
        second.state.documents.reading.central,
        crate::app::document::reading_view::CentralView::Timeline
    );
    // Another document first: its own view stays.
    let mut third = app(Launch::default(), ScriptedDialog::default());
    third.open_demo(crate::app::files::demo::Demo::HistoricalText);
    let fitted = third.state.documents.view;
    third.restore(&storage);
    assert_eq!(third.state.documents.view, fitted);
}
