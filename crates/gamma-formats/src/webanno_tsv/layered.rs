//! Writing a TSV 3 file of several layers as they stand in a file: span layers and relation
//! layers with all their feature columns, the tokens of the file they come from kept (cut only
//! where a span begins or ends inside one). The whole gold ([`super::whole`]) writes the
//! annotators' other layers back with it.
//!
//! Every span that spans several tokens or shares a token with another span of its layer gets
//! an `[id]`, numbered in text order across the layers. A relation is on the row of the first
//! token of its target, its `BT_` column the address of the first token of its source (followed
//! by `[<source id>_<target id>]` when either has an id), as in [`super::relation_columns`].
//! Slot features (`ROLE_` columns and their targets) are written empty.

use super::write::{sentences, utf16_offsets};
use super::{Layer, LayerKind, escape};
use std::collections::HashMap;
use std::fmt::Write;

/// A span of a span layer: the index of its layer in [`LayeredFile::layers`], its characters
/// and a value per column of the layer (`None`: `*`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LayeredSpan {
    pub layer: usize,
    pub start: usize,
    pub end: usize,
    pub values: Vec<Option<String>>,
}

/// An end of a relation: a span (its index in [`LayeredFile::spans`]) or, for a relation
/// layer over the tokens, the token that begins at that character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RelationEnd {
    Span(usize),
    Token(usize),
}

/// A relation of a relation layer: its layer's index, its ends and a value per feature column
/// (the `BT_` column aside; `None`: `*`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LayeredRelation {
    pub layer: usize,
    pub source: RelationEnd,
    pub target: RelationEnd,
    pub values: Vec<Option<String>>,
}

/// A TSV 3 file to write: its text, the token boundaries to keep (character offsets), its
/// layers in header order (span and relation layers), their spans and relations.
#[derive(Debug, Clone, Default)]
pub(crate) struct LayeredFile<'a> {
    pub text: &'a str,
    pub token_boundaries: Vec<usize>,
    pub layers: Vec<Layer>,
    pub spans: Vec<LayeredSpan>,
    pub relations: Vec<LayeredRelation>,
}

/// What could not be written: spans that cover no token (empty, or only spaces) and relations
/// with such an end, by their index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct NotWritten {
    pub spans: Vec<usize>,
    pub relations: Vec<usize>,
}

type Token = (usize, usize);

/// Whether column `column` of `layer` holds a slot feature (its role or its target).
pub(super) fn is_slot(layer: &Layer, column: usize) -> bool {
    let name = &layer.columns[column];
    name.starts_with("ROLE_") || (column > 0 && layer.columns[column - 1].starts_with("ROLE_"))
}

