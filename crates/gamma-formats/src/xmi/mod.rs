//! UIMA CAS XMI, INCEpTION's default export: one file per annotator of a document.
//!
//! The text is the `sofaString` of the `cas:Sofa` whose `sofaID` is `_InitialView`; the
//! annotations are the elements with `begin` and `end` that belong to that view (listed in its
//! `cas:View members`). An element's type is its namespace's package (`http:///webanno/custom.ecore`
//! → `webanno.custom`) and its name: `webanno.custom.Span`. Structural types (tokens,
//! sentences, document metadata) are not layers. A layer's features are its elements'
//! attributes; with the `TypeSystem.xml` beside the file (INCEpTION exports it), only those of
//! primitive range (strings, numbers, booleans), not the references to other structures. Offsets are UTF-16 code units, converted
//! to characters (an emoji is one character); the text keeps its character references (CR LF
//! stays CR LF). An element whose `Governor` and `Dependent` name two annotations is a relation,
//! not a span: the relation layers over the span layer read are the annotators' relations
//! (`relations`).
//!
//! Writing: [`to_xmi`] and [`write()`] (one span layer, its features as attributes), with the
//! relations between the units when a document is converted or its gold written; the gold of an
//! XMI document is the base annotator's file with the gold in place of the measured layer
//! (`whole`).

use super::layer_choice;
use super::webanno_tsv::{LayerChoice, Utf16Offsets, cut_message};
use super::{FileError, Warning, WarningKind, xml};
use gamma_core::unit::Unit;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

mod codec;
mod relations;
mod tree;
mod whole;
mod whole_notes;
mod write;
pub use codec::XMI;
pub(crate) use codec::span_file;
pub(crate) use whole::whole_gold;
pub use write::{to_xmi, write};

/// DKPro's token type: tokens are not a layer, but a dependency relation names them.
const TOKEN: &str = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token";

/// Types that structure the text rather than annotate it: never layers.
const STRUCTURAL: [&str; 5] = [
    "uima.tcas.DocumentAnnotation",
    "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData",
    "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.TagsetDescription",
    TOKEN,
    "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Sentence",
];

/// DKPro's dependency relation, between tokens.
const DEPENDENCY: &str = "de.tudarmstadt.ukp.dkpro.core.api.syntax.type.dependency.Dependency";

/// The token feature that names a token's part of speech, to which dependencies are attached.
const POS_FEATURE: &str = "pos";

/// The features by which an INCEpTION relation names its two ends (its source and its target).
const RELATION_ENDS: [&str; 2] = ["Governor", "Dependent"];

/// One annotation of the initial view.
#[derive(Debug, Clone, PartialEq)]
pub struct XmiAnnotation {
    /// Its full type name.
    pub layer: String,
    /// First character.
    pub start: usize,
    /// One past the last character.
    pub end: usize,
    /// Its primitive features.
    pub features: BTreeMap<String, String>,
    /// Its `xmi:id`.
    pub id: String,
    /// The line of its element.
    pub line: u64,
}

/// One relation of the initial view: an element whose `Governor` and `Dependent` name two
/// annotations by their `xmi:id` (as INCEpTION's relation layers do).
#[derive(Debug, Clone, PartialEq)]
pub struct XmiRelation {
    /// Its full type name.
    pub layer: String,
    /// The `xmi:id` its `Governor` names (empty when it has none).
    pub governor: String,
    /// The `xmi:id` its `Dependent` names (empty when it has none).
    pub dependent: String,
    /// Its primitive features.
    pub features: BTreeMap<String, String>,
    /// Its `xmi:id`.
    pub id: String,
    /// The line of its element.
    pub line: u64,
}

/// The content of one XMI file.
#[derive(Debug, Clone, PartialEq)]
pub struct XmiFile {
    /// The text of the initial view.
    pub text: String,
    /// The span layers (full type names) with their features, in order of first appearance.
    pub layers: Vec<(String, Vec<String>)>,
    /// The annotations of those layers.
    pub annotations: Vec<XmiAnnotation>,
    /// The relation layers and where their labels come from, in order of first appearance.
    pub(crate) relation_layers: Vec<relations::RelationType>,
    /// The relations of those layers.
    pub relations: Vec<XmiRelation>,
    /// The tokens' attributes other than their position, by the tokens' `xmi:id`s (a token's
    /// `pos` names its part of speech, through which a dependency reaches it).
    pub(crate) tokens: HashMap<String, Vec<(String, String)>>,
}

