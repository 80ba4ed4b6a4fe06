//! The `.eaf` a conversion writes of a document read from ELAN: the input file as it is (header,
//! media, linguistic types, vocabularies and every tier kept), as long as the document is still
//! the one read from it; and the tiers of the input that the document does not hold, which a
//! conversion to another format leaves out.

use crate::format::Source;
use gamma_core::continuum::Continuum;

/// The bytes of the `.eaf` the document was read from, when it still reads as this document.
pub(crate) fn input_file(source: Option<&Source>, continuum: &Continuum) -> Option<Vec<u8>> {
    let Some(Source::Elan(path)) = source else {
        return None;
    };
    let bytes = crate::read_bytes(path).ok()?;
    let read = super::parse(&bytes, path).ok()?;
    (read == *continuum).then_some(bytes)
}

/// The tiers of the `.eaf` the document was read from that are not among its annotators (their
/// annotations are symbolic, without a value, or none), with how many annotations each has.
pub(crate) fn tiers_not_measured(
    path: &std::path::Path,
    continuum: &Continuum,
) -> Vec<(String, usize)> {
    let Ok(bytes) = crate::read_bytes(path) else {
        return Vec::new();
    };
    let Ok(root) = crate::xml::parse_with_root(&bytes, path, "ANNOTATION_DOCUMENT", "an ELAN file")
    else {
        return Vec::new();
    };
    root.children_named("TIER")
        .filter_map(|tier| {
            let id = tier.attribute("TIER_ID").unwrap_or_default();
            let measured = continuum.annotators.iter().any(|a| a.name == id);
            (!measured).then(|| (id.to_string(), tier.children_named("ANNOTATION").count()))
        })
        .collect()
}