impl LayeredFile<'_> {
    /// The file, and what could not be written in it.
    pub(crate) fn write(&self) -> (String, NotWritten) {
        let chars: Vec<char> = self.text.chars().collect();
        let length = chars.len();
        let mut cuts = vec![false; length + 1];
        let boundaries = (self.spans.iter()).flat_map(|s| [s.start, s.end]);
        for at in boundaries.chain(self.token_boundaries.iter().copied()) {
            cuts[at.min(length)] = true;
        }
        let sentences = sentences(&chars, &cuts);
        let tokens: Vec<(Token, (usize, usize))> = (sentences.iter().enumerate())
            .flat_map(|(s, ts)| ts.iter().enumerate().map(move |(t, span)| ((s, t), *span)))
            .collect();
        let covered: Vec<Vec<Token>> = (self.spans.iter())
            .map(|span| {
                let first = tokens.partition_point(|(_, (a, _))| *a < span.start);
                (tokens[first..].iter())
                    .take_while(|(_, (_, b))| *b <= span.end)
                    .map(|(token, _)| *token)
                    .collect()
            })
            .collect();
        let mut not_written = NotWritten::default();
        let mut on_token: HashMap<(usize, Token), Vec<usize>> = HashMap::new();
        for (index, span) in self.spans.iter().enumerate() {
            if covered[index].is_empty() {
                not_written.spans.push(index);
            }
            for token in &covered[index] {
                on_token
                    .entry((span.layer, *token))
                    .or_default()
                    .push(index);
            }
        }
        let linked = |i: usize| {
            let layer = self.spans[i].layer;
            covered[i].len() > 1 || covered[i].iter().any(|t| on_token[&(layer, *t)].len() > 1)
        };
        let mut in_order: Vec<usize> = (0..self.spans.len())
            .filter(|&i| !covered[i].is_empty() && linked(i))
            .collect();
        in_order.sort_by_key(|&i| (covered[i][0], i));
        let ids: HashMap<usize, usize> = (in_order.iter().enumerate())
            .map(|(n, &i)| (i, n + 1))
            .collect();
        let token_at: HashMap<usize, Token> = tokens.iter().map(|(t, (a, _))| (*a, *t)).collect();
        let first_token = |end: RelationEnd| match end {
            RelationEnd::Span(i) => covered.get(i).and_then(|c| c.first().copied()),
            RelationEnd::Token(at) => token_at.get(&at).copied(),
        };
        let id_of = |end: RelationEnd| match end {
            RelationEnd::Span(i) => ids.get(&i).copied(),
            RelationEnd::Token(_) => None,
        };
        // The relations on each (layer, target token), in order.
        let mut targets: HashMap<(usize, Token), Vec<(usize, Token)>> = HashMap::new();
        for (index, relation) in self.relations.iter().enumerate() {
            match (first_token(relation.source), first_token(relation.target)) {
                (Some(source), Some(target)) => (targets.entry((relation.layer, target)))
                    .or_default()
                    .push((index, source)),
                _ => not_written.relations.push(index),
            }
        }
        let value = |v: &Option<String>| v.as_deref().map_or_else(|| "*".to_string(), escape);
        let span_cell = |layer: usize, column: usize, token: Token| -> String {
            let here = on_token.get(&(layer, token)).map_or(&[][..], Vec::as_slice);
            if here.is_empty() || is_slot(&self.layers[layer], column) {
                return "_".into();
            }
            let entries: Vec<String> = (here.iter())
                .map(|&i| {
                    let written = self.spans[i].values.get(column).map_or("*".into(), value);
                    match ids.get(&i) {
                        Some(id) => format!("{written}[{id}]"),
                        None => written,
                    }
                })
                .collect();
            entries.join("|")
        };
        let relation_cell = |layer: usize, column: usize, token: Token| -> String {
            let Some(here) = targets.get(&(layer, token)) else {
                return "_".into();
            };
            let base = self.layers[layer].columns.len() - 1;
            let entries: Vec<String> = (here.iter())
                .map(|&(index, (s, t))| {
                    let relation = &self.relations[index];
                    if column < base {
                        return relation.values.get(column).map_or("*".into(), value);
                    }
                    let mut address = format!("{}-{}", s + 1, t + 1);
                    let (source, target) = (id_of(relation.source), id_of(relation.target));
                    if source.is_some() || target.is_some() {
                        let id = |n: Option<usize>| n.unwrap_or(0);
                        address.push_str(&format!("[{}_{}]", id(source), id(target)));
                    }
                    address
                })
                .collect();
            entries.join("|")
        };
        let mut out = String::from("#FORMAT=WebAnno TSV 3.3\n");
        for layer in &self.layers {
            let kind = if layer.kind == LayerKind::Span {
                "SP"
            } else {
                "RL"
            };
            let _ = writeln!(out, "#T_{kind}={}|{}", layer.name, layer.columns.join("|"));
        }
        out.push('\n');
        let utf16 = utf16_offsets(&chars);
        for (s, line) in sentences.iter().enumerate() {
            let (first, last) = (line[0].0, line[line.len() - 1].1);
            let line_text: String = chars[first..last].iter().collect();
            let _ = write!(out, "\n#Text={}\n", super::write::escape_text(&line_text));
            for (t, &(a, b)) in line.iter().enumerate() {
                let token: String = chars[a..b].iter().collect();
                let _ = write!(
                    out,
                    "{}-{}\t{}-{}\t{}\t",
                    s + 1,
                    t + 1,
                    utf16[a],
                    utf16[b],
                    escape(&token)
                );
                for (index, layer) in self.layers.iter().enumerate() {
                    for column in 0..layer.columns.len() {
                        let cell = match layer.kind {
                            LayerKind::Span => span_cell(index, column, (s, t)),
                            _ => relation_cell(index, column, (s, t)),
                        };
                        let _ = write!(out, "{cell}\t");
                    }
                }
                out.push('\n');
            }
        }
        (out, not_written)
    }
}
