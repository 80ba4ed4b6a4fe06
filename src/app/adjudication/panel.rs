//! The adjudication panel: start or resume, progress, the selected alignment's choices (keys
//! 1–9 pick an annotator's unit, A the suggestion, R reject, S skip), navigation (N / P),
//! bulk rules, the selected gold unit's editor, undo/redo, agreement with the gold, exports.

use super::Edit;
use super::adjudicating::{ExportKind, gold_extension};
use super::relations_panel;
use super::{bulk_rules_panel, confirm_panel};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::document::palette;
use crate::app::files::dialog::FileDialog;
use crate::app::shell::digit_keys::{ONE_TO_NINE, rank};
use eframe::egui::{self, Key, RichText, Ui};
use gamma_core::gold::{Decision, Direction};

/// Keys that act on the adjudication (when they reach the document: no dialog open, no text
/// field with the keyboard).
pub fn handle_keys(ui: &Ui, state: &mut AppState) {
    super::reasons_panel::handle_keys(ui, state);
    if state.adjudicating().is_none() || !state.shell.keys_reach_document {
        return;
    }
    let (pressed, command, shift) = ui.input(|i| {
        let keys = [
            Key::N,
            Key::P,
            Key::A,
            Key::R,
            Key::S,
            Key::Z,
            Key::Y,
            Key::Delete,
        ]
        .into_iter()
        .chain(ONE_TO_NINE);
        let pressed: Vec<Key> = keys.filter(|k| i.key_pressed(*k)).collect();
        (pressed, i.modifiers.command, i.modifiers.shift)
    });
    for key in pressed {
        let selected = state.documents.selection.alignment;
        match key {
            Key::Z if command && shift => state.send(Command::Redo),
            Key::Z if command => state.send(Command::Undo),
            Key::Y if command => state.send(Command::Redo),
            Key::N if shift => state.send(Command::GoToOpen(Direction::Previous)),
            Key::N => state.send(Command::GoToOpen(Direction::Next)),
            Key::P => state.send(Command::GoToOpen(Direction::Previous)),
            Key::Delete => {
                if let Some(id) = state.adjudicating().and_then(|a| a.selected_gold) {
                    state.send(Command::Adjudicate(Edit::Remove(id)));
                }
            }
            _ if command => {}
            key => {
                let Some(index) = selected else { continue };
                let edit = match key {
                    Key::A => Some(Edit::Accept(index)),
                    Key::R => Some(Edit::Reject(index)),
                    Key::S => Some(Edit::Skip(index)),
                    digit => rank(digit).map(|annotator| Edit::Pick {
                        alignment: index,
                        annotator,
                    }),
                };
                if let Some(edit) = edit {
                    state.send(Command::Adjudicate(edit));
                }
            }
        }
    }
}

pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    ui.strong("Adjudication");
    if state.adjudicating().is_none() {
        show_start(ui, state, dialog);
        return;
    }
    show_progress(ui, state);
    ui.separator();
    show_current(ui, state);
    super::reasons_panel::show(ui, state);
    relations_panel::show(ui, state);
    ui.separator();
    show_gold_unit(ui, state);
    ui.separator();
    bulk_rules_panel::show(ui, state);
    if state.documents.open.len() > 1 {
        show_corpus_export(ui, state, dialog);
    }
    super::reasons_panel::show_list(ui, state);
    ui.separator();
    show_history(ui, state);
    show_against_gold(ui, state);
}

/// What stays in place under the scrolled decisions while adjudicating: the exports, the
/// session's buttons and the start-over confirmation, so a decision never moves them under the
/// pointer.
pub fn show_footer(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    if state.adjudicating().is_none() {
        return;
    }
    show_exports(ui, state, dialog);
    confirm_panel::show(ui, state);
}

