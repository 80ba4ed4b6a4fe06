//! The right panel of a coding study: the item selected with each coder's label (its key
//! beside it), the suggestion, a typed label, how far the adjudication went, the bulk rules,
//! the exports — and the keys, the same as for alignments: 1…9 a coder's label, A the
//! suggestion (the majority's label), R no gold label, Delete open again, N/P (Shift+N) the
//! next/previous open disagreement, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo.

use super::study::Decision;
use super::{CodingCommand, CodingView};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use crate::app::shell::digit_keys::{ONE_TO_NINE, rank};
use eframe::egui::{self, Key, RichText, Ui};
use gamma_core::coding::BulkRule;
use gamma_core::gold::Direction;
use gamma_formats::coding_table::write::decided_by_words;

/// The dialogs' titles.
const GOLD_TITLE: &str = "Export the gold table";
const DECISIONS_TITLE: &str = "Export the decision report";

/// The keys of the study view (none while a dialog or a text field has the keyboard).
pub fn handle_keys(ui: &Ui, state: &mut AppState) {
    if !state.shell.keys_reach_document
        || state.coding.view != CodingView::Study
        || state.coding.shown().is_none()
    {
        return;
    }
    let (pressed, command, shift) = ui.input(|i| {
        let keys = [Key::N, Key::P, Key::A, Key::R, Key::Z, Key::Y, Key::Delete];
        let pressed: Vec<Key> = (keys.into_iter().chain(ONE_TO_NINE))
            .filter(|k| i.key_pressed(*k))
            .collect();
        (pressed, i.modifiers.command, i.modifiers.shift)
    });
    for key in pressed {
        let send = |c| Command::Coding(c);
        let command = match key {
            Key::Z if command && shift => CodingCommand::Redo,
            Key::Z | Key::Y if command => {
                if key == Key::Y {
                    CodingCommand::Redo
                } else {
                    CodingCommand::Undo
                }
            }
            _ if command => continue,
            Key::N if shift => CodingCommand::GoToOpen(Direction::Previous),
            Key::N => CodingCommand::GoToOpen(Direction::Next),
            Key::P => CodingCommand::GoToOpen(Direction::Previous),
            Key::A => CodingCommand::Decide(Decision::Suggestion),
            Key::R => CodingCommand::Decide(Decision::LeaveOut),
            Key::Delete => CodingCommand::Decide(Decision::Clear),
            digit => match rank(digit) {
                Some(coder) => CodingCommand::Decide(Decision::Coder(coder)),
                None => continue,
            },
        };
        state.send(send(command));
    }
}

/// Draws the panel.
pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    ui.heading("Adjudication");
    show_item(ui, state);
    ui.separator();
    show_progress(ui, state);
    ui.separator();
    show_rules(ui, state);
    ui.separator();
    show_exports(ui, state, dialog);
}

/// The item selected: each coder's label with its key, the suggestion, the gold so far, a
/// typed label.
fn show_item(ui: &mut Ui, state: &mut AppState) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let Some(item) = study.selected else {
        ui.label(RichText::new("Press N for the next open disagreement, or click an item.").weak());
        return;
    };
    let s = &study.study;
    let a = &study.adjudication;
    let status = match a.decision(item) {
        None if s.is_disagreement(item) => "open disagreement".to_string(),
        None => "open".to_string(),
        Some(d) => format!(
            "gold: {} ({})",
            d.label.as_deref().unwrap_or("none"),
            decided_by_words(&d.decided_by)
        ),
    };
    ui.label(RichText::new(format!("Item {} — {status}", s.items[item])).strong());
    let mut act = None;
    egui::Grid::new("coding-item-labels")
        .num_columns(2)
        .show(ui, |ui| {
            for (coder, name) in s.coders.iter().enumerate() {
                let label = s.label(item, coder);
                let text = format!("{} {name}", coder_key(coder));
                let button = egui::Button::new(text);
                let clicked = ui
                    .add_enabled(label.is_some() && coder < ONE_TO_NINE.len(), button)
                    .on_hover_text("take this coder's label as the gold")
                    .clicked();
                if clicked {
                    act = Some(Decision::Coder(coder));
                }
                ui.label(label.unwrap_or("(no rating)"));
                ui.end_row();
            }
        });
    let suggestion = a.suggestion(item);
    ui.horizontal_wrapped(|ui| {
        let text = match &suggestion {
            Some(s) => format!("A accept {} ({:.0} %)", s.label, 100.0 * s.share),
            None => "A (no majority)".to_string(),
        };
        if ui
            .add_enabled(suggestion.is_some(), egui::Button::new(text))
            .on_hover_text("the label most coders gave this item")
            .clicked()
        {
            act = Some(Decision::Suggestion);
        }
        if ui
            .button("R none")
            .on_hover_text("no gold label for this item (left out of the gold)")
            .clicked()
        {
            act = Some(Decision::LeaveOut);
        }
        if a.decision(item).is_some()
            && ui
                .button("Del open again")
                .on_hover_text("take the decision back")
                .clicked()
        {
            act = Some(Decision::Clear);
        }
    });
    let categories = s.categories().to_vec();
    ui.horizontal(|ui| {
        let label = ui.label("label");
        let field = ui
            .add(egui::TextEdit::singleline(&mut state.coding.typed_label).desired_width(110.0))
            .labelled_by(label.id)
            .on_hover_text("type a gold label (any label, a new one too); Enter decides");
        let typed = state.coding.typed_label.trim().to_string();
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        egui::ComboBox::from_id_salt("coding-label-choice")
            .selected_text("…")
            .width(30.0)
            .show_ui(ui, |ui| {
                for category in &categories {
                    if ui.selectable_label(false, category).clicked() {
                        act = Some(Decision::Label(category.clone()));
                    }
                }
            });
        if (ui
            .add_enabled(!typed.is_empty(), egui::Button::new("Decide"))
            .clicked()
            || entered)
            && !typed.is_empty()
        {
            act = Some(Decision::Label(typed));
        }
    });
    if let Some(decision) = act {
        state.send(Command::Coding(CodingCommand::Decide(decision)));
    }
}

