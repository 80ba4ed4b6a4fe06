//! The timeline: one track per annotator, units as boxes coloured by category (overlapping
//! units of one annotator stacked in sub-rows), the best alignment drawn between the tracks,
//! each annotator's relations as arcs above its track, the text under them when zoomed in far
//! enough, and an overview strip of the whole document. Only the units inside the visible window
//! are laid out.
//!
//! Ctrl/Cmd + wheel or a pinch zooms around the pointer, dragging or the wheel pans, a click on
//! a unit or a band selects its unitary alignment.
//!
//! While adjudicating, a gold track under the annotators shows the status of every unitary
//! alignment (open, decided, skipped) and the gold units; the selected gold unit's boundaries
//! can be dragged (they snap to token boundaries when there is a text); a double click on an
//! annotator's unit puts it in the gold.

mod geometry;
mod gold;
mod relation_arcs;
mod tracks;

use super::open_document::View;
use crate::app::AppState;
use crate::app::adjudication::Edit;
use crate::app::commands::Command;
use eframe::egui::{self, Rect, Sense, Ui, Vec2, vec2};
use gamma_core::gold::GoldId;
use geometry::{Canvas, Layout, height, position_of};
use gold::{drag_gold_boundaries, draw_gold_track};
use tracks::{draw_alignments, draw_text_and_overview, draw_tracks, draw_units, track_names};

/// Draws the timeline of the document shown and handles its mouse input.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    if state.document().is_none() {
        ui.centered_and_justified(|ui| {
            ui.label("Open annotation files (File → Open, or drop them here).");
        });
        return;
    };
    controls(ui, state);
    let Some(document) = state.document() else {
        return;
    };
    let gold_rows = state.adjudicating().map(|a| a.gold_rows.1);
    let desired = vec2(ui.available_width(), height(document, gold_rows));
    let (rect, response) = ui.allocate_exact_size(desired, Sense::click_and_drag());
    let layout = Layout::new(document, gold_rows, rect);
    let limits = document.extent();
    zoom_and_pan(
        ui,
        &response,
        &mut state.documents.view,
        layout.units_area,
        limits,
    );
    let Some(document) = state.document() else {
        return;
    };
    let canvas = Canvas {
        painter: ui.painter_at(rect),
        visuals: ui.visuals().clone(),
        layout: &layout,
        view: state.documents.view,
        rect,
        area: layout.units_area,
        document,
    };
    draw_tracks(&canvas);
    track_names(ui, &canvas);
    let bands = draw_alignments(&canvas, state);
    let (gold, selected_gold) = draw_gold_track(&canvas, state);
    let units = draw_units(&canvas, state);
    relation_arcs::draw_relation_arcs(&canvas, state);
    let overview = draw_text_and_overview(&canvas, limits);
    let hits = Hits {
        bands,
        gold,
        units,
        overview,
        whole: View {
            start: limits.0,
            end: limits.1,
        },
    };
    let hovered_unit = hover(state, &response, &hits);
    drag_gold_boundaries(ui, state, selected_gold, layout.units_area);
    handle_clicks(state, &response, &hits, hovered_unit, limits);
}

/// The line above the tracks: zoom to fit, and what the mouse does.
fn controls(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        if ui.button("Zoom to fit").clicked() {
            state.zoom_to_fit();
        }
        // Truncated: a line wider than the panel would widen the scroll area, and the tracks
        // with it, under the right panel.
        ui.add(
            egui::Label::new(
                egui::RichText::new(
                    if state.adjudicating().is_some() {
                    "Ctrl + wheel: zoom · drag: pan · click: select · double click a unit: put it in the gold"
                } else {
                    "Ctrl + wheel or pinch: zoom · drag or wheel: pan · click a unit: select its alignment"
                },
                )
                .weak(),
            )
            .truncate(),
        );
    });
}

