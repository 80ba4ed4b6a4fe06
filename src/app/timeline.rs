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

use super::palette;
use super::state::{AppState, OpenDocument, View};
use eframe::egui::{
    self, Align2, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, pos2, vec2,
};

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
        for (_, rows) in &document.rows {
            track_tops.push(top);
            track_rows.push(*rows);
            top += *rows as f32 * ROW_HEIGHT + TRACK_GAP;
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
        .map(|(_, rows)| *rows as f32 * ROW_HEIGHT + TRACK_GAP)
        .sum();
    let gold = gold_rows.map_or(0.0, |rows| {
        STATUS_STRIP + rows as f32 * ROW_HEIGHT + TRACK_GAP
    });
    tracks + gold + TEXT_ROW + OVERVIEW + 16.0
}

pub fn show(ui: &mut Ui, state: &mut AppState) {
    if state.document().is_none() {
        ui.centered_and_justified(|ui| {
            ui.label("Open annotation files (File → Open, or drop them here).");
        });
        return;
    };
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
    let Some(document) = state.document() else {
        return;
    };
    let gold_rows = state.adjudicating().map(|a| a.gold_rows.1);
    let desired = vec2(ui.available_width(), height(document, gold_rows));
    let (rect, response) = ui.allocate_exact_size(desired, Sense::click_and_drag());
    let layout = Layout::new(document, gold_rows, rect);
    let limits = document.extent();
    let area = layout.units_area;

    // Zoom and pan.
    if response.hovered() {
        let (zoom, scroll, pointer) = ui.input(|i| {
            (
                i.zoom_delta(),
                i.smooth_scroll_delta(),
                i.pointer.hover_pos(),
            )
        });
        if zoom != 1.0 {
            let anchor = pointer.map_or((state.view.start + state.view.end) / 2.0, |p| {
                position_of(p.x, &state.view, area)
            });
            state.view.zoom(zoom as f64, anchor, limits);
        } else if scroll != Vec2::ZERO {
            let pixels = if scroll.x != 0.0 { scroll.x } else { scroll.y };
            let by = -(pixels as f64) / area.width() as f64 * state.view.width();
            state.view.pan(by, limits);
        }
    }
    if response.dragged() {
        let by = -(response.drag_delta().x as f64) / area.width() as f64 * state.view.width();
        state.view.pan(by, limits);
    }

    let painter = ui.painter_at(rect);
    let visuals = ui.visuals().clone();
    let view = state.view;
    let Some(document) = state.document() else {
        return;
    };
    let continuum = document.continuum();
    let colours = &document.colours;

    // Track labels and backgrounds.
    for (a, annotator) in continuum.annotators.iter().enumerate() {
        let top = layout.track_tops[a];
        let bottom = top + layout.track_rows[a] as f32 * ROW_HEIGHT;
        painter.rect_filled(
            Rect::from_min_max(pos2(area.left(), top), pos2(area.right(), bottom)),
            CornerRadius::ZERO,
            visuals.faint_bg_color,
        );
        painter.text(
            pos2(rect.left() + 4.0, (top + bottom) / 2.0),
            Align2::LEFT_CENTER,
            &annotator.name,
            FontId::proportional(13.0),
            visuals.strong_text_color(),
        );
    }

    // Alignment bands, under the units.
    let adjudicating = state.adjudicating();
    let mut band_hits: Vec<(Rect, usize)> = Vec::new();
    let count = state.shown_alignment_count();
    let shown: Vec<(Vec<Option<usize>>, f64)> = (0..count)
        .filter_map(|i| state.shown_alignment(i))
        .collect();
    let worst = shown
        .iter()
        .map(|(_, disorder)| *disorder)
        .fold(0.0_f64, f64::max)
        .max(1e-9);
    let stale = state.outcome_is_stale && adjudicating.is_none();
    // Beyond this many alignments in view, lines would only blur: the view says to zoom in.
    const MOST_BANDS: usize = 2500;
    let extent = |slots: &[Option<usize>]| {
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for (a, slot) in slots.iter().enumerate() {
            if let Some(u) = slot {
                let unit = &continuum.annotators[a].units[*u];
                low = low.min(unit.start);
                high = high.max(unit.end);
            }
        }
        (low, high)
    };
    let in_view = shown
        .iter()
        .filter(|(slots, _)| {
            let (low, high) = extent(slots);
            high >= view.start && low <= view.end
        })
        .count();
    let too_many_bands = in_view > MOST_BANDS;
    if too_many_bands {
        painter.text(
            pos2(area.right(), rect.top() + 2.0),
            Align2::RIGHT_TOP,
            format!("{in_view} alignments in view: zoom in to see them"),
            FontId::proportional(11.0),
            visuals.weak_text_color(),
        );
    }
    for (index, (slots, disorder)) in shown.iter().enumerate() {
        if too_many_bands {
            break;
        }
        let (low, high) = extent(slots);
        if high < view.start || low > view.end {
            continue;
        }
        let decision = adjudicating.and_then(|a| a.adjudication().decision(index));
        let faded = if stale || decision.is_some_and(|d| !d.is_open()) {
            0.35
        } else {
            1.0
        };
        let mut points: Vec<(usize, Pos2)> = Vec::new();
        for (a, slot) in slots.iter().enumerate() {
            if let Some(u) = slot {
                let unit = &continuum.annotators[a].units[*u];
                let row = document.rows[a].0[*u];
                let r = layout.unit_rect(
                    a,
                    row,
                    x_of(unit.start, &view, area),
                    x_of(unit.end, &view, area),
                );
                points.push((a, r.center()));
            }
        }
        let selected = state.selected_alignment == Some(index);
        let colour = palette::disorder_colour(disorder / worst).gamma_multiply(faded);
        let width = if selected { 3.0 } else { 1.5 };
        for pair in points.windows(2) {
            painter.line_segment([pair[0].1, pair[1].1], Stroke::new(width, colour));
        }
        // Empty slots: a hollow marker on the tracks without a unit.
        let middle = x_of((low + high) / 2.0, &view, area);
        for (a, slot) in slots.iter().enumerate() {
            if slot.is_none() {
                let centre = pos2(middle, layout.track_middle(a));
                painter.circle_stroke(centre, 4.0, Stroke::new(width, colour));
                band_hits.push((Rect::from_center_size(centre, vec2(10.0, 10.0)), index));
            }
        }
        // The alignment's status on the gold track.
        if let (Some(decision), Some((gold_top, _))) = (decision, layout.gold) {
            let strip = Rect::from_min_max(
                pos2(x_of(low, &view, area), gold_top),
                pos2(
                    x_of(high, &view, area).max(x_of(low, &view, area) + 3.0),
                    gold_top + STATUS_STRIP - 1.0,
                ),
            );
            painter.rect_filled(
                strip,
                CornerRadius::same(1),
                palette::status_colour(decision),
            );
            band_hits.push((strip.expand2(vec2(0.0, 2.0)), index));
        }
        if selected {
            let top = layout.track_tops[0] - 2.0;
            let bottom = area.bottom() - TRACK_GAP + 4.0;
            painter.rect_stroke(
                Rect::from_min_max(
                    pos2(x_of(low, &view, area) - 3.0, top),
                    pos2(x_of(high, &view, area) + 3.0, bottom),
                ),
                CornerRadius::same(3),
                Stroke::new(1.5, visuals.selection.stroke.color),
                StrokeKind::Outside,
            );
        }
    }

    // The gold track: its label and the gold units.
    let mut gold_hits: Vec<(Rect, gamma_studio::gold::GoldId)> = Vec::new();
    let mut selected_gold_rect = None;
    if let (Some(adjudicating), Some((gold_top, rows))) = (adjudicating, layout.gold) {
        let bottom = gold_top + STATUS_STRIP + rows as f32 * ROW_HEIGHT;
        painter.rect_filled(
            Rect::from_min_max(pos2(area.left(), gold_top), pos2(area.right(), bottom)),
            CornerRadius::ZERO,
            visuals.faint_bg_color,
        );
        painter.text(
            pos2(rect.left() + 4.0, (gold_top + bottom) / 2.0),
            Align2::LEFT_CENTER,
            "gold",
            FontId::proportional(13.0),
            visuals.strong_text_color(),
        );
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
            let Some(r) = layout.gold_rect(
                row,
                x_of(start, &view, area).max(area.left() - 4.0),
                x_of(end, &view, area).min(area.right() + 4.0),
            ) else {
                continue;
            };
            let colour = colours.colour(&gold.unit.category);
            painter.rect_filled(r, CornerRadius::same(2), colour);
            let selected = adjudicating.selected_gold == Some(id);
            painter.rect_stroke(
                r,
                CornerRadius::same(2),
                if selected {
                    Stroke::new(2.5, visuals.selection.stroke.color)
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
                painter.text(
                    r.left_center() + vec2(3.0, 0.0),
                    Align2::LEFT_CENTER,
                    label,
                    FontId::proportional(11.0),
                    palette::text_on(colour),
                );
            }
            // A line from the alignment it decides down to it.
            if let Some(index) = gold.proposal
                && let Some((slots, _)) = shown.get(index)
                && let Some((a, u)) = slots
                    .iter()
                    .enumerate()
                    .rev()
                    .find_map(|(a, s)| s.map(|u| (a, u)))
            {
                let unit = &continuum.annotators[a].units[u];
                let from = layout
                    .unit_rect(
                        a,
                        document.rows[a].0[u],
                        x_of(unit.start, &view, area),
                        x_of(unit.end, &view, area),
                    )
                    .center_bottom();
                painter.line_segment(
                    [from, r.center_top()],
                    Stroke::new(1.0, visuals.weak_text_color().gamma_multiply(0.6)),
                );
            }
            if selected {
                selected_gold_rect = Some((id, r));
            }
            gold_hits.push((r, id));
        }
    }

    // Units (only the visible ones). Units narrower than a few pixels go into one mesh of
    // plain quads (no outline, no anti-aliasing), and a unit hidden under the pixels already
    // filled on its row is skipped: a whole document of tens of thousands of units costs at
    // most a few quads per pixel column.
    let mut unit_hits: Vec<(Rect, usize, usize)> = Vec::new();
    let mut small = egui::Mesh::default();
    let hiding = !state.hidden_categories.is_empty();
    for (a, annotator) in continuum.annotators.iter().enumerate() {
        let order = &document.by_start[a];
        let first =
            order.partition_point(|&u| annotator.units[u].start < view.start - document.longest[a]);
        let mut filled_until = vec![f32::NEG_INFINITY; layout.track_rows[a]];
        for &u in &order[first..] {
            let unit = &annotator.units[u];
            if unit.start > view.end {
                break;
            }
            if unit.end < view.start || hiding && state.hidden_categories.contains(&unit.category) {
                continue;
            }
            let row = document.rows[a].0[u];
            let r = layout.unit_rect(
                a,
                row,
                x_of(unit.start, &view, area).max(area.left() - 4.0),
                x_of(unit.end, &view, area).min(area.right() + 4.0),
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
            painter.rect_filled(r, CornerRadius::same(2), colour);
            painter.rect_stroke(
                r,
                CornerRadius::same(2),
                Stroke::new(1.0, colour.gamma_multiply(0.6)),
                StrokeKind::Inside,
            );
            if r.width() > 30.0 {
                painter.text(
                    r.left_center() + vec2(3.0, 0.0),
                    Align2::LEFT_CENTER,
                    &unit.category,
                    FontId::proportional(11.0),
                    palette::text_on(colour),
                );
            }
        }
    }
    if !small.is_empty() {
        painter.add(egui::Shape::mesh(small));
    }

    // The text, when zoomed in enough; otherwise a hint.
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
                let x = x_of(i as f64 + 0.5, &view, area);
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

    // Overview strip: the whole document, with the visible window.
    let overview = Rect::from_min_max(
        pos2(area.left(), text_top + TEXT_ROW + 2.0),
        pos2(area.right(), text_top + TEXT_ROW + 2.0 + OVERVIEW - 4.0),
    );
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
                Stroke::new(1.0, colours.colour(&unit.category).gamma_multiply(0.7)),
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

    // Hover and click.
    let pointer = response.hover_pos();
    let hovered_unit = pointer.and_then(|p| {
        unit_hits
            .iter()
            .rev()
            .find(|(r, _, _)| r.contains(p))
            .copied()
    });
    if let Some((_, a, u)) = hovered_unit {
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
    }
    drag_gold_boundaries(ui, state, selected_gold_rect, area);
    // While adjudicating, a double click on an annotator's unit puts it in the gold.
    if response.double_clicked()
        && state.adjudicating().is_some()
        && let Some((_, a, u)) = hovered_unit
        && let Some(index) = state.alignment_of_unit(a, u)
    {
        state.selected_alignment = Some(index);
        let picked = state.adjudicate(|adjudication| {
            adjudication.pick(index, a)?;
            let name = &adjudication.continuum().annotators[a].name;
            Ok(format!("alignment {}: {name}'s unit", index + 1))
        });
        if picked {
            state.decided();
        }
        return;
    }
    if response.clicked() {
        let clicked = response.interact_pointer_pos();
        let on_gold = clicked.and_then(|p| {
            gold_hits
                .iter()
                .rev()
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
                state.selected_alignment = proposal;
            }
            return;
        }
        let on_unit = hovered_unit.and_then(|(_, a, u)| state.alignment_of_unit(a, u));
        let on_band = clicked.and_then(|p| {
            band_hits
                .iter()
                .find(|(r, _)| r.contains(p))
                .map(|(_, i)| *i)
        });
        if let Some(p) = clicked.filter(|p| overview.contains(*p)) {
            let position = position_of(p.x, &whole, overview);
            state.view.centre_on(position, limits);
        } else if let Some(index) = on_unit.or(on_band) {
            state.selected_alignment = Some(index);
        }
    }
}

/// Handles on the selected gold unit's edges: dragging one moves that boundary (snapped to
/// the nearest token boundary when there is a text, else to a whole position); the change is
/// one undoable step when the drag ends.
fn drag_gold_boundaries(
    ui: &mut Ui,
    state: &mut AppState,
    selected: Option<(gamma_studio::gold::GoldId, Rect)>,
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
