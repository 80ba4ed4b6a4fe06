//! The report as text: the methods paragraph, Markdown (for a README or a notebook) and LaTeX
//! tables (for a paper).
//!
//! Names (annotators, categories, documents, the reference) are escaped in both: in Markdown
//! ([`md`]) every character Markdown or HTML reads as syntax (`<`, `>`, `&`, `|`, `` ` ``, `*`,
//! `_`, `[`, `]`, `#`, `$`…) is written after a backslash, and control characters (a line break
//! would forge a table row) as escapes (`\n`, `\u{1b}`: [`crate::printable`]); in LaTeX
//! ([`tex`]) its special characters. The command that gives the figures again is a fenced code
//! block in Markdown, quoted for a POSIX shell ([`super::command_line`]).

use super::Report;
use crate::wording::plural;
use std::fmt::Write;

fn number(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() => format!("{x:.4}"),
        _ => "–".to_string(),
    }
}

/// What the per-document column "chance precision" is, under the table in every format.
pub(super) const CHANCE_PRECISION_NOTE: &str = "chance precision: the precision interval of the chance estimate (how precisely the random continua estimated each document's expected disorder D_e), not a confidence interval of γ (the bootstrap confidence interval, where one could be drawn, is the corpus's, under γ).";

/// One row of the corpus-level table: what it is, its value, its bootstrap confidence interval.
pub(super) struct CorpusRow {
    /// The coefficient, as papers write it.
    pub label: String,
    /// Its value over the whole corpus (pooled), when defined.
    pub value: Option<f64>,
    /// Its bootstrap confidence interval, when one could be drawn.
    pub interval: Option<(f64, f64)>,
}

/// The corpus-level coefficients a paper reports: pooled γ, γ-cat and γ-k of each category with
/// their bootstrap confidence intervals, and the agreement on relations (no interval) when the
/// documents have relations.
pub(super) fn corpus_rows(report: &Report) -> Vec<CorpusRow> {
    let o = &report.overall;
    let ci = o.confidence_interval.as_ref().ok();
    let mut rows = vec![CorpusRow {
        label: "γ (pooled)".to_string(),
        value: Some(o.gamma),
        interval: ci.map(|ci| ci.gamma),
    }];
    if o.gamma_cat.is_some() {
        rows.push(CorpusRow {
            label: "γ-cat".to_string(),
            value: o.gamma_cat,
            interval: ci.and_then(|ci| ci.gamma_cat),
        });
    }
    for (category, value) in &o.gamma_k {
        rows.push(CorpusRow {
            label: format!("γ-k {category}"),
            value: Some(*value),
            interval: ci.and_then(|ci| ci.gamma_k.get(category).copied()),
        });
    }
    if let Some(relations) = &report.relations {
        let overall = &relations.overall;
        for (what, value) in [
            ("relations: F1 unlabelled", overall.f1_unlabelled),
            ("relations: F1 labelled", overall.f1_labelled),
        ] {
            rows.push(CorpusRow {
                label: what.to_string(),
                value: Some(value),
                interval: None,
            });
        }
    }
    rows
}

/// What the intervals of the corpus-level table are, said once under it.
pub(super) fn corpus_note(report: &Report) -> String {
    match &report.overall.confidence_interval {
        Ok(ci) => format!(
            "Intervals: {:.0} % bootstrap confidence intervals ({}: {} resampled, {} replicates, \
             seed {}): how much each figure would vary with other documents (or stretches of \
             text) like these. The precision interval of the chance estimate is another thing, \
             under γ.{}",
            100.0 * ci.level,
            ci.unit.method(),
            ci.n_units,
            ci.replicates,
            ci.seed,
            match report.relations {
                Some(_) => " Relation agreement has no interval.",
                None => "",
            }
        ),
        Err(why) => format!("No confidence interval: {why}."),
    }
}

/// A paragraph for a paper's method section.
pub fn methods_paragraph(report: &Report) -> String {
    let m = &report.method;
    let reference = report
        .against_reference
        .as_ref()
        .map_or_else(String::new, |r| {
            format!(
                " {} is the reference: it is left out of these figures, and each annotator is \
             scored against it separately (γ with the reference's chance model, and span \
             precision, recall and F1).",
                r.reference
            )
        });
    let paragraph = format!(
        "Inter-annotator agreement was measured with γ (Mathet, Widlöcher & Métivier 2015) on {} \
         annotated by {} ({}), with α = {}, β = {}, Δ∅ = {} and the \
         {} categorical dissimilarity; the best alignment was computed exactly. The expected \
         disorder was estimated from {} continua drawn by the {} sampler (seed {}). Computed with \
         {}; the same figures are given by the command below.",
        plural(report.documents.len(), "document", "documents"),
        plural(report.annotators.len(), "annotator", "annotators"),
        plural(report.n_units, "unit", "units"),
        m.alpha,
        m.beta,
        m.delta_empty,
        m.categorical,
        m.samples,
        m.sampler,
        m.seed,
        m.software,
    );
    paragraph + &reference
}

