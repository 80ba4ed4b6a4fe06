//! What `coding` prints: tables for people, or one JSON object.

use super::gold::GoldRun;
use super::{CodingArgs, Row, describe};
use crate::printable;
use crate::report::coding::HEAD;
use gamma_core::coding::intervals::CodingInterval;
use gamma_core::coding::tables::{confusion, fleiss_null_standard_error, pairwise, per_category};
use gamma_core::coding::{Basis, CodingStudy};
use serde_json::{Value, json};
use std::fmt::Write;

fn interval_words(interval: Option<&CodingInterval>) -> String {
    crate::report::coding::range(interval.map(|i| (i.low, i.high)))
}

/// The coefficients, then what else was asked, as tables.
pub fn text(
    args: &CodingArgs,
    study: &CodingStudy,
    rows: &[Row],
    gold: Option<&GoldRun>,
) -> String {
    let mut s = String::new();
    let coders = study.coders.len();
    let _ = writeln!(s, "{}", describe(study));
    let [name, value, observed, expected, se, analytic, bootstrap] = HEAD;
    let bootstrap = if args.bootstrap.is_some() {
        bootstrap
    } else {
        ""
    };
    let _ = writeln!(
        s,
        "  {name:<38} {value:>8} {observed:>8} {expected:>8} {se:>7}  {analytic:<18}  {bootstrap}"
    );
    for (choice, measured) in rows {
        let label = choice.label(coders);
        match measured {
            Err(why) => {
                let _ = writeln!(s, "  {label:<38} undefined: {why}");
            }
            Ok(m) => {
                let v = &m.value;
                let kind = if v.basis == Basis::Disagreement {
                    " (D)"
                } else {
                    ""
                };
                let se = v
                    .standard_error
                    .map_or("—".to_string(), |e| format!("{e:.4}"));
                let bootstrap = match &m.bootstrap {
                    None => String::new(),
                    Some(Ok(i)) => format!("  {}", interval_words(Some(i))),
                    Some(Err(why)) => format!("  no interval: {why}"),
                };
                let _ = writeln!(
                    s,
                    "  {:<38} {:>8.4} {:>8.4} {:>8.4} {:>7}  {:<18}{bootstrap}{kind}",
                    label,
                    v.value,
                    v.observed,
                    v.expected,
                    se,
                    interval_words(m.analytic.as_ref()),
                );
            }
        }
    }
    let _ = writeln!(
        s,
        "  (observed and expected are agreements; (D): disagreements, α = 1 − D_o/D_e.{})",
        match args.bootstrap {
            Some(n) => format!(
                " Bootstrap: {n} replicates, seed {}",
                args.seed.unwrap_or(gamma_core::DEFAULT_SEED)
            ),
            None => String::new(),
        }
    );
    if let Some(se0) = fleiss_null(study, rows) {
        let _ = writeln!(
            s,
            "  Fleiss (1971), no agreement beyond chance: SE₀ {se0:.4}, z = π / SE₀ = {:.2}",
            fleiss_z(rows, se0)
        );
    }
    if args.pairwise {
        pairwise_text(&mut s, study, rows);
    }
    if args.per_category {
        let _ = writeln!(
            s,
            "per category: {:>8} {:>10} {:>10}",
            "ratings", "specific", "Fleiss κ"
        );
        for c in per_category(study) {
            let f = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.4}"));
            let _ = writeln!(
                s,
                "  {:<12} {:>8} {:>10} {:>10}",
                printable::name(&c.category),
                c.ratings,
                f(c.specific_agreement),
                f(c.fleiss_kappa)
            );
        }
    }
    if args.confusion {
        for first in 0..coders {
            for second in first + 1..coders {
                confusion_text(&mut s, study, first, second);
            }
        }
    }
    if let Some(gold) = gold {
        gold_text(&mut s, args, gold);
    }
    s
}

/// Fleiss's standard error under no agreement, when π is among the coefficients and every
/// item has the same number of ratings.
fn fleiss_null(study: &CodingStudy, rows: &[Row]) -> Option<f64> {
    let asked = (rows.iter()).any(|(c, m)| {
        c.coefficient == gamma_core::coding::Coefficient::Pi
            && matches!(c.distance, gamma_core::coefficients::Distance::Nominal)
            && m.is_ok()
    });
    asked.then(|| fleiss_null_standard_error(study)).flatten()
}

/// π over Fleiss's standard error under no agreement.
fn fleiss_z(rows: &[Row], se0: f64) -> f64 {
    let pi = (rows.iter())
        .find(|(c, _)| c.name() == "pi")
        .and_then(|(_, m)| m.as_ref().ok())
        .map_or(f64::NAN, |m| m.value.value);
    pi / se0
}

fn pairwise_text(s: &mut String, study: &CodingStudy, rows: &[Row]) {
    for (choice, _) in rows {
        let table = pairwise(study, choice);
        let _ = writeln!(s, "pairs, {}:", choice.label(2));
        for pair in &table.pairs {
            let (a, b) = (
                printable::name(&study.coders[pair.first]),
                printable::name(&study.coders[pair.second]),
            );
            match &pair.value {
                Ok(v) => {
                    let _ = writeln!(
                        s,
                        "  {a} – {b}: {:.4} ({} items)",
                        v.value, v.pairable_items
                    );
                }
                Err(why) => {
                    let _ = writeln!(s, "  {a} – {b}: undefined: {why}");
                }
            }
        }
        if let Some(mean) = table.mean {
            let _ = writeln!(s, "  mean over pairs: {mean:.4}");
        }
    }
}

