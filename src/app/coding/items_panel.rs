//! The items of the study shown, one line each: the item, each coder's label (a label that is
//! not the item's most common one stands out), and the gold so far — disagreements first, the
//! most divided first; narrowed to the items with a label, rated by a coder, or to the
//! (open) disagreements. Only the lines in view are laid out, so that a study of a hundred
//! thousand items scrolls at full speed. A click selects an item for adjudication.

use super::study::{ItemFilter, Show};
use crate::app::AppState;
use eframe::egui::{self, Color32, RichText, Ui};

/// Draws the filters and the table.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let coders = study.study.coders.clone();
    let categories = study.study.categories().to_vec();
    let total = study.study.n_items();
    let mut filter = study.filter().clone();
    filters(
        ui,
        &mut filter,
        &coders,
        &categories,
        (study.listed().len(), total),
    );
    if let Some(study) = state.coding.shown_mut()
        && *study.filter() != filter
    {
        study.set_filter(filter);
        return;
    }
    table(ui, state);
}

/// The filters, and how many items they keep.
fn filters(
    ui: &mut Ui,
    filter: &mut ItemFilter,
    coders: &[String],
    categories: &[String],
    (shown, total): (usize, usize),
) {
    ui.horizontal_wrapped(|ui| {
        let show = ui.label("show");
        egui::ComboBox::from_id_salt("coding-show")
            .selected_text(filter.show.label())
            .show_ui(ui, |ui| {
                for show in Show::ALL {
                    ui.selectable_value(&mut filter.show, show, show.label());
                }
            })
            .response
            .labelled_by(show.id);
        let with = ui.label("with label");
        egui::ComboBox::from_id_salt("coding-category")
            .selected_text(filter.category.clone().unwrap_or_else(|| "any".into()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.category, None, "any");
                for category in categories {
                    ui.selectable_value(&mut filter.category, Some(category.clone()), category);
                }
            })
            .response
            .labelled_by(with.id);
        let by = ui.label("rated by");
        egui::ComboBox::from_id_salt("coding-coder")
            .selected_text(filter.coder.map_or("anyone".into(), |c| coders[c].clone()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.coder, None, "anyone");
                for (c, coder) in coders.iter().enumerate() {
                    ui.selectable_value(&mut filter.coder, Some(c), coder);
                }
            })
            .response
            .labelled_by(by.id);
        ui.label(format!("{shown} of {total} items"));
    });
}

/// The header and the lines in view.
fn table(ui: &mut Ui, state: &mut AppState) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let listed = study.listed();
    let s = &study.study;
    let a = &study.adjudication;
    let columns = s.coders.len() + 2;
    let width = ((ui.available_width() - 8.0) / columns as f32).clamp(60.0, 160.0);
    let row_height = ui.spacing().interact_size.y;
    let selected = study.selected;
    let mut clicked = None;
    // Reached by a key: the item selected three lines below the top.
    let line = row_height + ui.spacing().item_spacing.y;
    let reveal = (state.coding.reveal)
        .then(|| listed.iter().position(|&i| Some(i) == selected))
        .flatten()
        .map(|at| (at.saturating_sub(3)) as f32 * line);
    egui::ScrollArea::horizontal()
        .id_salt("coding-items-across")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                cell(ui, width, RichText::new("item").strong());
                for coder in &s.coders {
                    cell(ui, width, RichText::new(coder).strong());
                }
                cell(ui, width, RichText::new("gold").strong());
            });
            let mut rows = egui::ScrollArea::vertical()
                .id_salt("coding-items")
                .auto_shrink([false, false]);
            if let Some(offset) = reveal {
                rows = rows.vertical_scroll_offset(offset);
            }
            rows.show_rows(ui, row_height, listed.len(), |ui, rows| {
                for &item in &listed[rows] {
                    let counts = s.counts(item);
                    let top = counts.iter().copied().max().unwrap_or(0);
                    let disagreement = study.is_disagreement(item);
                    let top_left = ui.cursor().min;
                    let line_width = columns as f32 * (width + ui.spacing().item_spacing.x);
                    let rect =
                        egui::Rect::from_min_size(top_left, egui::vec2(line_width, row_height));
                    if selected == Some(item) {
                        let fill = ui.visuals().selection.bg_fill.gamma_multiply(0.5);
                        ui.painter().rect_filled(rect, 2.0, fill);
                    }
                    ui.horizontal(|ui| {
                        let mut name = RichText::new(&s.items[item]);
                        if disagreement {
                            name = name.strong();
                        }
                        cell(ui, width, name);
                        for c in 0..s.coders.len() {
                            let text = match s.label(item, c) {
                                Some(label) => {
                                    let k = s.codings.items[item][c].unwrap_or_default();
                                    let minority = disagreement && counts[k] < top;
                                    let text = RichText::new(label);
                                    if minority {
                                        text.color(Color32::from_rgb(214, 120, 40))
                                    } else {
                                        text
                                    }
                                }
                                None => RichText::new("·").weak(),
                            };
                            cell(ui, width, text);
                        }
                        let gold = match a.decision(item) {
                            Some(d) => {
                                RichText::new(d.label.as_deref().unwrap_or("(none)")).strong()
                            }
                            None if disagreement => RichText::new("open").italics().weak(),
                            None => RichText::new(""),
                        };
                        cell(ui, width, gold);
                    });
                    let response = ui
                        .interact(
                            rect,
                            ui.scope_id().with(("coding-item", item)),
                            egui::Sense::click(),
                        )
                        .on_hover_text(format!("item {}: click to adjudicate it", s.items[item]));
                    if response.clicked() {
                        clicked = Some(item);
                    }
                }
            });
        });
    state.coding.reveal = false;
    if let Some(item) = clicked {
        state.select_coding_item(item);
    }
}

/// One cell, `width` wide, its text cut to fit.
fn cell(ui: &mut Ui, width: f32, text: RichText) {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        size,
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(width);
            ui.set_max_width(width);
            ui.add(egui::Label::new(text).truncate());
        },
    );
}
