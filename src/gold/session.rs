//! An adjudication session on disk: the inputs, the settings the alignment was computed with,
//! and the whole [`Adjudication`] (proposals, decisions, gold, undo history). The app saves it
//! after every change, by default in its data folder under the document's fingerprint, so that
//! opening the same inputs again (after a crash, a kill or a break) finds it.

use super::Adjudication;
use crate::continuum::Continuum;
use crate::io::{FileError, read_bytes, write_atomically};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

/// What the `format` field of a session file says.
pub const SESSION_FORMAT: &str = "gamma-studio adjudication session";
pub const SESSION_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub format: String,
    pub version: u32,
    /// The input files, as given.
    pub inputs: Vec<PathBuf>,
    /// [`fingerprint`] of the document (the annotations and the text).
    pub fingerprint: String,
    /// The γ settings the alignment was computed with, for the record (name → value).
    pub settings: BTreeMap<String, String>,
    pub saved_at: String,
    pub adjudication: Adjudication,
}

impl Session {
    pub fn new(
        inputs: Vec<PathBuf>,
        settings: BTreeMap<String, String>,
        adjudication: Adjudication,
    ) -> Session {
        Session {
            format: SESSION_FORMAT.to_string(),
            version: SESSION_VERSION,
            inputs,
            fingerprint: fingerprint(adjudication.continuum()),
            settings,
            saved_at: super::now(),
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
        self.saved_at = super::now();
        log::debug!("adjudication session saved to {}", path.display());
        let json = serde_json::to_vec_pretty(self)
            .map_err(|e| FileError::new(path, None, format!("cannot encode the session: {e}")))?;
        write_atomically(path, &json)
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
        Ok(session)
    }
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
