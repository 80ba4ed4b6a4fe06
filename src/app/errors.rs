//! What goes wrong in the app, typed: the core's and the formats' errors as they are, and the
//! app's own refusals, each saying what to do. They are put in words in one place, here (the
//! `Display` of [`AppError`]), in the app's words: a setting by the label its panel gives it, an
//! alignment numbered from 1 as the panels number them, a file with its line.

use gamma_core::bootstrap::{
    BootstrapError, MAX_REPLICATES, MIN_UNITS_PER_STRETCH, ResamplingUnit,
};
use gamma_core::evaluate::EvaluationError;
use gamma_core::gamma::GammaError;
use gamma_core::gold::GoldError;
use gamma_core::settings::{Setting, SettingError};
use gamma_core::shuffle::ShuffleError;
use gamma_core::textgamma::TextGammaError;
use gamma_formats::FileError;
use std::path::PathBuf;

/// What went wrong, in the app.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AppError {
    /// γ could not be computed (a setting out of its range, too many annotators…).
    #[error("{}", gamma_error_words(.0))]
    Gamma(#[from] GammaError),
    /// The bootstrap made no confidence interval.
    #[error("{}", bootstrap_error_words(.0))]
    Bootstrap(#[from] BootstrapError),
    /// tγ could not be computed.
    #[error("{}", text_gamma_error_words(.0))]
    TextGamma(#[from] TextGammaError),
    /// A setting out of its range.
    #[error("{}", setting_words(.0))]
    Setting(#[from] SettingError),
    /// The adjudication refused an action.
    #[error("{}", gold_error_text(.0))]
    Gold(#[from] GoldError),
    /// The Corpus Shuffling Tool could not run.
    #[error("{0}")]
    Shuffle(#[from] ShuffleError),
    /// The evaluation could not run.
    #[error("{0}")]
    Evaluation(#[from] EvaluationError),
    /// A file could not be read or written (its name and place said).
    #[error("{0}")]
    File(#[from] FileError),
    /// What the app keeps in its data folder (recent files, choices, colours) was not kept.
    #[error("{what} could not be kept: {reason}")]
    NotKept { what: String, reason: String },
    /// The adjudication was done but its session file could not be written.
    #[error("the adjudication could not be saved: {0}")]
    NotSaved(FileError),
    /// An autosaved session that does not read back.
    #[error("an autosaved adjudication cannot be resumed: {0}")]
    NotResumable(FileError),
    /// A session file the user chose that holds no session.
    #[error("{}: no such session file", .0.display())]
    NoSession(PathBuf),
    /// A project file whose inputs could not be opened.
    #[error("{}: its inputs could not be opened (see the messages above)", .0.display())]
    InputsNotOpened(PathBuf),
    /// Save project as… with nothing a project can hold.
    #[error("nothing is open to save as a project (the demo is not a project)")]
    NothingToSave,
    /// Save project as… in the coding room with no study open.
    #[error("no coding study is open to save as a project")]
    NoCodingStudy,
    /// A project to be written over one of the files it opens.
    #[error("{}: is an input file; choose another name for the project", .0.display())]
    ProjectOverInput(PathBuf),
    /// No document is open.
    #[error("no document is open")]
    NoDocument,
    /// Adjudicating before the alignment of the document shown arrived.
    #[error("wait for the alignment of this document first")]
    AlignmentPending,
    /// A document of the campaign the dashboard has not measured yet.
    #[error("not measured yet")]
    NotMeasured,
    /// tγ's base an annotator the document does not have.
    #[error("tγ's base is {0}'s annotation, and this document has no annotator {0}")]
    NoSuchBase(String),
    /// tγ's base file that could not be read.
    #[error("tγ's base: {0}")]
    BaseUnread(FileError),
    /// tγ's base file that could not serve.
    #[error("tγ's base {}: {problem}", .path.display())]
    Base {
        path: PathBuf,
        problem: Box<AppError>,
    },
    /// A file read with no document in it.
    #[error("no document")]
    NoDocumentIn,
    /// A file read with no annotation in it.
    #[error("no annotation")]
    NoAnnotation,
    /// A sweep from an annotator the document does not have.
    #[error("the document has no such annotator")]
    NoSuchAnnotator,
    /// A sweep or calibration from the gold while none is adjudicated.
    #[error("no gold standard is being adjudicated for this document")]
    NoGold,
    /// A reference built from an annotator or the gold that the tool refused.
    #[error("{of}: {error}")]
    Reference { of: String, error: ShuffleError },
    /// Evaluating against the curated document of a document that has none.
    #[error("this document has no curated document")]
    NoCuratedDocument,
    /// Evaluating against the gold of a document not being adjudicated.
    #[error("this document is not being adjudicated")]
    NotAdjudicated,
    /// The demo corpora could not be written out to be read.
    #[error("the demo cannot be prepared: {0}")]
    Demo(String),
    /// The window could not be opened.
    #[error("cannot open the window: {0}")]
    Window(String),
}

/// What the app's panels call `setting` (the settings panel's, tγ's and the shuffling
/// panel's labels).
fn setting_label(setting: Setting) -> &'static str {
    match setting {
        Setting::Alpha => "α (positional)",
        Setting::Beta => "β (categorical)",
        Setting::DeltaEmpty => "Δ∅ (empty slot)",
        Setting::Samples => "samples",
        Setting::Precision => "precision",
        Setting::Confidence => "confidence",
        Setting::MaxSamples => "the most samples",
        Setting::TextEditProbability => "p_t (text edits)",
        Setting::SegmentationProbability => "p_s (splits, merges)",
        Setting::Prior => "the prior's a, b",
        Setting::TextGap => "the text gap cost",
        Setting::BoundaryGap => "the boundary gap cost",
        Setting::Magnitude => "magnitude",
        Setting::Step => "magnitude step",
        Setting::Sets => "sets per magnitude",
        Setting::Annotators => "simulated annotators",
        Setting::ShiftFactor => "shift factor",
        Setting::FalsePositiveFactor => "false-positive factor",
        Setting::SplitFactor => "split factor",
    }
}

/// A setting out of its range, in the app's words.
fn setting_words(error: &SettingError) -> String {
    error.worded(setting_label(error.setting))
}

/// Why γ could not be computed, in the app's words (a setting by its label).
fn gamma_error_words(error: &GammaError) -> String {
    match error.setting() {
        Some(setting) => setting_words(setting),
        None => error.to_string(),
    }
}

/// Why the bootstrap made no confidence interval, in the app's words.
fn bootstrap_error_words(error: &BootstrapError) -> String {
    match error {
        BootstrapError::Replicates(n) => {
            format!("bootstrap replicates must be from 2 to {MAX_REPLICATES} (got {n})")
        }
        BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Stretches,
            found,
        } => format!(
            "none: the text has {} that no alignment crosses with at least {MIN_UNITS_PER_STRETCH} units each, and a bootstrap needs 2",
            crate::wording::plural(*found, "stretch", "stretches")
        ),
        BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Documents,
            found,
        } => format!(
            "none: {}, and a bootstrap needs 2",
            crate::wording::plural(*found, "document", "documents")
        ),
        other => other.to_string(),
    }
}

/// Why tγ could not be computed, in the app's words (a setting by its label).
fn text_gamma_error_words(error: &TextGammaError) -> String {
    match error {
        TextGammaError::Setting(setting) => setting_words(setting),
        other => other.to_string(),
    }
}

/// A gold error in the panel's words: alignments numbered from 1, as the panel and the
/// list number them (the core counts from 0).
pub(crate) fn gold_error_text(error: &GoldError) -> String {
    match error {
        GoldError::NoSuchProposal(index) => format!("there is no alignment {}", index + 1),
        GoldError::EmptySlot {
            proposal,
            annotator,
        } => format!("{annotator} has no unit in alignment {}", proposal + 1),
        other => other.to_string(),
    }
}
