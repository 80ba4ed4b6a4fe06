//! The report's section "Why the gold differs: reasons by category": the adjudication's
//! decisions counted by category and by the reason the adjudicator gave
//! ([`gamma_core::gold::reason_counts`]) — where the guidelines need work.

use super::anatomy::md;
use super::svg::escape;
use gamma_core::gold::{Adjudication, ReasonCount, ReasonList, reason_counts};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The decisions counted by reason.
#[derive(Debug, Clone, Serialize)]
pub struct ReasonsSection {
    /// The adjudications counted (documents).
    pub adjudications: usize,
    /// Decisions by kind, category and reason (`None`: without a reason).
    pub counts: Vec<ReasonCount>,
    /// The label of each reason key met.
    pub labels: BTreeMap<String, String>,
}

impl ReasonsSection {
    /// The decisions of `adjudications`, the keys labelled by `reasons`.
    pub fn gather<'a>(
        adjudications: impl IntoIterator<Item = &'a Adjudication>,
        reasons: &ReasonList,
    ) -> ReasonsSection {
        let adjudications: Vec<&Adjudication> = adjudications.into_iter().collect();
        let counts = reason_counts(adjudications.iter().copied());
        let labels = (counts.iter())
            .filter_map(|c| c.reason.as_ref())
            .map(|key| (key.clone(), reasons.label(key).to_string()))
            .collect();
        ReasonsSection {
            adjudications: adjudications.len(),
            counts,
            labels,
        }
    }

    /// The table: the reasons given (in the order of their labels), then one row per kind and
    /// category with the decisions of each reason, those without one, and the whole.
    fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let keys: Vec<&String> = (self.counts.iter())
            .filter_map(|c| c.reason.as_ref())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut head = vec!["decisions of".to_string()];
        head.extend(keys.iter().map(|k| self.labels[*k].clone()));
        head.extend(["no reason".to_string(), "all".to_string()]);
        let mut rows: BTreeMap<(&str, &str), Vec<usize>> = BTreeMap::new();
        for c in &self.counts {
            let row = (rows.entry((c.kind, c.category.as_str())))
                .or_insert_with(|| vec![0; keys.len() + 1]);
            let column = match &c.reason {
                Some(key) => keys.iter().position(|k| *k == key).expect("listed"),
                None => keys.len(),
            };
            row[column] += c.decisions;
        }
        let rows = (rows.into_iter())
            .map(|((kind, category), counts)| {
                let name = match kind {
                    "relation" => format!("relation {category}"),
                    _ => category.to_string(),
                };
                let all: usize = counts.iter().sum();
                let mut row = vec![name];
                row.extend(counts.iter().map(usize::to_string));
                row.push(all.to_string());
                row
            })
            .collect();
        (head, rows)
    }
}

const WHY: &str = "Each decided alignment (and relation) by the category of its gold unit (of the annotators' units when it was rejected), and the reason the adjudicator gave: a category with many guideline gaps or ambiguous texts is where the guidelines need work.";

/// The section as HTML.
pub fn html(s: &mut String, section: &ReasonsSection) {
    let _ = write!(
        s,
        "<section id=\"reasons\"><h2>Reasons of the gold decisions, by category</h2>"
    );
    let (head, rows) = section.table();
    s.push_str("<table><tr>");
    for h in &head {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr>");
    for row in &rows {
        s.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if i > 0 { " class=\"num\"" } else { "" };
            let _ = write!(s, "<td{class}>{}</td>", escape(cell));
        }
        s.push_str("</tr>");
    }
    let _ = write!(
        s,
        "</table><p class=\"why\">{} ({}.)</p></section>",
        escape(WHY),
        crate::wording::plural(
            section.adjudications,
            "adjudicated document",
            "adjudicated documents"
        )
    );
}

/// The section as Markdown.
pub fn markdown(s: &mut String, section: &ReasonsSection) {
    let (head, rows) = section.table();
    s.push_str("\n## Reasons of the gold decisions, by category\n\n");
    let cells = |row: &[String]| row.iter().map(|c| md(c)).collect::<Vec<_>>().join(" | ");
    let _ = writeln!(s, "| {} |", cells(&head));
    let _ = writeln!(s, "|{}", "---|".repeat(head.len()));
    for row in &rows {
        let _ = writeln!(s, "| {} |", cells(row));
    }
}
