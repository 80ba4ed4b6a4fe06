//! The agreement of the study shown: the coefficients chosen (a coefficient of the core's
//! registry, [`Coefficient::ALL`], and a distance, [`DistanceName::ALL`]), each with its
//! observed and expected agreement, Gwet's standard error and its analytic 95 % interval, its
//! mean over pairs of coders, and agreement per category — measured by one job — and the
//! bootstrap intervals over items, by another (seeded, the seed shown), since they take longer.
//! The confusion matrix of the pair of coders chosen is a third, small job.
//!
//! Each interval says what it is: both are 95 % confidence intervals for these items as a
//! sample of items coded by these coders (the coders are fixed); the analytic one rests on
//! Gwet's linearised variance and Student's t, the bootstrap one on the items drawn again.

use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::coding::intervals::{
    CodingBootstrapError, CodingInterval, IntervalOptions, Measured, bootstrap_interval_with,
    measure,
};
use gamma_core::coding::tables::{
    CategoryAgreement, ConfusionMatrix, PairwiseTable, confusion, fleiss_null_standard_error,
    pairwise, per_category,
};
use gamma_core::coding::{CodingStudy, Coefficient, CoefficientChoice, DistanceName};
use gamma_core::dissimilarity::CategoryMatrix;
use gamma_core::gamma::RunControl;
use std::path::PathBuf;

/// A coefficient chosen in the panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChoiceForm {
    pub coefficient: Coefficient,
    pub distance: DistanceName,
}

impl ChoiceForm {
    /// The choice's name as the command line reads it (`alpha:interval`).
    pub fn name(self) -> String {
        match self.distance {
            DistanceName::Nominal => self.coefficient.name().to_string(),
            distance => format!("{}:{}", self.coefficient.name(), distance.name()),
        }
    }

    /// The core's choice (`matrix` is the custom distance's).
    pub fn choice(self, matrix: Option<&CategoryMatrix>) -> Result<CoefficientChoice, String> {
        CoefficientChoice::parse(&self.name(), matrix).map_err(|e| e.to_string())
    }
}

/// A choice's form from the core's choice (its distance by name).
fn form_of(choice: &CoefficientChoice) -> ChoiceForm {
    let name = gamma_core::coding::coefficient::distance_name(&choice.distance);
    ChoiceForm {
        coefficient: choice.coefficient,
        distance: name.parse().unwrap_or(DistanceName::Nominal),
    }
}

/// The bootstrap's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BootstrapForm {
    /// Whether bootstrap intervals are drawn.
    pub on: bool,
    pub replicates: usize,
    pub seed: u64,
}

impl Default for BootstrapForm {
    fn default() -> Self {
        BootstrapForm {
            on: true,
            replicates: 1000,
            seed: gamma_core::DEFAULT_SEED,
        }
    }
}

impl BootstrapForm {
    /// The core's options, when the bootstrap is on.
    pub fn options(self) -> Option<BootstrapOptions> {
        self.on.then_some(BootstrapOptions {
            replicates: self.replicates,
            level: 0.95,
            seed: self.seed,
        })
    }
}

/// One coefficient measured.
#[derive(Debug, Clone)]
pub struct Row {
    /// Its name (`alpha:interval`).
    pub name: String,
    /// Its name for people ("Krippendorff's α (interval)").
    pub label: String,
    /// The core's choice, or why the form is not one.
    pub choice: Result<CoefficientChoice, String>,
    /// Its value, parts and analytic interval, or why it is undefined.
    pub measured: Result<Measured, String>,
    /// It on every pair of coders (more than two coders).
    pub pairwise: Option<PairwiseTable>,
}

/// What the agreement job measured.
#[derive(Debug, Clone)]
pub struct Results {
    /// The study's fingerprint (results of another study are never shown).
    pub study: String,
    /// The choices' names, as measured (a change of choices makes them stale).
    pub names: Vec<String>,
    pub rows: Vec<Row>,
    pub per_category: Vec<CategoryAgreement>,
    /// Fleiss's standard error of π under no agreement beyond chance (his test).
    pub fleiss_null: Option<f64>,
}

