//! The document room: an open document with what the timeline needs to draw it fast (units
//! stacked in sub-rows where one annotator's units overlap, units sorted by start, colours),
//! and the timeline's visible window. No widgets here.

use super::palette::{self, CategoryColours, CategoryMemory};
use eframe::egui::Color32;
use gamma_core::Continuum;
use gamma_formats::{Document, Source};
use std::collections::BTreeMap;

/// Units stacked in sub-rows so that units in one sub-row never overlap: each unit, in order
/// of start (the longer first at equal starts), goes into the first sub-row free at its start.
/// Greedy by start is optimal: it uses as many sub-rows as the most units covering one point.
#[derive(Debug, Clone, PartialEq)]
pub struct RowStack {
    /// The sub-row of each span (in the order given).
    pub row_of: Vec<usize>,
    /// The number of sub-rows (at least 1).
    pub rows: usize,
    /// Span indices in the order they were placed (by start).
    pub by_start: Vec<usize>,
}

impl RowStack {
    /// Stacks `spans` (`(start, end)` each).
    pub fn new(spans: &[(f64, f64)]) -> RowStack {
        let mut by_start: Vec<usize> = (0..spans.len()).collect();
        by_start.sort_by(|&a, &b| {
            let (u, v) = (spans[a], spans[b]);
            u.0.total_cmp(&v.0).then(v.1.total_cmp(&u.1))
        });
        let mut row_of = vec![0; spans.len()];
        let mut row_ends: Vec<f64> = Vec::new();
        for &i in &by_start {
            let (start, end) = spans[i];
            match row_ends.iter().position(|&row_end| row_end <= start) {
                Some(row) => {
                    row_ends[row] = end;
                    row_of[i] = row;
                }
                None => {
                    row_of[i] = row_ends.len();
                    row_ends.push(end);
                }
            }
        }
        RowStack {
            row_of,
            rows: row_ends.len().max(1),
            by_start,
        }
    }
}

/// An open document's name in the app state: given once when it opens, never reused in a run,
/// so that what belongs to a document (its adjudication, its undo history) stays with it
/// whatever the list's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DocumentId(u64);

