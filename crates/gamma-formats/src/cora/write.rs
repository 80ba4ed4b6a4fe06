//! Writing CorA-XML: a file with its layers replaced by a continuum's units (a consensus or a
//! gold standard keeps the input's structure), a file made from units alone, and the XML text.

use super::{CoraFile, CoraOptions, parse, token};
use crate::xml::{self, Element, Node};
use crate::{FileError, Unwritable, write_atomically};
use gamma_core::unit::Unit;
use std::collections::BTreeMap;
use std::path::Path;

impl CoraFile {
    /// This file with the layers of every annotation token replaced by those of the unit with
    /// the same span (the category as `options.category_layer`, the features as the other
    /// layers); tokens with no unit lose their layers. Everything else is kept, the layers not
    /// read (neither the category nor kept as features) too. Units whose
    /// span is not an annotation token's are an error: CorA-XML cannot hold them without
    /// retokenizing.
    pub(crate) fn with_layers_from(
        &self,
        units: &[Unit],
        options: &CoraOptions,
        path: &Path,
    ) -> Result<(CoraFile, usize), Unwritable> {
        let rebuilt = self.rebuild_text(options, path)?;
        let mut by_span: BTreeMap<(usize, usize), &Unit> = BTreeMap::new();
        for unit in units {
            let span = (unit.start as usize, unit.end as usize);
            if by_span.insert(span, unit).is_some() {
                return Err(Unwritable::OneTokenTwice {
                    start: span.0,
                    end: span.1,
                });
            }
        }
        let mut replacements: Vec<Option<Vec<(String, String)>>> = Vec::new();
        let mut template_order = self.layer_names();
        if !template_order.contains(&options.category_layer) {
            template_order.insert(0, options.category_layer.clone());
        }
        for span in &rebuilt.spans {
            replacements.push(by_span.remove(span).map(|unit| {
                let mut layers = BTreeMap::new();
                if !unit.category.is_empty() {
                    layers.insert(options.category_layer.clone(), unit.category.clone());
                }
                for (name, value) in &unit.features {
                    if *name != options.category_layer {
                        layers.insert(name.clone(), value.clone());
                    }
                }
                let mut ordered: Vec<(String, String)> = template_order
                    .iter()
                    .filter_map(|name| Some((name.clone(), layers.remove(name)?)))
                    .collect();
                ordered.extend(layers);
                ordered
            }));
        }
        if let Some(((start, end), unit)) = by_span.into_iter().next() {
            let covered: String = rebuilt.text.chars().skip(start).take(end - start).collect();
            return Err(Unwritable::NotAToken {
                unit: Box::new(unit.clone()),
                covered,
                file: path.to_path_buf(),
            });
        }
        let unmatched = replacements.iter().filter(|r| r.is_none()).count();
        let mut document = self.document.clone();
        let element_name = self.dialect.annotation_element();
        let mut next = replacements.into_iter();
        for token in document.root.elements_mut().filter(|e| e.name == "token") {
            for annotation in token.elements_mut().filter(|e| e.name == element_name) {
                let layers = next.next().expect("one replacement per annotation token");
                let read = |name: &str| options.keeps_layer(name);
                replace_layers(annotation, &layers.unwrap_or_default(), read);
            }
        }
        let tokens = document
            .root
            .children_named("token")
            .map(|t| token(t, self.dialect, path))
            .collect::<Result<Vec<_>, _>>()?;
        let mut file = self.clone();
        file.tokens = tokens;
        file.document = document;
        Ok((file, unmatched))
    }

    /// The file as XML text.
    pub fn to_xml(&self) -> String {
        self.document.to_xml()
    }

