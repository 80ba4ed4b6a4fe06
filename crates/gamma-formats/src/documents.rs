//! Opening annotation files of any supported format as documents: what the CLI (`gamma`,
//! `convert`, …) and the app share.
//!
//! Grouping: every CSV and ELAN file is one document, and so is every TextGrid file read
//! without a tier (its tiers are the annotators). The files of the formats that hold one
//! annotator per file — Glozz `.aa`, CorA-XML, WebAnno TSV 3, XMI, brat `.ann`, TextGrid with a
//! tier (`layer`) — given together are one document, one annotator each, and so are several
//! RTTM files (one RTTM file alone: its file-ids are the annotators). An INCEpTION project
//! export is one document per document of the project. A `.txt` given with the `.ann` of the
//! same name is that brat file's text, not a document.

use super::format::{AnnotatorFile, Document, Format, ReadOptions, Source, default_annotators};
use super::{
    FileError, Warning, WarningKind, aam, brat, cora, csv, elan, glozz, inception_project, rttm,
    textgrid, webanno_tsv, xmi,
};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

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
    // The same file twice would count its annotations twice (as two documents, or two
    // annotators that agree perfectly).
    let mut seen: Vec<(PathBuf, &PathBuf)> = Vec::new();
    for path in paths {
        let resolved = path.canonicalize().unwrap_or_else(|_| path.clone());
        if let Some((_, first)) = seen.iter().find(|(r, _)| *r == resolved) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "given twice (also as {}): each file counts once",
                    first.display()
                ),
            ));
        }
        seen.push((resolved, path));
    }
    let mut documents = Vec::new();
    let mut warnings = Vec::new();
    let mut groups: Vec<(Format, Vec<PathBuf>)> = Vec::new();
    for path in paths {
        let format = match options.format {
            Some(format) => format,
            None => Format::detect(path)?,
        };
        // `user/*` gives brat's `.txt` with its `.ann`: the text, not a CSV document.
        let brat_text = path.extension().is_some_and(|e| e == "txt")
            && paths.contains(&path.with_extension("ann"));
        if brat_text {
            continue;
        }
        match format {
            Format::Csv => {
                let (document, read_warnings) = read_csv(path, paths, options)?;
                documents.push(document);
                warnings.extend(read_warnings);
            }
            Format::Elan => documents.push(Document {
                continuum: elan::read(path)?,
                source: Source::Elan(path.clone()),
            }),
            Format::InceptionProject => {
                let (mut read, mut read_warnings) = read_project(path, options)?;
                documents.append(&mut read);
                warnings.append(&mut read_warnings);
            }
            Format::TextGrid if options.layer.layer.is_none() => documents.push(Document {
                continuum: textgrid::read_document(path)?,
                source: Source::TextGrid(vec![path.clone()]),
            }),
            _ => match groups.iter_mut().find(|(f, _)| *f == format) {
                Some((_, group)) => group.push(path.clone()),
                None => groups.push((format, vec![path.clone()])),
            },
        }
    }
    let per_file: Vec<&PathBuf> = groups
        .iter()
        .filter(|(f, group)| *f != Format::Rttm || group.len() > 1)
        .flat_map(|(_, group)| group)
        .collect();
    for (name, file) in &options.annotator_names {
        if !per_file.contains(&file) {
            return Err(FileError::new(
                file,
                None,
                format!(
                    "annotator name {name:?} given for a file that does not hold one annotator (a Glozz, CorA, TSV 3, brat, RTTM file, or a TextGrid tier)"
                ),
            ));
        }
    }
    for (format, group) in &groups {
        let (document, mut read_warnings) = match format {
            Format::Glozz => read_glozz(group, options)?,
            Format::Cora => read_cora(group, options)?,
            Format::WebannoTsv => read_webanno_tsv(group, options)?,
            Format::Brat => read_brat(group, options)?,
            Format::TextGrid => read_textgrid_tier(group, options)?,
            Format::Rttm => read_rttm(group, options)?,
            Format::Xmi => read_xmi(group, options)?,
            Format::Csv | Format::Elan | Format::InceptionProject => continue,
        };
        warnings.append(&mut read_warnings);
        documents.push(document);
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

/// Sets the text of a document read from CSV, after checking that every unit is a character
/// span of it.
fn attach_text(continuum: &mut Continuum, text_path: &Path) -> Result<(), FileError> {
    let bytes = super::read_bytes(text_path)?;
    let text = super::utf8_text(&bytes, text_path, "the text is not UTF-8")?;
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

type Read = (Document, Vec<Warning>);

fn read_csv(path: &PathBuf, paths: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let bytes = super::read_bytes(path)?;
    let mut continuum = csv::parse(&bytes, path)?;
    let mut warnings = Vec::new();
    // A file cut while it was copied ends inside a record, which then reads as a shorter one.
    let last = bytes
        .rsplit(|&b| b == b'\n' || b == b'\r')
        .next()
        .unwrap_or(&[]);
    let last: String = String::from_utf8_lossy(last).chars().take(80).collect();
    if !(last.trim().is_empty() || last.trim().starts_with('#')) {
        let last_line = bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        warnings.push(Warning::new(
            WarningKind::MaybeTruncated,
            path,
            Some(last_line),
            format!(
                "the file does not end with a line break: it may have been cut, and its last line {:?} was read as it stands",
                last.trim()
            ),
        ));
    }
    // The text: --text (when no Glozz or brat file is given), else a .txt of the same name.
    let beside = path.with_extension("txt");
    let text = match &options.text {
        Some(text)
            if !paths
                .iter()
                .any(|p| matches!(Format::detect(p), Ok(Format::Glozz | Format::Brat))) =>
        {
            Some(text.clone())
        }
        _ => (beside != *path && beside.is_file()).then_some(beside),
    };
    if let Some(text) = text {
        attach_text(&mut continuum, &text)?;
    }
    let document = Document {
        continuum,
        source: Source::Csv(path.clone()),
    };
    Ok((document, warnings))
}

/// The annotator of each file: `--annotator NAME=FILE`, else the default name; distinct.
fn named_files(group: &[PathBuf], options: &ReadOptions) -> Result<Vec<AnnotatorFile>, FileError> {
    let mut files = default_annotators(group);
    for file in &mut files {
        rename(options, &mut file.annotator, &file.path);
    }
    check_distinct(files.iter().map(|f| (&f.annotator, &f.path)))?;
    Ok(files)
}

fn rename(options: &ReadOptions, name: &mut String, path: &PathBuf) {
    if let Some((given, _)) = options.annotator_names.iter().find(|(_, p)| p == path) {
        *name = given.clone();
    }
}

fn read_glozz(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let mut files = glozz::default_annotators(group);
    for file in &mut files {
        rename(options, &mut file.annotator, &file.path);
    }
    check_distinct(files.iter().map(|f| (&f.annotator, &f.path)))?;
    // A file that is not text (an image renamed .aa) is refused as such, before its text is
    // looked for: "text not found" would send the user looking for the wrong thing.
    for path in group {
        let bytes = super::read_bytes(path)?;
        super::utf8_text(
            &bytes,
            path,
            "not text (a Glozz .aa file is XML): the file is binary or in another encoding",
        )?;
    }
    let text = match &options.text {
        Some(text) => text.clone(),
        None => glozz::text_beside(&group[0]).ok_or_else(|| {
            FileError::new(
                &group[0],
                None,
                "the text of this document was not found (no .ac of the same name beside it, in a \
                 folder up to three levels above, or in an `unannotated` folder next to one): \
                 name the text file",
            )
        })?,
    };
    let (continuum, _, mut warnings) = glozz::read_document(&text, &files, &options.glozz)?;
    let model_path = options.model.clone().or_else(|| model_near(&text));
    let model = match model_path {
        Some(path) => {
            let model = aam::read(&path)?;
            warnings.extend(undeclared_types(&continuum, &model, &path));
            Some(model)
        }
        None => None,
    };
    let source = Source::Glozz { text, files, model };
    Ok((Document { continuum, source }, warnings))
}

fn read_cora(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let mut files = cora::default_annotators(group);
    for file in &mut files {
        rename(options, &mut file.annotator, &file.path);
    }
    check_distinct(files.iter().map(|f| (&f.annotator, &f.path)))?;
    let (continuum, contents, warnings) = cora::read_document(&files, &options.cora)?;
    let source = Source::Cora { files, contents };
    Ok((Document { continuum, source }, warnings))
}

/// The document's name: the folder of the files when they are users' files side by side (as
/// INCEpTION's `annotation/<document>/<user>.tsv`), else the stem of the first file (as brat's
/// `<user>/<document>.ann`).
fn document_name(files: &[AnnotatorFile]) -> String {
    let stem = |path: &Path| {
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let first = &files[0].path;
    let side_by_side = files.len() > 1
        && files
            .iter()
            .all(|f| f.path.parent() == first.parent() && stem(&f.path) == f.annotator);
    if side_by_side && let Some(folder) = first.parent().and_then(|f| f.file_name()) {
        return folder.to_string_lossy().into_owned();
    }
    stem(first)
}

/// Adds an annotator whose text may differ from the document's (then kept as its own text,
/// with a warning).
fn add_with_text(
    continuum: &mut Continuum,
    file: &AnnotatorFile,
    text: String,
    units: Vec<gamma_core::unit::Unit>,
    warnings: &mut Vec<Warning>,
) {
    let index = continuum.add_annotator(&file.annotator);
    match &continuum.text {
        None => continuum.text = Some(text),
        Some(first) if *first != text => {
            warnings.push(Warning::new(
                WarningKind::TextDiffers,
                &file.path,
                None,
                "its text differs from the first file's: its units are positions in its own text",
            ));
            continuum.annotators[index].own_text = Some(text);
        }
        Some(_) => {}
    }
    continuum.annotators[index].units.extend(units);
}

fn read_webanno_tsv(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let files = named_files(group, options)?;
    let mut continuum = Continuum::new(document_name(&files));
    let mut warnings = Vec::new();
    let mut layer = (String::new(), String::new());
    for file in &files {
        let content = webanno_tsv::read(&file.path)?;
        let (layer_index, column) = content.resolve(&options.layer, &file.path)?;
        let declared = &content.layers[layer_index];
        layer = (
            declared.name.clone(),
            column
                .map(|c| declared.columns[c].clone())
                .unwrap_or_default(),
        );
        let (units, mut read_warnings) = content.units(&options.layer, &file.path)?;
        warnings.append(&mut read_warnings);
        add_with_text(&mut continuum, file, content.text, units, &mut warnings);
    }
    let source = Source::WebannoTsv {
        files,
        layer: layer.0,
        feature: layer.1,
    };
    Ok((Document { continuum, source }, warnings))
}

fn read_project(
    path: &Path,
    options: &ReadOptions,
) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
    let bytes = super::read_bytes(path)?;
    let (read, warnings) = inception_project::read(&bytes, path, &options.users, &options.layer)?;
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

fn read_xmi(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let files = named_files(group, options)?;
    let mut continuum = Continuum::new(document_name(&files));
    let mut warnings = Vec::new();
    let mut layer = (String::new(), String::new());
    for file in &files {
        let content = xmi::read(&file.path)?;
        let (name, feature, units, mut read_warnings) =
            content.units(&options.layer, &file.path)?;
        layer = (name, feature);
        warnings.append(&mut read_warnings);
        add_with_text(&mut continuum, file, content.text, units, &mut warnings);
    }
    let source = Source::Xmi {
        files,
        layer: layer.0,
        feature: layer.1,
    };
    Ok((Document { continuum, source }, warnings))
}

fn read_brat(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let files = named_files(group, options)?;
    let mut continuum = Continuum::new(document_name(&files));
    let mut warnings = Vec::new();
    let mut first_text = None;
    for file in &files {
        let text_path = match &options.text {
            Some(text) => text.clone(),
            None => brat::text_beside(&file.path),
        };
        let bytes = super::read_bytes(&text_path).map_err(|e| {
            FileError::new(
                &file.path,
                None,
                format!(
                    "{e} (brat keeps the text in a .txt beside the .ann; or give it with --text)"
                ),
            )
        })?;
        let text = super::utf8_text(&bytes, &text_path, "the text is not UTF-8")?.to_string();
        let ann = brat::read_ann(&file.path, &text)?;
        warnings.extend(ann.warnings);
        first_text.get_or_insert(text_path);
        add_with_text(&mut continuum, file, text, ann.units, &mut warnings);
    }
    let text = first_text.expect("a group has a file");
    Ok((
        Document {
            continuum,
            source: Source::Brat { files, text },
        },
        warnings,
    ))
}

fn read_textgrid_tier(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let tier = options.layer.layer.as_deref().unwrap_or_default();
    let files = named_files(group, options)?;
    let mut continuum = Continuum::new(document_name(&files));
    for file in &files {
        let tiers = textgrid::read(&file.path)?;
        let units = textgrid::select_tier(&tiers, tier, &file.path)?;
        continuum.add_annotator(&file.annotator);
        for unit in units {
            continuum.add_unit(&file.annotator, unit);
        }
    }
    Ok((
        Document {
            continuum,
            source: Source::TextGrid(group.to_vec()),
        },
        Vec::new(),
    ))
}

fn read_rttm(group: &[PathBuf], options: &ReadOptions) -> Result<Read, FileError> {
    let mut warnings = Vec::new();
    if let [path] = group {
        let (turns, read_warnings) = rttm::read(path)?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let continuum = rttm::by_file_id(turns, &name);
        return Ok((
            Document {
                continuum,
                source: Source::Rttm(group.to_vec()),
            },
            read_warnings,
        ));
    }
    let files = named_files(group, options)?;
    let mut continuum = Continuum::new(document_name(&files));
    for file in &files {
        let (turns, mut read_warnings) = rttm::read(&file.path)?;
        warnings.append(&mut read_warnings);
        continuum.add_annotator(&file.annotator);
        for turn in turns {
            continuum.add_unit(&file.annotator, turn.unit);
        }
    }
    Ok((
        Document {
            continuum,
            source: Source::Rttm(group.to_vec()),
        },
        warnings,
    ))
}
