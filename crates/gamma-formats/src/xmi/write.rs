//! Writing UIMA CAS XMI as INCEpTION imports it (and as [`super::parse`] reads it): the text
//! as the `sofaString` of the `_InitialView`'s `cas:Sofa`; DKPro `Token` and `Sentence`
//! annotations (sentences are the text's lines, tokens its runs of non-space characters, cut at
//! every unit boundary, as the TSV 3 writer cuts them); one element per unit in the layer's type
//! (namespace `http:///<package as a path>.ecore`, element the type's last name), the category
//! and the units' other features as attributes; a `cas:View` listing every annotation. Offsets
//! are UTF-16 code units (an emoji counts two); attribute values escape `& < > "` and keep tabs,
//! line breaks and carriage returns as character references, so CR LF comes back as CR LF.

use super::{DEPENDENCY, POS_FEATURE};
use crate::layer_choice::short_name;
use crate::webanno_tsv::{
    feature_name, identifier_characters, layer_features, sentences, unit_boundaries, utf16_offsets,
};
use crate::{FileError, Unwritable, XmlPlace, write_atomically};
use gamma_core::relation::{Endpoint, Relation};
use gamma_core::unit::Unit;
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

/// The package of DKPro's tokens and sentences.
const SEGMENTATION: &str = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type";

/// The namespace UIMA gives types without a package.
const NO_NAMESPACE: &str = "uima.noNamespace";

/// Attributes every annotation has: a feature of these names gets another.
pub(super) const RESERVED: [&str; 4] = ["begin", "end", "sofa", "id"];

/// The namespace URI of a package: `webanno.custom` → `http:///webanno/custom.ecore`.
fn namespace(package: &str) -> String {
    format!("http:///{}.ecore", package.replace('.', "/"))
}

/// Whether XML 1.0 can hold this character (as itself or as a character reference).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        || c >= '\u{10000}'
}

/// A value escaped for an attribute between double quotes; tabs and line breaks as character
/// references (an XML reader would turn them into spaces otherwise). Fails on a character XML
/// 1.0 cannot hold, naming it and its character offset.
fn attribute(value: &str, place: impl FnOnce() -> XmlPlace) -> Result<String, Unwritable> {
    let mut out = String::with_capacity(value.len());
    for (i, c) in value.chars().enumerate() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c if xml_char(c) => out.push(c),
            character => {
                return Err(Unwritable::NotXml {
                    place: place(),
                    character,
                    at: i,
                });
            }
        }
    }
    Ok(out)
}

/// A relation layer to write: its full type name and the feature that holds the label (none:
/// the type has no feature; its labels are its short name, not written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RelationLayer {
    /// The full UIMA type name.
    pub name: String,
    /// The feature whose value is the relation's label.
    pub feature: Option<String>,
}

impl RelationLayer {
    /// The relation layer written when the document's own are not known: INCEpTION's custom
    /// relation layer with a `value` feature.
    pub(crate) fn default_layer() -> RelationLayer {
        RelationLayer {
            name: "webanno.custom.Relation".into(),
            feature: Some("value".into()),
        }
    }

    /// Whether its ends are tokens: a DKPro dependency, attached to the tokens' parts of speech.
    pub(crate) fn through_tokens(&self) -> bool {
        self.name == DEPENDENCY
    }

    /// The attribute that holds a relation's label `value`, and the value written: none for
    /// `*` (no value) and, in a layer without features, for its short name; `value` for
    /// another label of a layer without features (INCEpTION skips a feature it does not know).
    pub(crate) fn label_attribute<'a>(&'a self, value: &'a str) -> Option<(&'a str, &'a str)> {
        match &self.feature {
            _ if value == "*" => None,
            Some(feature) => Some((feature, value)),
            None if value == short_name(&self.name) => None,
            None => Some(("value", value)),
        }
    }

    /// The attribute that holds label `value` of relation `id`, as written after its ends
    /// (empty when none holds it: see [`Self::label_attribute`]).
    pub(crate) fn label_written(&self, value: &str, id: &str) -> Result<String, Unwritable> {
        let Some((name, value)) = self.label_attribute(value) else {
            return Ok(String::new());
        };
        let place = || XmlPlace::RelationLabel { id: id.to_string() };
        Ok(format!(" {name}=\"{}\"", attribute(value, place)?))
    }

    /// The layer of `layers` a label goes to and its value there: with several layers,
    /// `Short:value` names its layer (as the reader labels them); otherwise the first layer,
    /// the whole label.
    pub(crate) fn layer_of<'a>(label: &'a str, layers: &[RelationLayer]) -> (usize, &'a str) {
        if layers.len() > 1
            && let Some((short, value)) = label.split_once(':')
            && let Some(layer) = layers.iter().position(|l| short_name(&l.name) == short)
        {
            return (layer, value);
        }
        (0, label)
    }
}

