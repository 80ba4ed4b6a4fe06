//! What a tγ run needs: the annotators' texts and tokens with the layers compared, the core's
//! options, and the base the chance model perturbs (an annotator's annotation, or a
//! pre-annotation file, read in the job's thread with the document's CorA options). No
//! widgets here.

use super::settings::{Settings, TextGammaBase};
use crate::app::errors::AppError;
use gamma_core::Continuum;
use gamma_core::gamma::RunControl;
use gamma_core::textgamma::sampler::{TextGammaOptions, text_gamma};
use gamma_core::textgamma::{TextAnnotation, TextGammaResult, annotations_of};
use gamma_formats::cora::CoraOptions;
use gamma_formats::{ReadOptions, read_documents};
use std::collections::BTreeSet;
use std::path::Path;

/// A tγ run of one document.
pub struct TextGammaRequest {
    /// The annotators' texts and tokens, with the layers compared only.
    pub annotations: Vec<TextAnnotation>,
    /// The core's options.
    pub options: TextGammaOptions,
    /// What the chance model perturbs.
    pub base: TextGammaBase,
    /// How the document was read (a base file is read the same way).
    pub cora: CoraOptions,
    /// The layers compared.
    pub layers: Vec<String>,
}

/// The layers of a CorA document's tokens that tγ may compare: the category layer, then every
/// feature, sorted; only those that count when the files were opened (as `--layers`).
pub fn layers_of(continuum: &Continuum, cora: &CoraOptions) -> Vec<String> {
    let mut names: BTreeSet<String> = BTreeSet::new();
    for (_, unit) in continuum.units() {
        names.extend(unit.features.keys().cloned());
    }
    names.remove(&cora.category_layer);
    std::iter::once(cora.category_layer.clone())
        .chain(names)
        .filter(|l| cora.layers.as_ref().is_none_or(|kept| kept.contains(l)))
        .collect()
}

impl TextGammaRequest {
    /// tγ of `continuum` read with `cora`, as `settings` say.
    pub fn new(
        continuum: &Continuum,
        settings: &Settings,
        cora: &CoraOptions,
    ) -> Result<TextGammaRequest, AppError> {
        let layers: Vec<String> = layers_of(continuum, cora)
            .into_iter()
            .filter(|l| !settings.text_gamma_excluded_layers.contains(l))
            .collect();
        let annotations: Vec<TextAnnotation> = annotations_of(continuum, &cora.category_layer)?
            .into_iter()
            .map(|a| a.with_layers(&layers))
            .collect();
        if let TextGammaBase::Annotator(name) = &settings.text_gamma_base
            && !annotations.iter().any(|a| a.name == *name)
        {
            return Err(AppError::NoSuchBase(name.clone()));
        }
        Ok(TextGammaRequest {
            annotations,
            options: settings.text_gamma_options(),
            base: settings.text_gamma_base.clone(),
            cora: cora.clone(),
            layers,
        })
    }

    /// Reads the base (a file), then computes tγ; runs in the job's thread.
    pub fn run(&self, control: RunControl) -> Result<TextGammaResult, AppError> {
        let base = match &self.base {
            TextGammaBase::EachInTurn => None,
            TextGammaBase::Annotator(name) => {
                self.annotations.iter().find(|a| a.name == *name).cloned()
            }
            TextGammaBase::File(path) => Some(self.read_base(path)?),
        };
        text_gamma(&self.annotations, base.as_ref(), &self.options, control).map_err(AppError::from)
    }

    /// A pre-annotation file as a base, with the layers compared.
    fn read_base(&self, path: &Path) -> Result<TextAnnotation, AppError> {
        let name = path
            .file_stem()
            .map_or("base".to_string(), |s| s.to_string_lossy().into_owned());
        let options = ReadOptions {
            cora: self.cora.clone(),
            annotator_names: vec![(name, path.to_path_buf())],
            ..ReadOptions::default()
        };
        let (documents, _) =
            read_documents(&[path.to_path_buf()], &options).map_err(AppError::BaseUnread)?;
        let continuum = &documents
            .first()
            .ok_or_else(|| base(path, AppError::NoDocumentIn))?
            .continuum;
        let mut annotations = annotations_of(continuum, &self.cora.category_layer)
            .map_err(|e| base(path, e.into()))?;
        if annotations.is_empty() {
            return Err(base(path, AppError::NoAnnotation));
        }
        Ok(annotations.remove(0).with_layers(&self.layers))
    }
}

/// A problem of tγ's base file `path`.
fn base(path: &Path, problem: AppError) -> AppError {
    AppError::Base {
        path: path.to_path_buf(),
        problem: Box::new(problem),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layers_offered_are_those_that_count_when_opened() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cora");
        let files = [
            fixtures.join("p1b_posmorph_A.xml"),
            fixtures.join("p1b_posmorph_B.xml"),
        ];
        let (documents, _) = read_documents(&files, &ReadOptions::default()).unwrap();
        let continuum = &documents[0].continuum;
        let all = CoraOptions::default();
        assert_eq!(layers_of(continuum, &all), ["pos", "morph"]);
        let morph_only = CoraOptions {
            layers: Some(vec!["morph".into()]),
            ..CoraOptions::default()
        };
        assert_eq!(layers_of(continuum, &morph_only), ["morph"]);
        let settings = Settings::default();
        let request = TextGammaRequest::new(continuum, &settings, &morph_only).unwrap();
        let labels: BTreeSet<&String> = (request.annotations.iter())
            .flat_map(|a| a.units.iter().flat_map(|u| u.layers.keys()))
            .collect();
        assert_eq!(labels.into_iter().collect::<Vec<_>>(), ["morph"]);
        let elsewhere = Settings {
            text_gamma_base: TextGammaBase::Annotator("nobody".into()),
            ..Settings::default()
        };
        assert!(TextGammaRequest::new(continuum, &elsewhere, &all).is_err());
    }
}