/// Why the document cannot be adjudicated now, if it cannot.
pub(crate) fn adjudication_blocker(state: &AppState) -> Option<&'static str> {
    if state.uses_text_gamma() {
        Some("adjudication decides γ's unitary alignments: choose γ as the measure (Settings)")
    } else if state.current_outcome().is_none() || state.measure.run.stale {
        Some("wait for the alignment of this document")
    } else {
        None
    }
}

fn show_start(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    if let Some(offer) = &state.adjudication.resume_offer {
        let progress = offer.session.adjudication.progress();
        ui.label(format!(
            "An adjudication of this document was saved on {} (decided {} of {}).",
            offer.session.saved_at, progress.decided, progress.total
        ));
        if ui
            .button("Resume")
            .on_hover_text("to start over, resume it and choose Start over… (undoable)")
            .clicked()
        {
            state.send(Command::ResumeAdjudication);
        }
        return;
    }
    ui.label(
        RichText::new(
            "Turn the alignment into a gold standard: decide each unitary alignment, or many at once.",
        )
        .weak(),
    );
    ui.horizontal(|ui| {
        let label = ui.label("adjudicator");
        ui.text_edit_singleline(&mut state.adjudication.adjudicator)
            .labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        let blocker = adjudication_blocker(state);
        if ui
            .add_enabled(
                blocker.is_none(),
                egui::Button::new("Adjudicate this document"),
            )
            .on_disabled_hover_text(blocker.unwrap_or_default())
            .clicked()
        {
            state.send(Command::StartAdjudication);
        }
        let title = "Open an adjudication session";
        if (ui.button("Open a session…").clicked() || dialog.ready(title))
            && let Some(path) = dialog.pick_file(title, &["json"])
        {
            state.send(Command::LoadSession(path));
        }
    });
}

fn show_progress(ui: &mut Ui, state: &mut AppState) {
    let Some(adjudicating) = state.adjudicating() else {
        return;
    };
    let progress = adjudicating.adjudication().progress();
    let fraction = |decided: usize, total: usize| {
        if total == 0 {
            1.0
        } else {
            decided as f32 / total as f32
        }
    };
    ui.add(
        egui::ProgressBar::new(fraction(progress.decided, progress.total))
            .desired_width(ui.available_width().min(300.0))
            .text(format!(
                "decided {} of {} · skipped {}",
                progress.decided, progress.total, progress.skipped
            )),
    );
    if state.documents.open.len() > 1 {
        let corpus = state.corpus_progress();
        ui.add(
            egui::ProgressBar::new(fraction(corpus.decided, corpus.total))
                .desired_width(ui.available_width().min(300.0))
                .text(format!(
                    "corpus: decided {} of {} in {} documents",
                    corpus.decided, corpus.total, corpus.documents
                )),
        );
    }
    relations_panel::show_progress(ui, adjudicating.adjudication());
    if let Some(message) = &adjudicating.message {
        ui.label(RichText::new(message).italics());
    }
    let categories: Vec<String> = state
        .document()
        .map(|d| d.category_counts.iter().map(|(c, _)| c.clone()).collect())
        .unwrap_or_default();
    let annotators = adjudicating.adjudication().continuum().annotator_names();
    ui.horizontal(|ui| {
        if ui.button("◀ Previous (P)").clicked() {
            state.send(Command::GoToOpen(Direction::Previous));
        }
        if ui.button("Next (N) ▶").clicked() {
            state.send(Command::GoToOpen(Direction::Next));
        }
    });
    let Some(adjudicating) = state.adjudicating_mut() else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let only = ui.label("only").id;
        egui::ComboBox::from_id_salt("filter-category")
            .selected_text(
                adjudicating
                    .filter
                    .category
                    .clone()
                    .unwrap_or_else(|| "any category".into()),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut adjudicating.filter.category, None, "any category");
                for category in categories {
                    ui.selectable_value(
                        &mut adjudicating.filter.category,
                        Some(category.clone()),
                        category,
                    );
                }
            })
            .response
            .labelled_by(only);
        egui::ComboBox::from_id_salt("filter-annotator")
            .selected_text(
                adjudicating
                    .filter
                    .annotator
                    .map_or("any annotator".to_string(), |a| annotators[a].clone()),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut adjudicating.filter.annotator, None, "any annotator");
                for (a, name) in annotators.iter().enumerate() {
                    ui.selectable_value(&mut adjudicating.filter.annotator, Some(a), name);
                }
            })
            .response
            .labelled_by(only);
    });
    ui.checkbox(&mut adjudicating.advance, "then the next open one")
        .on_hover_text("after each decision, go to the next open alignment");
}

