//! The reading view room: the document's text wrapped to the panel, with a thin lane per
//! annotator under each line where its spans are drawn under the characters they cover (and
//! the gold lane while adjudicating). It shares the selection with the timeline, the list and
//! the inspector. This file holds what the view remembers between frames and the geometry that
//! needs no widgets (wrapping the text into lines, finding the line of a character, finding
//! the spans that meet a line); [`panel`] draws it and handles the mouse.
//!
//! Only the visible lines are laid out: the text is wrapped once per document and width (a
//! list of line starts), and every lookup after that is a binary search.

mod gold_picker;
mod panel;

pub use panel::{is_shown, show, tabs};

use super::shown_alignments::ShownAlignments;
#[cfg(test)]
use eframe::egui::pos2;
use eframe::egui::{Pos2, Rect};
use gamma_core::Continuum;
use gamma_core::gold::GoldId;

/// What fills the central panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum CentralView {
    /// The document's text, wrapped, with the annotators' lanes under each line.
    #[default]
    Reading,
    /// One track per annotator along the continuum.
    Timeline,
}

/// The text wrapped into lines of at most `columns` characters.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrapped {
    /// The document (its index among the open ones) the text is of.
    pub document: usize,
    /// The widest line, in characters.
    pub columns: usize,
    /// The text's characters (positions in the continuum are indices here).
    pub chars: Vec<char>,
    /// The first character of each line; a line ends where the next starts (or at the end).
    pub line_starts: Vec<usize>,
}

impl Wrapped {
    /// Wraps `text` into lines of at most `columns` characters: a line break ends a line (it
    /// belongs to the line it ends), a long line breaks after its last space that fits, and a
    /// word longer than a line is cut.
    pub fn new(document: usize, text: &str, columns: usize) -> Wrapped {
        let chars: Vec<char> = text.chars().collect();
        let columns = columns.max(1);
        let mut line_starts = vec![0];
        let mut start = 0;
        let mut after_space = None;
        for (i, &c) in chars.iter().enumerate() {
            if i - start >= columns && c != '\n' {
                let next = after_space.filter(|&s| s > start).unwrap_or(i);
                line_starts.push(next);
                start = next;
                after_space = None;
            }
            if c == '\n' {
                line_starts.push(i + 1);
                start = i + 1;
                after_space = None;
            } else if c.is_whitespace() {
                after_space = Some(i + 1);
            }
        }
        if line_starts.len() > 1 && line_starts.last() == Some(&chars.len()) {
            line_starts.pop();
        }
        Wrapped {
            document,
            columns,
            chars,
            line_starts,
        }
    }

    /// How many lines.
    pub fn lines(&self) -> usize {
        self.line_starts.len()
    }

    /// The characters `[start, end)` of line `line`.
    pub fn line(&self, line: usize) -> (usize, usize) {
        let start = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.chars.len());
        let end = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.chars.len());
        (start, end)
    }

    /// The line holding character `index` (the last line for the end of the text).
    pub fn line_of(&self, index: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= index)
            .saturating_sub(1)
    }

    /// The line's text as drawn (without its line break).
    pub fn line_text(&self, line: usize) -> String {
        let (start, end) = self.line(line);
        self.chars[start..end]
            .iter()
            .filter(|c| **c != '\n')
            .collect()
    }
}

/// Things with a span, sorted by start, with the longest span: the ones meeting `[low, high)`
/// are found by a binary search and a short scan back.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SpanIndex {
    /// `(start, end, item)`, sorted by start.
    spans: Vec<(f64, f64, usize)>,
    /// The longest span (how far before `low` to look).
    longest: f64,
}

impl SpanIndex {
    /// Indexes `(start, end)` of items `0..`.
    pub fn new(spans: impl IntoIterator<Item = (f64, f64)>) -> SpanIndex {
        let mut spans: Vec<(f64, f64, usize)> = spans
            .into_iter()
            .enumerate()
            .filter(|(_, (s, e))| s.is_finite() && e.is_finite())
            .map(|(i, (s, e))| (s, e, i))
            .collect();
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let longest = spans.iter().map(|(s, e, _)| e - s).fold(0.0, f64::max);
        SpanIndex { spans, longest }
    }

    /// The items whose span meets `[low, high)` (an empty span at `low` counts).
    pub fn meeting(&self, low: f64, high: f64) -> impl Iterator<Item = usize> + '_ {
        let first = self.spans.partition_point(|s| s.0 < low - self.longest);
        let last = self.spans.partition_point(|s| s.0 < high);
        self.spans[first..last.max(first)]
            .iter()
            .filter(move |(s, e, _)| *e > low || (*s == low && *e == low))
            .map(|(_, _, i)| *i)
    }
}

