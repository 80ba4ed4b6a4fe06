//! Writing the gold and the report of the decisions.
//!
//! The gold's format follows the output's extension (the written extensions of
//! [`crate::codec::CODECS`]), and that format's codec writes it: `.aa` Glozz (for the document's `.ac`), `.xml` CorA-XML (in the
//! structure of the first annotator's file when the document came from CorA-XML), `.csv` CSV,
//! `.eaf` ELAN, `.tsv` WebAnno TSV 3 and `.xmi` UIMA CAS XMI (the layer read, every feature of
//! the gold units, to import as curation), `.ann` brat (with the `.txt` beside), `.TextGrid`
//! Praat, `.rttm` RTTM. Writes go through a temporary file that is
//! renamed, and an input file is never overwritten unless the caller says the user confirmed.

use crate::codec::CODECS;
use crate::csv_cells::CsvTable;
use crate::format::{Format, Gold, ReadOptions, Source};
use crate::{FileError, write_atomically};
use gamma_core::gold::{Adjudication, Choice, Decision, Rule};
use gamma_core::unit::Unit;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// What a whole gold says besides its file: the content not measured on which the annotators
/// differ (the base annotator's is in the gold), and what was kept out of the gold (it names a
/// unit that has no gold unit, or a relation decided out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CarriedNotes {
    pub differed: Vec<String>,
    pub flagged: Vec<String>,
}

impl CarriedNotes {
    /// Every note, the differences first.
    pub fn all(&self) -> Vec<String> {
        self.differed.iter().chain(&self.flagged).cloned().collect()
    }
}

/// The error of a whole gold whose base annotator has no file among the `files` read (named
/// `file`: the gold, or the first input).
pub(crate) fn no_base_file(file: &Path, base: usize, files: usize) -> FileError {
    FileError::new(
        file,
        None,
        format!(
            "there is no annotator {} to take what was not measured from ({files} files)",
            base + 1
        ),
    )
}

/// What an annotator has that was not measured: by what makes two alike, how many and how it
/// is named for people.
pub(crate) type NotMeasured = std::collections::BTreeMap<String, (usize, String)>;

/// The notes on content not measured that not every annotator has alike: `items` are each
/// annotator's (index, what it has), `base` the annotator whose content is carried into the
/// gold, `name` an annotator's name.
pub(crate) fn differences<'a>(
    items: &[(usize, NotMeasured)],
    base: usize,
    name: impl Fn(usize) -> &'a str,
) -> Vec<String> {
    let mut notes = Vec::new();
    for (i, (annotator, mine)) in items.iter().enumerate() {
        for (key, (n, description)) in mine {
            let missing: Vec<&str> = (0..items.len())
                .filter(|&j| j != i && items[j].1.get(key).map_or(0, |x| x.0) < *n)
                .map(|j| name(items[j].0))
                .collect();
            if missing.is_empty() {
                continue;
            }
            let fate = if *annotator == base {
                "carried into the gold"
            } else {
                "not in the gold"
            };
            notes.push(format!(
                "{description} of {} ({fate}, not measured): {} {} none like it",
                name(*annotator),
                missing.join(", "),
                if missing.len() == 1 { "has" } else { "have" }
            ));
        }
    }
    notes
}
/// The annotator name the gold gets in CSV and ELAN exports.
pub(crate) const GOLD_NAME: &str = "gold";

/// The format of a gold export, from the extension of its path.
pub fn gold_format(path: &Path) -> Result<Format, FileError> {
    Format::from_written_extension(path).ok_or_else(|| {
        let choices: Vec<String> = (CODECS.iter())
            .map(|f| format!(".{} ({})", f.description().written_extension, f.label()))
            .collect();
        FileError::new(
            path,
            None,
            format!(
                "the gold is written as {}: choose one of these extensions",
                choices.join(", ")
            ),
        )
    })
}

/// Whether `path` is one of `inputs` (the same file, however named).
pub fn is_input(path: &Path, inputs: &[PathBuf]) -> bool {
    let target = path.canonicalize().ok();
    inputs
        .iter()
        .any(|input| input == path || (target.is_some() && input.canonicalize().ok() == target))
}

