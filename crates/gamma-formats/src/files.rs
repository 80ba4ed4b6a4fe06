//! What every reader and writer shares: the file errors and warnings (naming the file and the
//! line), reading a file's bytes and text. Writing is in [`super::atomic_write`].

use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with an input or output file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct FileError {
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), when the problem is on one.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
    /// What the user can do about it, when a choice of theirs would settle it: the command
    /// line, the app and Python each say it in their own words (`Display` uses
    /// [`Remedy::describe`]).
    pub remedy: Option<Remedy>,
}

/// A choice of the user's that settles a reading error, or that a warning offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remedy {
    /// Choose one of the file's span layers (or tiers).
    ChooseLayer,
    /// Choose the feature that holds the category.
    ChooseCategoryFeature,
    /// Give the document's text file.
    GiveText,
    /// Give the annotation model (a Glozz `.aam`).
    GiveModel,
    /// Name the file's format.
    NameFormat,
    /// Name the annotators of the files.
    NameAnnotators,
    /// Choose the curated document of a project export ([`crate::inception_project::CURATION`])
    /// among the users, to measure it as an annotator rather than keep it as the reference.
    CurationAsAnnotator,
}

impl Remedy {
    /// The remedy in words that name no front end's controls.
    pub fn describe(self) -> &'static str {
        match self {
            Remedy::ChooseLayer => "choose one layer",
            Remedy::ChooseCategoryFeature => "choose the feature that holds the category",
            Remedy::GiveText => "give the text file",
            Remedy::GiveModel => "give the model file",
            Remedy::NameFormat => "name the format",
            Remedy::NameAnnotators => "name the annotators",
            Remedy::CurationAsAnnotator => {
                "choose curation among the users to measure it as an annotator"
            }
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(
                f,
                "{}: line {}: {}",
                self.file.display(),
                line,
                self.message
            ),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }?;
        match self.remedy {
            Some(remedy) => write!(f, ": {}", remedy.describe()),
            None => Ok(()),
        }
    }
}

/// A problem that leaves the data usable (reported, not fatal): the file, the line when there
/// is one, what is wrong, and its [kind](WarningKind), so that callers choose which warnings
/// to show by kind, never by the message's wording.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    /// What sort of problem it is.
    pub kind: WarningKind,
    /// The file it is in.
    pub file: PathBuf,
    /// The line (1-based), when the problem is on one.
    pub line: Option<u64>,
    /// What is wrong, for people.
    pub message: String,
    /// What the user can do about it, when a choice of theirs would change it (said as for a
    /// [`FileError`]).
    pub remedy: Option<Remedy>,
}

/// The sorts of reader [`Warning`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// An annotation file records a hash of its text that does not match the text read with it
    /// (Glozz `corpusHashcode`): it may have been annotated on another text.
    TextHashMismatch,
    /// A unit's type is not declared in the annotation model read with it (Glozz `.aam`).
    UndeclaredType,
    /// An annotator's file has a text that differs from the first annotator's (other tokens or
    /// transcriptions): γ positions are approximate, tγ is made for such files.
    TextDiffers,
    /// A discontinuous span was read as one unit from its first start to its last end.
    DiscontinuousSpan,
    /// Parts of the file were skipped (lines that are not annotations, zero-length units).
    Skipped,
    /// The file does not end where its format ends (no final line break): it may have been cut
    /// while it was copied or written, and its last record read as it stands.
    MaybeTruncated,
    /// A reference came with the annotations and is not measured as an annotator: the curated
    /// document of an INCEpTION project export (`evaluate` compares the annotators with it).
    Reference,
    /// A document of a corpus folder is left out (only one annotator has it) or measured with
    /// only the annotators that have it.
    Corpus,
    /// Names were not read (or written) exactly as they stand: spaces trimmed, characters a
    /// format cannot hold replaced.
    NamesChanged,
    /// An annotator of the file has no unit (an empty tier) and is not measured.
    EmptyAnnotator,
    /// What a conversion's output format cannot hold and leaves out or changes.
    Lossy,
    /// Content of the files that is not measured and that the gold carries (other layers,
    /// tiers, types, relations).
    Carried,
}

impl Warning {
    /// A warning of kind `kind` about `file` (at `line` when there is one).
    pub fn new(
        kind: WarningKind,
        file: &Path,
        line: Option<u64>,
        message: impl Into<String>,
    ) -> Warning {
        Warning {
            kind,
            file: file.to_path_buf(),
            line,
            message: message.into(),
            remedy: None,
        }
    }

