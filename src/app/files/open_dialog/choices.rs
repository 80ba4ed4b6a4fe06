//! What the user chose in the open dialog, remembered for the next files of the same kind:
//! the unit types, layers and users ticked or unticked against what the dialog offered, the
//! feature or layer that is the category, the transcription, the span layer and feature, the
//! TextGrid tier. A choice is kept by the name of what it is about (a type, a layer), so that
//! it applies to any later file offering that name (the next game of the same corpus), and
//! only where it is offered. Kept in the data folder across runs; a file that cannot be read
//! is as if there were none.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The file in the data folder that keeps the choices.
const OPEN_CHOICES: &str = "open-choices.json";

/// The choices remembered (nothing: the dialog's own defaults).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OpenChoices {
    /// Glozz unit types measured (`true`) or not, where the user differed from the default.
    pub unit_types: BTreeMap<String, bool>,
    /// The Glozz feature that is the category.
    pub category_feature: Option<String>,
    /// CorA layers kept (`true`) or dropped, where the user differed from the default.
    pub layers: BTreeMap<String, bool>,
    /// The CorA layer that is the category.
    pub category_layer: Option<String>,
    /// The CorA transcription the text is read from (`trans`, `utf`, `ascii`).
    pub transcription: Option<String>,
    /// The TSV 3 / XMI span layer, and its feature that is the category.
    pub span_layer: Option<String>,
    pub span_feature: Option<String>,
    /// The tier read from every TextGrid file (`None`: each tier is an annotator).
    pub tier: Option<String>,
    /// Users of project exports read (`true`) or not, where the user differed from the default.
    pub users: BTreeMap<String, bool>,
}

impl OpenChoices {
    /// The choices kept in `folder` (none without a folder, or when it keeps none).
    pub fn in_folder(folder: Option<&Path>) -> OpenChoices {
        crate::app::files::data_folder::read_kept(folder, OPEN_CHOICES)
    }

    /// Keeps the choices in `folder`; an error says why they were not kept.
    pub fn save(&self, folder: &Path) -> Result<(), crate::app::errors::AppError> {
        let what = "the choices of the open dialog";
        crate::app::files::data_folder::keep(folder, OPEN_CHOICES, self, what)
    }
}

/// Records the ticks of `offered` in `memory`: a tick that differs from `default` is
/// remembered, one that equals it forgotten (names not offered keep what they had).
pub fn record_ticks(
    memory: &mut BTreeMap<String, bool>,
    offered: &[(String, bool)],
    default: impl Fn(&str) -> bool,
) {
    for (name, on) in offered {
        if *on == default(name.as_str()) {
            memory.remove(name);
        } else {
            memory.insert(name.clone(), *on);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_kept_in_the_folder_and_an_unreadable_file_is_none() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            OpenChoices::in_folder(Some(dir.path())),
            OpenChoices::default()
        );
        let mut choices = OpenChoices {
            tier: Some("word".into()),
            ..OpenChoices::default()
        };
        record_ticks(
            &mut choices.unit_types,
            &[("paragraph".into(), true), ("Offer".into(), true)],
            |t| t != "paragraph",
        );
        assert_eq!(
            choices.unit_types,
            BTreeMap::from([("paragraph".to_string(), true)]),
            "only the tick against the default"
        );
        choices.save(dir.path()).unwrap();
        assert_eq!(OpenChoices::in_folder(Some(dir.path())), choices);
        record_ticks(
            &mut choices.unit_types,
            &[("paragraph".into(), false)],
            |t| t != "paragraph",
        );
        assert!(choices.unit_types.is_empty(), "back to the default");
        std::fs::write(dir.path().join(OPEN_CHOICES), "{not json").unwrap();
        assert_eq!(
            OpenChoices::in_folder(Some(dir.path())),
            OpenChoices::default()
        );
        assert_eq!(OpenChoices::in_folder(None), OpenChoices::default());
    }
}
