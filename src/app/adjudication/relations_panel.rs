//! The relations of the selected alignment, while adjudicating: each set of corresponding
//! relations (a relation proposal of [`gamma_core::gold`]) with its endpoints, whether the
//! annotators disagree on it, its decision and the buttons that decide it — keep one
//! annotator's, relabel, none, skip. A relation decided into the gold whose endpoint has no
//! gold unit is shown here; one whose endpoint was rejected is flagged here, in the progress
//! line and in the message of the decision that rejected it, never dropped without a word.

use super::Edit;
use super::adjudicating::lost_text;
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::document::palette;
use eframe::egui::{self, RichText, Ui};
use gamma_core::gold::{Adjudication, RelationChoice, RelationDecision};

/// A decision asked for by a button.
enum RelationAct {
    Decide(usize, RelationChoice),
    Skip(usize),
    Reopen(usize),
    GoTo(usize),
}

/// The relations line of the progress: decided, open and flagged relations of the document.
pub fn show_progress(ui: &mut Ui, adjudication: &Adjudication) {
    let progress = adjudication.relation_progress();
    if progress.total == 0 {
        return;
    }
    let flagged = adjudication.flagged_relations().len();
    let mut line = format!(
        "relations: decided {} of {} · skipped {}",
        progress.decided, progress.total, progress.skipped
    );
    if flagged > 0 {
        line.push_str(&format!(
            " · ⚠ {flagged} decided into the gold with an endpoint rejected"
        ));
    }
    let text = RichText::new(line);
    ui.label(if flagged > 0 {
        text.color(ui.visuals().warn_fg_color)
    } else {
        text
    });
}

/// The relations with an endpoint in the selected alignment.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    let (Some(alignment), Some(adjudicating)) =
        (state.documents.selection.alignment, state.adjudicating())
    else {
        return;
    };
    let adjudication = adjudicating.adjudication();
    if adjudication.relation_proposals().is_empty() {
        return;
    }
    let here = adjudication.relations_at(alignment);
    let mut act = None;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!(
            "Relations at alignment {}: {}",
            alignment + 1,
            here.len()
        ));
        let next = next_open_relation(adjudication, alignment);
        if let Some(next) = next
            && ui
                .button("next open relation")
                .on_hover_text("go to the alignment where the next open relation starts")
                .clicked()
        {
            act = Some(RelationAct::GoTo(next));
        }
    });
    let model = match state.document().map(|d| &d.document.source) {
        Some(gamma_formats::Source::Glozz { model, .. }) => model.as_ref(),
        _ => None,
    };
    let labels = relation_labels(adjudication, model);
    for index in here {
        show_relation(ui, adjudication, index, alignment, &labels, &mut act);
    }
    apply(state, act);
}

fn show_relation(
    ui: &mut Ui,
    adjudication: &Adjudication,
    index: usize,
    alignment: usize,
    labels: &[String],
    act: &mut Option<RelationAct>,
) {
    let proposal = &adjudication.relation_proposals()[index];
    let decision = &adjudication.relation_decisions()[index];
    let members = adjudication.relation_members(index);
    let agreeing = adjudication.is_relation_unanimous(index);
    let arrow = if proposal.directed { "→" } else { "—" };
    let ends = format!(
        "{} {arrow} {}",
        endpoint(adjudication, &proposal.source, alignment),
        endpoint(adjudication, &proposal.target, alignment)
    );
    let lost = adjudication.lost_endpoints(index);
    let stranded = lost.iter().any(|l| l.rejected);
    let status = match decision {
        RelationDecision::Open => "open".to_string(),
        RelationDecision::Skipped { by, .. } => format!("skipped by {by}"),
        RelationDecision::Decided { choice, .. } => {
            match adjudication.relation_label(index, choice) {
                Some(label) if stranded => format!("⚠ decided as {label}, an endpoint rejected"),
                Some(label) => format!("in the gold as {label}"),
                None => "not in the gold".to_string(),
            }
        }
    };
    let agreement = if agreeing { "agreed" } else { "disagreement" };
    let colour = if stranded && decision.is_decided() {
        ui.visuals().warn_fg_color
    } else {
        palette::relation_status_colour(decision)
    };
    ui.label(
        RichText::new(format!("Relation {} ({agreement}) — {status}", index + 1))
            .strong()
            .color(colour),
    );
    ui.label(ends);
    let continuum = adjudication.continuum();
    ui.horizontal_wrapped(|ui| {
        if agreeing {
            let label = members.first().map_or("", |m| m.2);
            if ui
                .button(format!("keep: {label}"))
                .on_hover_text("every annotator has this relation, with this label")
                .clicked()
            {
                *act = Some(RelationAct::Decide(
                    index,
                    RelationChoice::Pick { annotator: 0 },
                ));
            }
        }
        for (a, name) in continuum.annotator_names().iter().enumerate() {
            match members.iter().find(|m| m.0 == a) {
                Some(_) if agreeing => {}
                Some((_, _, label)) => {
                    if ui
                        .button(format!("{name}: {label}"))
                        .on_hover_text(format!("keep {name}'s relation"))
                        .clicked()
                    {
                        *act = Some(RelationAct::Decide(
                            index,
                            RelationChoice::Pick { annotator: a },
                        ));
                    }
                }
                None => {
                    ui.label(RichText::new(format!("{name}: ∅")).weak());
                }
            }
        }
        let current = match decision {
            RelationDecision::Decided { choice, .. } => adjudication.relation_label(index, choice),
            _ => None,
        };
        ui.menu_button(format!("relabel relation {}", index + 1), |ui| {
            egui::ScrollArea::vertical()
                .max_height(240.0)
                .show(ui, |ui| {
                    for label in labels {
                        let mark = if current.as_ref() == Some(label) {
                            "✔ "
                        } else {
                            ""
                        };
                        if ui.button(format!("{mark}{label}")).clicked() {
                            let choice = RelationChoice::Relabel {
                                label: label.clone(),
                            };
                            *act = Some(RelationAct::Decide(index, choice));
                            ui.close();
                        }
                    }
                });
            ui.separator();
            relabel_with_typed_label(ui, index, act);
        });
        if ui
            .button(format!("no relation {}", index + 1))
            .on_hover_text("no relation here in the gold")
            .clicked()
        {
            *act = Some(RelationAct::Decide(index, RelationChoice::Reject));
        }
        if decision.is_open() {
            if ui.button(format!("skip relation {}", index + 1)).clicked() {
                *act = Some(RelationAct::Skip(index));
            }
        } else if ui
            .button(format!("reopen relation {}", index + 1))
            .clicked()
        {
            *act = Some(RelationAct::Reopen(index));
        }
    });
    let into_gold = match decision {
        RelationDecision::Decided { choice, .. } => *choice != RelationChoice::Reject,
        _ => true,
    };
    if !lost.is_empty() && into_gold {
        let text = lost_text(&lost, decision.is_decided());
        if lost.iter().any(|l| l.rejected) {
            ui.label(RichText::new(format!("⚠ {text}")).color(ui.visuals().warn_fg_color));
        } else {
            ui.label(RichText::new(text).weak());
        }
    }
}