/// Where the last frame drew things: for the mouse, for scrolling, and for tests.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FrameGeometry {
    /// The first line drawn and the top of its text.
    pub first_line: usize,
    pub top: f32,
    /// The lines drawn (`first_line..end_line`).
    pub end_line: usize,
    /// From one line's top to the next one's.
    pub pitch: f32,
    /// Left of the text, and the width of a character (the font is monospace).
    pub text_left: f32,
    pub char_width: f32,
    /// Height of the text of a line.
    pub text_height: f32,
    /// The annotators' spans: (box, annotator, unit).
    pub spans: Vec<(Rect, usize, usize)>,
    /// The gold units' boxes.
    pub gold: Vec<(Rect, GoldId)>,
}

/// The reading view's memory between frames.
#[derive(Debug, Clone, Default)]
pub struct ReadingView {
    /// Reading view or timeline.
    pub central: CentralView,
    /// The wrapped text (of the document shown, at the panel's width).
    pub wrapped: Option<Wrapped>,
    /// The shown alignments by start (and what they were built from).
    alignments: Option<((usize, usize, u64), SpanIndex)>,
    /// The mouse selection in the text: (where it began, where it is), in characters.
    pub dragging: Option<(usize, usize)>,
    /// A finished selection waiting for the user's choice (a category, or the selected gold
    /// unit's new boundaries): `[start, end)` snapped to tokens.
    pub pending_gold: Option<(f64, f64)>,
    /// The alignment the view last scrolled to (a new selection scrolls once).
    scrolled_to: Option<usize>,
    /// Where the last frame drew things.
    pub frame: FrameGeometry,
    /// Whose text is shown when annotators corrected the text (CorA for tγ): an annotator
    /// with a text of its own, or `None` for the document's (the other annotators').
    pub text_of: Option<String>,
}

/// The text the reading view shows: annotator `text_of`'s own text, or the document's.
pub fn shown_text<'a>(continuum: &'a Continuum, text_of: Option<&str>) -> Option<&'a str> {
    (continuum.annotators.iter())
        .find(|a| Some(a.name.as_str()) == text_of)
        .and_then(|a| a.own_text.as_deref())
        .or(continuum.text.as_deref())
}

/// Whether annotator `a`'s spans are positions in the text shown (its own text when it has
/// one, else the document's).
pub fn in_shown_text(continuum: &Continuum, text_of: Option<&str>, a: usize) -> bool {
    let annotator = &continuum.annotators[a];
    let own = text_of.is_some_and(|name| {
        continuum
            .annotators
            .iter()
            .any(|x| x.name == name && x.own_text.is_some())
    });
    match annotator.own_text {
        Some(_) => own && text_of == Some(annotator.name.as_str()),
        None => !own,
    }
}

impl ReadingView {
    /// Forgets what belonged to the documents (they were replaced).
    pub fn forget(&mut self) {
        self.wrapped = None;
        self.alignments = None;
        self.dragging = None;
        self.pending_gold = None;
        self.scrolled_to = None;
        self.frame = FrameGeometry::default();
        self.text_of = None;
    }

    /// The alignments shown, indexed by start (rebuilt when they change).
    fn alignment_index(&mut self, document: usize, shown: &ShownAlignments) -> &SpanIndex {
        let key = (document, shown.len(), shown.total_disorder.to_bits());
        if self.alignments.as_ref().is_none_or(|(k, _)| *k != key) {
            let index = SpanIndex::new(shown.rows.iter().map(|r| (r.start, r.end)));
            self.alignments = Some((key, index));
        }
        &self.alignments.as_ref().expect("just set").1
    }

    #[cfg(test)]
    /// The screen position of the boundary before character `index`, at the middle of its
    /// line's text, if that line was drawn in the last frame.
    pub fn point_of(&self, index: usize) -> Option<Pos2> {
        let wrapped = self.wrapped.as_ref()?;
        let frame = &self.frame;
        let line = wrapped.line_of(index);
        if line < frame.first_line || line >= frame.end_line {
            return None;
        }
        let column = index - wrapped.line(line).0;
        Some(pos2(
            frame.text_left + column as f32 * frame.char_width,
            frame.top + (line - frame.first_line) as f32 * frame.pitch + frame.text_height / 2.0,
        ))
    }