impl DocumentId {
    /// A name no document of this run has had.
    fn fresh() -> DocumentId {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        DocumentId(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// An open document and what the timeline needs to draw it fast.
#[derive(Debug, Clone)]
pub struct OpenDocument {
    /// Its name in the app state.
    pub id: DocumentId,
    pub document: Document,
    /// For each annotator, its units stacked in sub-rows where they overlap, and its unit
    /// indices sorted by start (to find the visible ones).
    pub rows: Vec<RowStack>,
    /// For each annotator, the length of its longest unit (how far before the view to look).
    pub longest: Vec<f64>,
    /// γ of this document, once computed with the current settings.
    pub gamma: Option<f64>,
    /// Categories in alphabetical order, with their number of units (the legend).
    pub category_counts: Vec<(String, usize)>,
    /// A stable colour per category (the Glozz model's order first).
    pub colours: CategoryColours,
    /// The colour of each unit of each annotator (its category's).
    pub unit_colours: Vec<Vec<Color32>>,
    /// The text's characters (positions are indices here), when there is a text.
    text_chars: Option<Vec<char>>,
}

/// The unit types of the document's Glozz model, in its order (the colours follow it).
fn model_order(document: &Document) -> Option<Vec<String>> {
    match &document.source {
        Source::Glozz {
            model: Some(model), ..
        } => Some(
            model
                .unit_type_names()
                .iter()
                .map(|s| s.to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// The colour of each unit of each annotator.
fn unit_colours(continuum: &Continuum, colours: &CategoryColours) -> Vec<Vec<Color32>> {
    continuum
        .annotators
        .iter()
        .map(|a| {
            a.units
                .iter()
                .map(|u| colours.colour(&u.category))
                .collect()
        })
        .collect()
}

impl OpenDocument {
    /// Colours the categories as they were in the session's earlier documents.
    pub fn recolour(&mut self, memory: &mut CategoryMemory) {
        let categories: Vec<String> = self
            .category_counts
            .iter()
            .map(|(c, _)| c.clone())
            .collect();
        self.colours = memory.colours(&categories, model_order(&self.document).as_deref());
        self.unit_colours = unit_colours(self.continuum(), &self.colours);
    }

    /// Prepares a document for drawing (sub-rows, order by start, colours, the legend).
    pub fn new(document: Document) -> OpenDocument {
        let continuum = &document.continuum;
        let rows: Vec<RowStack> = continuum
            .annotators
            .iter()
            .map(|a| {
                let spans: Vec<(f64, f64)> = a.units.iter().map(|u| (u.start, u.end)).collect();
                RowStack::new(&spans)
            })
            .collect();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for unit in continuum.annotators.iter().flat_map(|a| &a.units) {
            *counts.entry(unit.category.as_str()).or_default() += 1;
        }
        let category_counts: Vec<(String, usize)> = counts
            .into_iter()
            .map(|(c, n)| (c.to_string(), n))
            .collect();
        let categories: Vec<String> = category_counts.iter().map(|(c, _)| c.clone()).collect();
        let colours = palette::for_categories(&categories, model_order(&document).as_deref());
        let unit_colours = unit_colours(continuum, &colours);
        let longest = continuum
            .annotators
            .iter()
            .map(|a| a.units.iter().map(|u| u.length()).fold(0.0, f64::max))
            .collect();
        let text_chars = continuum.text.as_ref().map(|t| t.chars().collect());
        OpenDocument {
            id: DocumentId::fresh(),
            text_chars,
            document,
            rows,
            longest,
            gamma: None,
            category_counts,
            colours,
            unit_colours,
        }
    }

    /// The document's annotations.
    pub fn continuum(&self) -> &Continuum {
        &self.document.continuum
    }

    /// The words of the text in `[start, end)`, line breaks as spaces, at most `most`
    /// characters (the middle elided); `None` without a text.
    pub fn words(&self, start: f64, end: f64, most: usize) -> Option<String> {
        let chars = self.text_chars.as_ref()?;
        let clamp = |p: f64| (p.max(0.0) as usize).min(chars.len());
        let span = &chars[clamp(start)..clamp(end.ceil()).max(clamp(start))];
        let shown = |part: &[char]| -> String {
            part.iter()
                .map(|&c| if c.is_whitespace() { ' ' } else { c })
                .collect()
        };
        Some(if span.len() <= most.max(2) {
            shown(span)
        } else {
            let half = most.max(2) / 2;
            format!(
                "{}…{}",
                shown(&span[..half]),
                shown(&span[span.len() - half..])
            )
        })
    }

    /// The words of an alignment of units `slots` spanning `[start, end)`: those of the text,
    /// or where annotators corrected the text (tγ), each annotator's own words joined by
    /// " | " (∅ where it has no unit); at most `most` characters each.
    pub fn alignment_words(
        &self,
        slots: &[Option<usize>],
        (start, end): (f64, f64),
        most: usize,
    ) -> Option<String> {
        let continuum = self.continuum();
        if continuum.annotators.iter().all(|a| a.own_text.is_none()) {
            return self.words(start, end, most);
        }
        let words: Vec<String> = (slots.iter().enumerate())
            .map(|(a, slot)| {
                let unit = slot.and_then(|u| continuum.annotators.get(a)?.units.get(u));
                match unit.and_then(|unit| continuum.covered_text(a, unit)) {
                    Some(text) if text.chars().count() > most.max(2) => {
                        text.chars().take(most.max(2) - 1).chain(['…']).collect()
                    }
                    Some(text) => text.replace(char::is_whitespace, " "),
                    None => "∅".into(),
                }
            })
            .collect();
        Some(words.join(" | "))
    }

    /// `[first, last]` position of any unit (or of the text).
    pub fn extent(&self) -> (f64, f64) {
        let continuum = self.continuum();
        let text_end = continuum
            .text
            .as_ref()
            .map(|t| t.chars().count() as f64)
            .unwrap_or(0.0);
        let (mut first, mut last) = (f64::INFINITY, text_end);
        for unit in continuum.annotators.iter().flat_map(|a| &a.units) {
            first = first.min(unit.start);
            last = last.max(unit.end);
        }
        if continuum.text.is_some() {
            first = 0.0;
        }
        if !first.is_finite() || last <= first {
            (0.0, 1.0)
        } else {
            (first, last)
        }
    }
}

/// The visible window of the timeline, in continuum positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// The position at the left edge.
    pub start: f64,
    /// The position at the right edge.
    pub end: f64,
}

impl Default for View {
    /// The first position only, until a document is shown (and zoomed to fit).
    fn default() -> Self {
        View {
            start: 0.0,
            end: 1.0,
        }
    }
}

impl View {
    /// How many positions the window spans.
    pub fn width(&self) -> f64 {
        self.end - self.start
    }

    /// Zooms by `factor` (> 1 zooms in) keeping `anchor` where it is, within `limits`.
    pub fn zoom(&mut self, factor: f64, anchor: f64, limits: (f64, f64)) {
        let width = (self.width() / factor).clamp(2.0, (limits.1 - limits.0).max(2.0) * 1.2);
        let share = ((anchor - self.start) / self.width()).clamp(0.0, 1.0);
        self.start = anchor - share * width;
        self.end = self.start + width;
        self.keep_within(limits);
    }

    /// Moves the window by `by` positions, within `limits`.
    pub fn pan(&mut self, by: f64, limits: (f64, f64)) {
        self.start += by;
        self.end += by;
        self.keep_within(limits);
    }

    /// Centres the view on `position`, keeping the width.
    pub fn centre_on(&mut self, position: f64, limits: (f64, f64)) {
        let half = self.width() / 2.0;
        self.start = position - half;
        self.end = position + half;
        self.keep_within(limits);
    }

    /// Centres the view on `[low, high]`, zooming out first if it would not fit.
    pub fn bring_into_view(&mut self, low: f64, high: f64, limits: (f64, f64)) {
        if !low.is_finite() || !high.is_finite() {
            return;
        }
        if high - low > self.width() * 0.8 {
            self.zoom(
                self.width() / ((high - low) * 1.5),
                (low + high) / 2.0,
                limits,
            );
        }
        self.centre_on((low + high) / 2.0, limits);
    }

    fn keep_within(&mut self, (low, high): (f64, f64)) {
        let margin = (high - low) * 0.1;
        let width = self.width();
        if self.start < low - margin {
            self.start = low - margin;
            self.end = self.start + width;
        }
        if self.end > high + margin {
            self.end = high + margin;
            self.start = self.end - width;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_units_are_stacked_in_as_few_sub_rows_as_needed() {
        // [0,10) holds [2,4) and [5,12); [4,6) fits beside [2,4) but not [5,12).
        let spans = [
            (2.0, 4.0),
            (0.0, 10.0),
            (5.0, 12.0),
            (4.0, 6.0),
            (12.0, 13.0),
        ];
        let stack = RowStack::new(&spans);
        assert_eq!(stack.by_start, [1, 0, 3, 2, 4]);
        assert_eq!(stack.row_of, [1, 0, 2, 1, 0]);
        assert_eq!(stack.rows, 3, "three spans cover position 5.5");
        // At equal starts the longer goes first, so the shorter is stacked under it.
        let same_start = RowStack::new(&[(0.0, 1.0), (0.0, 5.0)]);
        assert_eq!(same_start.row_of, [1, 0]);
        assert_eq!(RowStack::new(&[]).rows, 1, "an empty track still has a row");
    }

    #[test]
    fn the_words_of_a_span_are_shown_whole_or_elided_in_the_middle() {
        let mut continuum = Continuum::new("words");
        continuum.text = Some("On 14 March\n1879, Albert Einstein".into());
        continuum.add("ana", 3.0, 16.0, "DATE").unwrap();
        let document = OpenDocument::new(Document {
            continuum,
            source: Source::Csv("words.csv".into()),
        });
        assert_eq!(
            document.words(3.0, 16.0, 40).as_deref(),
            Some("14 March 1879")
        );
        assert_eq!(document.words(3.0, 16.0, 8).as_deref(), Some("14 M…1879"));
        assert_eq!(
            document.words(28.0, 99.0, 40).as_deref(),
            Some("stein"),
            "clamped"
        );
        assert_eq!(
            document.words(9.0, 2.0, 40).as_deref(),
            Some(""),
            "an empty span"
        );
        let mut no_text = Continuum::new("times");
        no_text.add("ana", 3.0, 16.0, "DATE").unwrap();
        let document = OpenDocument::new(Document {
            continuum: no_text,
            source: Source::Csv("times.csv".into()),
        });
        assert_eq!(document.words(3.0, 16.0, 40), None);
    }

    #[test]
    fn the_view_zooms_around_its_anchor_and_brings_a_span_into_view() {
        let limits = (0.0, 100.0);
        let mut view = View {
            start: 0.0,
            end: 100.0,
        };
        view.zoom(2.0, 25.0, limits);
        assert_eq!(
            (view.start, view.end),
            (12.5, 62.5),
            "25 stays a quarter in"
        );
        view.bring_into_view(80.0, 90.0, limits);
        assert_eq!(
            (view.start, view.end),
            (60.0, 110.0),
            "centred on 85, width kept"
        );
        view.bring_into_view(0.0, 60.0, limits);
        assert!(
            (view.width() - 90.0).abs() < 1e-9,
            "zoomed out to 1.5 × the span"
        );
        assert!(
            (view.start + 10.0).abs() < 1e-9,
            "centred on 30 would start at -15: kept within a 10 % margin"
        );
    }
}