    /// Writes the file to `path` (through a temporary file renamed at the end).
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, self.to_xml().as_bytes())
    }

    /// A new CorA-XML file (`<dipl>`/`<mod>`) for units that do not overlap: one token per
    /// unit, its transcription the covered text (words joined by the first of `options`' merge
    /// marks, `#` by default, one diplomatic token per word), the category in the options'
    /// category layer, features as layers. A word holding one of the merge or split marks is
    /// refused: it would read back cut.
    pub(crate) fn from_units(
        id: &str,
        text: &str,
        units: &[Unit],
        options: &super::CoraOptions,
    ) -> Result<CoraFile, Unwritable> {
        let category_layer = options.category_layer.as_str();
        let marks = format!("{}{}", options.merge_marks, options.split_marks);
        let joiner = options
            .merge_marks
            .chars()
            .next()
            .unwrap_or('#')
            .to_string();
        let sorted: Vec<&Unit> = in_text_order(units)
            .into_iter()
            .map(|i| &units[i])
            .collect();
        for pair in sorted.windows(2) {
            if pair[1].start < pair[0].end {
                return Err(Unwritable::OverlappingTokens {
                    first: Box::new(pair[0].clone()),
                    second: Box::new(pair[1].clone()),
                });
            }
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = format!(
            "<text id=\"{0}\"><cora-header name=\"{0}\" sigle=\"{0}\"/><header/><layoutinfo/><shifttags/>",
            xml::escape(id)
        );
        for (i, unit) in sorted.iter().enumerate() {
            let (start, end) = (unit.start as usize, unit.end as usize);
            if end > chars.len() || unit.start.fract() != 0.0 || unit.end.fract() != 0.0 {
                return Err(Unwritable::NotACharacterSpan {
                    unit: Box::new((*unit).clone()),
                    length: chars.len(),
                });
            }
            let covered: String = chars[start..end].iter().collect();
            let words: Vec<&str> = covered.split_whitespace().collect();
            if words.is_empty() {
                return Err(Unwritable::OnlySpaces {
                    unit: Box::new((*unit).clone()),
                });
            }
            // `trans` marks boundaries with these: a word holding one would read back cut.
            if let Some((word, mark)) = words
                .iter()
                .find_map(|w| w.chars().find(|c| marks.contains(*c)).map(|c| (w, c)))
            {
                return Err(Unwritable::BoundaryMark {
                    unit: Box::new((*unit).clone()),
                    word: word.to_string(),
                    mark,
                });
            }
            let trans = words.join(&joiner);
            let n = i + 1;
            out.push_str(&format!(
                "<token id=\"t{n}\" trans=\"{}\">",
                xml::escape(&trans)
            ));
            for (d, word) in words.iter().enumerate() {
                let last = d + 1 == words.len();
                let dipl_trans = if last {
                    word.to_string()
                } else {
                    format!("{word}{joiner}")
                };
                out.push_str(&format!(
                    "<dipl id=\"t{n}_d{}\" trans=\"{}\" utf=\"{}\"/>",
                    d + 1,
                    xml::escape(&dipl_trans),
                    xml::escape(word)
                ));
            }
            out.push_str(&format!(
                "<mod id=\"t{n}_m1\" trans=\"{0}\" utf=\"{1}\" ascii=\"{1}\">",
                xml::escape(&trans),
                xml::escape(&words.join(" "))
            ));
            if !unit.category.is_empty() {
                out.push_str(&format!(
                    "<{category_layer} tag=\"{}\"/>",
                    xml::escape(&unit.category)
                ));
            }
            for (name, value) in &unit.features {
                if name != category_layer && is_xml_name(name) {
                    out.push_str(&format!("<{name} tag=\"{}\"/>", xml::escape(value)));
                }
            }
            out.push_str("</mod></token>");
        }
        out.push_str("</text>");
        Ok(parse(out.as_bytes(), Path::new(id))?)
    }
}

/// The units' indices in the order [`CoraFile::from_units`] writes them as tokens.
fn in_text_order(units: &[Unit]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&units[a], &units[b]);
        a.start.total_cmp(&b.start).then(a.end.total_cmp(&b.end))
    });
    order
}

/// A span of characters, `[start, end)`.
type Span = (usize, usize);

/// Where each unit lies in the text read back from [`CoraFile::from_units`] (the covered text
/// alone, a token each): `(index of the unit, its span)`, in text order.
pub(crate) fn spans_from_units(
    text: &str,
    units: &[Unit],
    options: &super::CoraOptions,
) -> Result<Vec<(usize, Span)>, String> {
    let file = CoraFile::from_units("spans", text, units, options).map_err(|e| e.to_string())?;
    let rebuilt = file
        .rebuild_text(options, Path::new("spans"))
        .map_err(|e| e.to_string())?;
    Ok(in_text_order(units)
        .into_iter()
        .zip(rebuilt.spans)
        .collect())
}

/// Whether a feature of this name is written as a layer (an XML element name).
pub(crate) fn is_xml_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Replaces the layer children (those with a `tag`) that were `read` of an annotation element,
/// keeping the others (layers not read, `<suggestions>`, `<cora-flag>`) and the file's
/// indentation.
fn replace_layers(
    annotation: &mut Element,
    layers: &[(String, String)],
    read: impl Fn(&str) -> bool,
) {
    let indent = annotation.children.iter().find_map(|n| match n {
        Node::Text(t) if t.trim().is_empty() => Some(t.clone()),
        _ => None,
    });
    let closing = match annotation.children.last() {
        Some(Node::Text(t)) if t.trim().is_empty() => Some(t.clone()),
        _ => None,
    };
    let kept: Vec<Node> = std::mem::take(&mut annotation.children)
        .into_iter()
        .filter(|n| match n {
            Node::Element(e) => e.attribute("tag").is_none() || !read(&e.name),
            Node::Text(t) => !t.trim().is_empty(),
            Node::Comment(_) => true,
        })
        .collect();
    let line = annotation.line;
    let new_layers = layers.iter().map(|(name, value)| {
        Node::Element(Element {
            name: name.clone(),
            attributes: vec![("tag".into(), value.clone())],
            children: Vec::new(),
            line,
        })
    });
    for node in new_layers.chain(kept) {
        if let Some(indent) = &indent {
            annotation.children.push(Node::Text(indent.clone()));
        }
        annotation.children.push(node);
    }
    if let Some(closing) = closing.filter(|_| !annotation.children.is_empty()) {
        annotation.children.push(Node::Text(closing));
    }
}
