//! `gamma-studio rounds BEFORE AFTER`: two rounds of a campaign compared (`gamma_core::rounds`)
//! — γ, γ-cat and each γ-k of both, with bootstrap intervals and the interval of each
//! difference, said in words.

use super::Failure;
use super::heartbeat::Heartbeat;
use super::input::InputArgs;
use super::settings_args::GammaSettingsArgs;
use crate::printable::name;
use clap::Args;
use gamma_core::bootstrap::{BootstrapError, BootstrapOptions, MAX_REPLICATES};
use gamma_core::gamma::RunControl;
use gamma_core::rounds::{Change, Compared, Direction, RoundsComparison, RoundsError};
use gamma_core::{Corpus, GammaOptions, GammaResult};
use gamma_formats::Format;
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[derive(Args, Debug, Clone)]
pub struct RoundsArgs {
    /// The first round (before the revision, or the first group): a corpus folder (one folder
    /// per annotator, per document, or one file per document) or one annotation file.
    pub before: PathBuf,
    /// The second round, the same way.
    pub after: PathBuf,
    /// Read every file of both rounds as this format instead of guessing from its extension.
    #[arg(long, ignore_case = true, value_parser = super::input::format_parser(false))]
    pub format: Option<Format>,
    /// Glozz: category = value of this feature instead of the unit type. WebAnno TSV 3: the
    /// feature of the layer that is the category.
    #[arg(long, value_name = "NAME")]
    pub category_feature: Option<String>,
    /// CorA: the annotation layer whose value is the category (default pos). WebAnno TSV 3: the
    /// span layer. TextGrid: the tier read from every file.
    #[arg(long, value_name = "LAYER")]
    pub layer: Option<String>,
    #[command(flatten)]
    pub settings: GammaSettingsArgs,
    /// Bootstrap replicates of each round (the intervals are 95 % ones).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub replicates: usize,
    /// Print the comparison as JSON.
    #[arg(long)]
    pub json: bool,
}