    /// This warning with what the user can do about it.
    pub(crate) fn with_remedy(self, remedy: Remedy) -> Warning {
        Warning {
            remedy: Some(remedy),
            ..self
        }
    }
}

impl fmt::Display for Warning {
    /// As a [`FileError`]: `file: line N: message: remedy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        FileError {
            file: self.file.clone(),
            line: self.line,
            message: self.message.clone(),
            remedy: self.remedy,
        }
        .fmt(f)
    }
}

impl FileError {
    /// A problem with `file` (at `line` when there is one).
    pub fn new(file: &Path, line: Option<u64>, message: impl fmt::Display) -> FileError {
        FileError {
            file: file.to_path_buf(),
            line,
            message: message.to_string(),
            remedy: None,
        }
    }

    /// This error with what the user can do about it.
    pub(crate) fn with_remedy(self, remedy: Remedy) -> FileError {
        FileError {
            remedy: Some(remedy),
            ..self
        }
    }
}

/// The bytes of an input file, or an error naming it.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    let cannot = |e: std::io::Error| FileError::new(path, None, format!("cannot read: {e}"));
    // A FIFO or a device would block or never end: only regular files are read.
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    if !metadata.is_file() {
        let what = if metadata.is_dir() {
            "a folder"
        } else {
            "not a regular file"
        };
        return Err(FileError::new(path, None, format!("cannot read: {what}")));
    }
    std::fs::read(path).map_err(cannot)
}

/// The bytes as text, or an error naming the line of the first byte that is not UTF-8 — or of
/// the first NUL byte: no format we read has one, and names or texts with U+0000 cannot be
/// written to XML or used as file names (a binary or damaged file).
pub(crate) fn utf8_text<'a>(
    bytes: &'a [u8],
    path: &Path,
    message: &str,
) -> Result<&'a str, FileError> {
    let line_before = |end: usize| bytes[..end].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let text = std::str::from_utf8(bytes)
        .map_err(|e| FileError::new(path, Some(line_before(e.valid_up_to())), message))?;
    refuse_nul(text, path)?;
    Ok(text)
}

/// An error naming the line of the first NUL character of `text`, if it has one.
pub(crate) fn refuse_nul(text: &str, path: &Path) -> Result<(), FileError> {
    match text.find('\0') {
        Some(at) => Err(FileError::new(
            path,
            Some(text[..at].matches('\n').count() as u64 + 1),
            "a NUL character (U+0000): the file is binary or damaged",
        )),
        None => Ok(()),
    }
}

/// The most annotators (tiers, file-ids, annotator names) one file may hold: reading stays
/// quick below it (names are matched by a scan per unit), and γ itself measures at most
/// [`gamma_core::alignment::MAX_ALIGNED_ANNOTATORS`]; a file with more is damaged or generated.
pub(crate) const MAX_ANNOTATORS_PER_FILE: usize = 10_000;

/// An error when a file holds (or declares, `what`: "tiers", "annotators") more than
/// [`MAX_ANNOTATORS_PER_FILE`] annotators, naming the count and the limit.
pub(crate) fn refuse_too_many_annotators(
    count: usize,
    what: &str,
    path: &Path,
    line: Option<u64>,
) -> Result<(), FileError> {
    if count <= MAX_ANNOTATORS_PER_FILE {
        return Ok(());
    }
    Err(FileError::new(
        path,
        line,
        format!(
            "{count} {what}: more than the {MAX_ANNOTATORS_PER_FILE} annotators a file may hold (γ measures at most {})",
            gamma_core::alignment::MAX_ALIGNED_ANNOTATORS
        ),
    ))
}

/// A warning naming the annotators of `path` (each `what`, e.g. "tier") that have no unit and
/// so are not measured, when there are any.
pub(crate) fn empty_annotators_warning(
    names: &[String],
    what: &str,
    path: &Path,
) -> Option<Warning> {
    if names.is_empty() {
        return None;
    }
    Some(Warning::new(
        WarningKind::EmptyAnnotator,
        path,
        None,
        format!(
            "{} {what}(s) without a labelled annotation, not measured as annotators: {}",
            names.len(),
            names.join(", ")
        ),
    ))
}

