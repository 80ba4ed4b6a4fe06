//! Opening a coding study: which inputs are coding tables (a CSV of ratings is told from a CSV
//! of spans by [`coding_table::looks_like_table`]), the open dialog's form (the shape from
//! [`coding_table::SHAPES`], the cells that mean a missing rating, sets, the order of the
//! categories), and what the open job reads: one table, or every table of a folder, each with
//! its autosaved session when the data folder holds one.

use gamma_core::coding::{CodingSession, CodingStudy};
use gamma_formats::coding_table::{
    self, CodingReadOptions, TableShape, read_coding_study, write::find_autosave,
    write::read_session,
};
use gamma_formats::{FileError, Warning};
use std::path::{Path, PathBuf};

/// Whether `paths` are one coding table (not annotation files, not a span CSV).
pub fn is_coding_table(paths: &[PathBuf]) -> bool {
    matches!(paths, [one] if one.is_file() && coding_table::looks_like_table(one))
}

/// The tables of `folder` when it is a folder of coding tables.
pub fn tables_of(folder: &Path) -> Option<Vec<PathBuf>> {
    coding_table::tables_in(folder)
}

/// The open dialog's form: how the table will be read.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenForm {
    /// The table (or, with the spans shape, the annotation files).
    pub paths: Vec<PathBuf>,
    /// The shape; `None`: detected from the header.
    pub shape: Option<TableShape>,
    /// Cells that mean a missing rating besides the empty cell, comma separated (`NA, .`).
    pub missing: String,
    /// Whether a label holding `;` is a set.
    pub sets: bool,
    /// A category that missing ratings become (empty: they stay missing).
    pub missing_as: String,
    /// The order of the categories, comma separated (empty: numbers in numeric order, else
    /// alphabetical).
    pub categories: String,
}

/// A comma-separated list, its items trimmed, the empty ones left out.
fn list(text: &str) -> Vec<String> {
    (text.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

impl OpenForm {
    /// The form for `paths`, filled as `previous` read the last table.
    pub fn new(paths: Vec<PathBuf>, previous: &CodingReadOptions) -> OpenForm {
        OpenForm {
            paths,
            shape: previous.shape.filter(|s| *s != TableShape::Spans),
            missing: previous.missing.join(", "),
            sets: previous.set_separator.is_some(),
            missing_as: previous.missing_as.clone().unwrap_or_default(),
            categories: (previous.categories.as_ref())
                .map(|c| c.join(", "))
                .unwrap_or_default(),
        }
    }

    /// The reading options the form says.
    pub fn options(&self) -> CodingReadOptions {
        let categories = list(&self.categories);
        CodingReadOptions {
            shape: self.shape,
            set_separator: self.sets.then_some(gamma_core::coding::SET_SEPARATOR),
            missing: list(&self.missing),
            missing_as: Some(self.missing_as.trim().to_string()).filter(|m| !m.is_empty()),
            categories: (!categories.is_empty()).then_some(categories),
            ..CodingReadOptions::default()
        }
    }
}

/// A table read, with what the reader warned of and the session autosaved for it, if any.
pub struct TableRead {
    pub study: CodingStudy,
    pub warnings: Vec<Warning>,
    /// The autosaved session of this table (by its content) and where it is, or why it could
    /// not be read.
    pub session: Option<(PathBuf, Result<CodingSession, FileError>)>,
}

/// Reads one study (in a job's thread) and looks for its autosaved session.
pub fn read_table(
    paths: &[PathBuf],
    options: &CodingReadOptions,
    data_folder: Option<&Path>,
) -> Result<Box<TableRead>, FileError> {
    let (study, warnings) = read_coding_study(paths, options)?;
    let session = (data_folder)
        .and_then(|folder| find_autosave(folder, &study))
        .map(|path| {
            let read = read_session(&path);
            (path, read)
        });
    Ok(Box::new(TableRead {
        study,
        warnings,
        session,
    }))
}

/// What the open job sends.
pub enum Opened {
    /// One study.
    Table {
        paths: Vec<PathBuf>,
        options: CodingReadOptions,
        read: Result<Box<TableRead>, FileError>,
    },
    /// A folder of tables: its tables, before any is read (the dashboard's rows).
    Folder {
        folder: PathBuf,
        options: CodingReadOptions,
        tables: Vec<PathBuf>,
    },
    /// Table `index` of the folder.
    FolderTable {
        index: usize,
        read: Result<Box<TableRead>, FileError>,
    },
}