/// Whether these bytes look like an XMI file (to tell it from CorA-XML).
pub(crate) fn looks_like(bytes: &[u8]) -> bool {
    let start = &bytes[..bytes.len().min(2048)];
    start.windows(8).any(|w| w == b"<xmi:XMI")
}

/// Reads one XMI file, with `TypeSystem.xml` beside it when there is one.
pub fn read(path: &Path) -> Result<XmiFile, FileError> {
    let bytes = super::read_bytes(path)?;
    parse(&bytes, path, type_system_beside(path)?.as_ref())
}

/// The primitive features of the `TypeSystem.xml` beside an XMI file, when there is one.
fn type_system_beside(path: &Path) -> Result<Option<PrimitiveFeatures>, FileError> {
    let type_system = path
        .parent()
        .map(|folder| folder.join("TypeSystem.xml"))
        .filter(|p| p.is_file());
    match type_system {
        Some(ts) => Ok(Some(primitive_features(&super::read_bytes(&ts)?, &ts)?)),
        None => Ok(None),
    }
}

/// The primitive features of each type (by full name), from a type system description, in the
/// order it declares them: (name, whether its range is a string).
pub(crate) type PrimitiveFeatures = HashMap<String, Vec<(String, bool)>>;

/// The primitive features of each type of a UIMA type system description.
pub(crate) fn primitive_features(
    bytes: &[u8],
    path: &Path,
) -> Result<PrimitiveFeatures, FileError> {
    let root = xml::parse(bytes, path)?;
    let mut out: PrimitiveFeatures = HashMap::new();
    let types = root
        .child("types")
        .into_iter()
        .flat_map(|t| t.children_named("typeDescription"));
    for description in types {
        let name = description
            .child("name")
            .map(|n| n.text())
            .unwrap_or_default();
        let features = out.entry(name.trim().to_string()).or_default();
        for feature in description
            .child("features")
            .into_iter()
            .flat_map(|f| f.children_named("featureDescription"))
        {
            let range = feature
                .child("rangeTypeName")
                .map(|r| r.text())
                .unwrap_or_default();
            let range = range.trim();
            if range.starts_with("uima.cas.")
                && !range.ends_with("Array")
                && range != "uima.cas.TOP"
                || range == "uima.cas.String"
            {
                let feature_name = feature.child("name").map(|n| n.text()).unwrap_or_default();
                features.push((feature_name.trim().to_string(), range == "uima.cas.String"));
            }
        }
    }
    Ok(out)
}

/// The package of an Ecore namespace URI: `http:///webanno/custom.ecore` → `webanno.custom`
/// (empty for UIMA's `http:///uima/noNamespace.ecore`, the types without a package).
fn package_of(uri: &str) -> Option<String> {
    let path = uri.strip_prefix("http:///")?.strip_suffix(".ecore")?;
    Some(if path == "uima/noNamespace" {
        String::new()
    } else {
        path.replace('/', ".")
    })
}

