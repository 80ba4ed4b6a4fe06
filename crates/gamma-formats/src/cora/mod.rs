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

use super::annotator_files::AnnotatorFile;
use super::xml::{self, Element};
use super::{FileError, Warning, WarningKind};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;
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
    /// The name of the annotation token element (`mod`, `tok_anno`, `anno`).
    pub(crate) fn annotation_element(self) -> &'static str {
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

gamma_core::named_choices! {
    Transcription, "transcription", dash_or_underscore;
    Trans => "trans",
    Utf => "utf",
    Ascii => "ascii",
}

/// How units are made of a CorA file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoraOptions {
    /// The layer whose value is the unit's category.
    pub category_layer: String,
    /// The user chose `category_layer` (rather than taking the default `pos`): a file where no
    /// token has it is then an error, not a document of tokens without category.
    pub category_layer_chosen: bool,
    /// The layers kept as features (all when `None`).
    pub layers: Option<Vec<String>>,
    /// Which transcription of the tokens makes the text.
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
            category_layer_chosen: false,
            layers: None,
            transcription: Transcription::Trans,
            merge_marks: "#".into(),
            split_marks: "|§".into(),
        }
    }
}

impl CoraOptions {
    pub(crate) fn keeps_layer(&self, name: &str) -> bool {
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
    /// The `id` attribute.
    pub id: String,
    /// The `trans` attribute: the transcription with its marks.
    pub trans: String,
    /// The `utf` attribute: the transcription in Unicode.
    pub utf: Option<String>,
    /// The `ascii` attribute: the transcription in ASCII.
    pub ascii: Option<String>,
}

/// One annotation token (`<mod>`, `<tok_anno>` or `<anno>`). Equality ignores the line.
#[derive(Debug, Clone, Eq)]
pub struct AnnotationToken {
    /// Its id and transcriptions.
    pub transcribed: Transcribed,
    /// Direct children with a `tag` attribute, in file order: (layer, value).
    pub layers: Vec<(String, String)>,
    /// The line of its element in the file.
    pub line: u64,
}

impl AnnotationToken {
    /// The value of layer `name`, if the token has it.
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
    /// The `id` attribute.
    pub id: String,
    /// The `trans` attribute: the source word with its marks.
    pub trans: String,
    /// Its diplomatic tokens, as in the source.
    pub diplomatic: Vec<Transcribed>,
    /// Its annotation tokens.
    pub annotations: Vec<AnnotationToken>,
    /// The line of its element in the file.
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
    /// The `id` of the `<text>` element.
    pub id: String,
    /// Which element names the file uses.
    pub dialect: Dialect,
    /// Its tokens, in file order.
    pub tokens: Vec<Token>,
    /// The file as read, to write a consensus with the same structure.
    pub document: xml::Document,
}

/// The running text of a file and each annotation token's `[start, end)` in it (characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RebuiltText {
    /// The running text.
    pub text: String,
    /// Each annotation token's `[start, end)`, in characters.
    pub spans: Vec<(usize, usize)>,
}

/// Reads a CorA-XML file.
pub fn read(path: &Path) -> Result<CoraFile, FileError> {
    parse(&super::read_bytes(path)?, path)
}

/// Parses CorA-XML read from `path` (named in errors).
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
    /// Every annotation token, in file order.
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
    pub(crate) fn rebuild_text(
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
        let has_layer = self
            .annotation_tokens()
            .any(|a| a.layer(&options.category_layer).is_some());
        if options.category_layer_chosen && !has_layer && self.annotation_tokens().next().is_some()
        {
            let mut present: Vec<&str> = self
                .annotation_tokens()
                .flat_map(|a| a.layers.iter().map(|(name, _)| name.as_str()))
                .collect();
            present.sort_unstable();
            present.dedup();
            return Err(FileError::new(
                path,
                None,
                format!(
                    "no token has the layer {:?} chosen as the category (layers here: {})",
                    options.category_layer,
                    present.join(", ")
                ),
            ));
        }
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
}

/// Reads one document: a file per annotator of the same text. The continuum's text is the
/// first annotator's; when another's differs (corrected transcriptions, other tokenization),
/// that annotator keeps its own text ([`gamma_core::continuum::Annotator::own_text`]) and a warning
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

mod codec;
mod whole;
mod write;
pub use codec::CORA;
pub(crate) use whole::whole_gold;
pub(crate) use write::{is_xml_name, spans_from_units};

#[cfg(test)]
mod tests;
