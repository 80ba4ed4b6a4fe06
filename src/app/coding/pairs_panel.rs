//! Coder × coder: the confusion matrix of the pair chosen (how often one coder's label met the
//! other's on the items both rated; the agreements on the diagonal) and, for each coefficient
//! chosen, its value on every pair of coders (a click on a cell shows that pair's matrix).

use super::CodingCommand;
use crate::app::AppState;
use crate::app::commands::Command;
use eframe::egui::{self, RichText, Ui};

/// Draws the pair's matrix and the pairwise tables.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let coders = study.study.coders.clone();
    if coders.len() < 2 {
        ui.label("One coder: no pair to compare.");
        return;
    }
    let fingerprint = study.fingerprint.clone();
    let (mut first, mut second) = state.coding.agreement.pair;
    ui.horizontal_wrapped(|ui| {
        ui.label("Confusion matrix of");
        coder_picker(ui, "coding-pair-first", &coders, &mut first);
        ui.label("(rows) and");
        coder_picker(ui, "coding-pair-second", &coders, &mut second);
        ui.label("(columns)");
    });
    let mut send = None;
    if (first, second) != state.coding.agreement.pair {
        send = Some(CodingCommand::Pair(first, second));
    }
    egui::ScrollArea::both()
        .id_salt("coding-pairs")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            confusion(ui, state, &fingerprint, &coders);
            ui.add_space(8.0);
            if let Some(pair) = pairwise(ui, state, &fingerprint, &coders) {
                send = Some(CodingCommand::Pair(pair.0, pair.1));
            }
        });
    if let Some(command) = send {
        state.send(Command::Coding(command));
    }
}

fn coder_picker(ui: &mut Ui, id: &str, coders: &[String], chosen: &mut usize) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(coders.get(*chosen).cloned().unwrap_or_default())
        .show_ui(ui, |ui| {
            for (c, coder) in coders.iter().enumerate() {
                ui.selectable_value(chosen, c, coder);
            }
        });
}

/// The confusion matrix of the pair chosen, with its totals.
fn confusion(ui: &mut Ui, state: &AppState, fingerprint: &str, coders: &[String]) {
    let pair = state.coding.agreement.pair;
    if pair.0 == pair.1 {
        ui.label("Choose two different coders.");
        return;
    }
    let Some((of, _, matrix)) = (state.coding.agreement.confusion.as_ref())
        .filter(|(of, study, _)| *of == pair && study == fingerprint)
    else {
        ui.label("Counting…");
        return;
    };
    let agreeing: usize = (0..matrix.categories.len())
        .map(|k| matrix.counts[k][k])
        .sum();
    ui.label(format!(
        "{} items rated by both {} and {}; they agree on {agreeing} ({:.1} %)",
        matrix.items,
        coders[of.0],
        coders[of.1],
        if matrix.items == 0 {
            0.0
        } else {
            100.0 * agreeing as f64 / matrix.items as f64
        }
    ));
    egui::Grid::new("coding-confusion")
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new(format!("{} \\ {}", coders[of.0], coders[of.1])).weak());
            for category in &matrix.categories {
                ui.label(RichText::new(category).strong());
            }
            ui.label(RichText::new("total").weak());
            ui.end_row();
            for (a, row) in matrix.counts.iter().enumerate() {
                ui.label(RichText::new(&matrix.categories[a]).strong());
                for (b, count) in row.iter().enumerate() {
                    let text = RichText::new(count.to_string()).monospace();
                    ui.label(match (a == b, *count) {
                        (_, 0) => text.weak(),
                        (true, _) => text.strong(),
                        (false, _) => text.color(egui::Color32::from_rgb(214, 120, 40)),
                    });
                }
                ui.label(RichText::new(row.iter().sum::<usize>().to_string()).weak());
                ui.end_row();
            }
            ui.label(RichText::new("total").weak());
            for b in 0..matrix.categories.len() {
                let column: usize = matrix.counts.iter().map(|row| row[b]).sum();
                ui.label(RichText::new(column.to_string()).weak());
            }
            ui.end_row();
        });
}

/// Each coefficient on every pair of coders (more than two coders); a clicked cell's pair.
fn pairwise(
    ui: &mut Ui,
    state: &AppState,
    fingerprint: &str,
    coders: &[String],
) -> Option<(usize, usize)> {
    let results = state.coding.agreement.results_of(fingerprint)?;
    let mut chosen = None;
    for (index, row) in results.rows.iter().enumerate() {
        let Some(table) = &row.pairwise else {
            continue;
        };
        // On a pair, π and κ are Scott's and Cohen's.
        let label = row
            .choice
            .as_ref()
            .map_or(row.label.clone(), |c| c.label(2));
        ui.label(RichText::new(format!("{label} per pair of coders")).strong());
        if let Some(mean) = table.mean {
            ui.label(RichText::new(format!("mean over the pairs: {mean:.4}")).weak());
        }
        egui::Grid::new(("coding-pairwise", index))
            .striped(true)
            .show(ui, |ui| {
                ui.label("");
                for coder in &coders[1..] {
                    ui.label(RichText::new(coder).strong());
                }
                ui.end_row();
                for (a, coder) in coders[..coders.len() - 1].iter().enumerate() {
                    ui.label(RichText::new(coder).strong());
                    for b in 1..coders.len() {
                        let value = (table.pairs.iter()).find(|p| p.first == a && p.second == b);
                        match value {
                            None => {
                                ui.label("");
                            }
                            Some(p) => {
                                let text = match &p.value {
                                    Ok(v) => format!("{:.3}", v.value),
                                    Err(_) => "–".into(),
                                };
                                let cell = ui
                                    .add(
                                        egui::Label::new(RichText::new(text).monospace())
                                            .sense(egui::Sense::click()),
                                    )
                                    .on_hover_text(format!(
                                        "{} and {}: click for their confusion matrix",
                                        coders[a], coders[b]
                                    ));
                                if cell.clicked() {
                                    chosen = Some((a, b));
                                }
                            }
                        }
                    }
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
    }
    chosen
}
