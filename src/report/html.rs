//! The report as one self-contained HTML page: inline CSS and SVG, no script, no network; prints
//! to PDF cleanly (one column, no section cut across pages where avoidable). Every figure has a
//! one-line explanation under it.

use super::svg::{NamedCurve, bars, curves, escape, histogram};
use super::{Report, tables};
use crate::wording::plural;
use std::fmt::Write;

pub(super) const STYLE: &str = r#"
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; max-width: 54em;
       margin: 2em auto; padding: 0 1em; color: #1d1d1d; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; margin-top: 1.8em; }
.lead { color: #555; margin-top: 0; }
.figure { font-size: 2.4em; font-weight: bold; margin: 0.2em 0; }
.why { color: #555; font-size: 0.9em; margin: 0.2em 0 0.8em; }
.methods { background: #f5f5f0; border-left: 4px solid #999; padding: 0.6em 1em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
svg.plot { width: 100%; max-width: 40em; height: auto; display: block; margin: 0.5em 0; }
code { font-size: 0.9em; background: #f3f3f3; padding: 0 0.2em; }
section { break-inside: avoid-page; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } }
"#;

fn number(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() => format!("{x:.4}"),
        Some(_) => "—".to_string(),
        None => "undefined".to_string(),
    }
}

/// The page.
pub fn render(report: &Report) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Agreement report</title><style>{STYLE}</style></head><body>"
    );
    let _ = write!(
        s,
        "<h1>Agreement report</h1><p class=\"lead\">{}, {} ({}), {}.</p>",
        plural(report.documents.len(), "document", "documents"),
        plural(report.annotators.len(), "annotator", "annotators"),
        escape(&report.annotators.join(", ")),
        plural(report.n_units, "unit", "units")
    );
    methods(&mut s, report);
    corpus(&mut s, report);
    gamma(&mut s, report);
    against_reference(&mut s, report);
    categories(&mut s, report);
    pairwise(&mut s, report);
    alignment(&mut s, report);
    super::anatomy::html(&mut s, &report.anatomy);
    if let Some(reasons) = &report.reasons {
        super::reasons::html(&mut s, reasons);
    }
    chance(&mut s, report);
    calibration(&mut s, report);
    worst(&mut s, report);
    relations(&mut s, report);
    // The tables of each document last: the figures of a paper first, their detail after.
    if !report.per_document.is_empty() || !report.coefficients.is_empty() {
        s.push_str("<h2 id=\"appendix\">Appendix: each document</h2>");
    }
    per_document(&mut s, report);
    coefficients(&mut s, report);
    s.push_str("</body></html>\n");
    s
}

fn section(s: &mut String, id: &str, title: &str) {
    let _ = write!(s, "<section id=\"{id}\"><h2>{}</h2>", escape(title));
}

fn why(s: &mut String, text: &str) {
    let _ = write!(s, "<p class=\"why\">{}</p>", escape(text));
}

fn methods(s: &mut String, report: &Report) {
    section(s, "methods", "Method (to paste)");
    let _ = write!(
        s,
        "<p class=\"methods\">{}</p><pre><code>{}</code></pre>",
        escape(&tables::methods_paragraph(report)),
        escape(&report.method.rerun)
    );
    why(
        s,
        "Everything a reader needs to reproduce the figures: the measure, its parameters, the chance model, the samples and the seed.",
    );
    s.push_str("</section>");
}

