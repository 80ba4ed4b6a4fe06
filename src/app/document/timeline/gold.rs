//! The gold track while adjudicating: the gold units (each linked to the alignment it
//! decides) and the handles that drag the selected one's boundaries.

use super::geometry::{Canvas, ROW_HEIGHT, STATUS_STRIP, position_of};
use crate::app::AppState;
use crate::app::adjudication::Edit;
use crate::app::commands::Command;
use crate::app::document::palette;
use crate::app::document::shown_alignments::ShownAlignments;
use eframe::egui::{
    self, Align2, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, Ui, pos2, vec2,
};
use gamma_core::gold::GoldId;

/// The gold units' boxes, and the selected one's.
pub(super) type GoldDrawn = (Vec<(Rect, GoldId)>, Option<(GoldId, Rect)>);

/// The gold track while adjudicating: its label and the gold units, each with a line from
/// the alignment it decides. Returns the gold units' boxes and the selected one's.
pub(super) fn draw_gold_track(canvas: &Canvas, state: &AppState) -> GoldDrawn {
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
fn draw_gold_unit(canvas: &Canvas, gold: &gamma_core::gold::GoldUnit, r: Rect, selected: bool) {
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

/// Handles on the selected gold unit's edges: dragging one moves that boundary (snapped to
/// the nearest token boundary when there is a text, else to a whole position); the change is
/// one undoable step when the drag ends.
pub(super) fn drag_gold_boundaries(
    ui: &mut Ui,
    state: &mut AppState,
    selected: Option<(GoldId, Rect)>,
    area: Rect,
) {
    let Some((id, r)) = selected else {
        return;
    };
    let view = state.documents.view;
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
            state.send(Command::Adjudicate(Edit::Bounds {
                unit: id,
                start,
                end,
            }));
        }
    }
}
