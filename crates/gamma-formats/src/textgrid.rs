//! Praat TextGrid (text files, "long" and "short" format, UTF-8 or UTF-16 with a byte-order
//! mark): interval tiers of labelled time intervals, in seconds.
//!
//! Both formats hold the same values in the same order; the long one names them
//! (`xmin = 0`). The reader takes the values only — quoted strings (`""` is a quote), numbers
//! and `<exists>`/`<absent>` flags — and skips the names, `[n]` indices and `!` comments, so
//! one reader reads both. Each interval tier is an annotator (or, with a tier chosen, that
//! tier of each file); each interval with a non-blank label is a unit, category = its label;
//! point tiers (`TextTier`) have no units. Times are kept as read (seconds, full precision).

use super::Warning;
use super::annotator_files;
use super::format::{
    Choice, Codec, Description, Document, Format, Gold, Grouping, Offered, Output, ReadContext,
    ReadOptions, Source, add_new,
};
use super::{FileError, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;
use std::fmt::Write;
use std::path::Path;
use std::path::PathBuf;

/// One tier: its name and its labelled intervals (none for a point tier).
#[derive(Debug, Clone, PartialEq)]
pub struct Tier {
    /// The tier's name.
    pub name: String,
    /// Whether it is an interval tier (a point tier has no units).
    pub intervals: bool,
    /// The intervals with a non-blank label, as units.
    pub units: Vec<Unit>,
}

/// A value of the file.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Text(String),
    Number(f64),
    Flag(bool),
}

/// The file's text: UTF-16 (either byte order) or UTF-8, after its byte-order mark, with every
/// line end (CR LF, a lone CR) made LF, so that lines are counted and labels read alike.
fn decode(bytes: &[u8], path: &Path) -> Result<String, FileError> {
    let text = decode_any_line_ends(bytes, path)?;
    Ok(if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
    })
}

fn decode_any_line_ends(bytes: &[u8], path: &Path) -> Result<String, FileError> {
    let utf16 = |big_endian: bool| -> Result<String, FileError> {
        let units: Vec<u16> = bytes[2..]
            .chunks(2)
            .map(|pair| match (pair, big_endian) {
                ([a, b], true) => u16::from_be_bytes([*a, *b]),
                ([a, b], false) => u16::from_le_bytes([*a, *b]),
                ([a], _) => u16::from(*a),
                _ => 0,
            })
            .collect();
        let text = String::from_utf16(&units)
            .map_err(|_| FileError::new(path, None, "the file is not valid UTF-16 text"))?;
        super::files::refuse_nul(&text, path)?;
        Ok(text)
    };
    match bytes {
        [0xFE, 0xFF, ..] => utf16(true),
        [0xFF, 0xFE, ..] => utf16(false),
        _ => {
            let text = super::utf8_text(
                bytes,
                path,
                "the file is not UTF-8 (or UTF-16 with a byte-order mark)",
            )?;
            Ok(text.strip_prefix('\u{feff}').unwrap_or(text).to_string())
        }
    }
}

/// The values of the file, each with its line.
fn values(text: &str, path: &Path) -> Result<Vec<(Value, u64)>, FileError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1u64;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '!' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '"' {
            let start_line = line;
            let mut value = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => {
                        return Err(FileError::new(
                            path,
                            Some(start_line),
                            "a quoted text is not closed",
                        ));
                    }
                    Some('"') if chars.get(i + 1) == Some(&'"') => {
                        value.push('"');
                        i += 2;
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(&other) => {
                        if other == '\n' {
                            line += 1;
                        }
                        value.push(other);
                        i += 1;
                    }
                }
            }
            out.push((Value::Text(value), start_line));
        } else if c == '[' {
            while i < chars.len() && chars[i] != ']' && chars[i] != '\n' {
                i += 1;
            }
            i += 1;
        } else if c == '<' {
            let start = i;
            while i < chars.len() && chars[i] != '>' && chars[i] != '\n' {
                i += 1;
            }
            let flag: String = chars[start..i.min(chars.len())].iter().collect();
            i += 1;
            out.push((Value::Flag(flag == "<exists"), line));
        } else if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let number = word.parse::<f64>().map_err(|_| {
                FileError::new(path, Some(line), format!("{word:?} is not a number"))
            })?;
            out.push((Value::Number(number), line));
        } else {
            // A name (`xmin`, `=`, `intervals:`, `item`…): skipped.
            while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '"' && chars[i] != '['
            {
                i += 1;
            }
        }
    }
    Ok(out)
}