/// The XML namespace prefixes of the packages written, one per package.
#[derive(Default)]
struct Prefixes {
    /// (package, prefix), in order of first use.
    packages: Vec<(String, String)>,
}

impl Prefixes {
    /// The element name of a full type name: `prefix:Name` (each part of the name made a
    /// Java identifier, as UIMA type names are).
    fn element(&mut self, type_name: &str) -> String {
        let identifier = |part: &str| {
            let mut out = identifier_characters(part);
            if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
                out.insert(0, '_');
            }
            out
        };
        let parts: Vec<String> = type_name.split('.').map(identifier).collect();
        let (local, package) = parts.split_last().expect("split gives one part or more");
        let package = if package.is_empty() {
            NO_NAMESPACE.to_string()
        } else {
            package.join(".")
        };
        let (package, local) = (package.as_str(), local.as_str());
        if let Some((_, prefix)) = self.packages.iter().find(|(p, _)| p == package) {
            return format!("{prefix}:{local}");
        }
        let base = feature_name(package.rsplit('.').next().unwrap_or(package), &[]);
        let mut prefix = base.clone();
        let mut n = 1;
        while ["xmi", "cas", "xml", "xmlns"].contains(&prefix.as_str())
            || self.packages.iter().any(|(_, p)| *p == prefix)
        {
            n += 1;
            prefix = format!("{base}{n}");
        }
        self.packages.push((package.to_string(), prefix.clone()));
        format!("{prefix}:{local}")
    }
}

/// The XMI of `units` over `text` in the span layer `layer` (a full type name such as
/// `webanno.custom.Span`) whose feature `feature` holds the category (empty: the layer has no
/// category feature and categories are not written; `*` is no value). Each unit's other
/// features are attributes of their own (names made valid UIMA feature names). Fails when a
/// unit is not a character span of the text or a value holds a character XML 1.0 cannot.
pub fn to_xmi(
    text: &str,
    units: &[Unit],
    layer: &str,
    feature: &str,
) -> Result<String, Unwritable> {
    to_xmi_with_relations(text, units, &[], layer, feature, &[]).map(|(xmi, _)| xmi)
}

