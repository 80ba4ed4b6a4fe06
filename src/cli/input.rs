//! The options that say how input files are read, shared by every command that reads them.

use super::Failure;
use crate::printable::tell;
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use gamma_formats::cora::{CoraOptions, Transcription};
use gamma_formats::corpus_folder::CorpusPlan;
use gamma_formats::glozz::GlozzOptions;
use gamma_formats::webanno_tsv::LayerChoice;
use gamma_formats::{Document, Format, ReadOptions, WarningKind, read_documents};
use std::path::{Path, PathBuf};

#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Annotation files: CSV (annotator,category,start,end; each file one document), ELAN .eaf
    /// and Praat .TextGrid (tiers = annotators), RTTM (file-ids = annotators; several files:
    /// one annotator each), Glozz .aa, CorA-XML .xml, WebAnno TSV 3 .tsv, UIMA XMI .xmi, brat
    /// .ann (one file per annotator of one text), INCEpTION project exports .zip. Or one corpus
    /// folder: one folder per annotator with same-named files (Glozz as STAC ships it, its texts in
    /// unannotated/), one folder per document, or one file per document; documents are matched
    /// by name.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Read every file as this format instead of guessing from its extension.
    #[arg(long, ignore_case = true, value_parser = format_parser(false))]
    pub format: Option<Format>,
    /// Glozz: the text (.ac) of the .aa files (default: the .ac beside the first .aa). CSV: the
    /// text the offsets point into (default: the .txt of the same name).
    #[arg(long, value_name = "FILE.ac")]
    pub text: Option<PathBuf>,
    /// Glozz: the annotation model (default: the only .aam near the text).
    #[arg(long, value_name = "FILE.aam")]
    pub model: Option<PathBuf>,
    /// Name the annotator of a file that holds one (default: its folder for Glozz; its stem, or
    /// its folder when stems collide).
    #[arg(long, value_name = "NAME=FILE")]
    pub annotator: Vec<String>,
    /// Glozz: category = value of this feature instead of the unit type. WebAnno TSV 3: the
    /// feature of the layer that is the category (default: the layer's only feature).
    #[arg(long, value_name = "NAME")]
    pub category_feature: Option<String>,
    /// Glozz: measure only units of this type (repeatable).
    #[arg(long, value_name = "TYPE")]
    pub include_type: Vec<String>,
    /// Glozz: ignore units of this type (repeatable).
    #[arg(long, value_name = "TYPE")]
    pub exclude_type: Vec<String>,
    /// Glozz: ignore units created by this author (repeatable), e.g. a pre-segmentation script.
    #[arg(long, value_name = "AUTHOR")]
    pub exclude_author: Vec<String>,
    /// CorA: the annotation layer whose value is the category (default pos). WebAnno TSV 3: the
    /// span layer, full or short type name (default: the file's only span layer). TextGrid: the
    /// tier read from every file, each file then one annotator.
    #[arg(long, value_name = "LAYER")]
    pub layer: Option<String>,
    /// INCEpTION project export: the users read as annotators (comma separated; default all).
    /// The curated document is the reference (`evaluate` uses it), not an annotator, unless
    /// `curation` is named here.
    #[arg(long, value_delimiter = ',', value_name = "U1,U2,...")]
    pub users: Vec<String>,
    /// CorA: the layers kept as features (comma separated; default all).
    #[arg(long, value_delimiter = ',', value_name = "L1,L2,...")]
    pub layers: Option<Vec<String>>,
    /// CorA: the transcription that makes the running text (trans, utf or ascii).
    #[arg(long, default_value = "trans")]
    pub transcription: Transcription,
}

/// The parser of a format's name: the names of [`gamma_formats::CODECS`] (those written, with
/// `writable_only`), which `--help` lists.
pub fn format_parser(writable_only: bool) -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(gamma_formats::codec::names(writable_only))
        .map(|name| name.parse::<Format>().expect("a name of the table"))
}

impl InputArgs {
    /// The CorA category layer: `--layer`, by default `pos`.
    pub fn cora_layer(&self) -> String {
        self.layer.clone().unwrap_or_else(|| "pos".to_string())
    }

    pub fn cora_options(&self) -> CoraOptions {
        CoraOptions {
            category_layer: self.cora_layer(),
            category_layer_chosen: self.layer.is_some(),
            layers: self.layers.clone(),
            transcription: self.transcription,
            ..CoraOptions::default()
        }
    }