/// The key of coder `coder` (1…9), or nothing past the ninth.
fn coder_key(coder: usize) -> String {
    if coder < ONE_TO_NINE.len() {
        (coder + 1).to_string()
    } else {
        " ".to_string()
    }
}

fn show_progress(ui: &mut Ui, state: &mut AppState) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let (decided, total) = study.progress();
    let open = study.open_disagreements();
    let fraction = if total == 0 {
        1.0
    } else {
        decided as f32 / total as f32
    };
    ui.add(
        egui::ProgressBar::new(fraction)
            .desired_width(ui.available_width().min(300.0))
            .text(format!("decided {decided} of {total} items")),
    );
    ui.label(crate::wording::plural(
        open,
        "open disagreement",
        "open disagreements",
    ));
    if let Some(message) = &state.coding.message {
        ui.label(RichText::new(message).italics());
    }
    let mut send = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button("◀ Previous (P)").clicked() {
            send = Some(CodingCommand::GoToOpen(Direction::Previous));
        }
        if ui.button("Next (N) ▶").clicked() {
            send = Some(CodingCommand::GoToOpen(Direction::Next));
        }
        let a = &study.adjudication;
        if ui
            .add_enabled(a.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            send = Some(CodingCommand::Undo);
        }
        if ui
            .add_enabled(a.can_redo(), egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Shift+Z, Ctrl+Y")
            .clicked()
        {
            send = Some(CodingCommand::Redo);
        }
    });
    ui.checkbox(
        &mut state.coding.advance,
        "go to the next disagreement after deciding",
    );
    if let Some(command) = send {
        state.send(Command::Coding(command));
    }
}

/// The bulk rules over the open items.
fn show_rules(ui: &mut Ui, state: &mut AppState) {
    let mut rule = None;
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Decide the unanimous items")
            .on_hover_text("every item whose ratings (at least two) are all the same: that label")
            .clicked()
        {
            rule = Some(BulkRule::Unanimous);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let threshold = &mut state.coding.threshold;
        if ui
            .button("Decide by majority")
            .on_hover_text(
                "every open item where one label holds more than half of its ratings (at least \
                 two) and at least the share set here",
            )
            .clicked()
        {
            rule = Some(BulkRule::Majority {
                threshold: *threshold,
            });
        }
        let label = ui.label("at least");
        ui.add(
            egui::DragValue::new(threshold)
                .range(0.5..=1.0)
                .speed(0.01)
                .custom_formatter(|v, _| format!("{:.0} %", v * 100.0))
                .custom_parser(|t| {
                    t.trim()
                        .trim_end_matches('%')
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .map(|v| v / 100.0)
                }),
        )
        .labelled_by(label.id);
    });
    if let Some(rule) = rule {
        state.send(Command::Coding(CodingCommand::Rule(rule)));
    }
}

/// The gold table and the decision report, and where the session is autosaved.
fn show_exports(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let stem = study.name().replace(['/', '\\', ':'], "_");
    let gold = state.coding_output(&format!("{stem}-gold.csv"));
    let decisions = state.coding_output(&format!("{stem}-decisions.csv"));
    let save_path = study.save_path.clone();
    let mut send = None;
    ui.horizontal_wrapped(|ui| {
        let export = ui.button("Export the gold table…").on_hover_text(
            "item,gold: every item in table order, an empty gold for those not decided (.csv or .tsv)",
        );
        if (export.clicked() || dialog.ready(GOLD_TITLE))
            && let Some(path) = dialog.save_file(GOLD_TITLE, &gold.to_string_lossy())
        {
            send = Some(CodingCommand::ExportGold(path));
        }
        let report = ui.button("Export the decision report…").on_hover_text(
            "every decision: the gold, how and by whom it was decided, when, each coder's label (.csv, .tsv or .json)",
        );
        if (report.clicked() || dialog.ready(DECISIONS_TITLE))
            && let Some(path) = dialog.save_file(DECISIONS_TITLE, &decisions.to_string_lossy())
        {
            send = Some(CodingCommand::ExportDecisions(path));
        }
    });
    match save_path {
        Some(path) => ui.label(
            RichText::new(format!("every decision is autosaved to {}", path.display())).weak(),
        ),
        None => ui.label(RichText::new("not autosaved (no data folder)").weak()),
    };
    if let Some(command) = send {
        state.send(Command::Coding(command));
    }
}
