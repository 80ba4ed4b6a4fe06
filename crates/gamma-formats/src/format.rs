//! The formats Gamma Studio reads and writes, in one table ([`FORMATS`]: name, label, file
//! extensions, how output is laid out) that the readers, the writers, the command line, the
//! gold export and the app's dialogs all use; how a file's format is recognised (extension,
//! then content where an extension is shared); and the types that describe how files are read
//! ([`ReadOptions`]) and where a document came from ([`Source`]).
//!
//! Reading is in [`super::documents`], writing in [`super::write`].

use super::files::FileError;
use super::webanno_tsv::LayerChoice;
use super::{aam, cora, glozz};
use gamma_core::continuum::{Annotator, Continuum};
use std::path::{Path, PathBuf};

/// An annotation format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `annotator,category,start,end` (pygamma-agreement's layout).
    Csv,
    /// Glozz `.aa` (one per annotator) with the document's `.ac`.
    Glozz,
    /// CorA-XML, one file per annotator.
    Cora,
    /// ELAN `.eaf`: tiers are annotators.
    Elan,
    /// WebAnno / INCEpTION TSV 3, one file per annotator.
    WebannoTsv,
    /// brat standoff `.ann` (with the `.txt`), one per annotator.
    Brat,
    /// Praat TextGrid: interval tiers.
    TextGrid,
    /// RTTM speaker turns.
    Rttm,
    /// UIMA CAS XMI (INCEpTION's export), one file per annotator.
    Xmi,
    /// An INCEpTION project export (`.zip`): every document with its users; read only.
    InceptionProject,
}

/// How a format's output is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One file holds every annotator.
    File,
    /// A folder with one file per annotator.
    Folder,
}

/// One row of the format table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatInfo {
    /// The format.
    pub format: Format,
    /// Its name on the command line (`--format`, `--to`).
    pub name: &'static str,
    /// Its name for people (menus, messages).
    pub label: &'static str,
    /// The extensions it is read from (lower case, without the dot); `.tsv` files are told
    /// apart by their first line.
    pub extensions: &'static [&'static str],
    /// The extension it is written with (and that makes a gold export this format).
    pub written_extension: &'static str,
    /// Whether `convert --to` writes one file or a folder.
    pub output: Output,
    /// Whether Gamma Studio writes it.
    pub writable: bool,
}

/// Every format: the one table of names and extensions.
pub const FORMATS: [FormatInfo; 10] = [
    FormatInfo {
        format: Format::Csv,
        name: "csv",
        label: "CSV",
        extensions: &["csv", "tsv", "txt", ""],
        written_extension: "csv",
        output: Output::File,
        writable: true,
    },
    FormatInfo {
        format: Format::Glozz,
        name: "glozz",
        label: "Glozz",
        extensions: &["aa"],
        written_extension: "aa",
        output: Output::Folder,
        writable: true,
    },
    FormatInfo {
        format: Format::Cora,
        name: "cora",
        label: "CorA-XML",
        extensions: &["xml"],
        written_extension: "xml",
        output: Output::Folder,
        writable: true,
    },
    FormatInfo {
        format: Format::Elan,
        name: "elan",
        label: "ELAN",
        extensions: &["eaf"],
        written_extension: "eaf",
        output: Output::File,
        writable: true,
    },
    FormatInfo {
        format: Format::WebannoTsv,
        name: "tsv3",
        label: "WebAnno TSV 3",
        extensions: &["tsv"],
        written_extension: "tsv",
        output: Output::Folder,
        writable: true,
    },
    FormatInfo {
        format: Format::Brat,
        name: "brat",
        label: "brat standoff",
        extensions: &["ann"],
        written_extension: "ann",
        output: Output::Folder,
        writable: true,
    },
    FormatInfo {
        format: Format::TextGrid,
        name: "textgrid",
        label: "Praat TextGrid",
        extensions: &["textgrid"],
        written_extension: "TextGrid",
        output: Output::File,
        writable: true,
    },
    FormatInfo {
        format: Format::Rttm,
        name: "rttm",
        label: "RTTM",
        extensions: &["rttm"],
        written_extension: "rttm",
        output: Output::File,
        writable: true,
    },
    FormatInfo {
        format: Format::Xmi,
        name: "xmi",
        label: "UIMA CAS XMI",
        extensions: &["xmi"],
        written_extension: "xmi",
        output: Output::Folder,
        writable: true,
    },
    FormatInfo {
        format: Format::InceptionProject,
        name: "inception",
        label: "INCEpTION project export",
        extensions: &["zip"],
        written_extension: "zip",
        output: Output::Folder,
        writable: false,
    },
];

