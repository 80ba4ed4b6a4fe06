//! An adjudication session on disk: the inputs, the settings the alignment was computed with,
//! and the whole [`Adjudication`] (proposals, decisions, gold, undo history). The app saves it
//! after every change, by default in its data folder under the document's fingerprint, so that
//! opening the same inputs again (after a crash, a kill or a break) finds it.

use crate::{FileError, read_bytes, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::dissimilarity::CategoryDissimilarity;
use gamma_core::gamma::GammaOptions;
use gamma_core::gold::Adjudication;
use gamma_core::preset::Preset;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

/// What the `format` field of a session file says.
pub const SESSION_FORMAT: &str = "gamma-studio adjudication session";
/// The version this program writes. Version 1 recorded a few γ settings as strings; version 2
/// records every setting typed (both are read).
pub const SESSION_VERSION: u32 = 2;

/// The content of an adjudication session file (JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// Always [`SESSION_FORMAT`]: tells a session file from other JSON.
    pub format: String,
    /// The version of the file's layout ([`SESSION_VERSION`] when written here).
    pub version: u32,
    /// The input files, as given.
    pub inputs: Vec<PathBuf>,
    /// [`fingerprint`] of the document (the annotations and the text).
    pub fingerprint: String,
    /// The γ settings the alignment was computed with.
    #[serde(deserialize_with = "settings_of_any_version")]
    pub settings: GammaOptions,
    /// When the session was last saved: UTC, RFC 3339 to the second.
    pub saved_at: String,
    /// The adjudication: proposals, decisions, gold and undo history.
    pub adjudication: Adjudication,
}

impl Session {
    /// A new session for `adjudication` of the document read from `inputs`, stamped now.
    pub fn new(
        inputs: Vec<PathBuf>,
        settings: GammaOptions,
        adjudication: Adjudication,
    ) -> Session {
        Session {
            format: SESSION_FORMAT.to_string(),
            version: SESSION_VERSION,
            inputs,
            fingerprint: fingerprint(adjudication.continuum()),
            settings,
            saved_at: gamma_core::gold::now(),
            adjudication,
        }
    }

    /// Writes the session as JSON (through a temporary file, renamed), creating the folder.
    pub fn save(&mut self, path: &Path) -> Result<(), FileError> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| {
                FileError::new(folder, None, format!("cannot create the folder: {e}"))
            })?;
        }
        self.saved_at = gamma_core::gold::now();
        log::debug!("adjudication session saved to {}", path.display());
        let json = serde_json::to_vec_pretty(self)
            .map_err(|e| FileError::new(path, None, format!("cannot encode the session: {e}")))?;
        write_atomically(path, &json)
    }

    /// The session saved at `path` for the document `continuum`, to go on with (the command
    /// line and the app resume the same way): `None` when there is no such file; an error when
    /// it is damaged or holds the adjudication of another document.
    pub fn resume(path: &Path, continuum: &Continuum) -> Result<Option<Session>, FileError> {
        if !path.exists() {
            return Ok(None);
        }
        let session = Session::load(path)?;
        let expected = fingerprint(continuum);
        if session.fingerprint != expected {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "holds the adjudication of another document (fingerprint {}, this document's \
                     {expected})",
                    session.fingerprint
                ),
            ));
        }
        Ok(Some(session))
    }

    /// Reads and checks a session file.
    pub fn load(path: &Path) -> Result<Session, FileError> {
        let bytes = read_bytes(path)?;
        let session: Session = serde_json::from_slice(&bytes).map_err(|e| {
            FileError::new(
                path,
                Some(e.line() as u64),
                format!("not an adjudication session: {e}"),
            )
        })?;
        if session.format != SESSION_FORMAT {
            return Err(FileError::new(
                path,
                None,
                format!("not an adjudication session (format {:?})", session.format),
            ));
        }
        if session.version > SESSION_VERSION {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "session version {} is newer than this program reads ({SESSION_VERSION})",
                    session.version
                ),
            ));
        }
        session
            .adjudication
            .validate()
            .map_err(|e| FileError::new(path, None, format!("damaged session: {e}")))?;
        // The document the session holds must be the one its fingerprint names: an edited
        // copy (an invented category) or another document's session with an edited
        // fingerprint is refused, never resumed.
        let held = fingerprint(session.adjudication.continuum());
        if held != session.fingerprint {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "damaged session: the document it holds (fingerprint {held}) is not the one it claims ({}): it was edited or belongs to another document",
                    session.fingerprint
                ),
            ));
        }
        Ok(session)
    }
}

/// The settings of a session file: typed (version 2), or the strings of version 1 (α, β, Δ∅,
/// the categorical dissimilarity's debug form, the Gamma Software preset), read into the
/// options they describe; a version-1 matrix, recorded only as text, reads as nominal.
fn settings_of_any_version<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<GammaOptions, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Recorded {
        // First: typed settings always hold a value that is not a string, so they never read
        // as strings, whereas strings would read as typed settings with every field defaulted.
        Strings(BTreeMap<String, String>),
        Typed(GammaOptions),
    }
    Ok(match Recorded::deserialize(deserializer)? {
        Recorded::Typed(options) => options,
        Recorded::Strings(strings) => {
            let mut options = GammaOptions::default();
            if strings.get("gamma_software_preset").map(String::as_str) == Some("true") {
                Preset::GammaSoftware.apply(&mut options);
            }
            let d = &mut options.dissimilarity;
            for (key, field) in [
                ("alpha", &mut d.alpha),
                ("beta", &mut d.beta),
                ("delta_empty", &mut d.delta_empty),
            ] {
                if let Some(value) = strings.get(key).and_then(|v| v.parse::<f64>().ok()) {
                    *field = value;
                }
            }
            if strings.get("categorical").map(String::as_str) == Some("Levenshtein") {
                d.categorical = CategoryDissimilarity::Levenshtein;
            }
            options
        }
    })
}

/// A stable fingerprint of a document's annotations and text (64-bit FNV-1a of its JSON form,
/// in hexadecimal): the same inputs give the same fingerprint on every run and machine.
pub fn fingerprint(continuum: &Continuum) -> String {
    let mut hasher = fnv::FnvHasher::default();
    let json = serde_json::to_vec(continuum).expect("a continuum always encodes");
    hasher.write(&json);
    format!("{:016x}", hasher.finish())
}

/// Where the session of a document is autosaved: `<data>/sessions/<fingerprint>.json`.
pub fn autosave_path(data_folder: &Path, fingerprint: &str) -> PathBuf {
    data_folder
        .join("sessions")
        .join(format!("{fingerprint}.json"))
}
