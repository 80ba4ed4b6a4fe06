//! The timeline: one track per annotator, units as boxes coloured by category (overlapping
//! units of one annotator stacked in sub-rows), the best alignment drawn between the tracks,
//! the text under them when zoomed in far enough, and an overview strip of the whole document.
//! Only the units inside the visible window are laid out.
//!
//! Ctrl/Cmd + wheel or a pinch zooms around the pointer, dragging or the wheel pans, a click on
//! a unit or a band selects its unitary alignment.
//!
//! While adjudicating, a gold track under the annotators shows the status of every unitary
//! alignment (open, decided, skipped) and the gold units; the selected gold unit's boundaries
//! can be dragged (they snap to token boundaries when there is a text); a double click on an
//! annotator's unit puts it in the gold.

use super::document_view::{OpenDocument, View};
use super::palette;
use super::shown_alignments::ShownAlignments;
use super::state::AppState;
use eframe::egui::{
    self, Align2, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, pos2, vec2,
};
use gamma_studio::gold::{Adjudication, GoldId};

const LABEL_WIDTH: f32 = 110.0;
const ROW_HEIGHT: f32 = 16.0;
const TRACK_GAP: f32 = 26.0;
const TEXT_ROW: f32 = 22.0;
const OVERVIEW: f32 = 18.0;
/// Characters are drawn once each has at least this many pixels.
const MIN_PIXELS_PER_CHARACTER: f32 = 7.0;

/// Screen x of a continuum position.
fn x_of(position: f64, view: &View, area: Rect) -> f32 {
    area.left() + ((position - view.start) / view.width()) as f32 * area.width()
}

fn position_of(x: f32, view: &View, area: Rect) -> f64 {
    view.start + ((x - area.left()) / area.width()) as f64 * view.width()
}

/// Geometry of the tracks of one document in one frame.
struct Layout {
    /// Top of each annotator's track.
    track_tops: Vec<f32>,
    /// Sub-rows of each annotator.
    track_rows: Vec<usize>,
    /// Top of the gold track and its sub-rows, while adjudicating.
    gold: Option<(f32, usize)>,
    units_area: Rect,
}

/// Height of the status strip at the top of the gold track.
const STATUS_STRIP: f32 = 5.0;

impl Layout {
    fn new(document: &OpenDocument, gold_rows: Option<usize>, rect: Rect) -> Layout {
        let mut top = rect.top() + 4.0;
        let mut track_tops = Vec::new();
        let mut track_rows = Vec::new();
        for stack in &document.rows {
            track_tops.push(top);
            track_rows.push(stack.rows);
            top += stack.rows as f32 * ROW_HEIGHT + TRACK_GAP;
        }
        let gold = gold_rows.map(|rows| {
            let gold_top = top;
            top += STATUS_STRIP + rows as f32 * ROW_HEIGHT + TRACK_GAP;
            (gold_top, rows)
        });
        Layout {
            track_tops,
            track_rows,
            gold,
            units_area: Rect::from_min_max(
                pos2(rect.left() + LABEL_WIDTH, rect.top()),
                pos2(rect.right() - 8.0, top),
            ),
        }
    }

    fn gold_rect(&self, row: usize, start: f32, end: f32) -> Option<Rect> {
        let (top, _) = self.gold?;
        let top = top + STATUS_STRIP + row as f32 * ROW_HEIGHT;
        Some(Rect::from_min_max(
            pos2(start, top + 1.0),
            pos2(end.max(start + 2.0), top + ROW_HEIGHT - 2.0),
        ))
    }

    fn unit_rect(&self, annotator: usize, row: usize, start: f32, end: f32) -> Rect {
        let top = self.track_tops[annotator] + row as f32 * ROW_HEIGHT;
        Rect::from_min_max(
            pos2(start, top + 1.0),
            pos2(end.max(start + 2.0), top + ROW_HEIGHT - 2.0),
        )
    }