impl Format {
    /// Every format, in table order.
    pub const ALL: [Format; 10] = [
        Format::Csv,
        Format::Glozz,
        Format::Cora,
        Format::Elan,
        Format::WebannoTsv,
        Format::Brat,
        Format::TextGrid,
        Format::Rttm,
        Format::Xmi,
        Format::InceptionProject,
    ];

    /// Its row of [`FORMATS`].
    pub fn info(self) -> &'static FormatInfo {
        FORMATS
            .iter()
            .find(|row| row.format == self)
            .expect("every format has a row")
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The format written to a file with this extension (for gold exports), if any.
    pub fn from_written_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_string_lossy().to_lowercase();
        FORMATS
            .iter()
            .find(|row| row.writable && row.written_extension.to_lowercase() == extension)
            .map(|row| row.format)
    }

    /// The format a gold standard of a document in this format is written in: the same, or for
    /// a format that is only read (project exports), WebAnno TSV 3 (INCEpTION imports it as
    /// curation).
    pub fn gold_format(self) -> Format {
        if self.info().writable {
            self
        } else {
            Format::WebannoTsv
        }
    }

    /// Every extension that is read, for file dialogs.
    pub fn readable_extensions() -> Vec<&'static str> {
        let mut all: Vec<&'static str> = Vec::new();
        for row in &FORMATS {
            for extension in row.extensions.iter().chain([&row.written_extension]) {
                if !extension.is_empty() && !all.contains(extension) {
                    all.push(extension);
                }
            }
        }
        all
    }

    /// The format of a file, from its extension, and for `.tsv` and `.xml` from its content (a
    /// TSV 3 file starts with `#FORMAT=WebAnno TSV 3`, any other `.tsv` is CSV; an `.xml` with
    /// an `<xmi:XMI>` root is XMI, any other CorA-XML).
    pub fn detect(path: &Path) -> Result<Format, FileError> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        if extension == "tsv" {
            let mut start = [0u8; 32];
            let read = std::fs::File::open(path)
                .and_then(|mut f| std::io::Read::read(&mut f, &mut start))
                .unwrap_or(0);
            if super::webanno_tsv::looks_like(&start[..read]) {
                return Ok(Format::WebannoTsv);
            }
            return Ok(Format::Csv);
        }
        if extension == "xml" {
            let mut start = vec![0u8; 2048];
            let read = std::fs::File::open(path)
                .and_then(|mut f| std::io::Read::read(&mut f, &mut start))
                .unwrap_or(0);
            if super::xmi::looks_like(&start[..read]) {
                return Ok(Format::Xmi);
            }
            return Ok(Format::Cora);
        }
        if let Some(row) = FORMATS
            .iter()
            .find(|row| row.extensions.contains(&extension.as_str()))
        {
            return Ok(row.format);
        }
        let known: Vec<String> = FORMATS
            .iter()
            .map(|row| format!("{} (.{})", row.label, row.extensions[0]))
            .collect();
        Err(FileError::new(
            path,
            None,
            match extension.as_str() {
                "ac" => "a Glozz text: give the annotators' .aa files (and this file with --text)"
                    .to_string(),
                "aam" => {
                    "a Glozz model: give the annotators' .aa files (and this file with --model)"
                        .to_string()
                }
                other => format!(
                    "unknown format .{other}: {} are read (or name the format with --format)",
                    known.join(", ")
                ),
            },
        ))
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        let names: Vec<&str> = FORMATS.iter().map(|row| row.name).collect();
        FORMATS
            .iter()
            .find(|row| row.name == s.to_lowercase())
            .map(|row| row.format)
            .ok_or_else(|| format!("unknown format {s:?} ({})", names.join(", ")))
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How files are read.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// Read every file as this format instead of guessing from the extension.
    pub format: Option<Format>,
    /// Glozz: the `.ac` (default: beside the first `.aa`). CSV: the text the offsets point into
    /// (default: the `.txt` of the same name, if there is one). brat: the `.txt` (default:
    /// beside each `.ann`).
    pub text: Option<PathBuf>,
    /// Glozz: the `.aam` model (default: the only `.aam` in the text's folder or up to three
    /// folders above it).
    pub model: Option<PathBuf>,
    /// Explicit annotator names of files that hold one annotator each, as (name, file).
    pub annotator_names: Vec<(String, PathBuf)>,
    /// Glozz options.
    pub glozz: glozz::GlozzOptions,
    /// CorA options.
    pub cora: cora::CoraOptions,
    /// WebAnno TSV 3 and XMI: the span layer and the category feature. TextGrid: `layer` is the tier
    /// read from every file (each file one annotator).
    pub layer: LayerChoice,
    /// INCEpTION project exports: the users read as annotators (all when empty). The curated
    /// document is the reference ([`Document::reference`]) unless `curation` is named here.
    pub users: Vec<String>,
}

