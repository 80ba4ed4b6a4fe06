//! The annotators' tracks: labels, the shown alignments between them, the units in view, the
//! text when zoomed in, and the overview strip.

use super::geometry::{
    Canvas, MIN_PIXELS_PER_CHARACTER, OVERVIEW, ROW_HEIGHT, STATUS_STRIP, TEXT_ROW, TRACK_GAP,
    texts, x_of,
};
use crate::app::AppState;
use crate::app::adjudication::DecisionEcho;
use crate::app::document::open_document::View;
use crate::app::document::palette;
use eframe::egui::{
    self, Align2, CornerRadius, FontId, Pos2, Rect, Stroke, StrokeKind, pos2, vec2,
};

/// Track backgrounds.
pub(super) fn draw_tracks(canvas: &Canvas) {
    let (painter, visuals, area) = (&canvas.painter, &canvas.visuals, canvas.area);
    for a in 0..canvas.document.continuum().annotators.len() {
        let top = canvas.layout.track_tops[a];
        let bottom = top + canvas.layout.track_rows[a] as f32 * ROW_HEIGHT;
        painter.rect_filled(
            Rect::from_min_max(pos2(area.left(), top), pos2(area.right(), bottom)),
            CornerRadius::ZERO,
            visuals.faint_bg_color,
        );
    }
}

/// The annotators' names in the margin left of their tracks: labels (read by screen
/// readers), cut to the margin with the whole name on hover.
pub(super) fn track_names(ui: &mut egui::Ui, canvas: &Canvas) {
    let layout = canvas.layout;
    for (a, annotator) in canvas.document.continuum().annotators.iter().enumerate() {
        let top = layout.track_tops[a];
        let middle = top + layout.track_rows[a] as f32 * ROW_HEIGHT / 2.0;
        let rect = Rect::from_min_max(
            pos2(canvas.rect.left() + 4.0, middle - ROW_HEIGHT / 2.0),
            pos2(canvas.area.left() - 6.0, middle + ROW_HEIGHT / 2.0),
        );
        let mut margin = ui.new_child(
            egui::UiBuilder::new()
                .id_salt(("track-name", a))
                .max_rect(rect)
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
        );
        margin.add(
            egui::Label::new(egui::RichText::new(&annotator.name).strong())
                .truncate()
                .selectable(false),
        );
    }
}

/// Beyond this many alignments in view, lines would only blur: the view says to zoom in.
const MOST_BANDS: usize = 2500;

