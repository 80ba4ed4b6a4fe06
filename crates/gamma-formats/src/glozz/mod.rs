//! Glozz (Widlöcher & Mathet): a document is one `.ac` (the raw text) and one `.aa` (XML
//! annotations) per annotator, optionally with an `.aam` annotation model.
//!
//! An `.aa` holds units (a type, a feature set, a span `[start, end)` of character indices into
//! the `.ac`), relations (two terms) and schemas (embedded annotations), each with metadata
//! (author, creation date). Units become [`Unit`]s (category = type, or the value of a chosen
//! feature); relations and schemas are kept in [`AnnotationFile`] for round trips but not
//! measured. Ids are unique within one file only (pre-annotated units keep their id in every
//! annotator's file), so they are namespaced by annotator.
//!
//! `corpusHashcode` = `"<bytes of the .ac>-<product of the non-zero bytes mod 99999999>"`: a
//! mismatch means the `.aa` was made on another text; it is reported as a warning.

use super::annotator_files::AnnotatorFile;
use super::xml::{self, Element, escape};
use super::{FileError, Warning, WarningKind, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::relation::{Endpoint, Relation};
use gamma_core::unit::Unit;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The `<metadata>` of a Glozz annotation: who made it and when, kept verbatim.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Metadata {
    /// `<author>` (empty when absent).
    pub author: String,
    /// `<creation-date>`: milliseconds since the Unix epoch, as written (empty when absent).
    pub creation_date: String,
    /// `<lastModifier>`, when present.
    pub last_modifier: Option<String>,
    /// `<lastModificationDate>` (milliseconds since the Unix epoch), when present.
    pub last_modification_date: Option<String>,
}

/// Where an annotation is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Positioning {
    /// A unit: character indices, end exclusive.
    Span {
        /// Index of the first character.
        start: usize,
        /// Index one past the last character.
        end: usize,
    },
    /// A relation: its two terms (source, target).
    Terms(Vec<String>),
    /// A schema: its embedded annotations, as (element name, id).
    Embedded(Vec<(String, String)>),
}

/// One `<unit>`, `<relation>` or `<schema>` of an `.aa` file. Equality ignores [`line`](Self::line).
#[derive(Debug, Clone, Eq)]
pub struct Annotation {
    /// The `id` attribute, unique within its file.
    pub id: String,
    /// Author and dates.
    pub metadata: Metadata,
    /// The `<type>` of its characterisation (a type of the `.aam` model).
    pub kind: String,
    /// The `<featureSet>`: (feature name, value) pairs.
    /// In file order.
    pub features: Vec<(String, String)>,
    /// Its span, terms or embedded annotations.
    pub positioning: Positioning,
    /// Line of the element in the file it was read from (0 when made here).
    pub line: u64,
}

impl PartialEq for Annotation {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.id,
            &self.metadata,
            &self.kind,
            &self.features,
            &self.positioning,
        ) == (
            &other.id,
            &other.metadata,
            &other.kind,
            &other.features,
            &other.positioning,
        )
    }
}

/// The content of one `.aa` file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AnnotationFile {
    /// The `corpusHashcode` of the text the file was made on (see [`hashcode`]), when given.
    pub corpus_hashcode: Option<String>,
    /// The units (with a [`Positioning::Span`]), in file order.
    pub units: Vec<Annotation>,
    /// The relations (with [`Positioning::Terms`]), in file order.
    pub relations: Vec<Annotation>,
    /// The schemas (with [`Positioning::Embedded`]), in file order.
    pub schemas: Vec<Annotation>,
}

/// `corpusHashcode` of a text.
pub fn hashcode(text: &[u8]) -> String {
    let product = text
        .iter()
        .filter(|&&b| b != 0)
        .fold(1u64, |h, &b| h * b as u64 % 99_999_999);
    format!("{}-{}", text.len(), product)
}

/// Reads an `.aa` file; see [`parse_aa`] for what is an error.
pub fn read_aa(path: &Path) -> Result<AnnotationFile, FileError> {
    let bytes = super::read_bytes(path)?;
    parse_aa(&bytes, path)
}

