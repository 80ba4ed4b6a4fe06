//! What the binary learns from the user's environment: where the app keeps its data and who is
//! adjudicating. The library takes both as arguments and never reads the environment itself.

use std::path::PathBuf;

/// The app's data folder: `$GAMMA_STUDIO_DATA` when set, else the platform's (e.g.
/// `~/.local/share/gamma-studio`).
pub fn data_folder() -> Option<PathBuf> {
    std::env::var_os("GAMMA_STUDIO_DATA")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("gamma-studio")))
}

/// The name recorded with each adjudication decision: the login name, else "adjudicator".
pub fn default_adjudicator() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok()
        .filter(|name| !name.trim().is_empty())
        .unwrap_or_else(|| "adjudicator".to_string())
}
