//! The element tree of an `.eaf` as the whole gold ([`super::whole`]) rewrites it: fresh names
//! and numbers, new elements, and children laid out as the file laid them out.

use crate::xml::{Element, Node};
use std::collections::HashSet;

/// A unique name among `taken` starting from `name`: `name`, `name (2)`, `name (3)`…
pub(super) fn unique(name: &str, taken: &HashSet<String>) -> String {
    let mut candidate = name.to_string();
    let mut n = 1;
    while taken.contains(&candidate) {
        n += 1;
        candidate = format!("{name} ({n})");
    }
    candidate
}

/// The largest number `n` of the values `<prefix><n>` of attribute `attribute` anywhere under
/// `element`.
pub(super) fn largest_number(element: &Element, attribute: &str, prefix: &str) -> u64 {
    let own = (element.attribute(attribute))
        .and_then(|v| v.strip_prefix(prefix)?.parse::<u64>().ok())
        .unwrap_or(0);
    (element.elements())
        .map(|e| largest_number(e, attribute, prefix))
        .fold(own, u64::max)
}

pub(super) fn element(name: &str, attributes: Vec<(&str, String)>, children: Vec<Node>) -> Element {
    Element {
        name: name.to_string(),
        attributes: (attributes.into_iter())
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        children,
        line: 0,
    }
}

/// `children` with each element replaced by what `replace` makes of it, laid out as the file
/// was: each element after the blank text that came before the one it replaces (an element
/// dropped takes its blank with it).
pub(super) fn relaid(
    children: &[Node],
    mut replace: impl FnMut(&Element) -> Vec<Element>,
) -> Vec<Node> {
    let mut out = Vec::new();
    let mut blank: Option<String> = None;
    for node in children {
        match node {
            Node::Text(t) if t.trim().is_empty() => {
                if let Some(before) = blank.replace(t.clone()) {
                    out.push(Node::Text(before));
                }
            }
            Node::Element(e) => {
                let indent = blank.take().unwrap_or_default();
                for replaced in replace(e) {
                    out.push(Node::Text(indent.clone()));
                    out.push(Node::Element(replaced));
                }
            }
            other => {
                out.extend(blank.take().map(Node::Text));
                out.push(other.clone());
            }
        }
    }
    out.extend(blank.map(Node::Text));
    out
}

/// `elements` as the children of an element laid out like `like`'s: its first blank before
/// each, its last blank at the end.
pub(super) fn laid_out_like(like: &Element, elements: Vec<Element>) -> Vec<Node> {
    let blanks: Vec<&str> = (like.children.iter())
        .filter_map(|n| match n {
            Node::Text(t) if t.trim().is_empty() => Some(t.as_str()),
            _ => None,
        })
        .collect();
    let before = blanks.first().copied().unwrap_or("\n");
    let after = if blanks.len() > 1 {
        blanks[blanks.len() - 1]
    } else {
        "\n"
    };
    let mut children = Vec::new();
    for e in elements {
        children.push(Node::Text(before.to_string()));
        children.push(Node::Element(e));
    }
    children.push(Node::Text(after.to_string()));
    children
}