/// The longest name from inside a file used as a file name, in bytes (leaving room for an
/// extension and the temporary's additions under the usual 255-byte limit).
pub(crate) const MAX_FILE_NAME_BYTES: usize = 200;

/// Why a name from inside a file cannot be a file name ([`safe_file_name`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnusableFileName {
    /// The empty name.
    #[error("an empty name cannot be a file name")]
    Empty,
    /// A name of dots and spaces only (`.`, `..`): it names a folder.
    #[error("{0:?} cannot be a file name (it names a folder)")]
    NamesAFolder(String),
    /// A name longer than a file name may take (see [`safe_file_name`]): its length in bytes.
    #[error(
        "a name of {0} bytes is longer than the {MAX_FILE_NAME_BYTES} bytes a file name may take here"
    )]
    TooLong(usize),
}

/// Why names from inside files cannot be written as they stand: two would become one, or one
/// cannot be a file name. `what` is what the names are ("annotator", "categories").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameClash {
    /// A name that cannot be a file name.
    #[error("{what} {name:?}: {why}")]
    Unusable {
        /// What the name is.
        what: &'static str,
        /// The name.
        name: String,
        /// Why it cannot be a file name.
        why: UnusableFileName,
    },
    /// Two names that would be one file name (once made safe, ignoring case).
    #[error(
        "{what}s {first:?} and {second:?} would be one file name ({file_name:?}, on a system that ignores case): rename one"
    )]
    OneFileName {
        /// What the names are.
        what: &'static str,
        /// The name met first.
        first: String,
        /// The name met second.
        second: String,
        /// The file name both would be.
        file_name: String,
    },
    /// Two names that would be one field of a format without spaces in its fields.
    #[error(
        "{what} {first:?} and {second:?} would both be the {field} {written:?} (no spaces there): rename one"
    )]
    OneField {
        /// What the names are.
        what: &'static str,
        /// The field they are written in ("brat type").
        field: &'static str,
        /// The name met first.
        first: String,
        /// The name met second.
        second: String,
        /// What both would be written as.
        written: String,
    },
}

/// A name that comes from inside a file (a document's, an annotator's, a user's in an archive)
/// as one file or folder name, so that it can never name another place: `/`, `\`, `:`, control
/// characters and the characters Windows forbids (`<>"|?*`) become `_`, as does a final dot or
/// space and the start of a Windows device name (`CON`, `NUL`, `COM1`…). Every other character
/// is kept. Refused, with the reason: the empty name, a name of dots and spaces only (`.`,
/// `..`), a name longer than 200 bytes.
pub fn safe_file_name(name: &str) -> Result<String, UnusableFileName> {
    if name.trim_matches(['.', ' ']).is_empty() {
        return Err(if name.is_empty() {
            UnusableFileName::Empty
        } else {
            UnusableFileName::NamesAFolder(name.to_string())
        });
    }
    if name.len() > MAX_FILE_NAME_BYTES {
        return Err(UnusableFileName::TooLong(name.len()));
    }
    let mut safe: String = name
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:<>\"|?*".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    if safe.ends_with(['.', ' ']) {
        safe.pop();
        safe.push('_');
    }
    let stem = safe
        .split('.')
        .next()
        .unwrap_or("")
        .trim_end()
        .to_ascii_uppercase();
    let device = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.as_bytes()[3].is_ascii_digit());
    if device {
        safe.insert(0, '_');
    }
    Ok(safe)
}

/// Checks that each of `names` (`what`: "annotator") is a [`safe_file_name`] and that no two
/// become one file — nor would on a system that ignores case (Windows, macOS): the refusal
/// names them.
pub fn distinct_safe_file_names<'a>(
    names: impl IntoIterator<Item = &'a str>,
    what: &'static str,
) -> Result<(), NameClash> {
    let mut seen: std::collections::BTreeMap<String, &str> = Default::default();
    for name in names {
        let safe = safe_file_name(name).map_err(|why| NameClash::Unusable {
            what,
            name: name.to_string(),
            why,
        })?;
        match seen.get(&safe.to_lowercase()) {
            Some(&other) if other != name => {
                return Err(NameClash::OneFileName {
                    what,
                    first: other.to_string(),
                    second: name.to_string(),
                    file_name: safe,
                });
            }
            _ => {
                seen.insert(safe.to_lowercase(), name);
            }
        }
    }
    Ok(())
}

