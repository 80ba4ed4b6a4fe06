//! Text made safe to print: names read from files (annotators, categories, documents, paths)
//! never reach a terminal or a Markdown table as control characters.
//!
//! A name holding ESC sequences could retitle the window or clear the screen; a line feed or a
//! carriage return would break a table or forge a line; Unicode's bidirectional controls
//! (U+202A–U+202E, U+2066–U+2069) reorder what is shown. Each is written as an escape instead:
//! `\n`, `\r`, `\t`, and `\u{1b}` (the code point in hexadecimal) for the others — every
//! C0 and C1 control character, DEL and the bidirectional controls.
//!
//! [`name`] escapes all of them (a name inside a line); [`lines`] keeps the line feeds and tabs
//! of text laid out by this program and escapes the rest (what reaches the terminal, whatever a
//! line holds); [`json`] escapes the characters JSON leaves raw (DEL, C1, bidirectional) as
//! `\uXXXX`, which keeps the JSON the same value.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` must not reach a terminal as it is.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character `keep` does not keep and [`is_unsafe`] says escaped.
fn escaped(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) && !keep(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if keep(c) || !is_unsafe(c) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    Cow::Owned(out)
}

/// A name as it may be printed inside a line: every control character escaped.
pub fn name(text: &str) -> Cow<'_, str> {
    escaped(text, |_| false)
}

/// Text laid out by this program (lines, tabs) as it may reach a terminal: every control
/// character but the line feed and the tab escaped.
pub fn lines(text: &str) -> Cow<'_, str> {
    escaped(text, |c| matches!(c, '\n' | '\t'))
}

/// JSON as it may reach a terminal: DEL, the C1 controls and the bidirectional controls (which
/// JSON writers leave raw, and which can only be inside strings) written as `\uXXXX`.
pub fn json(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) && c >= '\u{7f}') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) && c >= '\u{7f}' {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `println!` through [`lines`]: nothing this program prints on the standard output reaches
/// the terminal as a control character but its own line feeds and tabs.
macro_rules! say {
    ($($arg:tt)*) => {
        println!("{}", $crate::printable::lines(&format!($($arg)*)))
    };
}

/// `eprintln!` through [`lines`].
macro_rules! tell {
    ($($arg:tt)*) => {
        eprintln!("{}", $crate::printable::lines(&format!($($arg)*)))
    };
}

pub(crate) use {say, tell};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        let hostile = "a\u{1b}]0;owned\u{7}b\nc\rd\te\u{202e}f\u{9b}g é";
        assert_eq!(
            name(hostile),
            "a\\u{1b}]0;owned\\u{7}b\\nc\\rd\\te\\u{202e}f\\u{9b}g é"
        );
        assert_eq!(
            lines(hostile),
            "a\\u{1b}]0;owned\\u{7}b\nc\\rd\te\\u{202e}f\\u{9b}g é"
        );
        assert!(matches!(name("plain é"), Cow::Borrowed(_)));
        let value = serde_json::json!({ "name": hostile });
        let text = serde_json::to_string(&value).unwrap();
        let safe = json(&text);
        assert!(!safe.chars().any(is_unsafe), "{safe}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&safe).unwrap(),
            value
        );
    }
}