/// How wide a gold unit's feature value is edited: its row stays within a laptop's right panel.
const FEATURE_VALUE_WIDTH: f32 = 120.0;

/// A decision asked for by a button.
enum Act {
    Pick(usize),
    Accept,
    Reject,
    Skip,
}

fn show_current(ui: &mut Ui, state: &mut AppState) {
    let (Some(index), Some(adjudicating)) =
        (state.documents.selection.alignment, state.adjudicating())
    else {
        ui.label(RichText::new("Press N for the next open disagreement.").weak());
        return;
    };
    let adjudication = adjudicating.adjudication();
    let Some(decision) = adjudication.decision(index) else {
        return;
    };
    let status = match decision {
        Decision::Open => "open".to_string(),
        Decision::Skipped { by, .. } => format!("skipped by {by}"),
        Decision::Decided {
            choice: gamma_core::gold::Choice::Reject,
            by,
            ..
        } => format!("rejected by {by}: no unit in the gold"),
        Decision::Decided { by, .. } => format!("decided by {by}"),
    };
    let disorder = adjudication.proposals()[index].disorder;
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("Alignment {} — {status}", index + 1))
                .strong()
                .color(palette::status_colour(decision)),
        );
        ui.label(RichText::new(format!("δ {disorder:.3}")).weak())
            .on_hover_text("the disorder of this unitary alignment");
    });
    let continuum = adjudication.continuum();
    let slots = adjudication.proposals()[index].slots.clone();
    let suggestion = adjudication.suggestion(index);
    let covered = |a: usize, unit: &gamma_core::Unit| {
        continuum
            .covered_text(a, unit)
            .map(|t| format!(" “{t}”"))
            .unwrap_or_default()
    };
    let mut action: Option<Act> = None;
    let is_open = decision.is_open();
    let mut reopen = false;
    for (a, slot) in slots.iter().enumerate() {
        let name = &continuum.annotators[a].name;
        match slot {
            Some(u) => {
                let unit = &continuum.annotators[a].units[*u];
                let label = format!(
                    "{} {name}: {} [{}, {}){}",
                    a + 1,
                    unit.category,
                    unit.start,
                    unit.end,
                    covered(a, unit)
                );
                if ui
                    .button(label)
                    .on_hover_text(format!("key {}", a + 1))
                    .clicked()
                {
                    action = Some(Act::Pick(a));
                }
            }
            None => {
                ui.label(RichText::new(format!("{} {name}: ∅", a + 1)).weak());
            }
        }
    }
    ui.horizontal_wrapped(|ui| {
        let (text, why) = match &suggestion {
            Some(suggestion) => (
                format!(
                    "A suggestion: {} [{}, {})",
                    suggestion.category, suggestion.start, suggestion.end
                ),
                "an annotator's unit of the majority category, the closest to the others (key A)",
            ),
            None => (
                "A suggestion: reject".to_string(),
                "most annotators have no unit here (key A)",
            ),
        };
        if ui.button(text).on_hover_text(why).clicked() {
            action = Some(Act::Accept);
        }
        if ui
            .button("R reject")
            .on_hover_text("no unit in the gold")
            .clicked()
        {
            action = Some(Act::Reject);
        }
        if ui.button("S skip").clicked() {
            action = Some(Act::Skip);
        }
        if !is_open && ui.button("reopen").clicked() {
            reopen = true;
        }
    });
    if reopen {
        state.send(Command::Adjudicate(Edit::Reopen(index)));
    }
    let edit = match action {
        Some(Act::Pick(annotator)) => Some(Edit::Pick {
            alignment: index,
            annotator,
        }),
        Some(Act::Accept) => Some(Edit::Accept(index)),
        Some(Act::Reject) => Some(Edit::Reject(index)),
        Some(Act::Skip) => Some(Edit::Skip(index)),
        None => None,
    };
    if let Some(edit) = edit {
        state.send(Command::Adjudicate(edit));
    }
}

