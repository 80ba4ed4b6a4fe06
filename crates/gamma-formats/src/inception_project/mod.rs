//! INCEpTION (and WebAnno) project exports: a `.zip` with `annotation/<document>/<user>.<ext>`
//! for every document and annotator, in the export's format, and the curated document as
//! `curation/<document>/CURATION_USER.<ext>`. Entries in WebAnno TSV 3 (`.tsv`) and XMI
//! (`.xmi`, or — as INCEpTION exports XMI — a `.zip` holding the `.xmi` and its
//! `TypeSystem.xml`) are read; each document is one corpus document whose annotators are the users,
//! optionally only the chosen users. Other entries (the sources, the binary `annotation_ser`,
//! logs) are not annotations.
//!
//! The curated document is the gold: it is read as the document's reference
//! ([`ProjectDocument::curation`]), not as an annotator, so that γ measures the users and
//! `evaluate` scores them against it. It is an annotator named [`CURATION`] only when asked for
//! (`curation` among the chosen users), or when the export holds no user's annotations at all.

mod archive;
#[cfg(test)]
mod tests;

use archive::MAX_INFLATED;
#[cfg(test)]
use archive::{MAX_ENTRIES, MAX_RATIO};

use super::format::{
    Choice, Codec, Description, Document, Format, Grouping, Offered, ReadContext, ReadOptions,
    Source, add_new,
};
use super::span_layer::SpanFile;
use super::webanno_tsv::{self, LayerChoice};
use super::{FileError, Warning, WarningKind, xmi};
use archive::{Archive, unsafe_entry_name};
use gamma_core::continuum::{Annotator, Continuum};
use std::path::{Path, PathBuf};

/// The name the curated document gets as an annotator (and as the reference).
pub const CURATION: &str = "curation";

/// One annotation file of the export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The entry's path in the zip.
    pub name: String,
    /// The document (the folder under `annotation/` or `curation/`).
    pub document: String,
    /// The user, or [`CURATION`].
    pub user: String,
}

/// The annotation entries of an export, in zip order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The readable annotation entries.
    pub entries: Vec<Entry>,
    /// How many annotation entries are in a format that is not read (e.g. plain text).
    pub unreadable: usize,
}

impl Listing {
    /// The documents, in order of first appearance.
    pub fn documents(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for entry in &self.entries {
            if !out.contains(&entry.document.as_str()) {
                out.push(&entry.document);
            }
        }
        out
    }

    /// The users read as annotators when none are chosen, in order of first appearance: every
    /// user with annotations, or, when the export holds only the curated document, [`CURATION`].
    pub fn users(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for entry in &self.entries {
            if entry.user != CURATION && !out.contains(&entry.user.as_str()) {
                out.push(&entry.user);
            }
        }
        if out.is_empty() && self.has_curation() {
            out.push(CURATION);
        }
        out
    }

    /// Whether the export holds a curated document.
    pub(crate) fn has_curation(&self) -> bool {
        self.entries.iter().any(|e| e.user == CURATION)
    }
}

/// The annotation entries of the export's bytes. An annotation entry whose name is unsafe
/// (absolute, `..`, a backslash, a drive letter, a control character) or differs from another
/// only in case is an error naming it; so is an archive past the reading limits (entries, sizes, compression ratio).
pub fn list(bytes: &[u8], path: &Path) -> Result<Listing, FileError> {
    let names = Archive::open(bytes, path, MAX_INFLATED)?.names()?;
    listing(&names, path)
}

fn listing(names: &[String], path: &Path) -> Result<Listing, FileError> {
    let mut entries = Vec::new();
    let mut unreadable = 0;
    let mut folded: std::collections::HashMap<String, &str> = Default::default();
    for name in names {
        let annotation_like = name
            .split(['/', '\\'])
            .any(|part| matches!(part, "annotation" | "curation"));
        if !annotation_like {
            continue;
        }
        if let Some(problem) = unsafe_entry_name(name) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "the entry {name:?} has {problem}: refused, it could name a place outside the export"
                ),
            ));
        }
        if let Some(other) = folded.insert(name.to_lowercase(), name) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "the entries {other:?} and {name:?} differ only in case: which one is meant cannot be told (on Windows and macOS they are one file)"
                ),
            ));
        }
        let parts: Vec<&str> = name.split('/').collect();
        let [folder, document, file] = parts.as_slice() else {
            continue;
        };
        if file.is_empty() {
            continue;
        }
        let (stem, extension) = file.rsplit_once('.').unwrap_or((*file, ""));
        if !matches!(extension.to_lowercase().as_str(), "tsv" | "xmi" | "zip") {
            unreadable += 1;
            continue;
        }
        let user = if *folder == "curation" {
            CURATION.to_string()
        } else if stem == CURATION {
            // It would be taken for the curated document (and merged with it).
            return Err(FileError::new(
                &path.join(name),
                None,
                format!(
                    "a user is named {CURATION:?}, the name the curated document takes here: rename the user in INCEpTION before exporting"
                ),
            ));
        } else {
            stem.to_string()
        };
        entries.push(Entry {
            name: name.to_string(),
            document: document.to_string(),
            user,
        });
    }
    // file_names() follows the central directory's hash order: sort for a stable order.
    entries.sort_by(|a, b| (&a.document, &a.name).cmp(&(&b.document, &b.name)));
    Ok(Listing {
        entries,
        unreadable,
    })
}

