//! The readers of coding tables: wide, long and contingency tables (CSV or TSV), and labels of
//! spans at identical positions. A cell written with a `'` before a formula character
//! (by our writers, [`crate::csv_cells`]) is read without it.

use super::{CodingReadOptions, TableShape};
use crate::csv_cells::original;
use crate::lines::LineIndex;
use crate::{FileError, Warning, WarningKind};
use gamma_core::coding::{CodingError, CodingStudy, StudyBuilder, canonical_set, from_units};
use std::path::{Path, PathBuf};

/// One record of the table: its line and its trimmed fields.
struct Record {
    line: u64,
    fields: Vec<String>,
}

/// Parses a table; `path` names it in messages and gives the study's name.
pub fn parse_table(
    bytes: &[u8],
    path: &Path,
    options: &CodingReadOptions,
) -> Result<(CodingStudy, Vec<Warning>), FileError> {
    let text = crate::utf8_text(bytes, path, "the table is not UTF-8 text")?;
    crate::lines::refuse_long_lines(text, path)?;
    let records = records(text, path)?;
    let Some(header) = records.first() else {
        return Err(FileError::new(path, None, "the table is empty"));
    };
    let shape = match options.shape {
        Some(shape) => shape,
        None => detect(&header.fields, &records[1..]),
    };
    let name = (path.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut builder = StudyBuilder::new(name);
    let label = |raw: &str| -> Option<String> {
        let raw = raw.trim();
        let missing = raw.is_empty() || options.missing.iter().any(|m| m.trim() == raw);
        let raw = if missing {
            options.missing_as.as_deref()?
        } else {
            raw
        };
        match options.set_separator {
            Some(separator) => canonical_set(raw, separator),
            None => Some(raw.to_string()),
        }
    };
    match shape {
        TableShape::Wide => wide(&records, path, &mut builder, &label)?,
        TableShape::Long => long(&records, path, &mut builder, &label)?,
        TableShape::Contingency => contingency(&records, path, &mut builder, &label)?,
        TableShape::Spans => {
            return Err(FileError::new(
                path,
                None,
                "a table is not read as spans: give the annotation files",
            ));
        }
    }
    let study = builder.build();
    let warnings = warnings_of(&study, path);
    Ok((study, warnings))
}

/// The records of the table, tab- or comma-separated.
fn records(text: &str, path: &Path) -> Result<Vec<Record>, FileError> {
    let extension = (path.extension())
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let first = (text.lines())
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .unwrap_or("");
    let tabs = ["tsv", "tab"].contains(&extension.as_str())
        || (first.contains('\t') && !first.contains(','));
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .delimiter(if tabs { b'\t' } else { b',' })
        .from_reader(text.as_bytes());
    let lines = LineIndex::new(text);
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map(|p| lines.line_of(p.byte()));
            FileError::new(path, line, format!("unreadable table: {e}"))
        })?;
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| lines.line_of(p.byte()));
        out.push(Record {
            line,
            fields: (record.iter())
                .map(|f| original(f.trim()).into_owned())
                .collect(),
        });
    }
    Ok(out)
}

const ITEM: &[&str] = &[
    "item", "items", "unit", "units", "subject", "subjects", "id", "segment", "token", "sentence",
    "document",
];
const CODER: &[&str] = &[
    "coder",
    "coders",
    "annotator",
    "annotators",
    "rater",
    "raters",
    "user",
    "judge",
    "observer",
];

/// The long table's columns (item, coder, label) from its header, if it is one: three columns,
/// one named as an item and one as a coder; the label is the third, whatever its name.
fn long_columns(header: &[String]) -> Option<[usize; 3]> {
    if header.len() != 3 {
        return None;
    }
    let find =
        |names: &[&str]| (header.iter()).position(|h| names.contains(&h.to_lowercase().as_str()));
    let (item, coder) = (find(ITEM)?, find(CODER)?);
    let label = (0..3).find(|&c| c != item && c != coder)?;
    (item != coder).then_some([item, coder, label])
}

