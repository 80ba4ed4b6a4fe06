//! Opening annotation files of any supported format as documents, and writing a continuum in
//! any of them: what the CLI (`gamma`, `convert`) and the app share.
//!
//! Grouping: every CSV and ELAN file is one document; all Glozz `.aa` files given together are
//! one document (one file per annotator of the same `.ac`), and so are all CorA-XML files.

use super::files::{FileError, Warning, WarningKind, read_bytes, utf8_text, write_atomically};
use super::{aam, cora, csv, elan, glozz};
use crate::continuum::Continuum;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Csv,
    Glozz,
    Cora,
    Elan,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Csv, Format::Glozz, Format::Cora, Format::Elan];

    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Glozz => "glozz",
            Format::Cora => "cora",
            Format::Elan => "elan",
        }
    }

    /// The format of a file, from its extension (`.xml` files must be CorA-XML).
    pub fn detect(path: &Path) -> Result<Format, FileError> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        match extension.as_str() {
            "aa" => Ok(Format::Glozz),
            "eaf" => Ok(Format::Elan),
            "xml" => Ok(Format::Cora),
            "csv" | "tsv" | "txt" | "" => Ok(Format::Csv),
            "ac" => Err(FileError::new(
                path,
                None,
                "a Glozz text: give the annotators' .aa files (and this file with --text)",
            )),
            "aam" => Err(FileError::new(
                path,
                None,
                "a Glozz model: give the annotators' .aa files (and this file with --model)",
            )),
            other => Err(FileError::new(
                path,
                None,
                format!(
                    "unknown format .{other}: CSV, Glozz .aa, CorA-XML .xml and ELAN .eaf are read (or name it with --format)"
                ),
            )),
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s.to_lowercase())
            .ok_or_else(|| format!("unknown format {s:?} (csv, glozz, cora or elan)"))
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
    /// (default: the `.txt` of the same name, if there is one).
    pub text: Option<PathBuf>,
    /// Glozz: the `.aam` model (default: the only `.aam` in the text's folder or up to three
    /// folders above it).
    pub model: Option<PathBuf>,
    /// Explicit annotator names of Glozz and CorA files, as (name, file).
    pub annotator_names: Vec<(String, PathBuf)>,
    pub glozz: glozz::GlozzOptions,
    pub cora: cora::CoraOptions,
}

/// Where a document came from, with what a writer in the same format needs.
#[derive(Debug, Clone)]
pub enum Source {
    Csv(PathBuf),
    Elan(PathBuf),
    Glozz {
        text: PathBuf,
        files: Vec<glozz::AnnotatorFile>,
        model: Option<aam::AnnotationModel>,
    },
    Cora {
        files: Vec<cora::AnnotatorFile>,
        contents: Vec<cora::CoraFile>,
    },
}

impl Source {
    pub fn format(&self) -> Format {
        match self {
            Source::Csv(_) => Format::Csv,
            Source::Elan(_) => Format::Elan,
            Source::Glozz { .. } => Format::Glozz,
            Source::Cora { .. } => Format::Cora,
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
        }
    }
}

/// One document as read.
#[derive(Debug, Clone)]
pub struct Document {
    pub continuum: Continuum,
    pub source: Source,
}

