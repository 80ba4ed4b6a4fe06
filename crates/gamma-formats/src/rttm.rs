//! RTTM (NIST Rich Transcription Time Marked), the output of speaker diarization: one
//! `SPEAKER <file-id> <channel> <onset> <duration> <NA> <NA> <speaker> <NA> <NA>` line per
//! turn, times in seconds (a document read in milliseconds, from ELAN, is rescaled:
//! the `time_unit` module).
//!
//! A unit per SPEAKER line: start = onset, end = onset + duration, category = the speaker.
//! Read alone, a file's file-id field names the annotator (as pygamma-agreement's reader
//! does: one file, several systems or annotators); several files are one annotator each (see
//! [`super::format`]). Lines of other types are skipped with a count, `;;` lines are comments.

use super::annotator_files;
use super::files::{distinct_without_spaces, without_spaces};
use super::format::{
    Codec, Description, Document, Format, Gold, Output, ReadContext, ReadOptions, Source,
};
use super::{FileError, Warning, WarningKind, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;
use std::path::PathBuf;

/// One turn: the file-id field and the unit.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// The file-id field (the annotator when the file is read alone).
    pub file_id: String,
    /// The turn as a unit (category = the speaker).
    pub unit: Unit,
}

/// Reads the turns of an RTTM file, with a warning counting skipped lines.
pub fn read(path: &Path) -> Result<(Vec<Turn>, Vec<Warning>), FileError> {
    let bytes = super::read_bytes(path)?;
    parse(&bytes, path)
}

/// Parses RTTM bytes; `path` is only used in messages.
pub fn parse(bytes: &[u8], path: &Path) -> Result<(Vec<Turn>, Vec<Warning>), FileError> {
    let text = super::utf8_text(bytes, path, "the file is not UTF-8 text")?;
    super::lines::refuse_long_lines(text, path)?;
    let mut turns = Vec::new();
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    let mut zero_length = 0usize;
    for (index, raw) in super::lines::text_lines(text).enumerate() {
        let line = index as u64 + 1;
        let error = |message: String| FileError::new(path, Some(line), message);
        let fields: Vec<&str> = raw.split_whitespace().collect();
        if fields.is_empty() || fields[0].starts_with(";;") {
            continue;
        }
        if fields[0] != "SPEAKER" {
            *skipped.entry(fields[0].to_string()).or_default() += 1;
            continue;
        }
        if fields.len() < 8 {
            return Err(error(format!(
                "a SPEAKER line has 9 or 10 fields (type, file, channel, onset, duration, _, _, speaker…), this one {}",
                fields.len()
            )));
        }
        let number = |i: usize, what: &str| {
            fields[i]
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite())
                .ok_or_else(|| error(format!("{what} {:?} is not a number", fields[i])))
        };
        let (onset, duration) = (number(3, "onset")?, number(4, "duration")?);
        if duration < 0.0 {
            return Err(error(format!("negative duration {duration}")));
        }
        if duration == 0.0 {
            zero_length += 1;
            continue;
        }
        let unit =
            Unit::new(onset, onset + duration, fields[7]).map_err(|e| error(e.to_string()))?;
        turns.push(Turn {
            file_id: fields[1].to_string(),
            unit,
        });
    }
    // Each file-id is an annotator when a file is one document.
    let file_ids: std::collections::HashSet<&str> =
        turns.iter().map(|t| t.file_id.as_str()).collect();
    super::files::refuse_too_many_annotators(file_ids.len(), "file-ids", path, None)?;
    let mut warnings = Vec::new();
    if !skipped.is_empty() {
        let counts: Vec<String> = skipped.iter().map(|(k, n)| format!("{n} {k}")).collect();
        warnings.push(Warning::new(
            WarningKind::Skipped,
            path,
            None,
            format!(
                "lines that are not SPEAKER turns skipped: {}",
                counts.join(", ")
            ),
        ));
    }
    if zero_length > 0 {
        warnings.push(Warning::new(
            WarningKind::Skipped,
            path,
            None,
            format!(
                "{} of duration 0 skipped",
                crate::losses::count(zero_length, "turn")
            ),
        ));
    }
    if turns.is_empty() {
        return Err(FileError::new(path, None, "no SPEAKER turn in this file"));
    }
    Ok((turns, warnings))
}