/// Refuses to write over an input file unless `overwrite_confirmed`.
pub fn check_not_input(
    path: &Path,
    inputs: &[PathBuf],
    overwrite_confirmed: bool,
) -> Result<(), FileError> {
    if !overwrite_confirmed && is_input(path, inputs) {
        return Err(FileError::new(
            path,
            None,
            "is an input file; choose another file (or confirm that it may be overwritten)",
        ));
    }
    Ok(())
}

/// Writes the gold to `path` in the format its extension names, with that format's writer
/// ([`crate::format::Codec::write_gold`]), the first annotator as the base
/// ([`write_whole_gold`]). Returns the format written.
pub fn write_gold(
    adjudication: &Adjudication,
    path: &Path,
    source: Option<&Source>,
    options: &ReadOptions,
    overwrite_confirmed: bool,
) -> Result<Format, FileError> {
    write_whole_gold(adjudication, path, source, options, overwrite_confirmed, 0).map(|w| w.0)
}

/// Writes the gold to `path` in the format its extension names, with that format's writer
/// ([`crate::format::Codec::write_gold`]). `source` is where the document came from and
/// `options` how it was read (CorA-XML exports keep the source's structure and the layers
/// read). In formats that carry the whole document (Glozz, brat, ELAN, XMI), what was not
/// measured, the relations and the schemas come from annotator `base` where the annotators
/// differ. Returns the format written and the notes for the report: what differed, what was
/// kept out. A gold of several files (brat's `.ann` and `.txt`) is replaced together.
pub fn write_whole_gold(
    adjudication: &Adjudication,
    path: &Path,
    source: Option<&Source>,
    options: &ReadOptions,
    overwrite_confirmed: bool,
    base: usize,
) -> Result<(Format, Vec<String>), FileError> {
    let format = gold_format(path)?;
    let inputs = source.map(Source::paths).unwrap_or_default();
    check_not_input(path, &inputs, overwrite_confirmed)?;
    let continuum = adjudication.continuum();
    if base >= continuum.n_annotators() {
        return Err(FileError::new(
            path,
            None,
            format!(
                "there is no annotator {} to be the base (the document has {})",
                base + 1,
                continuum.n_annotators()
            ),
        ));
    }
    let gold_units = adjudication.gold();
    let mut units: Vec<Unit> = gold_units.iter().map(|(_, g)| g.unit.clone()).collect();
    let mut stands_for: Vec<Vec<(usize, String)>> = gold_units
        .iter()
        .map(|(_, g)| stands_for(adjudication, g.proposal))
        .collect();
    let mut annotator = adjudication.gold_annotator(GOLD_NAME);
    // The categories left out of γ: a gold written from the annotators' files carries what was
    // not measured from them (below); any other gets the base annotator's units here.
    let left_out = adjudication.left_out(base);
    if !left_out.is_empty() && !carries_from_files(source, continuum, format) {
        units.extend(left_out.iter().cloned());
        annotator.units.extend(left_out.iter().cloned());
        stands_for.extend(
            left_out
                .iter()
                .map(|u| (u.source_id.iter()).map(|id| (base, id.clone())).collect()),
        );
    }
    let relations = crate::format::DecidedRelations::of(adjudication, base);
    let gold = Gold {
        relations: &relations,
        document: continuum,
        units: &units,
        annotator,
        author: if adjudication.adjudicator.is_empty() {
            GOLD_NAME
        } else {
            &adjudication.adjudicator
        },
        source,
        options,
        stands_for: &stands_for,
        base,
    };
    let mut notes = match (source, &continuum.text) {
        (Some(Source::Glozz { files, .. }), Some(text)) if format == crate::glozz::GLOZZ => {
            crate::glozz::whole_gold(&gold, text, files, 0)?.notes.all()
        }
        (Some(Source::Brat { files, .. }), Some(text)) if format == crate::brat::BRAT => {
            crate::brat::whole_gold(&gold, text, files, path)?
                .notes
                .all()
        }
        (Some(Source::Elan(eaf)), _) if format == crate::elan::ELAN => {
            crate::elan::whole_gold(&gold, eaf)?.notes.all()
        }
        (Some(Source::Xmi { files, .. }), _) if format == crate::xmi::XMI => {
            crate::xmi::whole_gold(&gold, files, path)?.notes.all()
        }
        (Some(Source::Cora { files, contents }), _)
            if format == crate::cora::CORA && !contents.is_empty() =>
        {
            crate::cora::whole_gold(&gold, files, contents, path)?
                .1
                .all()
        }
        (Some(Source::WebannoTsv { .. } | Source::InceptionProject { .. }), _)
            if format == crate::webanno_tsv::TSV3 =>
        {
            match crate::webanno_tsv::whole_gold(&gold, path)? {
                Some(whole) => whole.notes.all(),
                None => {
                    let mut notes = crate::span_layer::gold_relations(&gold).2;
                    let base = &continuum.annotators[base];
                    if base.own_text.is_some() {
                        notes.insert(0, format!(
                            "the text of {} is not the document's: its file is not carried into \
                             the gold, which holds the gold units and their relations only",
                            base.name
                        ));
                    }
                    notes
                }
            }
        }
        _ if format == crate::webanno_tsv::TSV3 || format == crate::xmi::XMI => {
            crate::span_layer::gold_relations(&gold).2
        }
        _ => Vec::new(),
    };
    // What the gold's own format cannot hold of the gold units (their features in RTTM…).
    let mut decided = gamma_core::Continuum::new(continuum.name.clone());
    decided.text = continuum.text.clone();
    decided.annotators.push(gold.annotator.clone());
    notes.extend(
        (crate::losses::written_losses(&decided, source, options, format, path).into_iter())
            .map(|warning| warning.message),
    );
    crate::write_together(|| format.write_gold(&gold, path))?;
    log::info!("gold written as {format}: {}", path.display());
    Ok((format, notes))
}

