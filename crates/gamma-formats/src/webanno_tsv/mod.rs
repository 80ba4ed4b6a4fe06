//! WebAnno / INCEpTION TSV 3 (`#FORMAT=WebAnno TSV 3.x`): one file per annotator of a document.
//!
//! The header declares the layers (`#T_SP=` span, `#T_RL=` relation, `#T_CH=` chain), each
//! with its features; every feature is one tab-separated column of the token lines, in header
//! order. A token line is `sentence-token<TAB>begin-end<TAB>text<TAB>columns…`; sub-token lines
//! (`1-2.1`) carry annotations that start or end inside a token. A cell is `_` (nothing), or
//! stacked annotations separated by `|`, each a value with an optional `[id]` that joins the
//! lines of one multi-token (even cross-sentence) annotation; `*` is an annotation without a
//! value. Values escape `\ [ ] | _ - > * ; \t \n \r` with a backslash.
//!
//! Offsets are UTF-16 code units (INCEpTION is Java): they are converted to characters through
//! the document text, which is rebuilt from the `#Text=` lines at the offsets of their tokens
//! (what lies between two sentences is not in the file: spaces ending in a line break). A token
//! whose offsets cut a character's surrogate pair is refused at its line (the offsets were not
//! counted in UTF-16, and every later unit would be misplaced).
//! Units are the annotations of one span layer, each with an id: its `[id]`, or the address of
//! its token (`1-3`) when it has none (a single-token annotation that is not stacked). The
//! relation layers over that span layer give the annotators' relations (the `relations` module says
//! how); chain columns are read only so that the columns after them stay aligned.

use super::layer_choice;
pub use super::layer_choice::LayerChoice;
use super::{FileError, Warning, WarningKind};
use gamma_core::unit::Unit;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

mod codec;
mod layered;
mod relation_columns;
mod relations;
mod whole;
mod write;
pub use codec::TSV3;
pub(crate) use codec::span_file;
pub(crate) use relation_columns::RelationLayer;
pub use relations::RelationAnnotation;
pub(crate) use whole::whole_gold;
pub(crate) use write::{
    feature_name, identifier_characters, layer_features, sentences, to_tsv3_with_relations,
    unit_boundaries, utf16_offsets, written_spans,
};
pub use write::{to_tsv3, write};

/// The kind of a layer declared in the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerKind {
    /// `#T_SP=`: spans, the units.
    Span,
    /// `#T_RL=`: relations between spans.
    Relation,
    /// `#T_CH=`: coreference chains (skipped).
    Chain,
}

/// A layer of the header with its columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// What kind of layer it is.
    pub kind: LayerKind,
    /// The full UIMA type name, e.g. `de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity`.
    pub name: String,
    /// One entry per column: the feature name (empty for a layer without features; slot
    /// features give two columns, the role and the target).
    pub columns: Vec<String>,
}

impl Layer {
    /// The type name after its last dot.
    pub(crate) fn short_name(&self) -> &str {
        layer_choice::short_name(&self.name)
    }

    /// Whether `column` holds a primitive feature (a possible category), not a slot role or
    /// target.
    fn is_primitive(&self, column: usize) -> bool {
        let name = &self.columns[column];
        let slot_target = column > 0 && self.columns[column - 1].starts_with("ROLE_");
        !name.is_empty() && !name.starts_with("ROLE_") && !slot_target
    }

    /// The primitive features: the possible categories.
    pub fn features(&self) -> Vec<&str> {
        (0..self.columns.len())
            .filter(|&c| self.is_primitive(c))
            .map(|c| self.columns[c].as_str())
            .collect()
    }
}

/// One span annotation: character offsets and a value per column (`None` for `*`).
#[derive(Debug, Clone, PartialEq)]
pub struct SpanAnnotation {
    /// The index of its layer in [`Tsv3File::layers`].
    pub layer: usize,
    /// First character.
    pub start: usize,
    /// One past the last character.
    pub end: usize,
    /// The value of each column of the layer (`None`: no value).
    pub values: Vec<Option<String>>,
    /// The line where it first appears.
    pub line: u64,
    /// Its `[id]`, if it had one.
    pub id: Option<String>,
    /// The address of its first token (`1-3`, `1-3.1`).
    pub token: String,
}

