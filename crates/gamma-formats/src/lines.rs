//! Lines as the line-based readers (RTTM, brat) read them — every line end alike — and line
//! numbers of byte offsets, for error messages: the newlines of a text are found once, so
//! that naming the line of every record or element costs a binary search, not a rescan of the
//! file (which made reading quadratic in its size).

/// The lines of a text as every line-based reader reads them: a leading byte-order mark
/// (U+FEFF) dropped, and a line ending at LF, CR LF or a lone CR (classic Mac OS files), so
/// that no line end makes lines run together. As [`str::lines`], a final line end does not
/// start an empty line.
pub(crate) fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text.strip_prefix('\u{feff}').unwrap_or(text));
    std::iter::from_fn(move || {
        let current = rest.filter(|r| !r.is_empty())?;
        match current.find(['\r', '\n']) {
            Some(at) => {
                let after = if current[at..].starts_with("\r\n") {
                    at + 2
                } else {
                    at + 1
                };
                rest = Some(&current[after..]);
                Some(&current[..at])
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// The longest line a line-based reader (CSV, RTTM, brat, WebAnno TSV 3) reads: 16 MiB. An
/// annotation line is a few hundred bytes (a sentence in TSV 3, some covered text in brat); a
/// longer one is a damaged or hostile file, whose fields (a line of 200 MB of commas is 200
/// million fields) would take many times its size in memory.
pub(crate) const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// An error naming the first line of `text` longer than [`MAX_LINE_BYTES`] (lines end at LF,
/// CR LF or a lone CR, as [`text_lines`] reads them), with its length and the limit.
pub(crate) fn refuse_long_lines(
    text: &str,
    path: &std::path::Path,
) -> Result<(), super::FileError> {
    if text.len() <= MAX_LINE_BYTES {
        return Ok(());
    }
    let (mut line, mut start) = (1u64, 0usize);
    let bytes = text.as_bytes();
    for at in (0..bytes.len()).chain([bytes.len()]) {
        let end = at == bytes.len() || bytes[at] == b'\n' || bytes[at] == b'\r';
        if !end {
            continue;
        }
        if at - start > MAX_LINE_BYTES {
            return Err(super::FileError::new(
                path,
                Some(line),
                format!(
                    "this line is {} bytes long; the limit is {} bytes (16 MiB) per line: the file is damaged, or not of this format",
                    at - start,
                    MAX_LINE_BYTES
                ),
            ));
        }
        // CR LF is one line end.
        if !(at < bytes.len() && bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n')) {
            line += 1;
        }
        start = at + 1;
    }
    Ok(())
}

/// Where the lines of a text start.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    /// Byte offset of every `\n`, in order.
    newlines: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text` (one pass).
    pub fn new(text: &str) -> LineIndex {
        LineIndex {
            newlines: text
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(at, _)| at)
                .collect(),
        }
    }

    /// The line (from 1) holding byte `byte`; past the end, the last line.
    pub fn line_of(&self, byte: u64) -> u64 {
        let byte = usize::try_from(byte).unwrap_or(usize::MAX);
        self.newlines.partition_point(|&newline| newline < byte) as u64 + 1
    }

    /// The byte where line `line` (from 1) starts, if the text has that line.
    #[cfg(test)]
    fn start_of(&self, line: u64) -> Option<usize> {
        match line {
            0 => None,
            1 => Some(0),
            n => self
                .newlines
                .get(usize::try_from(n - 2).ok()?)
                .map(|newline| newline + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LineIndex, MAX_LINE_BYTES, refuse_long_lines, text_lines};
    use std::path::Path;

    #[test]
    fn a_line_past_the_limit_is_refused_naming_it_whatever_the_line_ends() {
        let long = ",".repeat(MAX_LINE_BYTES + 1);
        for end in ["\n", "\r\n", "\r"] {
            let text = format!("a,X,0,5{end}b,X,0,5{end}{long}{end}c,X,0,5{end}");
            let error = refuse_long_lines(&text, Path::new("long.csv")).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "long.csv: line 3: this line is {} bytes long; the limit is 16777216 bytes (16 MiB) per line: the file is damaged, or not of this format",
                    MAX_LINE_BYTES + 1
                ),
                "{end:?}"
            );
        }
        let at_limit = format!("a\n{}\r\nb", ",".repeat(MAX_LINE_BYTES));
        assert!(refuse_long_lines(&at_limit, Path::new("ok.csv")).is_ok());
        let last = format!("a\r\n{}", "x".repeat(MAX_LINE_BYTES + 5));
        assert_eq!(
            refuse_long_lines(&last, Path::new("l.tsv"))
                .unwrap_err()
                .line,
            Some(2)
        );
    }

    #[test]
    fn every_line_end_and_a_byte_order_mark_read_the_same_lines() {
        let expected = ["a b", "", "c"];
        for text in [
            "a b\n\nc\n",
            "a b\r\n\r\nc\r\n",
            "a b\r\rc\r",
            "a b\r\n\nc",
            "\u{feff}a b\r\rc",
            "\u{feff}a b\n\r\nc\n",
        ] {
            assert_eq!(text_lines(text).collect::<Vec<_>>(), expected, "{text:?}");
        }
        assert_eq!(text_lines("").count(), 0);
        assert_eq!(text_lines("\u{feff}").count(), 0);
        assert_eq!(text_lines("x\n\n").collect::<Vec<_>>(), ["x", ""]);
    }

    #[test]
    fn lines_are_counted_from_one_at_every_offset() {
        let text = "ab\n\ncd\ne";
        let index = LineIndex::new(text);
        let naive = |byte: usize| {
            text.as_bytes()[..byte]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1
        };
        for byte in 0..=text.len() {
            assert_eq!(
                index.line_of(byte as u64),
                naive(byte) as u64,
                "byte {byte}"
            );
        }
        assert_eq!(index.line_of(u64::MAX), 4);
        assert_eq!(index.start_of(1), Some(0));
        assert_eq!(index.start_of(3), Some(4));
        assert_eq!(index.start_of(4), Some(7));
        assert_eq!(index.start_of(5), None);
        assert_eq!(index.start_of(0), None);
    }
}
