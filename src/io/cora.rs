//! CorA-XML (the Bochum annotation tool for historical texts; ReM, ReN, Anselm releases).
//!
//! A `<text>` holds `<token>`s; each token has diplomatic tokens (`<dipl>`, as in the source)
//! and annotation tokens (`<mod>`, one row of the CorA editor) whose children
//! `<LAYER tag="value"/>` are the annotation layers (`pos`, `lemma`, `norm`, `morph`, …).
//! Releases rename the children: [`Dialect`] covers the variants seen in real files. There
//! are no character offsets in CorA-XML: the running text is rebuilt from the annotation
//! tokens (see [`CoraOptions`]), one space after each token unless its `trans` carries a
//! split mark (`|` in CorA, `§` in ReN: one source word, several annotation tokens). A merge
//! mark (`#`: several source words, one annotation token) becomes a space. This is the rule of
//! the tγ reference implementation (TextGammaTool), so positions agree with it.
//!
//! Every annotation token is one unit: its category is the value of the chosen layer (`pos`
//! by default; empty when the token has no such layer), its features are the layers.
//! One file is one annotator. The whole XML tree is kept, so that a consensus is written with
//! the input's structure (header, layout, diplomatic tokens, comments) and new layers.

use super::xml::{self, Element, Node};
use super::{FileError, Warning, WarningKind, write_atomically};
use crate::continuum::Continuum;
use crate::unit::Unit;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Which element names a file uses for its tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `<dipl>` + `<mod>`: CorA's own import/export format, TextGammaTool's test files.
    Mod,
    /// `<tok_dipl>` + `<tok_anno>`: the ReM, ReF and Anselm releases.
    TokAnno,
    /// `<dipl>` + `<anno>`: the ReN release.
    Anno,
}

impl Dialect {
    pub fn annotation_element(self) -> &'static str {
        match self {
            Dialect::Mod => "mod",
            Dialect::TokAnno => "tok_anno",
            Dialect::Anno => "anno",
        }
    }

    fn of_element(name: &str) -> Option<Dialect> {
        match name {
            "mod" => Some(Dialect::Mod),
            "tok_anno" => Some(Dialect::TokAnno),
            "anno" => Some(Dialect::Anno),
            _ => None,
        }
    }
}

/// Which transcription of a token makes the running text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Transcription {
    /// The raw transcription with its markup (`$`, `*(C*)`), as TextGammaTool compares it.
    #[default]
    Trans,
    /// The Unicode display form (`ſ` for `$`).
    Utf,
    /// The simplified form given to taggers.
    Ascii,
}

impl std::str::FromStr for Transcription {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "trans" => Ok(Transcription::Trans),
            "utf" => Ok(Transcription::Utf),
            "ascii" => Ok(Transcription::Ascii),
            other => Err(format!(
                "unknown transcription {other:?} (trans, utf or ascii)"
            )),
        }
    }
}

/// How units are made of a CorA file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoraOptions {
    /// The layer whose value is the unit's category.
    pub category_layer: String,
    /// The layers kept as features (all when `None`).
    pub layers: Option<Vec<String>>,
    pub transcription: Transcription,
    /// Characters of `trans` that mark a boundary between source words inside one token.
    pub merge_marks: String,
    /// Characters of `trans` that mark a boundary between tokens inside one source word.
    pub split_marks: String,
}

impl Default for CoraOptions {
    fn default() -> Self {
        CoraOptions {
            category_layer: "pos".into(),
            layers: None,
            transcription: Transcription::Trans,
            merge_marks: "#".into(),
            split_marks: "|§".into(),
        }
    }
}

impl CoraOptions {
    fn keeps_layer(&self, name: &str) -> bool {
        name == self.category_layer
            || self
                .layers
                .as_ref()
                .is_none_or(|layers| layers.iter().any(|l| l == name))
    }
}

/// A diplomatic or annotation token's transcriptions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transcribed {
    pub id: String,
    pub trans: String,
    pub utf: Option<String>,
    pub ascii: Option<String>,
}

/// One annotation token (`<mod>`, `<tok_anno>` or `<anno>`). Equality ignores the line.
#[derive(Debug, Clone, Eq)]
pub struct AnnotationToken {
    pub transcribed: Transcribed,
    /// Direct children with a `tag` attribute, in file order: (layer, value).
    pub layers: Vec<(String, String)>,
    pub line: u64,
}

