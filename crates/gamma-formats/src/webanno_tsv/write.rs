//! Writing WebAnno TSV 3: one span layer, the category and every other feature of the units a
//! column, tokens cut so that every unit is a run of whole tokens, offsets in UTF-16 code units.
//! The tokenisation and the feature names are shared with the XMI writer.

use super::escape;
use super::relation_columns::{RelationLayer, relation_columns};
use crate::{FileError, Unwritable, write_atomically};
use gamma_core::relation::Relation;
use gamma_core::unit::Unit;
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

/// Features every span annotation has: a feature of these names gets another.
pub(super) const RESERVED: [&str; 3] = ["begin", "end", "sofa"];

/// Text escaped for a `#Text=` line.
pub(super) fn escape_text(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\r', "\\r")
}

/// Checks that every unit is a character span of a text of `length` characters and marks its
/// boundaries: `cuts[i]` is true where a unit starts or ends at character `i`.
pub(crate) fn unit_boundaries(units: &[Unit], length: usize) -> Result<Vec<bool>, Unwritable> {
    let mut cuts = vec![false; length + 1];
    for unit in units {
        if unit.start.fract() != 0.0
            || unit.end.fract() != 0.0
            || unit.start < 0.0
            || unit.start > unit.end
            || unit.end > length as f64
        {
            return Err(Unwritable::NotACharacterSpan {
                unit: Box::new(unit.clone()),
                length,
            });
        }
        cuts[unit.start as usize] = true;
        cuts[unit.end as usize] = true;
    }
    Ok(cuts)
}

/// Sentences and tokens of a text as character spans: sentences are the text's lines, tokens
/// the runs of non-space characters, also cut wherever `cuts` is true (see
/// [`unit_boundaries`]) so that every unit is a run of whole tokens.
pub(crate) fn sentences(chars: &[char], cuts: &[bool]) -> Vec<Vec<(usize, usize)>> {
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
    sentences
}

/// For each character offset of `chars` (and the end), the UTF-16 offset.
pub(crate) fn utf16_offsets(chars: &[char]) -> Vec<usize> {
    std::iter::once(0)
        .chain(chars.iter().scan(0, |sum, c| {
            *sum += c.len_utf16();
            Some(*sum)
        }))
        .collect()
}

/// A name usable as a UIMA feature (a Java identifier; TSV 3 headers and XMI attributes hold
/// nothing else): other characters become `_`, and a name that starts with a digit, is empty,
/// is one of `reserved` or would read as a TSV 3 slot role (`ROLE_`) gets an `f_` in front.
pub(crate) fn feature_name(name: &str, reserved: &[&str]) -> String {
    let mut out = identifier_characters(name);
    if out.is_empty()
        || out.starts_with(|c: char| c.is_ascii_digit())
        || out.starts_with("ROLE_")
        || out.to_ascii_lowercase().starts_with("xml")
        || reserved.contains(&out.as_str())
    {
        out.insert_str(0, "f_");
    }
    out
}

