//! Colours: a colour per category that colour-blind readers can tell apart (Okabe and Ito's
//! qualitative palette, then three light colours: every pair at least 15 CIE ΔE apart for
//! normal, protanopic and deuteranopic vision), then, past ten categories, the same colours
//! hatched; a category keeps its colour from one document to the next and across sessions
//! ([`CategoryMemory`]: the colour of each category name, first come first served, kept in the
//! data folder and in the project file), and two categories of one document never share one.
//! Also the green → red scale of a unitary alignment's disorder.

use eframe::egui::{Color32, ecolor::Hsva};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The file in the data folder that keeps each category's colour.
const CATEGORY_COLOURS: &str = "category-colours.json";

/// The qualitative palette: Okabe & Ito's (2008) without black, then pink, sand and white,
/// all readable on the dark background.
pub const QUALITATIVE: [(u8, u8, u8); 10] = [
    (0xE6, 0x9F, 0x00), // orange
    (0x56, 0xB4, 0xE9), // sky blue
    (0x00, 0x9E, 0x73), // bluish green
    (0xF0, 0xE4, 0x42), // yellow
    (0x00, 0x72, 0xB2), // blue
    (0xD5, 0x5E, 0x00), // vermillion
    (0xCC, 0x79, 0xA7), // reddish purple
    (0xFF, 0xAA, 0xBB), // pink
    (0xEE, 0xCC, 0x66), // sand
    (0xFF, 0xFF, 0xFF), // white
];

/// How a category's units are filled beyond its colour (past ten categories colours repeat).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    Solid,
    /// Diagonal stripes.
    Hatched,
    /// Stripes the other way.
    CrossHatched,
}

/// The colour (and pattern) of each category of a document.
#[derive(Debug, Clone, Default)]
pub struct CategoryColours {
    slots: HashMap<String, usize>,
}

impl CategoryColours {
    pub fn colour(&self, category: &str) -> Color32 {
        self.slots
            .get(category)
            .map_or(Color32::GRAY, |&slot| nth_colour(slot))
    }

    pub fn pattern(&self, category: &str) -> Pattern {
        match self
            .slots
            .get(category)
            .map(|slot| slot / QUALITATIVE.len())
        {
            None | Some(0) => Pattern::Solid,
            Some(1) => Pattern::Hatched,
            Some(_) => Pattern::CrossHatched,
        }
    }
}

fn nth_colour(n: usize) -> Color32 {
    let (r, g, b) = QUALITATIVE[n % QUALITATIVE.len()];
    Color32::from_rgb(r, g, b)
}

/// The slots (colour and pattern) given to category names: a category seen in one document has
/// the same colour in the next, and in the next session (kept in the data folder).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CategoryMemory {
    slots: BTreeMap<String, usize>,
}

impl CategoryMemory {
    /// The colours kept in `folder` (none when it is `None`, holds none, or holds a file that
    /// cannot be read: the colours are then given afresh).
    pub fn in_folder(folder: Option<&Path>) -> CategoryMemory {
        crate::app::files::data_folder::read_kept(folder, CATEGORY_COLOURS)
    }

    /// Keeps the colours in `folder`; an error says why they were not kept.
    pub fn save(&self, folder: &Path) -> Result<(), crate::app::errors::AppError> {
        let what = "the categories' colours";
        crate::app::files::data_folder::keep(folder, CATEGORY_COLOURS, self, what)
    }

    /// The slots of `categories` (those that have one), for a project file.
    pub fn slots_of<'a>(
        &self,
        categories: impl IntoIterator<Item = &'a str>,
    ) -> BTreeMap<String, usize> {
        categories
            .into_iter()
            .filter_map(|c| Some((c.to_string(), *self.slots.get(c)?)))
            .collect()
    }

    /// Takes a project's slots: its categories keep the colours they had in it (a category
    /// remembered with one of those slots gives it up and is coloured afresh).
    pub fn adopt(&mut self, slots: &BTreeMap<String, usize>) {
        self.slots
            .retain(|name, slot| slots.contains_key(name) || !slots.values().any(|s| s == slot));
        self.slots
            .extend(slots.iter().map(|(name, slot)| (name.clone(), *slot)));
    }

    /// Colours for `categories`: those seen before keep theirs; the others, in the model's
    /// order when given (its types first, then the others alphabetically), take a colour no
    /// category has had yet, else one no category of this document has, else a pattern.
    pub fn colours(
        &mut self,
        categories: &[String],
        model_order: Option<&[String]>,
    ) -> CategoryColours {
        let mut order: Vec<&String> = model_order
            .map(|m| m.iter().filter(|c| categories.contains(c)).collect())
            .unwrap_or_default();
        let mut rest: Vec<&String> = categories.iter().filter(|c| !order.contains(c)).collect();
        rest.sort();
        order.extend(rest);
        // Those seen before keep their slot (unless another category here has it already),
        // then the new ones take a free one.
        let mut here: HashMap<String, usize> = HashMap::new();
        for category in &order {
            if let Some(&slot) = self.slots.get(category.as_str())
                && !here.values().any(|&s| s == slot)
            {
                here.insert(category.to_string(), slot);
            }
        }
        for category in order {
            if here.contains_key(category.as_str()) {
                continue;
            }
            let free_here = |s: &usize| !here.values().any(|t| t == s);
            let slot = (0..QUALITATIVE.len())
                .find(|s| !self.slots.values().any(|t| t == s) && free_here(s))
                .or_else(|| (0..).find(free_here))
                .expect("an unbounded range has a free slot");
            self.slots.insert(category.clone(), slot);
            here.insert(category.clone(), slot);
        }
        CategoryColours { slots: here }
    }
}

