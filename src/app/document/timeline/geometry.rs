//! The timeline's geometry: sizes, positions to pixels and back, where each track and unit
//! goes, and the canvas one frame draws on.

use crate::app::document::open_document::{OpenDocument, View};
use eframe::egui::{self, Rect, pos2};

/// Width of the annotators' names, left of the tracks.
pub(super) const LABEL_WIDTH: f32 = 110.0;
/// Height of one sub-row of a track.
pub(super) const ROW_HEIGHT: f32 = 16.0;
/// Space between tracks (the alignment lines cross it).
pub(super) const TRACK_GAP: f32 = 26.0;
/// Height of the band above an annotator's track where its relations are drawn as arcs (only
/// for an annotator with relations): the arcs in its lower part, above them room for two
/// more lines of labels, so that the labels of the relations being decided stack up inside the band
/// and never over the units.
pub(super) const RELATION_BAND: f32 = 48.0;
/// How high the highest arc rises above its track.
pub(super) const ARC_HEIGHT: f32 = 18.0;
const _: () = assert!(
    ARC_HEIGHT + 2.0 * 14.0 <= RELATION_BAND,
    "two label lines above the highest arc"
);
/// Height of the text line under the tracks.
pub(super) const TEXT_ROW: f32 = 22.0;
/// Height of the overview strip.
pub(super) const OVERVIEW: f32 = 18.0;
/// Characters are drawn once each has at least this many pixels.
pub(super) const MIN_PIXELS_PER_CHARACTER: f32 = 7.0;

/// Screen x of a continuum position.
pub(super) fn x_of(position: f64, view: &View, area: Rect) -> f32 {
    area.left() + ((position - view.start) / view.width()) as f32 * area.width()
}

/// The continuum position at screen x.
pub(super) fn position_of(x: f32, view: &View, area: Rect) -> f64 {
    view.start + ((x - area.left()) / area.width()) as f64 * view.width()
}

/// Geometry of the tracks of one document in one frame.
pub(super) struct Layout {
    /// Top of each annotator's track.
    pub(super) track_tops: Vec<f32>,
    /// Sub-rows of each annotator.
    pub(super) track_rows: Vec<usize>,
    /// Top of the gold track and its sub-rows, while adjudicating.
    pub(super) gold: Option<(f32, usize)>,
    /// Where units are drawn: right of the labels, down to the last track.
    pub(super) units_area: Rect,
}

/// Height of the status strip at the top of the gold track.
pub(super) const STATUS_STRIP: f32 = 5.0;