/// Reads the values in order, with errors naming the line of the value that is wrong.
struct Values<'a> {
    values: std::slice::Iter<'a, (Value, u64)>,
    path: &'a Path,
    last_line: u64,
}

impl Values<'_> {
    fn next(&mut self, what: &str) -> Result<Value, FileError> {
        match self.values.next() {
            Some((value, line)) => {
                self.last_line = *line;
                Ok(value.clone())
            }
            None => Err(FileError::new(
                self.path,
                Some(self.last_line),
                format!("the file ends where {what} was expected"),
            )),
        }
    }

    fn text(&mut self, what: &str) -> Result<String, FileError> {
        match self.next(what)? {
            Value::Text(text) => Ok(text),
            other => Err(self.wrong(what, &other)),
        }
    }

    fn number(&mut self, what: &str) -> Result<f64, FileError> {
        match self.next(what)? {
            Value::Number(number) => Ok(number),
            other => Err(self.wrong(what, &other)),
        }
    }

    fn count(&mut self, what: &str) -> Result<usize, FileError> {
        let number = self.number(what)?;
        if number < 0.0 || number.fract() != 0.0 || number > 1e8 {
            return Err(FileError::new(
                self.path,
                Some(self.last_line),
                format!("{what} {number} is not a count"),
            ));
        }
        Ok(number as usize)
    }

    fn wrong(&self, what: &str, found: &Value) -> FileError {
        let found = match found {
            Value::Text(t) => format!("the text {t:?}"),
            Value::Number(n) => format!("the number {n}"),
            Value::Flag(_) => "a flag".to_string(),
        };
        FileError::new(
            self.path,
            Some(self.last_line),
            format!("expected {what}, found {found}"),
        )
    }
}

/// Reads the tiers of a TextGrid file.
pub fn read(path: &Path) -> Result<Vec<Tier>, FileError> {
    let bytes = super::read_bytes(path)?;
    parse(&bytes, path)
}

/// Parses the bytes of a TextGrid file; `path` is only used in messages.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Vec<Tier>, FileError> {
    let text = decode(bytes, path)?;
    let all = values(&text, path)?;
    let mut values = Values {
        values: all.iter(),
        path,
        last_line: 1,
    };
    if values.text("the file type")? != "ooTextFile" {
        return Err(FileError::new(
            path,
            Some(1),
            "not a Praat text file (File type = \"ooTextFile\")",
        ));
    }
    let class = values.text("the object class")?;
    if class != "TextGrid" {
        return Err(FileError::new(
            path,
            Some(values.last_line),
            format!("a Praat {class:?}, not a TextGrid"),
        ));
    }
    values.number("xmin")?;
    values.number("xmax")?;
    let exists = match values.next("<exists> or <absent>")? {
        Value::Flag(exists) => exists,
        other => return Err(values.wrong("<exists> or <absent>", &other)),
    };
    let mut tiers = Vec::new();
    if !exists {
        return Ok(tiers);
    }
    let size = values.count("the number of tiers")?;
    super::files::refuse_too_many_annotators(size, "tiers", path, Some(values.last_line))?;
    for _ in 0..size {
        let class = values.text("a tier class")?;
        let class_line = values.last_line;
        let name = values.text("a tier name")?;
        let tier_start = values.number("the tier's xmin")?;
        let tier_end = values.number("the tier's xmax")?;
        let n = values.count("the number of intervals or points")?;
        let mut units = Vec::new();
        match class.as_str() {
            "IntervalTier" => {
                units = intervals(&mut values, &name, n, (tier_start, tier_end))?;
            }
            "TextTier" => {
                for _ in 0..n {
                    values.number("a point's time")?;
                    values.text("a point's mark")?;
                }
            }
            other => {
                return Err(FileError::new(
                    path,
                    Some(class_line),
                    format!("unknown tier class {other:?} (IntervalTier or TextTier)"),
                ));
            }
        }
        tiers.push(Tier {
            name,
            intervals: class == "IntervalTier",
            units,
        });
    }
    // A tier past the declared count would otherwise be dropped without a word.
    if let Some((_, line)) = values.values.next() {
        return Err(FileError::new(
            path,
            Some(*line),
            format!(
                "the file declares size = {size} tiers but goes on after the last of them: the size is wrong or the file is damaged"
            ),
        ));
    }
    Ok(tiers)
}