/// A file that holds one annotator's annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotatorFile {
    /// The annotator's name.
    pub annotator: String,
    /// The file.
    pub path: PathBuf,
}

/// Annotators named after their files' stems, or after their folders when stems collide
/// (brat and INCEpTION put one user per folder).
pub fn default_annotators(paths: &[PathBuf]) -> Vec<AnnotatorFile> {
    let stem = |p: &PathBuf| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let folder = |p: &PathBuf| {
        p.parent()
            .and_then(|f| f.file_name())
            .map(|n| n.to_string_lossy().into_owned())
    };
    let stems: Vec<String> = paths.iter().map(stem).collect();
    let distinct = |names: &[String]| {
        names
            .iter()
            .enumerate()
            .all(|(i, n)| !names[..i].contains(n))
    };
    let folders: Option<Vec<String>> = paths.iter().map(folder).collect();
    let names = match folders {
        Some(folders) if !distinct(&stems) && distinct(&folders) => folders,
        _ => stems,
    };
    paths
        .iter()
        .zip(names)
        .map(|(path, annotator)| AnnotatorFile {
            annotator,
            path: path.clone(),
        })
        .collect()
}

/// Where a document came from, with what a writer in the same format needs.
#[derive(Debug, Clone)]
pub enum Source {
    /// A CSV file.
    Csv(PathBuf),
    /// An ELAN file.
    Elan(PathBuf),
    /// Glozz files of one text.
    Glozz {
        /// The `.ac`.
        text: PathBuf,
        /// The annotators' `.aa` files.
        files: Vec<glozz::AnnotatorFile>,
        /// The annotation model, when one was found.
        model: Option<aam::AnnotationModel>,
    },
    /// CorA-XML files of one text.
    Cora {
        /// The annotators' files.
        files: Vec<cora::AnnotatorFile>,
        /// Their content (writers keep its structure).
        contents: Vec<cora::CoraFile>,
    },
    /// WebAnno TSV 3 files of one text.
    WebannoTsv {
        /// The annotators' files.
        files: Vec<AnnotatorFile>,
        /// The span layer read (full type name): written back the same.
        layer: String,
        /// The feature that was the category (empty when the layer has none).
        feature: String,
    },
    /// XMI files of one text.
    Xmi {
        /// The annotators' files.
        files: Vec<AnnotatorFile>,
        /// The span layer read (full type name).
        layer: String,
        /// The feature that was the category (empty when the layer has none).
        feature: String,
    },
    /// One document of an INCEpTION project export.
    InceptionProject {
        /// The `.zip`.
        path: PathBuf,
        /// The document's name in the export.
        document: String,
        /// The span layer read (full type name).
        layer: String,
        /// The feature that was the category (empty when the layer has none).
        feature: String,
        /// The curated document, the reference (not an annotator), when the export has one
        /// for this document: see [`Document::reference`].
        curation: Option<Annotator>,
    },
    /// brat `.ann` files of one text.
    Brat {
        /// The annotators' files.
        files: Vec<AnnotatorFile>,
        /// The `.txt` of the text.
        text: PathBuf,
    },
    /// TextGrid files: one with its tiers as annotators, or one tier of each.
    TextGrid(Vec<PathBuf>),
    /// RTTM files: one with its file-ids as annotators, or one annotator each.
    Rttm(Vec<PathBuf>),
}

