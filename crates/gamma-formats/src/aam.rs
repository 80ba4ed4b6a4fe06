//! The Glozz annotation model (`.aam`): the unit, relation and schema types of a campaign,
//! the features of each type with their possible values, in the order the model declares
//! them (that order is the colour order of the legend).
//!
//! ```text
//! <annotationModel>
//!   <units>
//!     <type name="Offer" groups="Complex_discourse_unit">
//!       <featureSet>
//!         <feature name="Surface_act">
//!           <possibleValues default="Please choose..."><value>Assertion</value>…</possibleValues>
//!         </feature>
//!         <feature name="Comments"><value default="…" type="free"/></feature>
//!       </featureSet>
//!     </type>
//!   </units>
//!   <relations><type name="Narration" oriented="true"/></relations>
//!   <schemas><type name="Complex_discourse_unit"/></schemas>
//! </annotationModel>
//! ```

use super::xml::{self, Element, escape};
use super::{FileError, write_atomically};
use std::collections::HashSet;
use std::fmt::Write;
use std::path::Path;

/// The values a feature may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeatureValues {
    /// A closed list (`<possibleValues>`), in the model's order.
    Closed {
        /// The `<value>`s.
        values: Vec<String>,
        /// The `default` attribute of `<possibleValues>`, when given.
        default: Option<String>,
    },
    /// Free text (`<value type="free">`).
    Free {
        /// The `default` attribute of the `<value>`, when given.
        default: Option<String>,
    },
}

/// One `<feature>` of a type's `<featureSet>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureDefinition {
    /// The `name` attribute.
    pub name: String,
    /// The values it may take.
    pub values: FeatureValues,
}

/// One `<type>` of a unit, relation or schema section of the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeDefinition {
    /// The `name` attribute: the `<type>` of the annotations of this type in `.aa` files.
    pub name: String,
    /// The `groups` attribute (schema types this type may be grouped into).
    pub groups: Option<String>,
    /// The `oriented` attribute of relation types.
    pub oriented: Option<bool>,
    /// Its features, in the model's order.
    pub features: Vec<FeatureDefinition>,
}

impl TypeDefinition {
    /// The feature named `name`, if this type has one.
    pub fn feature(&self, name: &str) -> Option<&FeatureDefinition> {
        self.features.iter().find(|f| f.name == name)
    }
}

/// The content of one `.aam` file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AnnotationModel {
    /// The `<units>` section, in the model's order.
    pub unit_types: Vec<TypeDefinition>,
    /// The `<relations>` section, in the model's order.
    pub relation_types: Vec<TypeDefinition>,
    /// The `<schemas>` section, in the model's order.
    pub schema_types: Vec<TypeDefinition>,
}

impl AnnotationModel {
    /// The unit type named `name`, if the model declares one.
    pub fn unit_type(&self, name: &str) -> Option<&TypeDefinition> {
        self.unit_types.iter().find(|t| t.name == name)
    }

    /// Unit type names in the model's order: the order of the legend and its colours.
    pub fn unit_type_names(&self) -> Vec<&str> {
        self.unit_types.iter().map(|t| t.name.as_str()).collect()
    }

    /// The `.aam` XML.
    pub fn to_xml(&self) -> String {
        let mut out =
            String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<annotationModel>\n");
        for (section, types) in [
            ("units", &self.unit_types),
            ("relations", &self.relation_types),
            ("schemas", &self.schema_types),
        ] {
            let _ = writeln!(out, "  <{section}>");
            for t in types {
                let _ = write!(out, "    <type name=\"{}\"", escape(&t.name));
                if let Some(groups) = &t.groups {
                    let _ = write!(out, " groups=\"{}\"", escape(groups));
                }
                if let Some(oriented) = t.oriented {
                    let _ = write!(out, " oriented=\"{oriented}\"");
                }
                if t.features.is_empty() {
                    out.push_str("/>\n");
                    continue;
                }
                out.push_str(">\n      <featureSet>\n");
                for f in &t.features {
                    let _ = writeln!(out, "        <feature name=\"{}\">", escape(&f.name));
                    let default_attribute = |default: &Option<String>| match default {
                        Some(d) => format!(" default=\"{}\"", escape(d)),
                        None => String::new(),
                    };
                    match &f.values {
                        FeatureValues::Closed { values, default } => {
                            let _ = writeln!(
                                out,
                                "          <possibleValues{}>",
                                default_attribute(default)
                            );
                            for v in values {
                                let _ = writeln!(out, "            <value>{}</value>", escape(v));
                            }
                            out.push_str("          </possibleValues>\n");
                        }
                        FeatureValues::Free { default } => {
                            let _ = writeln!(
                                out,
                                "          <value{} type=\"free\"/>",
                                default_attribute(default)
                            );
                        }
                    }
                    out.push_str("        </feature>\n");
                }
                out.push_str("      </featureSet>\n    </type>\n");
            }
            let _ = writeln!(out, "  </{section}>");
        }
        out.push_str("</annotationModel>\n");
        out
    }

    /// Writes [`to_xml`](Self::to_xml) to `path` (through a temporary file, renamed).
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, self.to_xml().as_bytes())
    }
}

/// Reads an `.aam` file; see [`parse`] for what is an error.
pub fn read(path: &Path) -> Result<AnnotationModel, FileError> {
    parse(&super::read_bytes(path)?, path)
}