/// Parses XMI bytes; `primitive` lists the primitive features of each type when the type
/// system is known.
pub fn parse(
    bytes: &[u8],
    path: &Path,
    primitive: Option<&PrimitiveFeatures>,
) -> Result<XmiFile, FileError> {
    let root = xml::parse_with_root(bytes, path, "xmi:XMI", "a UIMA XMI file")?;
    let packages: HashMap<&str, String> = root
        .attributes
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("xmlns:")?, package_of(v)?)))
        .collect();
    let sofa = root
        .children_named("cas:Sofa")
        .find(|s| s.attribute("sofaID") == Some("_InitialView"))
        .ok_or_else(|| FileError::new(path, Some(root.line), "no cas:Sofa of the _InitialView"))?;
    let sofa_id = sofa.attribute("xmi:id").unwrap_or_default();
    let sofas: HashSet<&str> = (root.children_named("cas:Sofa"))
        .filter_map(|s| s.attribute("xmi:id"))
        .collect();
    let text = sofa.attribute("sofaString").unwrap_or_default().to_string();
    let members: HashSet<&str> = root
        .children_named("cas:View")
        .filter(|v| v.attribute("sofa") == Some(sofa_id))
        .flat_map(|v| {
            v.attribute("members")
                .unwrap_or_default()
                .split_whitespace()
        })
        .collect();
    let mut read = Reading {
        path,
        primitive,
        offsets: Utf16Offsets::new(&text),
        text: &text,
        file: XmiFile {
            text: String::new(),
            layers: Vec::new(),
            annotations: Vec::new(),
            relation_layers: Vec::new(),
            relations: Vec::new(),
            tokens: HashMap::new(),
        },
    };
    for element in root.elements() {
        let relation = RELATION_ENDS.iter().any(|f| element.attribute(f).is_some());
        let positioned = element.attribute("begin").is_some() && element.attribute("end").is_some();
        if !relation && !positioned {
            continue;
        }
        let id = element.attribute("xmi:id").unwrap_or_default();
        // Another view's annotations are left to it; one of a sofa the file lacks is damage.
        if let Some(missing) = element.attribute("sofa").filter(|s| !sofas.contains(s)) {
            return Err(FileError::new(
                path,
                Some(element.line),
                format!(
                    "<{}> xmi:id {id:?} is on sofa {missing:?}, and the file has no cas:Sofa \
                     of that xmi:id: the file is damaged",
                    element.name
                ),
            ));
        }
        if element.attribute("sofa") != Some(sofa_id) || !members.contains(id) {
            continue;
        }
        let (prefix, local) = element.name.split_once(':').unwrap_or(("", &element.name));
        let layer = match packages.get(prefix) {
            Some(package) if !package.is_empty() => format!("{package}.{local}"),
            _ => local.to_string(),
        };
        if layer == TOKEN {
            read.token(element, id);
        } else if STRUCTURAL.contains(&layer.as_str()) {
            continue;
        } else if relation {
            read.relation(element, id, layer);
        } else {
            read.annotation(element, id, layer)?;
        }
    }
    let mut file = read.file;
    file.relation_layers = relations::label_rules(&file.relations, primitive);
    file.text = text;
    Ok(file)
}

/// A file being read: where it comes from, what is known of its types, what was read so far.
struct Reading<'a> {
    path: &'a Path,
    primitive: Option<&'a PrimitiveFeatures>,
    offsets: Utf16Offsets,
    text: &'a str,
    file: XmiFile,
}

