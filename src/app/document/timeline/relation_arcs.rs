//! Each annotator's relations drawn as arcs in a band above its track: from the top of the
//! source unit to the top of the target unit, an arrowhead at the target (for a directed
//! relation), higher the farther apart the ends are. An end that is a group of units (a Glozz
//! schema) is the span of its members. The relations with an end in the selected alignment are
//! drawn strong, with their labels; the others faint, so that the structure reads at a glance
//! and the relations being decided stand out.

use super::geometry::{ARC_HEIGHT, Canvas, RELATION_BAND};
use crate::app::AppState;
use eframe::egui::{self, Align2, FontId, Painter, Pos2, Rect, Shape, Stroke, Visuals, pos2, vec2};
use gamma_core::relation::Endpoint;
use std::collections::HashMap;

/// Draws the arcs of every annotator with relations.
pub(super) fn draw_relation_arcs(canvas: &Canvas, state: &AppState) {
    let selected: Option<&Vec<Option<usize>>> = state
        .documents
        .selection
        .alignment
        .and_then(|index| Some(&state.shown()?.rows.get(index)?.units));
    // Over the units only, never over the annotators' names.
    let painter = (canvas.painter).with_clip_rect(Rect::from_x_y_ranges(
        canvas.area.x_range(),
        canvas.rect.y_range(),
    ));
    for (a, annotator) in canvas.document.continuum().annotators.iter().enumerate() {
        if annotator.relations.is_empty() {
            continue;
        }
        let unit_of: HashMap<&str, usize> = (annotator.units.iter().enumerate())
            .filter_map(|(u, unit)| Some((unit.source_id.as_deref()?, u)))
            .collect();
        let span_of = |endpoint: &Endpoint| -> Option<(Rect, bool)> {
            let members: Vec<usize> = match endpoint {
                Endpoint::Unit(id) => vec![*unit_of.get(id.as_str())?],
                Endpoint::Group { members, .. } => (members.iter())
                    .filter_map(|m| unit_of.get(m.as_str()).copied())
                    .collect(),
            };
            let rect = (members.iter())
                .map(|&u| canvas.unit_box(a, u))
                .reduce(|a, b| a.union(b))?;
            let in_selection = selected
                .is_some_and(|units| members.iter().any(|&u| units.get(a) == Some(&Some(u))));
            Some((rect, in_selection))
        };
        let baseline = canvas.layout.track_tops[a];
        let mut labels: Vec<Rect> = Vec::new();
        for relation in &annotator.relations {
            let (Some((source, source_selected)), Some((target, target_selected))) =
                (span_of(&relation.source), span_of(&relation.target))
            else {
                continue;
            };
            let (from, to) = (source.center().x, target.center().x);
            if from.max(to) < canvas.area.left() || from.min(to) > canvas.area.right() {
                continue;
            }
            let strong = source_selected || target_selected;
            let arc = Arc::new(from, to, baseline);
            draw_arc(&painter, &canvas.visuals, &arc, relation.directed, strong);
            if strong {
                let band_top = baseline - RELATION_BAND;
                let label = &relation.label;
                draw_label(
                    &painter,
                    &canvas.visuals,
                    &arc,
                    label,
                    &mut labels,
                    band_top,
                );
            }
        }
    }
}

/// The geometry of one arc: a cubic Bézier curve from `(from, baseline)` up and over to
/// `(to, baseline)`.
struct Arc {
    points: [Pos2; 4],
    /// Where the label goes: on the curve, most of the way to the target, so that the labels of
    /// arcs from one unit to several others do not pile up at one height.
    label_at: Pos2,
}

impl Arc {
    fn new(from: f32, to: f32, baseline: f32) -> Arc {
        let (start, end) = (pos2(from, baseline - 1.0), pos2(to, baseline - 1.0));
        // Higher for farther ends, within the band's lower part (a cubic with both control
        // points at 4/3 of the height peaks at that height).
        let height = ((to - from).abs() * 0.3).clamp(5.0, ARC_HEIGHT);
        let lift = vec2(0.0, -height * 4.0 / 3.0);
        let points = [start, start + lift, end + lift, end];
        Arc {
            label_at: point_at(&points, 0.8),
            points,
        }
    }
}

/// The point of the cubic Bézier curve `points` at parameter `t`.
fn point_at(points: &[Pos2; 4], t: f32) -> Pos2 {
    let u = 1.0 - t;
    let weights = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
    let (x, y) =
        (points.iter().zip(weights)).fold((0.0, 0.0), |(x, y), (p, w)| (x + p.x * w, y + p.y * w));
    pos2(x, y)
}