/// A name as Markdown text: control characters escaped ([`crate::printable::name`]), and each
/// character that Markdown, its tables, its math (`$`) or the HTML it allows could read as
/// syntax inside a line written after a backslash (CommonMark and pandoc read `\|`, `\<`… as
/// the character itself).
pub fn md(text: &str) -> String {
    let text = crate::printable::name(text);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if "\\`*_[]<>#|&~!$^".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `code` as a Markdown fenced code block: its fence longer than any run of backticks in it.
pub fn code_block(code: &str) -> String {
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}sh\n{code}\n{fence}\n")
}

/// The main figures as Markdown.
pub fn markdown(report: &Report) -> String {
    let o = &report.overall;
    let mut s = String::from("# Agreement report\n\n");
    let _ = writeln!(
        s,
        "{}\n\n{}",
        md(&methods_paragraph(report)),
        code_block(&report.method.rerun)
    );
    if report.documents.len() > 1 {
        let level = (o.confidence_interval.as_ref()).map_or(95.0, |ci| 100.0 * ci.level);
        let _ = writeln!(
            s,
            "## Corpus-level coefficients\n\n| coefficient | value | {level:.0} % bootstrap confidence interval |\n|---|---|---|"
        );
        for row in corpus_rows(report) {
            let interval = row.interval.map_or_else(
                || "–".to_string(),
                |(low, high)| format!("{} … {}", number(Some(low)), number(Some(high))),
            );
            let _ = writeln!(
                s,
                "| {} | {} | {interval} |",
                md(&row.label),
                number(row.value)
            );
        }
        let _ = writeln!(s, "\n{}\n\n## Details\n", md(&corpus_note(report)));
    }
    let _ = writeln!(s, "| figure | value |\n|---|---|");
    let _ = writeln!(s, "| γ | {} |", number(Some(o.gamma)));
    if let Ok(ci) = &o.confidence_interval {
        let _ = writeln!(
            s,
            "| {:.0} % confidence interval ({}) | {} … {} |",
            100.0 * ci.level,
            ci.unit.method(),
            number(Some(ci.gamma.0)),
            number(Some(ci.gamma.1))
        );
    }
    let _ = writeln!(
        s,
        "| precision interval ({:.0} %) | {} … {} |",
        100.0 * report.method.confidence,
        number(Some(o.precision_interval.0)),
        number(Some(o.precision_interval.1))
    );
    let _ = writeln!(s, "| D_o | {} |", number(Some(o.observed_disorder)));
    let _ = writeln!(s, "| D_e | {} |", number(Some(o.expected_disorder)));
    let _ = writeln!(s, "| γ-cat | {} |", number(o.gamma_cat));
    let interval_of = |category: &str| -> String {
        (o.confidence_interval.as_ref().ok())
            .and_then(|ci| ci.gamma_k.get(category))
            .map_or_else(String::new, |&(low, high)| {
                format!(" ({} … {})", number(Some(low)), number(Some(high)))
            })
    };
    for (k, v) in &o.gamma_k {
        let _ = writeln!(
            s,
            "| γ-k {} | {}{} |",
            md(k),
            number(Some(*v)),
            interval_of(k)
        );
    }
    if !report.pairwise.is_empty() {
        let _ = writeln!(s, "\n| annotators | documents | γ |\n|---|---|---|");
        for p in &report.pairwise {
            let _ = writeln!(
                s,
                "| {} – {} | {} | {} |",
                md(&p.annotators[0]),
                md(&p.annotators[1]),
                p.documents,
                number(p.gamma)
            );
        }
    }
    if let Some(Ok(rows)) = report.against_reference.as_ref().map(|r| &r.annotators) {
        let reference = md(&report.against_reference.as_ref().expect("some").reference);
        let _ = writeln!(
            s,
            "\n| against {reference} | documents | γ | precision | recall | F1 strict | F1 partial |\n|---|---|---|---|---|---|---|"
        );
        for row in rows {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} |",
                md(&row.annotator),
                row.documents,
                number(row.gamma),
                number(Some(row.strict[0])),
                number(Some(row.strict[1])),
                number(Some(row.strict[2])),
                number(Some(row.partial_f1))
            );
        }
    }
    if let Some(Ok(c)) = &report.calibration {
        let _ = writeln!(
            s,
            "\nγ = {:.3} is about the γ of annotators making (Corpus Shuffling Tool; {}, {} sets \
             per magnitude, step {}, seed {}):\n\n| error | magnitude |\n|---|---|",
            c.gamma, c.references, c.sets, c.step, c.seed
        );
        for kind in &c.kinds {
            let magnitude = kind
                .magnitude
                .map_or_else(|| "above 1".to_string(), |m| format!("{m:.2}"));
            let _ = writeln!(
                s,
                "| {} ({}) | {magnitude} |",
                md(&kind.description),
                md(&kind.error)
            );
        }
    }
    super::anatomy::markdown(&mut s, &report.anatomy);
    if let Some(reasons) = &report.reasons {
        super::reasons::markdown(&mut s, reasons);
    }
    if !report.per_document.is_empty() {
        let _ = writeln!(
            s,
            "\n## Appendix: each document\n\n| document | units | γ | chance precision |\n|---|---|---|---|"
        );
        for row in &report.per_document {
            let precision = row.chance_precision.map_or_else(
                || "–".to_string(),
                |(low, high)| format!("{} … {}", number(Some(low)), number(Some(high))),
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} | {precision} |",
                md(&row.document),
                row.n_units,
                number(row.gamma)
            );
        }
        let _ = writeln!(s, "\n{}", md(CHANCE_PRECISION_NOTE));
    }
    s
}