impl SpanAnnotation {
    /// The id relations name it by: its `[id]`, or its token's address when it has none.
    pub fn key(&self) -> &str {
        self.id.as_deref().unwrap_or(&self.token)
    }
}

/// The content of one TSV 3 file.
#[derive(Debug, Clone, PartialEq)]
pub struct Tsv3File {
    /// The document text, in characters (gaps between sentences: spaces and a line break).
    pub text: String,
    /// The layers of the header.
    pub layers: Vec<Layer>,
    /// The span annotations, in order of first appearance.
    pub spans: Vec<SpanAnnotation>,
    /// The relation annotations, in file order.
    pub relations: Vec<RelationAnnotation>,
    /// The token lines (sub-tokens too), in file order.
    pub tokens: Vec<TokenSpan>,
}

/// A token line's address and where it lies in the text, in characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenSpan {
    /// Its address: `1-3`, or `1-3.1` for a sub-token.
    pub address: String,
    /// First character.
    pub start: usize,
    /// One past the last character.
    pub end: usize,
}

/// Reads one TSV 3 file.
pub fn read(path: &Path) -> Result<Tsv3File, FileError> {
    let bytes = super::read_bytes(path)?;
    parse(&bytes, path)
}

/// Whether these bytes start like a TSV 3 file (to tell it from a CSV `.tsv`).
pub(crate) fn looks_like(bytes: &[u8]) -> bool {
    let start = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    start.starts_with(b"#FORMAT=WebAnno TSV 3")
}

/// The characters of a value with its escapes removed, each with whether it was escaped.
fn unescape_marked(value: &str) -> Vec<(char, bool)> {
    let mut out = Vec::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push(('\n', true)),
                Some('t') => out.push(('\t', true)),
                Some('r') => out.push(('\r', true)),
                Some(other) => out.push((other, true)),
                None => out.push(('\\', false)),
            }
        } else {
            out.push((c, false));
        }
    }
    out
}

/// A value escaped for a cell, as INCEpTION unescapes it (`Escaping.unescapeValue`): `\`,
/// `[`, `]`, `|`, `_`, `*`, `;` and the pair `->` get a backslash (a lone `-` or `>` none: it
/// would be kept), line breaks and tabs are `\n` and `\t`. A carriage return has no escape in
/// TSV 3: it is written `\r`, which our reader reads back and INCEpTION keeps as two characters.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' | '[' | ']' | '|' | '_' | '*' | ';' => {
                out.push('\\');
                out.push(c);
            }
            '-' if chars.peek() == Some(&'>') => {
                chars.next();
                out.push_str("\\->");
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// A value with its escapes removed.
pub(crate) fn unescape(value: &str) -> String {
    unescape_marked(value).into_iter().map(|(c, _)| c).collect()
}

/// One stacked entry of a cell: its value (`None` for `*`) and its `[id]`.
fn cell_entries(cell: &str) -> Vec<(Option<String>, Option<String>)> {
    let marked = unescape_marked(cell);
    let mut entries = Vec::new();
    for part in marked.split(|&(c, escaped)| c == '|' && !escaped) {
        let mut part = part.to_vec();
        let mut id = None;
        if part.last() == Some(&(']', false))
            && let Some(open) = part.iter().rposition(|&(c, e)| c == '[' && !e)
        {
            id = Some(part[open + 1..part.len() - 1].iter().map(|p| p.0).collect());
            part.truncate(open);
        }
        let value = if part == [('*', false)] {
            None
        } else {
            Some(part.iter().map(|p| p.0).collect())
        };
        entries.push((value, id));
    }
    entries
}

/// Maps UTF-16 code-unit offsets of a text to character offsets.
pub(crate) struct Utf16Offsets {
    /// For each UTF-16 offset up to the end, the character it falls in (or the end).
    chars: Vec<usize>,
}

impl Utf16Offsets {
    /// The offsets of `text`.
    pub(crate) fn new(text: &str) -> Utf16Offsets {
        let mut chars = Vec::with_capacity(text.len() + 1);
        for (i, c) in text.chars().enumerate() {
            for _ in 0..c.len_utf16() {
                chars.push(i);
            }
        }
        chars.push(text.chars().count());
        Utf16Offsets { chars }
    }

    /// The character at a UTF-16 offset, if the offset is within the text.
    pub(crate) fn char_offset(&self, utf16: usize) -> Option<usize> {
        self.chars.get(utf16).copied()
    }

    /// Whether a UTF-16 offset falls between the two halves of a surrogate pair (inside an
    /// emoji, say): no Java tool writes such an offset, so the file's offsets were counted
    /// another way (in characters, or bytes) and every later one would be misread.
    pub(crate) fn cuts_character(&self, utf16: usize) -> bool {
        utf16 > 0 && utf16 + 1 < self.chars.len() && self.chars[utf16] == self.chars[utf16 - 1]
    }
}

/// The message for offsets that cut a character, naming the offsets and the character.
pub(crate) fn cut_message(what: &str, begin: usize, end: usize, text: &str, at: usize) -> String {
    let character = text.chars().nth(at).unwrap_or(' ');
    format!(
        "{what} offsets {begin}-{end} cut the character {character:?} in two: offsets are \
         UTF-16 code units, where this character counts two (was the file written counting \
         characters or bytes?); the annotations after it would be misplaced, so the file is refused"
    )
}

/// A token line as read.
struct TokenLine<'a> {
    line: u64,
    address: &'a str,
    begin: usize,
    end: usize,
    token: &'a str,
    cells: Vec<&'a str>,
}