/// Ctrl + wheel or a pinch zooms around the pointer; the wheel or a drag pans.
fn zoom_and_pan(
    ui: &Ui,
    response: &egui::Response,
    view: &mut View,
    area: Rect,
    limits: (f64, f64),
) {
    if response.hovered() {
        let (zoom, scroll, pointer) = ui.input(|i| {
            (
                i.zoom_delta(),
                i.smooth_scroll_delta(),
                i.pointer.hover_pos(),
            )
        });
        if zoom != 1.0 {
            let anchor = pointer.map_or((view.start + view.end) / 2.0, |p| {
                position_of(p.x, view, area)
            });
            view.zoom(zoom as f64, anchor, limits);
        } else if scroll != Vec2::ZERO {
            let pixels = if scroll.x != 0.0 { scroll.x } else { scroll.y };
            let by = -(pixels as f64) / area.width() as f64 * view.width();
            view.pan(by, limits);
        }
    }
    if response.dragged() {
        let by = -(response.drag_delta().x as f64) / area.width() as f64 * view.width();
        view.pan(by, limits);
    }
}

/// Where the clickable things were drawn this frame.
struct Hits {
    /// Empty-slot markers and status strips, with their alignment.
    bands: Vec<(Rect, usize)>,
    /// Gold units.
    gold: Vec<(Rect, GoldId)>,
    /// Units: (box, annotator, unit).
    units: Vec<(Rect, usize, usize)>,
    /// The overview strip, and the view it shows (the whole document).
    overview: Rect,
    whole: View,
}

/// The unit under the pointer, with its category, span, covered text and features as a
/// tooltip: (annotator, unit).
fn hover(state: &AppState, response: &egui::Response, hits: &Hits) -> Option<(usize, usize)> {
    let pointer = response.hover_pos()?;
    let (_, a, u) = *hits
        .units
        .iter()
        .rev()
        .find(|(r, _, _)| r.contains(pointer))?;
    let continuum = state.document()?.continuum();
    let unit = &continuum.annotators[a].units[u];
    let covered = continuum.covered_text(a, unit);
    let name = continuum.annotators[a].name.clone();
    response.clone().on_hover_ui_at_pointer(|ui| {
        ui.strong(format!("{} — {}", unit.category, name));
        ui.label(format!("[{}, {})", unit.start, unit.end));
        if let Some(covered) = covered {
            ui.label(format!("“{covered}”"));
        }
        for (feature, value) in &unit.features {
            ui.label(format!("{feature} = {value}"));
        }
    });
    Some((a, u))
}

/// Clicks: a double click on a unit while adjudicating puts it in the gold; a click selects
/// a gold unit (and the alignment it decides), a unit's or a marker's alignment, or moves the
/// view to a place of the overview strip.
fn handle_clicks(
    state: &mut AppState,
    response: &egui::Response,
    hits: &Hits,
    hovered_unit: Option<(usize, usize)>,
    limits: (f64, f64),
) {
    let alignment_of = |state: &AppState, (a, u): (usize, usize)| state.shown()?.of_unit(a, u);
    if response.double_clicked()
        && state.adjudicating().is_some()
        && let Some((a, u)) = hovered_unit
        && let Some(index) = alignment_of(state, (a, u))
    {
        state.documents.selection.alignment = Some(index);
        state.send(Command::Adjudicate(Edit::Pick {
            alignment: index,
            annotator: a,
        }));
        return;
    }
    if !response.clicked() {
        return;
    }
    let clicked = response.interact_pointer_pos();
    let on_gold = clicked.and_then(|p| {
        (hits.gold.iter().rev())
            .find(|(r, _)| r.contains(p))
            .map(|(_, id)| *id)
    });
    if let Some(id) = on_gold {
        let proposal = state
            .adjudicating()
            .and_then(|a| a.adjudication().gold_unit(id))
            .and_then(|g| g.proposal);
        if let Some(adjudicating) = state.adjudicating_mut() {
            adjudicating.selected_gold = Some(id);
        }
        if proposal.is_some() {
            state.documents.selection.alignment = proposal;
        }
        return;
    }
    let on_unit = hovered_unit.and_then(|unit| alignment_of(state, unit));
    let on_band = clicked.and_then(|p| {
        (hits.bands.iter())
            .find(|(r, _)| r.contains(p))
            .map(|(_, i)| *i)
    });
    if let Some(p) = clicked.filter(|p| hits.overview.contains(*p)) {
        let position = position_of(p.x, &hits.whole, hits.overview);
        state.documents.view.centre_on(position, limits);
    } else if let Some(index) = on_unit.or(on_band) {
        state.documents.selection.alignment = Some(index);
    }
}
