//! Writing WebAnno TSV 3: one span layer with one feature, tokens cut so that every unit is a
//! run of whole tokens, offsets in UTF-16 code units.

use crate::io::{FileError, write_atomically};
use crate::unit::Unit;
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

/// A value escaped for a cell.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '[' | ']' | '|' | '_' | '-' | '>' | '*' | ';' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// Text escaped for a `#Text=` line.
fn escape_text(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\r', "\\r")
}

/// A TSV 3 file of `units` over `text` in one span layer `layer` whose feature `feature` is the
/// category. Sentences are the text's lines; tokens are the runs of non-space characters, also
/// cut at every unit boundary so that every unit is a run of whole tokens. Offsets are UTF-16.
pub fn to_tsv3(text: &str, units: &[Unit], layer: &str, feature: &str) -> Result<String, String> {
    let chars: Vec<char> = text.chars().collect();
    let length = chars.len();
    let mut cuts = vec![false; length + 1];
    for unit in units {
        if unit.start.fract() != 0.0
            || unit.end.fract() != 0.0
            || unit.start < 0.0
            || unit.end > length as f64
        {
            return Err(format!(
                "unit {unit} is not a character span of the {length}-character text"
            ));
        }
        cuts[unit.start as usize] = true;
        cuts[unit.end as usize] = true;
    }
    // Tokens: (start, end) in characters, grouped by line.
    let mut sentences: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut current: Vec<(usize, usize)> = Vec::new();
    let mut token_start: Option<usize> = None;
    for (i, &c) in chars.iter().chain(std::iter::once(&'\n')).enumerate() {
        if let Some(start) = token_start
            && (c.is_whitespace() || cuts[i])
        {
            current.push((start, i));
            token_start = None;
        }
        if c == '\n' && !current.is_empty() {
            sentences.push(std::mem::take(&mut current));
        }
        if !c.is_whitespace() && token_start.is_none() {
            token_start = Some(i);
        }
    }
    let utf16_before: Vec<usize> = std::iter::once(0)
        .chain(chars.iter().scan(0, |sum, c| {
            *sum += c.len_utf16();
            Some(*sum)
        }))
        .collect();
    let tokens_of = |unit: &Unit| -> Vec<(usize, usize)> {
        sentences
            .iter()
            .enumerate()
            .flat_map(|(s, tokens)| {
                tokens
                    .iter()
                    .enumerate()
                    .map(move |(t, span)| (s, t, *span))
            })
            .filter(|(_, _, (a, b))| *a >= unit.start as usize && *b <= unit.end as usize)
            .map(|(s, t, _)| (s, t))
            .collect()
    };
    let mut cells: HashMap<(usize, usize), Vec<String>> = HashMap::new();
    let mut covered: Vec<Vec<(usize, usize)>> = Vec::new();
    for unit in units {
        let tokens = tokens_of(unit);
        if tokens.is_empty() {
            return Err(format!(
                "unit {unit} covers only spaces: TSV 3 needs a token"
            ));
        }
        for token in &tokens {
            cells.entry(*token).or_default();
        }
        covered.push(tokens);
    }
    for (index, (unit, tokens)) in units.iter().zip(&covered).enumerate() {
        let stacked = tokens
            .iter()
            .any(|t| covered.iter().filter(|c| c.contains(t)).count() > 1);
        let value = if unit.category == "*" {
            "*".to_string()
        } else {
            escape(&unit.category)
        };
        let entry = if tokens.len() > 1 || stacked {
            format!("{value}[{}]", index + 1)
        } else {
            value
        };
        for token in tokens {
            cells
                .get_mut(token)
                .expect("made above")
                .push(entry.clone());
        }
    }
    let mut out = format!("#FORMAT=WebAnno TSV 3.3\n#T_SP={layer}|{feature}\n\n");
    for (s, tokens) in sentences.iter().enumerate() {
        let (first, last) = (tokens[0].0, tokens[tokens.len() - 1].1);
        let line_text: String = chars[first..last].iter().collect();
        let _ = write!(out, "\n#Text={}\n", escape_text(&line_text));
        for (t, &(a, b)) in tokens.iter().enumerate() {
            let token: String = chars[a..b].iter().collect();
            let cell = match cells.get(&(s, t)) {
                Some(entries) if !entries.is_empty() => entries.join("|"),
                _ => "_".to_string(),
            };
            let _ = writeln!(
                out,
                "{}-{}\t{}-{}\t{}\t{cell}\t",
                s + 1,
                t + 1,
                utf16_before[a],
                utf16_before[b],
                escape(&token)
            );
        }
    }
    Ok(out)
}

/// Writes `units` over `text` as a TSV 3 file (see [`to_tsv3`]).
pub fn write(
    path: &Path,
    text: &str,
    units: &[Unit],
    layer: &str,
    feature: &str,
) -> Result<(), FileError> {
    let contents =
        to_tsv3(text, units, layer, feature).map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, contents.as_bytes())
}