/// The shown alignments, under the units: lines between their units, green to red by
/// disorder, a circle on each track without a unit, their status on the gold track while
/// adjudicating, and an outline around the selected one. Returns the clickable markers.
pub(super) fn draw_alignments(canvas: &Canvas, state: &AppState) -> Vec<(Rect, usize)> {
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
    let stale = state.measure.run.stale && adjudication.is_none();
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
        let selected = state.documents.selection.alignment == Some(index);
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
        let flash = DecisionEcho::strength(state.adjudication.last_decision.as_ref(), index);
        if flash > 0.0 {
            // The alignment just decided flashes (a key decided it, maybe out of sight of
            // the panel): a band fading out over its span.
            let top = canvas.layout.track_tops[0] - 2.0;
            let bottom = canvas.area.bottom() - TRACK_GAP + 4.0;
            canvas.painter.rect_filled(
                Rect::from_min_max(pos2(low - 6.0, top), pos2(high + 6.0, bottom)),
                CornerRadius::same(3),
                canvas.visuals.selection.bg_fill.gamma_multiply(0.6 * flash),
            );
            canvas.painter.ctx().request_repaint();
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

/// The units in view, coloured by category. Units narrower than a few pixels go into one
/// mesh of plain quads (no outline, no anti-aliasing), and a unit hidden under the pixels
/// already filled on its row is skipped: a whole document of tens of thousands of units costs
/// at most a few quads per pixel column. Returns their boxes.
pub(super) fn draw_units(canvas: &Canvas, state: &AppState) -> Vec<(Rect, usize, usize)> {
    let (document, view, area) = (canvas.document, canvas.view, canvas.area);
    let mut unit_hits: Vec<(Rect, usize, usize)> = Vec::new();
    let mut small = egui::Mesh::default();
    let hiding = !state.documents.hidden_categories.is_empty();
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
            if unit.end < view.start
                || hiding && state.documents.hidden_categories.contains(&unit.category)
            {
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
    let pattern = canvas.document.colours.pattern(category);
    palette::paint_stripes(&canvas.painter, r, colour, pattern);
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

/// The texts under the tracks (the document's, and each corrected one, named), then the
/// overview strip of the whole document with the visible window. Returns the strip.
pub(super) fn draw_text_and_overview(canvas: &Canvas, limits: (f64, f64)) -> Rect {
    let (painter, visuals, area) = (&canvas.painter, &canvas.visuals, canvas.area);
    let continuum = canvas.document.continuum();
    let text_top = area.bottom() - TRACK_GAP + 6.0;
    let texts = texts(continuum);
    for (row, (whose, text)) in texts.iter().enumerate() {
        let top = text_top + row as f32 * TEXT_ROW;
        draw_text_row(canvas, text, top);
        if !whose.is_empty() {
            painter.text(
                pos2(canvas.rect.left() + 4.0, top + TEXT_ROW / 2.0),
                Align2::LEFT_CENTER,
                format!("{whose}'s text"),
                FontId::proportional(11.0),
                visuals.weak_text_color(),
            );
        }
    }
    let text_top = text_top + TEXT_ROW * texts.len().saturating_sub(1) as f32;
    if continuum.text.is_none()
        && matches!(
            canvas.document.document.source,
            gamma_formats::Source::Elan(_)
        )
    {
        draw_time_ruler(canvas, text_top);
    }
    let overview = Rect::from_min_max(
        pos2(area.left(), text_top + TEXT_ROW + 2.0),
        pos2(area.right(), text_top + TEXT_ROW + 2.0 + OVERVIEW - 4.0),
    );
    draw_overview(canvas, overview, limits);
    overview
}

/// One text under the tracks, a character under each position when zoomed in enough
/// (otherwise a hint).
fn draw_text_row(canvas: &Canvas, text: &str, text_top: f32) {
    let (painter, visuals, area, view) =
        (&canvas.painter, &canvas.visuals, canvas.area, canvas.view);
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

/// A time ruler where the text would be, for time-based documents (ELAN: positions are
/// milliseconds): a tick with its time (mm:ss.mmm) about every 110 pixels.
fn draw_time_ruler(canvas: &Canvas, top: f32) {
    let (painter, visuals, area, view) =
        (&canvas.painter, &canvas.visuals, canvas.area, canvas.view);
    let step = ruler_step(view.width() * 110.0 / area.width().max(1.0) as f64);
    let mut tick = (view.start / step).ceil() * step;
    while tick <= view.end {
        let x = canvas.x(tick);
        painter.line_segment(
            [pos2(x, top), pos2(x, top + 5.0)],
            Stroke::new(1.0, visuals.weak_text_color()),
        );
        painter.text(
            pos2(x + 2.0, top + TEXT_ROW / 2.0),
            Align2::LEFT_CENTER,
            time_label(tick),
            FontId::monospace(11.0),
            visuals.text_color(),
        );
        tick += step;
    }
}

/// The smallest of 1, 2, 5 × 10^k milliseconds (and whole seconds and minutes) not under
/// `at_least`.
pub(super) fn ruler_step(at_least: f64) -> f64 {
    const STEPS: [f64; 18] = [
        1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1_000.0, 2_000.0, 5_000.0, 10_000.0,
        15_000.0, 30_000.0, 60_000.0, 300_000.0, 600_000.0,
    ];
    STEPS
        .into_iter()
        .find(|&s| s >= at_least)
        .unwrap_or_else(|| (at_least / 3_600_000.0).ceil() * 3_600_000.0)
}

/// Milliseconds as mm:ss.mmm (minutes beyond 59 keep counting).
pub(super) fn time_label(milliseconds: f64) -> String {
    let total = milliseconds.max(0.0).round() as u64;
    format!(
        "{:02}:{:02}.{:03}",
        total / 60_000,
        total / 1_000 % 60,
        total % 1_000
    )
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_time_ruler_labels_milliseconds_as_minutes_seconds_and_milliseconds() {
        assert_eq!(super::time_label(0.0), "00:00.000");
        assert_eq!(super::time_label(61_234.4), "01:01.234");
        assert_eq!(super::time_label(3_725_007.0), "62:05.007");
        assert_eq!(super::ruler_step(0.3), 1.0);
        assert_eq!(super::ruler_step(120.0), 200.0);
        assert_eq!(super::ruler_step(7_000.0), 10_000.0);
        assert_eq!(super::ruler_step(5_000_000.0), 7_200_000.0);
    }
}