/// Reads the files as documents (see the module documentation for the grouping), with the
/// warnings of the readers.
pub fn read_documents(
    paths: &[PathBuf],
    options: &ReadOptions,
) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
    if paths.is_empty() {
        return Err(FileError::new(
            Path::new("(no file)"),
            None,
            "no input file",
        ));
    }
    log::info!("reading {} file(s)", paths.len());
    let mut documents = Vec::new();
    let mut warnings = Vec::new();
    let mut glozz_paths = Vec::new();
    let mut cora_paths = Vec::new();
    for path in paths {
        let format = match options.format {
            Some(format) => format,
            None => Format::detect(path)?,
        };
        match format {
            Format::Csv => {
                let mut continuum = csv::read(path)?;
                // The text: --text (when no Glozz file is given), else a .txt of the same name.
                let beside = path.with_extension("txt");
                let text = match &options.text {
                    Some(text)
                        if !paths
                            .iter()
                            .any(|p| Format::detect(p).ok() == Some(Format::Glozz)) =>
                    {
                        Some(text.clone())
                    }
                    _ => (beside != *path && beside.is_file()).then_some(beside),
                };
                if let Some(text) = text {
                    attach_text(&mut continuum, &text)?;
                }
                documents.push(Document {
                    continuum,
                    source: Source::Csv(path.clone()),
                })
            }
            Format::Elan => documents.push(Document {
                continuum: elan::read(path)?,
                source: Source::Elan(path.clone()),
            }),
            Format::Glozz => glozz_paths.push(path.clone()),
            Format::Cora => cora_paths.push(path.clone()),
        }
    }
    for (name, file) in &options.annotator_names {
        if !glozz_paths.contains(file) && !cora_paths.contains(file) {
            return Err(FileError::new(
                file,
                None,
                format!(
                    "annotator name {name:?} given for a file that is not a Glozz or CorA input"
                ),
            ));
        }
    }
    let rename = |name: &mut String, path: &PathBuf| {
        if let Some((given, _)) = options.annotator_names.iter().find(|(_, p)| p == path) {
            *name = given.clone();
        }
    };
    if !glozz_paths.is_empty() {
        let mut files = glozz::default_annotators(&glozz_paths);
        for file in &mut files {
            rename(&mut file.annotator, &file.path);
        }
        check_distinct(files.iter().map(|f| (&f.annotator, &f.path)))?;
        let text = match &options.text {
            Some(text) => text.clone(),
            None => glozz::text_beside(&glozz_paths[0]).ok_or_else(|| {
                FileError::new(
                    &glozz_paths[0],
                    None,
                    "no .ac text of the same name beside it or in a folder above; give the text with --text FILE.ac",
                )
            })?,
        };
        let (continuum, _, mut read_warnings) =
            glozz::read_document(&text, &files, &options.glozz)?;
        warnings.append(&mut read_warnings);
        let model_path = options.model.clone().or_else(|| model_near(&text));
        let model = match model_path {
            Some(path) => {
                let model = aam::read(&path)?;
                warnings.extend(undeclared_types(&continuum, &model, &path));
                Some(model)
            }
            None => None,
        };
        documents.push(Document {
            continuum,
            source: Source::Glozz { text, files, model },
        });
    }
    if !cora_paths.is_empty() {
        let mut files = cora::default_annotators(&cora_paths);
        for file in &mut files {
            rename(&mut file.annotator, &file.path);
        }
        check_distinct(files.iter().map(|f| (&f.annotator, &f.path)))?;
        let (continuum, contents, mut read_warnings) = cora::read_document(&files, &options.cora)?;
        warnings.append(&mut read_warnings);
        documents.push(Document {
            continuum,
            source: Source::Cora { files, contents },
        });
    }
    for document in &documents {
        log::info!(
            "document {:?}: {} annotators, {} units, {}",
            document.continuum.name,
            document.continuum.n_annotators(),
            document.continuum.n_units(),
            match &document.continuum.text {
                Some(text) => format!("a text of {} characters", text.chars().count()),
                None => "no text".to_string(),
            }
        );
    }
    for warning in &warnings {
        log::debug!("warning: {warning}");
    }
    Ok((documents, warnings))
}

fn check_distinct<'a>(
    files: impl Iterator<Item = (&'a String, &'a PathBuf)>,
) -> Result<(), FileError> {
    let mut seen: Vec<(&String, &PathBuf)> = Vec::new();
    for (name, path) in files {
        if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "annotator name {name:?} is also that of {}; name them with --annotator NAME=FILE",
                    first.display()
                ),
            ));
        }
        seen.push((name, path));
    }
    Ok(())
}