/// Colours for `categories` of a document alone (a new session's).
pub fn for_categories(categories: &[String], model_order: Option<&[String]>) -> CategoryColours {
    CategoryMemory::default().colours(categories, model_order)
}

/// Stripes over `rect` (already filled with `colour`) for a category's `pattern`: diagonal
/// lines every `spacing` pixels, in black or white (whichever reads on the colour). Past ten
/// categories colours repeat: the stripes tell the second ten apart, wherever units and
/// swatches are drawn (timeline, reading view, legends).
pub fn paint_stripes(
    painter: &eframe::egui::Painter,
    rect: eframe::egui::Rect,
    colour: Color32,
    pattern: Pattern,
) {
    use eframe::egui::{Stroke, pos2};
    if pattern == Pattern::Solid || rect.width() <= 0.0 {
        return;
    }
    // Lines at 45°, as far apart as the box is high (at least 4 px): a thin lane gets a few
    // clear strokes rather than a grey blur.
    let spacing = rect.height().clamp(4.0, 6.0);
    let stroke = Stroke::new(1.5, text_on(colour).gamma_multiply(0.6));
    let painter = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
    let mut x = rect.left() - rect.height();
    while x < rect.right() {
        let line = if pattern == Pattern::Hatched {
            [pos2(x, rect.bottom()), pos2(x + rect.height(), rect.top())]
        } else {
            [pos2(x, rect.top()), pos2(x + rect.height(), rect.bottom())]
        };
        painter.line_segment(line, stroke);
        x += spacing;
    }
}

/// A category's swatch in a legend: its colour (an outline only when `hidden`), with its
/// stripes, as its units are drawn.
pub fn category_swatch(
    painter: &eframe::egui::Painter,
    rect: eframe::egui::Rect,
    colours: &CategoryColours,
    category: &str,
    hidden: bool,
) {
    use eframe::egui::{CornerRadius, Stroke, StrokeKind};
    let colour = colours.colour(category);
    if !hidden {
        painter.rect_filled(rect, CornerRadius::same(2), colour);
        paint_stripes(painter, rect, colour, colours.pattern(category));
    }
    painter.rect_stroke(
        rect,
        CornerRadius::same(2),
        Stroke::new(1.0, colour),
        StrokeKind::Inside,
    );
}

/// A chart's legend, drawn above it (never over its bars and curves): a swatch and a name
/// for each series, an entry never split from its swatch, the entries on as many lines as the
/// width needs (never wider than the panel).
pub fn legend(ui: &mut eframe::egui::Ui, entries: &[(String, Color32)]) {
    use eframe::egui::{self, TextStyle, TextWrapMode, WidgetText};
    let swatch = egui::vec2(14.0, 10.0);
    ui.horizontal_wrapped(|ui| {
        let right = ui.max_rect().right();
        let spacing = ui.spacing().item_spacing.x;
        for (i, (name, colour)) in entries.iter().enumerate() {
            let text = WidgetText::from(name.as_str()).into_galley(
                ui,
                Some(TextWrapMode::Extend),
                f32::INFINITY,
                TextStyle::Body,
            );
            let width = swatch.x + spacing + text.size().x;
            if i > 0 && ui.cursor().left() + width > right {
                ui.end_row();
            }
            let (rect, _) = ui.allocate_exact_size(swatch, egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, *colour);
            ui.add(egui::Label::new(name.as_str()).wrap());
            ui.add_space(6.0);
        }
    });
}

/// Green (no disorder) → yellow → red (the worst), for `share` in [0, 1].
pub fn disorder_colour(share: f64) -> Color32 {
    let t = share.clamp(0.0, 1.0) as f32;
    let hue = (1.0 - t) * 0.33;
    Hsva::new(hue, 0.85, 0.8, 1.0).into()
}

/// Black or white, whichever reads better on `background`.
pub fn text_on(background: Color32) -> Color32 {
    let luminance = 0.299 * background.r() as f32
        + 0.587 * background.g() as f32
        + 0.114 * background.b() as f32;
    if luminance > 150.0 {
        Color32::BLACK
    } else {
        Color32::WHITE
    }
}

/// Colour of an alignment's adjudication status: open amber, decided green, skipped grey.
pub fn status_colour(decision: &gamma_core::gold::Decision) -> Color32 {
    use gamma_core::gold::Decision;
    match decision {
        Decision::Open => OPEN,
        Decision::Decided { .. } => DECIDED,
        Decision::Skipped { .. } => SKIPPED,
    }
}

/// A relation decision's colour, as an alignment's ([`status_colour`]).
pub fn relation_status_colour(decision: &gamma_core::gold::RelationDecision) -> Color32 {
    use gamma_core::gold::RelationDecision;
    match decision {
        RelationDecision::Open => OPEN,
        RelationDecision::Decided { .. } => DECIDED,
        RelationDecision::Skipped { .. } => SKIPPED,
    }
}

const OPEN: Color32 = Color32::from_rgb(235, 160, 30);
const DECIDED: Color32 = Color32::from_rgb(60, 170, 90);
const SKIPPED: Color32 = Color32::from_rgb(150, 150, 150);

#[cfg(test)]
mod tests;
