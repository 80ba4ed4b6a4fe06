//! A small element tree read with quick-xml's streaming reader, for the XML formats (Glozz,
//! ELAN, CorA-XML). Files are small enough to hold whole; every element remembers its line so
//! that errors can point at it.

use super::FileError;
use quick_xml::events::Event;
use std::path::Path;

/// What an element contains.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A child element.
    Element(Element),
    /// Text (character data or CDATA), with references resolved.
    Text(String),
    /// A comment, without `<!--` and `-->`.
    Comment(String),
}

/// An XML element with everything inside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    /// The tag name, prefix included.
    pub name: String,
    /// (name, unescaped value) pairs, in file order.
    pub attributes: Vec<(String, String)>,
    /// Elements, text and comments, in file order.
    pub children: Vec<Node>,
    /// Line of the start tag (1-based).
    pub line: u64,
}

impl Element {
    /// The value of the attribute `name`, if present.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The child elements, in order (text and comments skipped).
    pub fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|n| match n {
            Node::Element(e) => Some(e),
            _ => None,
        })
    }

    /// The child elements named `name`, in order.
    pub(crate) fn children_named<'a>(
        &'a self,
        name: &'a str,
    ) -> impl Iterator<Item = &'a Element> + 'a {
        self.elements().filter(move |e| e.name == name)
    }

    /// The first child element named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.elements().find(|e| e.name == name)
    }

    /// The text directly inside this element.
    pub fn text(&self) -> String {
        self.children
            .iter()
            .filter_map(|n| match n {
                Node::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The child elements, in order, to change.
    pub(crate) fn elements_mut(&mut self) -> impl Iterator<Item = &mut Element> {
        self.children.iter_mut().filter_map(|n| match n {
            Node::Element(e) => Some(e),
            _ => None,
        })
    }

    /// The element and everything inside it as XML (text and attribute values escaped,
    /// comments kept, empty elements written `<name/>`).
    pub fn to_xml(&self) -> String {
        let mut out = String::new();
        self.write_xml(&mut out);
        out
    }

    fn write_xml(&self, out: &mut String) {
        out.push('<');
        out.push_str(&self.name);
        for (key, value) in &self.attributes {
            out.push(' ');
            out.push_str(key);
            out.push_str("=\"");
            out.push_str(&escape(value));
            out.push('"');
        }
        if self.children.is_empty() {
            out.push_str("/>");
            return;
        }
        out.push('>');
        for child in &self.children {
            match child {
                Node::Element(e) => e.write_xml(out),
                Node::Text(t) => out.push_str(&escape(t)),
                Node::Comment(c) => {
                    out.push_str("<!--");
                    out.push_str(c);
                    out.push_str("-->");
                }
            }
        }
        out.push_str("</");
        out.push_str(&self.name);
        out.push('>');
    }
}

/// A whole XML file: the comments before the root element (licences, citations) and the root.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The comments before the root element, without `<!--` and `-->`, in order.
    pub comments_before_root: Vec<String>,
    /// The root element.
    pub root: Element,
}

impl Document {
    /// The file's XML: declaration, leading comments, root.
    pub fn to_xml(&self) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        for comment in &self.comments_before_root {
            out.push_str("<!--");
            out.push_str(comment);
            out.push_str("-->\n");
        }
        out.push_str(&self.root.to_xml());
        out.push('\n');
        out
    }
}

/// How deep elements may nest. Annotation files nest a few levels; a deeper file is damaged
/// or hostile (its tree would exhaust the stack when dropped).
pub(crate) const MAX_DEPTH: usize = 256;

/// Reads the bytes of an XML file into its root element. Non-UTF-8 bytes, malformed or
/// truncated XML are errors naming the file and line.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Element, FileError> {
    parse_document(bytes, path).map(|document| document.root)
}