/// A sentence: its text and token lines.
struct Sentence<'a> {
    line: u64,
    text: String,
    tokens: Vec<TokenLine<'a>>,
}

/// Parses the header line of a layer.
fn parse_layer(kind: LayerKind, declaration: &str) -> Layer {
    let mut items = declaration.split('|');
    let name = items.next().unwrap_or_default().to_string();
    let mut columns: Vec<String> = items.map(str::to_string).collect();
    if columns.is_empty() {
        columns.push(String::new());
    }
    Layer {
        kind,
        name,
        columns,
    }
}

/// Parses TSV 3 bytes; `path` is only used in messages.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Tsv3File, FileError> {
    let text = super::utf8_text(bytes, path, "the file is not UTF-8 text")?;
    super::lines::refuse_long_lines(text, path)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let error = |line: u64, message: String| FileError::new(path, Some(line), message);
    let mut layers = Vec::new();
    let mut sentences: Vec<Sentence> = Vec::new();
    let mut format_seen = false;
    let mut in_sentence = false;
    for (index, raw) in text.split('\n').enumerate() {
        let line = index as u64 + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if !format_seen {
            if raw.trim().is_empty() {
                continue;
            }
            if !raw.starts_with("#FORMAT=WebAnno TSV 3") {
                return Err(error(
                    line,
                    "not a WebAnno TSV 3 file: the first line should be #FORMAT=WebAnno TSV 3.x"
                        .into(),
                ));
            }
            format_seen = true;
            continue;
        }
        // A line of spaces or tabs is blank too (editors leave one at the end): no token line
        // is.
        if raw.trim().is_empty() {
            in_sentence = false;
            continue;
        }
        if let Some(rest) = raw.strip_prefix("#T_SP=") {
            layers.push(parse_layer(LayerKind::Span, rest));
        } else if let Some(rest) = raw.strip_prefix("#T_RL=") {
            layers.push(parse_layer(LayerKind::Relation, rest));
        } else if let Some(rest) = raw.strip_prefix("#T_CH=") {
            layers.push(parse_layer(LayerKind::Chain, rest));
        } else if let Some(rest) = raw.strip_prefix("#Text=") {
            match sentences.last_mut() {
                Some(sentence) if in_sentence && sentence.tokens.is_empty() => {
                    sentence.text.push('\n');
                    sentence.text.push_str(&unescape(rest));
                }
                _ => sentences.push(Sentence {
                    line,
                    text: unescape(rest),
                    tokens: Vec::new(),
                }),
            }
            in_sentence = true;
        } else if raw.starts_with('#') {
            // #Sentence.id= and other sentence metadata.
            continue;
        } else {
            let sentence = match sentences.last_mut() {
                Some(sentence) if in_sentence => sentence,
                _ => {
                    return Err(error(
                        line,
                        "a token line outside a sentence (no #Text= line before it)".into(),
                    ));
                }
            };
            sentence
                .tokens
                .push(parse_token_line(raw, line, &layers, path)?);
        }
    }
    if !format_seen {
        return Err(FileError::new(
            path,
            None,
            "empty file: not a WebAnno TSV 3 file",
        ));
    }
    let document = rebuild_text(&sentences, path)?;
    let offsets = Utf16Offsets::new(&document);
    let spans = collect_spans(&sentences, &layers, (&document, &offsets), path)?;
    let relations = relations::collect(&sentences, &layers);
    let tokens = (sentences.iter().flat_map(|s| &s.tokens))
        .filter_map(|t| {
            Some(TokenSpan {
                address: t.address.to_string(),
                start: offsets.char_offset(t.begin)?,
                end: offsets.char_offset(t.end)?,
            })
        })
        .collect();
    Ok(Tsv3File {
        text: document,
        layers,
        spans,
        relations,
        tokens,
    })
}