/// The bootstrap intervals arriving.
#[derive(Debug, Clone)]
pub struct Drawn {
    pub study: String,
    pub names: Vec<String>,
    pub options: BootstrapOptions,
    /// One per choice, as it arrives (or why there is none).
    pub intervals: Vec<Option<Result<CodingInterval, String>>>,
    /// The choice being drawn and its replicates drawn so far.
    pub progress: Option<(usize, usize)>,
}

/// The agreement panel's form and what was measured.
#[derive(Debug, Clone)]
pub struct Agreement {
    pub choices: Vec<ChoiceForm>,
    /// The custom distance's matrix (a CSV file, read by the job).
    pub matrix: Option<PathBuf>,
    pub bootstrap: BootstrapForm,
    pub results: Option<Results>,
    pub drawn: Option<Drawn>,
    /// The pair of coders whose confusion matrix is shown, and it once computed.
    pub pair: (usize, usize),
    pub confusion: Option<((usize, usize), String, ConfusionMatrix)>,
    /// Why the last measure failed (the matrix could not be read).
    pub problem: Option<String>,
}

impl Default for Agreement {
    fn default() -> Self {
        Agreement {
            choices: CoefficientChoice::defaults().iter().map(form_of).collect(),
            matrix: None,
            bootstrap: BootstrapForm::default(),
            results: None,
            drawn: None,
            pair: (0, 1),
            confusion: None,
            problem: None,
        }
    }
}

impl Agreement {
    /// The choices' names (what results are of).
    pub fn names(&self) -> Vec<String> {
        self.choices.iter().map(|c| c.name()).collect()
    }

    /// Sets the choices from their names (`alpha:interval`); names that are no choice are
    /// left out and returned.
    pub fn set_names(&mut self, names: &[String]) -> Vec<String> {
        let mut unknown = Vec::new();
        let mut choices = Vec::new();
        for name in names {
            // A custom distance is taken by name: its matrix is read with the measure.
            let parsed = CoefficientChoice::parse(name, Some(&CategoryMatrix::nominal(&[])));
            match parsed {
                Ok(choice) => choices.push(form_of(&choice)),
                Err(_) => unknown.push(name.clone()),
            }
        }
        if !choices.is_empty() {
            self.choices = choices;
        }
        unknown
    }

    /// The results shown for `study`: none when they are of another study.
    pub fn results_of(&self, fingerprint: &str) -> Option<&Results> {
        self.results.as_ref().filter(|r| r.study == fingerprint)
    }

    /// The bootstrap intervals drawn for `study` with the current choices and settings.
    pub fn drawn_of(&self, fingerprint: &str) -> Option<&Drawn> {
        self.drawn.as_ref().filter(|d| {
            d.study == fingerprint
                && d.names == self.names()
                && Some(d.options) == self.bootstrap.options()
        })
    }
}

/// The custom distance's matrix, read and parsed (in a job).
pub fn read_matrix(path: &std::path::Path) -> Result<CategoryMatrix, String> {
    let bytes = gamma_formats::read_bytes(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&bytes);
    CategoryMatrix::parse(&text, &path.display().to_string()).map_err(|e| e.to_string())
}

/// The choices of `forms`, the custom matrix read from `matrix` if one needs it.
pub fn choices_of(
    forms: &[ChoiceForm],
    matrix: Option<&std::path::Path>,
) -> Vec<Result<CoefficientChoice, String>> {
    let needs_matrix = forms.iter().any(|f| f.distance == DistanceName::Custom);
    let read = match (needs_matrix, matrix) {
        (true, Some(path)) => Some(read_matrix(path)),
        _ => None,
    };
    (forms.iter())
        .map(|form| match (&read, form.distance) {
            (Some(Err(e)), DistanceName::Custom) => Err(e.clone()),
            (Some(Ok(matrix)), _) => form.choice(Some(matrix)),
            (None, DistanceName::Custom) => {
                Err("the custom distance needs its matrix: choose the file".to_string())
            }
            (None, _) | (Some(Err(_)), _) => form.choice(None),
        })
        .collect()
}