/// Whether the gold of a document read from `source`, written as `format`, is made from the
/// annotators' files (Glozz, brat, ELAN, XMI, CorA-XML, TSV 3 of a TSV 3 or project source):
/// what was not measured comes from the base annotator's file.
fn carries_from_files(
    source: Option<&Source>,
    continuum: &gamma_core::Continuum,
    format: Format,
) -> bool {
    match source {
        Some(Source::Glozz { .. }) => format == crate::glozz::GLOZZ && continuum.text.is_some(),
        Some(Source::Brat { .. }) => format == crate::brat::BRAT && continuum.text.is_some(),
        Some(Source::Elan(_)) => format == crate::elan::ELAN,
        Some(Source::Xmi { .. }) => format == crate::xmi::XMI,
        Some(Source::Cora { contents, .. }) => format == crate::cora::CORA && !contents.is_empty(),
        Some(Source::WebannoTsv { .. } | Source::InceptionProject { .. }) => {
            format == crate::webanno_tsv::TSV3
        }
        _ => false,
    }
}

/// The annotators' units a gold unit stands for: every unit of the unitary alignment it decides
/// (the alignment says they are one unit, and the decision replaced them all), by their ids in
/// their files. A unit the adjudicator added stands for none.
fn stands_for(adjudication: &Adjudication, proposal: Option<usize>) -> Vec<(usize, String)> {
    let continuum = adjudication.continuum();
    let Some(proposal) = proposal.and_then(|p| adjudication.proposals().get(p)) else {
        return Vec::new();
    };
    (proposal.slots.iter().enumerate())
        .filter_map(|(a, slot)| {
            let unit = &continuum.annotators[a].units[(*slot)?];
            Some((a, unit.source_id.clone()?))
        })
        .collect()
}

