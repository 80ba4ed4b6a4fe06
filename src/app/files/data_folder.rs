//! What the app keeps in its data folder between runs (recent files, the open dialog's
//! choices, the categories' colours): small JSON files, read leniently and written atomically.

use crate::app::errors::AppError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;

/// The value kept as `name` in `folder`: the default when there is no folder, no such file, or
/// a file that cannot be read (edited by hand, written by another version).
pub fn read_kept<T: DeserializeOwned + Default>(folder: Option<&Path>, name: &str) -> T {
    folder
        .and_then(|f| std::fs::read(f.join(name)).ok())
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Keeps `value` as `name` in `folder` (made if missing); an error says that `what` could not
/// be kept, and why.
pub fn keep(folder: &Path, name: &str, value: &impl Serialize, what: &str) -> Result<(), AppError> {
    let not_kept = |reason: String| AppError::NotKept {
        what: what.to_string(),
        reason,
    };
    let json = serde_json::to_vec_pretty(value).map_err(|e| not_kept(e.to_string()))?;
    std::fs::create_dir_all(folder).map_err(|e| not_kept(format!("{}: {e}", folder.display())))?;
    gamma_formats::write_atomically(&folder.join(name), &json).map_err(|e| not_kept(e.to_string()))
}
