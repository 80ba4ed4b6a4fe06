//! Draws the reading view and handles its mouse: the visible lines of the wrapped text (in a
//! monospace font, so that a character's column gives its place and a span is drawn exactly
//! under the characters it covers), a lane per annotator under each line (sub-lanes where an
//! annotator overlaps itself), the gold lane while adjudicating, a mark in the margin where
//! the annotators disagree, and the selected alignment highlighted in the text.
//!
//! A click on a span selects its alignment; a mouse selection in the text, while adjudicating,
//! offers a new gold unit there (a category to pick) or new boundaries for the selected gold
//! unit, snapped to tokens.

use super::gold_picker::{gold_picker, selection_for_gold};
use super::{FrameGeometry, ReadingView, SpanIndex, Wrapped, in_shown_text};
use crate::app::AppState;
use crate::app::adjudication::DecisionEcho;
use crate::app::document::open_document::OpenDocument;
use crate::app::document::palette;
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Painter, Rect, Sense, Stroke, StrokeKind, Ui,
    pos2, vec2,
};
use gamma_core::Unit;
use gamma_core::gold::GoldId;
use std::ops::Range;

/// Size of the text.
const FONT_SIZE: f32 = 15.0;
/// Between the annotators' names and the text: the disagreement marks.
const MARK_ROOM: f32 = 16.0;
/// Height of a span's bar in a lane (at least 4 px: thinner ones are hard to tell apart and
/// to click).
const BAR: f32 = 5.0;
/// From one sub-lane to the next, where an annotator overlaps itself.
const SUB_LANE: f32 = 6.0;
/// An annotator's lanes are at least this high: its name in the margin fits beside them.
const NAME_ROW: f32 = 11.0;
/// Size of the annotators' names in the margin.
const NAME_SIZE: f32 = 10.0;
/// The margin of names is at most this wide (longer names are cut, whole on hover).
const MOST_NAME_WIDTH: f32 = 84.0;
/// An annotator overlapping itself more deeply is drawn in this many sub-lanes (the deeper
/// spans in the last).
const MOST_SUB_LANES: usize = 3;
/// Space under each line's lanes.
const LINE_GAP: f32 = 7.0;

/// The height of the lanes of an annotator (or the gold) with `rows` sub-lanes.
fn lane_height(rows: usize) -> f32 {
    (rows as f32 * SUB_LANE).max(NAME_ROW)
}

/// The top of sub-lane `sub` of `rows` in a lane whose top is `top` (the sub-lanes centred).
fn sub_lane_top(top: f32, rows: usize, sub: usize) -> f32 {
    let rows = rows.max(1);
    top + (lane_height(rows) - rows as f32 * SUB_LANE) / 2.0
        + sub.min(rows - 1) as f32 * SUB_LANE
        + (SUB_LANE - BAR) / 2.0
}

/// Where each annotator's lanes go under a line.
struct Lanes {
    /// For each annotator: offset below the text, number of sub-lanes.
    annotators: Vec<(f32, usize)>,
    /// The gold lane while adjudicating: offset, sub-lanes.
    gold: Option<(f32, usize)>,
    /// All lanes.
    height: f32,
}

impl Lanes {
    fn new(document: &OpenDocument, gold_rows: Option<usize>) -> Lanes {
        let mut y = 1.0;
        let mut annotators = Vec::new();
        for stack in &document.rows {
            let rows = stack.rows.clamp(1, MOST_SUB_LANES);
            annotators.push((y, rows));
            y += lane_height(rows) + 1.0;
        }
        let gold = gold_rows.map(|rows| {
            let rows = rows.clamp(1, MOST_SUB_LANES);
            let top = y + 1.0;
            y = top + lane_height(rows);
            (top, rows)
        });
        Lanes {
            annotators,
            gold,
            height: y,
        }
    }
}

/// The sizes of one frame.
struct Metrics {
    font: FontId,
    char_width: f32,
    text_height: f32,
    pitch: f32,
    lanes: Lanes,
    /// The width of the margin of names, left of the disagreement marks.
    names_width: f32,
}