/// `name` with every character other than ASCII letters, digits and `_` made `_`: what
/// INCEpTION allows in layer and feature names, and XML and Java too.
pub(crate) fn identifier_characters(name: &str) -> String {
    (name.chars())
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The features a layer gets when writing `units` whose category is the feature `category`
/// (none when empty): `(written name, feature key of the units)`, in name order (as INCEpTION
/// writes them); the key is `None` for the category. Names are made valid with
/// [`feature_name`]; of two features that end up with one name, the second gets `_2`, … .
pub(crate) fn layer_features(
    units: &[Unit],
    category: &str,
    reserved: &[&str],
) -> Vec<(String, Option<String>)> {
    let mut keys: Vec<&String> = Vec::new();
    for unit in units {
        for key in unit.features.keys() {
            if key != category && !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    keys.sort();
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    if !category.is_empty() {
        out.push((feature_name(category, reserved), None));
    }
    for key in keys {
        let base = feature_name(key, reserved);
        let mut name = base.clone();
        let mut n = 1;
        while out.iter().any(|(taken, _)| *taken == name) {
            n += 1;
            name = format!("{base}_{n}");
        }
        out.push((name, Some(key.clone())));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A TSV 3 file of `units` over `text` in one span layer `layer` whose feature `feature` is the
/// category; the units' other features are columns of their own (in name order, as INCEpTION
/// writes them; names made valid UIMA feature names), `*` where a unit has no value. Sentences
/// are the text's lines; tokens are the runs of non-space characters, also cut at every unit
/// boundary so that every unit is a run of whole tokens. Offsets are UTF-16.
pub fn to_tsv3(
    text: &str,
    units: &[Unit],
    layer: &str,
    feature: &str,
) -> Result<String, Unwritable> {
    to_tsv3_with_relations(text, units, &[], layer, feature, &[]).map(|(tsv, _)| tsv)
}

/// The tokens of a text and where the units lie on them.
struct Layout {
    /// Each sentence's tokens, as character spans.
    sentences: Vec<Vec<(usize, usize)>>,
    /// The units on each (sentence, token), in order.
    on_token: HashMap<(usize, usize), Vec<usize>>,
    /// Each unit's (sentence, token)s.
    covered: Vec<Vec<(usize, usize)>>,
    /// Whether each unit has an `[id]`: it spans several tokens or shares one.
    linked: Vec<bool>,
}

fn layout(chars: &[char], units: &[Unit]) -> Result<Layout, Unwritable> {
    let cuts = unit_boundaries(units, chars.len())?;
    let sentences = sentences(chars, &cuts);
    // Every token (sentence, token, span), in text order: a unit's tokens are a run of them.
    let all_tokens: Vec<(usize, usize, (usize, usize))> = sentences
        .iter()
        .enumerate()
        .flat_map(|(s, tokens)| {
            tokens
                .iter()
                .enumerate()
                .map(move |(t, span)| (s, t, *span))
        })
        .collect();
    let tokens_of = |unit: &Unit| -> Vec<(usize, usize)> {
        let (start, end) = (unit.start as usize, unit.end as usize);
        let first = all_tokens.partition_point(|(_, _, (a, _))| *a < start);
        all_tokens[first..]
            .iter()
            .take_while(|(_, _, (_, b))| *b <= end)
            .map(|(s, t, _)| (*s, *t))
            .collect()
    };
    let mut on_token: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    let mut covered: Vec<Vec<(usize, usize)>> = Vec::new();
    for (index, unit) in units.iter().enumerate() {
        let tokens = tokens_of(unit);
        if tokens.is_empty() {
            return Err(Unwritable::NoTsv3Token {
                unit: Box::new(unit.clone()),
            });
        }
        for token in &tokens {
            on_token.entry(*token).or_default().push(index);
        }
        covered.push(tokens);
    }
    let linked: Vec<bool> = covered
        .iter()
        .map(|tokens| tokens.len() > 1 || tokens.iter().any(|t| on_token[t].len() > 1))
        .collect();
    Ok(Layout {
        sentences,
        on_token,
        covered,
        linked,
    })
}

/// Where each unit lies once written (and read back): from the start of its first token to
/// the end of its last — a unit's bounds move in from the spaces at its ends.
pub(crate) fn written_spans(
    text: &str,
    units: &[Unit],
) -> Result<Vec<(usize, usize)>, crate::Unwritable> {
    let chars: Vec<char> = text.chars().collect();
    let layout = layout(&chars, units)?;
    let span = |(s, t): (usize, usize)| layout.sentences[s][t];
    Ok((layout.covered.iter())
        .map(|tokens| (span(tokens[0]).0, span(tokens[tokens.len() - 1]).1))
        .collect())
}

/// [`to_tsv3`] with the `relations` between the units (endpoints named by the units' ids) in
/// the relation layers `relation_layers` over the span layer (see the `relation_columns` module;
/// the default relation layer when none is given and there are relations). Returns the file and
/// how many relations could not be written (an endpoint is a group or no unit of `units`).
pub(crate) fn to_tsv3_with_relations(
    text: &str,
    units: &[Unit],
    relations: &[Relation],
    layer: &str,
    feature: &str,
    relation_layers: &[RelationLayer],
) -> Result<(String, usize), Unwritable> {
    let chars: Vec<char> = text.chars().collect();
    let Layout {
        sentences,
        on_token,
        covered,
        linked,
    } = layout(&chars, units)?;
    let utf16_before = utf16_offsets(&chars);
    let columns = layer_features(units, feature, &RESERVED);
    let related = relation_columns(relations, units, &covered, &linked, layer, relation_layers);
    let entry = |index: usize, key: &Option<String>| -> String {
        let unit = &units[index];
        let value = match key {
            None if unit.category == "*" => "*".to_string(),
            None => escape(&unit.category),
            Some(key) => unit
                .features
                .get(key)
                .map_or_else(|| "*".to_string(), |v| escape(v)),
        };
        if linked[index] {
            format!("{value}[{}]", index + 1)
        } else {
            value
        }
    };
    let header: Vec<&str> = columns.iter().map(|(name, _)| name.as_str()).collect();
    // A layer without features is declared `type|`, as INCEpTION writes it.
    let mut out = format!(
        "#FORMAT=WebAnno TSV 3.3\n#T_SP={layer}|{}\n",
        header.join("|")
    );
    for line in &related.header {
        let _ = writeln!(out, "{line}");
    }
    out.push('\n');
    // A layer without features still has one (empty) column.
    let keys: Vec<&Option<String>> = if columns.is_empty() {
        vec![&None]
    } else {
        columns.iter().map(|(_, key)| key).collect()
    };
    for (s, tokens) in sentences.iter().enumerate() {
        let (first, last) = (tokens[0].0, tokens[tokens.len() - 1].1);
        let line_text: String = chars[first..last].iter().collect();
        let _ = write!(out, "\n#Text={}\n", escape_text(&line_text));
        for (t, &(a, b)) in tokens.iter().enumerate() {
            let token: String = chars[a..b].iter().collect();
            let _ = write!(
                out,
                "{}-{}\t{}-{}\t{}\t",
                s + 1,
                t + 1,
                utf16_before[a],
                utf16_before[b],
                escape(&token)
            );
            let here = on_token.get(&(s, t)).map_or(&[][..], Vec::as_slice);
            for key in &keys {
                let cell = if here.is_empty() {
                    "_".to_string()
                } else if columns.is_empty() {
                    let ids: Vec<String> = (here.iter())
                        .map(|&i| match linked[i] {
                            true => format!("*[{}]", i + 1),
                            false => "*".into(),
                        })
                        .collect();
                    ids.join("|")
                } else {
                    let entries: Vec<String> = here.iter().map(|&i| entry(i, key)).collect();
                    entries.join("|")
                };
                let _ = write!(out, "{cell}\t");
            }
            for cell in related.cells((s, t)) {
                let _ = write!(out, "{cell}\t");
            }
            out.push('\n');
        }
    }
    Ok((out, related.left_out))
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