    fn track_middle(&self, annotator: usize) -> f32 {
        self.track_tops[annotator] + self.track_rows[annotator] as f32 * ROW_HEIGHT / 2.0
    }
}

/// Height the timeline needs for a document (and a gold track of `gold_rows` sub-rows).
pub fn height(document: &OpenDocument, gold_rows: Option<usize>) -> f32 {
    let tracks: f32 = document
        .rows
        .iter()
        .map(|stack| stack.rows as f32 * ROW_HEIGHT + TRACK_GAP)
        .sum();
    let gold = gold_rows.map_or(0.0, |rows| {
        STATUS_STRIP + rows as f32 * ROW_HEIGHT + TRACK_GAP
    });
    tracks + gold + TEXT_ROW + OVERVIEW + 16.0
}

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
    zoom_and_pan(ui, &response, &mut state.view, layout.units_area, limits);
    let Some(document) = state.document() else {
        return;
    };
    let canvas = Canvas {
        painter: ui.painter_at(rect),
        visuals: ui.visuals().clone(),
        layout: &layout,
        view: state.view,
        rect,
        area: layout.units_area,
        document,
    };
    draw_tracks(&canvas);
    let bands = draw_alignments(&canvas, state);
    let (gold, selected_gold) = draw_gold_track(&canvas, state);
    let units = draw_units(&canvas, state);
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
        ui.label(
            egui::RichText::new(
                if state.adjudicating().is_some() {
                "Ctrl + wheel: zoom · drag: pan · click: select · double click a unit: put it in the gold"
            } else {
                "Ctrl + wheel or pinch: zoom · drag or wheel: pan · click a unit: select its alignment"
            },
            )
            .weak(),
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

/// What one frame draws on: the painter, the geometry and the document.
struct Canvas<'a> {
    painter: egui::Painter,
    visuals: egui::Visuals,
    layout: &'a Layout,
    view: View,
    /// The whole timeline.
    rect: Rect,
    /// Where units are drawn (right of the labels).
    area: Rect,
    document: &'a OpenDocument,
}