/// The corpus-level coefficients of a corpus, the table a paper prints (a single document's
/// figures are in the sections that follow).
fn corpus(s: &mut String, report: &Report) {
    if report.documents.len() < 2 {
        return;
    }
    section(s, "corpus", "Corpus-level coefficients");
    let level = (report.overall.confidence_interval.as_ref()).map_or(95.0, |ci| 100.0 * ci.level);
    let _ = write!(
        s,
        "<table><tr><th>coefficient</th><th>value</th><th>{level:.0} % bootstrap confidence interval</th></tr>"
    );
    for row in tables::corpus_rows(report) {
        let interval = row.interval.map_or_else(
            || "—".to_string(),
            |(low, high)| format!("{} … {}", number(Some(low)), number(Some(high))),
        );
        let _ = write!(
            s,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{interval}</td></tr>",
            escape(&row.label),
            number(row.value)
        );
    }
    s.push_str("</table>");
    why(s, &tables::corpus_note(report));
    why(
        s,
        "Pooled: one alignment and one chance model over every document, not a mean of the documents' γ (each document alone is in the appendix).",
    );
    s.push_str("</section>");
}

fn gamma(s: &mut String, report: &Report) {
    let o = &report.overall;
    section(s, "gamma", "γ");
    let _ = write!(s, "<p class=\"figure\">γ = {}</p>", number(Some(o.gamma)));
    why(
        s,
        "γ = 1 − D_o / D_e: 1 when the annotators agree perfectly, 0 when they agree no more than chance, below 0 when less (Mathet, Widlöcher & Métivier 2015).",
    );
    let interval = match &o.confidence_interval {
        Ok(ci) => format!(
            "<tr><td>{:.0} % confidence interval</td><td class=\"num\">{} … {}</td><td>{} ({} resampled, {} replicates, seed {}): how much γ would vary with other documents or stretches of text like these</td></tr>",
            100.0 * ci.level,
            number(Some(ci.gamma.0)),
            number(Some(ci.gamma.1)),
            escape(ci.unit.method()),
            ci.n_units,
            ci.replicates,
            ci.seed
        ),
        Err(why) => format!(
            "<tr><td>confidence interval</td><td>none</td><td>{}</td></tr>",
            escape(why)
        ),
    };
    let _ = write!(
        s,
        "<table><tr><th>figure</th><th>value</th><th>what it says</th></tr>{interval}\
         <tr><td>precision interval ({:.0} %)</td><td class=\"num\">{} … {}</td><td>how precisely the expected disorder was estimated from {} chance continua; not a confidence interval over other documents</td></tr>\
         <tr><td>observed disorder D_o</td><td class=\"num\">{}</td><td>the disorder of the best alignment of the annotators' units, per unit</td></tr>\
         <tr><td>expected disorder D_e</td><td class=\"num\">{}</td><td>the mean disorder of chance continua drawn from the same annotations</td></tr></table>",
        100.0 * report.method.confidence,
        number(Some(o.precision_interval.0)),
        number(Some(o.precision_interval.1)),
        report.method.samples,
        number(Some(o.observed_disorder)),
        number(Some(o.expected_disorder))
    );
    s.push_str("</section>");
}

fn categories(s: &mut String, report: &Report) {
    let o = &report.overall;
    section(s, "categories", "γ-cat and γ-k");
    let _ = write!(s, "<p>γ-cat = <strong>{}</strong></p>", number(o.gamma_cat));
    why(
        s,
        "γ-cat: agreement on the categories of the units the best alignment pairs, whatever their positions (Mathet 2017).",
    );
    let rows: Vec<(String, Option<f64>)> = o
        .gamma_k
        .iter()
        .map(|(k, v)| (k.clone(), Some(*v)))
        .collect();
    s.push_str(&bars(&rows, "γ-k per category"));
    why(
        s,
        "γ-k: γ of one category against all the others — where the scheme is hard to apply.",
    );
    if let Ok(ci) = &o.confidence_interval {
        let _ = write!(
            s,
            "<table><tr><th>category</th><th>γ-k</th><th>{:.0} % confidence interval</th></tr>",
            100.0 * ci.level
        );
        if let Some((low, high)) = ci.gamma_cat {
            let _ = write!(
                s,
                "<tr><td><em>γ-cat</em></td><td class=\"num\">{}</td><td class=\"num\">{} … {}</td></tr>",
                number(o.gamma_cat),
                number(Some(low)),
                number(Some(high))
            );
        }
        for (category, value) in &o.gamma_k {
            let interval = ci.gamma_k.get(category).map_or_else(
                || "none (too few resamples with this category)".to_string(),
                |&(low, high)| format!("{} … {}", number(Some(low)), number(Some(high))),
            );
            let _ = write!(
                s,
                "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{interval}</td></tr>",
                escape(category),
                number(Some(*value))
            );
        }
        s.push_str("</table>");
        why(
            s,
            "The same bootstrap as γ's interval: a category whose interval is wide is used too rarely to say much.",
        );
    }
    s.push_str("</section>");
}