/// An endpoint as the alignments it lies in, the selected one named "here", with the words of
/// the first one's first unit.
fn endpoint(adjudication: &Adjudication, alignments: &[usize], here: usize) -> String {
    let words = |alignment: usize| {
        (adjudication.members(alignment).first().copied())
            .and_then(|(annotator, unit)| adjudication.continuum().covered_text(annotator, unit))
            .map(|text| {
                let short: String = text.chars().take(30).collect();
                let more = if text.chars().count() > 30 { "…" } else { "" };
                format!(" “{short}{more}”")
            })
            .unwrap_or_default()
    };
    (alignments.iter())
        .map(|&a| {
            let name = if a == here {
                "here".to_string()
            } else {
                format!("alignment {}", a + 1)
            };
            format!("{name}{}", words(a))
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A field in the relabel menu for a label no annotator used (the annotation model may have
/// more relation types than the document shows).
fn relabel_with_typed_label(ui: &mut Ui, index: usize, act: &mut Option<RelationAct>) {
    let id = ui.make_persistent_id(("typed relation label", index));
    let mut typed: String = ui.data_mut(|d| d.get_temp(id).unwrap_or_default());
    ui.horizontal(|ui| {
        let field = ui.label("other label");
        ui.add(egui::TextEdit::singleline(&mut typed).desired_width(140.0))
            .labelled_by(field.id);
        let label = typed.trim().to_string();
        if ui
            .add_enabled(!label.is_empty(), egui::Button::new("relabel"))
            .clicked()
        {
            *act = Some(RelationAct::Decide(
                index,
                RelationChoice::Relabel { label },
            ));
            typed.clear();
            ui.close();
        }
    });
    ui.data_mut(|d| d.insert_temp(id, typed));
}

/// The labels a relation can take: every label the annotators of the document used, sorted,
/// then the Glozz model's other relation types in the model's order.
fn relation_labels(
    adjudication: &Adjudication,
    model: Option<&gamma_formats::aam::AnnotationModel>,
) -> Vec<String> {
    let mut labels: Vec<String> = (adjudication.continuum().annotators.iter())
        .flat_map(|a| a.relations.iter().map(|r| r.label.clone()))
        .collect();
    labels.sort();
    labels.dedup();
    for relation_type in model.into_iter().flat_map(|m| &m.relation_types) {
        if !labels.contains(&relation_type.name) {
            labels.push(relation_type.name.clone());
        }
    }
    labels
}

/// The first alignment after `alignment` (wrapping around) where an open relation starts.
fn next_open_relation(adjudication: &Adjudication, alignment: usize) -> Option<usize> {
    let starts: Vec<usize> = (adjudication.relation_proposals().iter())
        .zip(adjudication.relation_decisions())
        .filter(|(_, d)| d.is_open())
        .filter_map(|(p, _)| p.source.first().copied())
        .collect();
    (starts.iter().copied().filter(|&s| s > alignment).min())
        .or_else(|| starts.iter().copied().min())
}

fn apply(state: &mut AppState, act: Option<RelationAct>) {
    let Some(act) = act else {
        return;
    };
    match act {
        RelationAct::GoTo(alignment) => state.select_alignment(alignment),
        RelationAct::Decide(relation, choice) => {
            state.send(Command::Adjudicate(Edit::DecideRelation {
                relation,
                choice,
            }));
        }
        RelationAct::Skip(index) => state.send(Command::Adjudicate(Edit::SkipRelation(index))),
        RelationAct::Reopen(index) => {
            state.send(Command::Adjudicate(Edit::ReopenRelation(index)));
        }
    }
}
