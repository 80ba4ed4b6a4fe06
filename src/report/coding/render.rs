//! The coding report as an HTML page, Markdown or LaTeX tables; every name from the table is
//! escaped for the form it is written in.

use super::CodingReport;
use crate::report::html::STYLE;
use crate::report::svg::escape;
use crate::report::tables::tex;
use std::fmt::Write;

fn number(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() => format!("{x:.4}"),
        _ => "–".to_string(),
    }
}

fn range(r: Option<(f64, f64)>) -> String {
    match r {
        Some((low, high)) => format!("{low:.4} … {high:.4}"),
        None => "–".to_string(),
    }
}

/// Markdown text that cannot open a table cell, a link, emphasis or HTML.
fn md(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

const HEAD: [&str; 7] = [
    "coefficient",
    "value",
    "observed",
    "expected",
    "SE",
    "95 % (analytic)",
    "95 % (bootstrap)",
];

fn cells(row: &super::CoefficientRow) -> [String; 7] {
    let part = |x: Option<f64>| {
        let shown = number(x);
        if row.disagreement && x.is_some() {
            format!("{shown} (D)")
        } else {
            shown
        }
    };
    [
        row.label.clone(),
        row.undefined
            .as_ref()
            .map_or_else(|| number(row.value), |why| format!("undefined: {why}")),
        part(row.observed),
        part(row.expected),
        number(row.standard_error),
        range(row.analytic),
        range(row.bootstrap),
    ]
}

/// One self-contained page.
pub fn html(report: &CodingReport) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>Coding agreement report</title>\
         <style>{STYLE}</style></head><body><h1>Coding agreement: {}</h1>\
         <p class=\"lead\">{} items, {} coders ({}), {} ratings, {} missing.</p>",
        escape(&report.study),
        report.items,
        report.coders.len(),
        escape(&report.coders.join(", ")),
        report.ratings,
        report.missing
    );
    let _ = write!(
        s,
        "<section id=\"methods\"><h2>Method (to paste)</h2><p class=\"methods\">{}</p></section>",
        escape(&report.methods)
    );
    s.push_str("<section id=\"coefficients\"><h2>Coefficients</h2><table><thead><tr>");
    for h in HEAD {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr></thead><tbody>");
    for row in &report.coefficients {
        s.push_str("<tr>");
        for cell in cells(row) {
            let _ = write!(s, "<td>{}</td>", escape(&cell));
        }
        s.push_str("</tr>");
    }
    s.push_str(
        "</tbody></table><p class=\"why\">Observed and expected are agreements; (D) marks α's \
         disagreements (α = 1 − D_o/D_e).</p></section>",
    );
    s.push_str("<section id=\"categories\"><h2>Per category</h2><table><thead><tr><th>label</th><th>ratings</th><th>specific agreement</th><th>Fleiss's κ</th></tr></thead><tbody>");
    for c in &report.per_category {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&c.category),
            c.ratings,
            number(c.specific_agreement),
            number(c.fleiss_kappa)
        );
    }
    s.push_str("</tbody></table></section></body></html>\n");
    s
}

/// Markdown tables, with the methods paragraph.
pub fn markdown(report: &CodingReport) -> String {
    let mut s = format!(
        "# Coding agreement: {}\n\n{}\n\n",
        md(&report.study),
        md(&report.methods)
    );
    let _ = writeln!(s, "| {} |", HEAD.join(" | "));
    let _ = writeln!(s, "|{}", "---|".repeat(HEAD.len()));
    for row in &report.coefficients {
        let cells: Vec<String> = cells(row).iter().map(|c| md(c)).collect();
        let _ = writeln!(s, "| {} |", cells.join(" | "));
    }
    s.push_str("\n| label | ratings | specific agreement | Fleiss's κ |\n|---|---|---|---|\n");
    for c in &report.per_category {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            md(&c.category),
            c.ratings,
            number(c.specific_agreement),
            number(c.fleiss_kappa)
        );
    }
    s
}

/// LaTeX tables (booktabs), with the methods paragraph as a comment-free paragraph.
pub fn latex(report: &CodingReport) -> String {
    let mut s = format!(
        "% Coding agreement: {}\n% needs \\usepackage{{booktabs}}\n{}\n\n",
        report.study.replace(['\n', '\r'], " "),
        tex(&report.methods)
    );
    s.push_str("\\begin{tabular}{lrrrrll}\n\\toprule\n");
    let head: Vec<String> = HEAD.iter().map(|h| tex(h)).collect();
    let _ = writeln!(s, "{} \\\\\n\\midrule", head.join(" & "));
    for row in &report.coefficients {
        let cells: Vec<String> = cells(row).iter().map(|c| tex(c)).collect();
        let _ = writeln!(s, "{} \\\\", cells.join(" & "));
    }
    s.push_str("\\bottomrule\n\\end{tabular}\n\n\\begin{tabular}{lrrr}\n\\toprule\n");
    s.push_str("label & ratings & specific agreement & Fleiss's $\\kappa$ \\\\\n\\midrule\n");
    for c in &report.per_category {
        let _ = writeln!(
            s,
            "{} & {} & {} & {} \\\\",
            tex(&c.category),
            c.ratings,
            number(c.specific_agreement),
            number(c.fleiss_kappa)
        );
    }
    s.push_str("\\bottomrule\n\\end{tabular}\n");
    s
}
