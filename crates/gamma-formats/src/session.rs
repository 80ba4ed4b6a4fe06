//! An adjudication session on disk: the inputs, the settings the alignment was computed with,
//! and the whole [`Adjudication`] (proposals, decisions, gold, undo history). The app saves it
//! after every change, by default in its data folder under the document's name and the key of
//! its content ([`autosave_path`]), so that opening the same annotations again — after a crash,
//! a kill or a break, with the files in any order, renamed or moved — finds it
//! ([`find_autosave`]); [`saved_sessions`] lists them by document with their progress.
//!
//! A session is only ever resumed on the document it holds: the annotations and the text must
//! be the same ([`content_key`]); the annotators may come in another order (the adjudication
//! follows them).

use crate::{FileError, read_bytes, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::dissimilarity::CategoryDissimilarity;
use gamma_core::gamma::GammaOptions;
use gamma_core::gold::{Adjudication, ReasonList};
use gamma_core::preset::Preset;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

/// What the `format` field of a session file says.
pub(crate) const SESSION_FORMAT: &str = "gamma-studio adjudication session";
/// The version this program writes. Version 1 recorded a few γ settings as strings; version 2
/// records every setting typed; version 3 keys the session by the document's content in any
/// order of its annotators; version 4 adds the relations' decisions; version 5 a reason and a
/// note on decisions, and the campaign's list of reasons (every version is read: an older
/// session has no reasons, and the default list).
pub const SESSION_VERSION: u32 = 5;

/// The content of an adjudication session file (JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// Always `gamma-studio adjudication session`: tells a session file from other JSON.
    pub format: String,
    /// The version of the file's layout ([`SESSION_VERSION`] when written here).
    pub version: u32,
    /// The input files, as given.
    pub inputs: Vec<PathBuf>,
    /// [`content_key`] of the document (its annotations and its text; before version 3 the
    /// fingerprint of the annotators in the order they were opened).
    pub fingerprint: String,
    /// The γ settings the alignment was computed with.
    #[serde(deserialize_with = "settings_of_any_version")]
    pub settings: GammaOptions,
    /// When the session was last saved: UTC, RFC 3339 to the second.
    pub saved_at: String,
    /// The adjudication: proposals, decisions, gold and undo history.
    pub adjudication: Adjudication,
    /// The reasons its decisions may give (the default list for sessions before version 5).
    #[serde(default)]
    pub reasons: ReasonList,
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
            fingerprint: content_key(adjudication.continuum()),
            settings,
            saved_at: gamma_core::gold::now(),
            adjudication,
            reasons: ReasonList::default(),
        }
    }

    /// The same session with this list of reasons.
    pub fn with_reasons(mut self, reasons: ReasonList) -> Session {
        self.reasons = reasons;
        self
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
    /// line and the app resume the same way), its annotators in `continuum`'s order: `None`
    /// when there is no such file; an error when it is damaged or holds the adjudication of
    /// another document (other annotations or another text).
    pub fn resume(path: &Path, continuum: &Continuum) -> Result<Option<Session>, FileError> {
        if !path.exists() {
            return Ok(None);
        }
        let mut session = Session::load(path)?;
        let held = session.adjudication.continuum();
        if content_key(held) != content_key(continuum) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "holds the adjudication of another document ({:?}: {}), not of {:?} ({}): \
                     the annotations or the text differ",
                    held.name,
                    held.annotator_names().join(", "),
                    continuum.name,
                    continuum.annotator_names().join(", "),
                ),
            ));
        }
        let names = continuum.annotator_names();
        if held.annotator_names() != names {
            session.adjudication = (session.adjudication.in_annotator_order(&names))
                .expect("the same content has the same annotators");
        }
        Ok(Some(session))
    }

    /// Reads and checks a session file.
    pub fn load(path: &Path) -> Result<Session, FileError> {
        let bytes = read_bytes(path)?;
        let mut session: Session = serde_json::from_slice(&bytes).map_err(|e| {
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
        // Sessions before version 4 hold no relation proposals: every relation starts open.
        session.adjudication.restore_relation_proposals();
        session
            .adjudication
            .validate()
            .map_err(|e| FileError::new(path, None, format!("damaged session: {e}")))?;
        // The document the session holds must be the one its fingerprint names: an edited
        // copy (an invented category) or another document's session with an edited
        // fingerprint is refused, never resumed.
        // (Version 3 records the content key; earlier versions the fingerprint.)
        let continuum = session.adjudication.continuum();
        let held = content_key(continuum);
        if held != session.fingerprint && fingerprint(continuum) != session.fingerprint {
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

/// The key of a document's content: its text and its annotators with their units, whatever the
/// order they were opened in (64-bit FNV-1a of their JSON forms, the annotators sorted by name,
/// in hexadecimal). The same annotations give the same key on every run and machine, whatever
/// the files are called.
pub fn content_key(continuum: &Continuum) -> String {
    let mut hasher = fnv::FnvHasher::default();
    let text = serde_json::to_vec(&continuum.text).expect("a text always encodes");
    hasher.write(&text);
    let mut annotators: Vec<_> = continuum.annotators.iter().collect();
    annotators.sort_by(|a, b| a.name.cmp(&b.name));
    for annotator in annotators {
        let json = serde_json::to_vec(annotator).expect("an annotator always encodes");
        hasher.write(&json);
    }
    format!("{:016x}", hasher.finish())
}

/// The fingerprint sessions before version 3 were saved under: the continuum as opened, its
/// annotators in their order. Still looked for, so that older autosaves are found.
pub fn fingerprint(continuum: &Continuum) -> String {
    let mut hasher = fnv::FnvHasher::default();
    let json = serde_json::to_vec(continuum).expect("a continuum always encodes");
    hasher.write(&json);
    format!("{:016x}", hasher.finish())
}

/// Where the session of a document is autosaved: `<data>/sessions/<document>.<key>.json`, the
/// document's name made a safe file name (shortened when long) and [`content_key`].
pub fn autosave_path(data_folder: &Path, continuum: &Continuum) -> PathBuf {
    let name: String = continuum.name.chars().take(80).collect();
    let name = crate::files::safe_file_name(&name).unwrap_or_else(|_| "document".to_string());
    data_folder
        .join("sessions")
        .join(format!("{name}.{}.json", content_key(continuum)))
}

/// The autosaved session of this document in `data_folder`, if there is one: under its name
/// and key, under another name with the same key (the files were renamed), or under the
/// fingerprint older versions used.
pub fn find_autosave(data_folder: &Path, continuum: &Continuum) -> Option<PathBuf> {
    let named = autosave_path(data_folder, continuum);
    if named.is_file() {
        return Some(named);
    }
    let folder = data_folder.join("sessions");
    let suffix = format!(".{}.json", content_key(continuum));
    let renamed = (std::fs::read_dir(&folder).into_iter().flatten().flatten())
        .map(|entry| entry.path())
        .filter(|path| (path.file_name()).is_some_and(|n| n.to_string_lossy().ends_with(&suffix)))
        .find(|path| path.is_file());
    renamed.or_else(|| {
        let older = folder.join(format!("{}.json", fingerprint(continuum)));
        older.is_file().then_some(older)
    })
}

/// A session file of the data folder, as the list of sessions shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedSession {
    /// The file.
    pub path: PathBuf,
    /// The document's name.
    pub document: String,
    /// Its annotators.
    pub annotators: Vec<String>,
    /// How far its adjudication went.
    pub progress: gamma_core::gold::Progress,
    /// When it was last saved (RFC 3339, UTC).
    pub saved_at: String,
    /// The files it was read from.
    pub inputs: Vec<PathBuf>,
}

/// Every session autosaved in `data_folder`, the most recently saved first; files that are
/// not readable sessions are left out (and left alone).
pub fn saved_sessions(data_folder: &Path) -> Vec<SavedSession> {
    let folder = data_folder.join("sessions");
    let mut sessions: Vec<SavedSession> =
        (std::fs::read_dir(&folder).into_iter().flatten().flatten())
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .filter_map(|path| {
                let session = Session::load(&path).ok()?;
                let continuum = session.adjudication.continuum();
                Some(SavedSession {
                    document: continuum.name.clone(),
                    annotators: continuum.annotator_names(),
                    progress: session.adjudication.progress(),
                    saved_at: session.saved_at.clone(),
                    inputs: session.inputs.clone(),
                    path,
                })
            })
            .collect();
    sessions.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.path.cmp(&b.path)));
    sessions
}
