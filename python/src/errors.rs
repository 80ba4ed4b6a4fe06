//! The exceptions Python sees: a reader's error keeps its file and line as attributes, a bad
//! setting is a `ValueError`, a computation that cannot be done a `GammaStudioError`.

use gamma_core::settings::{Setting, SettingError};
use gamma_formats::FileError;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    _core,
    GammaStudioError,
    PyException,
    "γ or tγ cannot be computed on these annotations (too few annotators, no unit, a limit)."
);
pyo3::create_exception!(
    _core,
    ReadError,
    PyValueError,
    "An annotation file cannot be read; `file`, `line` (or None) and `reason` say where and why."
);

/// A reader's error as a [`ReadError`] with `file`, `line` and `reason` attributes; the message
/// is the core's (`file: line N: reason`).
pub fn read_error(error: &FileError) -> PyErr {
    Python::attach(|py| {
        let err = ReadError::new_err(in_python_words(error));
        let value = err.value(py);
        let _ = value.setattr("file", error.file.display().to_string());
        let _ = value.setattr("reason", error.message.as_str());
        let _ = value.setattr("line", error.line);
        err
    })
}

/// A reading error in Python's words: its remedy names the argument that settles it.
fn in_python_words(error: &FileError) -> String {
    use gamma_formats::Remedy;
    let place = match error.line {
        Some(line) => format!("{}: line {line}", error.file.display()),
        None => error.file.display().to_string(),
    };
    let remedy = error.remedy.map(|remedy| match remedy {
        Remedy::ChooseLayer => "choose one with layer=…",
        Remedy::ChooseCategoryFeature => "choose the category with category_feature=…",
        Remedy::GiveText => "give the text with text=…",
        Remedy::GiveModel => "give the model with model=…",
        Remedy::NameFormat => "or name the format with format=…",
        Remedy::NameAnnotators => "name them with annotators={name: path}",
        Remedy::CurationAsAnnotator => Remedy::CurationAsAnnotator.describe(),
    });
    match remedy {
        Some(remedy) => format!("{place}: {}: {remedy}", error.message),
        None => format!("{place}: {}", error.message),
    }
}

/// A bad setting (unknown name, out of range) as a `ValueError`.
pub fn bad_setting(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The keyword argument that gives `setting` (pygamma-agreement's name where it has one).
pub fn keyword(setting: Setting) -> &'static str {
    match setting {
        Setting::Alpha => "alpha",
        Setting::Beta => "beta",
        Setting::DeltaEmpty => "delta_empty",
        Setting::Samples => "n_samples",
        Setting::Precision => "precision_level",
        Setting::Confidence => "confidence",
        Setting::MaxSamples => "max_samples",
        Setting::TextEditProbability => "p_text",
        Setting::SegmentationProbability => "p_segmentation",
        Setting::Prior => "prior",
        Setting::TextGap => "gap_text",
        Setting::BoundaryGap => "gap_boundary",
        Setting::Magnitude => "magnitude",
        Setting::Step => "step",
        Setting::Sets => "sets",
        Setting::Annotators => "annotators",
        Setting::ShiftFactor => "shift_factor",
        Setting::FalsePositiveFactor => "false_positive_factor",
        Setting::SplitFactor => "split_factor",
    }
}

/// A setting out of its range as a `ValueError` naming the keyword argument.
pub fn setting_error(error: &SettingError) -> PyErr {
    bad_setting(error.worded(keyword(error.setting)))
}

/// An error of the computation as a [`GammaStudioError`].
pub fn computation(error: impl std::fmt::Display) -> PyErr {
    GammaStudioError::new_err(error.to_string())
}
