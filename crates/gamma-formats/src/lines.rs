//! Lines as the line-based readers (RTTM, brat) read them — every line end alike — and line
//! numbers of byte offsets, for error messages: the newlines of a text are found once, so
//! that naming the line of every record or element costs a binary search, not a rescan of the
//! file (which made reading quadratic in its size).

/// The lines of a text as every line-based reader reads them: a leading byte-order mark
/// (U+FEFF) dropped, and a line ending at LF, CR LF or a lone CR (classic Mac OS files), so
/// that no line end makes lines run together. As [`str::lines`], a final line end does not
/// start an empty line.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
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

/// Where the lines of a text start.
#[derive(Debug, Clone)]
pub struct LineIndex {
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
    pub fn start_of(&self, line: u64) -> Option<usize> {
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
    use super::{LineIndex, text_lines};

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