/// A name as formats whose fields are separated by spaces write it (brat types, RTTM fields):
/// each whitespace character replaced by `_`; `_` for the empty name.
pub fn without_spaces(name: &str) -> String {
    let written: String = name
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect();
    if written.is_empty() {
        "_".to_string()
    } else {
        written
    }
}

/// An error naming two of `names` (`what`: "categories") that [`without_spaces`] makes one
/// (`field`: "brat type"): written as they are, they would read back merged.
pub(crate) fn distinct_without_spaces<'a>(
    names: impl IntoIterator<Item = &'a str>,
    what: &'static str,
    field: &'static str,
) -> Result<(), NameClash> {
    let mut seen: std::collections::BTreeMap<String, &str> = Default::default();
    for name in names {
        let written = without_spaces(name);
        match seen.get(&written) {
            Some(&other) if other != name => {
                return Err(NameClash::OneField {
                    what,
                    field,
                    first: other.to_string(),
                    second: name.to_string(),
                    written,
                });
            }
            _ => {
                seen.insert(written, name);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_byte_is_refused_with_its_line() {
        let path = Path::new("doc.csv");
        let error = utf8_text(b"a,X,0,5\nb\0,X,0,5\n", path, "not UTF-8").unwrap_err();
        assert_eq!(
            error.to_string(),
            "doc.csv: line 2: a NUL character (U+0000): the file is binary or damaged"
        );
        assert_eq!(utf8_text(b"a,X,0,5\n", path, "not UTF-8"), Ok("a,X,0,5\n"));
    }

    #[test]
    fn folders_and_fifos_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let error = read_bytes(dir.path()).unwrap_err();
        assert!(error.to_string().contains("a folder"), "{error}");
        #[cfg(unix)]
        {
            let fifo = dir.path().join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                let error = read_bytes(&fifo).unwrap_err();
                assert!(error.to_string().contains("not a regular file"), "{error}");
            }
        }
    }

    #[test]
    fn names_from_inside_files_never_name_another_place() {
        for (name, safe) in [
            ("alice", "alice"),
            ("a,b é", "a,b é"),
            ("../../x", ".._.._x"),
            ("/abs/x", "_abs_x"),
            ("C:\\Windows\\x", "C__Windows_x"),
            ("a\nb\tc\u{7}", "a_b_c_"),
            ("doc.", "doc_"),
            ("nul.txt", "_nul.txt"),
            ("COM1", "_COM1"),
            ("COMA", "COMA"),
            ("..hidden", "..hidden"),
        ] {
            assert_eq!(safe_file_name(name).as_deref(), Ok(safe), "{name:?}");
        }
        for name in ["", ".", "..", " .. ", "..."] {
            let refusal = safe_file_name(name).unwrap_err();
            assert!(
                refusal.to_string().contains("file name"),
                "{name:?}: {refusal}"
            );
        }
        assert_eq!(safe_file_name(""), Err(UnusableFileName::Empty));
        let long = "x".repeat(MAX_FILE_NAME_BYTES + 1);
        assert_eq!(
            safe_file_name(&long),
            Err(UnusableFileName::TooLong(MAX_FILE_NAME_BYTES + 1))
        );
        assert!(
            safe_file_name(&long)
                .unwrap_err()
                .to_string()
                .contains("201 bytes")
        );
        assert!(safe_file_name(&long[1..]).is_ok());
        assert_eq!(
            distinct_safe_file_names(["a", "b", "a"], "annotator"),
            Ok(())
        );
        let refusal = distinct_safe_file_names(["Alice", "a/b", "alice"], "annotator");
        assert!(
            refusal
                .unwrap_err()
                .to_string()
                .contains("\"Alice\" and \"alice\" would be one file")
        );
        let refusal = distinct_safe_file_names(["a/b", "a:b"], "annotator").unwrap_err();
        assert_eq!(
            refusal,
            NameClash::OneFileName {
                what: "annotator",
                first: "a/b".into(),
                second: "a:b".into(),
                file_name: "a_b".into(),
            }
        );
        assert!(refusal.to_string().contains("(\"a_b\""));
        let refusal = distinct_safe_file_names(["a", ".."], "annotator").unwrap_err();
        assert!(refusal.to_string().starts_with("annotator \"..\": "));
    }
}