/// A unit as the CSV report writes it: category, span and the words it covers.
fn describe(adjudication: &Adjudication, annotator: Option<usize>, unit: &Unit) -> String {
    let mut described = format!("{} [{}, {})", unit.category, unit.start, unit.end);
    if let Some(text) = covered(adjudication, annotator, unit) {
        described.push_str(&format!(" “{text}”"));
    }
    described
}

/// The words a unit covers: in its annotator's text, or (a gold unit) in the document's.
fn covered(adjudication: &Adjudication, annotator: Option<usize>, unit: &Unit) -> Option<String> {
    let continuum = adjudication.continuum();
    match annotator {
        Some(a) => continuum.covered_text(a, unit),
        None => continuum.text.as_ref().map(|text| {
            let start = unit.start.max(0.0) as usize;
            let length = (unit.end - unit.start).max(0.0) as usize;
            text.chars().skip(start).take(length).collect()
        }),
    }
}

fn unit_json(adjudication: &Adjudication, annotator: Option<usize>, unit: &Unit) -> Value {
    let text = covered(adjudication, annotator, unit);
    let mut value = json!({
        "category": unit.category,
        "start": unit.start,
        "end": unit.end,
    });
    if let Some(text) = text {
        value["text"] = json!(text);
    }
    if !unit.features.is_empty() {
        value["features"] = json!(unit.features);
    }
    value
}

fn choice_name(
    adjudication: &Adjudication,
    decision: &Decision,
) -> (String, String, String, String) {
    match decision {
        Decision::Open => Default::default(),
        Decision::Skipped { by, at } => ("skipped".into(), String::new(), by.clone(), at.clone()),
        Decision::Decided {
            choice,
            rule,
            by,
            at,
            ..
        } => {
            let choice = match choice {
                Choice::Pick { annotator } => format!(
                    "pick {}",
                    adjudication.continuum().annotators[*annotator].name
                ),
                Choice::Suggestion => "suggestion".into(),
                Choice::Reject => "reject".into(),
            };
            let rule = match rule {
                Rule::Manual => "manual".to_string(),
                Rule::Unanimous => "unanimous".to_string(),
                Rule::Threshold {
                    max_disorder,
                    min_majority,
                } => format!("threshold:{max_disorder}:{min_majority}"),
                Rule::Median {
                    max_disorder,
                    min_majority,
                } => format!("median:{max_disorder}:{min_majority}"),
            };
            (choice, rule, by.clone(), at.clone())
        }
    }
}

fn status_name(decision: &Decision) -> &'static str {
    match decision {
        Decision::Open => "open",
        Decision::Skipped { .. } => "skipped",
        Decision::Decided { .. } => "decided",
    }
}

/// The report as JSON: the document, the adjudicator, the progress, and one entry per
/// unitary alignment (the annotators' versions, the decision, the gold units) and per gold
/// unit the adjudicator added.
pub fn report_json(adjudication: &Adjudication) -> Value {
    let continuum = adjudication.continuum();
    let mut entries = Vec::new();
    for (index, proposal) in adjudication.proposals().iter().enumerate() {
        let decision = &adjudication.decisions()[index];
        let (choice, rule, by, at) = choice_name(adjudication, decision);
        let rationale = adjudication.rationale(index);
        let versions: Vec<Value> = proposal
            .slots
            .iter()
            .enumerate()
            .map(|(a, slot)| match slot {
                Some(u) => unit_json(adjudication, Some(a), &continuum.annotators[a].units[*u]),
                None => Value::Null,
            })
            .collect();
        let gold: Vec<Value> = adjudication
            .gold_of(index)
            .into_iter()
            .map(|(id, g)| {
                let mut value = unit_json(adjudication, None, &g.unit);
                value["id"] = json!(id);
                value["edited"] = json!(g.edited);
                value
            })
            .collect();
        entries.push(json!({
            "alignment": index + 1,
            "disorder": proposal.disorder,
            "status": status_name(decision),
            "choice": choice,
            "rule": rule,
            "by": by,
            "at": at,
            "annotators": versions,
            "gold": gold,
            "reason": rationale.reason,
            "note": rationale.note,
        }));
    }
    let added: Vec<Value> = adjudication
        .gold()
        .into_iter()
        .filter(|(_, g)| g.proposal.is_none())
        .map(|(id, g)| {
            let mut value = unit_json(adjudication, None, &g.unit);
            value["id"] = json!(id);
            value
        })
        .collect();
    let progress = adjudication.progress();
    let mut report = json!({
        "document": continuum.name,
        "adjudicator": adjudication.adjudicator,
        "annotators": continuum.annotator_names(),
        "progress": progress,
        "gold_units": adjudication.gold().len(),
        "alignments": entries,
        "added_units": added,
    });
    if !adjudication.relation_proposals().is_empty() {
        report["relation_progress"] = json!(adjudication.relation_progress());
        report["relations"] = json!(relations_json(adjudication));
    }
    report
}