fn parse_token_line<'a>(
    raw: &'a str,
    line: u64,
    layers: &[Layer],
    path: &Path,
) -> Result<TokenLine<'a>, FileError> {
    let error = |message: String| FileError::new(path, Some(line), message);
    let mut fields: Vec<&str> = raw.split('\t').collect();
    if fields.last() == Some(&"") {
        fields.pop();
    }
    if fields.len() < 3 {
        return Err(error(format!(
            "expected a token line (id, begin-end, text, columns) but found {} field(s)",
            fields.len()
        )));
    }
    let (begin, end) = fields[1]
        .split_once('-')
        .and_then(|(b, e)| Some((b.parse::<usize>().ok()?, e.parse::<usize>().ok()?)))
        .ok_or_else(|| error(format!("offsets {:?} are not begin-end", fields[1])))?;
    if end < begin {
        return Err(error(format!("offsets {begin}-{end}: end before begin")));
    }
    let expected: usize = layers.iter().map(|l| l.columns.len()).sum();
    let cells = fields[3..].to_vec();
    if cells.len() != expected {
        return Err(error(format!(
            "{} annotation column(s) but the header declares {expected}",
            cells.len()
        )));
    }
    Ok(TokenLine {
        line,
        begin,
        end,
        address: fields[0],
        token: fields[2],
        cells,
    })
}

/// The largest gap between two sentences believed (in UTF-16 units): beyond it an offset is
/// taken for damaged rather than a text of gigabytes built.
const MAX_GAP: usize = 50_000_000;

