//! The places where two confused categories meet ([`gamma_core::diagnostics::examples`]), as
//! a list for the guideline document: Markdown or CSV, every cell neutralised. The command
//! line's `examples` and the app's anatomy window write them.

use crate::csv_cells::CsvTable;
use crate::feedback_pages::md;
use gamma_core::diagnostics::Example;
use std::fmt::Write;

/// Each annotator's unit of `example` in words: `ana: PER “Paris” [17, 22)`.
pub fn units_words(example: &Example) -> Vec<String> {
    (example.units.iter())
        .map(|u| {
            format!(
                "{}: {} “{}” [{}, {})",
                u.annotator,
                u.category,
                u.text.as_deref().unwrap_or(""),
                u.start,
                u.end
            )
        })
        .collect()
}

/// The list as Markdown: a `##` title, then each place with its text in context (the two
/// categories' span in bold) and every annotator's unit; the document named when `documents`
/// is more than one. Every name and text neutralised.
pub fn markdown(found: &[Example], title: &str, documents: usize) -> String {
    let places = crate::losses::count(found.len(), "place");
    let mut s = format!("## {}\n\n{places}\n\n", md(title));
    for e in found {
        let context = e.context.as_ref().map_or_else(String::new, |c| {
            format!("{}**{}**{}", md(&c.before), md(&c.span), md(&c.after))
        });
        let place = if documents > 1 {
            format!("{}, alignment {}", md(&e.document), e.id.alignment + 1)
        } else {
            format!("alignment {}", e.id.alignment + 1)
        };
        let _ = writeln!(s, "- {context} ({place})");
        for words in units_words(e) {
            let _ = writeln!(s, "  - {}", md(&words));
        }
    }
    s
}

/// The list as CSV, one row per place, every cell neutralised for spreadsheets.
pub fn csv_text(found: &[Example]) -> String {
    // Every cell neutralised for spreadsheets by the table.
    let mut table = CsvTable::new();
    table.row([
        "document",
        "alignment",
        "disorder",
        "units",
        "before",
        "text",
        "after",
    ]);
    for e in found {
        let (before, span, after) = e.context.as_ref().map_or_else(Default::default, |c| {
            (c.before.clone(), c.span.clone(), c.after.clone())
        });
        table.row([
            e.document.clone(),
            (e.id.alignment + 1).to_string(),
            format!("{:.6}", e.disorder),
            units_words(e).join("; "),
            before,
            span,
            after,
        ]);
    }
    table.finish()
}
