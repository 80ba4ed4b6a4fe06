//! Coding tables: the files of a coding study (items × coders), in the shapes people keep them
//! — the table [`SHAPES`], beside the annotation formats' [`crate::CODECS`]:
//!
//! * **wide**: one row per item, its identifier first, then one column per coder (the header
//!   names them); an empty cell is a missing rating;
//! * **long**: one row per rating, `item,coder,label` (a header names the columns, in any order:
//!   one item/unit/subject/id, one coder/annotator/rater/user, the third is the label);
//! * **contingency**: two coders' cross-table, the first coder's labels down the first column,
//!   the second's across the header, counts in the cells; the corner may name the coders
//!   (`A\B` or `A/B`); items are numbered;
//! * **spans**: annotation files in any format Gamma Studio reads, whose units at identical
//!   positions are the items ([`gamma_core::coding::from_units`]).
//!
//! Comma-separated, or tab-separated for `.tsv` and `.tab` files (or a header with tabs and no
//! comma). Lines starting with `#` and blank lines are skipped. A label that holds the set
//! separator (`;` by default) is a set, written in canonical order (`b; a` is `a;b`). Cells
//! listed as missing (`NA`, `.`: [`CodingReadOptions::missing`]) are missing too; a missing
//! rating becomes a category only when the user says so ([`CodingReadOptions::missing_as`]).
//! The shape is detected from the header unless given; every error names the file and line.
//!
//! Written: the gold table (`item,gold`), the decision report and the adjudication session
//! ([`mod@write`]).

mod read;
pub mod write;

use crate::{FileError, ReadOptions, Warning};
use gamma_core::coding::CodingStudy;
use std::path::{Path, PathBuf};

pub use read::parse_table;

/// A shape of coding table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableShape {
    /// One row per item, one column per coder.
    Wide,
    /// One row per rating: item, coder, label.
    Long,
    /// Two coders' cross-table of counts.
    Contingency,
    /// Annotation files whose units at identical positions are the items.
    Spans,
}

/// What a shape is, for the help and the open dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeDescription {
    /// The shape.
    pub shape: TableShape,
    /// Its name on the command line (`--shape`).
    pub name: &'static str,
    /// Its name for people.
    pub label: &'static str,
    /// What its files hold, in a sentence.
    pub layout: &'static str,
}

/// Every shape, in the order the command line and the dialogs list them.
pub const SHAPES: [ShapeDescription; 4] = [
    ShapeDescription {
        shape: TableShape::Wide,
        name: "wide",
        label: "Wide table (a row per item, a column per coder)",
        layout: "item,coder1,coder2,… — one row per item, an empty cell a missing rating",
    },
    ShapeDescription {
        shape: TableShape::Long,
        name: "long",
        label: "Long table (item, coder, label)",
        layout: "item,coder,label — one row per rating",
    },
    ShapeDescription {
        shape: TableShape::Contingency,
        name: "contingency",
        label: "Contingency table of two coders",
        layout: "the first coder's labels down, the second's across, counts in the cells",
    },
    ShapeDescription {
        shape: TableShape::Spans,
        name: "spans",
        label: "Labels of spans at identical positions",
        layout: "annotation files; units of several annotators at the same positions are items",
    },
];

impl TableShape {
    /// Its description in [`SHAPES`].
    pub fn description(self) -> &'static ShapeDescription {
        SHAPES
            .iter()
            .find(|s| s.shape == self)
            .expect("every shape is in the table")
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.description().name
    }
}

/// A shape name that is no shape's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown table shape {0:?} (wide, long, contingency, spans)")]
pub struct UnknownShape(pub String);

impl std::str::FromStr for TableShape {
    type Err = UnknownShape;
    fn from_str(s: &str) -> Result<TableShape, UnknownShape> {
        (SHAPES.iter())
            .find(|d| d.name == s.trim().to_lowercase())
            .map(|d| d.shape)
            .ok_or_else(|| UnknownShape(s.to_string()))
    }
}

