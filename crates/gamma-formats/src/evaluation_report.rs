//! An evaluation as JSON and as a CSV table: what `gamma-studio evaluate --json` prints and
//! what `--csv` and the app's Evaluate panel export.
//!
//! JSON: `{"reference", "documents", "systems": [{"annotator", "documents" (those it annotated,
//! the only ones it is evaluated on), "gamma", "observed_disorder",
//! "expected_disorder", "n_samples", "seed", "spans": {SCHEME: {"precision", "recall", "f1",
//! "correct", "incorrect", "partial", "missed", "spurious"}}, "per_category": {CATEGORY:
//! {SCHEME: …}}, "confusion": {"reference": [categories…, null], "system": [categories…, null],
//! "counts": [[…]]}, "disagreements": [{"document", "kind", "disorder", "reference", "system"}],
//! "labels": {"unmapped", "dropped_units", "system_only", "reference_only"}}]}`, schemes
//! `strict`, `exact`, `partial`, `type`; `null` in the confusion labels is the empty slot, and
//! `gamma` is `null` with a `gamma_error` when it is undefined.
//!
//! CSV: one line per system, scope and scheme: `annotator, scope (overall or category),
//! category (empty for overall), scheme, correct, incorrect, partial, missed, spurious, precision,
//! recall, f1, gamma` (γ repeated on each line of its system, empty when undefined).

use crate::csv_cells::CsvTable;
use gamma_core::evaluate::spans::{Counts, Scheme, SpanScores};
use gamma_core::evaluate::{EvaluatedUnit, Evaluation, SystemEvaluation};
use serde_json::{Map, Value, json};