/// Escapes LaTeX's special characters (and control characters, [`crate::printable::name`]).
pub(super) fn tex(text: &str) -> String {
    let mut out = String::new();
    for c in crate::printable::name(text).chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            c => out.push(c),
        }
    }
    out
}

/// The main figures as LaTeX tables (booktabs).
pub fn latex(report: &Report) -> String {
    let o = &report.overall;
    let mut s = String::from(
        "% Agreement report (Gamma Studio): needs \\usepackage{booktabs}\n\\begin{tabular}{lr}\n\\toprule\nFigure & Value \\\\\n\\midrule\n",
    );
    let _ = writeln!(s, "$\\gamma$ & {} \\\\", number(Some(o.gamma)));
    let _ = writeln!(s, "$D_o$ & {} \\\\", number(Some(o.observed_disorder)));
    let _ = writeln!(s, "$D_e$ & {} \\\\", number(Some(o.expected_disorder)));
    let _ = writeln!(s, "$\\gamma_{{cat}}$ & {} \\\\", number(o.gamma_cat));
    for (k, v) in &o.gamma_k {
        let interval = (o.confidence_interval.as_ref().ok())
            .and_then(|ci| ci.gamma_k.get(k))
            .map_or_else(String::new, |&(low, high)| {
                format!(" [{}, {}]", number(Some(low)), number(Some(high)))
            });
        let _ = writeln!(
            s,
            "$\\gamma_k$ {} & {}{interval} \\\\",
            tex(k),
            number(Some(*v))
        );
    }
    s.push_str("\\bottomrule\n\\end{tabular}\n");
    if let Some(Ok(c)) = &report.calibration {
        let _ = writeln!(
            s,
            "\n% $\\gamma = {:.3}$ on the Corpus Shuffling Tool's curves ({}, {} sets per magnitude, step {}, seed {})\n\\begin{{tabular}}{{lr}}\n\\toprule\nError & Magnitude \\\\\n\\midrule",
            c.gamma,
            tex(&c.references),
            c.sets,
            c.step,
            c.seed
        );
        for kind in &c.kinds {
            let magnitude = kind
                .magnitude
                .map_or_else(|| "$>1$".to_string(), |m| format!("{m:.2}"));
            let _ = writeln!(s, "{} & {magnitude} \\\\", tex(&kind.description));
        }
        s.push_str("\\bottomrule\n\\end{tabular}\n");
    }
    if !report.pairwise.is_empty() {
        s.push_str("\n\\begin{tabular}{llr}\n\\toprule\nAnnotator & Annotator & $\\gamma$ \\\\\n\\midrule\n");
        for p in &report.pairwise {
            let _ = writeln!(
                s,
                "{} & {} & {} \\\\",
                tex(&p.annotators[0]),
                tex(&p.annotators[1]),
                number(p.gamma)
            );
        }
        s.push_str("\\bottomrule\n\\end{tabular}\n");
    }
    s
}
