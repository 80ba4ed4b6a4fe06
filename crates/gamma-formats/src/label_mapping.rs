//! Label mapping files for evaluation ([`LabelMapping`]): one `system_label,reference_label`
//! line per label (CSV: quote labels that hold a comma); blank lines and lines starting with `#`
//! are skipped, and a first line `system_label,reference_label` is a header. An empty reference
//! label drops the system's units of that label.

use crate::FileError;
use gamma_core::evaluate::mapping::LabelMapping;
use std::collections::BTreeMap;
use std::path::Path;

/// Reads a mapping file; errors name the file and the line.
pub fn read(path: &Path) -> Result<LabelMapping, FileError> {
    let bytes = crate::read_bytes(path)?;
    let text = crate::utf8_text(&bytes, path, "the file is not UTF-8 text")?;
    parse(text, path)
}

/// Parses the text of a mapping file; `path` is only used in messages.
pub fn parse(text: &str, path: &Path) -> Result<LabelMapping, FileError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut lines_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut first = true;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let at = |message: String| FileError::new(path, Some(number as u64), message);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fields = csv_fields(trimmed).map_err(|e| at(format!("unreadable CSV: {e}")))?;
        if std::mem::take(&mut first)
            && fields.len() == 2
            && fields[0].eq_ignore_ascii_case("system_label")
            && fields[1].eq_ignore_ascii_case("reference_label")
        {
            continue;
        }
        let [from, to] = fields.as_slice() else {
            return Err(at(format!(
                "expected system_label,reference_label but found {}",
                crate::losses::count(fields.len(), "field")
            )));
        };
        if from.is_empty() {
            return Err(at("the system label is empty".into()));
        }
        if let Some(earlier) = lines_of.insert(from.clone(), number) {
            return Err(at(format!(
                "the system label {from:?} is already mapped on line {earlier}"
            )));
        }
        pairs.push((from.clone(), to.clone()));
    }
    Ok(LabelMapping::from_pairs(
        pairs.iter().map(|(from, to)| (from.as_str(), to.as_str())),
    ))
}

/// The trimmed fields of one CSV line.
fn csv_fields(line: &str) -> Result<Vec<String>, csv::Error> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(line.as_bytes());
    match reader.records().next() {
        Some(record) => Ok(record?.iter().map(str::to_string).collect()),
        None => Ok(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamma_core::evaluate::mapping::Mapped;

    #[test]
    fn reads_pairs_header_comments_quotes_and_drops() {
        let text = "system_label,reference_label\n# a comment\n\nPERSON, PER\n\"GPE, city\",LOC\nFAC,LOC\nMISC,\n";
        let mapping = parse(text, Path::new("map.csv")).unwrap();
        assert_eq!(mapping.len(), 4);
        assert_eq!(mapping.map("PERSON"), Mapped::To("PER"));
        assert_eq!(mapping.map("GPE, city"), Mapped::To("LOC"));
        assert_eq!(mapping.map("FAC"), Mapped::To("LOC"));
        assert_eq!(mapping.map("MISC"), Mapped::Dropped);
        assert_eq!(mapping.map("ORG"), Mapped::Unmapped);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let e = parse("A,B\nC\n", Path::new("map.csv")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "map.csv: line 2: expected system_label,reference_label but found 1 field"
        );
        let e = parse("A,B\n\n# x\nA,C\n", Path::new("map.csv")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "map.csv: line 4: the system label \"A\" is already mapped on line 1"
        );
        let e = parse(",B\n", Path::new("m.csv")).unwrap_err();
        assert_eq!(e.to_string(), "m.csv: line 1: the system label is empty");
        let e = read(Path::new("/nonexistent/m.csv")).unwrap_err();
        assert!(
            e.to_string().starts_with("/nonexistent/m.csv: cannot read"),
            "{e}"
        );
    }
}
