//! The table of every annotation format Gamma Studio reads and writes, [`CODECS`], and what is
//! looked up in it: a file's format (from its extension, then its content where an extension
//! is shared), a format by name or by written extension, the extensions the app's dialogs
//! offer.
//!
//! Each format is one module that reads, writes and describes itself through the
//! [`Codec`](crate::format::Codec) trait. The readers ([`crate::read_documents`]), the writers
//! ([`crate::write_continuum`]), the gold export, the command line's `--format` and `--to` and
//! the app's open dialog all follow this table.
//!
//! **Adding a format** is one module and one row: write the module (its reader, its writer if
//! it is written, and a `Codec` whose [`Description`](crate::format::Description) gives its
//! names, extensions, MIME type, output layout and the choices it needs), then add its
//! `Format` constant to [`CODECS`]. A format whose writer needs nothing but the document it
//! wrote describes its documents with [`Source::Files`].

use super::files::FileError;
use super::format::{Format, Source};
use super::{brat, cora, csv, elan, glozz, inception_project, rttm, textgrid, webanno_tsv, xmi};
use std::path::Path;

/// Every format, in the order the command line and the dialogs list them.
pub const CODECS: [Format; 10] = [
    csv::CSV,
    glozz::GLOZZ,
    cora::CORA,
    elan::ELAN,
    webanno_tsv::TSV3,
    brat::BRAT,
    textgrid::TEXTGRID,
    rttm::RTTM,
    xmi::XMI,
    inception_project::INCEPTION,
];

/// The names of the formats (all, or those written), for the command line.
pub fn names(writable_only: bool) -> Vec<&'static str> {
    (CODECS.iter())
        .filter(|f| !writable_only || f.writable())
        .map(|f| f.name())
        .collect()
}

impl Format {
    /// The format of a file, from its extension, and where formats share an extension from
    /// its first bytes (a TSV 3 file starts with `#FORMAT=WebAnno TSV 3`, any other `.tsv` is
    /// CSV; an `.xml` with an `<xmi:XMI>` root is XMI, any other CorA-XML).
    pub fn detect(path: &Path) -> Result<Format, FileError> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let candidates: Vec<Format> = (CODECS.iter())
            .filter(|f| f.description().extensions.contains(&extension.as_str()))
            .copied()
            .collect();
        match candidates.as_slice() {
            [] => Err(unknown_extension(path, &extension)),
            [only] => Ok(*only),
            [first, ..] => {
                let mut start = vec![0u8; 2048];
                let read = std::fs::File::open(path)
                    .and_then(|mut f| std::io::Read::read(&mut f, &mut start))
                    .unwrap_or(0);
                let start = &start[..read];
                let recognised = |answer: Option<bool>| {
                    (candidates.iter()).find(|f| f.recognises(start) == answer)
                };
                Ok(*recognised(Some(true))
                    .or_else(|| recognised(None))
                    .unwrap_or(first))
            }
        }
    }

    /// The format written to a file with this extension (for gold exports), if any.
    pub fn from_written_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_string_lossy().to_lowercase();
        (CODECS.iter())
            .find(|f| f.writable() && f.description().written_extension.to_lowercase() == extension)
            .copied()
    }

    /// The format a gold standard of a document in this format is written in: the same, or for
    /// a format that is only read (project exports), WebAnno TSV 3 (INCEpTION imports it as
    /// curation).
    pub fn gold_format(self) -> Format {
        if self.writable() {
            self
        } else {
            webanno_tsv::TSV3
        }
    }

    /// Every extension that is read, for file dialogs.
    pub fn readable_extensions() -> Vec<&'static str> {
        let mut all: Vec<&'static str> = Vec::new();
        for format in CODECS {
            for extension in format.dialog_extensions() {
                if !all.contains(&extension) {
                    all.push(extension);
                }
            }
        }
        all
    }

    /// The extensions a file dialog's filter for this format shows.
    pub fn dialog_extensions(self) -> Vec<&'static str> {
        let description = self.description();
        let mut extensions: Vec<&'static str> = Vec::new();
        for extension in (description.extensions.iter()).chain([&description.written_extension]) {
            if !extension.is_empty() && !extensions.contains(extension) {
                extensions.push(extension);
            }
        }
        extensions
    }
}

fn unknown_extension(path: &Path, extension: &str) -> FileError {
    let known: Vec<String> = (CODECS.iter())
        .map(|f| format!("{} (.{})", f.label(), f.description().extensions[0]))
        .collect();
    let message = match extension {
        "ac" => {
            let message =
                "a Glozz text: give the annotators' .aa files, with this one as their text";
            return FileError::new(path, None, message).with_remedy(crate::Remedy::GiveText);
        }
        "aam" => {
            let message =
                "a Glozz model: give the annotators' .aa files, with this one as their model";
            return FileError::new(path, None, message).with_remedy(crate::Remedy::GiveModel);
        }
        other => format!("unknown format .{other}: {} are read", known.join(", ")),
    };
    FileError::new(path, None, message).with_remedy(crate::Remedy::NameFormat)
}

