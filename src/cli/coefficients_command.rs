//! `gamma-studio coefficients`: the classic and unitizing coefficients of a document, next to
//! which γ can be read (`gamma-studio gamma`).

use super::Failure;
use crate::printable::{name, say};
use clap::Args;
use gamma_core::GammaOptions;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::coefficients::u_alpha_family::{
    UAlphaFamily, UAlphaFamilyIntervals, u_alpha_family, u_alpha_family_intervals,
};
use gamma_core::coefficients::unitizing::alpha_u;
use gamma_core::coefficients::{Distance, discretize};
use gamma_core::measure::{Measure, UndefinedMeasure};
use serde_json::json;

#[derive(Args, Debug, Clone)]
pub struct CoefficientsArgs {
    #[command(flatten)]
    pub input: super::input::InputArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also give 95 % bootstrap confidence intervals of the 2016 unitizing family (uα, |uα,
    /// c|uα, (k)uα) from N replicates, over stretches of the continuum that no unit crosses.
    #[arg(long, value_name = "N")]
    pub bootstrap: Option<usize>,
    /// Seed of the bootstrap's draws [default: 1]; the intervals report it.
    #[arg(long, requires = "bootstrap")]
    pub seed: Option<u64>,
}

pub fn run(args: &CoefficientsArgs) -> Result<(), Failure> {
    let documents = args.input.read()?;
    let mut reports = Vec::new();
    for document in &documents {
        // The coefficients discretize positions from 0: a document that starts before 0 is
        // moved to start there (a translation changes none of them).
        let moved = starting_at_zero(&document.continuum);
        let continuum = moved.as_ref().unwrap_or(&document.continuum);
        let (_, end) = continuum.bounds();
        let measures: Vec<Measure> = Measure::ALL
            .into_iter()
            .filter(|m| *m != Measure::Gamma)
            .collect();
        let results = Measure::evaluate_all(&measures, continuum, end, &GammaOptions::default());
        let values: Vec<(Measure, Result<f64, String>)> = (measures.into_iter().zip(results))
            .map(|(measure, value)| (measure, value.map_err(|e| undefined_in_words(&e))))
            .collect();
        let per_category = alpha_u(continuum, 0.0, end)
            .map(|a| a.categories)
            .unwrap_or_default();
        let (ac1, bennett_s) = discretized_coefficients(continuum, end);
        let family = u_alpha_family(continuum, 0.0, end, &Distance::Nominal);
        let intervals = family_intervals(args, continuum, end)?;
        if args.json {
            reports.push(json!({
                "document": continuum.name,
                "annotators": continuum.n_annotators(),
                "units": continuum.n_units(),
                "coefficients": values.iter().map(|(m, v)| match v {
                    Ok(x) => json!({"measure": m.name(), "value": x}),
                    Err(why) => json!({"measure": m.name(), "value": null, "undefined": why}),
                }).collect::<Vec<_>>(),
                "gwet_ac1_discretized": match &ac1 {
                    Ok(x) => json!(x),
                    Err(_) => json!(null),
                },
                "bennett_s_discretized": match &bennett_s {
                    Ok(x) => json!(x),
                    Err(_) => json!(null),
                },
                "u_alpha_family": match &family {
                    Ok(f) => json!(f),
                    Err(why) => json!({"undefined": why.to_string()}),
                },
                "u_alpha_family_intervals": match &intervals {
                    None => json!(null),
                    Some(Ok(i)) => json!(i),
                    Some(Err(why)) => json!({"undefined": why}),
                },
                "alpha_u_by_category": per_category.iter().map(|c| json!({
                    "category": c.category,
                    "observed": c.observed,
                    "expected": c.expected,
                    "alpha_u": c.alpha(),
                })).collect::<Vec<_>>(),
            }));
            continue;
        }
        say!(
            "{}: {} annotators, {} units, positions [0, {end})",
            name(&continuum.name),
            continuum.n_annotators(),
            continuum.n_units()
        );
        for (measure, value) in &values {
            match value {
                Ok(x) => say!("  {:<28} {x:>8.4}", measure.label()),
                Err(why) => say!("  {:<28} undefined: {why}", measure.label()),
            }
        }
        for (label, value) in [
            ("Gwet's AC1 (discretized)", &ac1),
            ("Bennett's S (discretized)", &bennett_s),
        ] {
            match value {
                Ok(x) => say!("  {label:<28} {x:>8.4}"),
                Err(why) => say!("  {label:<28} undefined: {why}"),
            }
        }
        match &family {
            Ok(f) => print!(
                "{}",
                crate::printable::lines(&family_lines(
                    f,
                    intervals.as_ref().and_then(|i| i.as_ref().ok())
                ))
            ),
            Err(why) => say!("  {:<28} undefined: {why}", "uα family (2016)"),
        }
        match (&family, &intervals) {
            (Ok(_), Some(Ok(i))) => say!(
                "  (95 % bootstrap intervals: {} replicates over {} stretches, seed {})",
                i.replicates,
                i.stretches,
                i.seed
            ),
            (Ok(_), Some(Err(why))) => say!("  uα family intervals: {why}"),
            _ => {}
        }
        for c in &per_category {
            match c.alpha() {
                Some(a) => say!("  α_U of {:<21} {a:>8.4}", name(&c.category)),
                None => say!("  α_U of {:<21} undefined", name(&c.category)),
            }
        }
    }
    if args.json {
        let out = if reports.len() == 1 {
            reports.remove(0)
        } else {
            json!(reports)
        };
        println!(
            "{}",
            crate::printable::json(&serde_json::to_string_pretty(&out).expect("plain values"))
        );
    }
    Ok(())
}

/// Why a measure is undefined, in the command line's words: a document too long to label
/// position by position says where its units end and what that would take.
fn undefined_in_words(error: &UndefinedMeasure) -> String {
    match error {
        UndefinedMeasure::TooManyPositions {
            end, annotators, ..
        } => format!(
            "the units end at {end}: at most {} positions are labelled (these {annotators} \
             annotators' labels would take about {} GB)",
            gamma_core::measure::MAX_DISCRETE_POSITIONS,
            error.gigabytes().unwrap_or_default()
        ),
        other => other.to_string(),
    }
}

/// Two coefficients, each a value or why it is undefined.
type Discretized = (Result<f64, String>, Result<f64, String>);

/// Gwet's AC1 and Bennett's S of the discretized annotations (one item per whole position, as
/// κd), refused beyond the positions the other discretized measures accept. S takes chance as
/// one in the number of labels, the categories and "none".
fn discretized_coefficients(continuum: &gamma_core::Continuum, end: f64) -> Discretized {
    use gamma_core::measure::MAX_DISCRETE_POSITIONS;
    if end.is_nan() || end.ceil() > MAX_DISCRETE_POSITIONS as f64 {
        let why = format!(
            "the units end at {end}: at most {MAX_DISCRETE_POSITIONS} positions are labelled"
        );
        return (Err(why.clone()), Err(why));
    }
    let codings = discretize(continuum, 0.0, end);
    let words = |e: gamma_core::coefficients::CoefficientError| e.to_string();
    (
        codings.gwet_ac1().map(|a| a.coefficient()).map_err(words),
        codings.bennett_s().map_err(words),
    )
}

/// The bootstrap intervals of the uα family when `--bootstrap` asks for them: a setting out of
/// range is an error of the command; a document whose intervals cannot be drawn says why.
fn family_intervals(
    args: &CoefficientsArgs,
    continuum: &gamma_core::Continuum,
    end: f64,
) -> Result<Option<Result<UAlphaFamilyIntervals, String>>, Failure> {
    let Some(replicates) = args.bootstrap else {
        return Ok(None);
    };
    let options = BootstrapOptions {
        replicates,
        level: 0.95,
        seed: args.seed.unwrap_or(gamma_core::DEFAULT_SEED),
    };
    options.check().map_err(|_| {
        Failure::BadInput(format!(
            "--bootstrap must be from 2 to {} (got {replicates})",
            gamma_core::bootstrap::MAX_REPLICATES
        ))
    })?;
    let drawn = u_alpha_family_intervals(continuum, 0.0, end, &Distance::Nominal, &options);
    Ok(Some(drawn.map_err(|e| e.to_string())))
}

/// The uα family's lines of the text output, with their intervals when there are.
fn family_lines(f: &UAlphaFamily, intervals: Option<&UAlphaFamilyIntervals>) -> String {
    let value = |x: Option<f64>| x.map_or_else(|| "undefined".to_string(), |x| format!("{x:>8.4}"));
    let range = |r: Option<(f64, f64)>| match (intervals, r) {
        (Some(_), Some((lo, hi))) => format!("   [{lo:.4}, {hi:.4}]"),
        (Some(_), None) => "   [no interval]".to_string(),
        (None, _) => String::new(),
    };
    let interval =
        |pick: fn(&UAlphaFamilyIntervals) -> Option<(f64, f64)>| range(intervals.and_then(pick));
    let mut s = format!(
        "  {:<28} {}{}\n  {:<28} {}{}\n  {:<28} {}   (on {:.1} % of the pairs){}\n",
        "uα (2016)",
        value(f.u_alpha),
        interval(|i| i.u_alpha),
        "|uα (units vs gaps)",
        value(f.binary_u_alpha),
        interval(|i| i.binary_u_alpha),
        "c|uα (2016)",
        value(f.cu_alpha),
        100.0 * f.cu_coverage,
        interval(|i| i.cu_alpha),
    );
    for k in &f.k_u_alpha {
        let k_interval = intervals.and_then(|i| i.k_u_alpha.get(&k.category).copied());
        s += &format!(
            "  ({})uα{:<width$} {}   (on {:.1} % of its length){}\n",
            name(&k.category),
            "",
            value(k.alpha),
            100.0 * k.coverage,
            range(k_interval),
            width = 24usize.saturating_sub(name(&k.category).chars().count())
        );
    }
    s
}

/// `continuum` moved to start at 0 when it starts before 0.
fn starting_at_zero(continuum: &gamma_core::Continuum) -> Option<gamma_core::Continuum> {
    let (start, _) = continuum.bounds();
    if start >= 0.0 {
        return None;
    }
    let mut moved = continuum.clone();
    for unit in moved.annotators.iter_mut().flat_map(|a| a.units.iter_mut()) {
        unit.start -= start;
        unit.end -= start;
    }
    Some(moved)
}