/// The labelled intervals of tier `name` (`n` intervals within `span`) as units. An interval
/// that begins before the one before it ends, or lies outside the tier, is refused: an interval
/// tier's intervals follow each other within it, and a file that says otherwise is damaged.
fn intervals(
    values: &mut Values<'_>,
    name: &str,
    n: usize,
    (tier_start, tier_end): (f64, f64),
) -> Result<Vec<Unit>, FileError> {
    let path = values.path;
    // Praat writes the same numbers for one boundary; a rounding of another writer is allowed.
    let slack = |x: f64| 1e-9 * x.abs().max(1.0);
    let mut units = Vec::new();
    let mut previous_end = tier_start;
    for index in 1..=n {
        let start = values.number("an interval's xmin")?;
        let end = values.number("an interval's xmax")?;
        let label = values.text("an interval's text")?;
        let line = values.last_line;
        let refuse = |problem: String| {
            Err(FileError::new(
                path,
                Some(line),
                format!("tier {name:?}: interval {index} [{start}, {end}] {problem}"),
            ))
        };
        if start < previous_end - slack(previous_end) {
            return refuse(format!(
                "begins before the end of the one before it ({previous_end}): an interval tier's \
                 intervals follow each other"
            ));
        }
        if start < tier_start - slack(tier_start) || end > tier_end + slack(tier_end) {
            return refuse(format!(
                "lies outside the tier's [{tier_start}, {tier_end}]"
            ));
        }
        previous_end = end;
        if label.trim().is_empty() || end == start {
            continue;
        }
        let unit = Unit::new(start, end, label.trim())
            .map_err(|e| FileError::new(path, Some(line), format!("tier {name:?}: {e}")))?;
        units.push(unit);
    }
    Ok(units)
}

/// A document of one TextGrid file: every interval tier with a labelled interval is an
/// annotator named after the tier.
pub fn read_document(path: &Path) -> Result<Continuum, FileError> {
    read_document_with_warnings(path).map(|(continuum, _)| continuum)
}

/// [`read_document`], with a warning naming the interval tiers without a labelled interval
/// (annotators who are not measured).
pub(crate) fn read_document_with_warnings(
    path: &Path,
) -> Result<(Continuum, Vec<Warning>), FileError> {
    let tiers = read(path)?;
    let empty: Vec<String> = tiers
        .iter()
        .filter(|t| t.intervals && t.units.is_empty())
        .map(|t| format!("{:?}", t.name))
        .collect();
    let warnings = super::files::empty_annotators_warning(&empty, "interval tier", path)
        .into_iter()
        .collect();
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut continuum = Continuum::new(name);
    for tier in tiers.iter().filter(|t| !t.units.is_empty()) {
        if continuum.annotators.iter().any(|a| a.name == tier.name) {
            return Err(
                FileError::new(path, None, format!("two tiers are named {:?}", tier.name))
                    .with_remedy(crate::Remedy::ChooseLayer),
            );
        }
        continuum.add_annotator(&tier.name);
        for unit in &tier.units {
            continuum.add_unit(&tier.name, unit.clone());
        }
    }
    if continuum.n_units() == 0 {
        return Err(FileError::new(
            path,
            None,
            "no interval with a label in this file",
        ));
    }
    Ok((continuum, warnings))
}

/// The units of the tier named `name`, or an error listing the tiers.
pub(crate) fn select_tier(tiers: &[Tier], name: &str, path: &Path) -> Result<Vec<Unit>, FileError> {
    match tiers.iter().find(|t| t.name == name) {
        Some(tier) if tier.intervals => Ok(tier.units.clone()),
        Some(_) => Err(FileError::new(
            path,
            None,
            format!("tier {name:?} is a point tier: it has no intervals"),
        )),
        None => {
            let names: Vec<&str> = tiers.iter().map(|t| t.name.as_str()).collect();
            Err(FileError::new(
                path,
                None,
                format!("no tier {name:?} (tiers: {})", names.join(", ")),
            ))
        }
    }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// The long-format TextGrid of a continuum: one interval tier per annotator, the gaps between
/// its units as empty intervals. An annotator whose units overlap cannot be an interval tier.
pub(crate) fn to_textgrid(continuum: &Continuum) -> Result<String, crate::Unwritable> {
    let (mut xmin, mut xmax) = continuum.bounds();
    if continuum.n_units() == 0 {
        (xmin, xmax) = (0.0, 0.0);
    }
    // Praat refuses a TextGrid whose times start before 0.
    if let Some(negative) = crate::unwritable::negative_time(continuum, "Praat", |u| u.start < 0.0)
    {
        return Err(negative);
    }
    xmin = xmin.min(0.0);
    let mut out = String::from("File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\n");
    let _ = write!(
        out,
        "xmin = {xmin}\nxmax = {xmax}\ntiers? <exists>\nsize = {}\nitem []:\n",
        continuum.annotators.len()
    );
    for (t, annotator) in continuum.annotators.iter().enumerate() {
        let mut units: Vec<&Unit> = annotator.units.iter().collect();
        units.sort_by(|a, b| a.start.total_cmp(&b.start));
        let mut intervals: Vec<(f64, f64, &str)> = Vec::new();
        let mut cursor = xmin;
        for unit in units {
            if unit.start < cursor {
                return Err(crate::Unwritable::OverlappingIntervals {
                    annotator: annotator.name.clone(),
                    unit: Box::new(unit.clone()),
                });
            }
            if unit.start > cursor {
                intervals.push((cursor, unit.start, ""));
            }
            intervals.push((unit.start, unit.end, &unit.category));
            cursor = unit.end;
        }
        if cursor < xmax || intervals.is_empty() {
            intervals.push((cursor, xmax.max(cursor), ""));
        }
        let _ = write!(
            out,
            "    item [{}]:\n        class = \"IntervalTier\"\n        name = {}\n        xmin = {xmin}\n        xmax = {xmax}\n        intervals: size = {}\n",
            t + 1,
            quoted(&annotator.name),
            intervals.len()
        );
        for (i, (start, end, label)) in intervals.iter().enumerate() {
            let _ = write!(
                out,
                "        intervals [{}]:\n            xmin = {start}\n            xmax = {end}\n            text = {}\n",
                i + 1,
                quoted(label)
            );
        }
    }
    Ok(out)
}

/// Writes a continuum as a long-format TextGrid file: one interval tier per annotator.
pub fn write(continuum: &Continuum, path: &Path) -> Result<(), FileError> {
    let text = to_textgrid(continuum).map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, text.as_bytes())
}

