//! Which span layer of a file of the INCEpTION family (WebAnno TSV 3, UIMA CAS XMI, the
//! project export) gives the units, and which of its features is the category: the user's
//! choice, and the one rule that applies it to a file's layers.

use crate::{FileError, Remedy};
use std::path::Path;

/// Which span layer gives the units and which of its features is the category.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LayerChoice {
    /// The layer: its full type name or the part after the last dot (default: the file's only
    /// span layer).
    pub layer: Option<String>,
    /// The feature whose value is the category (default: the layer's only feature).
    pub category_feature: Option<String>,
}

/// The span layer and the category feature that `choice` names among a file's span layers
/// (`(full type name, primitive features)`): the layer by its full type name or the part after
/// its last dot, else the file's only one; the feature by its name, else the layer's only one
/// (none when the layer has none). Returns the layer's index in `layers` and the feature.
/// Errors list what the file has; `no_layer` says why a file has no span layer.
pub(crate) fn choose_layer<'a>(
    layers: &[(&'a str, Vec<&'a str>)],
    choice: &LayerChoice,
    path: &Path,
    no_layer: &str,
) -> Result<(usize, Option<&'a str>), FileError> {
    let names = || {
        let names: Vec<&str> = layers.iter().map(|(name, _)| *name).collect();
        names.join(", ")
    };
    let layer = match &choice.layer {
        Some(wanted) => (layers.iter())
            .position(|(name, _)| name == wanted || short_name(name) == wanted)
            .ok_or_else(|| {
                let message = format!("no span layer {wanted:?} (span layers: {})", names());
                FileError::new(path, None, message)
            })?,
        None => match layers.len() {
            1 => 0,
            0 => return Err(FileError::new(path, None, no_layer)),
            _ => {
                let message = format!("several span layers ({})", names());
                return Err(FileError::new(path, None, message).with_remedy(Remedy::ChooseLayer));
            }
        },
    };
    let (name, features) = &layers[layer];
    let feature = match &choice.category_feature {
        Some(wanted) => Some(*features.iter().find(|f| *f == wanted).ok_or_else(|| {
            let message = format!(
                "layer {} has no feature {wanted:?} (features: {})",
                short_name(name),
                features.join(", ")
            );
            FileError::new(path, None, message)
        })?),
        None => match features.as_slice() {
            [] => None,
            [only] => Some(*only),
            _ => {
                let message = format!(
                    "layer {} has several features ({})",
                    short_name(name),
                    features.join(", ")
                );
                let error = FileError::new(path, None, message);
                return Err(error.with_remedy(Remedy::ChooseCategoryFeature));
            }
        },
    };
    Ok((layer, feature))
}

/// A UIMA type name after its last dot (`webanno.custom.Span` → `Span`).
pub(crate) fn short_name(type_name: &str) -> &str {
    type_name.rsplit('.').next().unwrap_or(type_name)
}