impl Reading<'_> {
    /// Whether attribute `name` of an element of type `layer` is a feature: a primitive one
    /// when the type system is known, any attribute otherwise.
    fn is_feature(&self, layer: &str, name: &str) -> bool {
        match self.primitive.and_then(|p| p.get(layer)) {
            Some(features) => features.iter().any(|(f, _)| f == name),
            None => true,
        }
    }

    /// The features of an element of type `layer`, without the attributes every annotation has
    /// and without the ends of a relation.
    fn features(&self, element: &xml::Element, layer: &str) -> BTreeMap<String, String> {
        (element.attributes.iter())
            .filter(|(k, _)| !matches!(k.as_str(), "xmi:id" | "sofa" | "begin" | "end"))
            .filter(|(k, _)| !RELATION_ENDS.contains(&k.as_str()))
            .filter(|(k, _)| self.is_feature(layer, k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// A token: its attributes that may name the annotations attached to it.
    fn token(&mut self, element: &xml::Element, id: &str) {
        let attached = (element.attributes.iter())
            .filter(|(k, _)| !matches!(k.as_str(), "xmi:id" | "sofa" | "begin" | "end"))
            .cloned()
            .collect();
        self.file.tokens.insert(id.to_string(), attached);
    }

    fn relation(&mut self, element: &xml::Element, id: &str, layer: String) {
        let end = |name: &str| element.attribute(name).unwrap_or_default().to_string();
        let features = self.features(element, &layer);
        self.file.relations.push(XmiRelation {
            governor: end(RELATION_ENDS[0]),
            dependent: end(RELATION_ENDS[1]),
            layer,
            features,
            id: id.to_string(),
            line: element.line,
        });
    }

    fn annotation(
        &mut self,
        element: &xml::Element,
        id: &str,
        layer: String,
    ) -> Result<(), FileError> {
        let error = |message: String| FileError::new(self.path, Some(element.line), message);
        let offset = |what: &str| -> Result<usize, FileError> {
            let value = element.attribute(what).unwrap_or_default();
            let utf16 = value.trim().parse::<usize>().map_err(|_| {
                error(format!(
                    "<{}> {what} {value:?} is not a number",
                    element.name
                ))
            })?;
            self.offsets.char_offset(utf16).ok_or_else(|| {
                error(format!(
                    "<{}> {what} {utf16} is beyond the text ({} UTF-16 units)",
                    element.name,
                    self.text.encode_utf16().count()
                ))
            })
        };
        let (start, end) = (offset("begin")?, offset("end")?);
        let utf16 = |what: &str| element.attribute(what).unwrap_or_default().trim().parse();
        if let (Ok(begin), Ok(finish)) = (utf16("begin"), utf16("end")) {
            for (at, character) in [(begin, start), (finish, end)] {
                if self.offsets.cuts_character(at) {
                    let what = format!("<{} xmi:id=\"{id}\">", element.name);
                    return Err(error(cut_message(
                        &what, begin, finish, self.text, character,
                    )));
                }
            }
        }
        if end < start {
            return Err(error(format!("<{}> ends before it begins", element.name)));
        }
        let features = self.features(element, &layer);
        let layers = &mut self.file.layers;
        let index = match layers.iter().position(|(name, _)| *name == layer) {
            Some(index) => index,
            None => {
                layers.push((layer.clone(), Vec::new()));
                layers.len() - 1
            }
        };
        for name in features.keys() {
            if !layers[index].1.contains(name) {
                layers[index].1.push(name.clone());
            }
        }
        self.file.annotations.push(XmiAnnotation {
            layer,
            start,
            end,
            features,
            id: id.to_string(),
            line: element.line,
        });
        Ok(())
    }
}

impl XmiFile {
    /// The units of the layer and category feature `choice` names (defaults: the only layer,
    /// its only feature; `*` when an annotation has no value), zero-length ones skipped with a
    /// warning.
    pub fn units(
        &self,
        choice: &LayerChoice,
        path: &Path,
    ) -> Result<(String, String, Vec<Unit>, Vec<Warning>), FileError> {
        let offered: Vec<(&str, Vec<&str>)> = (self.layers.iter())
            .map(|(name, features)| (name.as_str(), features.iter().map(String::as_str).collect()))
            .collect();
        let no_layer = "no annotation in the _InitialView besides tokens and sentences";
        let (chosen, feature) = layer_choice::choose_layer(&offered, choice, path, no_layer)?;
        let layer = &self.layers[chosen].0;
        let feature = feature.map(str::to_string);
        let short = |name: &str| layer_choice::short_name(name).to_string();
        let mut units = Vec::new();
        let mut zero_length = Vec::new();
        for annotation in self.annotations.iter().filter(|a| a.layer == *layer) {
            if annotation.start == annotation.end {
                zero_length.push(annotation.line);
                continue;
            }
            let mut other = annotation.features.clone();
            let category = match &feature {
                Some(f) => other.remove(f).unwrap_or_else(|| "*".to_string()),
                None => short(layer),
            };
            let unit = Unit::new(annotation.start as f64, annotation.end as f64, category)
                .map_err(|e| FileError::new(path, Some(annotation.line), e.to_string()))?
                .with_features(other)
                .with_source_id(annotation.id.clone());
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
                    short(layer)
                ),
            ));
        }
        Ok((layer.clone(), feature.unwrap_or_default(), units, warnings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:type5="http:///de/tudarmstadt/ukp/dkpro/core/api/segmentation/type.ecore" xmlns:custom="http:///webanno/custom.ecore" xmi:version="2.0">
<cas:NULL xmi:id="0"/>
<type5:Token xmi:id="3" sofa="2" begin="0" end="1"/>
<custom:Span xmi:id="10" sofa="2" begin="2" end="4" value="😊&amp;"/>
<custom:Span xmi:id="11" sofa="2" begin="5" end="6"/>
<custom:Span xmi:id="12" sofa="2" begin="0" end="1" value="not in the view"/>
<custom:Link xmi:id="13" sofa="2" begin="0" end="6" target="10"/>
<cas:Sofa xmi:id="2" sofaNum="1" sofaID="_InitialView" mimeType="text" sofaString="I 😊&#13;&#10;x"/>
<cas:View sofa="2" members="3 10 11 13"/>
</xmi:XMI>"#;

    /// An annotation on a sofa the file does not have is refused at its line (annotations of
    /// another view, or left out of the view, are not read: they are not the initial view's).
    #[test]
    fn an_annotation_on_a_missing_sofa_is_refused() {
        let damaged = SAMPLE.replace(
            "<cas:Sofa ",
            "<custom:Span xmi:id=\"14\" sofa=\"9\" begin=\"0\" end=\"1\"/>\n<cas:Sofa ",
        );
        assert_eq!(
            parse(damaged.as_bytes(), Path::new("a.xmi"), None)
                .unwrap_err()
                .to_string(),
            "a.xmi: line 8: <custom:Span> xmi:id \"14\" is on sofa \"9\", and the file has no \
             cas:Sofa of that xmi:id: the file is damaged"
        );
    }

    #[test]
    fn initial_view_utf16_offsets_and_references() {
        let file = parse(SAMPLE.as_bytes(), Path::new("a.xmi"), None).unwrap();
        assert_eq!(
            file.text, "I 😊\r\nx",
            "character references kept, CR LF as is"
        );
        assert_eq!(
            file.layers,
            [
                ("webanno.custom.Span".to_string(), vec!["value".to_string()]),
                (
                    "webanno.custom.Link".to_string(),
                    vec!["target".to_string()]
                )
            ],
            "without a type system, every attribute"
        );
        let type_system = r#"<typeSystemDescription><types><typeDescription><name>webanno.custom.Link</name>
<features><featureDescription><name>target</name><rangeTypeName>webanno.custom.Span</rangeTypeName></featureDescription>
<featureDescription><name>role</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription></features>
</typeDescription></types></typeSystemDescription>"#;
        let primitive =
            primitive_features(type_system.as_bytes(), Path::new("TypeSystem.xml")).unwrap();
        let typed = parse(SAMPLE.as_bytes(), Path::new("a.xmi"), Some(&primitive)).unwrap();
        assert_eq!(
            typed.layers[1].1,
            Vec::<String>::new(),
            "the target is a reference"
        );
        let choice = LayerChoice {
            layer: Some("Span".into()),
            category_feature: None,
        };
        let (layer, feature, units, _) = file.units(&choice, Path::new("a.xmi")).unwrap();
        assert_eq!(
            (layer.as_str(), feature.as_str()),
            ("webanno.custom.Span", "value")
        );
        let spans: Vec<(f64, f64, &str)> = units
            .iter()
            .map(|u| (u.start, u.end, u.category.as_str()))
            .collect();
        assert_eq!(
            spans,
            [(2.0, 3.0, "😊&"), (4.0, 5.0, "*")],
            "UTF-16 2..4 is the emoji, 5..6 the x"
        );
        let e = file
            .units(&LayerChoice::default(), Path::new("a.xmi"))
            .unwrap_err();
        assert!(e.to_string().contains("several span layers"), "{e}");
    }

    #[test]
    fn written_type_names_are_uima_names() {
        let units = [Unit::new(0.0, 2.0, "X").unwrap()];
        let written = to_xmi("ab cd", &units, "Span", "value").unwrap();
        assert!(
            written.contains("xmlns:noNamespace=\"http:///uima/noNamespace.ecore\""),
            "{written}"
        );
        let file = parse(written.as_bytes(), Path::new("w.xmi"), None).unwrap();
        assert_eq!(
            file.layers,
            [("Span".to_string(), vec!["value".to_string()])]
        );
        let written = to_xmi("ab cd", &units, "my layer.2nd-Type", "the value").unwrap();
        assert!(written.contains("<my_layer:_2nd_Type "), "{written}");
        assert!(written.contains(" the_value=\"X\"/>"), "{written}");
        let file = parse(written.as_bytes(), Path::new("w.xmi"), None).unwrap();
        assert_eq!(file.layers[0].0, "my_layer._2nd_Type");
        assert_eq!(file.annotations[0].start, 0);
        assert_eq!(file.annotations[0].end, 2);
    }

    /// A relation names its ends by `xmi:id`: one naming no annotation of the span layer (a
    /// damaged file) is kept as it stands and warned about; a relation over tokens is not the
    /// spans'.
    #[test]
    fn relation_ends_naming_no_span_are_kept_and_warned_about() {
        let with_relations = SAMPLE.replace(
            "<cas:Sofa ",
            "<custom:Relation xmi:id=\"20\" sofa=\"2\" begin=\"5\" end=\"6\" Governor=\"10\" Dependent=\"11\" value=\"x\"/>\n\
             <custom:Relation xmi:id=\"21\" sofa=\"2\" begin=\"5\" end=\"6\" Governor=\"99\" Dependent=\"11\"/>\n\
             <custom:TokenRelation xmi:id=\"22\" sofa=\"2\" begin=\"0\" end=\"1\" Governor=\"3\" Dependent=\"3\"/>\n<cas:Sofa ",
        )
        .replace("members=\"3 10 11 13\"", "members=\"3 10 11 13 20 21 22\"");
        let path = Path::new("a.xmi");
        let file = parse(with_relations.as_bytes(), path, None).unwrap();
        let names: Vec<&str> = file.layers.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["webanno.custom.Span", "webanno.custom.Link"]);
        let choice = LayerChoice {
            layer: Some("Span".into()),
            category_feature: None,
        };
        let (layer, _, units, _) = file.units(&choice, path).unwrap();
        let (relations, warning) = file.relations_over(&layer, &units, path);
        let described: Vec<(&str, &str, String, String)> = (relations.iter())
            .map(|r| {
                let end = |e: &gamma_core::relation::Endpoint| format!("{e:?}");
                (
                    r.id.as_str(),
                    r.label.as_str(),
                    end(&r.source),
                    end(&r.target),
                )
            })
            .collect();
        assert_eq!(
            described,
            [
                ("20", "x", "Unit(\"10\")".into(), "Unit(\"11\")".into()),
                ("21", "*", "Unit(\"99\")".into(), "Unit(\"11\")".into()),
            ]
        );
        assert_eq!(
            warning.unwrap().to_string(),
            "a.xmi: line 9: 1 end(s) of relations name no annotation of Span read as a unit \
             (first \"99\"): those relations are read but cannot be measured"
        );
    }

    #[test]
    fn damaged_offsets_name_the_element() {
        let bad = SAMPLE.replace("begin=\"5\" end=\"6\"", "begin=\"5\" end=\"60\"");
        let e = parse(bad.as_bytes(), Path::new("a.xmi"), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.xmi: line 5: <custom:Span> end 60 is beyond the text (7 UTF-16 units)"
        );
        let e = parse(b"<XMI/>", Path::new("a.xmi"), None).unwrap_err();
        assert!(e.to_string().contains("<xmi:XMI>"), "{e}");
    }

    /// A span whose end falls between the halves of 😊 is refused naming the element and its
    /// line, never snapped to whole characters in silence; the whole emoji still reads.
    #[test]
    fn a_span_cutting_a_surrogate_pair_is_refused() {
        let cut = SAMPLE.replace("begin=\"2\" end=\"4\"", "begin=\"2\" end=\"3\"");
        let e = parse(cut.as_bytes(), Path::new("a.xmi"), None).unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        assert!(
            e.message
                .contains("<custom:Span xmi:id=\"10\"> offsets 2-3 cut the character '😊'"),
            "{e}"
        );
        assert!(parse(SAMPLE.as_bytes(), Path::new("a.xmi"), None).is_ok());
    }
}

#[cfg(test)]
mod whole_tests;