impl Source {
    /// The format the document was read from.
    pub fn format(&self) -> Format {
        match self {
            Source::Csv(_) => Format::Csv,
            Source::Elan(_) => Format::Elan,
            Source::Glozz { .. } => Format::Glozz,
            Source::Cora { .. } => Format::Cora,
            Source::WebannoTsv { .. } => Format::WebannoTsv,
            Source::Brat { .. } => Format::Brat,
            Source::TextGrid(_) => Format::TextGrid,
            Source::Rttm(_) => Format::Rttm,
            Source::Xmi { .. } => Format::Xmi,
            Source::InceptionProject { .. } => Format::InceptionProject,
        }
    }

    /// Every input file of the document.
    pub fn paths(&self) -> Vec<PathBuf> {
        match self {
            Source::Csv(path) | Source::Elan(path) => vec![path.clone()],
            Source::Glozz { text, files, .. } => std::iter::once(text.clone())
                .chain(files.iter().map(|f| f.path.clone()))
                .collect(),
            Source::Cora { files, .. } => files.iter().map(|f| f.path.clone()).collect(),
            Source::WebannoTsv { files, .. } | Source::Xmi { files, .. } => {
                files.iter().map(|f| f.path.clone()).collect()
            }
            Source::Brat { files, text } => std::iter::once(text.clone())
                .chain(files.iter().map(|f| f.path.clone()))
                .collect(),
            Source::TextGrid(paths) | Source::Rttm(paths) => paths.clone(),
            Source::InceptionProject { path, .. } => vec![path.clone()],
        }
    }
}

/// The span layer and category feature written when a document's own are not known (it was
/// read from another format): INCEpTION's built-in custom span layer.
pub const DEFAULT_SPAN_LAYER: (&str, &str) = ("webanno.custom.Span", "value");

/// The span layer (full type name) and category feature a TSV 3 or XMI file of a document is
/// written in: those it was read with (TSV 3, XMI, project export); a layer read without a
/// category feature (its units' category is its short name) keeps its type, with no category
/// feature when every unit's category is that name and with `value` otherwise; a document read
/// from another format gets [`DEFAULT_SPAN_LAYER`].
pub fn span_layer<'a, 'u>(
    source: Option<&'a Source>,
    mut units: impl Iterator<Item = &'u gamma_core::unit::Unit>,
) -> (&'a str, &'a str) {
    match source {
        Some(
            Source::WebannoTsv { layer, feature, .. }
            | Source::Xmi { layer, feature, .. }
            | Source::InceptionProject { layer, feature, .. },
        ) if !layer.is_empty() => {
            if !feature.is_empty() {
                return (layer.as_str(), feature.as_str());
            }
            let short = layer.rsplit('.').next().unwrap_or(layer);
            if units.all(|u| u.category == short || u.category == "*") {
                (layer.as_str(), "")
            } else {
                (layer.as_str(), DEFAULT_SPAN_LAYER.1)
            }
        }
        _ => DEFAULT_SPAN_LAYER,
    }
}

/// One document as read.
#[derive(Debug, Clone)]
pub struct Document {
    /// The annotators and their units.
    pub continuum: Continuum,
    /// Where it came from.
    pub source: Source,
}

impl Document {
    /// The reference (a gold standard) that came with the document and is not one of its
    /// annotators: the curated document of an INCEpTION project export, named `curation`.
    /// γ is measured without it; [`Document::with_reference`] adds it for an evaluation.
    pub fn reference(&self) -> Option<&Annotator> {
        match &self.source {
            Source::InceptionProject { curation, .. } => curation.as_ref(),
            _ => None,
        }
    }

    /// The continuum with the reference as one more annotator (to evaluate the annotators
    /// against it), or as it is when there is no reference or an annotator has its name.
    pub fn with_reference(&self) -> Continuum {
        let mut continuum = self.continuum.clone();
        if let Some(reference) = self.reference()
            && !continuum
                .annotators
                .iter()
                .any(|a| a.name == reference.name)
        {
            continuum.annotators.push(reference.clone());
        }
        continuum
    }
}
