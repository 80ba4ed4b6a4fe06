//! Examples for the guidelines: the unitary alignments where two confused categories meet,
//! each with every annotator's unit and the text around it, in the order of the documents and
//! of the text — what a guideline revision quotes ("*the Ministry* is ORG, not LOC").

use super::AlignmentId;
use crate::continuum::Continuum;
use crate::corpus::Corpus;
use crate::gamma::GammaResult;
use serde::Serialize;

/// How many characters of text an example shows on each side of its span.
pub const CONTEXT_CHARACTERS: usize = 60;

/// A stretch of text cut in three: what comes before, the span, what comes after (line breaks
/// as spaces).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Context {
    /// The text before the span (at most `width` characters, cut at a word when it can be).
    pub before: String,
    /// The span itself.
    pub span: String,
    /// The text after it.
    pub after: String,
}

/// The text of `continuum` seen by annotator `annotator` from `start` to `end` (positions in
/// characters), with `width` characters on each side; `None` without a text.
pub fn text_in_context(
    continuum: &Continuum,
    annotator: usize,
    start: f64,
    end: f64,
    width: usize,
) -> Option<Context> {
    let text = continuum.text_of(annotator)?;
    let chars: Vec<char> = text.chars().collect();
    let clamp = |x: f64| (x.max(0.0) as usize).min(chars.len());
    let (start, end) = (clamp(start), clamp(end.ceil()));
    let flat = |part: &[char]| -> String {
        part.iter()
            .map(|c| if c.is_whitespace() { ' ' } else { *c })
            .collect()
    };
    let mut from = start.saturating_sub(width);
    // Start at a word when the cut falls inside one.
    if from > 0
        && let Some(space) = chars[from..start].iter().position(|c| c.is_whitespace())
    {
        from += space + 1;
    }
    let mut to = (end + width).min(chars.len());
    if to < chars.len()
        && let Some(space) = chars[end..to].iter().rposition(|c| c.is_whitespace())
    {
        to = end + space;
    }
    let ellipsis = |cut: bool| if cut { "…" } else { "" };
    Some(Context {
        before: format!("{}{}", ellipsis(from > 0), flat(&chars[from..start])),
        span: flat(&chars[start..end]),
        after: format!("{}{}", flat(&chars[end..to]), ellipsis(to < chars.len())),
    })
}

/// One annotator's unit in an example.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExampleUnit {
    /// The annotator.
    pub annotator: String,
    /// The unit's category.
    pub category: String,
    /// Its start.
    pub start: f64,
    /// Its end.
    pub end: f64,
    /// The text it covers, when there is a text.
    pub text: Option<String>,
}

/// A unitary alignment where the two categories meet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Example {
    /// The alignment.
    pub id: AlignmentId,
    /// Its document's name.
    pub document: String,
    /// Its disorder δ.
    pub disorder: f64,
    /// Every annotator's unit there (the others have none).
    pub units: Vec<ExampleUnit>,
    /// The text from the first start to the last end, with its surroundings.
    pub context: Option<Context>,
}

/// The unitary alignments of `result` (the γ of `corpus`) that hold a unit of category `first`
/// and a unit of category `second` — or, with `second` `None`, a unit of `first` and an empty
/// slot (a unit of `first` some annotator has not). By document, then position.
pub fn examples(
    corpus: &Corpus,
    result: &GammaResult,
    first: &str,
    second: Option<&str>,
) -> Vec<Example> {
    let mut out = Vec::new();
    for (d, aligned) in result.documents.iter().enumerate() {
        let continuum = &corpus.documents[d];
        let problem = &aligned.problem;
        for (i, unitary) in aligned.alignment.unitary_alignments.iter().enumerate() {
            let units: Vec<(usize, &crate::unit::Unit)> = (unitary.members.iter())
                .map(|&g| {
                    let u = problem.units[g as usize];
                    let a = u.annotator as usize;
                    (a, &continuum.annotators[a].units[u.index as usize])
                })
                .collect();
            let has = |category: &str| units.iter().any(|(_, u)| u.category == category);
            let meets = match second {
                Some(second) if second == first => {
                    units.iter().filter(|(_, u)| u.category == first).count() >= 2
                }
                Some(second) => has(first) && has(second),
                None => has(first) && units.len() < problem.n_annotators,
            };
            if !meets {
                continue;
            }
            let start = units
                .iter()
                .map(|(_, u)| u.start)
                .fold(f64::INFINITY, f64::min);
            let end = (units.iter().map(|(_, u)| u.end)).fold(f64::NEG_INFINITY, f64::max);
            out.push(Example {
                id: AlignmentId {
                    document: d,
                    alignment: i,
                },
                document: continuum.name.clone(),
                disorder: unitary.disorder,
                units: (units.iter())
                    .map(|(a, u)| ExampleUnit {
                        annotator: continuum.annotators[*a].name.clone(),
                        category: u.category.clone(),
                        start: u.start,
                        end: u.end,
                        text: continuum.covered_text(*a, u),
                    })
                    .collect(),
                context: text_in_context(continuum, units[0].0, start, end, CONTEXT_CHARACTERS),
            });
        }
    }
    out
}