/// The only `.aam` in the folder of `text` or up to three folders above it.
fn model_near(text: &Path) -> Option<PathBuf> {
    let mut folder = text.parent();
    for _ in 0..4 {
        let here = folder?;
        let listing = if here.as_os_str().is_empty() {
            Path::new(".")
        } else {
            here
        };
        let models: Vec<PathBuf> = std::fs::read_dir(listing)
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "aam"))
            .collect();
        match models.len() {
            0 => folder = here.parent(),
            1 => return models.into_iter().next(),
            _ => return None,
        }
    }
    None
}

fn undeclared_types(
    continuum: &Continuum,
    model: &aam::AnnotationModel,
    model_path: &Path,
) -> Vec<Warning> {
    let mut missing: Vec<&str> = Vec::new();
    for unit in continuum.annotators.iter().flat_map(|a| &a.units) {
        let kind = unit.features.get("type").unwrap_or(&unit.category);
        if model.unit_type(kind).is_none() && !missing.contains(&kind.as_str()) {
            missing.push(kind);
        }
    }
    missing
        .into_iter()
        .map(|kind| {
            Warning::new(
                WarningKind::UndeclaredType,
                model_path,
                None,
                format!("unit type {kind:?} is not in the model"),
            )
        })
        .collect()
}

fn document_file_stem(continuum: &Continuum) -> String {
    if continuum.name.is_empty() {
        "document".to_string()
    } else {
        safe_file_name(&continuum.name)
    }
}

fn glozz_text_path(continuum: &Continuum, out: &Path) -> PathBuf {
    out.join(format!("{}.ac", document_file_stem(continuum)))
}

fn glozz_annotation_path(continuum: &Continuum, annotator: &str, out: &Path) -> PathBuf {
    out.join(safe_file_name(annotator))
        .join(format!("{}.aa", document_file_stem(continuum)))
}

fn cora_path(annotator: &str, out: &Path) -> PathBuf {
    out.join(format!("{}.xml", safe_file_name(annotator)))
}

/// The files [`write_continuum`] would write, so that a caller can refuse to overwrite inputs
/// or ask first.
pub fn planned_paths(continuum: &Continuum, format: Format, out: &Path) -> Vec<PathBuf> {
    match format {
        Format::Csv | Format::Elan => vec![out.to_path_buf()],
        Format::Glozz => std::iter::once(glozz_text_path(continuum, out))
            .chain(
                continuum
                    .annotators
                    .iter()
                    .map(|a| glozz_annotation_path(continuum, &a.name, out)),
            )
            .collect(),
        Format::Cora => continuum
            .annotators
            .iter()
            .map(|a| cora_path(&a.name, out))
            .collect(),
    }
}

