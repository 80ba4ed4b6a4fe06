//! The report's section "Why the annotators disagree": the anatomy of the disagreement
//! ([`gamma_core::diagnostics`]) — `D_o` in parts, the categories aligned together, each
//! annotator's habits, γ with each annotator left out — in HTML and Markdown.

use super::svg::escape;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::diagnostics::{Anatomy, Usage, anatomy, left_out};
use gamma_core::gamma::RunControl;
use gamma_core::{Corpus, GammaOptions, GammaResult};
use serde::Serialize;
use std::fmt::Write;

/// γ without one annotator.
#[derive(Debug, Clone, Serialize)]
pub struct LeftOutRow {
    /// The annotator left out.
    pub annotator: String,
    /// γ of the others.
    pub gamma: Option<f64>,
    /// Its 95 % bootstrap confidence interval.
    pub confidence_interval: Option<(f64, f64)>,
    /// Why γ or its interval is missing.
    pub error: Option<String>,
}

/// The anatomy and γ left out.
#[derive(Debug, Clone, Serialize)]
pub struct AnatomySection {
    /// The anatomy as the core gives it (alignment ids from 0, with the document's index).
    pub anatomy: Anatomy,
    /// γ with each annotator left out (three annotators or more).
    pub left_out: Vec<LeftOutRow>,
    /// The unit of the boundary offsets.
    pub position_unit: String,
}

/// The section for `corpus` measured as `result`.
pub fn gather(
    corpus: &Corpus,
    result: &GammaResult,
    options: &GammaOptions,
    replicates: usize,
) -> AnatomySection {
    let anatomy = anatomy(corpus, result);
    let left_out = if anatomy.annotators.len() >= 3 {
        let bootstrap = BootstrapOptions {
            replicates,
            level: 0.95,
            seed: options.seed,
        };
        left_out(corpus, options, &bootstrap, RunControl::default())
            .into_iter()
            .map(|row| match row.result {
                Ok(r) => LeftOutRow {
                    annotator: row.annotator,
                    gamma: Some(r.gamma),
                    confidence_interval: r.confidence_interval.as_ref().ok().map(|i| i.gamma),
                    error: r.confidence_interval.err().map(|e| e.to_string()),
                },
                Err(e) => LeftOutRow {
                    annotator: row.annotator,
                    gamma: None,
                    confidence_interval: None,
                    error: Some(e.to_string()),
                },
            })
            .collect()
    } else {
        Vec::new()
    };
    let with_text = corpus.documents.iter().all(|d| d.text.is_some());
    AnatomySection {
        anatomy,
        left_out,
        position_unit: if with_text { "characters" } else { "positions" }.to_string(),
    }
}

fn percent(part: f64, whole: f64) -> String {
    if whole > 0.0 {
        format!("{:.1} %", 100.0 * part / whole)
    } else {
        "–".to_string()
    }
}

fn signed(x: Option<f64>) -> String {
    x.map_or("–".to_string(), |x| format!("{x:+.2}"))
}

/// The categories an annotator uses more or less than the others.
fn usage(section: &AnatomySection, annotator: usize, wanted: Usage) -> Vec<&str> {
    (section.anatomy.profiles[annotator].categories.iter())
        .filter(|c| c.usage == wanted)
        .map(|c| c.category.as_str())
        .collect()
}

/// The rows of every table of the section, as plain cells (escaped by each rendering).
struct Tables {
    parts: Vec<[String; 5]>,
    confusions: Vec<[String; 4]>,
    annotators: Vec<[String; 8]>,
    left_out: Vec<[String; 3]>,
}

/// How many cells of the confusion table are shown (most disorder first).
const CONFUSIONS_SHOWN: usize = 15;

fn tables(section: &AnatomySection) -> Tables {
    let a = &section.anatomy;
    let observed = a.observed_disorder;
    let d = &a.decomposition;
    let mut parts = vec![[
        "all".to_string(),
        format!("{:.4}", d.total.positional),
        format!("{:.4}", d.total.categorical),
        format!("{:.4}", d.total.empty),
        percent(d.total.total(), observed),
    ]];
    for row in d.per_category.iter().chain(&d.per_pair) {
        parts.push([
            row.name.clone(),
            format!("{:.4}", row.parts.positional),
            format!("{:.4}", row.parts.categorical),
            format!("{:.4}", row.parts.empty),
            percent(row.parts.total(), observed),
        ]);
    }
    let confusions = (a.confusions.iter())
        .filter(|c| c.disorder > 0.0)
        .take(CONFUSIONS_SHOWN)
        .map(|c| {
            [
                c.first.clone(),
                c.second.clone().unwrap_or_else(|| "∅".to_string()),
                c.pairs.to_string(),
                percent(c.disorder, observed),
            ]
        })
        .collect();
    let annotators = (a.profiles.iter().enumerate())
        .map(|(i, p)| {
            [
                p.annotator.clone(),
                format!("{} ({:.1})", p.units, p.others_mean_units),
                p.missed.count.to_string(),
                p.added.count.to_string(),
                signed(p.start_offset),
                signed(p.end_offset),
                usage(section, i, Usage::Over).join(", "),
                usage(section, i, Usage::Under).join(", "),
            ]
        })
        .collect();
    let left_out = (section.left_out.iter())
        .map(|row| {
            [
                row.annotator.clone(),
                row.gamma.map_or("–".to_string(), |g| format!("{g:.4}")),
                match (row.confidence_interval, &row.error) {
                    (Some((low, high)), _) => format!("{low:.4} … {high:.4}"),
                    (None, Some(e)) => e.clone(),
                    (None, None) => "–".to_string(),
                },
            ]
        })
        .collect();
    Tables {
        parts,
        confusions,
        annotators,
        left_out,
    }
}

