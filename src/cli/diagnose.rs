//! `gamma … --diagnose`: the anatomy of the disagreement ([`gamma_core::diagnostics`]) as text
//! for people or JSON for scripts — confusions, the disorder in parts, each annotator's habits,
//! γ with each annotator left out.

use super::Failure;
use gamma_core::bootstrap::{BootstrapOptions, ConfidenceInterval};
use gamma_core::diagnostics::{
    AlignmentId, Anatomy, AnnotatorProfile, DisorderParts, LeftOut, Usage, anatomy, left_out,
};
use gamma_core::gamma::RunControl;
use gamma_core::{Corpus, GammaOptions, GammaResult};
use serde_json::{Value, json};
use std::fmt::Write;

/// Bootstrap replicates of γ left out when `--bootstrap` does not say.
pub const LEFT_OUT_REPLICATES: usize = 1000;

/// What `--diagnose` found.
pub struct Diagnosis {
    pub anatomy: Anatomy,
    pub left_out: Vec<LeftOut>,
    /// The unit of positions (offsets are in it).
    pub position_unit: &'static str,
    pub documents: Vec<String>,
    /// γ of every annotator.
    pub gamma: f64,
}

/// The anatomy of `result` and γ with each annotator left out (with `replicates` bootstrap
/// replicates), said on stderr while it runs.
pub fn diagnose(
    corpus: &Corpus,
    result: &GammaResult,
    options: &GammaOptions,
    replicates: usize,
    position_unit: &'static str,
) -> Result<Diagnosis, Failure> {
    let bootstrap = BootstrapOptions {
        replicates,
        level: 0.95,
        seed: options.seed,
    };
    let anatomy = anatomy(corpus, result);
    let heartbeat = super::heartbeat::Heartbeat::counting(
        format!(
            "γ with each of {} annotators left out",
            anatomy.annotators.len()
        ),
        super::heartbeat::Counting::Documents,
    );
    let progress = |done, needed| heartbeat.progress(done, needed);
    let control = RunControl {
        cancelled: None,
        on_progress: Some(&progress),
    };
    let left_out = left_out(corpus, options, &bootstrap, control);
    drop(heartbeat);
    Ok(Diagnosis {
        anatomy,
        left_out,
        position_unit,
        documents: corpus.documents.iter().map(|d| d.name.clone()).collect(),
        gamma: result.gamma,
    })
}

/// A name as a terminal shows it: control characters (escape sequences) made visible.
pub fn shown(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

/// Text of several lines as a terminal shows it: control characters other than line breaks
/// made visible.
pub fn shown_lines(text: &str) -> String {
    text.split('\n').map(shown).collect::<Vec<_>>().join("\n")
}

/// Alignments as the app and the decision report number them (from 1), with their document
/// in a corpus; at most `MAX` of them, then how many more.
pub fn ids_text(ids: &[AlignmentId], documents: &[String]) -> String {
    const MAX: usize = 8;
    let one = |id: &AlignmentId| match documents {
        [_] => (id.alignment + 1).to_string(),
        _ => format!("{}#{}", shown(&documents[id.document]), id.alignment + 1),
    };
    let mut words: Vec<String> = ids.iter().take(MAX).map(one).collect();
    if ids.len() > MAX {
        words.push(format!("… {} more", ids.len() - MAX));
    }
    words.join(", ")
}

fn percent(part: f64, whole: f64) -> String {
    if whole > 0.0 {
        format!("{:.1} %", 100.0 * part / whole)
    } else {
        "—".to_string()
    }
}

fn parts_line(parts: &DisorderParts, observed: f64) -> String {
    format!(
        "positional {:.4}, categorical {:.4}, empty slots {:.4} (total {:.4}, {} of D_o)",
        parts.positional,
        parts.categorical,
        parts.empty,
        parts.total(),
        percent(parts.total(), observed)
    )
}

fn signed(x: Option<f64>) -> String {
    x.map_or("—".to_string(), |x| format!("{x:+.2}"))
}

/// The diagnosis for people.
pub fn text(d: &Diagnosis) -> String {
    let a = &d.anatomy;
    let observed = a.observed_disorder;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nanatomy of the disagreement (D_o = {observed:.4} over {} unitary alignments; alignments numbered from 1):",
        a.n_alignments
    );
    let _ = writeln!(s, "  D_o: {}", parts_line(&a.decomposition.total, observed));
    let _ = writeln!(
        s,
        "  categories aligned together (pairs of units of two annotators; ∅ an empty slot):"
    );
    for c in &a.confusions {
        let second = c.second.as_deref().map_or("∅".to_string(), shown);
        let _ = writeln!(
            s,
            "    {} – {}: {} pairs, {:.4} of D_o ({}); alignments {}",
            shown(&c.first),
            second,
            c.pairs,
            c.disorder,
            percent(c.disorder, observed),
            ids_text(&c.alignments, &d.documents)
        );
    }
    for (title, rows) in [
        ("per category", &a.decomposition.per_category),
        ("per pair of annotators", &a.decomposition.per_pair),
    ] {
        let _ = writeln!(s, "  D_o {title}:");
        for row in rows {
            let _ = writeln!(
                s,
                "    {}: {}",
                shown(&row.name),
                parts_line(&row.parts, observed)
            );
        }
    }
    let _ = writeln!(
        s,
        "  annotators (offsets: her bound minus the others' in the same alignment, in {}):",
        d.position_unit
    );
    for p in &a.profiles {
        s += &profile_text(p, &d.documents);
    }
    s += &left_out_text(&d.left_out, a, d.gamma);
    s
}

