//! The reasons of decisions in the adjudication panel: the selected decision's reason and note
//! with the reason picker (W opens it; 1 … 9 the reason of that rank, 0 none, Esc closes), the
//! reasons of the decided relations at the selected alignment, and the campaign's list of
//! reasons with the reason the bulk rules give (see [`super::reasons`]).

use super::reasons::{RationaleTarget, ReasonEdit, ReasonPicker, rationale_of};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::shell::digit_keys::pressed_digit;
use eframe::egui::{self, Key, RichText, Ui};
use gamma_core::gold::{Rationale, ReasonList};

/// W opens the picker on the selected alignment's decision; inside it 1 … 9 give the reason of
/// that rank, 0 none, Esc closes it (not while the note field has the keyboard).
pub fn handle_keys(ui: &Ui, state: &mut AppState) {
    if state.adjudicating().is_none() {
        return;
    }
    if state.adjudication.reasons.picker.is_some() {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let (digit, escape) = ui.input(|i| (pressed_digit(i), i.key_pressed(Key::Escape)));
        match digit {
            Some(0) => pick(state, None),
            Some(rank) => {
                if let Some(key) = state.adjudication.reasons.key_of_rank(rank - 1) {
                    pick(state, Some(key));
                }
            }
            None if escape => state.adjudication.reasons.picker = None,
            None => {}
        }
        return;
    }
    let w = ui.input(|i| i.key_pressed(Key::W) && !i.modifiers.command);
    if w && state.shell.keys_reach_document
        && let Some(index) = state.documents.selection.alignment
    {
        state.open_reason_picker(RationaleTarget::Alignment(index));
    }
}

/// Gives the picker's decision the reason `key` (`None`: none) and its note; closes it.
fn pick(state: &mut AppState, key: Option<String>) {
    if let Some(edit) = state.pick_reason(key) {
        state.send(Command::Adjudicate(edit));
    }
}

/// One line saying a rationale ("reason: guideline gap · note: …").
fn said(rationale: &Rationale, list: &ReasonList) -> String {
    let mut text = match &rationale.reason {
        Some(key) => format!("reason: {}", list.label(key)),
        None => "no reason".to_string(),
    };
    if let Some(note) = &rationale.note {
        text.push_str(&format!(" · note: {note}"));
    }
    text
}

/// The selected alignment's reason (and its decided relations'), and the picker when open.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    let (Some(index), Some(adjudicating)) =
        (state.documents.selection.alignment, state.adjudicating())
    else {
        return;
    };
    let a = adjudicating.adjudication();
    let list = state.adjudication.reasons.list.clone();
    let mut targets = Vec::new();
    if a.decision(index).is_some_and(|d| d.is_decided()) {
        targets.push((RationaleTarget::Alignment(index), "Why".to_string()));
    }
    for relation in a.relations_at(index) {
        if a.relation_decisions()[relation].is_decided() {
            let name = format!("Why relation {}", relation + 1);
            targets.push((RationaleTarget::Relation(relation), name));
        }
    }
    let lines: Vec<(RationaleTarget, String, String)> = (targets.into_iter())
        .map(|(target, name)| (target, name, said(&rationale_of(a, target), &list)))
        .collect();
    for (target, name, line) in lines {
        ui.horizontal_wrapped(|ui| {
            let key = if matches!(target, RationaleTarget::Alignment(_)) {
                " (W)"
            } else {
                ""
            };
            if ui
                .button(format!("{name}…{key}"))
                .on_hover_text("give the decision a reason from the campaign's list, and a note")
                .clicked()
            {
                state.open_reason_picker(target);
            }
            ui.label(RichText::new(line).italics());
        });
    }
    show_picker(ui, state, &list);
}