fn draw_arc(painter: &Painter, visuals: &Visuals, arc: &Arc, directed: bool, strong: bool) {
    let colour = if strong {
        visuals.selection.stroke.color
    } else {
        visuals.text_color().gamma_multiply(0.45)
    };
    let stroke = Stroke::new(if strong { 1.8 } else { 1.0 }, colour);
    painter.add(Shape::CubicBezier(
        egui::epaint::CubicBezierShape::from_points_stroke(
            arc.points,
            false,
            egui::Color32::TRANSPARENT,
            stroke,
        ),
    ));
    if directed {
        let tip = arc.points[3];
        let size = if strong { 4.0 } else { 3.0 };
        painter.add(Shape::convex_polygon(
            vec![
                tip,
                tip + vec2(-size, -size * 1.6),
                tip + vec2(size, -size * 1.6),
            ],
            colour,
            Stroke::NONE,
        ));
    }
}

/// The label on the arc, on the panel's background so that it reads over the curve, moved clear
/// of the labels already drawn (`placed`) within the relation band (below `top`, above the
/// track), so that two never cover each other nor the units.
fn draw_label(
    painter: &Painter,
    visuals: &Visuals,
    arc: &Arc,
    label: &str,
    placed: &mut Vec<Rect>,
    top: f32,
) {
    let colour = visuals.strong_text_color();
    let galley = painter.layout_no_wrap(label.to_string(), FontId::proportional(10.0), colour);
    let wanted = Align2::CENTER_CENTER.anchor_size(arc.label_at, galley.size());
    // Never over the track under the band.
    let track = top + RELATION_BAND - 1.0;
    let wanted = wanted.translate(vec2(0.0, (track - wanted.bottom()).min(0.0)));
    let rect = clear_of(wanted, placed, top);
    placed.push(rect);
    painter.rect_filled(rect.expand(1.0), 2.0, visuals.panel_fill);
    painter.galley(rect.min, galley, colour);
}

/// `wanted`, or the first place above it (a line higher each time) that overlaps none of
/// `placed`; when that would rise above `top`, the first place to its right at its height (never
/// below: under the band are the units).
fn clear_of(wanted: Rect, placed: &[Rect], top: f32) -> Rect {
    let covered = |rect: &Rect| {
        (placed.iter())
            .filter(|p| p.expand(1.0).intersects(*rect))
            .map(|p| p.right())
            .reduce(f32::max)
    };
    let step = vec2(0.0, wanted.height() + 2.0);
    let mut rect = wanted;
    while covered(&rect).is_some() && rect.top() - step.y >= top {
        rect = rect.translate(-step);
    }
    if covered(&rect).is_some() {
        // Each move passes the right edge of a label it met: it ends past all of them.
        rect = wanted;
        while let Some(right) = covered(&rect) {
            rect = rect.translate(vec2(right + 2.0 - rect.left(), 0.0));
        }
    }
    rect
}

#[cfg(test)]
mod tests {
    /// Two labels at one place: the second goes a line up; a third overlapping both goes up past
    /// both, or to their right when the top is near (never below, over the units); one apart
    /// stays.
    #[test]
    fn labels_never_cover_each_other() {
        use super::clear_of;
        use eframe::egui::{Rect, pos2, vec2};
        let first = Rect::from_min_max(pos2(100.0, 50.0), pos2(140.0, 62.0));
        let second = clear_of(first, &[first], 0.0);
        assert_eq!(second, first.translate(vec2(0.0, -14.0)));
        let beside = first.translate(vec2(30.0, 0.0));
        let third = clear_of(beside, &[first, second], 0.0);
        assert_eq!(third.min, pos2(130.0, 22.0), "clear of both");
        let apart = first.translate(vec2(60.0, 0.0));
        assert_eq!(clear_of(apart, &[first, second], 0.0), apart);
        // Under a top at 30 the third cannot rise to 22: it goes right of both instead, at its
        // height (both end at x = 140; 1 px of margin each side of the border).
        let right = clear_of(beside, &[first, second], 30.0);
        assert_eq!(right.min, pos2(142.0, 50.0), "right of both, clear of both");
    }

    use super::*;

    #[test]
    fn an_arc_rises_with_the_distance_of_its_ends_and_stays_in_its_band() {
        let baseline = 100.0;
        // 40 px apart: 0.3 × 40 = 12 px high at the middle.
        let near = Arc::new(10.0, 50.0, baseline);
        assert_eq!(point_at(&near.points, 0.0), pos2(10.0, 99.0));
        assert_eq!(point_at(&near.points, 1.0), pos2(50.0, 99.0));
        let middle = point_at(&near.points, 0.5);
        assert!(
            (middle.x - 30.0).abs() < 1e-4 && (middle.y - 87.0).abs() < 1e-4,
            "{middle:?}"
        );
        // Far apart: as high as the band allows, never above it.
        let far = Arc::new(10.0, 900.0, baseline);
        let top = point_at(&far.points, 0.5).y;
        assert!((top - (99.0 - ARC_HEIGHT)).abs() < 1e-4, "{top}");
        // The label sits most of the way to the target: 0.8 → x = 10 + 0.896 × 890.
        assert!(
            (far.label_at.x - (10.0 + 0.896 * 890.0)).abs() < 1e-3,
            "{:?}",
            far.label_at
        );
    }
}