/// How coding tables are read.
#[derive(Debug, Clone)]
pub struct CodingReadOptions {
    /// The shape, or `None` to detect it from the header (a file that is not a table is read
    /// as spans).
    pub shape: Option<TableShape>,
    /// What separates the members of a set-valued label (`None`: labels are never sets).
    pub set_separator: Option<char>,
    /// Cells that mean a missing rating besides the empty cell (compared after trimming).
    pub missing: Vec<String>,
    /// A category that missing ratings become (by default they stay missing).
    pub missing_as: Option<String>,
    /// The order of the categories (it may add categories nobody used).
    pub categories: Option<Vec<String>>,
    /// How annotation files are read for the `spans` shape.
    pub spans: ReadOptions,
}

impl Default for CodingReadOptions {
    fn default() -> CodingReadOptions {
        CodingReadOptions {
            shape: None,
            set_separator: Some(gamma_core::coding::SET_SEPARATOR),
            missing: Vec::new(),
            missing_as: None,
            categories: None,
            spans: ReadOptions::default(),
        }
    }
}

/// Whether a path is read as a table (CSV, TSV) rather than annotation files when no shape is
/// given: its extension is a table's and its first line is not a WebAnno TSV 3 header or a
/// span CSV's (`annotator,category,start,end`).
pub fn looks_like_table(path: &Path) -> bool {
    let extension = (path.extension())
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if !["csv", "tsv", "tab", "txt"].contains(&extension.as_str()) {
        return false;
    }
    let Ok(bytes) = std::fs::read(path) else {
        return true;
    };
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let first = (text.lines())
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("")
        .to_lowercase();
    let fields: Vec<&str> = first.split([',', '\t']).map(str::trim).collect();
    let span_csv = fields.len() >= 4
        && fields[..4] == ["annotator", "category", "start", "end"][..]
        || fields.len() >= 4
            && fields[2].parse::<f64>().is_ok()
            && fields[3].parse::<f64>().is_ok();
    !(first.starts_with("#format=webanno") || text.starts_with("#FORMAT=WebAnno") || span_csv)
}

/// The tables of a folder of coding tables (one study each, in the order of their names), or
/// `None` when the folder is not one: it must hold at least one table ([`looks_like_table`]) and
/// no annotation file of another kind at its top (a span CSV, a Glozz or TSV 3 file: a corpus
/// folder). Hidden files and subfolders are passed over; links are followed but never written.
pub fn tables_in(folder: &Path) -> Option<Vec<PathBuf>> {
    let mut tables = Vec::new();
    for entry in std::fs::read_dir(folder).ok()?.flatten() {
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if hidden || !path.is_file() {
            continue;
        }
        if looks_like_table(&path) {
            tables.push(path);
        } else if crate::Format::detect(&path).is_ok() {
            return None;
        }
    }
    tables.sort();
    (!tables.is_empty()).then_some(tables)
}

/// Reads the files of one coding study: one table, or annotation files (the `spans` shape).
pub fn read_coding_study(
    paths: &[PathBuf],
    options: &CodingReadOptions,
) -> Result<(CodingStudy, Vec<Warning>), FileError> {
    let spans = match options.shape {
        Some(TableShape::Spans) => true,
        Some(_) => false,
        None => !(paths.len() == 1 && looks_like_table(&paths[0])),
    };
    let (mut study, warnings) = if spans {
        read::read_spans(paths, options)?
    } else {
        let [path] = paths else {
            let first = paths.first().cloned().unwrap_or_default();
            return Err(FileError::new(
                &first,
                None,
                format!(
                    "a coding table is one file ({} given): give one table, or annotation files \
                     with the spans shape",
                    paths.len()
                ),
            ));
        };
        let bytes = crate::read_bytes(path)?;
        read::parse_table(&bytes, path, options)?
    };
    if let Some(order) = &options.categories {
        let path = paths.first().cloned().unwrap_or_default();
        study
            .set_category_order(order)
            .map_err(|e| FileError::new(&path, None, e.to_string()))?;
    }
    Ok((study, warnings))
}

#[cfg(test)]
mod tests;