/// Long with a long header; contingency with an empty (or `A\B`) corner and counts in every
/// other cell; wide otherwise.
fn detect(header: &[String], body: &[Record]) -> TableShape {
    if long_columns(header).is_some() {
        return TableShape::Long;
    }
    let corner = header.first().map_or("", String::as_str);
    let counts = !body.is_empty()
        && header.len() >= 3
        && (body.iter()).all(|r| r.fields.iter().skip(1).all(|c| c.parse::<u64>().is_ok()));
    let named_corner = corner.is_empty() || corner.contains('\\') || corner.contains('/');
    if counts && named_corner && !ITEM.contains(&corner.to_lowercase().as_str()) {
        TableShape::Contingency
    } else {
        TableShape::Wide
    }
}

/// A study's error at a line of the table.
fn at(path: &Path, line: u64) -> impl FnOnce(CodingError) -> FileError + '_ {
    move |e| FileError::new(path, Some(line), e)
}

/// Records `coder`'s `label` of `item` (nothing when the rating is missing), read at `line`.
fn rate(
    builder: &mut StudyBuilder,
    (path, line): (&Path, u64),
    item: &str,
    coder: &str,
    label: Option<&String>,
) -> Result<(), FileError> {
    match label {
        Some(label) => builder.rate(item, coder, label).map_err(at(path, line)),
        None => Ok(()),
    }
}

fn wide(
    records: &[Record],
    path: &Path,
    builder: &mut StudyBuilder,
    label: &dyn Fn(&str) -> Option<String>,
) -> Result<(), FileError> {
    let header = &records[0];
    if header.fields.len() < 2 {
        return Err(FileError::new(
            path,
            Some(header.line),
            "a wide table needs a header: the item column, then one column per coder",
        ));
    }
    let coders = &header.fields[1..];
    for (i, coder) in coders.iter().enumerate() {
        if coder.is_empty() {
            return Err(FileError::new(
                path,
                Some(header.line),
                format!("column {} of the header names no coder", i + 2),
            ));
        }
        if coders[..i].contains(coder) {
            return Err(FileError::new(
                path,
                Some(header.line),
                format!("coder {coder:?} has two columns"),
            ));
        }
        builder.coder(coder).map_err(at(path, header.line))?;
    }
    let mut seen = std::collections::HashMap::new();
    for record in &records[1..] {
        let item = record.fields[0].as_str();
        if item.is_empty() {
            return Err(FileError::new(
                path,
                Some(record.line),
                "the item's identifier is empty",
            ));
        }
        if let Some(first) = seen.insert(item.to_string(), record.line) {
            return Err(FileError::new(
                path,
                Some(record.line),
                format!("item {item:?} has a row already (line {first})"),
            ));
        }
        if record.fields.len() > coders.len() + 1 {
            return Err(FileError::new(
                path,
                Some(record.line),
                format!(
                    "{} fields, but the header names {} coders",
                    record.fields.len(),
                    coders.len()
                ),
            ));
        }
        builder.item(item).map_err(at(path, record.line))?;
        let place = (path, record.line);
        for (coder, cell) in coders.iter().zip(&record.fields[1..]) {
            rate(builder, place, item, coder, label(cell).as_ref())?;
        }
    }
    Ok(())
}

fn long(
    records: &[Record],
    path: &Path,
    builder: &mut StudyBuilder,
    label: &dyn Fn(&str) -> Option<String>,
) -> Result<(), FileError> {
    let (columns, body) = match long_columns(&records[0].fields) {
        Some(columns) => (columns, &records[1..]),
        None => ([0, 1, 2], records),
    };
    for record in body {
        if record.fields.len() != 3 {
            return Err(FileError::new(
                path,
                Some(record.line),
                format!(
                    "expected item,coder,label but found {}",
                    crate::losses::count(record.fields.len(), "field")
                ),
            ));
        }
        let [item, coder, cell] = columns.map(|c| record.fields[c].as_str());
        if item.is_empty() || coder.is_empty() {
            return Err(FileError::new(
                path,
                Some(record.line),
                "the item or the coder is empty",
            ));
        }
        builder.coder(coder).map_err(at(path, record.line))?;
        builder.item(item).map_err(at(path, record.line))?;
        let place = (path, record.line);
        rate(builder, place, item, coder, label(cell).as_ref())?;
    }
    Ok(())
}

