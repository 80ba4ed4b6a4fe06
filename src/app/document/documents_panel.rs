//! The open documents (each with its γ once computed) and the legend of categories with
//! their unit counts; a category can be hidden from the timeline, and (context menu) left out
//! of the measure.

use crate::app::AppState;
use crate::app::commands::Command;
use eframe::egui::{self, Sense, Ui, vec2};

pub fn show(ui: &mut Ui, state: &mut AppState) {
    if state.documents.open.len() > 1 {
        let corpus = match &state.measure.corpus_gamma {
            Some(Ok(corpus)) => format!("corpus γ {:.3}", corpus.gamma),
            Some(Err(e)) => format!("corpus γ: {e}"),
            None => "corpus γ …".into(),
        };
        ui.horizontal(|ui| {
            ui.strong("Documents");
            ui.label(corpus);
        });
        let mut chosen = None;
        // A corpus's list scrolls within a fifth of the panel (the dashboard holds the whole
        // table): the reading view keeps its room, and only the visible rows are laid out.
        let row_height = ui.spacing().interact_size.y;
        let room = (ui.available_height() / 5.0).max(4.0 * row_height);
        // The document shown changed elsewhere (N into the next document, a dashboard row):
        // its row is scrolled into view once.
        let shown_id = ui.make_persistent_id("documents-list-shown");
        let listed_before: Option<usize> = ui.data(|d| d.get_temp(shown_id));
        ui.data_mut(|d| d.insert_temp(shown_id, state.documents.current));
        let mut list = egui::ScrollArea::vertical()
            .id_salt("documents")
            .max_height(room)
            .auto_shrink([false, true]);
        if listed_before.is_some_and(|before| before != state.documents.current) {
            let row_with_spacing = row_height + ui.spacing().item_spacing.y;
            let above = (room / row_with_spacing / 2.0).floor();
            list = list.vertical_scroll_offset(
                ((state.documents.current as f32 - above).max(0.0)) * row_with_spacing,
            );
        }
        list.show_rows(ui, row_height, state.documents.open.len(), |ui, rows| {
            for i in rows {
                let document = &state.documents.open[i];
                let gamma = document
                    .gamma
                    .map_or("γ …".to_string(), |g| format!("γ {g:.3}"));
                let label = format!("{}   {gamma}", document.continuum().name);
                if ui
                    .selectable_label(i == state.documents.current, label)
                    .clicked()
                {
                    chosen = Some(i);
                }
            }
        });
        if let Some(i) = chosen.filter(|&i| i != state.documents.current) {
            state.send(Command::OpenDocument(state.documents.open[i].id));
        }
        ui.separator();
    }
    let Some(document) = state.document() else {
        return;
    };
    let continuum = document.continuum();
    ui.strong(format!(
        "{} — {} annotators, {} units",
        continuum.name,
        continuum.n_annotators(),
        continuum.n_units()
    ));
    let colours = &document.colours;
    let mut toggled = None;
    let mut measured = None;
    ui.horizontal_wrapped(|ui| {
        for (category, count) in &document.category_counts {
            let hidden = state.documents.hidden_categories.contains(category);
            let (rect, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
            super::palette::category_swatch(ui.painter(), rect, colours, category, hidden);
            let name = if category.is_empty() {
                "(none)"
            } else {
                category.as_str()
            };
            let excluded = state
                .measure
                .settings
                .excluded_categories
                .contains(category);
            let mut text = egui::RichText::new(format!("{name} ({count})"));
            if excluded {
                text = text.strikethrough();
            }
            let response = ui
                .selectable_label(!hidden, text)
                .on_hover_text(if excluded {
                    "show or hide on the timeline; not measured (right-click to count it in γ)"
                } else {
                    "show or hide on the timeline; right-click: whether it counts in γ"
                });
            if response.clicked() {
                toggled = Some(category.clone());
            }
            let text_gamma = state.uses_text_gamma();
            response.context_menu(|ui| {
                let mut counts = !excluded;
                let checkbox =
                    ui.add_enabled(!text_gamma, egui::Checkbox::new(&mut counts, "counts in γ"));
                let checkbox =
                    checkbox.on_disabled_hover_text("tγ compares the layers chosen in Settings");
                if checkbox.changed() {
                    measured = Some((category.clone(), counts));
                    ui.close();
                }
            });
        }
    });
    if let Some(category) = toggled
        && !state.documents.hidden_categories.remove(&category)
    {
        state.documents.hidden_categories.insert(category);
    }
    if let Some((category, counts)) = measured {
        let mut settings = state.measure.settings.clone();
        if counts {
            settings.excluded_categories.remove(&category);
        } else {
            settings.excluded_categories.insert(category);
        }
        state.send(Command::Settings(Box::new(settings)));
    }
}