/// Parses the bytes of an `.aam` file (`path` names it in errors). Malformed XML, a root other
/// than `<annotationModel>`, a type or feature without a name, a type declared twice in one
/// section, an `oriented` other than `true`/`false`, or a feature with neither
/// `<possibleValues>` nor a free `<value>` are errors with the line. Missing sections are empty.
pub fn parse(bytes: &[u8], path: &Path) -> Result<AnnotationModel, FileError> {
    let root = xml::parse_with_root(bytes, path, "annotationModel", "a Glozz .aam model")?;
    let section = |name: &str| -> Result<Vec<TypeDefinition>, FileError> {
        let Some(section) = root.child(name) else {
            return Ok(Vec::new());
        };
        let mut seen = HashSet::new();
        let mut types = Vec::new();
        for element in section.children_named("type") {
            let definition = type_definition(element, path)?;
            if !seen.insert(definition.name.clone()) {
                return Err(FileError::new(
                    path,
                    Some(element.line),
                    format!("type {:?} is declared twice in <{name}>", definition.name),
                ));
            }
            types.push(definition);
        }
        Ok(types)
    };
    Ok(AnnotationModel {
        unit_types: section("units")?,
        relation_types: section("relations")?,
        schema_types: section("schemas")?,
    })
}

fn type_definition(element: &Element, path: &Path) -> Result<TypeDefinition, FileError> {
    let at = |line: u64, message: String| FileError::new(path, Some(line), message);
    let name = element
        .attribute("name")
        .filter(|n| !n.is_empty())
        .ok_or_else(|| at(element.line, "<type> without a name".into()))?
        .to_string();
    let oriented = match element.attribute("oriented") {
        None => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(other) => {
            return Err(at(
                element.line,
                format!("type {name:?}: oriented={other:?}, expected true or false"),
            ));
        }
    };
    let mut features = Vec::new();
    for feature in element
        .children_named("featureSet")
        .flat_map(|set| set.children_named("feature"))
    {
        let feature_name = feature
            .attribute("name")
            .filter(|n| !n.is_empty())
            .ok_or_else(|| {
                at(
                    feature.line,
                    format!("type {name:?}: <feature> without a name"),
                )
            })?
            .to_string();
        let values = if let Some(list) = feature.child("possibleValues") {
            FeatureValues::Closed {
                values: list
                    .children_named("value")
                    .map(|v| v.text().trim().to_string())
                    .collect(),
                default: list.attribute("default").map(str::to_string),
            }
        } else if let Some(value) = feature.child("value") {
            FeatureValues::Free {
                default: value.attribute("default").map(str::to_string),
            }
        } else {
            return Err(at(
                feature.line,
                format!(
                    "type {name:?}, feature {feature_name:?}: neither <possibleValues> nor a free <value>"
                ),
            ));
        };
        features.push(FeatureDefinition {
            name: feature_name,
            values,
        });
    }
    Ok(TypeDefinition {
        name,
        groups: element.attribute("groups").map(str::to_string),
        oriented,
        features,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: &str = r#"<?xml version='1.0' encoding='utf-8'?>
<annotationModel>
  <units>
    <type name="Offer" groups="CDU">
      <featureSet>
        <feature name="Surface_act">
          <possibleValues default="Please choose..."><value>Assertion</value><value>Question</value></possibleValues>
        </feature>
        <feature name="Comments"><value default="Please write in remarks..." type="free"/></feature>
      </featureSet>
    </type>
    <type name="Segment"/>
  </units>
  <relations><type name="Narration" oriented="true"/></relations>
  <schemas><type name="CDU"/></schemas>
</annotationModel>"#;

    #[test]
    fn reads_types_features_and_order() {
        let model = parse(MODEL.as_bytes(), Path::new("m.aam")).unwrap();
        assert_eq!(model.unit_type_names(), ["Offer", "Segment"]);
        let offer = model.unit_type("Offer").unwrap();
        assert_eq!(offer.groups.as_deref(), Some("CDU"));
        assert_eq!(
            offer.feature("Surface_act").unwrap().values,
            FeatureValues::Closed {
                values: vec!["Assertion".into(), "Question".into()],
                default: Some("Please choose...".into())
            }
        );
        assert_eq!(
            offer.feature("Comments").unwrap().values,
            FeatureValues::Free {
                default: Some("Please write in remarks...".into())
            }
        );
        assert_eq!(model.relation_types[0].oriented, Some(true));
        assert_eq!(model.schema_types[0].name, "CDU");
    }

    #[test]
    fn round_trip() {
        let model = parse(MODEL.as_bytes(), Path::new("m.aam")).unwrap();
        let again = parse(model.to_xml().as_bytes(), Path::new("again.aam")).unwrap();
        assert_eq!(model, again);
    }

    #[test]
    fn bad_models_are_errors_with_lines() {
        let e = parse(b"<annotations/>", Path::new("m.aam")).unwrap_err();
        assert!(
            e.to_string().contains("root element is <annotations>"),
            "{e}"
        );
        let twice = "<annotationModel>\n<units>\n<type name=\"A\"/>\n<type name=\"A\"/>\n</units>\n</annotationModel>";
        let e = parse(twice.as_bytes(), Path::new("m.aam")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.aam: line 4: type \"A\" is declared twice in <units>"
        );
        let nameless = "<annotationModel>\n<units>\n<type/>\n</units>\n</annotationModel>";
        let e = parse(nameless.as_bytes(), Path::new("m.aam")).unwrap_err();
        assert_eq!(e.to_string(), "m.aam: line 3: <type> without a name");
    }
}