impl Canvas<'_> {
    /// Screen x of a continuum position.
    fn x(&self, position: f64) -> f32 {
        x_of(position, &self.view, self.area)
    }

    /// The box of unit `unit` of annotator `annotator` (not clipped to the view).
    fn unit_box(&self, annotator: usize, unit: usize) -> Rect {
        let u = &self.document.continuum().annotators[annotator].units[unit];
        self.layout.unit_rect(
            annotator,
            self.document.rows[annotator].row_of[unit],
            self.x(u.start),
            self.x(u.end),
        )
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

/// Track labels and backgrounds.
fn draw_tracks(canvas: &Canvas) {
    let (painter, visuals, area) = (&canvas.painter, &canvas.visuals, canvas.area);
    for (a, annotator) in canvas.document.continuum().annotators.iter().enumerate() {
        let top = canvas.layout.track_tops[a];
        let bottom = top + canvas.layout.track_rows[a] as f32 * ROW_HEIGHT;
        painter.rect_filled(
            Rect::from_min_max(pos2(area.left(), top), pos2(area.right(), bottom)),
            CornerRadius::ZERO,
            visuals.faint_bg_color,
        );
        painter.text(
            pos2(canvas.rect.left() + 4.0, (top + bottom) / 2.0),
            Align2::LEFT_CENTER,
            &annotator.name,
            FontId::proportional(13.0),
            visuals.strong_text_color(),
        );
    }
}

/// Beyond this many alignments in view, lines would only blur: the view says to zoom in.
const MOST_BANDS: usize = 2500;

/// The shown alignments, under the units: lines between their units, green to red by
/// disorder, a circle on each track without a unit, their status on the gold track while
/// adjudicating, and an outline around the selected one. Returns the clickable markers.
fn draw_alignments(canvas: &Canvas, state: &AppState) -> Vec<(Rect, usize)> {
    let mut band_hits: Vec<(Rect, usize)> = Vec::new();
    let Some(shown) = state.shown() else {
        return band_hits;
    };
    let view = canvas.view;
    let in_view = shown
        .rows
        .iter()
        .filter(|a| a.end >= view.start && a.start <= view.end)
        .count();
    if in_view > MOST_BANDS {
        canvas.painter.text(
            pos2(canvas.area.right(), canvas.rect.top() + 2.0),
            Align2::RIGHT_TOP,
            format!("{in_view} alignments in view: zoom in to see them"),
            FontId::proportional(11.0),
            canvas.visuals.weak_text_color(),
        );
        return band_hits;
    }
    let adjudication = state.adjudicating().map(|a| a.adjudication());
    let stale = state.run.stale && adjudication.is_none();
    let worst = shown.worst_disorder.max(1e-9);
    for (index, alignment) in shown.rows.iter().enumerate() {
        if alignment.end < view.start || alignment.start > view.end {
            continue;
        }
        let decision = adjudication.and_then(|a| a.decision(index));
        let faded = if stale || decision.is_some_and(|d| !d.is_open()) {
            0.35
        } else {
            1.0
        };
        let selected = state.selection.alignment == Some(index);
        let colour = palette::disorder_colour(alignment.disorder / worst).gamma_multiply(faded);
        let width = if selected { 3.0 } else { 1.5 };
        let points: Vec<Pos2> = (alignment.units.iter().enumerate())
            .filter_map(|(a, slot)| slot.map(|u| canvas.unit_box(a, u).center()))
            .collect();
        for pair in points.windows(2) {
            canvas
                .painter
                .line_segment([pair[0], pair[1]], Stroke::new(width, colour));
        }
        let (low, high) = (canvas.x(alignment.start), canvas.x(alignment.end));
        // Empty slots: a hollow marker on the tracks without a unit.
        let middle = canvas.x((alignment.start + alignment.end) / 2.0);
        for (a, slot) in alignment.units.iter().enumerate() {
            if slot.is_none() {
                let centre = pos2(middle, canvas.layout.track_middle(a));
                canvas
                    .painter
                    .circle_stroke(centre, 4.0, Stroke::new(width, colour));
                band_hits.push((Rect::from_center_size(centre, vec2(10.0, 10.0)), index));
            }
        }
        // The alignment's status on the gold track.
        if let (Some(decision), Some((gold_top, _))) = (decision, canvas.layout.gold) {
            let strip = Rect::from_min_max(
                pos2(low, gold_top),
                pos2(high.max(low + 3.0), gold_top + STATUS_STRIP - 1.0),
            );
            canvas.painter.rect_filled(
                strip,
                CornerRadius::same(1),
                palette::status_colour(decision),
            );
            band_hits.push((strip.expand2(vec2(0.0, 2.0)), index));
        }
        if selected {
            let top = canvas.layout.track_tops[0] - 2.0;
            let bottom = canvas.area.bottom() - TRACK_GAP + 4.0;
            canvas.painter.rect_stroke(
                Rect::from_min_max(pos2(low - 3.0, top), pos2(high + 3.0, bottom)),
                CornerRadius::same(3),
                Stroke::new(1.5, canvas.visuals.selection.stroke.color),
                StrokeKind::Outside,
            );
        }
    }
    band_hits
}

/// The gold units' boxes, and the selected one's.
type GoldDrawn = (Vec<(Rect, GoldId)>, Option<(GoldId, Rect)>);

/// The gold track while adjudicating: its label and the gold units, each with a line from
/// the alignment it decides. Returns the gold units' boxes and the selected one's.
fn draw_gold_track(canvas: &Canvas, state: &AppState) -> GoldDrawn {
    let mut gold_hits: Vec<(Rect, GoldId)> = Vec::new();
    let mut selected_gold_rect = None;
    let (Some(adjudicating), Some((gold_top, rows))) = (state.adjudicating(), canvas.layout.gold)
    else {
        return (gold_hits, selected_gold_rect);
    };
    let (painter, visuals, area) = (&canvas.painter, &canvas.visuals, canvas.area);
    let bottom = gold_top + STATUS_STRIP + rows as f32 * ROW_HEIGHT;
    painter.rect_filled(
        Rect::from_min_max(pos2(area.left(), gold_top), pos2(area.right(), bottom)),
        CornerRadius::ZERO,
        visuals.faint_bg_color,
    );
    painter.text(
        pos2(canvas.rect.left() + 4.0, (gold_top + bottom) / 2.0),
        Align2::LEFT_CENTER,
        "gold",
        FontId::proportional(13.0),
        visuals.strong_text_color(),
    );
    let view = canvas.view;
    for (id, gold) in adjudicating.adjudication().gold() {
        let (mut start, mut end) = (gold.unit.start, gold.unit.end);
        if let Some((dragged, is_start, at)) = adjudicating.dragging
            && dragged == id
        {
            if is_start {
                start = at;
            } else {
                end = at;
            }
        }
        if end < view.start || start > view.end {
            continue;
        }
        let row = adjudicating.gold_rows.0.get(&id).copied().unwrap_or(0);
        let Some(r) = canvas.layout.gold_rect(
            row,
            canvas.x(start).max(area.left() - 4.0),
            canvas.x(end).min(area.right() + 4.0),
        ) else {
            continue;
        };
        let selected = adjudicating.selected_gold == Some(id);
        draw_gold_unit(canvas, gold, r, selected);
        decided_by(canvas, &adjudicating.shown, gold.proposal, r);
        if selected {
            selected_gold_rect = Some((id, r));
        }
        gold_hits.push((r, id));
    }
    (gold_hits, selected_gold_rect)
}

/// One gold unit: its box, outlined when selected, with its category (✎ when edited).
fn draw_gold_unit(canvas: &Canvas, gold: &gamma_studio::gold::GoldUnit, r: Rect, selected: bool) {
    let colour = canvas.document.colours.colour(&gold.unit.category);
    canvas.painter.rect_filled(r, CornerRadius::same(2), colour);
    canvas.painter.rect_stroke(
        r,
        CornerRadius::same(2),
        if selected {
            Stroke::new(2.5, canvas.visuals.selection.stroke.color)
        } else {
            Stroke::new(1.0, colour.gamma_multiply(0.6))
        },
        StrokeKind::Inside,
    );
    if r.width() > 30.0 {
        let label = if gold.edited {
            format!("{} ✎", gold.unit.category)
        } else {
            gold.unit.category.clone()
        };
        canvas.painter.text(
            r.left_center() + vec2(3.0, 0.0),
            Align2::LEFT_CENTER,
            label,
            FontId::proportional(11.0),
            palette::text_on(colour),
        );
    }
}

/// A line from the lowest unit of the alignment a gold unit decides down to it.
fn decided_by(canvas: &Canvas, shown: &ShownAlignments, proposal: Option<usize>, gold: Rect) {
    let Some((a, u)) = proposal
        .and_then(|index| shown.get(index))
        .and_then(|alignment| {
            (alignment.units.iter().enumerate())
                .rev()
                .find_map(|(a, s)| s.map(|u| (a, u)))
        })
    else {
        return;
    };
    let from = canvas.unit_box(a, u).center_bottom();
    canvas.painter.line_segment(
        [from, gold.center_top()],
        Stroke::new(1.0, canvas.visuals.weak_text_color().gamma_multiply(0.6)),
    );
}

/// The units in view, coloured by category. Units narrower than a few pixels go into one
/// mesh of plain quads (no outline, no anti-aliasing), and a unit hidden under the pixels
/// already filled on its row is skipped: a whole document of tens of thousands of units costs
/// at most a few quads per pixel column. Returns their boxes.
fn draw_units(canvas: &Canvas, state: &AppState) -> Vec<(Rect, usize, usize)> {
    let (document, view, area) = (canvas.document, canvas.view, canvas.area);
    let mut unit_hits: Vec<(Rect, usize, usize)> = Vec::new();
    let mut small = egui::Mesh::default();
    let hiding = !state.hidden_categories.is_empty();
    for (a, annotator) in document.continuum().annotators.iter().enumerate() {
        let order = &document.rows[a].by_start;
        let first =
            order.partition_point(|&u| annotator.units[u].start < view.start - document.longest[a]);
        let mut filled_until = vec![f32::NEG_INFINITY; canvas.layout.track_rows[a]];
        for &u in &order[first..] {
            let unit = &annotator.units[u];
            if unit.start > view.end {
                break;
            }
            if unit.end < view.start || hiding && state.hidden_categories.contains(&unit.category) {
                continue;
            }
            let row = document.rows[a].row_of[u];
            let r = canvas.layout.unit_rect(
                a,
                row,
                canvas.x(unit.start).max(area.left() - 4.0),
                canvas.x(unit.end).min(area.right() + 4.0),
            );
            unit_hits.push((r, a, u));
            let colour = document.unit_colours[a][u];
            if r.width() < 4.0 {
                if r.right() > filled_until[row] + 0.5 {
                    let left = r.left().max(filled_until[row]);
                    small.add_colored_rect(Rect::from_min_max(pos2(left, r.top()), r.max), colour);
                    filled_until[row] = r.right();
                }
                continue;
            }
            filled_until[row] = filled_until[row].max(r.right());
            draw_unit(canvas, r, colour, &unit.category);
        }
    }
    if !small.is_empty() {
        canvas.painter.add(egui::Shape::mesh(small));
    }
    unit_hits
}

/// One unit wide enough for an outline (and its category, when there is room).
fn draw_unit(canvas: &Canvas, r: Rect, colour: egui::Color32, category: &str) {
    canvas.painter.rect_filled(r, CornerRadius::same(2), colour);
    canvas.painter.rect_stroke(
        r,
        CornerRadius::same(2),
        Stroke::new(1.0, colour.gamma_multiply(0.6)),
        StrokeKind::Inside,
    );
    if r.width() > 30.0 {
        canvas.painter.text(
            r.left_center() + vec2(3.0, 0.0),
            Align2::LEFT_CENTER,
            category,
            FontId::proportional(11.0),
            palette::text_on(colour),
        );
    }
}

/// The text under the tracks when zoomed in enough (otherwise a hint), then the overview
/// strip of the whole document with the visible window. Returns the strip.
fn draw_text_and_overview(canvas: &Canvas, limits: (f64, f64)) -> Rect {
    let (painter, visuals, area, view) =
        (&canvas.painter, &canvas.visuals, canvas.area, canvas.view);
    let continuum = canvas.document.continuum();
    let text_top = area.bottom() - TRACK_GAP + 6.0;
    if let Some(text) = &continuum.text {
        let pixels_per_character = area.width() / view.width() as f32;
        if pixels_per_character >= MIN_PIXELS_PER_CHARACTER {
            let first = view.start.floor().max(0.0) as usize;
            let last = view.end.ceil().max(0.0) as usize;
            for (i, c) in text
                .chars()
                .enumerate()
                .skip(first)
                .take(last.saturating_sub(first) + 1)
            {
                let x = canvas.x(i as f64 + 0.5);
                if x < area.left() || x > area.right() {
                    continue;
                }
                let shown = if c == '\n' { '⏎' } else { c };
                painter.text(
                    pos2(x, text_top + TEXT_ROW / 2.0),
                    Align2::CENTER_CENTER,
                    shown,
                    FontId::monospace(12.0),
                    visuals.text_color(),
                );
            }
        } else {
            painter.text(
                pos2(area.left(), text_top + TEXT_ROW / 2.0),
                Align2::LEFT_CENTER,
                "… text shown when zoomed in …",
                FontId::proportional(11.0),
                visuals.weak_text_color(),
            );
        }
    }
    let overview = Rect::from_min_max(
        pos2(area.left(), text_top + TEXT_ROW + 2.0),
        pos2(area.right(), text_top + TEXT_ROW + 2.0 + OVERVIEW - 4.0),
    );
    draw_overview(canvas, overview, limits);
    overview
}

/// The overview strip: a tick per unit (at most about 2,000), and the visible window.
fn draw_overview(canvas: &Canvas, overview: Rect, limits: (f64, f64)) {
    let (painter, visuals, view) = (&canvas.painter, &canvas.visuals, canvas.view);
    let continuum = canvas.document.continuum();
    painter.rect_filled(overview, CornerRadius::same(2), visuals.extreme_bg_color);
    let whole = View {
        start: limits.0,
        end: limits.1,
    };
    let step = (continuum.n_units() / 2000).max(1);
    for (k, unit) in continuum
        .annotators
        .iter()
        .flat_map(|a| &a.units)
        .enumerate()
    {
        if k % step == 0 {
            let x = x_of(unit.start, &whole, overview);
            painter.line_segment(
                [
                    pos2(x, overview.top() + 2.0),
                    pos2(x, overview.bottom() - 2.0),
                ],
                Stroke::new(
                    1.0,
                    canvas
                        .document
                        .colours
                        .colour(&unit.category)
                        .gamma_multiply(0.7),
                ),
            );
        }
    }
    let window = Rect::from_min_max(
        pos2(
            x_of(view.start, &whole, overview).max(overview.left()),
            overview.top(),
        ),
        pos2(
            x_of(view.end, &whole, overview).min(overview.right()),
            overview.bottom(),
        ),
    );
    painter.rect_stroke(
        window,
        CornerRadius::same(2),
        Stroke::new(1.5, visuals.selection.stroke.color),
        StrokeKind::Inside,
    );
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
        state.selection.alignment = Some(index);
        let picked = state.adjudicate(|adjudication: &mut Adjudication| {
            adjudication.pick(index, a)?;
            let name = &adjudication.continuum().annotators[a].name;
            Ok(format!("alignment {}: {name}'s unit", index + 1))
        });
        if picked {
            state.decided();
        }
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
            state.selection.alignment = proposal;
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
        state.view.centre_on(position, limits);
    } else if let Some(index) = on_unit.or(on_band) {
        state.selection.alignment = Some(index);
    }
}