    pub fn read_options(&self) -> Result<ReadOptions, Failure> {
        let mut annotator_names = Vec::new();
        for naming in &self.annotator {
            let (name, file) = naming.split_once('=').ok_or_else(|| {
                Failure::BadInput(format!("--annotator {naming:?}: expected NAME=FILE"))
            })?;
            let file = PathBuf::from(file);
            if !self.files.contains(&file) {
                return Err(Failure::BadInput(format!(
                    "--annotator {naming:?}: {} is not among the input files",
                    file.display()
                )));
            }
            annotator_names.push((name.to_string(), file));
        }
        Ok(ReadOptions {
            format: self.format,
            text: self.text.clone(),
            model: self.model.clone(),
            annotator_names,
            glozz: GlozzOptions {
                category_feature: self.category_feature.clone(),
                include_types: self.include_type.clone(),
                exclude_types: self.exclude_type.clone(),
                exclude_authors: self.exclude_author.clone(),
            },
            cora: self.cora_options(),
            layer: LayerChoice {
                layer: self.layer.clone(),
                category_feature: self.category_feature.clone(),
            },
            users: self.users.clone(),
        })
    }

    /// Reads the files, or the corpus folder given alone; warnings go to stderr.
    pub fn read(&self) -> Result<Vec<Document>, Failure> {
        self.read_saying(Said::Everything)
    }

    /// Reads the files to convert them: what the gold would carry is not said (the conversion
    /// says what it leaves out).
    pub fn read_to_convert(&self) -> Result<Vec<Document>, Failure> {
        self.read_saying(Said::NotWhatTheGoldCarries)
    }

    fn read_saying(&self, said: Said) -> Result<Vec<Document>, Failure> {
        let options = self.read_options()?;
        if let [folder] = self.files.as_slice()
            && folder.is_dir()
        {
            return read_corpus_folder_saying(folder, &options, said).map(|(d, _)| d);
        }
        if let Some(folder) = self.files.iter().find(|f| f.is_dir()) {
            return Err(Failure::BadInput(format!(
                "{}: a folder among files: give the corpus folder alone, or the files",
                folder.display()
            )));
        }
        let text_missing = options.text.is_none()
            && self
                .files
                .iter()
                .any(|f| f.extension().is_some_and(|e| e == "aa"))
            && self
                .files
                .iter()
                .all(|f| gamma_formats::glozz::text_beside(f).is_none());
        let (documents, warnings) = read_documents(&self.files, &options).map_err(|e| {
            let hint = if text_missing && e.remedy.is_none() {
                " (give the text with --text FILE.ac)"
            } else {
                ""
            };
            Failure::BadInput(format!("{}{hint}", in_flags(&e)))
        })?;
        say(&warnings, said);
        Ok(documents)
    }
}

/// Which of the readers' warnings a command says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    Everything,
    NotWhatTheGoldCarries,
}

fn say(warnings: &[gamma_formats::Warning], said: Said) {
    for warning in warnings {
        if said == Said::NotWhatTheGoldCarries && warning.kind == WarningKind::Carried {
            continue;
        }
        tell!("gamma-studio: warning: {}", warning_in_flags(warning));
    }
}

/// A corpus folder and how it holds its documents (said on stderr, with the warnings).
pub fn read_corpus_folder(
    folder: &Path,
    options: &ReadOptions,
) -> Result<(Vec<Document>, CorpusPlan), Failure> {
    read_corpus_folder_saying(folder, options, Said::Everything)
}

fn read_corpus_folder_saying(
    folder: &Path,
    options: &ReadOptions,
    said: Said,
) -> Result<(Vec<Document>, CorpusPlan), Failure> {
    let (documents, warnings, plan) =
        gamma_formats::read_corpus(folder, options).map_err(|e| Failure::BadInput(in_flags(&e)))?;
    tell!(
        "gamma-studio: {}: {} document(s), {}",
        folder.display(),
        documents.len(),
        plan.layout.describe()
    );
    say(&warnings, said);
    Ok((documents, plan))
}

/// A reading error in the command line's words: its remedy names the option that settles it.
pub fn in_flags(error: &gamma_formats::FileError) -> String {
    said_in_flags(&error.file, error.line, &error.message, error.remedy)
}

/// A reader's warning in the command line's words (as [`in_flags`]).
pub fn warning_in_flags(warning: &gamma_formats::Warning) -> String {
    said_in_flags(
        &warning.file,
        warning.line,
        &warning.message,
        warning.remedy,
    )
}

/// `file: line N: message: remedy`, the remedy naming the option.
fn said_in_flags(
    file: &std::path::Path,
    line: Option<u64>,
    message: &str,
    remedy: Option<gamma_formats::Remedy>,
) -> String {
    use gamma_formats::Remedy;
    let place = match line {
        Some(line) => format!("{}: line {line}", file.display()),
        None => file.display().to_string(),
    };
    let remedy = remedy.map(|remedy| match remedy {
        Remedy::ChooseLayer => "choose one with --layer",
        Remedy::ChooseCategoryFeature => "choose the category with --category-feature",
        Remedy::GiveText => "give the text with --text",
        Remedy::GiveModel => "give the model with --model",
        Remedy::NameFormat => "or name the format with --format",
        Remedy::NameAnnotators => "name them with --annotator NAME=FILE",
        Remedy::CurationAsAnnotator => "--users …,curation measures it as an annotator",
    });
    match remedy {
        Some(remedy) => format!("{place}: {message}: {remedy}"),
        None => format!("{place}: {message}"),
    }
}