/// Writes a continuum in a format. CSV and ELAN write one file at `out`. Glozz and CorA write
/// a folder `out`: Glozz `<doc>.ac` and `<annotator>/<doc>.aa`; CorA `<annotator>.xml` — with
/// the structure of the annotator's input file when the document was read from CorA-XML.
/// Returns the files written.
pub fn write_continuum(
    continuum: &Continuum,
    source: Option<&Source>,
    format: Format,
    out: &Path,
    cora_options: &cora::CoraOptions,
) -> Result<Vec<PathBuf>, FileError> {
    let folder_for = |format: Format| -> Result<(), FileError> {
        if out.is_file() {
            return Err(FileError::new(
                out,
                None,
                format!("{format} output is a folder (one file per annotator), not a file"),
            ));
        }
        std::fs::create_dir_all(out)
            .map_err(|e| FileError::new(out, None, format!("cannot create the folder: {e}")))
    };
    let needs_text = || {
        continuum.text.clone().ok_or_else(|| {
            FileError::new(
                out,
                None,
                format!(
                    "{format} needs the annotated text, and document {:?} has none",
                    continuum.name
                ),
            )
        })
    };
    let document_name = document_file_stem(continuum);
    match format {
        Format::Csv => {
            csv::write(continuum, out)?;
            Ok(vec![out.to_path_buf()])
        }
        Format::Elan => {
            elan::write(continuum, out)?;
            Ok(vec![out.to_path_buf()])
        }
        Format::Glozz => {
            let text = needs_text()?;
            if let Some(other) = continuum.annotators.iter().find(|a| a.own_text.is_some()) {
                return Err(FileError::new(
                    out,
                    None,
                    format!(
                        "annotator {:?} has another text than the first annotator's (other tokens or transcriptions), and Glozz has one .ac per document",
                        other.name
                    ),
                ));
            }
            let length = text.chars().count() as f64;
            for annotator in &continuum.annotators {
                if let Some(unit) = annotator.units.iter().find(|u| {
                    u.start.fract() != 0.0
                        || u.end.fract() != 0.0
                        || u.start < 0.0
                        || u.end > length
                }) {
                    return Err(FileError::new(
                        out,
                        None,
                        format!(
                            "annotator {:?}: unit {unit} is not a character span of the {length}-character text",
                            annotator.name
                        ),
                    ));
                }
            }
            folder_for(format)?;
            let text_path = glozz_text_path(continuum, out);
            write_atomically(&text_path, text.as_bytes())?;
            let mut written = vec![text_path];
            for annotator in &continuum.annotators {
                let path = glozz_annotation_path(continuum, &annotator.name, out);
                let folder = path.parent().expect("inside out");
                std::fs::create_dir_all(folder).map_err(|e| {
                    FileError::new(folder, None, format!("cannot create the folder: {e}"))
                })?;
                glozz::consensus_file(&annotator.units, &annotator.name, &text, 0).write(&path)?;
                written.push(path);
            }
            Ok(written)
        }
        Format::Cora => {
            folder_for(format)?;
            let mut written = Vec::new();
            for (index, annotator) in continuum.annotators.iter().enumerate() {
                let path = cora_path(&annotator.name, out);
                let template = match source {
                    Some(Source::Cora { files, contents }) => files
                        .iter()
                        .position(|f| f.annotator == annotator.name)
                        .map(|i| (&files[i].path, &contents[i])),
                    _ => None,
                };
                let file = match template {
                    Some((input, cora_file)) => {
                        cora_file
                            .with_layers_from(&annotator.units, cora_options, input)
                            .map_err(|e| FileError::new(&path, None, e))?
                            .0
                    }
                    None => cora::CoraFile::from_units(
                        &document_name,
                        &match continuum.text_of(index) {
                            Some(text) => text.to_string(),
                            None => needs_text()?,
                        },
                        &annotator.units,
                        &cora_options.category_layer,
                    )
                    .map_err(|e| {
                        FileError::new(&path, None, format!("annotator {:?}: {e}", annotator.name))
                    })?,
                };
                file.write(&path)?;
                written.push(path);
            }
            Ok(written)
        }
    }
}

/// Sets the text of a document read from CSV, after checking that every unit is a character
/// span of it.
fn attach_text(continuum: &mut Continuum, text_path: &Path) -> Result<(), FileError> {
    let bytes = read_bytes(text_path)?;
    let text = utf8_text(&bytes, text_path, "the text is not UTF-8")?;
    let length = text.chars().count() as f64;
    for annotator in &continuum.annotators {
        if let Some(unit) = annotator.units.iter().find(|u| {
            u.start < 0.0 || u.end > length || u.start.fract() != 0.0 || u.end.fract() != 0.0
        }) {
            return Err(FileError::new(
                text_path,
                None,
                format!(
                    "annotator {:?}: unit {unit} is not a character span of this {length}-character text",
                    annotator.name
                ),
            ));
        }
    }
    continuum.text = Some(text.to_string());
    Ok(())
}

/// A name usable as a file or folder name on every system.
fn safe_file_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_. ".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.trim_matches(['.', ' ']).is_empty() {
        "annotator".into()
    } else {
        cleaned
    }
}
