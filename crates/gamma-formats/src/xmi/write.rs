//! Writing UIMA CAS XMI as INCEpTION imports it (and as [`super::parse`] reads it): the text
//! as the `sofaString` of the `_InitialView`'s `cas:Sofa`; DKPro `Token` and `Sentence`
//! annotations (sentences are the text's lines, tokens its runs of non-space characters, cut at
//! every unit boundary, as the TSV 3 writer cuts them); one element per unit in the layer's type
//! (namespace `http:///<package as a path>.ecore`, element the type's last name), the category
//! and the units' other features as attributes; a `cas:View` listing every annotation. Offsets
//! are UTF-16 code units (an emoji counts two); attribute values escape `& < > "` and keep tabs,
//! line breaks and carriage returns as character references, so CR LF comes back as CR LF.

use crate::webanno_tsv::{
    feature_name, identifier_characters, layer_features, sentences, unit_boundaries, utf16_offsets,
};
use crate::{FileError, Unwritable, XmlPlace, write_atomically};
use gamma_core::unit::Unit;
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
    let chars: Vec<char> = text.chars().collect();
    let cuts = unit_boundaries(units, chars.len())?;
    let utf16 = utf16_offsets(&chars);
    let features = layer_features(units, feature, &RESERVED);
    let mut prefixes = Prefixes::default();
    let token = prefixes.element(&format!("{SEGMENTATION}.Token"));
    let sentence = prefixes.element(&format!("{SEGMENTATION}.Sentence"));
    let unit_element = prefixes.element(layer);
    let sofa = 1;
    let mut body = String::new();
    let mut members: Vec<usize> = Vec::new();
    let mut next_id = sofa + 1;
    let mut annotation = |body: &mut String, element: &str, start: usize, end: usize| {
        let id = next_id;
        next_id += 1;
        members.push(id);
        let _ = write!(
            body,
            "    <{element} xmi:id=\"{id}\" sofa=\"{sofa}\" begin=\"{}\" end=\"{}\"",
            utf16[start], utf16[end]
        );
    };
    let lines = sentences(&chars, &cuts);
    for tokens in &lines {
        for &(start, end) in tokens {
            annotation(&mut body, &token, start, end);
            body.push_str("/>\n");
        }
    }
    for tokens in &lines {
        annotation(
            &mut body,
            &sentence,
            tokens[0].0,
            tokens[tokens.len() - 1].1,
        );
        body.push_str("/>\n");
    }
    for (index, unit) in units.iter().enumerate() {
        annotation(
            &mut body,
            &unit_element,
            unit.start as usize,
            unit.end as usize,
        );
        for (name, key) in &features {
            let value = match key {
                None if unit.category == "*" => None,
                None => Some(&unit.category),
                Some(key) => unit.features.get(key),
            };
            if let Some(value) = value {
                let place = || XmlPlace::Feature {
                    index,
                    unit: Box::new(unit.clone()),
                    feature: name.clone(),
                };
                let _ = write!(body, " {name}=\"{}\"", attribute(value, place)?);
            }
        }
        body.push_str("/>\n");
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xmi:XMI xmlns:xmi=\"http://www.omg.org/XMI\" xmlns:cas=\"http:///uima/cas.ecore\"",
    );
    for (package, prefix) in &prefixes.packages {
        let _ = write!(out, " xmlns:{prefix}=\"{}\"", namespace(package));
    }
    out.push_str(" xmi:version=\"2.0\">\n    <cas:NULL xmi:id=\"0\"/>\n");
    out.push_str(&body);
    let members: Vec<String> = members.iter().map(usize::to_string).collect();
    let _ = write!(
        out,
        "    <cas:Sofa xmi:id=\"{sofa}\" sofaNum=\"1\" sofaID=\"_InitialView\" mimeType=\"text\" sofaString=\"{}\"/>\n    <cas:View sofa=\"{sofa}\" members=\"{}\"/>\n</xmi:XMI>\n",
        attribute(text, || XmlPlace::Text)?,
        members.join(" ")
    );
    Ok(out)
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