fn per_document(s: &mut String, report: &Report) {
    if report.per_document.is_empty() {
        return;
    }
    section(s, "documents", "Per document");
    let mut rows: Vec<&super::DocumentRow> = report.per_document.iter().collect();
    rows.sort_by(|a, b| {
        a.gamma
            .unwrap_or(f64::NEG_INFINITY)
            .total_cmp(&b.gamma.unwrap_or(f64::NEG_INFINITY))
    });
    let _ = write!(
        s,
        "<table><tr><th>document</th><th>annotators</th><th>units</th><th>γ</th><th title=\"{}\">chance precision</th></tr>",
        escape(tables::CHANCE_PRECISION_NOTE)
    );
    let mut reasons: Vec<&str> = Vec::new();
    for row in rows {
        let interval = (row.chance_precision)
            .map(|(l, h)| format!("{} … {}", number(Some(l)), number(Some(h))))
            .unwrap_or_default();
        let gamma = match (row.gamma, &row.error) {
            (None, Some(why)) => noted(&mut reasons, why),
            (value, _) => number(value),
        };
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{gamma}</td><td>{}</td></tr>",
            escape(&row.document),
            escape(&row.annotators.join(", ")),
            row.n_units,
            interval
        );
    }
    s.push_str("</table>");
    reasons_list(s, &reasons);
    why(
        s,
        "Each document measured alone (its own chance model), worst first: where adjudication is most needed.",
    );
    why(s, tables::CHANCE_PRECISION_NOTE);
    s.push_str("</section>");
}

/// An undefined value, "—" with the number of its reason in `reasons` (added when new): a
/// table of 200 documents says each reason once, under it ([`reasons_list`]).
fn noted<'a>(reasons: &mut Vec<&'a str>, why: &'a str) -> String {
    let at = (reasons.iter().position(|r| *r == why)).unwrap_or_else(|| {
        reasons.push(why);
        reasons.len() - 1
    });
    format!("— <sup>{}</sup>", at + 1)
}

/// Why the values marked by [`noted`] are undefined, each reason once.
fn reasons_list(s: &mut String, reasons: &[&str]) {
    if reasons.is_empty() {
        return;
    }
    s.push_str("<p class=\"why\">Undefined (—):</p><ol class=\"why\">");
    for reason in reasons {
        let _ = write!(s, "<li>{}</li>", escape(reason));
    }
    s.push_str("</ol>");
}

