//! The element tree of an XMI file as the whole gold ([`super::whole`]) reads and rewrites it:
//! the initial view, the type of an element, fresh `xmi:id`s, references between elements, and
//! the file written again.

use super::{STRUCTURAL, package_of};
use crate::webanno_tsv::Utf16Offsets;
use crate::xml::{Element, Node};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// The namespace prefixes of a file's root and the packages they stand for.
pub(super) struct Packages {
    /// (prefix, package), in the root's order; those added for the gold after.
    pub prefixes: Vec<(String, String)>,
}

impl Packages {
    pub(super) fn of(root: &Element) -> Packages {
        let prefixes = (root.attributes.iter())
            .filter_map(|(k, v)| Some((k.strip_prefix("xmlns:")?.to_string(), package_of(v)?)))
            .collect();
        Packages { prefixes }
    }

    /// The full type name of an element (`webanno.custom.Span` for `custom:Span`).
    pub(super) fn type_name(&self, element: &Element) -> String {
        let (prefix, local) = element.name.split_once(':').unwrap_or(("", &element.name));
        match self.prefixes.iter().find(|(p, _)| p == prefix) {
            Some((_, package)) if !package.is_empty() => format!("{package}.{local}"),
            _ => local.to_string(),
        }
    }

    /// The element name of full type `type_name` in this file: with the prefix the file gives
    /// its package, or a new one (then returned in `added`, to declare on the root).
    pub(super) fn element_name(
        &mut self,
        type_name: &str,
        added: &mut Vec<(String, String)>,
    ) -> String {
        let (package, local) = match type_name.rsplit_once('.') {
            Some((package, local)) => (package.to_string(), local),
            None => (String::new(), type_name),
        };
        if let Some((prefix, _)) = self.prefixes.iter().find(|(_, p)| *p == package) {
            return format!("{prefix}:{local}");
        }
        let base = package
            .rsplit('.')
            .next()
            .filter(|s| !s.is_empty())
            .unwrap_or("noNamespace");
        let mut prefix = base.to_string();
        let mut n = 1;
        while ["xmi", "cas", "xml", "xmlns"].contains(&prefix.as_str())
            || self.prefixes.iter().any(|(p, _)| *p == prefix)
        {
            n += 1;
            prefix = format!("{base}{n}");
        }
        let path = match package.as_str() {
            "" => "uima/noNamespace".to_string(),
            package => package.replace('.', "/"),
        };
        added.push((format!("xmlns:{prefix}"), format!("http:///{path}.ecore")));
        self.prefixes.push((prefix.clone(), package));
        format!("{prefix}:{local}")
    }
}

/// The `xmi:id` of the initial view's sofa and the `xmi:id`s of its members.
pub(super) fn initial_view(root: &Element) -> (String, HashSet<String>) {
    let sofa = (root.children_named("cas:Sofa"))
        .find(|s| s.attribute("sofaID") == Some("_InitialView"))
        .and_then(|s| s.attribute("xmi:id"))
        .unwrap_or_default()
        .to_string();
    let members = (root.children_named("cas:View"))
        .filter(|v| v.attribute("sofa") == Some(sofa.as_str()))
        .flat_map(|v| {
            v.attribute("members")
                .unwrap_or_default()
                .split_whitespace()
        })
        .map(str::to_string)
        .collect();
    (sofa, members)
}

/// The largest number among the `xmi:id`s of `element` and of everything inside it.
pub(super) fn largest_id(element: &Element) -> u64 {
    let own = (element.attribute("xmi:id"))
        .and_then(|id| id.parse::<u64>().ok())
        .unwrap_or(0);
    element.elements().map(largest_id).fold(own, u64::max)
}

/// Every element of the file with an `xmi:id`, by that id.
pub(super) fn by_id(root: &Element) -> HashMap<&str, &Element> {
    root.elements()
        .filter_map(|e| Some((e.attribute("xmi:id")?, e)))
        .collect()
}

/// Whether an attribute is one every annotation has rather than a feature.
pub(super) fn positional(name: &str) -> bool {
    matches!(name, "xmi:id" | "sofa" | "begin" | "end")
}

/// The ids an attribute value names when it is a reference (or a list of them): every
/// whitespace-separated part is the `xmi:id` of an element of the file.
pub(super) fn references<'a>(
    value: &'a str,
    ids: &HashMap<&str, &Element>,
) -> Option<Vec<&'a str>> {
    let parts: Vec<&str> = value.split_whitespace().collect();
    (!parts.is_empty() && parts.iter().all(|p| ids.contains_key(p))).then_some(parts)
}

/// Sets attribute `name` to `value` (appended when the element has none).
pub(super) fn set(element: &mut Element, name: &str, value: String) {
    match element.attributes.iter_mut().find(|(k, _)| k == name) {
        Some((_, v)) => *v = value,
        None => element.attributes.push((name.to_string(), value)),
    }
}

/// Removes attribute `name`.
pub(super) fn remove(element: &mut Element, name: &str) {
    element.attributes.retain(|(k, _)| k != name);
}

/// The file: the declaration, then `root` with each child element on a line of its own.
pub(super) fn to_xmi(root: &Element) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    open_tag(&mut out, root);
    out.push_str(">\n");
    for node in &root.children {
        match node {
            Node::Element(e) => {
                out.push_str("    ");
                write_element(&mut out, e);
                out.push('\n');
            }
            Node::Comment(c) => {
                let _ = writeln!(out, "    <!--{c}-->");
            }
            Node::Text(t) if t.trim().is_empty() => {}
            Node::Text(t) => out.push_str(&escaped(t)),
        }
    }
    let _ = writeln!(out, "</{}>", root.name);
    out
}

fn open_tag(out: &mut String, element: &Element) {
    out.push('<');
    out.push_str(&element.name);
    for (name, value) in &element.attributes {
        let _ = write!(out, " {name}=\"{}\"", escaped(value));
    }
}

fn write_element(out: &mut String, element: &Element) {
    open_tag(out, element);
    if element.children.is_empty() {
        out.push_str("/>");
        return;
    }
    out.push('>');
    for node in &element.children {
        match node {
            Node::Element(e) => write_element(out, e),
            Node::Text(t) => out.push_str(&escaped(t)),
            Node::Comment(c) => {
                let _ = write!(out, "<!--{c}-->");
            }
        }
    }
    let _ = write!(out, "</{}>", element.name);
}

/// A value escaped for an attribute between double quotes or for text, as the reader read it:
/// `& < > "` escaped, tabs, line breaks, carriage returns and the characters that XML 1.0
/// holds only as references written as character references (so that an XML reader gives
/// them back, and CR LF stays CR LF).
fn escaped(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c if c < ' ' => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// The structural types an XMI file shares across annotators: not compared.
pub(super) fn structural(type_name: &str) -> bool {
    STRUCTURAL.contains(&type_name)
}

/// The character offsets of an annotation element, from its UTF-16 `begin` and `end`.
pub(super) fn char_span(element: &Element, offsets: &Utf16Offsets) -> Option<(usize, usize)> {
    let at = |name: &str| {
        let utf16 = element.attribute(name)?.trim().parse::<usize>().ok()?;
        offsets.char_offset(utf16)
    };
    Some((at("begin")?, at("end")?))
}
