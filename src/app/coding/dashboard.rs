//! A folder of coding tables seen as a whole, as a corpus's dashboard is: one row per table
//! ([`gamma_core::coding::CodingStudy::summary`]: items, coders, labels, missing ratings,
//! disagreements, the coefficients chosen) with how far its adjudication went, sorted by any
//! column, narrowed to the tables of a coder or with a label, written as CSV. A row opens its
//! study. The rows' figures come from a job (a change of coefficients measures them again).

use crate::app::AppState;
use gamma_core::coding::StudySummary;
use std::path::PathBuf;

/// A column of the dashboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Table,
    Items,
    Coders,
    Missing,
    Disagreements,
    /// The chosen coefficient of this index.
    Coefficient(usize),
    Decided,
}

impl Column {
    /// The header's words (`names`: the coefficients' names).
    pub fn title(self, names: &[String]) -> String {
        match self {
            Column::Table => "Table".into(),
            Column::Items => "Items".into(),
            Column::Coders => "Coders".into(),
            Column::Missing => "Missing".into(),
            Column::Disagreements => "Disagree".into(),
            Column::Coefficient(i) => names.get(i).cloned().unwrap_or_default(),
            Column::Decided => "Decided".into(),
        }
    }

    /// Every column, with `n` coefficients.
    pub fn all(n: usize) -> Vec<Column> {
        let mut columns = vec![
            Column::Table,
            Column::Items,
            Column::Coders,
            Column::Missing,
            Column::Disagreements,
        ];
        columns.extend((0..n).map(Column::Coefficient));
        columns.push(Column::Decided);
        columns
    }
}

/// One table of the folder.
#[derive(Debug, Clone)]
pub struct TableRow {
    pub path: PathBuf,
    /// The study read (its index among the room's studies), or why the table was not read;
    /// none while it is being read.
    pub read: Option<Result<usize, String>>,
    /// Its row of figures, once measured (with the coefficients of `Dashboard::names`).
    pub summary: Option<StudySummary>,
}

/// The dashboard of a folder of tables.
#[derive(Debug, Clone)]
pub struct Dashboard {
    pub folder: PathBuf,
    pub rows: Vec<TableRow>,
    /// The coefficients the summaries are of.
    pub names: Vec<String>,
    /// The column sorted by, ascending or not.
    pub sort: (Column, bool),
    pub coder_filter: Option<String>,
    pub category_filter: Option<String>,
}

impl Dashboard {
    /// The folder's tables, none read yet.
    pub fn new(folder: PathBuf, tables: Vec<PathBuf>) -> Dashboard {
        Dashboard {
            folder,
            rows: (tables.into_iter())
                .map(|path| TableRow {
                    path,
                    read: None,
                    summary: None,
                })
                .collect(),
            names: Vec::new(),
            sort: (Column::Table, true),
            coder_filter: None,
            category_filter: None,
        }
    }
}

/// A line of the dashboard as shown and sorted.
#[derive(Debug, Clone)]
pub struct Line {
    /// The row's index.
    pub row: usize,
    /// The study's index among the room's studies, once read.
    pub study: Option<usize>,
    pub name: String,
    pub summary: Option<StudySummary>,
    /// Decided items of all, once adjudication began.
    pub decided: Option<(usize, usize)>,
    /// Why the table could not be read.
    pub problem: Option<String>,
}

impl Line {
    /// The value of coefficient `i`, when defined.
    pub fn value(&self, i: usize) -> Option<f64> {
        let (_, value) = self.summary.as_ref()?.values.get(i)?;
        value.as_ref().ok().copied()
    }

    /// The text of `column`'s cell.
    pub fn cell(&self, column: Column) -> String {
        let summary = self.summary.as_ref();
        let count =
            |f: fn(&StudySummary) -> usize| summary.map_or("…".into(), |s| f(s).to_string());
        match column {
            Column::Table => self.name.clone(),
            Column::Items => count(|s| s.items),
            Column::Coders => count(|s| s.coders),
            Column::Missing => summary.map_or("…".into(), |s| {
                format!("{:.1} %", 100.0 * s.missing_share)
            }),
            Column::Disagreements => count(|s| s.disagreements),
            Column::Coefficient(i) => match summary.and_then(|s| s.values.get(i)) {
                Some((_, Ok(value))) => format!("{value:.3}"),
                Some((_, Err(_))) => "undefined".into(),
                None if self.problem.is_some() => String::new(),
                None => "…".into(),
            },
            Column::Decided => match (self.decided, &self.problem) {
                (_, Some(problem)) => problem.clone(),
                (Some((decided, total)), _) => format!("{decided} / {total}"),
                (None, _) => String::new(),
            },
        }
    }