/// The document text: each sentence's text at the offset of its first token (the gaps filled
/// with spaces), so that UTF-16 offsets can be turned into characters.
fn rebuild_text(sentences: &[Sentence], path: &Path) -> Result<String, FileError> {
    let mut text = String::new();
    let mut cursor = 0usize; // in UTF-16 units
    for sentence in sentences {
        let Some(first) = sentence.tokens.first() else {
            continue;
        };
        let token = unescape(first.token);
        let prefix = if token.is_empty() {
            ""
        } else {
            sentence
                .text
                .find(&token)
                .map_or("", |at| &sentence.text[..at])
        };
        let prefix_length: usize = prefix.chars().map(char::len_utf16).sum();
        let begin = first.begin.checked_sub(prefix_length).ok_or_else(|| {
            FileError::new(
                path,
                Some(sentence.line),
                "the sentence starts before the beginning of the document",
            )
        })?;
        if begin > cursor + MAX_GAP {
            return Err(FileError::new(
                path,
                Some(first.line),
                format!(
                    "token offset {} is {} units after the previous sentence: a damaged offset?",
                    first.begin,
                    begin - cursor
                ),
            ));
        }
        if begin < cursor {
            return Err(FileError::new(
                path,
                Some(first.line),
                format!(
                    "token offset {} overlaps the previous sentence (which ends at {cursor})",
                    first.begin
                ),
            ));
        }
        // The characters between sentences are not in the file: spaces, the last a line break
        // (sentences on lines of their own, as in most texts).
        if begin > cursor {
            text.extend(std::iter::repeat_n(' ', begin - cursor - 1));
            text.push('\n');
        }
        text.push_str(&sentence.text);
        cursor = begin + sentence.text.chars().map(char::len_utf16).sum::<usize>();
    }
    Ok(text)
}

fn collect_spans(
    sentences: &[Sentence],
    layers: &[Layer],
    (text, offsets): (&str, &Utf16Offsets),
    path: &Path,
) -> Result<Vec<SpanAnnotation>, FileError> {
    let mut spans: Vec<SpanAnnotation> = Vec::new();
    let mut by_key: HashMap<(usize, String), usize> = HashMap::new();
    for token in sentences.iter().flat_map(|s| &s.tokens) {
        let error = |message: String| FileError::new(path, Some(token.line), message);
        let start = offsets.char_offset(token.begin);
        let end = offsets.char_offset(token.end);
        let (Some(start), Some(end)) = (start, end) else {
            return Err(error(format!(
                "offsets {}-{} are beyond the text of the sentences",
                token.begin, token.end
            )));
        };
        for (utf16, at) in [(token.begin, start), (token.end, end)] {
            if offsets.cuts_character(utf16) {
                let what = format!("token {}", token.address);
                return Err(error(cut_message(&what, token.begin, token.end, text, at)));
            }
        }
        let mut column = 0;
        for (layer_index, layer) in layers.iter().enumerate() {
            let first_column = column;
            column += layer.columns.len();
            if layer.kind != LayerKind::Span {
                continue;
            }
            for (feature, cell) in token.cells[first_column..column].iter().enumerate() {
                if *cell == "_" {
                    continue;
                }
                for (stack, (value, id)) in cell_entries(cell).into_iter().enumerate() {
                    let key = match &id {
                        Some(id) => (layer_index, id.clone()),
                        None => (layer_index, format!("line {} #{stack}", token.line)),
                    };
                    let index = *by_key.entry(key).or_insert_with(|| {
                        spans.push(SpanAnnotation {
                            layer: layer_index,
                            start,
                            end,
                            values: vec![None; layer.columns.len()],
                            line: token.line,
                            id: id.clone(),
                            token: token.address.to_string(),
                        });
                        spans.len() - 1
                    });
                    let span = &mut spans[index];
                    span.start = span.start.min(start);
                    span.end = span.end.max(end);
                    if value.is_some() {
                        span.values[feature] = value;
                    }
                }
            }
        }
    }
    Ok(spans)
}

impl Tsv3File {
    /// The token lines by their address (`1-3`, `1-3.1`).
    pub(crate) fn tokens_by_address(&self) -> HashMap<&str, &TokenSpan> {
        (self.tokens.iter())
            .map(|t| (t.address.as_str(), t))
            .collect()
    }

    /// The span layers.
    pub fn span_layers(&self) -> impl Iterator<Item = (usize, &Layer)> {
        self.layers
            .iter()
            .enumerate()
            .filter(|(_, l)| l.kind == LayerKind::Span)
    }

