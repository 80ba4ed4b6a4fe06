//! CSV annotations: `annotator,category,start,end` (the layout of pygamma-agreement and the
//! Gamma Software), one unit per line, optionally followed by feature columns.
//!
//! A header line is optional: the first record is a header when its start and end fields are not
//! numbers; its extra column names then name the features (otherwise `feature1`, …). A first
//! record read as a header whose start or end holds a digit (`0,5`, `0x10`, full-width digits) is
//! warned about: it may be a unit whose numbers are not written the CSV way. Blank lines and lines
//! starting with `#` are skipped. Fields are trimmed of spaces, and an annotator or category
//! name that loses spaces so is warned about (its file's names are not read exactly).
//!
//! Names are written safe to open in a spreadsheet: a name starting with `=`, `+`, `-`, `@`,
//! TAB or CR (not a plain number such as `-1`) is written with a `'` before it, which this
//! reader removes ([`crate::csv_cells`]).

use super::csv_cells::{CsvTable, original};
use super::format::{
    Codec, Description, Document, Format, Grouping, Output, ReadContext, ReadOptions, Source,
};
use super::{FileError, write_atomically};
use super::{Warning, WarningKind};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;
use std::collections::BTreeMap;
use std::path::Path;
use std::path::PathBuf;

/// Reads one document from a CSV file; the document is named after the file.
pub fn read(path: &Path) -> Result<Continuum, FileError> {
    let bytes = super::read_bytes(path)?;
    parse(&bytes, path)
}

/// Parses CSV bytes; `path` is only used in messages and for the document name.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Continuum, FileError> {
    parse_with_warnings(bytes, path).map(|(continuum, _)| continuum)
}

/// [`parse`], with the warnings about what was not read exactly: a first line read as a header
/// although it holds digits, names trimmed of spaces.
pub(crate) fn parse_with_warnings(
    bytes: &[u8],
    path: &Path,
) -> Result<(Continuum, Vec<Warning>), FileError> {
    let text = super::utf8_text(bytes, path, "the file is not UTF-8 text")?;
    super::lines::refuse_long_lines(text, path)?;
    refuse_units_in_comments(text, path)?;
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut continuum = Continuum::new(name);
    let mut feature_names: Vec<String> = Vec::new();
    let mut first = true;
    let mut warnings = Vec::new();
    let mut trimmed = std::collections::BTreeSet::new();
    // The csv crate does not count blank lines, so lines are counted from byte offsets.
    // A record's position may point at the blank or comment lines skipped before it.
    let lines = super::lines::LineIndex::new(text);
    let line_at = |byte: u64| {
        let mut line = lines.line_of(byte);
        let mut rest = text.get(byte as usize..).unwrap_or("");
        while let Some((first, after)) = rest.split_once('\n') {
            let trimmed = first.trim();
            if !(trimmed.is_empty() || trimmed.starts_with('#')) {
                break;
            }
            line += 1;
            rest = after;
        }
        line
    };
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map(|p| line_at(p.byte()));
            FileError::new(path, line, format!("unreadable CSV: {e}"))
        })?;
        let line = record.position().map(|p| line_at(p.byte()));
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        // A name written with a `'` before a formula character (`csv_cells`) reads as it was.
        let field = |i: usize| original(record.get(i).unwrap_or("").trim());
        if first {
            first = false;
            if record.len() >= 4
                && field(2).parse::<f64>().is_err()
                && field(3).parse::<f64>().is_err()
            {
                feature_names = record
                    .iter()
                    .skip(4)
                    .map(|f| original(f.trim()).into_owned())
                    .collect();
                warnings.extend(header_with_digits(&field(2), &field(3), path, line));
                continue;
            }
        }
        for (i, what) in [(0, "annotator"), (1, "category")] {
            let raw = record.get(i).unwrap_or("");
            if raw != raw.trim() && !raw.trim().is_empty() {
                trimmed.insert(format!("{what} {raw:?} read as {:?}", field(i)));
            }
        }
        if record.len() < 4 {
            return Err(FileError::new(
                path,
                line,
                format!(
                    "expected annotator,category,start,end but found {}",
                    crate::losses::count(record.len(), "field")
                ),
            ));
        }
        let number = |i: usize, what: &str| {
            field(i).parse::<f64>().map_err(|_| {
                FileError::new(path, line, format!("{what} {:?} is not a number", field(i)))
            })
        };
        let (start, end) = (number(2, "start")?, number(3, "end")?);
        let annotator = field(0);
        if annotator.is_empty() {
            return Err(FileError::new(path, line, "the annotator name is empty"));
        }
        let unit = Unit::new(start, end, field(1).into_owned())
            .map_err(|e| FileError::new(path, line, e.to_string()))?;
        let features: BTreeMap<String, String> = record
            .iter()
            .map(str::trim)
            .skip(4)
            .enumerate()
            .filter(|(_, value)| !value.is_empty())
            .map(|(i, value)| {
                let key = feature_names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("feature{}", i + 1));
                (key, original(value).into_owned())
            })
            .collect();
        continuum.add_unit(&annotator, unit.with_features(features));
        super::files::refuse_too_many_annotators(
            continuum.n_annotators(),
            "annotators",
            path,
            line,
        )?;
    }
    if continuum.n_units() == 0 {
        return Err(FileError::new(
            path,
            None,
            "no unit in this file (empty, or only a header and comments)",
        ));
    }
    if !trimmed.is_empty() {
        let listed: Vec<String> = trimmed.iter().take(5).cloned().collect();
        let more = trimmed.len().saturating_sub(listed.len());
        warnings.push(Warning::new(
            WarningKind::NamesChanged,
            path,
            None,
            format!(
                "spaces around names were dropped: {}{}; quoting a name does not keep them",
                listed.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            ),
        ));
    }
    Ok((continuum, warnings))
}