/// The `.xmi` of a zipped XMI export (its only `.xmi` entry) and the primitive features of
/// its `TypeSystem.xml`, if it has one, within what is left of `outer`'s budget.
fn xmi_in_zip(
    bytes: &[u8],
    path: &Path,
    outer: &mut Archive,
) -> Result<(Vec<u8>, Option<xmi::PrimitiveFeatures>), FileError> {
    let mut archive = Archive::open(bytes, path, outer.budget())?;
    let names = archive.names()?;
    let xmis: Vec<&String> = names
        .iter()
        .filter(|n| n.to_lowercase().ends_with(".xmi"))
        .collect();
    let [xmi_name] = xmis.as_slice() else {
        return Err(FileError::new(
            path,
            None,
            format!(
                "expected one .xmi in this zipped annotation file, found {}",
                xmis.len()
            ),
        ));
    };
    let left = archive.budget();
    let content = archive.bytes(xmi_name)?;
    let type_system = match names.iter().find(|n| n.ends_with("TypeSystem.xml")) {
        Some(name) => {
            let ts = archive.bytes(name)?;
            Some(xmi::primitive_features(&ts, &path.join(name))?)
        }
        None => None,
    };
    outer.spend(left - archive.budget());
    Ok((content, type_system))
}

/// One annotation entry of an export parsed whole, every layer it holds.
pub(crate) enum ParsedEntry {
    Tsv3(webanno_tsv::Tsv3File),
    Xmi(xmi::XmiFile),
}

/// The entries of `document` in the export at `path` whose user is one of `users`, parsed
/// whole (so that a conversion can count what lies beyond the layer read, and the gold carry
/// it); an entry that cannot be read is skipped, as reading the export already said or refused
/// it.
pub(crate) fn parsed_entries(
    path: &Path,
    document: &str,
    users: &[&str],
) -> Vec<(Entry, ParsedEntry)> {
    let Ok(bytes) = super::read_bytes(path) else {
        return Vec::new();
    };
    let Ok(mut archive) = Archive::open(&bytes, path, MAX_INFLATED) else {
        return Vec::new();
    };
    let Ok(listing) = archive.names().and_then(|names| listing(&names, path)) else {
        return Vec::new();
    };
    (listing.entries.iter())
        .filter(|e| e.document == document && users.contains(&e.user.as_str()))
        .filter_map(|entry| Some((entry.clone(), parsed_entry(&mut archive, path, entry).ok()?)))
        .collect()
}

/// One annotation entry parsed whole (TSV 3, XMI, or a zip of an XMI and its type system).
fn parsed_entry(
    archive: &mut Archive,
    path: &Path,
    entry: &Entry,
) -> Result<ParsedEntry, FileError> {
    let inner: PathBuf = path.join(&entry.name);
    let content = archive.bytes(&entry.name)?;
    let name = entry.name.to_lowercase();
    if name.ends_with(".tsv") {
        return Ok(ParsedEntry::Tsv3(webanno_tsv::parse(&content, &inner)?));
    }
    let (content, type_system) = if name.ends_with(".zip") {
        xmi_in_zip(&content, &inner, archive)?
    } else {
        (content, None)
    };
    Ok(ParsedEntry::Xmi(xmi::parse(
        &content,
        &inner,
        type_system.as_ref(),
    )?))
}

/// One document of an export read: its continuum, the layer and feature read, and warnings.
pub struct ProjectDocument {
    /// The annotators (users) and their units.
    pub continuum: Continuum,
    /// The span layer read (full type name).
    pub layer: String,
    /// The category feature (empty when the layer has none).
    pub feature: String,
    /// The curated document, the reference (named [`CURATION`]), when the export has one for
    /// this document and it is not read as an annotator.
    pub curation: Option<Annotator>,
}

