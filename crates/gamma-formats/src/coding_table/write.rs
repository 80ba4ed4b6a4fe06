//! What an adjudicated coding study writes: the gold table (`item,gold`, one row per item, an
//! empty gold for an item undecided or left out), the decision report (each decision with how
//! and by whom it was made, and every coder's label) and the session file. CSV, or TSV for
//! `.tsv`/`.tab` files; the report is JSON for `.json`. Every file is written whole through a
//! temporary renamed into place ([`crate::write_atomically`]); every cell is
//! neutralised against spreadsheet formulas ([`crate::csv_cells`]).

use crate::csv_cells::neutralised;
use crate::{FileError, write_atomically};
use gamma_core::coding::{CodingAdjudication, CodingSession, CodingStudy, DecidedBy};
use std::path::{Path, PathBuf};

/// The rows as CSV (or TSV for `.tsv`/`.tab`), written to `path`, every cell neutralised for
/// spreadsheets (the app's dashboard of a folder of tables is written so).
pub fn write_rows(path: &Path, rows: &[Vec<String>]) -> Result<(), FileError> {
    let extension = (path.extension())
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let delimiter = if ["tsv", "tab"].contains(&extension.as_str()) {
        b'\t'
    } else {
        b','
    };
    let mut writer = ::csv::WriterBuilder::new()
        .delimiter(delimiter)
        .from_writer(Vec::new());
    for row in rows {
        writer
            .write_record(row.iter().map(|c| neutralised(c).into_owned()))
            .map_err(|e| FileError::new(path, None, e))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| FileError::new(path, None, e.to_string()))?;
    write_atomically(path, &bytes)
}

/// How a decision was made, in the report's words.
pub fn decided_by_words(decided_by: &DecidedBy) -> String {
    match decided_by {
        DecidedBy::Unanimous => "unanimous".to_string(),
        DecidedBy::Majority { threshold } => format!("majority:{threshold}"),
        DecidedBy::Coder(coder) => format!("coder {coder}"),
        DecidedBy::Suggestion => "suggestion".to_string(),
        DecidedBy::Adjudicator => "adjudicator".to_string(),
    }
}

/// The gold table: `item,gold`, every item in table order.
pub fn write_gold_table(adjudication: &CodingAdjudication, path: &Path) -> Result<(), FileError> {
    let mut rows = vec![vec!["item".to_string(), "gold".to_string()]];
    for (item, label) in adjudication.gold() {
        rows.push(vec![item.to_string(), label.unwrap_or("").to_string()]);
    }
    write_rows(path, &rows)
}

/// The decision report: every decided item with its gold, how and by whom it was decided,
/// when, and each coder's label (JSON for `.json`, else CSV or TSV).
pub fn write_decision_report(
    adjudication: &CodingAdjudication,
    path: &Path,
) -> Result<(), FileError> {
    let study = adjudication.study();
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if json {
        let decisions: Vec<serde_json::Value> = (adjudication.decisions())
            .map(|(i, d)| {
                let labels: serde_json::Map<String, serde_json::Value> = (study.coders.iter())
                    .enumerate()
                    .map(|(c, coder)| (coder.clone(), serde_json::json!(study.label(i, c))))
                    .collect();
                serde_json::json!({
                    "item": study.items[i],
                    "gold": d.label,
                    "decided_by": decided_by_words(&d.decided_by),
                    "adjudicator": d.adjudicator,
                    "time": d.time,
                    "labels": labels,
                })
            })
            .collect();
        let report = serde_json::json!({
            "study": study.name,
            "items": study.n_items(),
            "decided": decisions.len(),
            "decisions": decisions,
        });
        let text = serde_json::to_string_pretty(&report).expect("plain values") + "\n";
        return write_atomically(path, text.as_bytes());
    }
    let mut header: Vec<String> = ["item", "gold", "decided_by", "adjudicator", "time"]
        .map(String::from)
        .to_vec();
    header.extend(study.coders.iter().cloned());
    let mut rows = vec![header];
    for (i, d) in adjudication.decisions() {
        let mut row = vec![
            study.items[i].clone(),
            d.label.clone().unwrap_or_default(),
            decided_by_words(&d.decided_by),
            d.adjudicator.clone().unwrap_or_default(),
            d.time.clone(),
        ];
        row.extend((0..study.coders.len()).map(|c| study.label(i, c).unwrap_or("").to_string()));
        rows.push(row);
    }
    write_rows(path, &rows)
}

/// Saves the adjudication's session (JSON).
pub fn write_session(adjudication: &CodingAdjudication, path: &Path) -> Result<(), FileError> {
    let text = serde_json::to_string_pretty(&adjudication.session()).expect("plain values") + "\n";
    write_atomically(path, text.as_bytes())
}

/// Reads a session saved by [`write_session`].
pub fn read_session(path: &Path) -> Result<CodingSession, FileError> {
    let bytes = crate::read_bytes(path)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        FileError::new(
            path,
            Some(e.line() as u64),
            format!("not a coding session: {e}"),
        )
    })
}

/// Where the app autosaves the adjudication of `study` in `data_folder`:
/// `coding-sessions/NAME.FINGERPRINT.json`, found again by the table's content whatever the
/// file is called then ([`find_autosave`]).
pub fn autosave_path(data_folder: &Path, study: &CodingStudy) -> PathBuf {
    let name: String = study.name.chars().take(80).collect();
    let name = crate::files::safe_file_name(&name).unwrap_or_else(|_| "study".to_string());
    data_folder
        .join("coding-sessions")
        .join(format!("{name}.{}.json", study.fingerprint()))
}

/// The autosaved session of `study` in `data_folder`, if there is one: under its name, or
/// under another name with the same fingerprint (the table was renamed).
pub fn find_autosave(data_folder: &Path, study: &CodingStudy) -> Option<PathBuf> {
    let named = autosave_path(data_folder, study);
    if named.is_file() {
        return Some(named);
    }
    let suffix = format!(".{}.json", study.fingerprint());
    (std::fs::read_dir(data_folder.join("coding-sessions")).into_iter())
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| (path.file_name()).is_some_and(|n| n.to_string_lossy().ends_with(&suffix)))
        .find(|path| path.is_file())
}