/// A warning when the first record, read as a header because its start and end are not
/// numbers, holds digits there: it may be a unit written with a decimal comma, hexadecimal or
/// full-width digits, which would otherwise be lost without a word.
fn header_with_digits(start: &str, end: &str, path: &Path, line: Option<u64>) -> Option<Warning> {
    if !(start.chars().any(char::is_numeric) || end.chars().any(char::is_numeric)) {
        return None;
    }
    Some(Warning::new(
        WarningKind::Skipped,
        path,
        line,
        format!(
            "read as a header line, but its start and end ({start:?}, {end:?}) hold digits: if it is a unit, write its times as numbers with a decimal point (0.5)"
        ),
    ))
}

/// An error naming the first comment line (starting with `#`) that reads as a unit — an
/// annotator named `#…` written unquoted — which would otherwise be dropped without a word.
fn refuse_units_in_comments(text: &str, path: &Path) -> Result<(), FileError> {
    for (index, line) in text.split('\n').enumerate() {
        if !line.starts_with('#') {
            continue;
        }
        let mut reader = ::csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(::csv::Trim::All)
            .from_reader(line.as_bytes());
        let Some(Ok(record)) = reader.records().next() else {
            continue;
        };
        let number = |i: usize| record.get(i).is_some_and(|f| f.parse::<f64>().is_ok());
        if record.len() >= 4 && number(2) && number(3) {
            return Err(FileError::new(
                path,
                Some(index as u64 + 1),
                format!(
                    "this line starts with # (a comment) but reads as a unit of annotator {:?}: quote the name (\"{}\") to read it, or delete the line",
                    record.get(0).unwrap_or(""),
                    record.get(0).unwrap_or("")
                ),
            ));
        }
    }
    Ok(())
}

/// The CSV text of a continuum, with a header and one column per feature name in use.
pub(crate) fn to_csv_string(continuum: &Continuum) -> String {
    let mut feature_names: Vec<&str> = continuum
        .units()
        .flat_map(|(_, u)| u.features.keys().map(String::as_str))
        .collect();
    feature_names.sort_unstable();
    feature_names.dedup();
    // A line starting with `#` is a comment: an annotator named `#…` is quoted to stay a unit.
    let quoting = if continuum.annotators.iter().any(|a| a.name.starts_with('#')) {
        ::csv::QuoteStyle::NonNumeric
    } else {
        ::csv::QuoteStyle::Necessary
    };
    // Every cell is neutralised for spreadsheets (`csv_cells`); the reader gives names back.
    let mut table = CsvTable::with_quotes(quoting);
    let mut header = vec!["annotator", "category", "start", "end"];
    header.extend(&feature_names);
    table.row(&header);
    for annotator in &continuum.annotators {
        for unit in &annotator.units {
            let mut row = vec![
                annotator.name.clone(),
                unit.category.clone(),
                unit.start.to_string(),
                unit.end.to_string(),
            ];
            row.extend(
                feature_names
                    .iter()
                    .map(|f| unit.features.get(*f).cloned().unwrap_or_default()),
            );
            table.row(&row);
        }
    }
    table.finish()
}

/// Writes the continuum to `path` as CSV, with a header and one column per feature name in use
/// (through a temporary file, renamed).
pub fn write(continuum: &Continuum, path: &Path) -> Result<(), FileError> {
    write_atomically(path, to_csv_string(continuum).as_bytes())
}

/// The CSV codec: every file is a document; its text (for character offsets) is `--text`, or
/// the `.txt` of the same name.
pub const CSV: Format = Format::new(&Csv);