impl AnnotationToken {
    pub fn layer(&self, name: &str) -> Option<&str> {
        self.layers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl PartialEq for AnnotationToken {
    fn eq(&self, other: &Self) -> bool {
        (&self.transcribed, &self.layers) == (&other.transcribed, &other.layers)
    }
}

/// One `<token>`. Equality ignores the line.
#[derive(Debug, Clone, Eq)]
pub struct Token {
    pub id: String,
    pub trans: String,
    pub diplomatic: Vec<Transcribed>,
    pub annotations: Vec<AnnotationToken>,
    pub line: u64,
}

impl PartialEq for Token {
    fn eq(&self, other: &Self) -> bool {
        (&self.id, &self.trans, &self.diplomatic, &self.annotations)
            == (
                &other.id,
                &other.trans,
                &other.diplomatic,
                &other.annotations,
            )
    }
}

/// One CorA-XML file.
#[derive(Debug, Clone, PartialEq)]
pub struct CoraFile {
    pub id: String,
    pub dialect: Dialect,
    pub tokens: Vec<Token>,
    /// The file as read, to write a consensus with the same structure.
    pub document: xml::Document,
}

/// The running text of a file and each annotation token's `[start, end)` in it (characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RebuiltText {
    pub text: String,
    pub spans: Vec<(usize, usize)>,
}

pub fn read(path: &Path) -> Result<CoraFile, FileError> {
    parse(&super::read_bytes(path)?, path)
}

pub fn parse(bytes: &[u8], path: &Path) -> Result<CoraFile, FileError> {
    let document = xml::parse_document(bytes, path)?;
    if document.root.name != "text" {
        return Err(FileError::new(
            path,
            Some(document.root.line),
            format!(
                "root element is <{}>, a CorA-XML file has <text>",
                document.root.name
            ),
        ));
    }
    let dialect = detect_dialect(&document.root, path)?;
    let mut tokens = Vec::new();
    let mut seen_ids = std::collections::HashSet::new();
    for element in document.root.children_named("token") {
        let token = token(element, dialect, path)?;
        for id in std::iter::once(&token.id)
            .chain(token.diplomatic.iter().map(|d| &d.id))
            .chain(token.annotations.iter().map(|a| &a.transcribed.id))
        {
            if !seen_ids.insert(id.clone()) {
                return Err(FileError::new(
                    path,
                    Some(element.line),
                    format!("duplicate id {id:?}"),
                ));
            }
        }
        tokens.push(token);
    }
    Ok(CoraFile {
        id: document
            .root
            .attribute("id")
            .unwrap_or_default()
            .to_string(),
        dialect,
        tokens,
        document,
    })
}

fn detect_dialect(root: &Element, path: &Path) -> Result<Dialect, FileError> {
    let mut found: Option<(Dialect, u64)> = None;
    let mut first_token = None;
    for token in root.children_named("token") {
        first_token.get_or_insert(token);
        for child in token.elements() {
            let Some(dialect) = Dialect::of_element(&child.name) else {
                continue;
            };
            match found {
                None => found = Some((dialect, child.line)),
                Some((seen, line)) if seen != dialect => {
                    return Err(FileError::new(
                        path,
                        Some(child.line),
                        format!(
                            "unknown CorA variant: <{}> here but <{}> at line {line}",
                            dialect.annotation_element(),
                            seen.annotation_element()
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
    }
    match (found, first_token) {
        (Some((dialect, _)), _) => Ok(dialect),
        (None, None) => Err(FileError::new(
            path,
            Some(root.line),
            "no <token> in <text>: an empty document or an unknown CorA variant",
        )),
        (None, Some(token)) => {
            let names: Vec<&str> = token.elements().map(|e| e.name.as_str()).collect();
            Err(FileError::new(
                path,
                Some(token.line),
                format!(
                    "unknown CorA variant: tokens have no <mod>, <tok_anno> or <anno> (children found: {})",
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ),
            ))
        }
    }
}

fn transcribed(element: &Element, path: &Path) -> Result<Transcribed, FileError> {
    let at = |message: String| FileError::new(path, Some(element.line), message);
    let id = element
        .attribute("id")
        .ok_or_else(|| at(format!("<{}> without an id", element.name)))?
        .to_string();
    let trans = element
        .attribute("trans")
        .ok_or_else(|| {
            at(format!(
                "<{}> {id:?} without a trans attribute",
                element.name
            ))
        })?
        .to_string();
    Ok(Transcribed {
        id,
        trans,
        utf: element.attribute("utf").map(str::to_string),
        ascii: element.attribute("ascii").map(str::to_string),
    })
}

fn token(element: &Element, dialect: Dialect, path: &Path) -> Result<Token, FileError> {
    let at = |message: String| FileError::new(path, Some(element.line), message);
    let id = element
        .attribute("id")
        .ok_or_else(|| at("<token> without an id".into()))?
        .to_string();
    let mut diplomatic = Vec::new();
    let mut annotations = Vec::new();
    for child in element.elements() {
        if child.name == "dipl" || child.name == "tok_dipl" {
            diplomatic.push(transcribed(child, path)?);
        } else if child.name == dialect.annotation_element() {
            let layers = child
                .elements()
                .filter_map(|layer| Some((layer.name.clone(), layer.attribute("tag")?.to_string())))
                .collect();
            annotations.push(AnnotationToken {
                transcribed: transcribed(child, path)?,
                layers,
                line: child.line,
            });
        }
    }
    Ok(Token {
        trans: element.attribute("trans").unwrap_or_default().to_string(),
        id,
        diplomatic,
        annotations,
        line: element.line,
    })
}

impl CoraFile {
    pub fn annotation_tokens(&self) -> impl Iterator<Item = &AnnotationToken> {
        self.tokens.iter().flat_map(|t| t.annotations.iter())
    }

    /// Layer names in order of first appearance.
    pub fn layer_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (name, _) in self.annotation_tokens().flat_map(|a| a.layers.iter()) {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
        names
    }

    /// The running text and every annotation token's span in it.
    pub fn rebuild_text(
        &self,
        options: &CoraOptions,
        path: &Path,
    ) -> Result<RebuiltText, FileError> {
        let mut text = String::new();
        let mut length = 0;
        let mut spans = Vec::new();
        for annotation in self.annotation_tokens() {
            let t = &annotation.transcribed;
            let cleaned: String = t
                .trans
                .chars()
                .filter(|c| !options.split_marks.contains(*c))
                .map(|c| {
                    if options.merge_marks.contains(c) {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            let chosen = match options.transcription {
                Transcription::Trans => None,
                Transcription::Utf => t.utf.as_deref(),
                Transcription::Ascii => t.ascii.as_deref(),
            };
            let shown = chosen.filter(|s| !s.is_empty()).unwrap_or(&cleaned);
            let n = shown.chars().count();
            if n == 0 {
                return Err(FileError::new(
                    path,
                    Some(annotation.line),
                    format!("token {:?} has an empty transcription", t.id),
                ));
            }
            text.push_str(shown);
            spans.push((length, length + n));
            length += n;
            if !t.trans.chars().any(|c| options.split_marks.contains(c)) {
                text.push(' ');
                length += 1;
            }
        }
        Ok(RebuiltText { text, spans })
    }

    /// One unit per annotation token (see the module documentation), in text order; the
    /// category layer is the category, the other kept layers are the features.
    pub fn units(
        &self,
        options: &CoraOptions,
        path: &Path,
    ) -> Result<(String, Vec<Unit>), FileError> {
        let rebuilt = self.rebuild_text(options, path)?;
        let units = self
            .annotation_tokens()
            .zip(&rebuilt.spans)
            .map(|(annotation, &(start, end))| {
                let features: BTreeMap<String, String> = annotation
                    .layers
                    .iter()
                    .filter(|(name, _)| {
                        *name != options.category_layer && options.keeps_layer(name)
                    })
                    .cloned()
                    .collect();
                let category = annotation
                    .layer(&options.category_layer)
                    .unwrap_or_default()
                    .to_string();
                Unit::new(start as f64, end as f64, category)
                    .expect("spans of non-empty transcriptions are non-empty")
                    .with_features(features)
                    .with_source_id(annotation.transcribed.id.clone())
            })
            .collect();
        Ok((rebuilt.text, units))
    }

    /// This file with the layers of every annotation token replaced by those of the unit with
    /// the same span (the category as `options.category_layer`, the features as the other
    /// layers); tokens with no unit lose their layers. Everything else is kept. Units whose
    /// span is not an annotation token's are an error: CorA-XML cannot hold them without
    /// retokenizing.
    pub fn with_layers_from(
        &self,
        units: &[Unit],
        options: &CoraOptions,
        path: &Path,
    ) -> Result<(CoraFile, usize), String> {
        let rebuilt = self
            .rebuild_text(options, path)
            .map_err(|e| e.to_string())?;
        let mut by_span: BTreeMap<(usize, usize), &Unit> = BTreeMap::new();
        for unit in units {
            let span = (unit.start as usize, unit.end as usize);
            if by_span.insert(span, unit).is_some() {
                return Err(format!(
                    "two consensus units span [{}, {}): a CorA token has one set of layers",
                    span.0, span.1
                ));
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
            return Err(format!(
                "consensus unit {} {covered:?} does not match a token of {}; CorA-XML keeps the input's tokenization",
                unit,
                path.display()
            ));
        }
        let unmatched = replacements.iter().filter(|r| r.is_none()).count();
        let mut document = self.document.clone();
        let element_name = self.dialect.annotation_element();
        let mut next = replacements.into_iter();
        for token in document.root.elements_mut().filter(|e| e.name == "token") {
            for annotation in token.elements_mut().filter(|e| e.name == element_name) {
                let layers = next.next().expect("one replacement per annotation token");
                replace_layers(annotation, &layers.unwrap_or_default());
            }
        }
        let tokens = document
            .root
            .children_named("token")
            .map(|t| token(t, self.dialect, path))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let mut file = self.clone();
        file.tokens = tokens;
        file.document = document;
        Ok((file, unmatched))
    }

    pub fn to_xml(&self) -> String {
        self.document.to_xml()
    }

    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, self.to_xml().as_bytes())
    }

    /// A new CorA-XML file (`<dipl>`/`<mod>`) for units that do not overlap: one token per
    /// unit, its transcription the covered text (words joined by the merge mark `#`, one
    /// diplomatic token per word), the category in `category_layer`, features as layers.
    pub fn from_units(
        id: &str,
        text: &str,
        units: &[Unit],
        category_layer: &str,
    ) -> Result<CoraFile, String> {
        let mut sorted: Vec<&Unit> = units.iter().collect();
        sorted.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.end.total_cmp(&b.end)));
        for pair in sorted.windows(2) {
            if pair[1].start < pair[0].end {
                return Err(format!(
                    "units {} and {} overlap: CorA tokens cannot",
                    pair[0], pair[1]
                ));
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
                return Err(format!(
                    "unit {unit} is not a character span of the text ({} characters)",
                    chars.len()
                ));
            }
            let covered: String = chars[start..end].iter().collect();
            let words: Vec<&str> = covered.split_whitespace().collect();
            if words.is_empty() {
                return Err(format!("unit {unit} covers only spaces"));
            }
            let trans = words.join("#");
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
                    format!("{word}#")
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
        parse(out.as_bytes(), Path::new(id)).map_err(|e| e.to_string())
    }
}

fn is_xml_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Replaces the layer children (those with a `tag`) of an annotation element, keeping the
/// others (`<suggestions>`, `<cora-flag>`) and the file's indentation.
fn replace_layers(annotation: &mut Element, layers: &[(String, String)]) {
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
            Node::Element(e) => e.attribute("tag").is_none(),
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

/// One annotator's CorA file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotatorFile {
    pub annotator: String,
    pub path: PathBuf,
}

/// Reads one document: a file per annotator of the same text. The continuum's text is the
/// first annotator's; when another's differs (corrected transcriptions, other tokenization),
/// that annotator keeps its own text ([`crate::continuum::Annotator::own_text`]) and a warning
/// says so (tγ compares such files; γ's positions are then only approximate).
pub fn read_document(
    files: &[AnnotatorFile],
    options: &CoraOptions,
) -> Result<(Continuum, Vec<CoraFile>, Vec<Warning>), FileError> {
    let mut continuum = Continuum::default();
    let mut cora_files = Vec::new();
    let mut warnings = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let cora = read(&file.path)?;
        let (text, units) = cora.units(options, &file.path)?;
        if i == 0 {
            continuum.name = if cora.id.is_empty() {
                file.path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            } else {
                cora.id.clone()
            };
            continuum.text = Some(text.clone());
        }
        let index = continuum.add_annotator(&file.annotator);
        if continuum.text.as_deref() != Some(text.as_str()) {
            warnings.push(Warning::new(
                WarningKind::TextDiffers,
                &file.path,
                None,
                format!(
                    "its text differs from {}'s (other tokens or transcriptions): γ positions are approximate; tγ (`textgamma`) measures such files",
                    files[0].path.display()
                ),
            ));
            continuum.annotators[index].own_text = Some(text);
        }
        for unit in units {
            continuum.add_unit(&file.annotator, unit);
        }
        cora_files.push(cora);
    }
    Ok((continuum, cora_files, warnings))
}

/// Annotator names for CorA files: the file stems.
pub fn default_annotators(paths: &[PathBuf]) -> Vec<AnnotatorFile> {
    paths
        .iter()
        .map(|path| AnnotatorFile {
            annotator: path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            path: path.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- licence -->
<text id="x">
  <header>h</header>
  <token id="t1" trans="$ol|tu">
    <dipl id="t1_d1" trans="$ol|tu" utf="ſoltu"/>
    <mod id="t1_m1" trans="$ol|" utf="ſol" ascii="sol">
      <pos tag="VVFIN"/>
      <suggestions><pos tag="ART" score="0.1"/></suggestions>
    </mod>
    <mod id="t1_m2" trans="tu" utf="tu" ascii="tu">
      <pos tag="PPER"/>
      <lemma tag="du"/>
    </mod>
  </token>
  <comment type="K">Tintenfleck</comment>
  <token id="t2" trans="ge#e$$en">
    <dipl id="t2_d1" trans="ge#" utf="ge"/>
    <dipl id="t2_d2" trans="e$$en" utf="eſſen"/>
    <mod id="t2_m1" trans="ge#e$$en" utf="geeſſen" ascii="geessen">
      <lemma tag="essen"/>
    </mod>
  </token>
</text>
"#;

    fn sample() -> CoraFile {
        parse(SAMPLE.as_bytes(), Path::new("s.xml")).unwrap()
    }

    #[test]
    fn rebuilds_text_with_split_and_merge_marks() {
        let file = sample();
        assert_eq!(file.dialect, Dialect::Mod);
        let rebuilt = file
            .rebuild_text(&CoraOptions::default(), Path::new("s.xml"))
            .unwrap();
        assert_eq!(rebuilt.text, "$oltu ge e$$en ");
        assert_eq!(rebuilt.spans, [(0, 3), (3, 5), (6, 14)]);
        let utf = CoraOptions {
            transcription: Transcription::Utf,
            ..CoraOptions::default()
        };
        let rebuilt = file.rebuild_text(&utf, Path::new("s.xml")).unwrap();
        assert_eq!(rebuilt.text, "ſoltu geeſſen ");
        assert_eq!(rebuilt.spans, [(0, 3), (3, 5), (6, 13)]);
    }

    #[test]
    fn units_take_the_category_layer_and_keep_layers_as_features() {
        let (_, units) = sample()
            .units(&CoraOptions::default(), Path::new("s.xml"))
            .unwrap();
        assert_eq!(units.len(), 3);
        assert_eq!(units[0].category, "VVFIN");
        assert_eq!(
            units[1].features.get("lemma").map(String::as_str),
            Some("du")
        );
        assert_eq!(units[2].category, "", "no pos layer");
        assert_eq!(units[2].source_id.as_deref(), Some("t2_m1"));
        let lemma = CoraOptions {
            category_layer: "lemma".into(),
            layers: Some(vec![]),
            ..CoraOptions::default()
        };
        let (_, units) = sample().units(&lemma, Path::new("s.xml")).unwrap();
        assert_eq!(units[2].category, "essen");
        assert!(
            units[1].features.is_empty(),
            "the category layer is not repeated as a feature"
        );
    }

    #[test]
    fn consensus_keeps_structure_and_replaces_layers() {
        let file = sample();
        let path = Path::new("s.xml");
        let (_, mut units) = file.units(&CoraOptions::default(), path).unwrap();
        units[0].category = "ADV".into();
        units.remove(2);
        let (written, unmatched) = file
            .with_layers_from(&units, &CoraOptions::default(), path)
            .unwrap();
        assert_eq!(unmatched, 1);
        let xml = written.to_xml();
        assert!(xml.contains("<!-- licence -->"), "{xml}");
        assert!(
            xml.contains("<comment type=\"K\">Tintenfleck</comment>"),
            "{xml}"
        );
        assert!(xml.contains("<suggestions><pos tag=\"ART\" score=\"0.1\"/></suggestions>"));
        let again = parse(xml.as_bytes(), path).unwrap();
        assert_eq!(again.tokens, written.tokens);
        let annotations: Vec<_> = again.annotation_tokens().collect();
        assert_eq!(
            annotations[0].layers,
            [("pos".to_string(), "ADV".to_string())]
        );
        assert_eq!(
            annotations[1].layers,
            [
                ("pos".to_string(), "PPER".to_string()),
                ("lemma".to_string(), "du".to_string())
            ]
        );
        assert!(annotations[2].layers.is_empty());
        let stray = Unit::new(1.0, 4.0, "X").unwrap();
        let e = file
            .with_layers_from(&[stray], &CoraOptions::default(), path)
            .unwrap_err();
        assert!(e.contains("does not match a token"), "{e}");
    }

    #[test]
    fn round_trip_keeps_the_model() {
        let file = sample();
        let again = parse(file.to_xml().as_bytes(), Path::new("again.xml")).unwrap();
        assert_eq!(again.tokens, file.tokens);
        assert_eq!(again.dialect, file.dialect);
    }

    #[test]
    fn from_units_makes_tokens_readable_back() {
        let text = "Zoë met Bob à Caen.";
        let units = vec![
            Unit::new(0.0, 3.0, "PER").unwrap(),
            Unit::new(8.0, 11.0, "PER").unwrap(),
            Unit::new(12.0, 18.0, "LOC").unwrap(),
        ];
        let file = CoraFile::from_units("doc", text, &units, "pos").unwrap();
        let (rebuilt, read_back) = file
            .units(&CoraOptions::default(), Path::new("doc"))
            .unwrap();
        assert_eq!(rebuilt, "Zoë Bob à Caen ");
        let categories: Vec<&str> = read_back.iter().map(|u| u.category.as_str()).collect();
        assert_eq!(categories, ["PER", "PER", "LOC"]);
        assert_eq!(file.tokens[2].diplomatic.len(), 2);
        let overlapping = [
            Unit::new(0.0, 3.0, "A").unwrap(),
            Unit::new(2.0, 5.0, "B").unwrap(),
        ];
        assert!(CoraFile::from_units("d", text, &overlapping, "pos").is_err());
    }

    #[test]
    fn unknown_variants_and_bad_tokens_are_errors() {
        let p = Path::new("v.xml");
        let e = parse(
            b"<text id=\"a\">\n<token id=\"t1\" trans=\"a\">\n<w/>\n</token>\n</text>",
            p,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "v.xml: line 2: unknown CorA variant: tokens have no <mod>, <tok_anno> or <anno> (children found: w)"
        );
        let e = parse(b"<text id=\"a\"/>", p).unwrap_err();
        assert!(e.to_string().contains("no <token>"), "{e}");
        let e = parse(b"<TEI/>", p).unwrap_err();
        assert!(e.to_string().contains("root element is <TEI>"), "{e}");
        let mixed = "<text>\n<token id=\"t1\" trans=\"a\"><mod id=\"m\" trans=\"a\"/></token>\n<token id=\"t2\" trans=\"b\"><anno id=\"n\" trans=\"b\"/></token>\n</text>";
        let e = parse(mixed.as_bytes(), p).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("v.xml: line 3: unknown CorA variant"),
            "{e}"
        );
        let no_trans = "<text>\n<token id=\"t1\" trans=\"a\">\n<mod id=\"m\"/></token>\n</text>";
        let e = parse(no_trans.as_bytes(), p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "v.xml: line 3: <mod> \"m\" without a trans attribute"
        );
        let empty =
            "<text>\n<token id=\"t1\" trans=\"|\">\n<mod id=\"m\" trans=\"|\"/></token>\n</text>";
        let file = parse(empty.as_bytes(), p).unwrap();
        let e = file.rebuild_text(&CoraOptions::default(), p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "v.xml: line 3: token \"m\" has an empty transcription"
        );
        let twice = "<text>\n<token id=\"t1\" trans=\"a\"><mod id=\"m\" trans=\"a\"/></token>\n<token id=\"t1\" trans=\"b\"><mod id=\"n\" trans=\"b\"/></token>\n</text>";
        let e = parse(twice.as_bytes(), p).unwrap_err();
        assert_eq!(e.to_string(), "v.xml: line 3: duplicate id \"t1\"");
    }
}