/// Every relation proposal of the report: where it lies (alignments numbered from 1), each
/// annotator's relation, the decision and the gold label, and the endpoints without a gold
/// unit.
fn relations_json(adjudication: &Adjudication) -> Vec<Value> {
    use gamma_core::gold::{RelationChoice, RelationDecision};
    let continuum = adjudication.continuum();
    let numbered = |alignments: &[usize]| alignments.iter().map(|a| a + 1).collect::<Vec<_>>();
    (adjudication.relation_proposals().iter().enumerate())
        .map(|(index, proposal)| {
            let decision = &adjudication.relation_decisions()[index];
            let annotators: Vec<Value> = (proposal.members.iter().enumerate())
                .map(|(a, member)| match member {
                    Some(r) => {
                        let relation = &continuum.annotators[a].relations[*r];
                        json!({"id": relation.id, "label": relation.label})
                    }
                    None => Value::Null,
                })
                .collect();
            let mut entry = json!({
                "relation": index + 1,
                "source": numbered(&proposal.source),
                "target": numbered(&proposal.target),
                "directed": proposal.directed,
                "annotators": annotators,
            });
            match decision {
                RelationDecision::Open => entry["status"] = json!("open"),
                RelationDecision::Skipped { by, at } => {
                    entry["status"] = json!("skipped");
                    entry["by"] = json!(by);
                    entry["at"] = json!(at);
                }
                RelationDecision::Decided {
                    choice,
                    rule,
                    by,
                    at,
                    reason,
                    note,
                } => {
                    entry["reason"] = json!(reason);
                    entry["note"] = json!(note);
                    entry["status"] = json!("decided");
                    entry["choice"] = json!(match choice {
                        RelationChoice::Pick { annotator } =>
                            continuum.annotators[*annotator].name.clone(),
                        RelationChoice::Relabel { .. } => "relabel".to_string(),
                        RelationChoice::Reject => "none".to_string(),
                    });
                    entry["gold_label"] = json!(adjudication.relation_label(index, choice));
                    entry["rule"] = json!(rule);
                    entry["by"] = json!(by);
                    entry["at"] = json!(at);
                }
            }
            let lost: Vec<Value> = (adjudication.lost_endpoints(index).into_iter())
                .map(|l| json!({"alignment": l.alignment + 1, "rejected": l.rejected}))
                .collect();
            if !lost.is_empty() {
                entry["endpoints_without_gold_unit"] = json!(lost);
            }
            entry
        })
        .collect()
}