/// [`to_xmi`] with the `relations` between the units (endpoints named by the units' ids) in
/// the relation layers `relation_layers` (see [`RelationLayer`]; the default one when none is
/// given and there are relations): one element each after the units, its `Governor` the
/// source's, its `Dependent` the target's, its offsets the target's, as INCEpTION writes them.
/// Returns the file and how many relations could not be written (an end is a group or no unit
/// of `units`; a dependency's end has no token of its own).
pub(crate) fn to_xmi_with_relations(
    text: &str,
    units: &[Unit],
    relations: &[Relation],
    layer: &str,
    feature: &str,
    relation_layers: &[RelationLayer],
) -> Result<(String, usize), Unwritable> {
    let chars: Vec<char> = text.chars().collect();
    let cuts = unit_boundaries(units, chars.len())?;
    let features = layer_features(units, feature, &RESERVED);
    let default = [RelationLayer::default_layer()];
    let relation_layers = match (relation_layers.is_empty(), relations.is_empty()) {
        (true, false) => &default[..],
        _ => relation_layers,
    };
    let mut prefixes = Prefixes::default();
    let token = prefixes.element(&format!("{SEGMENTATION}.Token"));
    let sentence = prefixes.element(&format!("{SEGMENTATION}.Sentence"));
    let unit_element = prefixes.element(layer);
    let relation_elements: Vec<String> = (relation_layers.iter())
        .map(|l| prefixes.element(&l.name))
        .collect();
    let lines = sentences(&chars, &cuts);
    let tokens: Vec<(usize, usize)> = lines.iter().flatten().copied().collect();
    let ids = Ids::new(tokens.len(), lines.len(), units.len());
    let attached = match relation_layers.iter().any(RelationLayer::through_tokens) {
        true => attach_to_tokens(units, &tokens),
        false => HashMap::new(),
    };
    let (placed, left_out) = place(relations, units, relation_layers, &tokens, &attached);
    let mut body = Body {
        utf16: utf16_offsets(&chars),
        out: String::new(),
    };
    for (i, &span) in tokens.iter().enumerate() {
        body.open(&token, ids.token(i), span);
        if let Some(&unit) = attached.get(&i) {
            let _ = write!(body.out, " {POS_FEATURE}=\"{}\"", ids.unit(unit));
        }
        body.out.push_str("/>\n");
    }
    for (i, tokens) in lines.iter().enumerate() {
        body.open(
            &sentence,
            ids.sentence(i),
            (tokens[0].0, tokens[tokens.len() - 1].1),
        );
        body.out.push_str("/>\n");
    }
    for (index, unit) in units.iter().enumerate() {
        body.open(
            &unit_element,
            ids.unit(index),
            (unit.start as usize, unit.end as usize),
        );
        body.out.push_str(&unit_attributes(unit, index, &features)?);
        body.out.push_str("/>\n");
    }
    for (k, relation) in placed.iter().enumerate() {
        let end = |end: End| match end {
            End::Unit(u) => ids.unit(u),
            End::Token(t) => ids.token(t),
        };
        body.open(
            &relation_elements[relation.layer],
            ids.relation(k),
            relation.span,
        );
        let (governor, dependent) = (end(relation.governor), end(relation.dependent));
        let _ = write!(
            body.out,
            " Governor=\"{governor}\" Dependent=\"{dependent}\""
        );
        let layer = &relation_layers[relation.layer];
        body.out
            .push_str(&layer.label_written(relation.value, relation.id)?);
        body.out.push_str("/>\n");
    }
    let members: Vec<String> = (Ids::SOFA + 1..ids.relation(placed.len()))
        .map(|id| id.to_string())
        .collect();
    let sofa = attribute(text, || XmlPlace::Text)?;
    Ok((whole_file(&prefixes, &body.out, &sofa, &members), left_out))
}

/// The elements of a file being written.
struct Body {
    /// The UTF-16 offset of each character offset of the text.
    utf16: Vec<usize>,
    out: String,
}

impl Body {
    /// Opens the element of an annotation of the initial view: its name, id, sofa and offsets.
    fn open(&mut self, name: &str, id: usize, (start, end): (usize, usize)) {
        let _ = write!(
            self.out,
            "    <{name} xmi:id=\"{id}\" sofa=\"{}\" begin=\"{}\" end=\"{}\"",
            Ids::SOFA,
            self.utf16[start],
            self.utf16[end]
        );
    }
}

/// The attributes of a unit (after its position): its category (none for `*`) and its other
/// features, as `features` names them ([`layer_features`]), unescaped.
pub(super) fn unit_values(
    unit: &Unit,
    features: &[(String, Option<String>)],
) -> Vec<(String, String)> {
    (features.iter())
        .filter_map(|(name, key)| {
            let value = match key {
                None if unit.category == "*" => None,
                None => Some(&unit.category),
                Some(key) => unit.features.get(key),
            };
            Some((name.clone(), value?.clone()))
        })
        .collect()
}

/// [`unit_values`] of unit `index` as written; fails on a value XML 1.0 cannot hold.
pub(super) fn unit_attributes(
    unit: &Unit,
    index: usize,
    features: &[(String, Option<String>)],
) -> Result<String, Unwritable> {
    let mut out = String::new();
    for (name, value) in unit_values(unit, features) {
        let place = || XmlPlace::Feature {
            index,
            unit: Box::new(unit.clone()),
            feature: name.clone(),
        };
        let _ = write!(out, " {name}=\"{}\"", attribute(&value, place)?);
    }
    Ok(out)
}