const PARTS_HEAD: [&str; 5] = [
    "of",
    "positional",
    "categorical",
    "empty slots",
    "share of D_o",
];
const CONFUSIONS_HEAD: [&str; 4] = ["category", "aligned with", "pairs", "share of D_o"];
const ANNOTATORS_HEAD: [&str; 8] = [
    "annotator",
    "units (others' mean)",
    "missed",
    "added",
    "start offset",
    "end offset",
    "over-used",
    "under-used",
];
const LEFT_OUT_HEAD: [&str; 3] = ["left out", "γ of the others", "95 % bootstrap interval"];

fn html_table<const N: usize>(s: &mut String, head: [&str; N], rows: &[[String; N]]) {
    s.push_str("<table><tr>");
    for h in head {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr>");
    for row in rows {
        s.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if i > 0 { " class=\"num\"" } else { "" };
            let _ = write!(s, "<td{class}>{}</td>", escape(cell));
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
}

/// The section as HTML.
pub fn html(s: &mut String, section: &AnatomySection) {
    let t = tables(section);
    let _ = write!(
        s,
        "<section id=\"anatomy\"><h2>Why the annotators disagree</h2>"
    );
    html_table(s, PARTS_HEAD, &t.parts);
    why_html(
        s,
        "The observed disorder D_o of the best alignment in its three kinds: boundaries that differ (α·d_pos), categories that differ (β·d_cat) and units the others have not (Δ∅), in all, per category and per pair of annotators. Each block adds up to D_o.",
    );
    if !t.confusions.is_empty() {
        html_table(s, CONFUSIONS_HEAD, &t.confusions);
        why_html(
            s,
            "Categories the best alignment puts together, with their share of D_o (∅: a unit another annotator has not).",
        );
    }
    html_table(s, ANNOTATORS_HEAD, &t.annotators);
    why_html(
        s,
        &format!(
            "Each annotator: units marked (the others' mean), missed (all the others have a unit there) and added (alone in the alignment), mean signed offsets of her bounds against the others' in {} (negative: earlier), and categories she uses more or less than the others (adjusted residual beyond ±1.96).",
            section.position_unit
        ),
    );
    if !t.left_out.is_empty() {
        html_table(s, LEFT_OUT_HEAD, &t.left_out);
        why_html(
            s,
            "γ of the others with each annotator left out: the annotator whose absence raises γ most disagrees most with the group.",
        );
    }
    s.push_str("</section>");
}

fn why_html(s: &mut String, text: &str) {
    let _ = write!(s, "<p class=\"why\">{}</p>", escape(text));
}

/// A Markdown table cell: the characters Markdown reads as markup escaped, line breaks as
/// spaces.
pub(super) fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '!' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn md_table<const N: usize>(s: &mut String, head: [&str; N], rows: &[[String; N]]) {
    let _ = writeln!(s, "\n| {} |", head.join(" | "));
    let _ = writeln!(s, "|{}", "---|".repeat(N));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| md(c)).collect();
        let _ = writeln!(s, "| {} |", cells.join(" | "));
    }
}

/// The section as Markdown.
pub fn markdown(s: &mut String, section: &AnatomySection) {
    let t = tables(section);
    s.push_str("\n## Why the annotators disagree\n");
    md_table(s, PARTS_HEAD, &t.parts);
    if !t.confusions.is_empty() {
        md_table(s, CONFUSIONS_HEAD, &t.confusions);
    }
    md_table(s, ANNOTATORS_HEAD, &t.annotators);
    let _ = writeln!(s, "\nOffsets in {}.", section.position_unit);
    if !t.left_out.is_empty() {
        md_table(s, LEFT_OUT_HEAD, &t.left_out);
    }
}