fn show_gold_unit(ui: &mut Ui, state: &mut AppState) {
    let Some(adjudicating) = state.adjudicating() else {
        return;
    };
    let Some((id, gold)) = adjudicating
        .selected_gold
        .and_then(|id| Some((id, adjudicating.adjudication().gold_unit(id)?.clone())))
    else {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Click a gold unit to edit it.").weak());
            if ui.button("Add a gold unit").clicked() {
                state.send(Command::Adjudicate(Edit::Add(None)));
            }
        });
        return;
    };
    let categories = gold_categories(state);
    ui.strong(format!(
        "Gold unit{}",
        if gold.edited { " (edited)" } else { "" }
    ));
    if let Some(words) = state
        .document()
        .and_then(|d| d.words(gold.unit.start, gold.unit.end, 200))
    {
        ui.label(format!("“{words}”"));
    }
    let mut category = gold.unit.category.clone();
    let (mut start, mut end) = (gold.unit.start, gold.unit.end);
    let mut new_feature: Option<(String, Option<String>)> = None;
    let key_id = ui.make_persistent_id("new-feature-key");
    let (mut new_key, mut new_value): (String, String) =
        ui.data(|d| d.get_temp(key_id)).unwrap_or_default();
    egui::Grid::new("gold-unit").num_columns(2).show(ui, |ui| {
        let label = ui.label("category").id;
        egui::ComboBox::from_id_salt("gold-category")
            .selected_text(&category)
            .show_ui(ui, |ui| {
                for c in &categories {
                    ui.selectable_value(&mut category, c.clone(), c);
                }
            })
            .response
            .labelled_by(label);
        ui.end_row();
        let label = ui.label("start").id;
        ui.add(egui::DragValue::new(&mut start).speed(0.2))
            .labelled_by(label);
        ui.end_row();
        let label = ui.label("end").id;
        ui.add(egui::DragValue::new(&mut end).speed(0.2))
            .labelled_by(label);
        ui.end_row();
        for (key, value) in &gold.unit.features {
            let label = ui.label(key);
            let mut edited = value.clone();
            ui.horizontal(|ui| {
                let field = ui
                    .add(egui::TextEdit::singleline(&mut edited).desired_width(FEATURE_VALUE_WIDTH))
                    .labelled_by(label.id);
                if field.lost_focus() && edited != *value {
                    new_feature = Some((key.clone(), Some(edited.clone())));
                }
                if ui
                    .small_button("✖")
                    .on_hover_text("remove the feature")
                    .clicked()
                {
                    new_feature = Some((key.clone(), None));
                }
            });
            ui.end_row();
        }
    });
    // Below the grid, so that the two fields and the button wrap in a narrow panel.
    ui.horizontal_wrapped(|ui| {
        let key_label = ui.label("new feature");
        ui.add(
            egui::TextEdit::singleline(&mut new_key)
                .hint_text("name")
                .desired_width(70.0),
        )
        .labelled_by(key_label.id);
        ui.add(
            egui::TextEdit::singleline(&mut new_value)
                .hint_text("value")
                .desired_width(90.0),
        )
        .labelled_by(key_label.id);
        if ui
            .add_enabled(!new_key.trim().is_empty(), egui::Button::new("Set"))
            .clicked()
        {
            new_feature = Some((new_key.trim().to_string(), Some(new_value.clone())));
            new_key.clear();
            new_value.clear();
        }
    });
    ui.data_mut(|d| d.insert_temp(key_id, (new_key, new_value)));
    let edit = if category != gold.unit.category {
        Some(Edit::Category { unit: id, category })
    } else if (start, end) != (gold.unit.start, gold.unit.end) {
        Some(Edit::Bounds {
            unit: id,
            start,
            end,
        })
    } else {
        new_feature.map(|(key, value)| Edit::Feature {
            unit: id,
            key,
            value,
        })
    };
    if let Some(edit) = edit {
        state.send(Command::Adjudicate(edit));
    }
    gold_unit_actions(ui, state, id, &gold);
}

