//! Reading a zip archive that may be damaged or hostile: it is opened once, and refused with an
//! error naming the archive and the limit when it holds more entries than [`MAX_ENTRIES`], the
//! same name twice, a central directory cut short (its end record claiming fewer entries than
//! it lists), or when an entry inflates past [`MAX_ENTRY`] bytes, past [`MAX_RATIO`] times its
//! compressed size, or the entries read together past [`MAX_INFLATED`] bytes — declared sizes
//! checked before reading, actual sizes while reading, so that no claim makes us allocate more.

use crate::FileError;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most entries an archive may hold.
pub(crate) const MAX_ENTRIES: usize = 50_000;
/// The largest entry read, inflated.
pub(crate) const MAX_ENTRY: u64 = 256 * 1024 * 1024;
/// The most bytes all the entries read from one export inflate to.
pub(crate) const MAX_INFLATED: u64 = 1024 * 1024 * 1024;
/// The highest compression ratio of an entry larger than 1 MiB (annotation
/// files compress 5 to 50 times; a zip bomb about 1,000 times).
pub(crate) const MAX_RATIO: u64 = 200;
/// Entries up to this size may have any ratio (a small file of repeated lines).
const RATIO_FROM: u64 = 1024 * 1024;

/// An open archive and what is left of its inflation budget.
pub(super) struct Archive<'a> {
    zip: zip::ZipArchive<std::io::Cursor<&'a [u8]>>,
    path: PathBuf,
    /// Bytes the entries may still inflate to.
    budget: u64,
}

impl<'a> Archive<'a> {
    /// The archive of `bytes` (the file `path`), checked: entry count, duplicate names, a whole
    /// central directory. Nested archives share `budget` through [`Archive::budget`].
    pub(super) fn open(
        bytes: &'a [u8],
        path: &Path,
        budget: u64,
    ) -> Result<Archive<'a>, FileError> {
        let refuse = |message: String| FileError::new(path, None, message);
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .map_err(|e| refuse(format!("not a readable zip archive: {e}")))?;
        if zip.len() > MAX_ENTRIES {
            return Err(refuse(format!(
                "{} entries, more than the {MAX_ENTRIES} an archive is read with",
                zip.len()
            )));
        }
        if zip.has_duplicate_names() {
            return Err(refuse(
                "the same entry name twice in the archive's directory: which copy is meant cannot be told (a damaged or altered archive)".into(),
            ));
        }
        if let Some(next) = unlisted_central_header(bytes, &mut zip) {
            return Err(refuse(format!(
                "damaged: its end record lists {} entries, but another one follows them at byte {next} (repair or export the archive again)",
                zip.len()
            )));
        }
        Ok(Archive {
            zip,
            path: path.to_path_buf(),
            budget,
        })
    }

    /// The entries' names, in the directory's order; an entry whose name is not UTF-8 is an
    /// error naming its bytes.
    pub(super) fn names(&mut self) -> Result<Vec<String>, FileError> {
        let mut names = Vec::with_capacity(self.zip.len());
        for index in 0..self.zip.len() {
            let file = self
                .zip
                .by_index_raw(index)
                .map_err(|e| FileError::new(&self.path, None, format!("entry {index}: {e}")))?;
            let raw = file.name_raw();
            let name = std::str::from_utf8(raw).map_err(|_| {
                FileError::new(
                    &self.path,
                    None,
                    format!(
                        "entry {index}'s name is not UTF-8 ({}): export the project again",
                        raw.escape_ascii()
                    ),
                )
            })?;
            names.push(name.to_string());
        }
        Ok(names)
    }

    /// What is left of the inflation budget (for an archive inside this one).
    pub(super) fn budget(&self) -> u64 {
        self.budget
    }

    /// Spends `bytes` of the budget (what an archive inside this one inflated).
    pub(super) fn spend(&mut self, bytes: u64) {
        self.budget = self.budget.saturating_sub(bytes);
    }

    /// The bytes of entry `name`, within the limits (see the module's documentation).
    pub(super) fn bytes(&mut self, name: &str) -> Result<Vec<u8>, FileError> {
        let inner = FileError::new(&self.path.join(name), None, String::new());
        let refuse = |message: String| FileError {
            message,
            ..inner.clone()
        };
        let budget = self.budget;
        let mut file = self
            .zip
            .by_name(name)
            .map_err(|e| refuse(format!("cannot open in the archive: {e}")))?;
        let (declared, compressed) = (file.size(), file.compressed_size());
        let ratio_limit = compressed.saturating_mul(MAX_RATIO).max(RATIO_FROM);
        let over = |size: u64| -> Option<String> {
            if size > MAX_ENTRY {
                Some(format!(
                    "inflates to {size} bytes or more, past the {MAX_ENTRY} bytes an entry may take"
                ))
            } else if size > ratio_limit {
                Some(format!(
                    "inflates to {size} bytes or more from {compressed}, past {MAX_RATIO} times its compressed size (a zip bomb?)"
                ))
            } else if size > budget {
                Some(format!(
                    "inflates to {size} bytes or more, past what is left of the {MAX_INFLATED} bytes all the entries of an export may take"
                ))
            } else {
                None
            }
        };
        if let Some(problem) = over(declared) {
            return Err(refuse(problem));
        }
        let limit = MAX_ENTRY.min(ratio_limit).min(budget);
        let mut out = Vec::new();
        (&mut file)
            .take(limit + 1)
            .read_to_end(&mut out)
            .map_err(|e| refuse(format!("cannot read from the archive: {e}")))?;
        if let Some(problem) = over(out.len() as u64) {
            return Err(refuse(problem));
        }
        self.budget -= out.len() as u64;
        Ok(out)
    }
}

/// The byte where a central directory header follows the last one the end record counts, if one
/// does: the end record was damaged (or altered) to hide entries.
fn unlisted_central_header(
    bytes: &[u8],
    zip: &mut zip::ZipArchive<std::io::Cursor<&[u8]>>,
) -> Option<usize> {
    let last = (0..zip.len())
        .filter_map(|i| zip.by_index_raw(i).ok().map(|f| f.central_header_start()))
        .max();
    let next = match last {
        Some(start) => {
            let start = usize::try_from(start).ok()?;
            let header = bytes.get(start..start.checked_add(46)?)?;
            let field = |at: usize| usize::from(u16::from_le_bytes([header[at], header[at + 1]]));
            start + 46 + field(28) + field(30) + field(32)
        }
        None => usize::try_from(zip.central_directory_start()).ok()?,
    };
    (bytes.get(next..next.checked_add(4)?) == Some(b"PK\x01\x02")).then_some(next)
}

/// Why an entry's name cannot be read as `annotation/<document>/<user>.<ext>`, if it cannot: an
/// absolute path, a drive letter, a backslash, a control character, or a `.`, `..` or empty
/// part.
pub(super) fn unsafe_entry_name(name: &str) -> Option<&'static str> {
    if name.starts_with('/') {
        Some("an absolute path")
    } else if name.as_bytes().get(1) == Some(&b':') && name.as_bytes()[0].is_ascii_alphabetic() {
        Some("a drive letter")
    } else if name.contains('\\') {
        Some("a backslash (written by a tool that took it for a folder separator)")
    } else if name.chars().any(char::is_control) {
        Some("a control character")
    } else if name
        .trim_end_matches('/')
        .split('/')
        .any(|part| matches!(part, "" | "." | ".."))
    {
        Some("a `.`, `..` or empty part")
    } else {
        None
    }
}
