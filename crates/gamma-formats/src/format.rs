//! What a format is to the rest of the crate: the [`Codec`] trait every format module
//! implements (it reads, writes and describes itself), the [`Format`] handle to one codec, and
//! the types the codecs share: how files are read ([`ReadOptions`]), where a document came from
//! ([`Source`]), one annotator's file ([`AnnotatorFile`]), the gold handed to a writer
//! ([`Gold`]) and what the open dialog may offer to choose ([`Offered`]).
//!
//! The table of every codec is [`crate::codec::CODECS`].

use super::annotator_files::{AnnotatorFile, default_annotators};
use super::files::{FileError, Warning};
use super::webanno_tsv::LayerChoice;
use super::{aam, cora, glozz};
use gamma_core::continuum::{Annotator, Continuum};
use gamma_core::unit::Unit;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// How a format's output is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One file holds every annotator.
    File,
    /// A folder with one file per annotator.
    Folder,
}

/// A choice the open dialog offers before files of a format open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// The annotator of each file.
    AnnotatorNames,
    /// The text file the annotations point into.
    Text,
    /// The unit types measured, and a feature as the category (Glozz).
    UnitTypes,
    /// The annotation layer that is the category, the layers kept, the transcription (CorA).
    AnnotationLayers,
    /// The span layer and its category feature (WebAnno TSV 3, XMI).
    SpanLayer,
    /// Whether a file's tiers are its annotators or one tier of each file is (TextGrid).
    Tier,
    /// The users read as annotators, and the curated document (INCEpTION project exports).
    Users,
}

/// What a format is: its names, extensions, MIME type, how it is written, what is chosen
/// before its files open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Description {
    /// Its name on the command line (`--format`, `--to`).
    pub name: &'static str,
    /// Its name for people (menus, messages).
    pub label: &'static str,
    /// The extensions it is read from (lower case, without the dot); a file whose extension
    /// several formats share is told apart by its content ([`Codec::recognises`]).
    pub extensions: &'static [&'static str],
    /// The extension it is written with (and that makes a gold export this format).
    pub written_extension: &'static str,
    /// The MIME type of its files.
    pub mime_type: &'static str,
    /// How `convert --to` lays it out; `None` for a format that is only read.
    pub output: Option<Output>,
    /// What the open dialog offers to choose before its files open (none: they open at once).
    pub choices: &'static [Choice],
    /// What its writer keeps of a document (a conversion says what it does not).
    pub holds: Holds,
}

/// What a written format keeps of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holds {
    /// The units' features (extra attributes, columns, layers).
    pub features: bool,
    /// How the features' names are written.
    pub feature_names: FeatureNames,
    /// Relations between units.
    pub relations: bool,
    /// Relations whose end is a group of units (a Glozz schema, a complex discourse unit).
    pub relations_to_groups: bool,
    /// Undirected relations (brat's equivalences); where not held, they are written directed,
    /// from the first end to the second.
    pub undirected_relations: bool,
    /// Units whose category is empty (when not held, they are not read back, or — in a format
    /// whose names have no spaces — become the category `_`).
    pub empty_categories: bool,
    /// Units of one annotator that overlap (one tier of ELAN).
    pub overlapping_units: bool,
    /// Whitespace in categories (replaced by `_` when not held).
    pub spaces_in_categories: bool,
    /// Whitespace in annotators' names (replaced by `_` when not held).
    pub spaces_in_annotators: bool,
    /// Where the units' bounds are written.
    pub positions: Positions,
}

/// How a format writes the names of the units' features.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureNames {
    /// As they are.
    AsTheyAre,
    /// As UIMA feature names (Java identifiers, none of these reserved names): other names are
    /// written otherwise (`webanno_tsv::feature_name`).
    Identifiers(&'static [&'static str]),
    /// As XML element names: a feature of another name is left out (CorA-XML's layers).
    XmlNames,
}