/// The categories a gold unit can take: the document's, then the Glozz model's other types.
pub(crate) fn gold_categories(state: &AppState) -> Vec<String> {
    let mut categories: Vec<String> = state
        .document()
        .map(|d| d.category_counts.iter().map(|(c, _)| c.clone()).collect())
        .unwrap_or_default();
    if let Some(gamma_formats::Source::Glozz {
        model: Some(model), ..
    }) = state.document().map(|d| &d.document.source)
    {
        for name in model.unit_type_names() {
            if !categories.iter().any(|c| c == name) {
                categories.push(name.to_string());
            }
        }
    }
    categories
}

/// Split, merge with the next, remove, add: the buttons under the gold unit editor.
fn gold_unit_actions(
    ui: &mut Ui,
    state: &mut AppState,
    id: gamma_core::gold::GoldId,
    gold: &gamma_core::gold::GoldUnit,
) {
    let next = state.adjudicating().and_then(|a| {
        let gold = a.adjudication().gold();
        let here = gold.iter().position(|(g, _)| *g == id)?;
        gold.get(here + 1).map(|(g, _)| *g)
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Split in the middle").clicked() {
            let middle = ((gold.unit.start + gold.unit.end) / 2.0).floor();
            let at = if middle > gold.unit.start {
                middle
            } else {
                (gold.unit.start + gold.unit.end) / 2.0
            };
            state.send(Command::Adjudicate(Edit::Split { unit: id, at }));
        }
        if let Some(next) = next
            && ui.button("Merge with the next").clicked()
        {
            state.send(Command::Adjudicate(Edit::Merge { unit: id, next }));
        }
        if ui.button("Remove (Del)").clicked() {
            state.send(Command::Adjudicate(Edit::Remove(id)));
        }
        if ui.button("Add a gold unit").clicked() {
            state.send(Command::Adjudicate(Edit::Add(None)));
        }
    });
}

fn show_history(ui: &mut Ui, state: &mut AppState) {
    if state.adjudicating().is_none() {
        return;
    }
    let (undo, redo) = (state.undo_label(), state.redo_label());
    ui.horizontal(|ui| {
        let undo_button = ui.add_enabled(undo.is_some(), egui::Button::new("Undo"));
        if undo_button
            .on_hover_text(format!(
                "Ctrl+Z: {}",
                undo.as_deref().unwrap_or("nothing to undo")
            ))
            .clicked()
        {
            state.send(Command::Undo);
        }
        let redo_button = ui.add_enabled(redo.is_some(), egui::Button::new("Redo"));
        if redo_button
            .on_hover_text(format!(
                "Ctrl+Shift+Z: {}",
                redo.as_deref().unwrap_or("nothing to redo")
            ))
            .clicked()
        {
            state.send(Command::Redo);
        }
    });
}

fn show_against_gold(ui: &mut Ui, state: &AppState) {
    let Some(adjudicating) = state.adjudicating() else {
        return;
    };
    ui.label("γ of each annotator against the gold so far");
    egui::Grid::new("against-gold")
        .striped(true)
        .show(ui, |ui| {
            for (a, gamma) in adjudicating.against_gold.iter().enumerate() {
                ui.label(&adjudicating.adjudication().continuum().annotators[a].name);
                match gamma {
                    None => ui.spinner(),
                    Some(Ok(g)) => ui.label(format!("{g:.3}")),
                    Some(Err(_)) => ui.label("–").on_hover_text("nothing decided yet"),
                };
                ui.end_row();
            }
        });
}