/// Parses the bytes of an `.aa` file (`path` names it in errors). Malformed XML, a root other
/// than `<annotations>`, an annotation without an id or a type, a duplicate id, or a unit whose
/// start or end index is missing, not a whole number or not in order are errors with the line.
pub fn parse_aa(bytes: &[u8], path: &Path) -> Result<AnnotationFile, FileError> {
    let root = xml::parse_with_root(bytes, path, "annotations", "a Glozz .aa file")?;
    let mut file = AnnotationFile {
        corpus_hashcode: root
            .child("metadata")
            .and_then(|m| m.attribute("corpusHashcode"))
            .map(str::to_string),
        ..Default::default()
    };
    let mut seen = HashSet::new();
    for element in root.elements() {
        let list = match element.name.as_str() {
            "unit" => &mut file.units,
            "relation" => &mut file.relations,
            "schema" => &mut file.schemas,
            _ => continue,
        };
        let annotation = annotation(element, path)?;
        if !seen.insert(annotation.id.clone()) {
            return Err(FileError::new(
                path,
                Some(element.line),
                format!("duplicate id {:?}", annotation.id),
            ));
        }
        list.push(annotation);
    }
    Ok(file)
}

fn annotation(element: &Element, path: &Path) -> Result<Annotation, FileError> {
    let at = |message: String| FileError::new(path, Some(element.line), message);
    let id = element
        .attribute("id")
        .ok_or_else(|| at(format!("<{}> without an id", element.name)))?
        .to_string();
    let metadata = element
        .child("metadata")
        .map(|m| {
            let field = |name: &str| m.child(name).map(|e| e.text().trim().to_string());
            Metadata {
                author: field("author").unwrap_or_default(),
                creation_date: field("creation-date").unwrap_or_default(),
                last_modifier: field("lastModifier"),
                last_modification_date: field("lastModificationDate"),
            }
        })
        .unwrap_or_default();
    let characterisation = element.child("characterisation");
    let kind = characterisation
        .and_then(|c| c.child("type"))
        .map(|t| t.text().trim().to_string())
        .ok_or_else(|| at(format!("{} {id:?} has no <type>", element.name)))?;
    let features = characterisation
        .and_then(|c| c.child("featureSet"))
        .map(|set| {
            set.children_named("feature")
                .map(|f| {
                    (
                        f.attribute("name").unwrap_or_default().to_string(),
                        f.text(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let positioning_element = element.child("positioning");
    let positioning = match element.name.as_str() {
        "unit" => {
            let index = |which: &str| -> Result<usize, FileError> {
                let value = positioning_element
                    .and_then(|p| p.child(which))
                    .and_then(|s| s.child("singlePosition"))
                    .and_then(|s| s.attribute("index"))
                    .ok_or_else(|| at(format!("unit {id:?} has no {which} position")))?;
                value.trim().parse().map_err(|_| {
                    at(format!(
                        "unit {id:?}: {which} index {value:?} is not a whole number ≥ 0"
                    ))
                })
            };
            let (start, end) = (index("start")?, index("end")?);
            if end <= start {
                return Err(at(format!(
                    "unit {id:?}: end {end} is not after start {start}"
                )));
            }
            Positioning::Span { start, end }
        }
        "relation" => Positioning::Terms(
            positioning_element
                .map(|p| {
                    p.children_named("term")
                        .filter_map(|t| t.attribute("id"))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
        ),
        _ => Positioning::Embedded(
            positioning_element
                .map(|p| {
                    p.elements()
                        .filter_map(|e| {
                            e.attribute("id").map(|id| (e.name.clone(), id.to_string()))
                        })
                        .collect()
                })
                .unwrap_or_default(),
        ),
    };
    Ok(Annotation {
        id,
        metadata,
        kind,
        features,
        positioning,
        line: element.line,
    })
}

impl AnnotationFile {
    /// The `.aa` XML, as Glozz writes it: metadata, then units, relations, schemas.
    pub fn to_xml(&self) -> String {
        let mut out = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<annotations>\n",
        );
        if let Some(code) = &self.corpus_hashcode {
            let _ = writeln!(out, "<metadata corpusHashcode=\"{}\"/>", escape(code));
        }
        for (element, list) in [
            ("unit", &self.units),
            ("relation", &self.relations),
            ("schema", &self.schemas),
        ] {
            for a in list {
                let _ = writeln!(out, "<{element} id=\"{}\">", escape(&a.id));
                out.push_str("<metadata>\n");
                let _ = writeln!(out, "<author>{}</author>", escape(&a.metadata.author));
                let _ = writeln!(
                    out,
                    "<creation-date>{}</creation-date>",
                    escape(&a.metadata.creation_date)
                );
                if let Some(m) = &a.metadata.last_modifier {
                    let _ = writeln!(out, "<lastModifier>{}</lastModifier>", escape(m));
                }
                if let Some(d) = &a.metadata.last_modification_date {
                    let _ = writeln!(
                        out,
                        "<lastModificationDate>{}</lastModificationDate>",
                        escape(d)
                    );
                }
                out.push_str("</metadata>\n<characterisation>\n");
                let _ = writeln!(out, "<type>{}</type>", escape(&a.kind));
                if a.features.is_empty() {
                    out.push_str("<featureSet/>\n");
                } else {
                    out.push_str("<featureSet>\n");
                    for (name, value) in &a.features {
                        if value.is_empty() {
                            let _ = writeln!(out, "<feature name=\"{}\"/>", escape(name));
                        } else {
                            let _ = writeln!(
                                out,
                                "<feature name=\"{}\">{}</feature>",
                                escape(name),
                                escape(value)
                            );
                        }
                    }
                    out.push_str("</featureSet>\n");
                }
                out.push_str("</characterisation>\n");
                match &a.positioning {
                    Positioning::Span { start, end } => {
                        let _ = writeln!(
                            out,
                            "<positioning>\n<start>\n<singlePosition index=\"{start}\"/>\n</start>\n<end>\n<singlePosition index=\"{end}\"/>\n</end>\n</positioning>"
                        );
                    }
                    Positioning::Terms(terms) if !terms.is_empty() => {
                        out.push_str("<positioning>\n");
                        for t in terms {
                            let _ = writeln!(out, "<term id=\"{}\"/>", escape(t));
                        }
                        out.push_str("</positioning>\n");
                    }
                    Positioning::Embedded(embedded) if !embedded.is_empty() => {
                        out.push_str("<positioning>\n");
                        for (kind, id) in embedded {
                            let _ = writeln!(out, "<{kind} id=\"{}\"/>", escape(id));
                        }
                        out.push_str("</positioning>\n");
                    }
                    _ => out.push_str("<positioning/>\n"),
                }
                let _ = writeln!(out, "</{element}>");
            }
        }
        out.push_str("</annotations>\n");
        out
    }

    /// Writes [`to_xml`](Self::to_xml) to `path` (through a temporary file, renamed).
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, self.to_xml().as_bytes())
    }
}

/// Which Glozz units are measured, and what their category is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GlozzOptions {
    /// Category = value of this feature instead of the type (units without it are skipped).
    pub category_feature: Option<String>,
    /// Only these types (all when empty).
    pub include_types: Vec<String>,
    /// Never these types, even when listed in `include_types`.
    pub exclude_types: Vec<String>,
    /// Drop units created by these authors (e.g. a pre-segmentation script).
    pub exclude_authors: Vec<String>,
}

/// The default annotator name of an `.aa`: its folder (STAC layout
/// `<doc>/<stage>/<annotator>/<doc>.aa`), or its stem when several files share a folder.
pub fn default_annotators(paths: &[PathBuf]) -> Vec<AnnotatorFile> {
    let folder = |p: &PathBuf| {
        p.parent()
            .and_then(|f| f.file_name())
            .map(|n| n.to_string_lossy().into_owned())
    };
    let folders: Vec<Option<String>> = paths.iter().map(folder).collect();
    let distinct: HashSet<&Option<String>> = folders.iter().collect();
    paths
        .iter()
        .zip(&folders)
        .map(|(path, folder)| {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let annotator = match folder {
                Some(f) if distinct.len() == paths.len() => f.clone(),
                _ => stem,
            };
            AnnotatorFile {
                annotator,
                path: path.clone(),
            }
        })
        .collect()
}

/// The `.ac` of an `.aa` (same stem), if it exists: beside it, or in a folder up to three levels
/// above (`<annotator>/<doc>.aa` beside `<doc>.ac`), or in an `unannotated/` folder next to one
/// of those (STAC's layout: `units/<annotator>/<doc>.aa` and `unannotated/<doc>.ac`).
pub fn text_beside(aa: &Path) -> Option<PathBuf> {
    let name = aa.with_extension("ac").file_name()?.to_owned();
    aa.ancestors()
        .skip(1)
        .take(4)
        .flat_map(|folder| [folder.join(&name), folder.join("unannotated").join(&name)])
        .find(|candidate| candidate.is_file())
}

/// Reads one document: the text and every annotator's `.aa`.
pub fn read_document(
    text_path: &Path,
    files: &[AnnotatorFile],
    options: &GlozzOptions,
) -> Result<(Continuum, Vec<AnnotationFile>, Vec<Warning>), FileError> {
    let text_bytes = super::read_bytes(text_path).map_err(|e| {
        FileError::new(
            text_path,
            None,
            e.message.replace("cannot read", "cannot read the text"),
        )
    })?;
    let text = super::utf8_text(&text_bytes, text_path, "the text is not UTF-8")?.to_string();
    let length = text.chars().count();
    let expected_hash = hashcode(&text_bytes);
    let name = text_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut continuum = Continuum::new(name);
    continuum.text = Some(text);
    let mut warnings = Vec::new();
    let mut annotation_files = Vec::new();
    for file in files {
        let aa = read_aa(&file.path)?;
        if let Some(code) = &aa.corpus_hashcode
            && *code != expected_hash
        {
            warnings.push(Warning::new(
                    WarningKind::TextHashMismatch,
                    &file.path,
                    None,
                    format!(
                        "corpusHashcode {code} does not match {} ({expected_hash}): was this file annotated on another text?",
                        text_path.display()
                    ),
                ));
        }
        continuum.add_annotator(&file.annotator);
        for unit in &aa.units {
            let Positioning::Span { start, end } = unit.positioning else {
                continue;
            };
            if end > length {
                return Err(FileError::new(
                    &file.path,
                    Some(unit.line),
                    format!(
                        "unit {:?} ends at {end}, beyond the {length} characters of {}",
                        unit.id,
                        text_path.display()
                    ),
                ));
            }
            if !options.include_types.is_empty() && !options.include_types.contains(&unit.kind)
                || options.exclude_types.contains(&unit.kind)
                || options.exclude_authors.contains(&unit.metadata.author)
            {
                continue;
            }
            let category = match &options.category_feature {
                None => unit.kind.clone(),
                Some(feature) => match unit.features.iter().find(|(n, _)| n == feature) {
                    Some((_, value)) => value.clone(),
                    None => continue,
                },
            };
            let mut features: BTreeMap<String, String> = unit.features.iter().cloned().collect();
            if options.category_feature.is_some() {
                features.insert("type".into(), unit.kind.clone());
            }
            let made = Unit::new(start as f64, end as f64, category)
                .expect("checked: end > start")
                .with_features(features)
                .with_source_id(unit.id.clone());
            continuum.add_unit(&file.annotator, made);
        }
        let index = continuum.add_annotator(&file.annotator);
        continuum.annotators[index].relations = relations_of(&aa);
        if let Some(message) = carried_message(&aa, &continuum.annotators[index].units) {
            warnings.push(Warning::new(
                WarningKind::Carried,
                &file.path,
                None,
                message,
            ));
        }
        annotation_files.push(aa);
    }
    Ok((continuum, annotation_files, warnings))
}

/// What the opening says of a file's content beyond its measured units: relations and schemas
/// are measured as relation agreement and carried into the gold; units left out of the measure
/// (by type, feature or author) are carried into the gold.
fn carried_message(aa: &AnnotationFile, measured: &[Unit]) -> Option<String> {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let structure: Vec<String> = [
        ("relation", aa.relations.len()),
        ("schema", aa.schemas.len()),
    ]
    .into_iter()
    .filter(|(_, n)| *n > 0)
    .map(|(what, n)| plural(n, what))
    .collect();
    let measured: HashSet<&str> = measured
        .iter()
        .filter_map(|u| u.source_id.as_deref())
        .collect();
    let mut left_out: BTreeMap<&str, usize> = BTreeMap::new();
    for unit in aa
        .units
        .iter()
        .filter(|u| !measured.contains(u.id.as_str()))
    {
        *left_out.entry(unit.kind.as_str()).or_insert(0) += 1;
    }
    let mut parts = Vec::new();
    if !structure.is_empty() {
        let verb = match structure.as_slice() {
            [one] if one.starts_with("1 ") => "is",
            _ => "are",
        };
        parts.push(format!(
            "{} {verb} measured as relation agreement, adjudicated with the units and carried into the gold",
            structure.join(" and ")
        ));
    }
    if !left_out.is_empty() {
        let types: Vec<String> = left_out
            .iter()
            .map(|(kind, n)| format!("{kind} ({n})"))
            .collect();
        parts.push(format!(
            "units of types {} are not measured and carried into the gold",
            types.join(", ")
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The relations of an `.aa` whose terms are units or schemas (a schema by its member units,
/// through nested schemas); a relation on a relation is left out (its endpoints are no units).
pub fn relations_of(aa: &AnnotationFile) -> Vec<Relation> {
    let schemas: BTreeMap<&str, &Vec<(String, String)>> = aa
        .schemas
        .iter()
        .filter_map(|s| match &s.positioning {
            Positioning::Embedded(members) => Some((s.id.as_str(), members)),
            _ => None,
        })
        .collect();
    let schema_kind = |id: &str| {
        (aa.schemas.iter())
            .find(|s| s.id == id)
            .map_or_else(String::new, |s| s.kind.clone())
    };
    let members_of = |id: &str| {
        let mut units = Vec::new();
        let mut pending = vec![id.to_string()];
        let mut seen = std::collections::BTreeSet::new();
        while let Some(schema) = pending.pop() {
            if !seen.insert(schema.clone()) {
                continue;
            }
            for (kind, member) in schemas.get(schema.as_str()).into_iter().copied().flatten() {
                match kind.as_str() {
                    "embedded-unit" => units.push(member.clone()),
                    "embedded-schema" => pending.push(member.clone()),
                    _ => {}
                }
            }
        }
        units
    };
    let is_unit = |id: &str| aa.units.iter().any(|u| u.id == id);
    let endpoint = |id: &str| {
        if is_unit(id) {
            Some(Endpoint::Unit(id.to_string()))
        } else if schemas.contains_key(id) {
            Some(Endpoint::Group {
                id: id.to_string(),
                kind: schema_kind(id),
                members: members_of(id),
            })
        } else {
            None
        }
    };
    aa.relations
        .iter()
        .filter_map(|r| {
            let Positioning::Terms(terms) = &r.positioning else {
                return None;
            };
            let [source, target] = terms.as_slice() else {
                return None;
            };
            Some(Relation {
                id: r.id.clone(),
                label: r.kind.clone(),
                source: endpoint(source)?,
                target: endpoint(target)?,
                directed: true,
            })
        })
        .collect()
}

/// A consensus `.aa` for these units: new ids `<author>_<ms>` (consecutive from `first_ms`),
/// metadata filled, the text's hashcode; the category is written as the type.
pub fn consensus_file(units: &[Unit], author: &str, text: &str, first_ms: u64) -> AnnotationFile {
    let units = units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let ms = first_ms + i as u64;
            Annotation {
                id: format!("{author}_{ms}"),
                metadata: Metadata {
                    author: author.to_string(),
                    creation_date: ms.to_string(),
                    last_modifier: Some("n/a".into()),
                    last_modification_date: Some("0".into()),
                },
                kind: u
                    .features
                    .get("type")
                    .cloned()
                    .unwrap_or_else(|| u.category.clone()),
                features: u
                    .features
                    .iter()
                    .filter(|(k, _)| *k != "type")
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
                positioning: Positioning::Span {
                    start: u.start as usize,
                    end: u.end as usize,
                },
                line: 0,
            }
        })
        .collect();
    AnnotationFile {
        corpus_hashcode: Some(hashcode(text.as_bytes())),
        units,
        relations: Vec::new(),
        schemas: Vec::new(),
    }
}

mod codec;
pub use codec::GLOZZ;
pub(crate) mod convert;
mod whole;
pub(crate) use whole::whole_gold;
mod with_relations;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashcode_follows_the_glozz_manual() {
        assert_eq!(hashcode(b"Alice met Bob. He left"), "22-53434656");
    }

    #[test]
    fn bad_units_are_errors_with_lines() {
        let aa = "<annotations>\n<unit id=\"a\"><characterisation><type>X</type></characterisation>\n<positioning><start><singlePosition index=\"5\"/></start><end><singlePosition index=\"2\"/></end></positioning></unit>\n</annotations>";
        let e = parse_aa(aa.as_bytes(), Path::new("x.aa")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.aa: line 2: unit \"a\": end 2 is not after start 5"
        );
        let e = parse_aa(b"<annotation/>", Path::new("x.aa")).unwrap_err();
        assert!(
            e.to_string().contains("root element is <annotation>"),
            "{e}"
        );
        let duplicate = "<annotations>\n<relation id=\"r\"><characterisation><type>X</type></characterisation></relation>\n<relation id=\"r\"><characterisation><type>X</type></characterisation></relation>\n</annotations>";
        let e = parse_aa(duplicate.as_bytes(), Path::new("x.aa")).unwrap_err();
        assert_eq!(e.to_string(), "x.aa: line 3: duplicate id \"r\"");
    }
}