/// Reads one annotation entry (TSV 3, XMI, or a zip of an XMI and its type system).
fn read_entry(
    archive: &mut Archive,
    path: &Path,
    entry: &Entry,
    choice: &LayerChoice,
    warnings: &mut Vec<Warning>,
) -> Result<SpanFile, FileError> {
    let inner: PathBuf = path.join(&entry.name);
    let mut read = match parsed_entry(archive, path, entry)? {
        ParsedEntry::Tsv3(file) => webanno_tsv::span_file(file, choice, &inner)?,
        ParsedEntry::Xmi(file) => xmi::span_file(file, choice, &inner)?,
    };
    warnings.append(&mut read.warnings);
    Ok(read)
}

/// Reads every document of the export at `path` (its bytes `bytes`): the users in `users`
/// (all when empty), the layer and feature `choice`. The curated document is each document's
/// [`ProjectDocument::curation`] (with a warning saying so), or an annotator when `users` names
/// [`CURATION`] or the export has no user's annotations. Errors name the entry
/// (`export.zip/annotation/doc/user.tsv`) and its line.
pub fn read(
    bytes: &[u8],
    path: &Path,
    users: &[String],
    choice: &LayerChoice,
) -> Result<(Vec<ProjectDocument>, Vec<Warning>), FileError> {
    let mut archive = Archive::open(bytes, path, MAX_INFLATED)?;
    let listing = listing(&archive.names()?, path)?;
    let mut warnings = Vec::new();
    check_users(&listing, users, path, &mut warnings)?;
    let available = listing.users();
    let chosen = |user: &str| {
        if users.is_empty() {
            available.contains(&user)
        } else {
            users.iter().any(|u| u == user)
        }
    };
    let mut documents = Vec::new();
    let mut references = Vec::new();
    for document in listing.documents() {
        let mut read = ProjectRead {
            archive: &mut archive,
            path,
            listing: &listing,
            chosen: &chosen,
            choice,
        };
        if let Some(read) = read.document(document, &mut warnings, &mut references)? {
            documents.push(read);
        }
    }
    if let Some(first) = references.first() {
        let reference = Warning::new(
            WarningKind::Reference,
            &path.join(first),
            None,
            format!(
                "the curated document ({} of {} {}) is the reference, not an annotator: γ is measured between the users, `evaluate` scores them against it",
                references.len(),
                listing.documents().len(),
                if listing.documents().len() == 1 {
                    "document"
                } else {
                    "documents"
                }
            ),
        );
        warnings.push(reference.with_remedy(crate::Remedy::CurationAsAnnotator));
    }
    if documents.is_empty() {
        return Err(FileError::new(
            path,
            None,
            "no annotation in WebAnno TSV 3 or XMI in this export (annotation/<document>/<user>.tsv)",
        ));
    }
    Ok((documents, warnings))
}

/// The TSV 3 entries of `document` of the export at `path` of the users `users`, parsed, in that
/// order (the whole gold carries what they hold beyond the measure); `None` when one of them has
/// no TSV 3 entry (an XMI one).
pub(crate) fn tsv3_entries(
    path: &Path,
    document: &str,
    users: &[&str],
) -> Option<Vec<webanno_tsv::Tsv3File>> {
    let mut entries = parsed_entries(path, document, users);
    let mut files = Vec::new();
    for user in users {
        let at = entries.iter().position(|(entry, parsed)| {
            entry.user == *user && matches!(parsed, ParsedEntry::Tsv3(_))
        })?;
        match entries.swap_remove(at).1 {
            ParsedEntry::Tsv3(file) => files.push(file),
            ParsedEntry::Xmi(_) => return None,
        }
    }
    Some(files)
}

/// Checks the users asked for against the export's, with the warnings of what is skipped and
/// of an export of the curated document alone.
fn check_users(
    listing: &Listing,
    users: &[String],
    path: &Path,
    warnings: &mut Vec<Warning>,
) -> Result<(), FileError> {
    if listing.unreadable > 0 {
        warnings.push(Warning::new(
            WarningKind::Skipped,
            path,
            None,
            format!(
                "{} in a format other than TSV 3 or XMI skipped (export the project as WebAnno TSV 3 or UIMA XMI)",
                crate::losses::count(listing.unreadable, "annotation file")
            ),
        ));
    }
    let available = listing.users();
    for user in users {
        let curation = user == CURATION && listing.has_curation();
        if !curation && !available.contains(&user.as_str()) {
            let also = if listing.has_curation() && !available.contains(&CURATION) {
                format!("; and {CURATION}, the curated document")
            } else {
                String::new()
            };
            return Err(FileError::new(
                path,
                None,
                format!(
                    "no user {user:?} in this export (users: {}{also})",
                    available.join(", ")
                ),
            ));
        }
    }
    if users.is_empty() && available == [CURATION] {
        warnings.push(Warning::new(
            WarningKind::Reference,
            path,
            None,
            format!(
                "no user's annotations in TSV 3 or XMI, only the curated document: it is read as the annotator {CURATION}"
            ),
        ));
    }
    Ok(())
}