struct Csv;

static DESCRIPTION: Description = Description {
    name: "csv",
    label: "CSV",
    extensions: &["csv", "tsv", "txt", ""],
    written_extension: "csv",
    mime_type: "text/csv",
    output: Some(Output::File),
    choices: &[],
    holds: crate::format::Holds::EVERYTHING_BUT_RELATIONS,
};

impl Codec for Csv {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn grouping(&self, _options: &ReadOptions) -> Grouping {
        Grouping::EachFile
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let path = &files[0];
        let bytes = super::read_bytes(path)?;
        let (mut continuum, mut warnings) = parse_with_warnings(&bytes, path)?;
        warnings.extend(truncation_warning(&bytes, path));
        // The text: --text (when no Glozz or brat file is given), else a .txt of the same name.
        let beside = path.with_extension("txt");
        let text = match &context.options.text {
            Some(text) if !context.text_taken_by_other_than(CSV) => Some(text.clone()),
            _ => (beside != *path && beside.is_file()).then_some(beside),
        };
        if let Some(text) = text {
            attach_text(&mut continuum, &text)?;
        }
        let source = Source::Csv(path.clone());
        Ok((vec![Document { continuum, source }], warnings))
    }

    fn write(
        &self,
        continuum: &Continuum,
        _source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        write(continuum, out)?;
        Ok(vec![out.to_path_buf()])
    }
}

/// A file cut while it was copied ends inside a record, which then reads as a shorter one.
fn truncation_warning(bytes: &[u8], path: &Path) -> Option<Warning> {
    let last = bytes
        .rsplit(|&b| b == b'\n' || b == b'\r')
        .next()
        .unwrap_or(&[]);
    let last: String = String::from_utf8_lossy(last).chars().take(80).collect();
    if last.trim().is_empty() || last.trim().starts_with('#') {
        return None;
    }
    let last_line = bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    Some(Warning::new(
        WarningKind::MaybeTruncated,
        path,
        Some(last_line),
        format!(
            "the file does not end with a line break: it may have been cut, and its last line {:?} was read as it stands",
            last.trim()
        ),
    ))
}