/// The Praat TextGrid codec: a file is a document whose interval tiers are the annotators, or
/// with a tier chosen (`layer`) the files together are one document, that tier of each file
/// one annotator.
pub const TEXTGRID: Format = Format::new(&TextGrid);

struct TextGrid;

static DESCRIPTION: Description = Description {
    name: "textgrid",
    label: "Praat TextGrid",
    extensions: &["textgrid"],
    written_extension: "TextGrid",
    mime_type: "text/praat-textgrid",
    output: Some(Output::File),
    choices: &[Choice::AnnotatorNames, Choice::Tier],
    holds: crate::format::Holds {
        features: false,
        feature_names: crate::format::FeatureNames::AsTheyAre,
        relations: false,
        relations_to_groups: false,
        undirected_relations: false,
        empty_categories: false,
        overlapping_units: false,
        spaces_in_categories: true,
        spaces_in_annotators: true,
        positions: crate::format::Positions::Seconds,
    },
};

impl Codec for TextGrid {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn grouping(&self, options: &ReadOptions) -> Grouping {
        match options.layer.layer {
            None => Grouping::EachFile,
            Some(_) => Grouping::Together,
        }
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let options = context.options;
        let Some(tier) = options.layer.layer.as_deref() else {
            let (continuum, warnings) = read_document_with_warnings(&files[0])?;
            let document = Document {
                continuum,
                source: Source::TextGrid(files.to_vec()),
            };
            return Ok((vec![document], warnings));
        };
        let files_named =
            annotator_files::named(self.default_annotators(files), &options.annotator_names)?;
        let mut continuum = Continuum::new(annotator_files::document_name(&files_named));
        for file in &files_named {
            let tiers = read(&file.path)?;
            let units = select_tier(&tiers, tier, &file.path)?;
            continuum.add_annotator(&file.annotator);
            for unit in units {
                continuum.add_unit(&file.annotator, unit);
            }
        }
        let source = Source::TextGrid(files.to_vec());
        Ok((vec![Document { continuum, source }], Vec::new()))
    }

    fn offer(&self, path: &Path, offered: &mut Offered) -> Result<(), FileError> {
        for tier in read(path)?.into_iter().filter(|t| t.intervals) {
            add_new(&mut offered.tiers, tier.name);
        }
        Ok(())
    }

