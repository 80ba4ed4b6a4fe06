//! Colours: a stable colour per category (the Glozz model's order when there is one, else the
//! alphabetical order), and the green → red scale of a unitary alignment's disorder.

use eframe::egui::{Color32, ecolor::Hsva};
use std::collections::HashMap;

/// Colours of well-separated hues for the first categories, then golden-angle hues.
const FIRST: [(u8, u8, u8); 10] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
];

/// The colour of each category.
#[derive(Debug, Clone)]
pub struct CategoryColours {
    colours: HashMap<String, Color32>,
}

impl CategoryColours {
    pub fn colour(&self, category: &str) -> Color32 {
        self.colours.get(category).copied().unwrap_or(Color32::GRAY)
    }
}

fn nth_colour(n: usize) -> Color32 {
    match FIRST.get(n) {
        Some(&(r, g, b)) => Color32::from_rgb(r, g, b),
        None => {
            let hue = (n as f32 * 0.618_034).fract();
            Hsva::new(hue, 0.55, 0.85, 1.0).into()
        }
    }
}

/// Colours for `categories`, in the model's order when given (its types first, then the
/// others alphabetically), so that a category keeps its colour across documents of a campaign.
pub fn for_categories(categories: &[String], model_order: Option<&[String]>) -> CategoryColours {
    let mut order: Vec<&String> = model_order.map(|m| m.iter().collect()).unwrap_or_default();
    let mut rest: Vec<&String> = categories.iter().filter(|c| !order.contains(c)).collect();
    rest.sort();
    order.extend(rest);
    CategoryColours {
        colours: order
            .into_iter()
            .enumerate()
            .map(|(i, c)| (c.clone(), nth_colour(i)))
            .collect(),
    }
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
        Decision::Open => Color32::from_rgb(235, 160, 30),
        Decision::Decided { .. } => Color32::from_rgb(60, 170, 90),
        Decision::Skipped { .. } => Color32::from_rgb(150, 150, 150),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_the_model_order_then_the_alphabet() {
        let categories: Vec<String> = ["LOC", "PER", "DATE"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let alphabetical = for_categories(&categories, None);
        assert_eq!(alphabetical.colour("DATE"), nth_colour(0));
        assert_eq!(alphabetical.colour("PER"), nth_colour(2));
        let model = vec!["PER".to_string()];
        let modelled = for_categories(&categories, Some(&model));
        assert_eq!(modelled.colour("PER"), nth_colour(0));
        assert_eq!(modelled.colour("DATE"), nth_colour(1));
        assert_eq!(modelled.colour("unknown"), Color32::GRAY);
    }

    #[test]
    fn disorder_goes_from_green_to_red() {
        let low = disorder_colour(0.0);
        let high = disorder_colour(1.0);
        assert!(low.g() > low.r(), "{low:?}");
        assert!(high.r() > high.g(), "{high:?}");
    }
}