fn pairwise(s: &mut String, report: &Report) {
    if report.pairwise.is_empty() {
        return;
    }
    section(s, "pairwise", "Pairs of annotators");
    s.push_str("<table><tr><th></th>");
    for name in &report.annotators {
        let _ = write!(s, "<th>{}</th>", escape(name));
    }
    s.push_str("</tr>");
    for first in &report.annotators {
        let _ = write!(s, "<tr><th>{}</th>", escape(first));
        for second in &report.annotators {
            let value = report
                .pairwise
                .iter()
                .find(|p| {
                    (&p.annotators[0] == first && &p.annotators[1] == second)
                        || (&p.annotators[1] == first && &p.annotators[0] == second)
                })
                .map(|p| number(p.gamma))
                .unwrap_or_default();
            let _ = write!(s, "<td class=\"num\">{value}</td>");
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
    why(
        s,
        "γ of each pair over the documents both annotated: who disagrees with whom.",
    );
    s.push_str("</section>");
}

fn coefficients(s: &mut String, report: &Report) {
    if report.coefficients.is_empty() {
        return;
    }
    section(s, "coefficients", "Classic and unitizing coefficients");
    // Why a value is undefined is said once, under the table, each reason numbered.
    let mut reasons: Vec<&str> = Vec::new();
    s.push_str("<table><tr><th>document</th><th>coefficient</th><th>value</th></tr>");
    for c in &report.coefficients {
        let value = match (c.value, &c.undefined) {
            (Some(v), _) => number(Some(v)),
            (None, Some(why)) => noted(&mut reasons, why),
            (None, None) => "—".to_string(),
        };
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{value}</td></tr>",
            escape(&c.document),
            escape(&c.measure)
        );
    }
    s.push_str("</table>");
    reasons_list(s, &reasons);
    why(
        s,
        "κ, π and α compare the annotators position by position (each character or time step a coded item); α_U and its companions measure unitizing (Krippendorff 1995, 2016). Reviewers often ask for them beside γ.",
    );
    s.push_str("</section>");
}

fn alignment(s: &mut String, report: &Report) {
    section(s, "alignment", "What the best alignment pairs");
    s.push_str("<table><tr><th>category</th><th>paired with</th><th>unit pairs</th></tr>");
    for (a, b, n) in &report.confusion {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{n}</td></tr>",
            escape(a),
            escape(b)
        );
    }
    s.push_str("</table>");
    why(
        s,
        "Pairs of units the best alignment puts together, by category (∅: a unit no other annotator matches). Off-diagonal pairs are category confusions.",
    );
    s.push_str("<table><tr><th>annotator</th><th>units</th><th>aligned with another's</th><th>alone</th></tr>");
    for c in &report.coverage {
        let _ = write!(
            s,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            escape(&c.annotator),
            c.units,
            c.aligned,
            c.units - c.aligned
        );
    }
    s.push_str("</table>");
    why(
        s,
        "Coverage: an annotator whose units are often alone marks spans the others do not.",
    );
    s.push_str("</section>");
}

fn chance(s: &mut String, report: &Report) {
    section(s, "chance", "Chance disorders");
    s.push_str(&histogram(
        &report.overall.chance_disorders,
        report.overall.observed_disorder,
        "Disorders of the chance continua and the observed disorder",
    ));
    why(
        s,
        "The expected disorder D_e is the mean of these chance continua; the further the observed disorder lies to their left, the higher γ.",
    );
    s.push_str("</section>");
}

fn calibration(s: &mut String, report: &Report) {
    let Some(calibration) = &report.calibration else {
        return;
    };
    section(s, "calibration", "What γ means: the Corpus Shuffling Tool");
    let c = match calibration {
        Ok(c) => c,
        Err(e) => {
            let _ = write!(s, "<p>No calibration: {}</p></section>", escape(e));
            return;
        }
    };
    let _ = write!(
        s,
        "<p>γ = {:.3} is about the γ of annotators making</p><ul>",
        c.gamma
    );
    for kind in &c.kinds {
        let _ = match kind.magnitude {
            Some(m) => write!(
                s,
                "<li>{} ({}) of magnitude <strong>{m:.2}</strong></li>",
                escape(&kind.description),
                escape(&kind.error)
            ),
            None => write!(
                s,
                "<li>{} ({}): never that low, even at magnitude 1</li>",
                escape(&kind.description),
                escape(&kind.error)
            ),
        };
    }
    s.push_str("</ul>");
    let series: Vec<NamedCurve> = (c.kinds.iter())
        .map(|k| (k.error.clone(), k.curve.clone()))
        .collect();
    s.push_str(&curves(
        &series,
        c.gamma,
        "γ of simulated annotators against the magnitude of each kind of error",
    ));
    why(
        s,
        &format!(
            "Simulated annotators start from {} and make one kind of error at growing magnitudes (Mathet et al. 2012); each curve is their mean γ ({} sets per magnitude, step {}, seed {}). Where the dashed line crosses a curve is the magnitude of that error that gives the measured γ.",
            c.references, c.sets, c.step, c.seed
        ),
    );
    s.push_str("</section>");
}