/// A document of one RTTM file: each file-id is an annotator.
pub(crate) fn by_file_id(turns: Vec<Turn>, name: &str) -> Continuum {
    let mut continuum = Continuum::new(name);
    for turn in turns {
        continuum.add_unit(&turn.file_id, turn.unit);
    }
    continuum
}

/// The RTTM of a continuum: one SPEAKER line per unit, file-id = the annotator (spaces as `_`).
pub(crate) fn to_rttm(continuum: &Continuum) -> String {
    let mut out = String::new();
    for annotator in &continuum.annotators {
        for unit in &annotator.units {
            let _ = writeln!(
                out,
                "SPEAKER {} 1 {} {} <NA> <NA> {} <NA> <NA>",
                without_spaces(&annotator.name),
                unit.start,
                duration(unit),
                without_spaces(&unit.category)
            );
        }
    }
    out
}

/// A unit's duration, the decimal `end − start` is: to as many places as the shortest decimals
/// of its bounds have, so that a turn of [1.234, 4.4) lasts 3.166, not the binary difference's
/// 3.1660000000000004.
fn duration(unit: &Unit) -> String {
    let places = |x: f64| {
        let decimal = x.to_string();
        decimal
            .split_once('.')
            .map_or(0, |(_, fraction)| fraction.len())
    };
    let places = places(unit.start).max(places(unit.end));
    let written = format!("{:.*}", places, unit.end - unit.start);
    if written.contains('.') {
        written
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    } else {
        written
    }
}

/// Writes a continuum as an RTTM file: one SPEAKER line per unit, file-id = the annotator.
/// Annotator names and categories that would become one field (`a b` and `a_b`) are refused.
pub fn write(continuum: &Continuum, path: &Path) -> Result<(), FileError> {
    let names = continuum.annotators.iter().map(|a| a.name.as_str());
    distinct_without_spaces(names, "annotators", "RTTM file-id")
        .and_then(|()| {
            let categories = continuum.units().map(|(_, u)| u.category.as_str());
            distinct_without_spaces(categories, "categories", "RTTM speaker name")
        })
        .map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, to_rttm(continuum).as_bytes())
}

/// The RTTM codec: the files given together are one document; one file alone has its
/// file-ids as annotators, several files one annotator each.
pub const RTTM: Format = Format::new(&Rttm);

struct Rttm;

static DESCRIPTION: Description = Description {
    name: "rttm",
    label: "RTTM",
    extensions: &["rttm"],
    written_extension: "rttm",
    mime_type: "text/plain",
    output: Some(Output::File),
    choices: &[],
    holds: crate::format::Holds {
        features: false,
        feature_names: crate::format::FeatureNames::AsTheyAre,
        relations: false,
        relations_to_groups: false,
        undirected_relations: false,
        empty_categories: false,
        overlapping_units: true,
        spaces_in_categories: false,
        spaces_in_annotators: false,
        positions: crate::format::Positions::Seconds,
    },
};

impl Codec for Rttm {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn one_annotator_per_file(&self, group: &[PathBuf]) -> bool {
        group.len() > 1
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let source = Source::Rttm(files.to_vec());
        if let [path] = files {
            let (turns, warnings) = read(path)?;
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let continuum = by_file_id(turns, &name);
            return Ok((vec![Document { continuum, source }], warnings));
        }
        let named = annotator_files::named(
            self.default_annotators(files),
            &context.options.annotator_names,
        )?;
        let mut continuum = Continuum::new(annotator_files::document_name(&named));
        let mut warnings = Vec::new();
        for file in &named {
            let (turns, mut read_warnings) = read(&file.path)?;
            warnings.append(&mut read_warnings);
            continuum.add_annotator(&file.annotator);
            for turn in turns {
                continuum.add_unit(&file.annotator, turn.unit);
            }
        }
        Ok((vec![Document { continuum, source }], warnings))
    }