/// The file around `body`: the declaration, the root with the namespaces of `prefixes`, the
/// sofa (`sofa` escaped) and the view listing `members`.
fn whole_file(prefixes: &Prefixes, body: &str, sofa: &str, members: &[String]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xmi:XMI xmlns:xmi=\"http://www.omg.org/XMI\" xmlns:cas=\"http:///uima/cas.ecore\"",
    );
    for (package, prefix) in &prefixes.packages {
        let _ = write!(out, " xmlns:{prefix}=\"{}\"", namespace(package));
    }
    out.push_str(" xmi:version=\"2.0\">\n    <cas:NULL xmi:id=\"0\"/>\n");
    out.push_str(body);
    let _ = write!(
        out,
        "    <cas:Sofa xmi:id=\"{}\" sofaNum=\"1\" sofaID=\"_InitialView\" mimeType=\"text\" sofaString=\"{sofa}\"/>\n    <cas:View sofa=\"{}\" members=\"{}\"/>\n</xmi:XMI>\n",
        Ids::SOFA,
        Ids::SOFA,
        members.join(" ")
    );
    out
}

/// The `xmi:id`s of a written file: the sofa, then the tokens, the sentences, the units and the
/// relations, numbered on.
struct Ids {
    tokens: usize,
    sentences: usize,
    units: usize,
}

impl Ids {
    const SOFA: usize = 1;

    fn new(tokens: usize, sentences: usize, units: usize) -> Ids {
        Ids {
            tokens,
            sentences,
            units,
        }
    }

    fn token(&self, i: usize) -> usize {
        Self::SOFA + 1 + i
    }

    fn sentence(&self, i: usize) -> usize {
        self.token(self.tokens) + i
    }

    fn unit(&self, i: usize) -> usize {
        self.sentence(self.sentences) + i
    }

    fn relation(&self, i: usize) -> usize {
        self.unit(self.units) + i
    }
}

/// For the tokens that are a unit's first token, that unit (the first of several that start
/// there): the token's `pos`, which a dependency's ends name.
fn attach_to_tokens(units: &[Unit], tokens: &[(usize, usize)]) -> HashMap<usize, usize> {
    let mut attached = HashMap::new();
    for (index, unit) in units.iter().enumerate() {
        let (start, end) = (unit.start as usize, unit.end as usize);
        let first = tokens.partition_point(|t| t.0 < start);
        if tokens.get(first).is_some_and(|t| t.0 < end) {
            attached.entry(first).or_insert(index);
        }
    }
    attached
}

/// An end of a written relation: a unit, or a token whose `pos` is the unit.
#[derive(Debug, Clone, Copy)]
enum End {
    Unit(usize),
    Token(usize),
}

/// A relation as written.
struct Placed<'a> {
    id: &'a str,
    layer: usize,
    value: &'a str,
    governor: End,
    dependent: End,
    /// The characters its element spans: its dependent's.
    span: (usize, usize),
}

/// The relations that can be written, with their layer, label and ends, and how many cannot.
fn place<'a>(
    relations: &'a [Relation],
    units: &[Unit],
    layers: &'a [RelationLayer],
    tokens: &[(usize, usize)],
    attached: &HashMap<usize, usize>,
) -> (Vec<Placed<'a>>, usize) {
    let index: HashMap<&str, usize> = (units.iter().enumerate())
        .filter_map(|(i, u)| Some((u.source_id.as_deref()?, i)))
        .collect();
    let token_of: HashMap<usize, usize> = attached.iter().map(|(&t, &u)| (u, t)).collect();
    let mut placed = Vec::new();
    let mut left_out = 0;
    for relation in relations {
        let (layer, value) = RelationLayer::layer_of(&relation.label, layers);
        let end = |e: &Endpoint| {
            let unit = match e {
                Endpoint::Unit(id) => *index.get(id.as_str())?,
                Endpoint::Group { .. } => return None,
            };
            if !layers[layer].through_tokens() {
                let span = (units[unit].start as usize, units[unit].end as usize);
                return Some((End::Unit(unit), span));
            }
            let token = *token_of.get(&unit)?;
            Some((End::Token(token), tokens[token]))
        };
        let (Some((governor, _)), Some((dependent, span))) =
            (end(&relation.source), end(&relation.target))
        else {
            left_out += 1;
            continue;
        };
        placed.push(Placed {
            id: &relation.id,
            layer,
            value,
            governor,
            dependent,
            span,
        });
    }
    (placed, left_out)
}

/// Writes `units` over `text` as an XMI file (see [`to_xmi`]), atomically.
pub fn write(
    path: &Path,
    text: &str,
    units: &[Unit],
    layer: &str,
    feature: &str,
) -> Result<(), FileError> {
    let contents =
        to_xmi(text, units, layer, feature).map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, contents.as_bytes())
}