fn worst(s: &mut String, report: &Report) {
    if report.worst.is_empty() {
        return;
    }
    section(s, "disagreements", "The largest disagreements");
    s.push_str("<table><tr><th>document</th><th>disorder</th><th>units (annotator: category [span] text)</th></tr>");
    for d in &report.worst {
        let units: Vec<String> = d
            .units
            .iter()
            .map(|u| {
                format!(
                    "{}: {} [{}, {}){}",
                    escape(&u.annotator),
                    escape(&u.category),
                    u.start,
                    u.end,
                    u.text
                        .as_deref()
                        .map(|t| format!(" “{}”", escape(t)))
                        .unwrap_or_default()
                )
            })
            .collect();
        let _ = write!(
            s,
            "<tr><td>{}</td><td class=\"num\">{:.3}</td><td>{}</td></tr>",
            escape(&d.document),
            d.disorder,
            units.join("<br>")
        );
    }
    s.push_str("</table>");
    why(
        s,
        "The unitary alignments with the most disorder; an annotator missing from a row has no unit there.",
    );
    s.push_str("</section>");
}

fn relations(s: &mut String, report: &Report) {
    let Some(r) = &report.relations else {
        return;
    };
    section(s, "relations", "Relations");
    s.push_str("<table><tr><th>annotators</th><th>relations</th><th>same label</th><th>other label</th><th>one side only</th><th>F1 unlabelled</th><th>F1 labelled</th><th>F1 attachment</th><th>κ of labels</th></tr>");
    for p in &r.pairs {
        let _ = write!(
            s,
            "<tr><td>{} – {}</td><td class=\"num\">{} / {}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{} / {}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            escape(&p.annotators[0]),
            escape(&p.annotators[1]),
            p.relations[0],
            p.relations[1],
            p.same_label,
            p.other_label,
            p.only_first,
            p.only_second,
            number(Some(p.f1_unlabelled)),
            number(Some(p.f1_labelled)),
            number(Some(p.f1_attachment)),
            number(p.label_kappa)
        );
    }
    s.push_str("</table>");
    why(
        s,
        "Relations correspond when their endpoints lie in the same unitary alignments of the best alignment (docs/relations.md).",
    );
    s.push_str("</section>");
}

fn against_reference(s: &mut String, report: &Report) {
    let Some(section_of) = &report.against_reference else {
        return;
    };
    section(
        s,
        "reference",
        &format!("Against the reference: {}", section_of.reference),
    );
    match &section_of.annotators {
        Err(why_not) => {
            let _ = write!(s, "<p>No evaluation: {}</p>", escape(why_not));
        }
        Ok(rows) => {
            s.push_str("<table><tr><th>annotator</th><th>documents</th><th>γ</th><th>precision</th><th>recall</th><th>F1 strict</th><th>F1 partial</th><th>disagreements</th></tr>");
            for row in rows {
                let gamma = match (&row.gamma, &row.gamma_undefined) {
                    (Some(g), _) => number(Some(*g)),
                    (None, Some(why_not)) => escape(why_not),
                    (None, None) => number(None),
                };
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{gamma}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
                    escape(&row.annotator),
                    row.documents,
                    number(Some(row.strict[0])),
                    number(Some(row.strict[1])),
                    number(Some(row.strict[2])),
                    number(Some(row.partial_f1)),
                    row.disagreements
                );
            }
            s.push_str("</table>");
            why(
                s,
                "Each annotator against the reference on the documents it annotated: γ with the reference's chance model, and span scores (strict: same boundaries and category; partial: overlapping spans count half). The agreement figures above are those of the annotators without the reference.",
            );
        }
    }
    s.push_str("</section>");
}