/// A format name that is no codec's ([`Format`]'s `FromStr`): the name given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {0:?} ({known})", known = names(false).join(", "))]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for Format {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        (CODECS.iter())
            .find(|f| f.name() == s.to_lowercase())
            .copied()
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

impl Source {
    /// The format the document was read from.
    pub fn format(&self) -> Format {
        match self {
            Source::Csv(_) => csv::CSV,
            Source::Elan(_) => elan::ELAN,
            Source::Glozz { .. } => glozz::GLOZZ,
            Source::Cora { .. } => cora::CORA,
            Source::WebannoTsv { .. } => webanno_tsv::TSV3,
            Source::Brat { .. } => brat::BRAT,
            Source::TextGrid(_) => textgrid::TEXTGRID,
            Source::Rttm(_) => rttm::RTTM,
            Source::Xmi { .. } => xmi::XMI,
            Source::InceptionProject { .. } => inception_project::INCEPTION,
            Source::Files { format, .. } => *format,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReadOptions, read_documents, write_continuum};
    use gamma_core::continuum::Continuum;

    /// Two annotators on "the cat sat on the mat".
    fn document() -> Continuum {
        let mut continuum = Continuum::new("cats");
        continuum.text = Some("the cat sat on the mat".into());
        for (annotator, start, end, category) in [
            ("ann", 4.0, 7.0, "ANIMAL"),
            ("ann", 19.0, 22.0, "THING"),
            ("bob", 4.0, 11.0, "ANIMAL"),
            ("bob", 15.0, 22.0, "THING"),
        ] {
            continuum.add(annotator, start, end, category).unwrap();
        }
        continuum
    }

    /// Each annotator's units as (category, start, end), or for formats that rebuild their
    /// own running text (CorA) as (category, covered words).
    fn units_of(continuum: &Continuum, by_words: bool) -> Vec<(String, Vec<String>)> {
        let mut annotators: Vec<(String, Vec<String>)> = (continuum.annotators.iter())
            .enumerate()
            .map(|(index, annotator)| {
                let mut units: Vec<String> = (annotator.units.iter())
                    .map(|u| match by_words {
                        true => format!("{} {:?}", u.category, continuum.covered_text(index, u)),
                        false => format!("{} [{}, {})", u.category, u.start, u.end),
                    })
                    .collect();
                units.sort();
                (annotator.name.clone(), units)
            })
            .collect();
        annotators.sort();
        annotators
    }

    #[test]
    fn every_writable_codec_reads_back_the_units_it_wrote() {
        let original = document();
        let dir = tempfile::tempdir().unwrap();
        let writable: Vec<Format> = CODECS.into_iter().filter(|f| f.writable()).collect();
        assert_eq!(
            writable.len(),
            9,
            "every format but project exports is written"
        );
        for format in writable {
            let out = dir.path().join(format!("out-{format}"));
            let written = write_continuum(&original, None, format, &out, &ReadOptions::default())
                .unwrap_or_else(|e| panic!("{format}: {e}"));
            let mut planned = crate::planned_paths(&original, format, &out);
            let mut sorted = written.clone();
            planned.sort();
            sorted.sort();
            assert_eq!(sorted, planned, "{format}: the files planned");
            let mut options = ReadOptions {
                format: Some(format),
                ..ReadOptions::default()
            };
            let mut inputs = written.clone();
            if format == crate::glozz::GLOZZ {
                options.text = Some(inputs.remove(0));
            }
            if format == crate::brat::BRAT {
                inputs.retain(|p| p.extension().is_some_and(|e| e == "ann"));
            }
            let (documents, _) =
                read_documents(&inputs, &options).unwrap_or_else(|e| panic!("{format}: {e}"));
            assert_eq!(documents.len(), 1, "{format}");
            assert_eq!(documents[0].source.format(), format);
            let by_words = format == crate::cora::CORA;
            assert_eq!(
                units_of(&documents[0].continuum, by_words),
                units_of(&original, by_words),
                "{format}: the units read back"
            );
        }
    }

    #[test]
    fn names_and_extensions_come_from_the_table() {
        assert_eq!(
            names(false),
            [
                "csv",
                "glozz",
                "cora",
                "elan",
                "tsv3",
                "brat",
                "textgrid",
                "rttm",
                "xmi",
                "inception"
            ]
        );
        assert!(!names(true).contains(&"inception"));
        for format in CODECS {
            assert_eq!(format.name().parse::<Format>().unwrap(), format);
            assert!(!format.description().mime_type.is_empty(), "{format}");
        }
        assert_eq!("TSV3".parse::<Format>().unwrap(), crate::webanno_tsv::TSV3);
        let unknown = "docx".parse::<Format>().unwrap_err();
        assert_eq!(unknown, UnknownFormat("docx".into()));
        assert!(
            unknown
                .to_string()
                .starts_with("unknown format \"docx\" (csv, glozz, cora, "),
            "{unknown}"
        );
    }
}