fn profile_text(p: &AnnotatorProfile, documents: &[String]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "    {}: {} units (others {:.1}); missed {}, added {}; start {}, end {} ({} pairs)",
        shown(&p.annotator),
        p.units,
        p.others_mean_units,
        p.missed.count,
        p.added.count,
        signed(p.start_offset),
        signed(p.end_offset),
        p.offset_pairs
    );
    for (label, ids) in [
        ("missed", &p.missed.alignments),
        ("added", &p.added.alignments),
    ] {
        if !ids.is_empty() {
            let _ = writeln!(s, "      {label}: alignments {}", ids_text(ids, documents));
        }
    }
    for (word, usage) in [("over-uses", Usage::Over), ("under-uses", Usage::Under)] {
        let used: Vec<String> = (p.categories.iter())
            .filter(|c| c.usage == usage)
            .map(|c| {
                format!(
                    "{} ({:.0} % of her units, {:.0} % of all)",
                    shown(&c.category),
                    100.0 * c.share,
                    100.0 * c.pool_share
                )
            })
            .collect();
        if !used.is_empty() {
            let _ = writeln!(s, "      {word} {}", used.join(", "));
        }
    }
    s
}

fn interval_words(interval: &Result<ConfidenceInterval, impl ToString>) -> String {
    match interval {
        Ok(i) => format!("95 % interval {:.4} … {:.4}", i.gamma.0, i.gamma.1),
        Err(e) => format!("no interval: {}", e.to_string()),
    }
}

fn left_out_text(rows: &[LeftOut], anatomy: &Anatomy, gamma: f64) -> String {
    let mut s = String::new();
    if anatomy.annotators.len() < 3 {
        return s;
    }
    let _ = writeln!(
        s,
        "  γ with each annotator left out (γ of all: {gamma:.4}; bootstrap interval):"
    );
    for row in rows {
        let _ = match &row.result {
            Ok(r) => writeln!(
                s,
                "    without {}: γ = {:.4} ({:+.4}), {}",
                shown(&row.annotator),
                r.gamma,
                r.gamma - gamma,
                interval_words(&r.confidence_interval)
            ),
            Err(e) => writeln!(s, "    without {}: no γ: {e}", shown(&row.annotator)),
        };
    }
    s
}

/// The diagnosis as JSON: the anatomy as the core gives it (alignment ids from 0, with the
/// document's index), the unit of the offsets, and γ left out.
pub fn json(d: &Diagnosis) -> Value {
    let mut value = serde_json::to_value(&d.anatomy).expect("JSON of plain values");
    value["position_unit"] = json!(d.position_unit);
    value["documents"] = json!(d.documents);
    value["left_out"] = d
        .left_out
        .iter()
        .map(|row| match &row.result {
            Ok(r) => json!({
                "annotator": row.annotator,
                "gamma": r.gamma,
                "precision_interval": [r.precision_interval.0, r.precision_interval.1],
                "gamma_cat": r.gamma_cat,
                "confidence_interval": r.confidence_interval.as_ref().ok().map(|i| json!({
                    "level": i.level,
                    "gamma": [i.gamma.0, i.gamma.1],
                    "method": i.unit.method(),
                    "replicates": i.replicates,
                    "seed": i.seed,
                })),
                "confidence_interval_error": r.confidence_interval.as_ref().err().map(ToString::to_string),
            }),
            Err(e) => json!({"annotator": row.annotator, "gamma": null, "error": e.to_string()}),
        })
        .collect();
    value
}