    /// `self` before `other` in `column`'s ascending order (what is not known yet last).
    fn compare(&self, other: &Line, column: Column) -> std::cmp::Ordering {
        let number = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => a.total_cmp(&b),
            (a, b) => b.is_some().cmp(&a.is_some()),
        };
        let count = |f: fn(&StudySummary) -> usize| {
            number(
                self.summary.as_ref().map(|s| f(s) as f64),
                other.summary.as_ref().map(|s| f(s) as f64),
            )
        };
        match column {
            Column::Table => self.name.cmp(&other.name),
            Column::Items => count(|s| s.items),
            Column::Coders => count(|s| s.coders),
            Column::Missing => number(
                self.summary.as_ref().map(|s| s.missing_share),
                other.summary.as_ref().map(|s| s.missing_share),
            ),
            Column::Disagreements => count(|s| s.disagreements),
            Column::Coefficient(i) => number(self.value(i), other.value(i)),
            Column::Decided => self.decided.cmp(&other.decided),
        }
    }
}

impl AppState {
    /// The dashboard's lines passing its filters, in the order chosen.
    pub fn coding_lines(&self) -> Vec<Line> {
        let Some(dashboard) = &self.coding.dashboard else {
            return Vec::new();
        };
        let studies = &self.coding.studies;
        let mut lines: Vec<Line> = (dashboard.rows.iter().enumerate())
            .map(|(row, table)| {
                let study = table.read.as_ref().and_then(|r| r.as_ref().ok()).copied();
                let open = study.and_then(|s| studies.get(s));
                let started = open.filter(|s| s.adjudication.progress().decided > 0);
                Line {
                    row,
                    study,
                    name: (table.path.file_name())
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                    summary: table.summary.clone(),
                    decided: started.map(|s| s.progress()),
                    problem: table.read.as_ref().and_then(|r| r.as_ref().err()).cloned(),
                }
            })
            .filter(|line| {
                let study = line.study.and_then(|s| studies.get(s));
                let coder = (dashboard.coder_filter.as_ref())
                    .is_none_or(|c| study.is_some_and(|s| s.study.coders.contains(c)));
                let category = (dashboard.category_filter.as_ref())
                    .is_none_or(|c| study.is_some_and(|s| s.study.categories().contains(c)));
                coder && category
            })
            .collect();
        let (column, ascending) = dashboard.sort;
        lines.sort_by(|a, b| {
            let order = a.compare(b, column).then(a.row.cmp(&b.row));
            if ascending { order } else { order.reverse() }
        });
        lines
    }

    /// The dashboard's lines as the rows of its CSV (a header first).
    pub fn coding_table_rows(&self, lines: &[Line]) -> Vec<Vec<String>> {
        let names = (self.coding.dashboard.as_ref()).map_or(&[][..], |d| &d.names[..]);
        let mut header: Vec<String> = ["table", "items", "coders", "labels", "ratings"]
            .map(String::from)
            .to_vec();
        header.extend(["missing_share", "disagreements"].map(String::from));
        header.extend(names.iter().cloned());
        header.extend(["decided", "problem"].map(String::from));
        let mut rows = vec![header];
        for line in lines {
            let mut row = vec![line.name.clone()];
            match &line.summary {
                Some(s) => {
                    row.extend([s.items, s.coders, s.categories, s.ratings].map(|n| n.to_string()));
                    row.push(format!("{:.6}", s.missing_share));
                    row.push(s.disagreements.to_string());
                    row.extend(
                        (0..names.len())
                            .map(|i| line.value(i).map_or(String::new(), |v| format!("{v:.6}"))),
                    );
                }
                None => row.extend(std::iter::repeat_n(String::new(), 6 + names.len())),
            }
            row.push(line.decided.map_or(String::new(), |(d, _)| d.to_string()));
            row.push(line.problem.clone().unwrap_or_default());
            rows.push(row);
        }
        rows
    }
}
