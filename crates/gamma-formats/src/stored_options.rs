//! How paths and reading options are kept in JSON (the app's recent files, project files).
//!
//! Paths are not always text: on Unix a file name is any bytes. A path that is valid UTF-8 is
//! stored as a JSON string (the format of earlier versions, which stays readable); any other
//! is stored as its raw bytes (Unix) or UTF-16 units (Windows), so that every path that could
//! be opened comes back exactly.
//!
//! The core's [`ReadOptions`] hold such paths (the Glozz text, the model, the files named), so
//! they are stored through [`StoredOptions`], field by field: the conversions destructure
//! every core type whole, so that a reading option added to the core fails to compile here
//! until they are kept too.

use crate::cora::{CoraOptions, Transcription};
use crate::glozz::GlozzOptions;
use crate::webanno_tsv::LayerChoice;
use crate::{Format, ReadOptions};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One path as stored: text when it is UTF-8, else the platform's raw units. (Each platform
/// writes only its own raw variant, and reads the other's as a path it cannot hold.)
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum StoredPath {
    /// A UTF-8 path.
    Text(String),
    /// A Unix path that is not UTF-8.
    Bytes {
        /// Its bytes.
        bytes: Vec<u8>,
    },
    /// A Windows path that is not valid UTF-16.
    Wide {
        /// Its UTF-16 units.
        wide: Vec<u16>,
    },
}

impl StoredPath {
    /// How `path` is stored.
    pub fn of(path: &Path) -> StoredPath {
        if let Some(text) = path.to_str() {
            return StoredPath::Text(text.to_string());
        }
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            StoredPath::Bytes {
                bytes: path.as_os_str().as_bytes().to_vec(),
            }
        }
        #[cfg(windows)]
        {
            use std::os::windows::ffi::OsStrExt;
            StoredPath::Wide {
                wide: path.as_os_str().encode_wide().collect(),
            }
        }
        #[cfg(not(any(unix, windows)))]
        StoredPath::Text(path.to_string_lossy().into_owned())
    }

    /// The path, if this platform can hold it (raw units of another platform cannot).
    pub fn path(self) -> Option<PathBuf> {
        match self {
            StoredPath::Text(text) => Some(PathBuf::from(text)),
            #[cfg(unix)]
            StoredPath::Bytes { bytes } => {
                use std::os::unix::ffi::OsStringExt;
                Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
            }
            #[cfg(windows)]
            StoredPath::Wide { wide } => {
                use std::os::windows::ffi::OsStringExt;
                Some(PathBuf::from(std::ffi::OsString::from_wide(&wide)))
            }
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

/// [`ReadOptions`] as stored (names for the format and the transcription).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredOptions {
    format: Option<String>,
    text: Option<StoredPath>,
    model: Option<StoredPath>,
    annotator_names: Vec<(String, StoredPath)>,
    glozz: StoredGlozz,
    cora: StoredCora,
    layer: Option<String>,
    category_feature: Option<String>,
    users: Vec<String>,
}

/// [`GlozzOptions`] as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredGlozz {
    category_feature: Option<String>,
    include_types: Vec<String>,
    exclude_types: Vec<String>,
    exclude_authors: Vec<String>,
}

/// [`CoraOptions`] as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredCora {
    category_layer: String,
    category_layer_chosen: bool,
    layers: Option<Vec<String>>,
    transcription: String,
    merge_marks: String,
    split_marks: String,
}

/// The name a transcription is stored under (the one its `FromStr` reads).
pub fn transcription_name(transcription: Transcription) -> &'static str {
    match transcription {
        Transcription::Trans => "trans",
        Transcription::Utf => "utf",
        Transcription::Ascii => "ascii",
    }
}