    /// In seconds: a document read in milliseconds is rescaled (the `time_unit` module).
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        write(
            &crate::time_unit::in_unit_of(continuum, source, TEXTGRID),
            out,
        )?;
        Ok(vec![out.to_path_buf()])
    }

    /// A TextGrid's intervals never overlap on one tier.
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        let document = gold.as_document(true);
        write(
            &crate::time_unit::in_unit_of(&document, gold.source, TEXTGRID),
            path,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORT: &str = "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\n0\n2.5\n<exists>\n2\n\"IntervalTier\"\n\"ann \"\"one\"\"\"\n0\n2.5\n3\n0\n0.7\n\"\"\n0.7\n1.25\n\"laugh\"\n1.25\n2.5\n\"  \"\n\"TextTier\"\n\"beats\"\n0\n2.5\n1\n1.0\n\"x\"\n";

    #[test]
    fn short_format_and_utf16_read_the_same() {
        let tiers = parse(SHORT.as_bytes(), Path::new("s.TextGrid")).unwrap();
        assert_eq!(tiers.len(), 2);
        assert_eq!(tiers[0].name, "ann \"one\"");
        let spans: Vec<(f64, f64, &str)> = tiers[0]
            .units
            .iter()
            .map(|u| (u.start, u.end, u.category.as_str()))
            .collect();
        assert_eq!(
            spans,
            [(0.7, 1.25, "laugh")],
            "blank intervals are not units"
        );
        assert!(!tiers[1].intervals && tiers[1].units.is_empty());
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(SHORT.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(parse(&utf16, Path::new("u.TextGrid")).unwrap(), tiers);
        let mut big = vec![0xFE, 0xFF];
        big.extend(SHORT.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(parse(&big, Path::new("u.TextGrid")).unwrap(), tiers);
    }

    /// Intervals that overlap or lie outside their tier are a damaged file: refused at the
    /// interval's line, never read as they stand.
    #[test]
    fn overlapping_intervals_and_intervals_past_the_tier_are_refused() {
        let path = Path::new("s.TextGrid");
        let overlapping = SHORT.replace("1.25\n2.5\n\"  \"", "1\n2.5\n\"  \"");
        assert_eq!(
            parse(overlapping.as_bytes(), path).unwrap_err().to_string(),
            "s.TextGrid: line 21: tier \"ann \\\"one\\\"\": interval 3 [1, 2.5] begins before the \
             end of the one before it (1.25): an interval tier's intervals follow each other"
        );
        let past = SHORT.replace("1.25\n2.5\n\"  \"", "1.25\n3\n\"  \"");
        assert_eq!(
            parse(past.as_bytes(), path).unwrap_err().to_string(),
            "s.TextGrid: line 21: tier \"ann \\\"one\\\"\": interval 3 [1.25, 3] lies outside \
             the tier's [0, 2.5]"
        );
    }

    #[test]
    fn a_unit_before_time_zero_is_refused_not_written_as_a_negative_xmin() {
        let mut c = Continuum::new("t");
        c.add_unit("A", Unit::new(-1.0, 0.5, "S").unwrap());
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("n.TextGrid");
        let message = write(&c, &out).unwrap_err().to_string();
        assert!(
            message.contains("annotator \"A\": unit")
                && message.contains("starts before 0, which Praat refuses"),
            "{message}"
        );
        assert!(!out.exists(), "nothing written");
    }

    #[test]
    fn long_format_written_reads_back_at_full_precision() {
        let mut c = Continuum::new("t");
        c.add_unit("A", Unit::new(0.1, 1.0 / 3.0, "S").unwrap());
        c.add_unit("A", Unit::new(1.5, 2.0, "N \"q\"").unwrap());
        c.add_unit("B", Unit::new(0.2, 1.7, "S").unwrap());
        let text = to_textgrid(&c).unwrap();
        let tiers = parse(text.as_bytes(), Path::new("w.TextGrid")).unwrap();
        assert_eq!(tiers[0].units, c.annotators[0].units);
        assert_eq!(tiers[1].units, c.annotators[1].units);
        c.add_unit("B", Unit::new(1.0, 1.8, "S").unwrap());
        assert_eq!(
            to_textgrid(&c),
            Err(crate::Unwritable::OverlappingIntervals {
                annotator: "B".into(),
                unit: Box::new(Unit::new(1.0, 1.8, "S").unwrap()),
            })
        );
    }

    #[test]
    fn damaged_files_name_the_line() {
        let e = parse(
            SHORT.replace("0.7\n1.25", "0.7\n\"oops\"").as_bytes(),
            Path::new("d.TextGrid"),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "d.TextGrid: line 17: expected an interval's xmax, found the text \"oops\""
        );
        let cut = &SHORT[..SHORT.find("\"laugh\"").unwrap()];
        let e = parse(cut.as_bytes(), Path::new("d.TextGrid")).unwrap_err();
        assert!(
            e.to_string()
                .contains("the file ends where an interval's text was expected"),
            "{e}"
        );
        let e = parse(
            SHORT
                .replace("\n2\n\"Interval", "\n1e300\n\"Interval")
                .as_bytes(),
            Path::new("d.TextGrid"),
        )
        .unwrap_err();
        assert!(e.to_string().contains("is not a count"), "{e}");
    }
}