/// Where a format writes the units' bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Positions {
    /// As they are: characters or times, any number.
    AsTheyAre,
    /// In seconds (TextGrid, RTTM): a document read in milliseconds is rescaled
    /// (the `time_unit` module).
    Seconds,
    /// In whole milliseconds, a unit at least one long (ELAN): a document read in seconds is
    /// rescaled, then rounded.
    WholeMilliseconds,
    /// On whole tokens cut at whitespace and at every unit's bounds: a unit's bounds move in
    /// from spaces (WebAnno TSV 3).
    WholeTokens,
    /// As tokens of the covered text alone when the file is made from units (CorA-XML from
    /// another format): the text no unit covers is not written and the units after it move.
    CoveredText,
}

impl Holds {
    /// A format that keeps all of the above but relations.
    pub(crate) const EVERYTHING_BUT_RELATIONS: Holds = Holds {
        features: true,
        feature_names: FeatureNames::AsTheyAre,
        relations: false,
        relations_to_groups: false,
        undirected_relations: false,
        empty_categories: true,
        overlapping_units: true,
        spaces_in_categories: true,
        spaces_in_annotators: true,
        positions: Positions::AsTheyAre,
    };
}

/// How the files of one format given together make documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    /// Each file is read on its own ([`Codec::read`] gets one file).
    EachFile,
    /// The files are read together ([`Codec::read`] gets them all), one annotator each.
    Together,
}

/// One annotation format: it reads, writes and describes itself. Every codec is a row of
/// [`crate::codec::CODECS`]; see there for adding one.
pub trait Codec: Sync {
    /// What the format is.
    fn description(&self) -> &'static Description;

    /// Whether a file with one of its extensions is this format, from the file's first bytes:
    /// `None` when the format has no test (it is then the format of such files that no other
    /// format recognises).
    fn recognises(&self, _start: &[u8]) -> Option<bool> {
        None
    }

    /// How its files given together make documents.
    fn grouping(&self, _options: &ReadOptions) -> Grouping {
        Grouping::Together
    }

    /// Whether each of these files read together holds one annotator (who may then be
    /// named with `--annotator NAME=FILE`).
    fn one_annotator_per_file(&self, _group: &[PathBuf]) -> bool {
        true
    }

    /// Whether `path`, given with `paths`, belongs to one of this format's files rather than
    /// being a document (brat's `.txt` beside its `.ann`).
    fn companion(&self, _path: &Path, _given: &HashSet<&Path>) -> bool {
        false
    }

    /// The default annotator of each file, from the paths alone.
    fn default_annotators(&self, paths: &[PathBuf]) -> Vec<AnnotatorFile> {
        default_annotators(paths)
    }

    /// Reads the files ([`Codec::grouping`]: one, or all of this format) as documents.
    /// `context` says what else is being read.
    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError>;

    /// Adds what the file offers to choose from in the open dialog.
    fn offer(&self, _path: &Path, _offered: &mut Offered) -> Result<(), FileError> {
        Ok(())
    }

    /// The files [`Codec::write`] would write at `out`.
    fn planned_paths(&self, _continuum: &Continuum, out: &Path) -> Vec<PathBuf> {
        vec![out.to_path_buf()]
    }

    /// Writes a continuum at `out` (a file or a folder, [`Description::output`]); `source` is
    /// where it came from (writers keep what they can of it). Returns the files written.
    fn write(
        &self,
        _continuum: &Continuum,
        _source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        Err(self.read_only(out))
    }

    /// Writes an adjudicated gold to the file `path`. By default (formats of one file): a
    /// document of one annotator, the gold, written by [`Codec::write`].
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        let document = gold.as_document(false);
        self.write(&document, None, path, gold.options).map(drop)
    }

    /// The error of writing a format that is only read.
    fn read_only(&self, out: &Path) -> FileError {
        FileError::new(
            out,
            None,
            format!(
                "{} is read, not written: write tsv3 or xmi (INCEpTION imports them)",
                self.description().label
            ),
        )
    }
}