fn show_picker(ui: &mut Ui, state: &mut AppState, list: &ReasonList) {
    let Some(ReasonPicker { target, mut note }) = state.adjudication.reasons.picker.clone() else {
        return;
    };
    let what = match target {
        RationaleTarget::Alignment(i) => format!("alignment {}", i + 1),
        RationaleTarget::Relation(i) => format!("relation {}", i + 1),
    };
    let mut chosen: Option<Option<String>> = None;
    let mut close = false;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(format!("Reason for {what}: press 1 … 9, 0 for none")).strong());
        ui.horizontal_wrapped(|ui| {
            for (rank, reason) in list.reasons().iter().enumerate() {
                let label = match rank {
                    0..9 => format!("{} {}", rank + 1, reason.label),
                    _ => reason.label.clone(),
                };
                if ui.button(label).clicked() {
                    chosen = Some(Some(reason.key.clone()));
                }
            }
            if ui.button("0 no reason").clicked() {
                chosen = Some(None);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("note");
            ui.add(
                egui::TextEdit::singleline(&mut note)
                    .hint_text("why, in a few words")
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
            if ui
                .button("Keep the reason, save the note")
                .on_hover_text("the reason stays as it is")
                .clicked()
            {
                let reason = state
                    .adjudicating()
                    .and_then(|a| rationale_of(a.adjudication(), target).reason);
                chosen = Some(reason);
            }
            close = ui.button("Close (Esc)").clicked();
        });
    });
    if let Some(picker) = &mut state.adjudication.reasons.picker {
        picker.note = note;
    }
    if let Some(key) = chosen {
        pick(state, key);
    } else if close {
        state.adjudication.reasons.picker = None;
    }
}

/// The campaign's reasons: rename, remove, add, the default list back; and the reason the
/// bulk rules give their decisions. Stored in the project file.
pub fn show_list(ui: &mut Ui, state: &mut AppState) {
    let list = state.adjudication.reasons.list.clone();
    let mut edit: Option<ReasonEdit> = None;
    egui::CollapsingHeader::new("Reasons for decisions")
        .id_salt("reasons-list")
        .show(ui, |ui| {
            for reason in list.reasons() {
                ui.horizontal(|ui| {
                    let id = ui.make_persistent_id(("reason-label", &reason.key));
                    let mut label: String = ui
                        .data(|d| d.get_temp(id))
                        .unwrap_or_else(|| reason.label.clone());
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut label).desired_width(180.0))
                        .on_hover_text(format!("key {} (what decisions store)", reason.key));
                    if field.lost_focus()
                        && label.trim() != reason.label
                        && !label.trim().is_empty()
                    {
                        edit = Some(ReasonEdit::Rename {
                            key: reason.key.clone(),
                            label: label.trim().to_string(),
                        });
                    }
                    if field.has_focus() {
                        ui.data_mut(|d| d.insert_temp(id, label));
                    } else {
                        ui.data_mut(|d| d.remove::<String>(id));
                    }
                    if ui
                        .small_button("✖")
                        .on_hover_text(format!(
                            "remove {} from the list (decisions that have it keep it)",
                            reason.label
                        ))
                        .clicked()
                    {
                        edit = Some(ReasonEdit::Remove(reason.key.clone()));
                    }
                });
            }
            let id = ui.make_persistent_id("new-reason");
            let mut new: String = ui.data(|d| d.get_temp(id)).unwrap_or_default();
            ui.horizontal_wrapped(|ui| {
                let label = ui.label("new reason");
                ui.add(egui::TextEdit::singleline(&mut new).desired_width(150.0))
                    .labelled_by(label.id);
                if ui
                    .add_enabled(!new.trim().is_empty(), egui::Button::new("Add"))
                    .clicked()
                {
                    edit = Some(ReasonEdit::Add(std::mem::take(&mut new)));
                }
                if ui.button("Default list").clicked() {
                    edit = Some(ReasonEdit::Default);
                }
            });
            ui.data_mut(|d| d.insert_temp(id, new));
            show_rule_reason(ui, state, &list);
        });
    if let Some(edit) = edit {
        state.send(Command::Reasons(edit));
    }
}

/// The reason the bulk rules give every decision they take.
fn show_rule_reason(ui: &mut Ui, state: &mut AppState, list: &ReasonList) {
    let chosen = &mut state.adjudication.reasons.for_rules;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("bulk rules give").id;
        egui::ComboBox::from_id_salt("rule-reason")
            .selected_text(chosen.as_deref().map_or("no reason", |k| list.label(k)))
            .show_ui(ui, |ui| {
                ui.selectable_value(chosen, None, "no reason");
                for reason in list.reasons() {
                    ui.selectable_value(chosen, Some(reason.key.clone()), &reason.label);
                }
            })
            .response
            .labelled_by(label);
    });
}