impl Layout {
    /// The tracks of `document` (and a gold track of `gold_rows` sub-rows) in `rect`.
    pub(super) fn new(document: &OpenDocument, gold_rows: Option<usize>, rect: Rect) -> Layout {
        let mut top = rect.top() + 4.0;
        let mut track_tops = Vec::new();
        let mut track_rows = Vec::new();
        for (a, stack) in document.rows.iter().enumerate() {
            top += relation_band(document, a);
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

    /// The box of a gold unit in sub-row `row` of the gold track (none without one).
    pub(super) fn gold_rect(&self, row: usize, start: f32, end: f32) -> Option<Rect> {
        let (top, _) = self.gold?;
        let top = top + STATUS_STRIP + row as f32 * ROW_HEIGHT;
        Some(Rect::from_min_max(
            pos2(start, top + 1.0),
            pos2(end.max(start + 2.0), top + ROW_HEIGHT - 2.0),
        ))
    }

    /// The box of a unit in sub-row `row` of an annotator's track, from x `start` to `end`
    /// (at least 2 pixels wide).
    pub(super) fn unit_rect(&self, annotator: usize, row: usize, start: f32, end: f32) -> Rect {
        let top = self.track_tops[annotator] + row as f32 * ROW_HEIGHT;
        Rect::from_min_max(
            pos2(start, top + 1.0),
            pos2(end.max(start + 2.0), top + ROW_HEIGHT - 2.0),
        )
    }

    /// The y of the middle of an annotator's track.
    pub(super) fn track_middle(&self, annotator: usize) -> f32 {
        self.track_tops[annotator] + self.track_rows[annotator] as f32 * ROW_HEIGHT / 2.0
    }
}

/// Height the timeline needs for a document (and a gold track of `gold_rows` sub-rows).
pub(super) fn height(document: &OpenDocument, gold_rows: Option<usize>) -> f32 {
    let tracks: f32 = (document.rows.iter().enumerate())
        .map(|(a, stack)| relation_band(document, a) + stack.rows as f32 * ROW_HEIGHT + TRACK_GAP)
        .sum();
    let gold = gold_rows.map_or(0.0, |rows| {
        STATUS_STRIP + rows as f32 * ROW_HEIGHT + TRACK_GAP
    });
    let texts = texts(document.continuum()).len().max(1);
    tracks + gold + TEXT_ROW * texts as f32 + OVERVIEW + 16.0
}

/// The height of the band of annotator `a`'s relation arcs: none without relations.
fn relation_band(document: &OpenDocument, a: usize) -> f32 {
    if document.continuum().annotators[a].relations.is_empty() {
        0.0
    } else {
        RELATION_BAND
    }
}

/// The texts drawn under the tracks, each with whose it is: the document's, then the own text
/// of each annotator who corrected it (CorA documents for tγ; its units are positions there).
/// When no annotator has a text of its own, the document's text alone, unnamed.
pub(super) fn texts(continuum: &gamma_core::Continuum) -> Vec<(String, &str)> {
    let annotators = &continuum.annotators;
    let Some(text) = continuum.text.as_deref() else {
        return Vec::new();
    };
    if annotators.iter().all(|a| a.own_text.is_none()) {
        return vec![(String::new(), text)];
    }
    let shared: Vec<&str> = (annotators.iter())
        .filter(|a| a.own_text.is_none())
        .map(|a| a.name.as_str())
        .collect();
    let mut texts = Vec::new();
    if !shared.is_empty() {
        texts.push((shared.join(", "), text));
    }
    for annotator in annotators {
        if let Some(own) = annotator.own_text.as_deref() {
            texts.push((annotator.name.clone(), own));
        }
    }
    texts
}

/// What one frame draws on: the painter, the geometry and the document.
pub(super) struct Canvas<'a> {
    pub(super) painter: egui::Painter,
    pub(super) visuals: egui::Visuals,
    pub(super) layout: &'a Layout,
    pub(super) view: View,
    /// The whole timeline.
    pub(super) rect: Rect,
    /// Where units are drawn (right of the labels).
    pub(super) area: Rect,
    pub(super) document: &'a OpenDocument,
}

impl Canvas<'_> {
    /// Screen x of a continuum position.
    pub(super) fn x(&self, position: f64) -> f32 {
        x_of(position, &self.view, self.area)
    }

    /// The box of unit `unit` of annotator `annotator` (not clipped to the view).
    pub(super) fn unit_box(&self, annotator: usize, unit: usize) -> Rect {
        let u = &self.document.continuum().annotators[annotator].units[unit];
        self.layout.unit_rect(
            annotator,
            self.document.rows[annotator].row_of[unit],
            self.x(u.start),
            self.x(u.end),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_corrected_text_gets_its_own_row_named_after_its_annotator() {
        let cora = crate::app::files::demo::Demo::HistoricalText
            .documents()
            .unwrap()
            .remove(0)
            .continuum;
        let rows = texts(&cora);
        let whose: Vec<&str> = rows.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(whose, ["anna", "bernd"]);
        assert_eq!(Some(rows[0].1), cora.text.as_deref());
        assert_eq!(Some(rows[1].1), cora.annotators[1].own_text.as_deref());
        let glozz = crate::app::demo_document().continuum;
        let rows = texts(&glozz);
        assert_eq!(rows.len(), 1, "one shared text, unnamed");
        assert_eq!(rows[0].0, "");
        let mut no_text = glozz.clone();
        no_text.text = None;
        assert!(texts(&no_text).is_empty());
    }
}