/// An annotation format: a handle to its codec, compared by name.
#[derive(Clone, Copy)]
pub struct Format(&'static dyn Codec);

impl Format {
    /// The format of a codec.
    pub const fn new(codec: &'static dyn Codec) -> Format {
        Format(codec)
    }

    /// Its codec.
    pub fn codec(self) -> &'static dyn Codec {
        self.0
    }

    /// What it is.
    pub fn description(self) -> &'static Description {
        self.0.description()
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        self.description().name
    }

    /// Its name for people.
    pub fn label(self) -> &'static str {
        self.description().label
    }

    /// Whether Gamma Studio writes it.
    pub fn writable(self) -> bool {
        self.description().output.is_some()
    }

    /// Whether the open dialog offers this choice for its files.
    pub fn offers(self, choice: Choice) -> bool {
        self.description().choices.contains(&choice)
    }
}

impl std::ops::Deref for Format {
    type Target = dyn Codec;
    fn deref(&self) -> &(dyn Codec + 'static) {
        self.0
    }
}

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Format {}

impl std::hash::Hash for Format {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl std::fmt::Debug for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a codec's reader is told besides its files.
#[derive(Debug, Clone, Copy)]
pub struct ReadContext<'a> {
    /// Every file given.
    pub paths: &'a [PathBuf],
    /// The formats of the files of `paths`, each once.
    pub formats: &'a [Format],
    /// How files are read.
    pub options: &'a ReadOptions,
}

impl ReadContext<'_> {
    /// Whether a file of another format than `format` that reads [`ReadOptions::text`] is
    /// among the files (the text is then that format's).
    pub(crate) fn text_taken_by_other_than(&self, format: Format) -> bool {
        self.formats
            .iter()
            .any(|f| *f != format && f.offers(Choice::Text))
    }
}

/// An adjudicated gold, as handed to a codec's writer.
#[derive(Debug, Clone)]
pub struct Gold<'a> {
    /// The adjudicated document.
    pub document: &'a Continuum,
    /// The gold units.
    pub units: &'a [Unit],
    /// The gold as an annotator, named `gold`.
    pub annotator: Annotator,
    /// The author written in formats that keep one (the adjudicator, or `gold`).
    pub author: &'a str,
    /// Where the document came from.
    pub source: Option<&'a Source>,
    /// How the document was read (writers follow the same choices).
    pub options: &'a ReadOptions,
    /// For each gold unit (as in [`units`](Self::units)), the annotators' units it stands for:
    /// (annotator index, the unit's id in its file). Relations carried into the gold are
    /// remapped through it.
    pub stands_for: &'a [Vec<(usize, String)>],
    /// The annotator (index) whose content that was not measured, relations and schemas go
    /// into the gold where the annotators differ on it.
    pub base: usize,
    /// The relations the adjudicator decided: the base annotator's others are carried.
    pub relations: &'a DecidedRelations,
}

/// The relations of the annotators as the adjudication decided them, by their ids in their
/// files ([`gamma_core::relation::Relation::id`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DecidedRelations {
    /// Into the gold: (annotator, relation id, gold label).
    pub kept: Vec<(usize, String, String)>,
    /// Every relation of a decided relation proposal, kept or not: (annotator, relation id).
    pub decided: std::collections::HashSet<(usize, String)>,
}

impl DecidedRelations {
    /// The decisions of `adjudication`'s relations, for a gold whose base annotator is `base`.
    pub fn of(adjudication: &gamma_core::gold::Adjudication, base: usize) -> DecidedRelations {
        let relations = |a: usize| &adjudication.continuum().annotators[a].relations;
        let (kept, decided) = adjudication.decided_relations(base);
        DecidedRelations {
            kept: (kept.into_iter())
                .map(|(a, r, label)| (a, relations(a)[r].id.clone(), label))
                .collect(),
            decided: (decided.into_iter())
                .map(|(a, r)| (a, relations(a)[r].id.clone()))
                .collect(),
        }
    }

    /// The gold label of annotator `annotator`'s relation `id` when it was decided: `Some(None)`
    /// for a relation decided out of the gold, `None` when undecided.
    pub fn fate(&self, annotator: usize, id: &str) -> Option<Option<&str>> {
        if !self.decided.contains(&(annotator, id.to_string())) {
            return None;
        }
        Some(
            (self.kept.iter())
                .find(|(a, r, _)| *a == annotator && r == id)
                .map(|(_, _, label)| label.as_str()),
        )
    }
}

