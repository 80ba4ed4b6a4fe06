//! The Help menu: the keys and the mouse, the guide (`docs/guide.md`, embedded and rendered as
//! Markdown by egui_commonmark) and About (version, the papers the measures come from), each in
//! its own window.

use eframe::egui::{self, Ui};
use egui_commonmark::{CommonMarkCache, CommonMarkViewer};

/// A Help window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpPage {
    /// Keys and mouse.
    Shortcuts,
    /// The guided tour of the app.
    Guide,
    /// Version and papers.
    About,
}

/// The keys and mouse actions, as (key, what it does).
const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+O", "open annotation files"),
    ("Ctrl+S", "save the adjudication session as…"),
    ("Ctrl+E", "export the gold"),
    ("N / P (Shift+N)", "next / previous open disagreement"),
    ("1 … 9", "put that annotator's unit in the gold"),
    ("A", "accept the suggestion"),
    ("R / S", "reject / skip the alignment"),
    (
        "W, then 1 … 9 (0, Esc)",
        "the decided alignment's reason from the campaign's list (none; close), and its note",
    ),
    ("Ctrl+Z, Ctrl+Shift+Z (Ctrl+Y)", "undo, redo"),
    ("Del", "remove the selected gold unit"),
    (
        "coding study: 1 … 9, A, R, Del",
        "that coder's label, the majority's label, no gold label, open the item again",
    ),
    ("reading view: click a span", "select its alignment"),
    (
        "reading view: select text",
        "a gold unit there, or the selected gold unit's new boundaries (while adjudicating)",
    ),
    ("timeline: Ctrl + wheel, pinch", "zoom around the pointer"),
    ("timeline: drag, wheel", "pan"),
    ("timeline: double click a unit", "put it in the gold"),
];

/// The guide, as shipped in `docs/guide.md`.
const GUIDE: &str = include_str!("../../../docs/guide.md");

/// The Help menu's entries.
pub fn menu(ui: &mut Ui, open: &mut Option<HelpPage>) {
    ui.menu_button("Help", |ui| {
        for (page, label) in [
            (HelpPage::Shortcuts, "Keys and mouse"),
            (HelpPage::Guide, "Guide"),
            (HelpPage::About, "About Gamma Studio"),
        ] {
            if ui.button(label).clicked() {
                ui.close();
                *open = Some(page);
            }
        }
    });
}

/// The guide as the window shows it: the screenshots (files beside `docs/guide.md`, not in the
/// installed app) become their caption in italics, and a command block becomes lines of inline
/// code (egui_commonmark marks its code blocks with a copy icon that no font of ours draws).
fn guide_for_window() -> String {
    let mut shown = Vec::new();
    let mut in_block = false;
    for line in GUIDE.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_block = !in_block;
            shown.push(String::new());
        } else if in_block {
            let indent = line.len() - trimmed.len();
            let code = format!("{}{}", "\u{a0}".repeat(indent), trimmed.trim_end());
            shown.push(format!("`` {code} ``  "));
        } else if let Some((caption, _)) = trimmed
            .strip_prefix("![")
            .and_then(|rest| rest.split_once("]("))
        {
            shown.push(format!("*Screenshot: {caption}.*"));
        } else {
            shown.push(line.to_string());
        }
    }
    shown.join("\n")
}

/// The Guide window's Markdown: the text shown and the viewer's cache.
#[derive(Default)]
pub struct GuideView {
    markdown: CommonMarkCache,
    text: Option<String>,
}

/// The open Help window, if any.
pub fn window(context: &egui::Context, open: &mut Option<HelpPage>, guide: &mut GuideView) {
    let Some(page) = *open else {
        return;
    };
    let mut still_open = true;
    let title = match page {
        HelpPage::Shortcuts => "Keys and mouse",
        HelpPage::Guide => "Guide",
        HelpPage::About => "About Gamma Studio",
    };
    egui::Window::new(title)
        .open(&mut still_open)
        .default_size([560.0, 480.0])
        .resizable(true)
        .show(context, |ui| match page {
            HelpPage::Shortcuts => {
                egui::Grid::new("help-shortcuts")
                    .striped(true)
                    .show(ui, |ui| {
                        for (key, action) in SHORTCUTS {
                            ui.strong(*key);
                            ui.label(*action);
                            ui.end_row();
                        }
                    });
            }
            HelpPage::Guide => {
                let GuideView { markdown, text } = guide;
                let text = text.get_or_insert_with(guide_for_window);
                egui::ScrollArea::vertical().show(ui, |ui| {
                    CommonMarkViewer::new().show(ui, markdown, text);
                });
            }
            HelpPage::About => about(ui),
        });
    if !still_open {
        *open = None;
    }
}

fn about(ui: &mut Ui) {
    ui.heading(format!("Gamma Studio {}", env!("CARGO_PKG_VERSION")));
    ui.label("Inter-annotator agreement on spans, computed exactly, and adjudication into a gold standard.");
    ui.add_space(6.0);
    ui.strong("The measures come from");
    for paper in [
        "Mathet, Widlöcher & Métivier (2015). The unified and holistic method Gamma (γ) for inter-annotator agreement measure and alignment. Computational Linguistics 41(3) (γ, the alignment, γ-cat, γ-k).",
        "Mathet, Widlöcher, Fort, François, Galibert, Grouin, Kahn, Rosset & Zweigenbaum (2012). Manual corpus annotation: giving meaning to the evaluation metrics (the Corpus Shuffling Tool). COLING 2012.",
        "Barteld, Schröder & Zinsmeister (2016). tγ – Inter-annotator agreement for categorization with simultaneous segmentation and transcription-error correction. KONVENS 2016.",
        "Artstein & Poesio (2008). Inter-coder agreement for computational linguistics. Computational Linguistics 34(4) (κ, π, α).",
    ] {
        ui.label(format!("• {paper}"));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_embedded_guide_is_the_one_in_docs() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md");
        assert_eq!(super::GUIDE, std::fs::read_to_string(path).unwrap());
        assert!(super::GUIDE.contains("Gamma Studio"));
    }

    #[test]
    fn the_guide_speaks_of_the_installed_app_and_its_pictures_become_captions() {
        assert!(!super::GUIDE.contains("cargo run"));
        let shown = super::guide_for_window();
        assert!(!shown.contains("!["), "no image link left");
        assert!(shown.contains("*Screenshot: The reading view on the demo"));
        assert!(!shown.contains("```"), "no code block");
        assert!(
            shown.contains("`` gamma-studio calibrate resources/demo/named-entities.csv ``  \n")
        );
    }
}