/// The report as CSV: one row per unitary alignment (`alignment, disorder, status, choice,
/// rule, by, at`, one column per annotator with its unit or `∅`, then the gold units, the
/// decision's reason and note), then one row per gold unit the adjudicator added (`alignment`
/// empty, `choice` = `added`). Every cell is neutralised for spreadsheets ([`crate::csv_cells`]).
pub(crate) fn report_csv(adjudication: &Adjudication) -> String {
    let continuum = adjudication.continuum();
    let mut writer = CsvTable::new();
    let mut header: Vec<String> = [
        "alignment",
        "disorder",
        "status",
        "choice",
        "rule",
        "by",
        "at",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(continuum.annotator_names());
    header.push(GOLD_NAME.into());
    header.extend(["reason".to_string(), "note".to_string()]);
    writer.row(&header);
    for (index, proposal) in adjudication.proposals().iter().enumerate() {
        let decision = &adjudication.decisions()[index];
        let (choice, rule, by, at) = choice_name(adjudication, decision);
        let mut row = vec![
            (index + 1).to_string(),
            format!("{:.6}", proposal.disorder),
            status_name(decision).to_string(),
            choice,
            rule,
            by,
            at,
        ];
        row.extend(
            proposal
                .slots
                .iter()
                .enumerate()
                .map(|(a, slot)| match slot {
                    Some(u) => describe(adjudication, Some(a), &continuum.annotators[a].units[*u]),
                    None => "∅".to_string(),
                }),
        );
        row.push(
            adjudication
                .gold_of(index)
                .iter()
                .map(|(_, g)| {
                    describe(adjudication, None, &g.unit) + if g.edited { " (edited)" } else { "" }
                })
                .collect::<Vec<_>>()
                .join("; "),
        );
        let rationale = adjudication.rationale(index);
        row.push(rationale.reason.unwrap_or_default());
        row.push(rationale.note.unwrap_or_default());
        writer.row(&row);
    }
    for (_, gold) in adjudication.gold() {
        if gold.proposal.is_none() {
            let mut row = vec![String::new(); 7 + continuum.n_annotators()];
            row[2] = "decided".into();
            row[3] = "added".into();
            row.push(describe(adjudication, None, &gold.unit));
            row.extend([String::new(), String::new()]);
            writer.row(&row);
        }
    }
    writer.finish()
}

/// Writes the report as JSON (`.json`) or CSV (any other extension), atomically.
pub fn write_report(
    adjudication: &Adjudication,
    path: &Path,
    inputs: &[PathBuf],
    overwrite_confirmed: bool,
) -> Result<(), FileError> {
    write_report_with_notes(adjudication, path, inputs, overwrite_confirmed, &[])
}

/// [`write_report`], with the notes of the gold export ([`write_whole_gold`]: content not
/// measured on which the annotators differ, relations and schemas kept out of the gold): in
/// JSON as `carried_notes`, in CSV one row each, `status` = `note`, the note in the gold column.
pub fn write_report_with_notes(
    adjudication: &Adjudication,
    path: &Path,
    inputs: &[PathBuf],
    overwrite_confirmed: bool,
    notes: &[String],
) -> Result<(), FileError> {
    check_not_input(path, inputs, overwrite_confirmed)?;
    let contents = report_contents(adjudication, notes, ReportKind::of(path));
    write_atomically(path, contents.as_bytes())
}

/// How a decision report is written, from its file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReportKind {
    /// `.json`: [`report_json`] with the notes as `carried_notes`.
    Json,
    /// Any other extension: [`report_csv`] with a row per note.
    Csv,
}

impl ReportKind {
    /// JSON for a `.json` path, CSV for any other.
    pub fn of(path: &Path) -> ReportKind {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            ReportKind::Json
        } else {
            ReportKind::Csv
        }
    }
}

/// The report of the decisions with the notes of the gold export, as [`write_report_with_notes`]
/// writes it.
pub(crate) fn report_contents(
    adjudication: &Adjudication,
    notes: &[String],
    kind: ReportKind,
) -> String {
    match kind {
        ReportKind::Json => {
            let mut report = report_json(adjudication);
            report["carried_notes"] = json!(notes);
            serde_json::to_string_pretty(&report).expect("JSON of plain values")
        }
        ReportKind::Csv => {
            let mut csv = report_csv(adjudication);
            let gold_column = 7 + adjudication.continuum().n_annotators();
            let mut writer = CsvTable::new();
            for note in notes {
                let mut row = vec![String::new(); gold_column + 3];
                row[2] = "note".into();
                row[gold_column] = note.clone();
                writer.row(&row);
            }
            csv.push_str(&writer.finish());
            csv
        }
    }
}

#[cfg(test)]
mod tests;