    /// In seconds: a document read in milliseconds is rescaled (the `time_unit` module).
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        write(&crate::time_unit::in_unit_of(continuum, source, RTTM), out)?;
        Ok(vec![out.to_path_buf()])
    }

    /// The gold as one file-id, in seconds as [`Codec::write`] writes a document.
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        let document = gold.as_document(false);
        self.write(&document, gold.source, path, gold.options)
            .map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Durations are the decimal differences of the bounds, whatever their binary difference.
    #[test]
    fn a_duration_is_the_decimal_difference_of_its_bounds() {
        let unit = |start, end| Unit::new(start, end, "A").unwrap();
        assert_eq!(4.4 - 1.234, 3.1660000000000004);
        assert_eq!(duration(&unit(1.234, 4.4)), "3.166");
        assert_eq!(duration(&unit(2.345, 2.5)), "0.155");
        assert_eq!(duration(&unit(0.1, 0.3)), "0.2");
        assert_eq!(duration(&unit(3.0, 10.0)), "7");
        assert_eq!(duration(&unit(0.5, 1.75)), "1.25");
    }

    #[test]
    fn turns_by_file_id_and_back() {
        let text = ";; a comment\nSPEAKER sys1 1 0.50 1.25 <NA> <NA> spk_A <NA> <NA>\nSPKR-INFO sys1 1 <NA> <NA> <NA> unknown spk_A <NA>\nSPEAKER ref 1 0.4 1.5 <NA> <NA> A <NA> <NA>\nSPEAKER ref 1 3 0 <NA> <NA> B <NA> <NA>\n";
        let (turns, warnings) = parse(text.as_bytes(), Path::new("d.rttm")).unwrap();
        assert_eq!(turns.len(), 2);
        assert_eq!((turns[0].unit.start, turns[0].unit.end), (0.5, 1.75));
        let messages: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            messages,
            [
                "d.rttm: lines that are not SPEAKER turns skipped: 1 SPKR-INFO",
                "d.rttm: 1 turn of duration 0 skipped"
            ]
        );
        let c = by_file_id(turns, "d");
        assert_eq!(
            c.annotators
                .iter()
                .map(|a| a.name.as_str())
                .collect::<Vec<_>>(),
            ["sys1", "ref"]
        );
        let (again, _) = parse(to_rttm(&c).as_bytes(), Path::new("e.rttm")).unwrap();
        assert_eq!(by_file_id(again, "d").annotators, c.annotators);
    }

    /// Ten turns with LF, CR LF, lone CR or mixed line ends, with or without a byte-order
    /// mark: the same ten turns (a CR-only file once read 1 of 10).
    #[test]
    fn every_line_end_reads_every_turn() {
        let lines: Vec<String> = (0..10)
            .map(|i| format!("SPEAKER f 1 {i} 1 <NA> <NA> s{} <NA> <NA>", i % 3))
            .collect();
        let expected = parse(lines.join("\n").as_bytes(), Path::new("lf.rttm"))
            .unwrap()
            .0;
        assert_eq!(expected.len(), 10);
        let mixed: String = lines
            .iter()
            .zip(["\n", "\r", "\r\n"].iter().cycle())
            .map(|(l, end)| format!("{l}{end}"))
            .collect();
        for text in [
            lines.join("\r"),
            lines.join("\r\n"),
            mixed,
            format!("\u{feff}{}\r", lines.join("\r")),
        ] {
            let (turns, warnings) = parse(text.as_bytes(), Path::new("d.rttm")).unwrap();
            assert_eq!(turns, expected, "{text:?}");
            assert_eq!(warnings, []);
        }
        let error = parse(
            b"SPEAKER f 1 0 1 <NA> <NA> a\rSPEAKER f 1 x 1 <NA> <NA> b\r",
            Path::new("d.rttm"),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "d.rttm: line 2: onset \"x\" is not a number"
        );
    }

    #[test]
    fn bad_lines_name_the_line() {
        let e = parse(
            b"SPEAKER f 1 0.5 x <NA> <NA> A <NA> <NA>\n",
            Path::new("d.rttm"),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "d.rttm: line 1: duration \"x\" is not a number"
        );
        let e = parse(b"\nSPEAKER f 1 0.5\n", Path::new("d.rttm")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("d.rttm: line 2: a SPEAKER line has"),
            "{e}"
        );
        let e = parse(
            b"SPEAKER f 1 0.5 -1 <NA> <NA> A <NA> <NA>\n",
            Path::new("d.rttm"),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "d.rttm: line 1: negative duration -1");
        let e = parse(b"", Path::new("d.rttm")).unwrap_err();
        assert_eq!(e.to_string(), "d.rttm: no SPEAKER turn in this file");
    }
}
