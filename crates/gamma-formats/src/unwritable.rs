//! Why a writer refuses annotations: what the format cannot hold, with the values that make it
//! so. A writer checks everything before the first byte is written; the codecs turn a refusal
//! into a [`FileError`] naming the output.

use crate::files::{FileError, NameClash};
use gamma_core::unit::Unit;
use std::fmt;
use std::path::PathBuf;

/// What a format cannot hold.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Unwritable {
    /// A unit whose ends are not character offsets of the text (fractional, negative, past
    /// its end, or reversed).
    #[error("unit {unit} is not a character span of the {length}-character text")]
    NotACharacterSpan {
        /// The unit.
        unit: Box<Unit>,
        /// The text's length in characters.
        length: usize,
    },
    /// A unit over spaces only: a format of tokens has no token for it.
    #[error("unit {unit} covers only spaces")]
    OnlySpaces {
        /// The unit.
        unit: Box<Unit>,
    },
    /// A unit over spaces only, in WebAnno TSV 3, where a unit is a run of tokens.
    #[error("unit {unit} covers only spaces: TSV 3 needs a token")]
    NoTsv3Token {
        /// The unit.
        unit: Box<Unit>,
    },
    /// A character XML 1.0 cannot hold, even as a character reference (U+0001…).
    #[error(
        "{place} has the character U+{:04X} at character {at}, which XML 1.0 cannot hold",
        u32::from(*.character)
    )]
    NotXml {
        /// Where it is.
        place: XmlPlace,
        /// The character.
        character: char,
        /// Its offset in characters in that value.
        at: usize,
    },
    /// An annotator's units overlap, and a TextGrid interval tier cannot hold overlapping
    /// intervals.
    #[error(
        "annotator {annotator:?}: unit {unit} overlaps the one before it, and a TextGrid interval tier cannot hold overlapping intervals"
    )]
    OverlappingIntervals {
        /// The annotator.
        annotator: String,
        /// The unit that overlaps the one before it.
        unit: Box<Unit>,
    },
    /// A unit before time 0, which the format's own tool refuses (ELAN's `TIME_VALUE`,
    /// Praat's `xmin`).
    #[error("annotator {annotator:?}: unit {unit} starts before 0, which {format} refuses")]
    NegativeTime {
        /// The annotator.
        annotator: String,
        /// The unit.
        unit: Box<Unit>,
        /// The format's name.
        format: &'static str,
    },
    /// Two units overlap, and CorA tokens cannot.
    #[error("units {first} and {second} overlap: CorA tokens cannot")]
    OverlappingTokens {
        /// The unit that starts first.
        first: Box<Unit>,
        /// The unit that overlaps it.
        second: Box<Unit>,
    },
    /// Two units have one span, and a CorA token has one set of layers.
    #[error("two consensus units span [{start}, {end}): a CorA token has one set of layers")]
    OneTokenTwice {
        /// The span's start, in characters.
        start: usize,
        /// The span's end, in characters.
        end: usize,
    },
    /// A unit that is no token of the CorA-XML file whose structure the output keeps.
    #[error(
        "consensus unit {unit} {covered:?} does not match a token of {}; CorA-XML keeps the input's tokenization",
        .file.display()
    )]
    NotAToken {
        /// The unit.
        unit: Box<Unit>,
        /// The text it covers.
        covered: String,
        /// The CorA-XML file.
        file: PathBuf,
    },
    /// A word holding one of the marks CorA's transcriptions cut words and tokens at: it would
    /// read back cut.
    #[error(
        "unit {unit}: the word {word:?} holds {mark:?}, which CorA's transcriptions use to mark word and token boundaries: CorA-XML cannot keep it"
    )]
    BoundaryMark {
        /// The unit.
        unit: Box<Unit>,
        /// The word.
        word: String,
        /// The mark.
        mark: char,
    },
    /// Names that would become one file or one field, or that cannot be a file name.
    #[error(transparent)]
    Names(#[from] NameClash),
    /// The file whose structure the output keeps (a CorA-XML input) cannot be read again.
    #[error(transparent)]
    Template(#[from] FileError),
}

/// Where in an XML file a value is written.
#[derive(Debug, Clone, PartialEq)]
pub enum XmlPlace {
    /// The document's text.
    Text,
    /// A feature of a unit.
    Feature {
        /// The unit's index among the annotator's units.
        index: usize,
        /// The unit.
        unit: Box<Unit>,
        /// The feature's name, as written.
        feature: String,
    },
    /// The label of a relation.
    RelationLabel {
        /// The relation's id in its file.
        id: String,
    },
}

impl fmt::Display for XmlPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XmlPlace::Text => f.write_str("the text"),
            XmlPlace::Feature {
                index,
                unit,
                feature,
            } => write!(f, "unit {} ({unit}), feature {feature}", index + 1),
            XmlPlace::RelationLabel { id } => write!(f, "the label of relation {id:?}"),
        }
    }
}

/// The first unit `before_zero` says starts before 0, as [`Unwritable::NegativeTime`] in
/// `format`.
pub(crate) fn negative_time(
    continuum: &gamma_core::continuum::Continuum,
    format: &'static str,
    before_zero: impl Fn(&Unit) -> bool,
) -> Option<Unwritable> {
    (continuum.annotators.iter()).find_map(|annotator| {
        (annotator.units.iter())
            .find(|u| before_zero(u))
            .map(|unit| Unwritable::NegativeTime {
                annotator: annotator.name.clone(),
                unit: Box::new(unit.clone()),
                format,
            })
    })
}