impl Gold<'_> {
    /// A document of the gold alone: one annotator, or with `no_overlap` as many tiers as
    /// overlapping units need ([`tiers_without_overlap`]).
    pub(crate) fn as_document(&self, no_overlap: bool) -> Continuum {
        let mut gold = Continuum::new(self.document.name.clone());
        gold.text = self.document.text.clone();
        if no_overlap {
            gold.annotators
                .extend(tiers_without_overlap(self.annotator.clone()));
        } else {
            gold.annotators.push(self.annotator.clone());
        }
        gold
    }

    /// The document's text, or an error saying that `what` needs it.
    pub fn text(&self, path: &Path, what: &str) -> Result<&str, FileError> {
        self.document.text.as_deref().ok_or_else(|| {
            FileError::new(
                path,
                None,
                format!("{what} needs the document's text, and it has none"),
            )
        })
    }
}

/// Units on as few tiers as keep each tier free of overlaps (`gold`, `gold-2`, …), each unit,
/// by start, on the first tier free there: ELAN and TextGrid never overlap units on one tier.
pub(crate) fn tiers_without_overlap(gold: Annotator) -> Vec<Annotator> {
    let mut units = gold.units;
    units.sort_by(|a, b| a.start.total_cmp(&b.start).then(b.end.total_cmp(&a.end)));
    let mut tiers: Vec<Annotator> = Vec::new();
    for unit in units {
        let free = tiers
            .iter()
            .position(|t| t.units.last().is_none_or(|last| last.end <= unit.start));
        let tier = match free {
            Some(tier) => tier,
            None => {
                let name = match tiers.len() {
                    0 => gold.name.clone(),
                    n => format!("{}-{}", gold.name, n + 1),
                };
                tiers.push(Annotator {
                    name,
                    units: Vec::new(),
                    own_text: None,
                    relations: Vec::new(),
                });
                tiers.len() - 1
            }
        };
        tiers[tier].units.push(unit);
    }
    if tiers.is_empty() {
        tiers.push(Annotator {
            name: gold.name,
            units: Vec::new(),
            own_text: None,
            relations: Vec::new(),
        });
    }
    tiers
}

/// What files offer to choose from in the open dialog, gathered by [`Codec::offer`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offered {
    /// Glozz unit types.
    pub unit_types: Vec<String>,
    /// CorA annotation layers.
    pub annotation_layers: Vec<String>,
    /// Span layers (full type names) with their features.
    pub span_layers: Vec<(String, Vec<String>)>,
    /// TextGrid interval tiers.
    pub tiers: Vec<String>,
    /// Users of project exports.
    pub users: Vec<String>,
    /// Whether an export has a curated document besides its users' annotations.
    pub curation_besides_users: bool,
}

impl Offered {
    /// Adds a span layer, or the features it did not have yet.
    pub(crate) fn add_span_layer(&mut self, name: &str, features: Vec<String>) {
        match self.span_layers.iter_mut().find(|(n, _)| n == name) {
            Some((_, known)) => {
                for feature in features {
                    if !known.contains(&feature) {
                        known.push(feature);
                    }
                }
            }
            None => self.span_layers.push((name.to_string(), features)),
        }
    }
}

/// Adds `value` to `values` unless it is there.
pub(crate) fn add_new(values: &mut Vec<String>, value: String) {
    if !values.contains(&value) {
        values.push(value);
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
        files: Vec<AnnotatorFile>,
        /// The annotation model, when one was found.
        model: Option<aam::AnnotationModel>,
    },
    /// CorA-XML files of one text.
    Cora {
        /// The annotators' files.
        files: Vec<AnnotatorFile>,
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
    /// Files of a format whose writer needs nothing but the document.
    Files {
        /// The format.
        format: Format,
        /// The files.
        paths: Vec<PathBuf>,
    },
}

impl Source {
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
            Source::TextGrid(paths) | Source::Rttm(paths) | Source::Files { paths, .. } => {
                paths.clone()
            }
            Source::InceptionProject { path, .. } => vec![path.clone()],
        }
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