fn contingency(
    records: &[Record],
    path: &Path,
    builder: &mut StudyBuilder,
    label: &dyn Fn(&str) -> Option<String>,
) -> Result<(), FileError> {
    let header = &records[0];
    let corner = header.fields[0].as_str();
    let (first, second) = match corner.split_once(['\\', '/']) {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() && a.trim() != b.trim() => {
            (a.trim().to_string(), b.trim().to_string())
        }
        _ => ("A".to_string(), "B".to_string()),
    };
    builder.coder(&first).map_err(at(path, header.line))?;
    builder.coder(&second).map_err(at(path, header.line))?;
    let columns: Vec<Option<String>> = header.fields[1..].iter().map(|c| label(c)).collect();
    let mut item = 0u64;
    for record in &records[1..] {
        let row = label(&record.fields[0]);
        if record.fields.len() > columns.len() + 1 {
            return Err(FileError::new(
                path,
                Some(record.line),
                format!(
                    "{} counts, but the header has {} labels",
                    record.fields.len() - 1,
                    columns.len()
                ),
            ));
        }
        for (column, cell) in columns.iter().zip(&record.fields[1..]) {
            let count: u64 = cell.parse().map_err(|_| {
                FileError::new(path, Some(record.line), format!("{cell:?} is not a count"))
            })?;
            if count > 10_000_000 {
                return Err(FileError::new(
                    path,
                    Some(record.line),
                    format!("{count} items in one cell: at most 10,000,000"),
                ));
            }
            for _ in 0..count {
                item += 1;
                let id = item.to_string();
                builder.item(&id).map_err(at(path, record.line))?;
                for (coder, label) in [(&first, &row), (&second, column)] {
                    rate(builder, (path, record.line), &id, coder, label.as_ref())?;
                }
            }
        }
    }
    Ok(())
}

/// Coders who rated nothing; items nobody rated.
fn warnings_of(study: &CodingStudy, path: &Path) -> Vec<Warning> {
    let mut warnings = Vec::new();
    for (c, coder) in study.coders.iter().enumerate() {
        if study.codings.items.iter().all(|row| row[c].is_none()) {
            warnings.push(Warning::new(
                WarningKind::EmptyAnnotator,
                path,
                None,
                format!("coder {coder:?} rated no item: the coefficients leave them out"),
            ));
        }
    }
    let unrated = (study.codings.items.iter())
        .filter(|row| row.iter().all(Option::is_none))
        .count();
    if unrated > 0 {
        warnings.push(Warning::new(
            WarningKind::Skipped,
            path,
            None,
            format!(
                "{} no rating: the coefficients leave {} out",
                if unrated == 1 {
                    "1 item has".to_string()
                } else {
                    format!("{unrated} items have")
                },
                if unrated == 1 { "it" } else { "them" }
            ),
        ));
    }
    warnings
}

/// Annotation files whose units at identical positions are the items (several documents:
/// items named `document start–end`).
pub(super) fn read_spans(
    paths: &[PathBuf],
    options: &CodingReadOptions,
) -> Result<(CodingStudy, Vec<Warning>), FileError> {
    let (documents, mut warnings) = crate::read_documents(paths, &options.spans)?;
    let first = paths.first().cloned().unwrap_or_default();
    let error = |e: CodingError| FileError::new(&first, None, e);
    let studies = (documents.iter())
        .map(|d| from_units::study_from_units(&d.continuum, options.set_separator))
        .collect::<Result<Vec<_>, _>>()
        .map_err(error)?;
    if let [only] = studies.as_slice() {
        warnings.extend(warnings_of(only, &first));
        return Ok((only.clone(), warnings));
    }
    let name = (first.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut builder = StudyBuilder::new(name);
    for study in &studies {
        for coder in &study.coders {
            builder.coder(coder).map_err(error)?;
        }
    }
    for study in &studies {
        for (i, item) in study.items.iter().enumerate() {
            let id = format!("{} {item}", study.name);
            builder.item(&id).map_err(error)?;
            for (c, coder) in study.coders.iter().enumerate() {
                if let Some(label) = study.label(i, c) {
                    builder.rate(&id, coder, label).map_err(error)?;
                }
            }
        }
    }
    let study = builder.build();
    warnings.extend(warnings_of(&study, &first));
    Ok((study, warnings))
}