    /// The boundary between characters nearest to `pointer` (in the last frame's lines).
    pub fn boundary_at(&self, pointer: Pos2) -> Option<usize> {
        let wrapped = self.wrapped.as_ref()?;
        let frame = &self.frame;
        if frame.pitch <= 0.0 || frame.end_line <= frame.first_line {
            return None;
        }
        let row = ((pointer.y - frame.top) / frame.pitch).floor().max(0.0) as usize;
        let line = (frame.first_line + row).min(frame.end_line - 1);
        let (start, end) = wrapped.line(line);
        let shown_end = if end > start && wrapped.chars[end - 1] == '\n' {
            end - 1
        } else {
            end
        };
        let column = ((pointer.x - frame.text_left) / frame.char_width)
            .round()
            .max(0.0) as usize;
        Some((start + column).min(shown_end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_wrapped_after_spaces_keeping_line_breaks() {
        let wrapped = Wrapped::new(0, "one two three\nfour fivesixseven", 8);
        let lines: Vec<String> = (0..wrapped.lines()).map(|l| wrapped.line_text(l)).collect();
        assert_eq!(lines, ["one two ", "three", "four ", "fivesixs", "even"]);
        assert_eq!(
            wrapped.line(1),
            (8, 14),
            "the line break belongs to its line"
        );
        assert_eq!(wrapped.line_of(0), 0);
        assert_eq!(wrapped.line_of(7), 0);
        assert_eq!(wrapped.line_of(8), 1);
        assert_eq!(wrapped.line_of(13), 1, "the line break");
        assert_eq!(wrapped.line_of(14), 2);
        assert_eq!(wrapped.line_of(31), 4, "the end of the text");
        assert_eq!(
            Wrapped::new(0, "", 10).lines(),
            1,
            "an empty text has a line"
        );
        assert_eq!(Wrapped::new(0, "ab\n", 10).lines(), 1, "no empty last line");
    }

    #[test]
    fn a_hundred_thousand_characters_are_wrapped_in_lines_no_wider_than_asked() {
        let text: String = (0..20_000).map(|i| format!("w{:03} ", i % 997)).collect();
        assert_eq!(text.chars().count(), 100_000);
        let wrapped = Wrapped::new(0, &text, 73);
        for line in 0..wrapped.lines() {
            let (start, end) = wrapped.line(line);
            assert!(end - start <= 73, "line {line}");
            assert!(
                end == 100_000 || wrapped.chars[end - 1] == ' ',
                "breaks after a space"
            );
        }
        // 14 five-character words fit in 73 columns.
        assert_eq!(wrapped.lines(), 20_000_usize.div_ceil(14));
    }

    #[test]
    fn the_spans_meeting_a_line_are_found_by_search() {
        let index = SpanIndex::new([(0.0, 50.0), (10.0, 12.0), (20.0, 30.0), (25.0, 25.0)]);
        let meeting = |low, high| index.meeting(low, high).collect::<Vec<_>>();
        assert_eq!(
            meeting(12.0, 20.0),
            [0],
            "[10, 12) ends where the line starts"
        );
        assert_eq!(meeting(11.0, 21.0), [0, 1, 2]);
        assert_eq!(meeting(25.0, 26.0), [0, 2, 3], "an empty span inside");
        assert_eq!(meeting(60.0, 70.0), Vec::<usize>::new());
    }

    #[test]
    fn points_and_boundaries_are_inverse_on_drawn_lines() {
        let mut view = ReadingView {
            wrapped: Some(Wrapped::new(0, "one two three\nfour", 8)),
            ..Default::default()
        };
        view.frame = FrameGeometry {
            first_line: 1,
            end_line: 3,
            top: 100.0,
            pitch: 40.0,
            text_left: 20.0,
            char_width: 8.0,
            text_height: 16.0,
            ..Default::default()
        };
        assert_eq!(view.point_of(3), None, "line 0 is not drawn");
        let at = view.point_of(10).unwrap();
        assert_eq!((at.x, at.y), (20.0 + 2.0 * 8.0, 108.0));
        assert_eq!(view.boundary_at(at), Some(10));
        assert_eq!(view.boundary_at(pos2(at.x + 3.0, at.y)), Some(10));
        assert_eq!(
            view.boundary_at(pos2(500.0, at.y)),
            Some(13),
            "right of the line: before its line break"
        );
        assert_eq!(view.boundary_at(pos2(20.0, 145.0)), Some(14), "line 2");
    }
}