/// Like [`parse`], keeping the comments before the root element.
pub(crate) fn parse_document(bytes: &[u8], path: &Path) -> Result<Document, FileError> {
    let text = super::utf8_text(
        bytes,
        path,
        "the file is not UTF-8 text (Glozz, ELAN and CorA files are UTF-8)",
    )?;
    if text.trim().is_empty() {
        return Err(FileError::new(path, None, "the file is empty"));
    }
    let lines = super::lines::LineIndex::new(text);
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    let mut comments_before_root = Vec::new();
    let malformed = |position: u64, message: String| {
        FileError::new(path, Some(lines.line_of(position)), message)
    };
    loop {
        let before = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| malformed(reader.buffer_position(), format!("malformed XML: {e}")))?;
        match event {
            Event::Start(start) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(malformed(
                        before,
                        format!("elements nest deeper than {MAX_DEPTH} levels"),
                    ));
                }
                stack.push(open(&start, lines.line_of(before), path)?);
            }
            Event::Empty(start) => {
                let element = open(&start, lines.line_of(before), path)?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(Node::Element(element)),
                    None => root = Some(element),
                }
            }
            Event::End(_) => {
                let element = stack.pop().expect("quick-xml checks that end tags match");
                match stack.last_mut() {
                    Some(parent) => parent.children.push(Node::Element(element)),
                    None => root = Some(element),
                }
            }
            Event::Text(t) => {
                if let Some(parent) = stack.last_mut() {
                    parent
                        .children
                        .push(Node::Text(t.xml10_content().into_owned()));
                }
            }
            Event::CData(c) => {
                if let Some(parent) = stack.last_mut() {
                    parent.children.push(Node::Text(c.to_string()));
                }
            }
            Event::GeneralRef(reference) => {
                let resolved = match reference.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    Ok(None) => match &*reference {
                        "amp" => "&".into(),
                        "lt" => "<".into(),
                        "gt" => ">".into(),
                        "quot" => "\"".into(),
                        "apos" => "'".into(),
                        other => {
                            return Err(malformed(before, format!("unknown entity &{other};")));
                        }
                    },
                    Err(e) => {
                        return Err(malformed(before, format!("bad character reference: {e}")));
                    }
                };
                if let Some(parent) = stack.last_mut() {
                    parent.children.push(Node::Text(resolved));
                }
            }
            Event::Comment(comment) => {
                let comment: &str = comment.as_ref();
                let comment = comment.to_string();
                match stack.last_mut() {
                    Some(parent) => parent.children.push(Node::Comment(comment)),
                    None if root.is_none() => comments_before_root.push(comment),
                    None => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(FileError::new(
            path,
            Some(lines.line_of(text.len() as u64)),
            format!(
                "truncated XML: <{}> opened at line {} is never closed",
                open.name, open.line
            ),
        ));
    }
    let root = root.ok_or_else(|| FileError::new(path, None, "no XML element in the file"))?;
    Ok(Document {
        comments_before_root,
        root,
    })
}

fn open(
    start: &quick_xml::events::BytesStart,
    line: u64,
    path: &Path,
) -> Result<Element, FileError> {
    let name = start.name().as_ref().to_string();
    let mut attributes = Vec::new();
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|e| {
            FileError::new(path, Some(line), format!("bad attribute in <{name}>: {e}"))
        })?;
        let key = attribute.key.as_ref().to_string();
        let value = attribute
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map_err(|e| {
                FileError::new(
                    path,
                    Some(line),
                    format!("bad value of {key} in <{name}>: {e}"),
                )
            })?
            .into_owned();
        attributes.push((key, value));
    }
    Ok(Element {
        name,
        attributes,
        children: Vec::new(),
        line,
    })
}

/// Reads an XML file whose root element must be `<root>` (`format` names the file kind in
/// the error, e.g. "a Glozz .aa file").
pub(crate) fn parse_with_root(
    bytes: &[u8],
    path: &Path,
    root: &str,
    format: &str,
) -> Result<Element, FileError> {
    let element = parse(bytes, path)?;
    if element.name != root {
        return Err(FileError::new(
            path,
            Some(element.line),
            format!("root element is <{}>, {format} has <{root}>", element.name),
        ));
    }
    Ok(element)
}

/// Escapes text for element content and attribute values.
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    quick_xml::escape::escape(text)
}

/// Escapes text for an attribute value that must read back as written: a TAB, line feed or
/// carriage return as a character reference too, since an XML reader turns each written raw in
/// an attribute into a space (XML 1.0 §3.3.3, attribute-value normalisation).
pub fn escape_attribute(text: &str) -> String {
    escape(text)
        .replace('\t', "&#9;")
        .replace('\n', "&#10;")
        .replace('\r', "&#13;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_elements_attributes_text_and_entities() {
        let root = parse(
            b"<a x=\"1&amp;2\">\n<b>fish &amp; chips &#233;</b><c/></a>",
            Path::new("t.xml"),
        )
        .unwrap();
        assert_eq!(root.attribute("x"), Some("1&2"));
        assert_eq!(root.child("b").unwrap().text(), "fish & chips é");
        assert_eq!(root.child("b").unwrap().line, 2);
        assert!(root.child("c").is_some());
    }

    #[test]
    fn truncated_and_malformed_xml_are_errors_with_lines() {
        let e = parse(b"<a>\n<b>text</b>\n<c>", Path::new("t.xml")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("t.xml: line 3: truncated XML: <c>"),
            "{e}"
        );
        let e = parse(b"<a>\n<b></c></a>", Path::new("t.xml")).unwrap_err();
        assert!(
            e.to_string().starts_with("t.xml: line 2: malformed XML"),
            "{e}"
        );
        assert!(
            parse(b"", Path::new("t.xml"))
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
        assert!(
            parse(b"<a>\xff</a>", Path::new("t.xml"))
                .unwrap_err()
                .to_string()
                .contains("not UTF-8")
        );
    }
}
