//! The coding report as an HTML page, Markdown or LaTeX tables; every name from the table is
//! escaped for the form it is written in.

use super::CodingReport;
use crate::report::html::STYLE;
use crate::report::svg::escape;
use crate::report::tables::{md, tex};
use std::fmt::Write;

fn number(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() => format!("{x:.4}"),
        _ => "–".to_string(),
    }
}

/// An interval as the report and the command line write it.
pub fn range(r: Option<(f64, f64)>) -> String {
    match r {
        Some((low, high)) => format!("{low:.4} … {high:.4}"),
        None => "–".to_string(),
    }
}

/// The columns of the coefficients' table (the command line prints the same).
pub const HEAD: [&str; 7] = [
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

/// The report's two tables as plain text: (header, rows) of the coefficients, then of the
/// categories; each form escapes them its way.
fn tables(report: &CodingReport) -> [(Vec<String>, Vec<Vec<String>>); 2] {
    let coefficients = (report.coefficients.iter())
        .map(|row| cells(row).to_vec())
        .collect();
    let categories = (report.per_category.iter())
        .map(|c| {
            vec![
                c.category.clone(),
                c.ratings.to_string(),
                number(c.specific_agreement),
                number(c.fleiss_kappa),
            ]
        })
        .collect();
    let category_head = ["label", "ratings", "specific agreement", "Fleiss's κ"];
    [
        (HEAD.map(String::from).to_vec(), coefficients),
        (category_head.map(String::from).to_vec(), categories),
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
    let titles = ["Coefficients", "Per category"];
    for (title, (head, rows)) in titles.iter().zip(tables(report)) {
        let _ = write!(s, "<section><h2>{title}</h2><table><thead><tr>");
        for h in head {
            let _ = write!(s, "<th>{}</th>", escape(&h));
        }
        s.push_str("</tr></thead><tbody>");
        for row in rows {
            s.push_str("<tr>");
            for cell in row {
                let _ = write!(s, "<td>{}</td>", escape(&cell));
            }
            s.push_str("</tr>");
        }
        s.push_str("</tbody></table></section>");
    }
    s.push_str(
        "<p class=\"why\">Observed and expected are agreements; (D) marks α's disagreements \
         (α = 1 − D_o/D_e).</p></body></html>\n",
    );
    s
}

/// Markdown tables, with the methods paragraph.
pub fn markdown(report: &CodingReport) -> String {
    let mut s = format!(
        "# Coding agreement: {}\n\n{}\n",
        md(&report.study),
        md(&report.methods)
    );
    for (head, rows) in tables(report) {
        let head: Vec<String> = head.iter().map(|h| md(h)).collect();
        let _ = writeln!(
            s,
            "\n| {} |\n|{}",
            head.join(" | "),
            "---|".repeat(head.len())
        );
        for row in rows {
            let row: Vec<String> = row.iter().map(|c| md(c)).collect();
            let _ = writeln!(s, "| {} |", row.join(" | "));
        }
    }
    s
}

/// LaTeX tables (booktabs), after the methods paragraph.
pub fn latex(report: &CodingReport) -> String {
    let mut s = format!(
        "% Coding agreement: {}\n% needs \\usepackage{{booktabs}}\n{}\n",
        report.study.replace(['\n', '\r'], " "),
        tex(&report.methods)
    );
    for (head, rows) in tables(report) {
        let columns = format!("l{}", "r".repeat(head.len() - 1));
        let head: Vec<String> = head.iter().map(|h| tex(h)).collect();
        let _ = writeln!(
            s,
            "\n\\begin{{tabular}}{{{columns}}}\n\\toprule\n{} \\\\\n\\midrule",
            head.join(" & ")
        );
        for row in rows {
            let row: Vec<String> = row.iter().map(|c| tex(c)).collect();
            let _ = writeln!(s, "{} \\\\", row.join(" & "));
        }
        s.push_str("\\bottomrule\n\\end{tabular}\n");
    }
    s
}