fn show_exports(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let Some(document) = state.document() else {
        return;
    };
    let extension = gold_extension(document.document.source.format());
    let stem = crate::app::files::document_file_stem(
        &document.document.source,
        &document.continuum().name,
    );
    let shortcut = |key| egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, key);
    let (export_key, save_key) = if state.shell.keys_reach_document {
        ui.input_mut(|i| {
            (
                i.consume_shortcut(&shortcut(egui::Key::E)),
                i.consume_shortcut(&shortcut(egui::Key::S)),
            )
        })
    } else {
        (false, false)
    };
    let (gold_title, report_title, session_title) = (
        "Export the gold",
        "Export the report",
        "Save the adjudication session",
    );
    ui.horizontal_wrapped(|ui| {
        let export = ui.button("Export the gold…").on_hover_text(format!(
            "{} · Glozz .aa, CorA .xml, .csv or ELAN .eaf, by extension",
            ui.ctx().format_shortcut(&shortcut(egui::Key::E))
        ));
        if (export.clicked() || export_key || dialog.ready(gold_title))
            && let Some(path) = dialog.save_file(gold_title, &format!("{stem}-gold.{extension}"))
        {
            state.send(Command::Export {
                kind: ExportKind::Gold,
                path,
                confirmed: false,
            });
        }
        if (ui.button("Export the report…").clicked() || dialog.ready(report_title))
            && let Some(path) = dialog.save_file(report_title, &format!("{stem}-decisions.csv"))
        {
            state.send(Command::Export {
                kind: ExportKind::Report,
                path,
                confirmed: false,
            });
        }
        let save = ui
            .button("Save the session as…")
            .on_hover_text(ui.ctx().format_shortcut(&shortcut(egui::Key::S)));
        if (save.clicked() || save_key || dialog.ready(session_title))
            && let Some(path) = dialog.save_file(session_title, &format!("{stem}-session.json"))
        {
            state.send(Command::SaveSessionAs(path));
        }
        if ui
            .button("Stop")
            .on_hover_text("the session stays saved")
            .clicked()
        {
            state.send(Command::StopAdjudication);
        }
        confirm_panel::start_over_button(ui, state);
    });
    if let Some(path) = state.adjudicating().and_then(|a| a.save_path.clone()) {
        // The path on hover: on a laptop's narrow panel it would take four lines.
        ui.label(RichText::new("autosaved ✔").weak())
            .on_hover_text(format!("autosaved to {}", path.display()));
    } else {
        ui.label(RichText::new("not saved: save the session to keep it").weak());
    }
}

/// The gold of every document at once, into a folder laid out as the corpus.
fn show_corpus_export(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let title = "Export the gold corpus";
    ui.horizontal_wrapped(|ui| {
        let export = ui.button("Export the gold corpus…").on_hover_text(
            "every document's gold into one folder, laid out as the corpus, written together \
             with one decision report",
        );
        let label = ui.label("documents not fully decided:").id;
        let choice = &mut state.campaign.open_alignments;
        egui::ComboBox::from_id_salt("gold-corpus-open-alignments")
            .selected_text(open_alignments_label(*choice))
            .show_ui(ui, |ui| {
                for option in gamma_core::gold::OpenAlignments::ALL {
                    ui.selectable_value(choice, option, open_alignments_label(option));
                }
            })
            .response
            .labelled_by(label);
        if (export.clicked() || dialog.ready(title))
            && let Some(folder) = dialog.pick_folder(title)
        {
            state.send(Command::ExportGoldCorpus(folder));
        }
    });
}

fn open_alignments_label(choice: gamma_core::gold::OpenAlignments) -> &'static str {
    match choice {
        gamma_core::gold::OpenAlignments::Skip => "skip them",
        gamma_core::gold::OpenAlignments::DecidedOnly => "what is decided",
        gamma_core::gold::OpenAlignments::Suggestions => "complete with the suggestions",
    }
}