/// Measures `choices` on `study` (in the agreement job).
pub fn measure_all(
    study: &CodingStudy,
    forms: &[ChoiceForm],
    choices: Vec<Result<CoefficientChoice, String>>,
) -> Results {
    let analytic = IntervalOptions::default();
    let rows = (forms.iter().zip(choices))
        .map(|(form, choice)| {
            let measured = match &choice {
                Ok(choice) => measure(study, choice, &analytic).map_err(|e| e.to_string()),
                Err(why) => Err(why.clone()),
            };
            let pairwise = match &choice {
                Ok(choice) if study.coders.len() > 2 => Some(pairwise(study, choice)),
                _ => None,
            };
            let label = match &choice {
                Ok(choice) => choice.label(study.coders.len()),
                Err(_) => form.name(),
            };
            Row {
                name: form.name(),
                label,
                choice,
                measured,
                pairwise,
            }
        })
        .collect();
    Results {
        study: study.fingerprint(),
        names: forms.iter().map(|f| f.name()).collect(),
        rows,
        per_category: per_category(study),
        fleiss_null: fleiss_null_standard_error(study),
    }
}

/// The bootstrap interval of one choice (in the bootstrap job, which can stop it).
pub fn draw(
    study: &CodingStudy,
    choice: &Result<CoefficientChoice, String>,
    options: &BootstrapOptions,
    control: &RunControl<'_>,
) -> Result<CodingInterval, String> {
    let choice = choice.as_ref().map_err(Clone::clone)?;
    bootstrap_interval_with(study, choice, options, control)
        .map_err(|e: CodingBootstrapError| e.to_string())
}

/// The confusion matrix of a pair (in the pair job).
pub fn confusion_of(study: &CodingStudy, pair: (usize, usize)) -> Option<ConfusionMatrix> {
    let coders = study.coders.len();
    (pair.0 < coders && pair.1 < coders && pair.0 != pair.1)
        .then(|| confusion(study, pair.0, pair.1))
}

/// What an analytic interval is, for its tooltip.
pub fn analytic_tip(interval: &CodingInterval, items: usize) -> String {
    format!(
        "95 % confidence interval, analytic: the coefficient ± Student's t with {} degrees of \
         freedom × Gwet's linearised standard error (Gwet 2014, §5.4; irrCAC's interval), the \
         upper end capped at 1. It treats these {items} items as a sample of the items such a \
         study codes, with these coders fixed: other coders are not covered. With few items or \
         a dominant label it can be too narrow (α) or too wide (AC1): see the bootstrap.",
        items.saturating_sub(1),
    ) + &if interval.high >= 1.0 {
        " Its upper end is at 1, the most a coefficient can be.".to_string()
    } else {
        String::new()
    }
}

/// What a bootstrap interval is, for its tooltip.
pub fn bootstrap_tip(interval: &CodingInterval) -> String {
    let mut tip = format!(
        "95 % confidence interval, bootstrap over items: the items drawn with replacement {} \
         times (seed {}), the coefficient recomputed on each draw with its own chance \
         agreement, and the expanded percentile interval of the draws (Hesterberg 2015). The \
         same seed gives the same interval; `gamma-studio coding --bootstrap {} --seed {}` \
         prints it. Like the analytic interval, it holds the coders fixed.",
        interval.replicates.unwrap_or_default(),
        interval.seed.unwrap_or_default(),
        interval.replicates.unwrap_or_default(),
        interval.seed.unwrap_or_default(),
    );
    if interval.undefined_replicates > 0 {
        tip += &format!(
            " On {} draws the coefficient was undefined (every rating the same): left out.",
            interval.undefined_replicates
        );
    }
    tip
}