impl StoredOptions {
    /// How `options` are stored.
    pub fn of(options: &ReadOptions) -> StoredOptions {
        let ReadOptions {
            format,
            text,
            model,
            annotator_names,
            glozz,
            cora,
            layer,
            users,
        } = options;
        let GlozzOptions {
            category_feature: glozz_feature,
            include_types,
            exclude_types,
            exclude_authors,
        } = glozz;
        let CoraOptions {
            category_layer,
            category_layer_chosen,
            layers,
            transcription,
            merge_marks,
            split_marks,
        } = cora;
        let LayerChoice {
            layer,
            category_feature,
        } = layer;
        StoredOptions {
            format: format.map(|f| f.name().to_string()),
            text: text.as_deref().map(StoredPath::of),
            model: model.as_deref().map(StoredPath::of),
            annotator_names: annotator_names
                .iter()
                .map(|(name, path)| (name.clone(), StoredPath::of(path)))
                .collect(),
            glozz: StoredGlozz {
                category_feature: glozz_feature.clone(),
                include_types: include_types.clone(),
                exclude_types: exclude_types.clone(),
                exclude_authors: exclude_authors.clone(),
            },
            cora: StoredCora {
                category_layer: category_layer.clone(),
                category_layer_chosen: *category_layer_chosen,
                layers: layers.clone(),
                transcription: transcription_name(*transcription).to_string(),
                merge_marks: merge_marks.clone(),
                split_marks: split_marks.clone(),
            },
            layer: layer.clone(),
            category_feature: category_feature.clone(),
            users: users.clone(),
        }
    }

    /// The options, if this platform can hold their paths and the names are known.
    pub fn options(self) -> Option<ReadOptions> {
        let path = |stored: Option<StoredPath>| match stored {
            Some(stored) => stored.path().map(Some),
            None => Some(None),
        };
        let format = match self.format {
            Some(name) => Some(name.parse::<Format>().ok()?),
            None => None,
        };
        Some(ReadOptions {
            format,
            text: path(self.text)?,
            model: path(self.model)?,
            annotator_names: self
                .annotator_names
                .into_iter()
                .map(|(name, stored)| stored.path().map(|p| (name, p)))
                .collect::<Option<_>>()?,
            glozz: GlozzOptions {
                category_feature: self.glozz.category_feature,
                include_types: self.glozz.include_types,
                exclude_types: self.glozz.exclude_types,
                exclude_authors: self.glozz.exclude_authors,
            },
            cora: CoraOptions {
                category_layer: self.cora.category_layer,
                category_layer_chosen: self.cora.category_layer_chosen,
                layers: self.cora.layers,
                transcription: self.cora.transcription.parse().ok()?,
                merge_marks: self.cora.merge_marks,
                split_marks: self.cora.split_marks,
            },
            layer: LayerChoice {
                layer: self.layer,
                category_feature: self.category_feature,
            },
            users: self.users,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reading_option_comes_back() {
        let options = ReadOptions {
            format: Some(crate::glozz::GLOZZ),
            text: Some("/stac/unannotated/s1_12.ac".into()),
            model: Some("/stac/model.aam".into()),
            annotator_names: vec![("hj".into(), "/stac/hjoseph/s1_12.aa".into())],
            glozz: GlozzOptions {
                category_feature: Some("Type".into()),
                include_types: vec!["Segment".into()],
                exclude_types: vec!["paragraph".into()],
                exclude_authors: vec!["script".into()],
            },
            cora: CoraOptions {
                category_layer: "lemma".into(),
                category_layer_chosen: true,
                layers: Some(vec!["lemma".into()]),
                transcription: Transcription::Utf,
                merge_marks: "=".into(),
                split_marks: "|".into(),
            },
            layer: LayerChoice {
                layer: Some("NamedEntity".into()),
                category_feature: Some("value".into()),
            },
            users: vec!["alice".into()],
        };
        let json = serde_json::to_string(&StoredOptions::of(&options)).unwrap();
        let back: StoredOptions = serde_json::from_str(&json).unwrap();
        let back = back.options().unwrap();
        assert_eq!(back.format, options.format);
        assert_eq!(back.text, options.text);
        assert_eq!(back.model, options.model);
        assert_eq!(back.annotator_names, options.annotator_names);
        assert_eq!(back.glozz, options.glozz);
        assert_eq!(back.cora, options.cora);
        assert_eq!(back.layer, options.layer);
        assert_eq!(back.users, options.users);
    }
}
