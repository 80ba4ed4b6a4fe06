//! The lines of an `.ann` as they are written, for the whole gold ([`super::whole`]): what
//! each line is, the ids it names, and the line again with other ids.
//!
//! The file has been read by [`super::parse_ann`] first, which refuses lines that do not have
//! the shape of their kind; here every line is taken apart without judging it, and a line of
//! an unexpected shape (an attribute without the id it is attached to) is kept as it is.

use std::fmt::Write;

/// One line of an `.ann`.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Line {
    /// `T`: a text-bound annotation.
    Text {
        id: String,
        kind: String,
        /// The offsets as written (`START END[;START END…]`).
        offsets: String,
        /// The first start and the last end.
        span: (usize, usize),
        /// The covered text, as written.
        text: Option<String>,
    },
    /// `R`: a relation; `arguments` are (role, id).
    Relation {
        id: String,
        kind: String,
        arguments: Vec<(String, String)>,
    },
    /// `*`: an equivalence of its members.
    Equivalence { kind: String, members: Vec<String> },
    /// `E`: an event; `arguments` are (role, id).
    Event {
        id: String,
        kind: String,
        trigger: String,
        arguments: Vec<(String, String)>,
    },
    /// `A`, `M`, `N`, `#`: an attribute, normalisation or note attached to `target`; `rest`
    /// are the words after the target (an attribute's value, a normalisation's reference),
    /// `text` the third field (a note's text, a normalisation's name).
    Attached {
        id: String,
        kind: String,
        target: String,
        rest: Vec<String>,
        text: Option<String>,
    },
    /// A line of another shape, kept as it is.
    Other(String),
}

/// The lines of an `.ann` (`content`, already read by [`super::parse_ann`]), blank ones left
/// out.
pub(super) fn lines(content: &str) -> Vec<Line> {
    (crate::lines::text_lines(content))
        .filter(|l| !l.trim().is_empty())
        .map(line)
        .collect()
}

fn line(raw: &str) -> Line {
    let mut fields = raw.splitn(3, '\t');
    let id = fields.next().unwrap_or_default().trim().to_string();
    let spec = fields.next().unwrap_or_default();
    let text = fields.next().map(str::to_string);
    let mut words = spec.split_whitespace();
    let head = words.next().unwrap_or_default().to_string();
    let arguments = |words: std::str::SplitWhitespace<'_>| -> Option<Vec<(String, String)>> {
        words
            .map(|w| {
                w.split_once(':')
                    .map(|(r, i)| (r.to_string(), i.to_string()))
            })
            .collect()
    };
    let other = || Line::Other(raw.to_string());
    match id.chars().next() {
        Some('T') => {
            let offsets = spec.split_once(' ').map_or("", |(_, o)| o).to_string();
            let numbers = || {
                offsets
                    .split(';')
                    .filter_map(|f| f.split_once(' '))
                    .filter_map(|(s, e)| Some((s.trim().parse().ok()?, e.trim().parse().ok()?)))
            };
            let start = numbers().map(|(s, _): (usize, usize)| s).min();
            let end = numbers().map(|(_, e)| e).max();
            match (start, end) {
                (Some(start), Some(end)) => Line::Text {
                    id,
                    kind: head,
                    offsets,
                    span: (start, end),
                    text,
                },
                _ => other(),
            }
        }
        Some('R') => match arguments(words) {
            Some(arguments) => Line::Relation {
                id,
                kind: head,
                arguments,
            },
            None => other(),
        },
        Some('*') => Line::Equivalence {
            kind: head,
            members: words.map(str::to_string).collect(),
        },
        Some('E') => match (head.split_once(':'), arguments(words)) {
            (Some((kind, trigger)), Some(arguments)) => Line::Event {
                id,
                kind: kind.to_string(),
                trigger: trigger.to_string(),
                arguments,
            },
            _ => other(),
        },
        Some('A' | 'M' | 'N' | '#') => match words.next() {
            Some(target) => Line::Attached {
                id,
                kind: head,
                target: target.to_string(),
                rest: words.map(str::to_string).collect(),
                text,
            },
            None => other(),
        },
        _ => other(),
    }
}

