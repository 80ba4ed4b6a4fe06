//! The report of a coding study for a paper: the coefficients with their observed and expected
//! agreement, standard errors and intervals, agreement per category and per pair of coders, and
//! a methods paragraph that says the distance of each coefficient, how missing ratings were
//! handled and how the intervals were made. Rendered as one HTML page, Markdown, LaTeX tables
//! (booktabs) or JSON, by the output's extension ([`super::Rendering`]).

mod render;

pub use render::{HEAD, range};

use super::Rendering;
use gamma_core::coding::intervals::{IntervalOptions, Measured};
use gamma_core::coding::tables::{CategoryAgreement, pairwise, per_category};
use gamma_core::coding::{Basis, CodingStudy, CoefficientChoice};
use gamma_core::coefficients::Distance;
use gamma_formats::coding_table::CodingReadOptions;
use serde::Serialize;
use std::path::Path;

/// One coefficient of the report.
#[derive(Debug, Clone, Serialize)]
pub struct CoefficientRow {
    /// Its name (`alpha:interval`).
    pub name: String,
    /// Its label ("Krippendorff's α (interval)").
    pub label: String,
    /// The value, or none when undefined.
    pub value: Option<f64>,
    /// Observed agreement (disagreement for α).
    pub observed: Option<f64>,
    /// Expected agreement (disagreement for α).
    pub expected: Option<f64>,
    /// Whether the two are disagreements.
    pub disagreement: bool,
    /// The analytic standard error.
    pub standard_error: Option<f64>,
    /// The analytic 95 % interval.
    pub analytic: Option<(f64, f64)>,
    /// The bootstrap 95 % interval over items.
    pub bootstrap: Option<(f64, f64)>,
    /// The mean over pairs of coders.
    pub pairwise_mean: Option<f64>,
    /// Why it is undefined.
    pub undefined: Option<String>,
}

/// The report.
#[derive(Debug, Clone, Serialize)]
pub struct CodingReport {
    /// The study's name.
    pub study: String,
    /// Items, coders, labels, ratings, missing ratings.
    pub items: usize,
    /// The coders.
    pub coders: Vec<String>,
    /// The labels.
    pub categories: Vec<String>,
    /// Ratings given.
    pub ratings: usize,
    /// Item × coder cells without a rating.
    pub missing: usize,
    /// The coefficients.
    pub coefficients: Vec<CoefficientRow>,
    /// Agreement per category.
    pub per_category: Vec<CategoryAgreement>,
    /// The methods paragraph.
    pub methods: String,
}

/// What a distance is, for the methods paragraph.
fn distance_words(distance: &Distance) -> &'static str {
    match distance {
        Distance::Nominal => "nominal (different labels disagree fully)",
        Distance::Ordinal => {
            "Krippendorff's ordinal metric (ranks weighted by the labels' frequencies)"
        }
        Distance::Interval => "interval, (a − b)² (quadratic weights)",
        Distance::Linear => "linear, |a − b|",
        Distance::Ratio => "ratio, ((a − b)/(a + b))²",
        Distance::Masi => "MASI on set-valued labels (Passonneau 2006)",
        Distance::Jaccard => "Jaccard's distance on set-valued labels",
        Distance::Custom(_) => "a matrix of distances given by the authors",
    }
}