/// Handles on the selected gold unit's edges: dragging one moves that boundary (snapped to
/// the nearest token boundary when there is a text, else to a whole position); the change is
/// one undoable step when the drag ends.
fn drag_gold_boundaries(
    ui: &mut Ui,
    state: &mut AppState,
    selected: Option<(GoldId, Rect)>,
    area: Rect,
) {
    let Some((id, r)) = selected else {
        return;
    };
    let view = state.view;
    for is_start in [true, false] {
        let x = if is_start { r.left() } else { r.right() };
        let handle = Rect::from_center_size(pos2(x, r.center().y), vec2(8.0, r.height() + 4.0));
        let response = ui
            .interact(
                handle,
                ui.make_persistent_id(("gold-boundary", id, is_start)),
                Sense::drag(),
            )
            .on_hover_cursor(egui::CursorIcon::ResizeHorizontal);
        let Some(adjudicating) = state.adjudicating_mut() else {
            return;
        };
        if response.dragged()
            && let Some(pointer) = response.interact_pointer_pos()
        {
            let raw = position_of(pointer.x, &view, area);
            let at = adjudicating.adjudication().snap(raw, is_start);
            adjudicating.dragging = Some((id, is_start, at));
        }
        if response.drag_stopped()
            && let Some((dragged, was_start, at)) = adjudicating.dragging.take()
            && dragged == id
            && was_start == is_start
            && let Some(gold) = adjudicating.adjudication().gold_unit(id)
        {
            let (start, end) = if is_start {
                (at, gold.unit.end)
            } else {
                (gold.unit.start, at)
            };
            state.adjudicate(|a| {
                a.set_bounds(id, start, end)?;
                Ok(format!("boundaries moved to [{start}, {end})"))
            });
        }
    }
}
