//! What the user opened, as a project records it.

use std::path::PathBuf;

/// What was opened: files, or a corpus folder.
#[derive(Debug, Clone, PartialEq)]
pub enum OpenedInputs {
    /// Annotation files.
    Files(Vec<PathBuf>),
    /// A corpus folder.
    Folder(PathBuf),
}