/// A command line argument quoted for a POSIX shell when it needs it.
pub fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && (arg.chars()).all(|c| c.is_ascii_alphanumeric() || "_./:=,+-@%".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

impl CodingReport {
    /// Gathers the report of `study` from the coefficients measured.
    pub fn gather(
        study: &CodingStudy,
        measured: &[(CoefficientChoice, Result<Measured, String>)],
        reading: &CodingReadOptions,
        intervals: &IntervalOptions,
        rerun: &str,
    ) -> CodingReport {
        let coders = study.coders.len();
        let coefficients = (measured.iter())
            .map(|(choice, m)| {
                let ok = m.as_ref().ok();
                let v = ok.map(|m| &m.value);
                let bootstrap = ok.and_then(|m| m.bootstrap.as_ref()?.as_ref().ok());
                CoefficientRow {
                    name: choice.name(),
                    label: choice.label(coders),
                    value: v.map(|v| v.value),
                    observed: v.map(|v| v.observed),
                    expected: v.map(|v| v.expected),
                    disagreement: v.is_some_and(|v| v.basis == Basis::Disagreement),
                    standard_error: v.and_then(|v| v.standard_error),
                    analytic: ok
                        .and_then(|m| m.analytic.as_ref())
                        .map(|i| (i.low, i.high)),
                    bootstrap: bootstrap.map(|i| (i.low, i.high)),
                    pairwise_mean: (coders > 2).then(|| pairwise(study, choice).mean).flatten(),
                    undefined: m.as_ref().err().cloned(),
                }
            })
            .collect();
        let choices: Vec<&CoefficientChoice> = measured.iter().map(|(c, _)| c).collect();
        CodingReport {
            study: study.name.clone(),
            items: study.n_items(),
            coders: study.coders.clone(),
            categories: study.categories().to_vec(),
            ratings: study.n_ratings(),
            missing: study.n_items() * coders - study.n_ratings(),
            coefficients,
            per_category: per_category(study),
            methods: methods_paragraph(study, &choices, reading, intervals, rerun),
        }
    }
}

/// The paragraph for a paper's method section.
pub fn methods_paragraph(
    study: &CodingStudy,
    choices: &[&CoefficientChoice],
    reading: &CodingReadOptions,
    intervals: &IntervalOptions,
    rerun: &str,
) -> String {
    let coders = study.coders.len();
    let cells = study.n_items() * coders;
    let missing = cells - study.n_ratings();
    let mut s = format!(
        "Agreement was measured on {} items coded by {} coders into {} labels ({} ratings). ",
        study.n_items(),
        coders,
        study.categories().len(),
        study.n_ratings()
    );
    let labels: Vec<String> = (choices.iter())
        .map(|c| {
            format!(
                "{} with the {} distance",
                c.label(coders),
                distance_words(&c.distance)
            )
        })
        .collect();
    s += &format!("Coefficients: {}. ", labels.join("; "));
    s += "Weighted coefficients other than α use the weights w = 1 − d/d_max (Gwet 2014). ";
    s += &match &reading.missing_as {
        Some(label) => format!(
            "The {missing} missing ratings ({:.1} % of the item × coder cells) were counted as \
             the category \"{label}\". ",
            100.0 * missing as f64 / cells.max(1) as f64
        ),
        None if missing > 0 => format!(
            "{missing} of the {cells} item × coder cells had no rating ({:.1} %); missing \
             ratings were left out, not counted as a category: each item counts with the ratings it has, items \
             with fewer than two ratings do not enter the observed agreement, and chance \
             agreement comes from all ratings given (Krippendorff 2011; Gwet 2014). ",
            100.0 * missing as f64 / cells.max(1) as f64
        ),
        None => "No rating was missing. ".to_string(),
    };
    if study.has_sets() {
        s += "Labels holding several values were read as sets. ";
    }
    s += "The 95 % intervals are analytic: the coefficient ± Student's t (n − 1 degrees of \
          freedom) times Gwet's linearised standard error (Gwet 2014, §5.4; as irrCAC computes \
          it), which treats the items as a sample and the coders as fixed";
    s += &match &intervals.bootstrap {
        Some(b) => format!(
            "; and bootstrap intervals over items (the expanded percentile interval of {} \
             replicates, seed {}, each recomputing chance agreement). ",
            b.replicates, b.seed
        ),
        None => ". ".to_string(),
    };
    s += &format!(
        "Computed with Gamma Studio {}; the same figures are given by `{rerun}`.",
        env!("CARGO_PKG_VERSION")
    );
    s
}

/// Gathers and writes the report of `study` at `path` (its extension gives the form), with
/// the command line that was run as the one that reproduces it.
pub fn write(
    path: &Path,
    study: &CodingStudy,
    measured: &[(CoefficientChoice, Result<Measured, String>)],
    reading: &CodingReadOptions,
    intervals: &IntervalOptions,
) -> Result<(), String> {
    if Rendering::of(path).is_none() {
        return Err(format!(
            "--report {}: not a report format (.html, .md, .tex or .json)",
            path.display()
        ));
    }
    let rerun: Vec<String> = std::env::args().skip(1).map(|a| shell_quote(&a)).collect();
    let rerun = format!("gamma-studio {}", rerun.join(" "));
    write_with_rerun(path, study, measured, reading, intervals, &rerun)
}

/// Gathers and writes the report of `study` at `path`; `rerun` is the command line that gives
/// the same figures (the app writes the `coding` command of what it shows).
pub fn write_with_rerun(
    path: &Path,
    study: &CodingStudy,
    measured: &[(CoefficientChoice, Result<Measured, String>)],
    reading: &CodingReadOptions,
    intervals: &IntervalOptions,
    rerun: &str,
) -> Result<(), String> {
    let rendering = Rendering::of(path).ok_or_else(|| {
        format!(
            "{}: not a report format (.html, .md, .tex or .json)",
            path.display()
        )
    })?;
    let report = CodingReport::gather(study, measured, reading, intervals, rerun);
    let text = match rendering {
        Rendering::Html => render::html(&report),
        Rendering::Markdown => render::markdown(&report),
        Rendering::Latex => render::latex(&report),
        Rendering::Json => serde_json::to_string_pretty(&report).expect("plain values") + "\n",
    };
    gamma_formats::write_atomically(path, text.as_bytes()).map_err(|e| e.to_string())
}
