//! The per-document table of a corpus as CSV, written by `gamma CORPUS --per-document
//! FILE.csv` and by the app's "Export the table…" alike: one row per document, its name,
//! annotators (separated by spaces), units, γ with its bootstrap 95 % confidence interval
//! (empty when none was asked for or none can be drawn) and, named apart, the precision interval
//! of the chance estimate (how precisely the random continua estimated D_e — not a confidence
//! interval of γ), D_o and D_e — or why it could not be measured. Every cell is neutralised for
//! spreadsheets ([`crate::csv_cells`]).

use crate::csv_cells::CsvTable;
use gamma_core::gamma::GammaResult;
use gamma_core::per_document::DocumentGamma;

/// The columns, in order.
pub const COLUMNS: [&str; 11] = [
    "document",
    "annotators",
    "n_units",
    "gamma",
    "ci95_low",
    "ci95_high",
    "chance_precision_low",
    "chance_precision_high",
    "observed_disorder",
    "expected_disorder",
    "error",
];

/// A document's figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    /// γ.
    pub gamma: f64,
    /// γ's bootstrap 95 % confidence interval (low, high), when one was drawn.
    pub confidence: Option<(f64, f64)>,
    /// The precision interval of the chance estimate (low, high).
    pub precision: (f64, f64),
    /// D_o, the disorder of the best alignment.
    pub observed_disorder: f64,
    /// D_e, the expected disorder.
    pub expected_disorder: f64,
}

impl Figures {
    /// The figures of a γ result, with its confidence interval if one was drawn.
    pub fn of(result: &GammaResult, confidence: Option<(f64, f64)>) -> Figures {
        Figures {
            gamma: result.gamma,
            confidence,
            precision: result.gamma_interval,
            observed_disorder: result.observed_disorder,
            expected_disorder: result.expected_disorder,
        }
    }
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    /// The document's name.
    pub document: &'a str,
    /// Its annotators, in the document's order.
    pub annotators: &'a [String],
    /// Its units, every annotator together.
    pub n_units: usize,
    /// The figures, or why the document could not be measured; `None` while it is being
    /// measured (the row's figures and error are empty).
    pub figures: Option<Result<Figures, &'a str>>,
}

/// The table of `rows`, in the order given.
pub fn to_csv(rows: &[Row<'_>]) -> String {
    let mut table = CsvTable::new();
    table.row(COLUMNS);
    for row in rows {
        let number = |x: Option<f64>| x.map(|x| x.to_string()).unwrap_or_default();
        let ok = row.figures.and_then(Result::ok);
        let error = row.figures.and_then(Result::err);
        table.row([
            row.document.to_string(),
            row.annotators.join(" "),
            row.n_units.to_string(),
            number(ok.map(|f| f.gamma)),
            number(ok.and_then(|f| f.confidence).map(|c| c.0)),
            number(ok.and_then(|f| f.confidence).map(|c| c.1)),
            number(ok.map(|f| f.precision.0)),
            number(ok.map(|f| f.precision.1)),
            number(ok.map(|f| f.observed_disorder)),
            number(ok.map(|f| f.expected_disorder)),
            error.unwrap_or_default().to_string(),
        ]);
    }
    table.finish()
}

/// The table of the core's per-document results, in the corpus's order; `confidence` gives a
/// document's bootstrap confidence interval when one is drawn.
pub fn of_results(
    rows: &[DocumentGamma],
    confidence: impl Fn(&GammaResult) -> Option<(f64, f64)>,
) -> String {
    let errors: Vec<Option<String>> = (rows.iter())
        .map(|r| r.result.as_ref().err().map(ToString::to_string))
        .collect();
    let rows: Vec<Row<'_>> = rows
        .iter()
        .zip(&errors)
        .map(|(r, error)| Row {
            document: &r.document,
            annotators: &r.annotators,
            n_units: r.n_units,
            figures: Some(match (&r.result, error) {
                (Ok(result), _) => Ok(Figures::of(result, confidence(result))),
                (Err(_), error) => Err(error.as_deref().unwrap_or_default()),
            }),
        })
        .collect();
    to_csv(&rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_neutralised_and_figures_written() {
        let names = ["=cmd".to_string(), "b".to_string()];
        let figures = Figures {
            gamma: -0.25,
            confidence: Some((-0.5, 0.0)),
            precision: (-0.3, -0.2),
            observed_disorder: 1.0,
            expected_disorder: 0.8,
        };
        let rows = [
            Row {
                document: "@doc",
                annotators: &names,
                n_units: 4,
                figures: Some(Ok(figures)),
            },
            Row {
                document: "d2",
                annotators: &names,
                n_units: 0,
                figures: Some(Err("-no unit")),
            },
            Row {
                document: "d3",
                annotators: &names,
                n_units: 1,
                figures: None,
            },
        ];
        assert_eq!(
            to_csv(&rows),
            "document,annotators,n_units,gamma,ci95_low,ci95_high,chance_precision_low,\
             chance_precision_high,observed_disorder,expected_disorder,error\n\
             '@doc,'=cmd b,4,-0.25,-0.5,0,-0.3,-0.2,1,0.8,\n\
             d2,'=cmd b,0,,,,,,,,'-no unit\n\
             d3,'=cmd b,1,,,,,,,,\n"
        );
    }
}