fn number(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

fn scheme_row(counts: &Counts, scheme: Scheme) -> Value {
    json!({
        "precision": counts.precision(scheme),
        "recall": counts.recall(scheme),
        "f1": counts.f1(scheme),
        "correct": counts.correct,
        "incorrect": counts.incorrect,
        "partial": counts.partial,
        "missed": counts.missed,
        "spurious": counts.spurious,
    })
}

/// The four schemes of one set of scores, as `{SCHEME: {...}}`.
pub(crate) fn scores_json(scores: &SpanScores) -> Value {
    let map: Map<String, Value> = Scheme::ALL
        .iter()
        .map(|&s| (s.name().to_string(), scheme_row(scores.get(s), s)))
        .collect();
    Value::Object(map)
}

fn unit_json(unit: &EvaluatedUnit) -> Value {
    let mut out = json!({
        "index": unit.index,
        "start": unit.start,
        "end": unit.end,
        "category": unit.category,
        "text": unit.text,
    });
    if let Some(written) = &unit.written_category {
        out["written_category"] = json!(written);
    }
    out
}

fn system_json(system: &SystemEvaluation, documents: &[String]) -> Value {
    let per_category: Map<String, Value> = system
        .per_category
        .iter()
        .map(|(c, s)| (c.clone(), scores_json(s)))
        .collect();
    let m = &system.confusion;
    let labels = |names: &[String]| -> Vec<Value> {
        names
            .iter()
            .map(|c| json!(c))
            .chain([Value::Null])
            .collect()
    };
    let disagreements: Vec<Value> = system
        .disagreements
        .iter()
        .map(|d| {
            json!({
                "document": documents[d.document],
                "kind": d.kind.name(),
                "disorder": d.disorder,
                "reference": d.reference.as_ref().map(unit_json),
                "system": d.system.as_ref().map(unit_json),
            })
        })
        .collect();
    let mut out = json!({
        "annotator": system.annotator,
        "documents": system.documents.iter().map(|&d| &documents[d]).collect::<Vec<_>>(),
        "spans": scores_json(&system.spans),
        "per_category": per_category,
        "confusion": {
            "reference": labels(&m.reference_categories),
            "system": labels(&m.system_categories),
            "counts": m.counts,
        },
        "disagreements": disagreements,
        "labels": {
            "unmapped": system.labels.unmapped,
            "dropped_units": system.labels.dropped_units,
            "system_only": system.labels.system_only,
            "reference_only": system.labels.reference_only,
        },
    });
    match &system.gamma {
        Ok(g) => {
            out["gamma"] = number(g.gamma);
            out["observed_disorder"] = number(g.observed_disorder);
            out["expected_disorder"] = number(g.expected_disorder);
            out["n_samples"] = json!(g.n_samples);
            out["seed"] = json!(g.seed);
        }
        Err(reason) => {
            out["gamma"] = Value::Null;
            out["gamma_error"] = json!(reason.to_string());
        }
    }
    out
}

/// The whole evaluation as one JSON object (see the module documentation).
pub fn to_json(evaluation: &Evaluation) -> Value {
    json!({
        "reference": evaluation.reference,
        "documents": evaluation.documents,
        "systems": evaluation
            .systems
            .iter()
            .map(|s| system_json(s, &evaluation.documents))
            .collect::<Vec<_>>(),
    })
}

/// The table of scores as CSV (see the module documentation), every cell neutralised for
/// spreadsheets ([`crate::csv_cells`]).
pub fn to_csv(evaluation: &Evaluation) -> String {
    let mut writer = CsvTable::new();
    let header = [
        "annotator",
        "scope",
        "category",
        "scheme",
        "correct",
        "incorrect",
        "partial",
        "missed",
        "spurious",
        "precision",
        "recall",
        "f1",
        "gamma",
    ];
    writer.row(header);
    for system in &evaluation.systems {
        let gamma = system
            .gamma
            .as_ref()
            .map(|g| g.gamma.to_string())
            .unwrap_or_default();
        let scopes = std::iter::once(("overall", "", &system.spans)).chain(
            system
                .per_category
                .iter()
                .map(|(c, s)| ("category", c.as_str(), s)),
        );
        for (scope, category, scores) in scopes {
            for scheme in Scheme::ALL {
                let c = scores.get(scheme);
                let record = [
                    system.annotator.clone(),
                    scope.to_string(),
                    category.to_string(),
                    scheme.name().to_string(),
                    c.correct.to_string(),
                    c.incorrect.to_string(),
                    c.partial.to_string(),
                    c.missed.to_string(),
                    c.spurious.to_string(),
                    c.precision(scheme).to_string(),
                    c.recall(scheme).to_string(),
                    c.f1(scheme).to_string(),
                    gamma.clone(),
                ];
                writer.row(&record);
            }
        }
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamma_core::corpus::Corpus;
    use gamma_core::evaluate::{ChanceModel, EvaluationOptions, evaluate};
    use gamma_core::gamma::{GammaOptions, RunControl, SampleCount};
    use gamma_core::synthetic::tagger_against_gold;

    fn options(chance_model: ChanceModel) -> EvaluationOptions {
        EvaluationOptions {
            gamma: GammaOptions {
                samples: SampleCount::Fixed(20),
                seed: 11,
                ..GammaOptions::default()
            },
            chance_model,
            ..EvaluationOptions::default()
        }
    }

    #[test]
    fn json_and_csv_reports() {
        let e = evaluate(
            &Corpus::new(vec![tagger_against_gold()]),
            "gold",
            &options(ChanceModel::Reference),
            RunControl::default(),
        )
        .unwrap();
        let json = to_json(&e);
        assert_eq!(json["reference"], "gold");
        let tagger = &json["systems"][0];
        assert_eq!(tagger["annotator"], "tagger");
        assert_eq!(tagger["spans"]["strict"]["correct"], 1);
        assert_eq!(tagger["spans"]["strict"]["precision"], 0.25);
        assert_eq!(tagger["spans"]["partial"]["precision"], 0.625);
        assert_eq!(tagger["per_category"]["PER"]["strict"]["spurious"], 1);
        assert_eq!(
            tagger["confusion"]["reference"],
            serde_json::json!(["LOC", "MISC", "ORG", "PER", null])
        );
        assert_eq!(
            tagger["confusion"]["counts"][4],
            serde_json::json!([1, 0, 0, 0])
        );
        assert_eq!(tagger["disagreements"][0]["kind"], "category");
        assert_eq!(tagger["disagreements"][0]["reference"]["text"], "klmno");
        assert_eq!(
            tagger["disagreements"][2]["reference"],
            serde_json::Value::Null
        );
        assert_eq!(tagger["disagreements"][3]["document"], "doc");
        assert_eq!(
            tagger["labels"]["reference_only"],
            serde_json::json!(["MISC"])
        );
        assert_eq!(tagger["seed"], 11);
        assert!(tagger["gamma"].as_f64().unwrap() < 1.0);

        let csv = to_csv(&e);
        let lines: Vec<&str> = csv.lines().collect();
        // A header, then 4 schemes × (overall + 4 categories).
        assert_eq!(lines.len(), 1 + 4 * 5);
        assert_eq!(
            lines[0],
            "annotator,scope,category,scheme,correct,incorrect,partial,missed,spurious,precision,recall,f1,gamma"
        );
        let gamma = tagger["gamma"].as_f64().unwrap();
        assert_eq!(
            lines[1],
            format!("tagger,overall,,strict,1,2,0,1,1,0.25,0.25,0.25,{gamma}")
        );
        assert_eq!(
            lines[5],
            format!("tagger,category,LOC,strict,0,0,0,1,1,0,0,0,{gamma}")
        );
    }
}
