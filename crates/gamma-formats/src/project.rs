//! A project file's inputs: what every front end needs to read a saved campaign's documents
//! again — its input files or corpus folder (relative to the project file, so that the folder
//! can be moved or shared), how they were read, the γ settings and the campaign's list of
//! reasons for decisions (`reasons`: a JSON list of `{key, label}`). The app writes the whole
//! project (with its view and adjudications); the app, the command line and Python read its
//! inputs here.

use crate::stored_options::{StoredOptions, StoredPath};
use crate::{FileError, ReadOptions};
use gamma_core::GammaOptions;
use gamma_core::gold::ReasonList;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What the `format` field of a project file says.
pub const PROJECT_FORMAT: &str = "gamma-studio project";
/// The version this program writes and reads.
pub const PROJECT_VERSION: u32 = 1;
/// The extension of project files.
pub const PROJECT_EXTENSION: &str = "json";

/// The inputs as a project file records them (relative to its folder when they can be).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoredInputs {
    /// Annotation files.
    Files(Vec<StoredPath>),
    /// A corpus folder.
    Folder(StoredPath),
}

/// A project's inputs, resolved against the project file's folder.
#[derive(Debug, Clone, PartialEq)]
pub enum ProjectInputs {
    /// Annotation files.
    Files(Vec<PathBuf>),
    /// A corpus folder.
    Folder(PathBuf),
}

/// What a project says of its documents: where they are, how to read them, how γ is measured.
#[derive(Debug, Clone)]
pub struct ProjectReading {
    /// The inputs.
    pub inputs: ProjectInputs,
    /// How they are read.
    pub options: ReadOptions,
    /// The γ settings.
    pub settings: GammaOptions,
    /// The categories left out of γ.
    pub excluded_categories: BTreeSet<String>,
    /// The reasons the campaign's decisions may give (the default list when the project has
    /// none).
    pub reasons: ReasonList,
}

/// The fields of a project file that say how to read it (the others are the app's).
#[derive(Deserialize)]
struct ProjectHead {
    format: String,
    version: u32,
    inputs: StoredInputs,
    reading: StoredOptions,
    settings: GammaOptions,
    #[serde(default)]
    excluded_categories: BTreeSet<String>,
    #[serde(default)]
    reasons: ReasonList,
}

/// Whether `path` is a project file (a JSON file whose `format` says so).
pub fn is_project(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == PROJECT_EXTENSION)
        && crate::read_bytes(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
            .is_some_and(|v| v["format"] == PROJECT_FORMAT)
}

/// The inputs, reading options and settings of the project file at `path`.
pub fn read_project(path: &Path) -> Result<ProjectReading, FileError> {
    let error = |message: String| FileError::new(path, None, message);
    let bytes = crate::read_bytes(path)?;
    let head: ProjectHead = serde_json::from_slice(&bytes)
        .map_err(|e| error(format!("not a Gamma Studio project: {e}")))?;
    if head.format != PROJECT_FORMAT {
        return Err(error(format!(
            "not a Gamma Studio project (format {:?})",
            head.format
        )));
    }
    if head.version > PROJECT_VERSION {
        return Err(error(format!(
            "project version {} is newer than this program reads ({PROJECT_VERSION})",
            head.version
        )));
    }
    let folder = path.parent().unwrap_or(Path::new("."));
    let resolve = |stored: StoredPath| {
        stored
            .path()
            .map(|relative| folder.join(relative))
            .ok_or_else(|| error("it names a path this system cannot hold".into()))
    };
    let options = (head.reading.options())
        .ok_or_else(|| error("its reading options name a path this system cannot hold".into()))?;
    let inputs = match head.inputs {
        StoredInputs::Folder(corpus) => ProjectInputs::Folder(resolve(corpus)?),
        StoredInputs::Files(files) => {
            ProjectInputs::Files(files.into_iter().map(resolve).collect::<Result<_, _>>()?)
        }
    };
    Ok(ProjectReading {
        inputs,
        options,
        settings: head.settings,
        excluded_categories: head.excluded_categories,
        reasons: head.reasons,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_project_is_read_relative_to_its_folder_and_a_newer_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("campaign.json");
        let settings = GammaOptions {
            seed: 9,
            ..GammaOptions::default()
        };
        let json = serde_json::json!({
            "format": PROJECT_FORMAT,
            "version": 1,
            "saved_at": "2026-11-24T20:00:00Z",
            "inputs": {"folder": "corpus"},
            "reading": StoredOptions::of(&ReadOptions::default()),
            "settings": settings,
            "excluded_categories": ["Turn"],
            "view": "dashboard",
            "shown": null,
            "documents": []
        });
        std::fs::write(&project, serde_json::to_vec(&json).unwrap()).unwrap();
        assert!(is_project(&project));
        let read = read_project(&project).unwrap();
        assert_eq!(
            read.inputs,
            ProjectInputs::Folder(dir.path().join("corpus"))
        );
        assert_eq!(read.settings.seed, 9);
        assert_eq!(
            read.excluded_categories,
            BTreeSet::from(["Turn".to_string()])
        );
        // No list of reasons: the default one; a list is read back as written.
        assert_eq!(read.reasons, ReasonList::default());
        let mut with_reasons = json.clone();
        with_reasons["reasons"] = serde_json::json!([{"key": "nested", "label": "nested entity"}]);
        std::fs::write(&project, serde_json::to_vec(&with_reasons).unwrap()).unwrap();
        let reasons = read_project(&project).unwrap().reasons;
        assert_eq!(reasons.label("nested"), "nested entity");
        assert_eq!(reasons.reasons().len(), 1);
        with_reasons["reasons"] = serde_json::json!([{"key": "Not A Key", "label": "x"}]);
        std::fs::write(&project, serde_json::to_vec(&with_reasons).unwrap()).unwrap();
        assert!(read_project(&project).is_err());

        let mut newer = json.clone();
        newer["version"] = serde_json::json!(PROJECT_VERSION + 1);
        std::fs::write(&project, serde_json::to_vec(&newer).unwrap()).unwrap();
        let message = read_project(&project).unwrap_err().to_string();
        assert!(message.contains("project version 2 is newer"), "{message}");
        std::fs::write(&project, b"{\"format\": \"something else\"}").unwrap();
        assert!(!is_project(&project));
        assert!(read_project(&project).is_err());
    }
}