impl RoundsArgs {
    /// The reading options of one round, its path the only input.
    fn input(&self, path: &Path) -> InputArgs {
        InputArgs {
            files: vec![path.to_path_buf()],
            format: self.format,
            text: None,
            model: None,
            annotator: Vec::new(),
            category_feature: self.category_feature.clone(),
            include_type: Vec::new(),
            exclude_type: Vec::new(),
            exclude_author: Vec::new(),
            layer: self.layer.clone(),
            users: Vec::new(),
            layers: None,
            transcription: Default::default(),
        }
    }
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

/// γ (with γ-cat and γ-k) of one round.
fn round_gamma(
    args: &RoundsArgs,
    path: &Path,
    options: &GammaOptions,
) -> Result<GammaResult, Failure> {
    let documents = args.input(path).read()?;
    let corpus = Corpus::new(documents.into_iter().map(|d| d.continuum).collect());
    let heartbeat = Heartbeat::start(format!("γ of {}", name(&path.display().to_string())));
    let progress = |done, needed| heartbeat.progress(done, needed);
    let control = RunControl {
        cancelled: None,
        on_progress: Some(&progress),
    };
    gamma_core::corpus_gamma(&corpus, options, control).map_err(super::settings_args::gamma_failure)
}

fn measure_name(compared: &Compared) -> String {
    match compared {
        Compared::Gamma => "γ".into(),
        Compared::GammaCat => "γ-cat".into(),
        Compared::GammaK(category) => format!("γ-k({})", name(category)),
    }
}

/// The change in words: "agreement on ORG rose from 0.52 to 0.71; the difference's 95 %
/// interval [0.05, 0.31] excludes 0".
pub fn sentence(change: &Change, level: f64) -> String {
    let what = match &change.compared {
        Compared::Gamma => "agreement (γ)".to_string(),
        Compared::GammaCat => "agreement on the categories (γ-cat)".to_string(),
        Compared::GammaK(category) => format!("agreement on {}", name(category)),
    };
    let (low, high) = change.difference_interval;
    let interval = format!(
        "the difference's {:.0} % interval [{low:.2}, {high:.2}]",
        100.0 * level
    );
    let (before, after) = (change.before, change.after);
    match change.direction() {
        Direction::Rose => {
            format!("{what} rose from {before:.2} to {after:.2}; {interval} excludes 0")
        }
        Direction::Fell => {
            format!("{what} fell from {before:.2} to {after:.2}; {interval} excludes 0")
        }
        Direction::NoClearChange => format!(
            "{what} went from {before:.2} to {after:.2}; {interval} holds 0: no clear change"
        ),
    }
}

fn text(comparison: &RoundsComparison, before: &Path, after: &Path) -> String {
    let level = 100.0 * comparison.level;
    let mut s = format!(
        "before: {} ({} resampled)\nafter:  {} ({} resampled)\n\n",
        name(&before.display().to_string()),
        shape(&comparison.before),
        name(&after.display().to_string()),
        shape(&comparison.after),
    );
    let _ = writeln!(
        s,
        "{:<14} {:>8} {:>19} {:>8} {:>19} {:>10} {:>19}",
        "",
        "before",
        format!("{level:.0} % interval"),
        "after",
        format!("{level:.0} % interval"),
        "difference",
        format!("{level:.0} % interval"),
    );
    let pair = |(low, high): (f64, f64)| format!("{low:.4} … {high:.4}");
    for c in &comparison.changes {
        let _ = writeln!(
            s,
            "{:<14} {:>8.4} {:>19} {:>8.4} {:>19} {:>+10.4} {:>19}",
            measure_name(&c.compared),
            c.before,
            pair(c.before_interval),
            c.after,
            pair(c.after_interval),
            c.difference,
            pair(c.difference_interval),
        );
    }
    s.push('\n');
    for c in &comparison.changes {
        let _ = writeln!(s, "{}.", sentence(c, comparison.level));
    }
    for (round, categories) in [
        ("the first", &comparison.only_before),
        ("the second", &comparison.only_after),
    ] {
        if !categories.is_empty() {
            let names: Vec<String> = categories.iter().map(|c| name(c).into_owned()).collect();
            let _ = writeln!(s, "only in {round} round: {}.", names.join(", "));
        }
    }
    for (round, resampled) in [("first", &comparison.before), ("second", &comparison.after)] {
        if resampled.n_units < FEW {
            let _ = writeln!(
                s,
                "note: the {round} round has only {} to resample: its intervals are wide, and a \
                 change must be large to show; compare rounds of several documents, or longer ones.",
                shape(resampled)
            );
        }
    }
    let _ = writeln!(
        s,
        "\nbootstrap confidence intervals ({} replicates of each round, rounds resampled \
         independently; seed {}, repeat with --seed {})",
        comparison.replicates, comparison.seed, comparison.seed
    );
    s
}

/// Below this many documents or stretches in a round, the text warns that its intervals are wide.
const FEW: usize = 10;

fn shape(s: &gamma_core::rounds::Resampled) -> String {
    format!("{} {}", s.n_units, plural_unit(s.unit, s.n_units))
}

fn plural_unit(unit: gamma_core::bootstrap::ResamplingUnit, n: usize) -> &'static str {
    use gamma_core::bootstrap::ResamplingUnit::*;
    match (unit, n == 1) {
        (Documents, true) => "document",
        (Documents, false) => "documents",
        (Stretches | TextStretches, true) => "stretch of one document",
        (Stretches | TextStretches, false) => "stretches of one document",
    }
}

pub fn run(args: &RoundsArgs) -> Result<(), Failure> {
    let settings = BootstrapOptions {
        replicates: args.replicates,
        level: 0.95,
        seed: 0,
    };
    if settings.check().is_err() {
        return Err(bad(format!(
            "--replicates must be from 2 to {MAX_REPLICATES} (got {})",
            args.replicates
        )));
    }
    let options = GammaOptions {
        categorical_gammas: true,
        ..args.settings.options()?
    };
    let before = round_gamma(args, &args.before, &options)?;
    let after = round_gamma(args, &args.after, &options)?;
    let settings = BootstrapOptions {
        seed: options.seed,
        ..settings
    };
    let comparison = gamma_core::rounds::compare_rounds(&before, &after, &options, &settings)
        .map_err(|e| match e {
            RoundsError::Round { round, error } => {
                let path = match round {
                    gamma_core::rounds::Round::Before => &args.before,
                    gamma_core::rounds::Round::After => &args.after,
                };
                let why = match error {
                    BootstrapError::TooFewUnits { unit, found } => format!(
                        "only {found} {} to resample, a bootstrap needs at least 2 (give a \
                         corpus of several documents, or a longer document: a stretch holds at \
                         least {} units)",
                        plural_unit(unit, found),
                        gamma_core::bootstrap::MIN_UNITS_PER_STRETCH
                    ),
                    other => other.to_string(),
                };
                bad(format!("{}: {why}", name(&path.display().to_string())))
            }
            RoundsError::Options(error) => bad(error.to_string()),
        })?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&comparison).expect("JSON of plain values")
        );
    } else {
        print!("{}", text(&comparison, &args.before, &args.after));
    }
    Ok(())
}