    /// The layer and the column of the category that `choice` names (or the defaults).
    pub fn resolve(
        &self,
        choice: &LayerChoice,
        path: &Path,
    ) -> Result<(usize, Option<usize>), FileError> {
        let (indices, offered): (Vec<usize>, Vec<(&str, Vec<&str>)>) = self
            .span_layers()
            .map(|(i, l)| (i, (l.name.as_str(), l.features())))
            .unzip();
        let no_layer = "no span layer (#T_SP=) in this file";
        let (chosen, feature) = layer_choice::choose_layer(&offered, choice, path, no_layer)?;
        let layer = indices[chosen];
        let declared = &self.layers[layer];
        let column = feature.map(|feature| {
            (0..declared.columns.len())
                .find(|&c| declared.is_primitive(c) && declared.columns[c] == feature)
                .expect("a primitive feature has its column")
        });
        Ok((layer, column))
    }

    /// The units of the chosen layer: category = the chosen feature's value (`*` when it has
    /// none, the layer's short name when the layer has no feature), the other features as
    /// features. Zero-length annotations are skipped with a warning.
    pub fn units(
        &self,
        choice: &LayerChoice,
        path: &Path,
    ) -> Result<(Vec<Unit>, Vec<Warning>), FileError> {
        let (layer, column) = self.resolve(choice, path)?;
        let declared = &self.layers[layer];
        let mut units = Vec::new();
        let mut zero_length = Vec::new();
        for span in self.spans.iter().filter(|s| s.layer == layer) {
            let category = match column {
                Some(c) => span.values[c].clone().unwrap_or_else(|| "*".to_string()),
                None => declared.short_name().to_string(),
            };
            if span.start == span.end {
                zero_length.push(span.line);
                continue;
            }
            let features: BTreeMap<String, String> = (0..declared.columns.len())
                .filter(|&c| Some(c) != column && declared.is_primitive(c))
                .filter_map(|c| Some((declared.columns[c].clone(), span.values[c].clone()?)))
                .collect();
            let unit = Unit::new(span.start as f64, span.end as f64, category)
                .map_err(|e| FileError::new(path, Some(span.line), e.to_string()))?
                .with_features(features)
                .with_source_id(span.key());
            units.push(unit);
        }
        let mut warnings = Vec::new();
        if let Some(&first) = zero_length.first() {
            warnings.push(Warning::new(
                WarningKind::Skipped,
                path,
                Some(first),
                format!(
                    "{} zero-length annotation(s) of {} skipped (a unit needs a length)",
                    zero_length.len(),
                    declared.short_name()
                ),
            ));
        }
        Ok((units, warnings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file ending in a line of spaces and tabs reads as the same file without it.
    #[test]
    fn a_final_whitespace_line_is_blank() {
        let tsv = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=He .\n1-1\t0-2\tHe\tPER\t\n1-2\t3-4\t.\t_\t\n";
        let plain = parse(tsv.as_bytes(), Path::new("a.tsv")).unwrap();
        for end in ["  \t ", "\t\r\n \n"] {
            let file = parse(format!("{tsv}{end}").as_bytes(), Path::new("a.tsv")).unwrap();
            assert_eq!(file.text, plain.text);
            assert_eq!(file.spans.len(), plain.spans.len(), "{end:?}");
        }
    }

    #[test]
    fn cells_split_stacks_ids_and_escapes() {
        assert_eq!(
            cell_entries("PERSON[1]|LOCATION[2]"),
            [
                (Some("PERSON".into()), Some("1".into())),
                (Some("LOCATION".into()), Some("2".into()))
            ]
        );
        assert_eq!(cell_entries("*[3]"), [(None, Some("3".into()))]);
        assert_eq!(
            cell_entries("NOTSTACKED\\[0\\]"),
            [(Some("NOTSTACKED[0]".into()), None)]
        );
        assert_eq!(cell_entries("\\*"), [(Some("*".into()), None)]);
        assert_eq!(cell_entries("a\\|b"), [(Some("a|b".into()), None)]);
        let nasty = "#*'\"`´\t:;{}|[ ]()\\§$%?=&_\n";
        assert_eq!(unescape(&escape(nasty)), nasty);
    }

    #[test]
    fn utf16_offsets_become_characters() {
        let offsets = Utf16Offsets::new("I 😊 .");
        assert_eq!(offsets.char_offset(2), Some(2));
        assert_eq!(offsets.char_offset(4), Some(3), "after the surrogate pair");
        assert_eq!(offsets.char_offset(6), Some(5));
        assert_eq!(offsets.char_offset(7), None);
        assert!(offsets.cuts_character(3), "between the halves of 😊");
        assert!(!offsets.cuts_character(2) && !offsets.cuts_character(4));
    }

    /// Offsets counted in characters (the emoji as one) cut the emoji's surrogate pair: the file
    /// is refused naming its line, rather than `Paris` read as ` Pari` and every later unit shifted.
    #[test]
    fn offsets_cutting_a_surrogate_pair_are_refused_by_line() {
        let tsv = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n\
                   #Text=😊 Paris\n1-1\t0-1\t😊\t_\t\n1-2\t2-7\tParis\tLOC\t\n";
        let error = parse(tsv.as_bytes(), Path::new("cut.tsv")).unwrap_err();
        assert_eq!(error.line, Some(6), "{error}");
        assert!(error.to_string().contains("cut.tsv"), "{error}");
        assert!(
            error
                .message
                .contains("token 1-1 offsets 0-1 cut the character '😊'"),
            "{error}"
        );
        // The same file with Java's offsets reads `Paris` exactly.
        let whole = tsv.replace("0-1\t😊", "0-2\t😊").replace("2-7", "3-8");
        let file = parse(whole.as_bytes(), Path::new("whole.tsv")).unwrap();
        let paris = &file.spans[0];
        let chars: Vec<char> = file.text.chars().collect();
        assert_eq!((paris.start, paris.end), (2, 7));
        assert_eq!(
            chars[paris.start..paris.end].iter().collect::<String>(),
            "Paris"
        );
    }

    #[test]
    fn damaged_lines_name_the_line() {
        let path = Path::new("a.tsv");
        let header = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=ab cd\n";
        let e = parse(format!("{header}1-1\t0-2\tab\tX\tY\t\n").as_bytes(), path).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.tsv: line 6: 2 annotation column(s) but the header declares 1"
        );
        let e = parse(format!("{header}1-1\t0-x\tab\tX\t\n").as_bytes(), path).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.tsv: line 6: offsets \"0-x\" are not begin-end"
        );
        let e = parse(format!("{header}1-1\t0-40\tab\tX\t\n").as_bytes(), path).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.tsv: line 6: offsets 0-40 are beyond the text of the sentences"
        );
        let e = parse(b"annotator,category,start,end\n", path).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("a.tsv: line 1: not a WebAnno TSV 3 file"),
            "{e}"
        );
    }

    #[test]
    fn written_files_read_back() {
        let text = "Ms. Haag plays 😊 Elianti .\nRolls-Royce said\n";
        let units = vec![
            Unit::new(0.0, 8.0, "PER").unwrap(),
            Unit::new(4.0, 8.0, "NAME|X").unwrap(),
            Unit::new(15.0, 24.0, "OTH").unwrap(),
            Unit::new(18.0, 20.0, "*").unwrap(),
            Unit::new(27.0, 32.0, "ORG").unwrap(),
        ];
        let tsv = to_tsv3(text, &units, "webanno.custom.Span", "value").unwrap();
        let file = parse(tsv.as_bytes(), Path::new("w.tsv")).unwrap();
        // The gap between sentences is not in the file: it comes back as a line break.
        assert_eq!(file.text.trim_end(), text.trim_end());
        let (again, warnings) = file
            .units(&LayerChoice::default(), Path::new("w.tsv"))
            .unwrap();
        assert!(warnings.is_empty());
        let spans = |u: &[Unit]| -> Vec<(f64, f64, String)> {
            let mut v: Vec<_> = u
                .iter()
                .map(|u| (u.start, u.end, u.category.clone()))
                .collect();
            v.sort_by(|a, b| a.partial_cmp(b).unwrap());
            v
        };
        assert_eq!(spans(&again), spans(&units));
    }
}

#[cfg(test)]
mod relation_write_tests;