impl Line {
    /// The line as the `.ann` writes it (without its line end).
    pub(super) fn written(&self) -> String {
        let mut out = String::new();
        let arguments = |out: &mut String, arguments: &[(String, String)]| {
            for (role, id) in arguments {
                let _ = write!(out, " {role}:{id}");
            }
        };
        match self {
            Line::Text {
                id,
                kind,
                offsets,
                text,
                ..
            } => {
                let _ = write!(out, "{id}\t{kind} {offsets}");
                if let Some(text) = text {
                    let _ = write!(out, "\t{text}");
                }
            }
            Line::Relation {
                id,
                kind,
                arguments: a,
            } => {
                let _ = write!(out, "{id}\t{kind}");
                arguments(&mut out, a);
            }
            Line::Equivalence { kind, members } => {
                let _ = write!(out, "*\t{kind} {}", members.join(" "));
            }
            Line::Event {
                id,
                kind,
                trigger,
                arguments: a,
            } => {
                let _ = write!(out, "{id}\t{kind}:{trigger}");
                arguments(&mut out, a);
            }
            Line::Attached {
                id,
                kind,
                target,
                rest,
                text,
            } => {
                let _ = write!(out, "{id}\t{kind} {target}");
                for word in rest {
                    let _ = write!(out, " {word}");
                }
                if let Some(text) = text {
                    let _ = write!(out, "\t{text}");
                }
            }
            Line::Other(raw) => out.push_str(raw),
        }
        out
    }

    /// The line's own id (equivalences and lines of other shapes have none).
    pub(super) fn id(&self) -> Option<&str> {
        match self {
            Line::Text { id, .. }
            | Line::Relation { id, .. }
            | Line::Event { id, .. }
            | Line::Attached { id, .. } => Some(id),
            Line::Equivalence { .. } | Line::Other(_) => None,
        }
    }

    /// What an attached line is, for people.
    pub(super) fn attached_what(&self) -> &'static str {
        match self.id().and_then(|id| id.chars().next()) {
            Some('N') => "normalisation",
            Some('#') => "note",
            _ => "attribute",
        }
    }
}

/// The largest number `n` of the ids `<letter><n>` among `lines` (0 when there is none).
pub(super) fn largest_number(lines: &[Line], letter: char) -> u64 {
    (lines.iter())
        .filter_map(|l| l.id()?.strip_prefix(letter)?.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of line is taken apart and written back as it was.
    #[test]
    fn lines_are_written_back_as_they_were() {
        let content = "T1\tOrganization 0 4\tSony\nT2\tOrganization 12 20;21 29\tColumbia Pictures\n\
                       R1\tOwns Arg1:T1 Arg2:T2\n*\tEquiv T1 T2\nE1\tMerge:T3 Org1:T1 Org2:T2\n\
                       A1\tNegation E1\nA2\tConfidence E1 L1\nM3\tNegated T1\n\
                       N1\tReference T1 Wikipedia:534366\tSony\n#1\tAnnotatorNotes T1\tsuspect\n\
                       A9\n";
        let lines = lines(content);
        let written: Vec<String> = lines.iter().map(Line::written).collect();
        assert_eq!(written.join("\n") + "\n", content);
        assert_eq!(
            lines[1],
            Line::Text {
                id: "T2".into(),
                kind: "Organization".into(),
                offsets: "12 20;21 29".into(),
                span: (12, 29),
                text: Some("Columbia Pictures".into()),
            }
        );
        assert_eq!(lines[10], Line::Other("A9".into()));
        assert_eq!(
            (lines.iter().map(Line::attached_what))
                .skip(5)
                .take(5)
                .collect::<Vec<_>>(),
            [
                "attribute",
                "attribute",
                "attribute",
                "normalisation",
                "note"
            ]
        );
        assert_eq!(largest_number(&lines, 'T'), 2);
        assert_eq!(largest_number(&lines, 'R'), 1);
    }
}