fn confusion_text(s: &mut String, study: &CodingStudy, first: usize, second: usize) {
    let m = confusion(study, first, second);
    let _ = writeln!(
        s,
        "{} (rows) × {} (columns), {} items:",
        printable::name(&study.coders[first]),
        printable::name(&study.coders[second]),
        m.items
    );
    let categories: Vec<_> = m.categories.iter().map(|c| printable::name(c)).collect();
    let width = categories
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(5);
    let _ = write!(s, "  {:width$}", "");
    for c in &categories {
        let _ = write!(s, " {c:>width$}");
    }
    let _ = writeln!(s);
    for (c, counts) in categories.iter().zip(&m.counts) {
        let _ = write!(s, "  {c:width$}");
        for n in counts {
            let _ = write!(s, " {n:>width$}");
        }
        let _ = writeln!(s);
    }
}

fn gold_text(s: &mut String, args: &CodingArgs, gold: &GoldRun) {
    if gold.resumed {
        let _ = writeln!(s, "gold: the saved session resumed");
    }
    for (rule, decided) in &gold.applied {
        let items = crate::wording::plural(*decided, "item", "items");
        let _ = writeln!(s, "gold: {rule} decided {items}");
    }
    let progress = gold.adjudication.progress();
    let _ = writeln!(
        s,
        "gold: {} of {} items decided, {} open",
        progress.decided, progress.total, progress.open
    );
    for (flag, path) in [
        ("gold table", &args.out),
        ("decisions", &args.decisions),
        ("session", &args.session),
    ] {
        if let Some(path) = path {
            let _ = writeln!(s, "  {flag}: {}", path.display());
        }
    }
}

fn interval_json(interval: Option<&CodingInterval>) -> Value {
    interval.map_or(Value::Null, |i| json!(i))
}

/// Everything as one JSON object.
pub fn json(args: &CodingArgs, study: &CodingStudy, rows: &[Row], gold: Option<&GoldRun>) -> Value {
    let coders = study.coders.len();
    let coefficients: Vec<Value> = (rows.iter())
        .map(|(choice, measured)| match measured {
            Ok(m) => json!({
                "coefficient": choice.name(),
                "label": choice.label(coders),
                "value": m.value.value,
                "observed": m.value.observed,
                "expected": m.value.expected,
                "basis": m.value.basis,
                "standard_error": m.value.standard_error,
                "items": m.value.items,
                "pairable_items": m.value.pairable_items,
                "analytic_interval": interval_json(m.analytic.as_ref()),
                "bootstrap_interval": match &m.bootstrap {
                    None => Value::Null,
                    Some(Ok(i)) => json!(i),
                    Some(Err(why)) => json!({"undefined": why.to_string()}),
                },
            }),
            Err(why) => json!({
                "coefficient": choice.name(),
                "label": choice.label(coders),
                "value": null,
                "undefined": why,
            }),
        })
        .collect();
    let mut out = json!({
        "study": {
            "name": study.name,
            "items": study.n_items(),
            "coders": study.coders,
            "categories": study.categories(),
            "ratings": study.n_ratings(),
            "missing": study.n_items() * coders - study.n_ratings(),
        },
        "coefficients": coefficients,
    });
    if let Some(se0) = fleiss_null(study, rows) {
        out["fleiss_1971"] = json!({
            "null_standard_error": se0,
            "z": fleiss_z(rows, se0),
        });
    }
    if args.pairwise {
        out["pairwise"] = json!(
            rows.iter()
                .map(|(choice, _)| {
                    let table = pairwise(study, choice);
                    json!({
                        "coefficient": table.choice,
                        "mean": table.mean,
                        "pairs": table.pairs.iter().map(|p| json!({
                            "coders": [study.coders[p.first], study.coders[p.second]],
                            "value": p.value.as_ref().ok().map(|v| v.value),
                            "observed": p.value.as_ref().ok().map(|v| v.observed),
                            "expected": p.value.as_ref().ok().map(|v| v.expected),
                            "items": p.value.as_ref().ok().map(|v| v.pairable_items),
                            "undefined": p.value.as_ref().err().map(|e| e.to_string()),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect::<Vec<_>>()
        );
    }
    if args.per_category {
        out["per_category"] = json!(per_category(study));
    }
    if args.confusion {
        let mut matrices = Vec::new();
        for first in 0..coders {
            for second in first + 1..coders {
                let m = confusion(study, first, second);
                matrices.push(json!({
                    "coders": [study.coders[first], study.coders[second]],
                    "categories": m.categories,
                    "counts": m.counts,
                    "items": m.items,
                }));
            }
        }
        out["confusion"] = json!(matrices);
    }
    if let Some(gold) = gold {
        let progress = gold.adjudication.progress();
        out["gold"] = json!({
            "rules": gold.applied.iter().map(|(rule, n)| json!({"rule": rule.to_string(), "decided": n})).collect::<Vec<_>>(),
            "resumed": gold.resumed,
            "decided": progress.decided,
            "open": progress.open,
            "items": progress.total,
        });
    }
    out
}