/// Sets the text of a document read from CSV, after checking that every unit is a character
/// span of it.
fn attach_text(continuum: &mut Continuum, text_path: &Path) -> Result<(), FileError> {
    let bytes = super::read_bytes(text_path)?;
    let text = super::utf8_text(&bytes, text_path, "the text is not UTF-8")?;
    let length = text.chars().count() as f64;
    for annotator in &continuum.annotators {
        if let Some(unit) = annotator.units.iter().find(|u| {
            u.start < 0.0 || u.end > length || u.start.fract() != 0.0 || u.end.fract() != 0.0
        }) {
            return Err(FileError::new(
                text_path,
                None,
                format!(
                    "annotator {:?}: unit {unit} is not a character span of this {length}-character text",
                    annotator.name
                ),
            ));
        }
    }
    continuum.text = Some(text.to_string());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<Continuum, FileError> {
        parse(text.as_bytes(), Path::new("test.csv"))
    }

    /// An annotator named `#b`: written quoted, read back; unquoted, refused naming the line
    /// (it was dropped as a comment, and γ measured the others alone).
    #[test]
    fn an_annotator_starting_with_a_hash_is_kept_or_refused() {
        let mut continuum = Continuum::new("d");
        continuum.add_unit("a", Unit::new(0.0, 5.0, "X").unwrap());
        continuum.add_unit("#b", Unit::new(1.0, 5.0, "X").unwrap());
        let written = to_csv_string(&continuum);
        assert!(written.contains("\"#b\""), "{written}");
        let again = parse_str(&written).unwrap();
        let names: Vec<&str> = again.annotators.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["a", "#b"]);
        let error = parse_str("a,X,0,5\n#b,X,1,5\n# a real comment, 3\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "test.csv: line 2: this line starts with # (a comment) but reads as a unit of annotator \"#b\": quote the name (\"#b\") to read it, or delete the line"
        );
    }

    /// A bare CR inside a quoted field (RFC 4180; our writer makes such files) and every line
    /// end read the same units; names keep their CR.
    #[test]
    fn a_cr_in_a_quoted_field_and_every_line_end_read_the_same() {
        let mut expected = Continuum::new("test");
        expected.add_unit("a", Unit::new(0.0, 5.0, "X").unwrap());
        expected.add_unit("b\rc", Unit::new(1.0, 5.0, "X").unwrap());
        expected.add_unit("d", Unit::new(0.0, 5.0, "Y\r\nZ").unwrap());
        let written = to_csv_string(&expected);
        assert!(written.contains("\"b\rc\""), "{written:?}");
        for end in ["\n", "\r\n", "\r"] {
            let text = format!("a,X,0,5{end}\"b\rc\",X,1,5{end}d,\"Y\r\nZ\",0,5{end}");
            for text in [text.clone(), format!("\u{feff}{text}")] {
                let read = parse_str(&text).unwrap();
                assert_eq!(read.annotators, expected.annotators, "{text:?}");
            }
        }
        assert_eq!(parse_str(&written).unwrap().annotators, expected.annotators);
    }

    /// Names trimmed of their spaces are listed in a warning; a first line with digits read as
    /// a header is warned about (it was a unit lost without a word).
    #[test]
    fn trimmed_names_and_a_header_with_digits_are_warned_about() {
        let (c, warnings) =
            parse_with_warnings(b" a , X,0,5\nb,X ,1,5\nb,X,2,6\n", Path::new("t.csv")).unwrap();
        let names: Vec<&str> = c.annotators.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].kind, WarningKind::NamesChanged);
        assert_eq!(
            warnings[0].to_string(),
            "t.csv: spaces around names were dropped: annotator \" a \" read as \"a\", category \" X\" read as \"X\", category \"X \" read as \"X\"; quoting a name does not keep them"
        );
        let (_, quiet) = parse_with_warnings(
            b"annotator,category,start,end\na,X,0,5\n",
            Path::new("q.csv"),
        )
        .unwrap();
        assert!(quiet.is_empty(), "{quiet:?}");
        for first in [
            "a,X,\"0,5\",\"1,5\"",
            "a,X,0x10,0x20",
            "a,X,\u{ff11},\u{ff15}",
        ] {
            let text = format!("{first}\nb,X,0,5\n");
            let (c, warnings) = parse_with_warnings(text.as_bytes(), Path::new("h.csv")).unwrap();
            assert_eq!(c.n_units(), 1, "{first}");
            assert_eq!(warnings.len(), 1, "{first}");
            assert_eq!(warnings[0].line, Some(1));
            assert!(
                warnings[0]
                    .message
                    .starts_with("read as a header line, but its start and end"),
                "{}",
                warnings[0]
            );
        }
    }

    /// More annotators than a file may hold are refused at the first one past the limit.
    #[test]
    fn more_annotators_than_the_limit_are_refused_naming_the_line() {
        let mut text = String::new();
        for a in 0..=crate::files::MAX_ANNOTATORS_PER_FILE {
            text.push_str(&format!("a{a},X,0,5\n"));
        }
        let error = parse_str(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "test.csv: line 10001: 10001 annotators: more than the 10000 annotators a file may hold (γ measures at most 32)"
        );
    }

    #[test]
    fn header_comments_and_blank_lines() {
        let c = parse_str("annotator,category,start,end\n# a comment\n\nA, x ,0,10\nB,x,2,12\n")
            .unwrap();
        assert_eq!(c.n_annotators(), 2);
        assert_eq!(c.annotators[0].units[0].category, "x");
        assert_eq!(c.annotators[1].units[0].start, 2.0);
        let no_header = parse_str("A,x,0,10\nB,x,2.5,12\n").unwrap();
        assert_eq!(no_header.annotators[1].units[0].start, 2.5);
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = parse_str("A,x,0,10\nB,x,abc,12\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "test.csv: line 2: start \"abc\" is not a number"
        );
        let e = parse_str("A,x,0,10\n\nB,x,12,3\n").unwrap_err();
        assert_eq!(e.to_string(), "test.csv: line 3: end 3 is before start 12");
        let e = parse_str("A,x,5,5\n").unwrap_err();
        assert!(
            e.to_string().starts_with("test.csv: line 1: zero-length"),
            "{e}"
        );
        let e = parse_str("A,x,5\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("line 1: expected annotator,category,start,end"),
            "{e}"
        );
        let e = parse_str("").unwrap_err();
        assert!(e.to_string().contains("no unit"), "{e}");
        let e = parse(b"A,x,0,10\nB,\xff,1,2\n", Path::new("bad.csv")).unwrap_err();
        assert_eq!(e.to_string(), "bad.csv: line 2: the file is not UTF-8 text");
    }

    #[test]
    fn round_trip_keeps_units_and_features() {
        let c =
            parse_str("annotator,category,start,end,lemma\nA,x,0,10,dog\nB,y,1.5,3,\n").unwrap();
        assert_eq!(
            c.annotators[0].units[0]
                .features
                .get("lemma")
                .map(String::as_str),
            Some("dog")
        );
        let again = parse_str(&to_csv_string(&c)).unwrap();
        assert_eq!(again.annotators, c.annotators);
    }
}