/// What reading one document of an export needs.
struct ProjectRead<'a, 'b> {
    archive: &'a mut Archive<'b>,
    path: &'a Path,
    listing: &'a Listing,
    chosen: &'a dyn Fn(&str) -> bool,
    choice: &'a LayerChoice,
}

impl ProjectRead<'_, '_> {
    /// One document: its chosen users as annotators, its curated document the reference
    /// (named in `references`); `None` when no chosen user annotated it.
    fn document(
        &mut self,
        document: &str,
        warnings: &mut Vec<Warning>,
        references: &mut Vec<String>,
    ) -> Result<Option<ProjectDocument>, FileError> {
        let path = self.path;
        let mut continuum = Continuum::new(document);
        let mut layer = (String::new(), String::new());
        let mut curation = None;
        for entry in self
            .listing
            .entries
            .iter()
            .filter(|e| e.document == document)
        {
            let reference = entry.user == CURATION && !(self.chosen)(CURATION);
            if !reference && !(self.chosen)(&entry.user) {
                continue;
            }
            let content = read_entry(self.archive, path, entry, self.choice, warnings)?;
            layer = (content.layer, content.feature);
            if reference {
                curation = Some((entry.name.clone(), content.text, content.units));
                continue;
            }
            let index = continuum.add_annotator(&entry.user);
            match &continuum.text {
                None => continuum.text = Some(content.text),
                Some(first) if *first != content.text => {
                    warnings.push(Warning::new(
                            WarningKind::TextDiffers,
                            &path.join(&entry.name),
                            None,
                            "its text differs from the first user's: its units are positions in its own text",
                        ));
                    continuum.annotators[index].own_text = Some(content.text);
                }
                Some(_) => {}
            }
            continuum.annotators[index].units.extend(content.units);
        }
        if continuum.annotators.is_empty() {
            return Ok(None);
        }
        let curation = curation.map(|(name, text, units)| {
                references.push(name.clone());
                if continuum.text.as_ref() != Some(&text) {
                    warnings.push(Warning::new(
                        WarningKind::TextDiffers,
                        &path.join(&name),
                        None,
                        "the curated document's text differs from the users': its units are positions in its own text",
                    ));
                }
                Annotator {
                    name: CURATION.to_string(),
                    units,
                    own_text: (continuum.text.as_ref() != Some(&text)).then_some(text),
                    relations: Vec::new(),
                }
            });
        Ok(Some(ProjectDocument {
            continuum,
            layer: layer.0,
            feature: layer.1,
            curation,
        }))
    }
}

/// The codec of INCEpTION project exports (read only): every document of the export is a
/// document, its users the annotators, its curated document the reference.
pub const INCEPTION: Format = Format::new(&InceptionProject);

struct InceptionProject;

static DESCRIPTION: Description = Description {
    name: "inception",
    label: "INCEpTION project export",
    extensions: &["zip"],
    written_extension: "zip",
    mime_type: "application/zip",
    output: None,
    choices: &[Choice::Users],
    holds: crate::format::Holds::EVERYTHING_BUT_RELATIONS,
};

impl Codec for InceptionProject {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn grouping(&self, _options: &ReadOptions) -> Grouping {
        Grouping::EachFile
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let path = &files[0];
        let options = context.options;
        let bytes = super::read_bytes(path)?;
        let (read, warnings) = read(&bytes, path, &options.users, &options.layer)?;
        let documents = read
            .into_iter()
            .map(|document| Document {
                source: Source::InceptionProject {
                    path: path.to_path_buf(),
                    document: document.continuum.name.clone(),
                    layer: document.layer,
                    feature: document.feature,
                    curation: document.curation,
                },
                continuum: document.continuum,
            })
            .collect();
        Ok((documents, warnings))
    }

    /// The users, and whether the curated document is offered besides them (as the reader
    /// does, the curated document is an annotator only when the export has no user's
    /// annotations).
    fn offer(&self, path: &Path, offered: &mut Offered) -> Result<(), FileError> {
        let listing = list(&super::read_bytes(path)?, path)?;
        if listing.has_curation() && listing.users() != [CURATION] {
            offered.curation_besides_users = true;
        }
        for user in listing.users() {
            add_new(&mut offered.users, user.to_string());
        }
        Ok(())
    }
}