/// The width of the margin of names: the widest name (or `gold`), within bounds.
fn names_width(ui: &Ui, document: &OpenDocument) -> f32 {
    let font = FontId::proportional(NAME_SIZE);
    let widest = (document.continuum().annotators.iter())
        .map(|a| a.name.as_str())
        .chain(["gold"])
        .map(|name| {
            ui.painter()
                .layout_no_wrap(name.to_string(), font.clone(), Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    (widest + 4.0).clamp(24.0, MOST_NAME_WIDTH)
}

/// An annotator's (or the gold's) name in the margin beside its lanes under a line: a label
/// (read by screen readers), cut to the margin with the whole name on hover.
fn lane_name(ui: &mut Ui, rect: Rect, name: &str, id: (usize, usize)) {
    let mut margin = ui.new_child(
        egui::UiBuilder::new()
            .id_salt(("lane-name", id))
            .max_rect(rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    margin.add(
        egui::Label::new(egui::RichText::new(name).size(NAME_SIZE).weak())
            .truncate()
            .selectable(false),
    );
}

/// Reading view or timeline: the tabs above the central view (the reading view needs a text).
pub fn tabs(ui: &mut Ui, state: &mut AppState) {
    let has_text = state
        .document()
        .is_some_and(|d| d.continuum().text.is_some());
    ui.horizontal(|ui| {
        let central = &mut state.documents.reading.central;
        ui.add_enabled_ui(has_text, |ui| {
            ui.selectable_value(central, super::CentralView::Reading, "Reading view")
                .on_hover_text("the text, with each annotator's spans under the words")
                .on_disabled_hover_text("this document has no text (time-based): see the timeline");
        });
        ui.selectable_value(central, super::CentralView::Timeline, "Timeline")
            .on_hover_text("one track per annotator along the document, zoomable");
    });
}

/// Whether the reading view fills the central panel (chosen, and the document has a text).
pub fn is_shown(state: &AppState) -> bool {
    state.documents.reading.central == super::CentralView::Reading
        && state
            .document()
            .is_some_and(|d| d.continuum().text.is_some())
}

/// Draws the reading view of the document shown and handles its mouse.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    if state
        .document()
        .is_some_and(|d| d.continuum().text.is_none())
    {
        ui.label("This document has no text (time-based): the timeline shows it.");
        return;
    }
    header(ui, state);
    let font = FontId::monospace(FONT_SIZE);
    let (char_width, text_height) =
        ui.fonts_mut(|f| (f.glyph_width(&font, 'n'), f.row_height(&font)));
    let names_width = state.document().map_or(0.0, |d| names_width(ui, d));
    let columns = ((ui.available_width() - names_width - MARK_ROOM - 24.0) / char_width)
        .floor()
        .max(10.0) as usize;
    let current = state.documents.current;
    let mut reading = std::mem::take(&mut state.documents.reading);
    let Some(document) = state.document() else {
        state.documents.reading = reading;
        return;
    };
    let wrapped = match reading.wrapped.take() {
        Some(w) if w.document == current && w.columns == columns => w,
        _ => Wrapped::new(
            current,
            super::shown_text(document.continuum(), reading.text_of.as_deref()).unwrap_or(""),
            columns,
        ),
    };
    let gold_rows = state.adjudicating().map(|a| a.gold_rows.1);
    let lanes = Lanes::new(document, gold_rows);
    let row_height = text_height + lanes.height + LINE_GAP;
    let metrics = Metrics {
        font,
        char_width,
        text_height,
        pitch: row_height + ui.spacing().item_spacing.y,
        lanes,
        names_width,
    };
    if let Some(shown) = state.shown() {
        reading.alignment_index(current, shown);
    }
    let mut area = egui::ScrollArea::vertical()
        .id_salt(("reading", current))
        .auto_shrink(false);
    if let Some(offset) = scroll_to_selection(state, &mut reading, &wrapped, metrics.pitch) {
        area = area.vertical_scroll_offset(offset);
    }
    let alignments = reading.alignments.as_ref().map(|(_, index)| index);
    let (frame, response) = area
        .show_rows(ui, row_height, wrapped.lines(), |ui, lines| {
            let context = Context {
                state,
                reading: &reading,
                wrapped: &wrapped,
                alignments,
                metrics: &metrics,
            };
            draw_lines(ui, &context, lines)
        })
        .inner;
    reading.frame = frame;
    reading.wrapped = Some(wrapped);
    handle_mouse(ui, state, &mut reading, &response);
    gold_picker(ui, state, &mut reading);
    state.documents.reading = reading;
}

/// Whose text is shown, when annotators corrected it (CorA documents for tγ): the document's
/// (the annotators without a text of their own) or one annotator's own; each annotator's
/// spans are drawn under its own text.
fn text_choice(ui: &mut Ui, state: &mut AppState) {
    // The gold lies on the document's text: while adjudicating, that text is shown (a selection
    // in another annotator's text would put gold units at that text's offsets).
    if state.adjudicating().is_some() {
        state.documents.reading.text_of = None;
        return;
    }
    let Some(document) = state.document() else {
        return;
    };
    let annotators = &document.continuum().annotators;
    if annotators.iter().all(|a| a.own_text.is_none()) {
        return;
    }
    let shared: Vec<&str> = (annotators.iter())
        .filter(|a| a.own_text.is_none())
        .map(|a| a.name.as_str())
        .collect();
    let mut choices: Vec<(Option<String>, String)> = Vec::new();
    if !shared.is_empty() {
        choices.push((None, format!("{}'s text", shared.join(", "))));
    }
    for annotator in annotators.iter().filter(|a| a.own_text.is_some()) {
        let name = annotator.name.clone();
        choices.push((Some(name.clone()), format!("{name}'s text")));
    }
    let reading = &mut state.documents.reading;
    ui.horizontal(|ui| {
        ui.label("text of").on_hover_text(
            "the annotators corrected the text: each one's spans are drawn under its own text",
        );
        for (choice, label) in choices {
            if ui
                .selectable_label(reading.text_of == choice, label)
                .clicked()
                && reading.text_of != choice
            {
                reading.text_of = choice;
                reading.wrapped = None;
            }
        }
    });
}

/// The hints above the text, and which lane is whose.
fn header(ui: &mut Ui, state: &mut AppState) {
    text_choice(ui, state);
    let Some(document) = state.document() else {
        return;
    };
    let continuum = document.continuum();
    let text_of = state.documents.reading.text_of.as_deref();
    let mut lanes: Vec<String> = (continuum.annotators.iter().enumerate())
        .filter(|(a, _)| in_shown_text(continuum, text_of, *a))
        .map(|(a, annotator)| format!("{} {}", a + 1, annotator.name))
        .collect();
    if state.adjudicating().is_some() {
        lanes.push("gold".into());
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(format!("lanes under each line: {}", lanes.join(" · "))).weak());
        ui.label(
            egui::RichText::new(if state.adjudicating().is_some() {
                "click a span: select its alignment · select text: a gold unit there · N/P: next/previous disagreement"
            } else {
                "click a span: select its alignment · margin marks: disagreements · adjudicate to make gold units from a selection"
            })
            .weak(),
        );
    });
}

/// When the selected alignment changed and its line is not in view: the scroll offset that
/// shows it (two lines below the top).
fn scroll_to_selection(
    state: &AppState,
    reading: &mut ReadingView,
    wrapped: &Wrapped,
    pitch: f32,
) -> Option<f32> {
    let selected = state.documents.selection.alignment;
    if selected == reading.scrolled_to {
        return None;
    }
    reading.scrolled_to = selected;
    let alignment = state.shown()?.get(selected?)?;
    let line = wrapped.line_of(alignment.start.max(0.0) as usize);
    let frame = &reading.frame;
    let visible = line > frame.first_line && line + 1 < frame.end_line;
    (!visible).then(|| line.saturating_sub(2) as f32 * pitch)
}

/// What drawing the lines reads.
struct Context<'a> {
    state: &'a AppState,
    reading: &'a ReadingView,
    wrapped: &'a Wrapped,
    alignments: Option<&'a SpanIndex>,
    metrics: &'a Metrics,
}

/// Draws `lines` (the visible ones); returns where things went, and the response of their
/// area (clicks, drags).
fn draw_lines(
    ui: &mut Ui,
    context: &Context,
    lines: Range<usize>,
) -> (FrameGeometry, egui::Response) {
    let metrics = context.metrics;
    let size = vec2(ui.available_width(), lines.len() as f32 * metrics.pitch);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let mut frame = FrameGeometry {
        first_line: lines.start,
        end_line: lines.end,
        top: rect.top(),
        pitch: metrics.pitch,
        text_left: rect.left() + metrics.names_width + MARK_ROOM,
        char_width: metrics.char_width,
        text_height: metrics.text_height,
        ..Default::default()
    };
    let Some(document) = context.state.document() else {
        return (frame, response);
    };
    let painter = ui.painter().clone();
    let visuals = ui.visuals().clone();
    let gold: Vec<(GoldId, Unit, usize)> = context
        .state
        .adjudicating()
        .map(|a| {
            (a.adjudication().gold().into_iter())
                .map(|(id, g)| {
                    (
                        id,
                        g.unit.clone(),
                        a.gold_rows.0.get(&id).copied().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    for (k, line) in lines.enumerate() {
        let top = rect.top() + k as f32 * metrics.pitch;
        let (start, end) = context.wrapped.line(line);
        let at = |position: f64| {
            frame.text_left + (position - start as f64).max(0.0) as f32 * metrics.char_width
        };
        let row = LineRow {
            painter: &painter,
            top,
            start: start as f64,
            end: end as f64,
            at: &at,
        };
        highlights(&row, context, &visuals, metrics.text_height);
        painter.text(
            pos2(frame.text_left, top),
            Align2::LEFT_TOP,
            context.wrapped.line_text(line),
            metrics.font.clone(),
            visuals.text_color(),
        );
        let names_left = rect.left();
        disagreement_mark(
            &row,
            context,
            names_left + metrics.names_width,
            metrics.text_height,
        );
        annotator_lanes(&row, context, document, &mut frame.spans);
        lane_names(ui, &row, context, document, (names_left, line));
        if let Some((offset, rows)) = metrics.lanes.gold {
            let lane_top = top + metrics.text_height + offset;
            for (id, unit, sub) in &gold {
                if unit.end <= row.start || unit.start >= row.end {
                    continue;
                }
                let y = sub_lane_top(lane_top, rows, *sub);
                let r = span_rect(&row, unit.start, unit.end, y, BAR);
                let selected = context
                    .state
                    .adjudicating()
                    .is_some_and(|a| a.selected_gold == Some(*id));
                let colour = document.colours.colour(&unit.category);
                painter.rect_filled(r, CornerRadius::ZERO, colour);
                let pattern = document.colours.pattern(&unit.category);
                palette::paint_stripes(&painter, r, colour, pattern);
                if selected {
                    painter.rect_stroke(
                        r.expand(1.0),
                        CornerRadius::ZERO,
                        Stroke::new(1.5, visuals.selection.stroke.color),
                        StrokeKind::Outside,
                    );
                }
                frame.gold.push((r.expand2(vec2(0.0, 1.5)), *id));
            }
        }
    }
    (frame, response)
}

/// One line being drawn: its painter, top, characters `[start, end)` and the x of a position.
struct LineRow<'a> {
    painter: &'a Painter,
    top: f32,
    start: f64,
    end: f64,
    at: &'a dyn Fn(f64) -> f32,
}

/// The box of `[low, high)` clipped to the line, `height` high at `y` (at least 2 px wide).
fn span_rect(row: &LineRow, low: f64, high: f64, y: f32, height: f32) -> Rect {
    let left = (row.at)(low.max(row.start));
    let right = (row.at)(high.min(row.end));
    Rect::from_min_max(
        pos2(left + 0.5, y),
        pos2((right - 0.5).max(left + 2.0), y + height),
    )
}

/// Behind the text: the selected alignment's span, and the mouse selection (or the one
/// waiting for its category).
fn highlights(row: &LineRow, context: &Context, visuals: &egui::Visuals, text_height: f32) {
    let state = context.state;
    let selected = (state.documents.selection.alignment)
        .and_then(|i| state.shown()?.get(i))
        .and_then(|alignment| selected_span(state, context.reading, &alignment.units));
    let mouse = (context.reading.dragging)
        .map(|(a, b)| (a.min(b) as f64, a.max(b) as f64))
        .or(context.reading.pending_gold);
    // The alignment just decided flashes, wherever the selection went since.
    let echo = state.adjudication.last_decision.as_ref();
    let flashed = echo.and_then(|e| e.alignment).and_then(|i| {
        let strength = DecisionEcho::strength(echo, i);
        let span = selected_span(state, context.reading, &state.shown()?.get(i)?.units)?;
        (strength > 0.0).then_some((span, strength))
    });
    if flashed.is_some() {
        row.painter.ctx().request_repaint();
    }
    let flash_colour = visuals.warn_fg_color.gamma_multiply(0.5);
    for (span, colour) in [
        (
            flashed.map(|(span, _)| span),
            flash_colour.gamma_multiply(flashed.map_or(0.0, |(_, s)| s)),
        ),
        (selected, visuals.selection.bg_fill.gamma_multiply(0.55)),
        (mouse, Color32::from_rgba_unmultiplied(120, 160, 255, 90)),
    ] {
        let Some((low, high)) = span else { continue };
        if high <= row.start || low >= row.end {
            continue;
        }
        let r = span_rect(row, low, high, row.top, text_height);
        row.painter.rect_filled(r, CornerRadius::same(2), colour);
    }
}

/// The span of an alignment's units in the text shown (those of annotators whose positions
/// are in another text left out).
fn selected_span(
    state: &AppState,
    reading: &ReadingView,
    slots: &[Option<usize>],
) -> Option<(f64, f64)> {
    let continuum = state.document()?.continuum();
    let text_of = reading.text_of.as_deref();
    (slots.iter().enumerate())
        .filter(|(a, _)| in_shown_text(continuum, text_of, *a))
        .filter_map(|(a, u)| continuum.annotators[a].units.get((*u)?))
        .map(|unit| (unit.start, unit.end))
        .reduce(|(s, e), (s2, e2)| (s.min(s2), e.max(e2)))
}

/// A bar in the margin where an alignment meeting the line has some disorder (while
/// adjudicating: an open one), coloured by the worst.
fn disagreement_mark(row: &LineRow, context: &Context, left: f32, text_height: f32) {
    let (Some(index), Some(shown)) = (context.alignments, context.state.shown()) else {
        return;
    };
    let adjudication = context.state.adjudicating().map(|a| a.adjudication());
    let worst = index
        .meeting(row.start, row.end)
        .filter(|&i| adjudication.is_none_or(|a| a.decision(i).is_some_and(|d| d.is_open())))
        .filter_map(|i| shown.get(i).map(|a| a.disorder))
        .fold(0.0, f64::max);
    if worst > 1e-9 {
        let share = worst / shown.worst_disorder.max(1e-9);
        row.painter.rect_filled(
            Rect::from_min_max(
                pos2(left + 4.0, row.top + 1.0),
                pos2(left + 9.0, row.top + text_height - 1.0),
            ),
            CornerRadius::same(2),
            palette::disorder_colour(share),
        );
    }
}

/// Each annotator's spans meeting the line, in its lane, coloured by category; their boxes go
/// to `hits`.
fn annotator_lanes(
    row: &LineRow,
    context: &Context,
    document: &OpenDocument,
    hits: &mut Vec<(Rect, usize, usize)>,
) {
    let state = context.state;
    let hiding = !state.documents.hidden_categories.is_empty();
    let lane_top = row.top + context.metrics.text_height;
    let text_of = context.reading.text_of.as_deref();
    for (a, annotator) in document.continuum().annotators.iter().enumerate() {
        if !in_shown_text(document.continuum(), text_of, a) {
            continue;
        }
        let (offset, rows) = context.metrics.lanes.annotators[a];
        let order = &document.rows[a].by_start;
        let first =
            order.partition_point(|&u| annotator.units[u].start < row.start - document.longest[a]);
        for &u in &order[first..] {
            let unit = &annotator.units[u];
            if unit.start >= row.end {
                break;
            }
            let empty_here = unit.start == unit.end && unit.start >= row.start;
            if unit.end <= row.start && !empty_here
                || hiding && state.documents.hidden_categories.contains(&unit.category)
            {
                continue;
            }
            let y = sub_lane_top(lane_top + offset, rows, document.rows[a].row_of[u]);
            let r = span_rect(row, unit.start, unit.end, y, BAR);
            let colour = document.unit_colours[a][u];
            row.painter.rect_filled(r, CornerRadius::ZERO, colour);
            let pattern = document.colours.pattern(&unit.category);
            palette::paint_stripes(row.painter, r, colour, pattern);
            // The hit area fills the gap between sub-lanes: a thin bar is hard to click.
            hits.push((r.expand2(vec2(0.0, (SUB_LANE - BAR) / 2.0 + 1.0)), a, u));
        }
    }
}

/// The names of the annotators whose lanes are under this line (and `gold`), in the margin.
fn lane_names(
    ui: &mut Ui,
    row: &LineRow,
    context: &Context,
    document: &OpenDocument,
    (left, line): (f32, usize),
) {
    let metrics = context.metrics;
    let lane_top = row.top + metrics.text_height;
    let text_of = context.reading.text_of.as_deref();
    let continuum = document.continuum();
    let lanes = (continuum.annotators.iter().enumerate())
        .filter(|(a, _)| in_shown_text(continuum, text_of, *a))
        .map(|(a, annotator)| (a, annotator.name.as_str(), metrics.lanes.annotators[a]))
        .chain((metrics.lanes.gold).map(|lane| (continuum.annotators.len(), "gold", lane)));
    for (k, name, (offset, rows)) in lanes {
        let top = lane_top + offset;
        let rect = Rect::from_min_max(
            pos2(left + 2.0, top),
            pos2(left + metrics.names_width, top + lane_height(rows)),
        );
        lane_name(ui, rect, name, (line, k));
    }
}

/// Hover: a span's category, annotator and words. Click: a gold unit or a span selects (its
/// alignment). Drag: a selection in the text, offered as a gold unit when it ends.
fn handle_mouse(
    ui: &Ui,
    state: &mut AppState,
    reading: &mut ReadingView,
    response: &egui::Response,
) {
    if let Some(pointer) = response.hover_pos()
        && let Some(&(_, a, u)) = reading
            .frame
            .spans
            .iter()
            .rev()
            .find(|(r, _, _)| r.contains(pointer))
        && let Some(continuum) = state.document().map(|d| d.continuum())
    {
        let unit = &continuum.annotators[a].units[u];
        let name = &continuum.annotators[a].name;
        let covered = continuum.covered_text(a, unit).unwrap_or_default();
        response.clone().on_hover_ui_at_pointer(|ui| {
            ui.strong(format!("{} — {name}", unit.category));
            ui.label(format!("“{covered}” [{}, {})", unit.start, unit.end));
        });
    }
    if response.clicked()
        && let Some(pointer) = response.interact_pointer_pos()
    {
        reading.pending_gold = None;
        click(state, reading, pointer);
        return;
    }
    if response.drag_started()
        && let Some(origin) = ui.input(|i| i.pointer.press_origin())
    {
        reading.dragging = reading.boundary_at(origin).map(|b| (b, b));
        reading.pending_gold = None;
    }
    if response.dragged()
        && let (Some((anchor, _)), Some(pointer)) =
            (reading.dragging, response.interact_pointer_pos())
        && let Some(here) = reading.boundary_at(pointer)
    {
        reading.dragging = Some((anchor, here));
    }
    if response.drag_stopped()
        && let Some((anchor, here)) = reading.dragging.take()
    {
        reading.pending_gold = selection_for_gold(state, anchor.min(here), anchor.max(here));
    }
}

/// A click at `pointer`: on a gold unit, selects it (and the alignment it decides); on a span,
/// selects its alignment.
fn click(state: &mut AppState, reading: &mut ReadingView, pointer: egui::Pos2) {
    if let Some(&(_, id)) = reading
        .frame
        .gold
        .iter()
        .rev()
        .find(|(r, _)| r.contains(pointer))
    {
        let proposal = state
            .adjudicating()
            .and_then(|a| a.adjudication().gold_unit(id))
            .and_then(|g| g.proposal);
        if let Some(adjudicating) = state.adjudicating_mut() {
            adjudicating.selected_gold = Some(id);
        }
        if proposal.is_some() {
            state.documents.selection.alignment = proposal;
            reading.scrolled_to = proposal;
        }
        return;
    }
    let on_span = reading
        .frame
        .spans
        .iter()
        .rev()
        .find(|(r, _, _)| r.contains(pointer));
    if let Some(&(_, a, u)) = on_span
        && let Some(index) = state.shown().and_then(|s| s.of_unit(a, u))
    {
        state.documents.selection.alignment = Some(index);
        reading.scrolled_to = Some(index);
    }
}
