//! brat standoff: an annotator's `.ann` beside the document's `.txt` (brat keeps one folder per
//! annotator, with the same file names in each).
//!
//! Every text-bound line `T<id><TAB><type> <start> <end>[;<start> <end>…]<TAB><text>` is a
//! unit: category = the type, offsets in characters of the `.txt` (brat is Python: code
//! points). A discontinuous span becomes one unit from its first start to its last end, with a
//! warning. Relations, equivalences and events (`R * E`) are the annotator's relations between
//! its units (the `relations` module says how); attributes, normalisations and notes (`A N #`) are
//! skipped, counted in a warning.

mod relations;
mod standoff;
mod whole;

pub(crate) use whole::whole_gold;

use super::{FileError, NameClash, Unwritable, Warning, WarningKind, write_atomically};
use gamma_core::relation::Relation;
use gamma_core::unit::Unit;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The units of one `.ann` file and the warnings of its reading.
#[derive(Debug, Clone, PartialEq)]
pub struct AnnFile {
    /// One unit per T line, in file order (source id = the T id).
    pub units: Vec<Unit>,
    /// The relations of the `R`, `*` and `E` lines, between the units' T ids.
    pub relations: Vec<Relation>,
    /// Problems that leave the units usable.
    pub warnings: Vec<Warning>,
}

/// The `.txt` of an `.ann`: the same path with the extension `.txt`.
pub fn text_beside(ann: &Path) -> PathBuf {
    ann.with_extension("txt")
}

/// Reads an `.ann` against the text `text` (for the bounds of its offsets).
pub fn read_ann(path: &Path, text: &str) -> Result<AnnFile, FileError> {
    let bytes = super::read_bytes(path)?;
    parse_ann(&bytes, path, text)
}

/// Parses the bytes of an `.ann`; `text` is the document text its offsets point into.
pub fn parse_ann(bytes: &[u8], path: &Path, text: &str) -> Result<AnnFile, FileError> {
    let content = super::utf8_text(bytes, path, "the file is not UTF-8 text")?;
    super::lines::refuse_long_lines(content, path)?;
    let chars: Vec<char> = text.chars().collect();
    let length = chars.len();
    // The first text-bound annotation whose own text is not the text at its offsets, and
    // how many there are.
    let mut differs: Option<(u64, String, String)> = None;
    let mut differing = 0;
    let mut units = Vec::new();
    let mut skipped: BTreeMap<char, usize> = BTreeMap::new();
    let mut discontinuous: Vec<u64> = Vec::new();
    let mut links = relations::Links::default();
    // The line of each text-bound id: an id defined twice is refused.
    let mut t_lines: HashMap<String, u64> = HashMap::new();
    for (index, raw) in super::lines::text_lines(content).enumerate() {
        let line = index as u64 + 1;
        let error = |message: String| FileError::new(path, Some(line), message);
        let bad_link = |link: relations::BadLink| FileError::new(path, Some(line), link);
        if raw.trim().is_empty() {
            continue;
        }
        let Some(kind) = raw.chars().next() else {
            continue;
        };
        if "RE*".contains(kind) {
            links.add(raw, line).map_err(bad_link)?;
            continue;
        }
        if kind != 'T' {
            if "AN#M".contains(kind) {
                *skipped.entry(kind).or_default() += 1;
                continue;
            }
            return Err(error(format!(
                "unknown annotation line (brat lines start with T, E, R, A, N, *, # or M): {:?}",
                raw.chars().take(40).collect::<String>()
            )));
        }
        let mut fields = raw.splitn(3, '\t');
        let id = fields.next().unwrap_or_default();
        let spec = fields.next();
        let written_text = fields.next();
        if let Some(first) = t_lines.insert(id.to_string(), line) {
            return Err(error(format!(
                "text-bound annotation {id} is defined twice (first at line {first}): relations \
                 and events naming it could not say which one they mean"
            )));
        }
        let Some(spec) = spec else {
            return Err(error(format!(
                "text-bound annotation {id}: expected ID<TAB>TYPE START END<TAB>TEXT"
            )));
        };
        let (category, offsets) = spec.split_once(' ').ok_or_else(|| {
            error(format!(
                "text-bound annotation {id}: no offsets after the type {spec:?}"
            ))
        })?;
        let fragments = fragments_of(offsets, id, length, &error)?;
        if let Some(written) = written_text
            && !covers(&chars, &fragments, written)
        {
            differing += 1;
            differs.get_or_insert_with(|| (line, id.to_string(), written.to_string()));
        }
        let start = fragments.iter().map(|f| f.0).min().unwrap_or(0);
        let end = fragments.iter().map(|f| f.1).max().unwrap_or(0);
        if fragments.len() > 1 {
            discontinuous.push(line);
        }
        let unit = Unit::new(start as f64, end as f64, category)
            .map_err(|e| error(format!("text-bound annotation {id}: {e}")))?
            .with_source_id(id);
        units.push(unit);
    }
    let (relations, dangling) = links.relations(&units, path);
    let bare_events = links.events_without_arguments();
    if bare_events > 0 {
        *skipped.entry('E').or_default() += bare_events;
    }
    let mut warnings = Vec::new();
    if let Some(&first) = discontinuous.first() {
        warnings.push(Warning::new(
            WarningKind::DiscontinuousSpan,
            path,
            Some(first),
            format!(
                "{} read as one unit from the first start to the last end",
                super::losses::count(discontinuous.len(), "discontinuous span")
            ),
        ));
    }
    if let Some((line, id, written)) = differs {
        warnings.push(Warning::new(
            WarningKind::TextDiffers,
            path,
            Some(line),
            format!(
                "{differing} text-bound annotation(s) name another text than the .txt holds at \
                 their offsets (first {id}: {written:?}): the .txt may not be the text they were \
                 made on"
            ),
        ));
    }
    warnings.extend(dangling);
    if !skipped.is_empty() {
        let counts: Vec<String> = skipped
            .iter()
            .map(|(kind, n)| {
                let what = match kind {
                    'A' | 'M' => super::losses::count(*n, "attribute"),
                    'N' => super::losses::count(*n, "normalisation"),
                    '#' => super::losses::count(*n, "note"),
                    _ if *n == 1 => "1 event without arguments".into(),
                    _ => format!("{n} events without arguments"),
                };
                format!("{what} ({kind})")
            })
            .collect();
        warnings.push(Warning::new(
            WarningKind::Carried,
            path,
            None,
            format!(
                "not measured and carried into the gold (from the base annotator's file): {}",
                counts.join(", ")
            ),
        ));
    }
    Ok(AnnFile {
        units,
        relations,
        warnings,
    })
}

/// The `START END` pairs of a text-bound annotation's offsets (`;` between fragments), each
/// within the `length`-character text.
fn fragments_of(
    offsets: &str,
    id: &str,
    length: usize,
    error: &dyn Fn(String) -> FileError,
) -> Result<Vec<(usize, usize)>, FileError> {
    let mut fragments = Vec::new();
    for fragment in offsets.split(';') {
        let pair = fragment
            .split_once(' ')
            .and_then(|(s, e)| {
                Some((
                    s.trim().parse::<usize>().ok()?,
                    e.trim().parse::<usize>().ok()?,
                ))
            })
            .ok_or_else(|| {
                error(format!(
                    "text-bound annotation {id}: offsets {fragment:?} are not START END"
                ))
            })?;
        if pair.1 > length {
            return Err(error(format!(
                "text-bound annotation {id}: end {} is beyond the {length}-character text",
                pair.1
            )));
        }
        fragments.push(pair);
    }
    Ok(fragments)
}

/// The `.ann` of `units` over `text`: T lines numbered from 1, the type with its spaces
/// replaced by `_` (brat types have none), the covered text with line breaks as spaces.
pub(crate) fn to_ann(units: &[Unit], text: &str) -> Result<String, Unwritable> {
    to_ann_with_relations(units, &[], text).map(|(ann, _)| ann)
}

/// The `.ann` of `units` and of the `relations` between them over `text`, and how many
/// relations are left out (an endpoint is a group of units or no unit of `units`). The T ids
/// are the units' own ids when each has a distinct one of brat's (`T<n>`, as read from brat),
/// otherwise `T1`, `T2`… in order; the relations follow them (the `relations` module says how they are
/// written).
pub(crate) fn to_ann_with_relations(
    units: &[Unit],
    relations: &[Relation],
    text: &str,
) -> Result<(String, usize), Unwritable> {
    type_names_distinct(units.iter().map(|u| u.category.as_str()))?;
    let chars: Vec<char> = text.chars().collect();
    let ids = t_ids(units);
    let mut out = String::new();
    for (unit, id) in units.iter().zip(&ids) {
        out.push_str(&t_line(id, unit, &chars)?);
        out.push('\n');
    }
    let t_id: HashMap<&str, String> = units
        .iter()
        .zip(ids)
        .filter_map(|(unit, id)| Some((unit.source_id.as_deref()?, id)))
        .collect();
    let (lines, left_out) = relations::relation_lines(relations, &t_id);
    out.push_str(&lines);
    Ok((out, left_out))
}

/// The T line of `unit` with the id `id` (without its line end), over the text's `chars`: the
/// type with its spaces replaced by `_`, the covered text with line breaks as spaces. An error
/// when the unit is not a character span of the text.
fn t_line(id: &str, unit: &Unit, chars: &[char]) -> Result<String, Unwritable> {
    if unit.start.fract() != 0.0
        || unit.end.fract() != 0.0
        || unit.start < 0.0
        || unit.end > chars.len() as f64
    {
        return Err(Unwritable::NotACharacterSpan {
            unit: Box::new(unit.clone()),
            length: chars.len(),
        });
    }
    let covered: String = chars[unit.start as usize..unit.end as usize]
        .iter()
        .map(|&c| {
            if c == '\n' || c == '\r' || c == '\t' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let category = type_name(&unit.category);
    Ok(format!(
        "{id}\t{category} {} {}\t{covered}",
        unit.start, unit.end
    ))
}

/// The T id of each unit: its own when every unit has a distinct `T<n>`, else `T<index + 1>`.
fn t_ids(units: &[Unit]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let own: Option<Vec<String>> = units
        .iter()
        .map(|u| {
            let id = u.source_id.as_deref()?;
            (relations::numbered(id, 'T') && seen.insert(id)).then(|| id.to_string())
        })
        .collect();
    own.unwrap_or_else(|| (1..=units.len()).map(|n| format!("T{n}")).collect())
}

/// Whether `written`, an annotation's own text, is the text at its `fragments` (brat joins
/// fragments with a space and writes line breaks and tabs as spaces).
fn covers(chars: &[char], fragments: &[(usize, usize)], written: &str) -> bool {
    let blank = |c: char| {
        if matches!(c, '\n' | '\r' | '\t') {
            ' '
        } else {
            c
        }
    };
    let mut covered = String::new();
    for (i, &(start, end)) in fragments.iter().enumerate() {
        if i > 0 {
            covered.push(' ');
        }
        covered.extend(chars[start.min(end)..end].iter().map(|&c| blank(c)));
    }
    covered == written.chars().map(blank).collect::<String>()
}

use super::annotator_files;
/// The brat type of a category: its spaces replaced by `_` (brat types have none); `_` for
/// the empty category.
pub use super::files::without_spaces as type_name;
use super::format::{
    Choice, Codec, Description, Document, Format, Gold, Output, ReadContext, ReadOptions, Source,
};
use super::write::{annotator_folder_path, create_folder, text_of};
use gamma_core::continuum::Continuum;

/// An error naming two categories that would become one brat type (`a b` and `a_b`): written
/// as they are, they would read back merged.
pub(crate) fn type_names_distinct<'a>(
    categories: impl IntoIterator<Item = &'a str>,
) -> Result<(), NameClash> {
    super::files::distinct_without_spaces(categories, "categories", "brat type")
}

/// Writes `units` as the `.ann` at `path` and the text as the `.txt` beside it (left alone
/// when it already holds this text).
pub fn write(path: &Path, units: &[Unit], text: &str) -> Result<Vec<PathBuf>, FileError> {
    write_with_relations(path, units, &[], text)
}

/// Writes `units` and the `relations` between them as the `.ann` at `path` and the text as the
/// `.txt` beside it (left alone when it already holds this text); the relations that cannot be
/// written are left out ([`to_ann_with_relations`]; [`crate::losses`] lists them beforehand).
pub(crate) fn write_with_relations(
    path: &Path,
    units: &[Unit],
    relations: &[Relation],
    text: &str,
) -> Result<Vec<PathBuf>, FileError> {
    let (ann, _) =
        to_ann_with_relations(units, relations, text).map_err(|e| FileError::new(path, None, e))?;
    write_ann(path, &ann, text)
}

/// Writes `ann` at `path` and the text as the `.txt` beside it (left alone when it already
/// holds this text).
fn write_ann(path: &Path, ann: &str, text: &str) -> Result<Vec<PathBuf>, FileError> {
    let text_path = text_beside(path);
    if std::fs::read(&text_path).ok().as_deref() != Some(text.as_bytes()) {
        write_atomically(&text_path, text.as_bytes())?;
    }
    write_atomically(path, ann.as_bytes())?;
    Ok(vec![path.to_path_buf(), text_path])
}

/// The brat codec: the `.ann` files given together are one document, one annotator each, each
/// with the `.txt` beside it (or `--text`).
pub const BRAT: Format = Format::new(&Brat);

struct Brat;

static DESCRIPTION: Description = Description {
    name: "brat",
    label: "brat standoff",
    extensions: &["ann"],
    written_extension: "ann",
    mime_type: "text/plain",
    output: Some(Output::Folder),
    choices: &[Choice::AnnotatorNames, Choice::Text],
    holds: crate::format::Holds {
        features: false,
        feature_names: crate::format::FeatureNames::AsTheyAre,
        relations: true,
        relations_to_groups: false,
        undirected_relations: true,
        empty_categories: false,
        overlapping_units: true,
        spaces_in_categories: false,
        spaces_in_annotators: true,
        positions: crate::format::Positions::AsTheyAre,
    },
};

impl Codec for Brat {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    /// `user/*` gives brat's `.txt` with its `.ann`: the text, not a CSV document.
    fn companion(&self, path: &Path, given: &HashSet<&Path>) -> bool {
        path.extension().is_some_and(|e| e == "txt")
            && given.contains(path.with_extension("ann").as_path())
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let files = annotator_files::named(
            self.default_annotators(files),
            &context.options.annotator_names,
        )?;
        let mut continuum = Continuum::new(annotator_files::document_name(&files));
        let mut warnings = Vec::new();
        let mut first_text = None;
        for file in &files {
            let text_path = match &context.options.text {
                Some(text) => text.clone(),
                None => text_beside(&file.path),
            };
            let text = read_text(&text_path, &file.path)?;
            let ann = read_ann(&file.path, &text)?;
            warnings.extend(ann.warnings);
            first_text.get_or_insert(text_path);
            annotator_files::add_with_text(&mut continuum, file, text, ann.units, &mut warnings);
            let index = continuum.add_annotator(&file.annotator);
            continuum.annotators[index].relations.extend(ann.relations);
        }
        let text = first_text.expect("a group has a file");
        let source = Source::Brat { files, text };
        Ok((vec![Document { continuum, source }], warnings))
    }

    fn planned_paths(&self, continuum: &Continuum, out: &Path) -> Vec<PathBuf> {
        continuum
            .annotators
            .iter()
            .flat_map(|a| {
                let ann = annotator_folder_path(continuum, &a.name, "ann", out);
                [text_beside(&ann), ann]
            })
            .collect()
    }

    /// `<out>/<annotator>/<document>.ann` and `.txt`.
    fn write(
        &self,
        continuum: &Continuum,
        _source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        type_names_distinct(continuum.units().map(|(_, u)| u.category.as_str()))
            .map_err(|e| FileError::new(out, None, e))?;
        let mut written = Vec::new();
        for (index, annotator) in continuum.annotators.iter().enumerate() {
            let path = annotator_folder_path(continuum, &annotator.name, "ann", out);
            let text = text_of(continuum, index, DESCRIPTION.label, out)?;
            to_ann(&annotator.units, &text).map_err(|e| {
                FileError::new(out, None, format!("annotator {:?}: {e}", annotator.name))
            })?;
            create_folder(path.parent().expect("inside out"))?;
            written.extend(write_with_relations(
                &path,
                &annotator.units,
                &annotator.relations,
                &text,
            )?);
        }
        Ok(written)
    }

    /// The gold units; when the document came from brat, with everything the measure left
    /// out, the relations, attributes and notes of the base annotator ([`whole`]).
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        let text = gold.text(path, DESCRIPTION.label)?;
        match gold.source {
            Some(Source::Brat { files, .. }) => {
                write_ann(path, &whole_gold(gold, text, files, path)?.ann, text).map(drop)
            }
            _ => write(path, gold.units, text).map(drop),
        }
    }
}

/// The text of an `.ann`, from `text_path`.
fn read_text(text_path: &Path, ann: &Path) -> Result<String, FileError> {
    let bytes = super::read_bytes(text_path).map_err(|e| {
        FileError::new(
            ann,
            None,
            format!("{e} (brat keeps the text in a .txt beside the .ann)"),
        )
        .with_remedy(crate::Remedy::GiveText)
    })?;
    Ok(super::utf8_text(&bytes, text_path, "the text is not UTF-8")?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamma_core::relation::Endpoint;

    const TEXT: &str = "Sony bought Columbia Pictures in 1989.\n";

    /// A byte-order mark and CR LF or lone CR line ends read the same units as LF.
    #[test]
    fn a_byte_order_mark_and_every_line_end_read_the_same_units() {
        let lines = ["T1\tOrganization 0 4\tSony", "T2\tDate 33 37\t1989"];
        let expected = parse_ann(lines.join("\n").as_bytes(), Path::new("a.ann"), TEXT)
            .unwrap()
            .units;
        assert_eq!(expected.len(), 2);
        for text in [
            format!("\u{feff}{}\n", lines.join("\n")),
            format!("\u{feff}{}\r\n", lines.join("\r\n")),
            lines.join("\r"),
        ] {
            let file = parse_ann(text.as_bytes(), Path::new("a.ann"), TEXT).unwrap();
            assert_eq!(file.units, expected, "{text:?}");
        }
    }

    /// An annotation's own text that is not the `.txt`'s at its offsets (another version of
    /// the text) is warned about, with the first and the count; matching texts, discontinuous
    /// ones joined by a space, and line breaks written as spaces are not.
    #[test]
    fn covered_text_that_differs_from_the_txt_is_warned_about() {
        let text = "Sony bought\nColumbia Pictures in 1989.\n";
        let ann = "T1\tOrganization 0 4\tSony\nT2\tOrganization 12 20;21 29\tColumbia Pictures\n\
                   T3\tDeal 5 20\tbought Columbia\n";
        let file = parse_ann(ann.as_bytes(), Path::new("a.ann"), text).unwrap();
        assert_eq!(file.units.len(), 3);
        let kinds: Vec<WarningKind> = file.warnings.iter().map(|w| w.kind).collect();
        assert_eq!(kinds, [WarningKind::DiscontinuousSpan]);
        let edited = "Sany bought\nColumbia Pictures in 1898.\n";
        let ann = format!("{ann}T4\tDate 33 37\t1989\n");
        let file = parse_ann(ann.as_bytes(), Path::new("a.ann"), edited).unwrap();
        assert_eq!(file.units.len(), 4, "the units are read all the same");
        assert_eq!(
            file.warnings[1..],
            [Warning::new(
                WarningKind::TextDiffers,
                Path::new("a.ann"),
                Some(1),
                "2 text-bound annotation(s) name another text than the .txt holds at their \
                 offsets (first T1: \"Sony\"): the .txt may not be the text they were made on"
            )]
        );
    }

    #[test]
    fn text_bound_lines_are_units_and_the_rest_is_counted() {
        let ann = "T1\tOrganization 0 4\tSony\nT2\tOrganization 12 20;21 29\tColumbia Pictures\nR1\tOwns Arg1:T1 Arg2:T2\nA1\tNegated T1\n#1\tAnnotatorNotes T1\tnote\nT3\tDate 33 37\t1989\n";
        let file = parse_ann(ann.as_bytes(), Path::new("a.ann"), TEXT).unwrap();
        let spans: Vec<(f64, f64, &str)> = file
            .units
            .iter()
            .map(|u| (u.start, u.end, u.category.as_str()))
            .collect();
        assert_eq!(
            spans,
            [
                (0.0, 4.0, "Organization"),
                (12.0, 29.0, "Organization"),
                (33.0, 37.0, "Date")
            ]
        );
        let messages: Vec<String> = file.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            messages,
            [
                "a.ann: line 2: 1 discontinuous span read as one unit from the first start to the last end",
                "a.ann: not measured and carried into the gold (from the base annotator's file): 1 note (#), 1 attribute (A)"
            ]
        );
        let relations: Vec<(&str, &str, &Endpoint)> = file
            .relations
            .iter()
            .map(|r| (r.id.as_str(), r.label.as_str(), &r.target))
            .collect();
        assert_eq!(
            relations,
            [("R1", "Owns", &Endpoint::Unit("T2".into()))],
            "{:?}",
            file.relations
        );
        let again = parse_ann(
            to_ann(&file.units, TEXT).unwrap().as_bytes(),
            Path::new("b.ann"),
            TEXT,
        )
        .unwrap();
        let strip = |u: &[Unit]| {
            u.iter()
                .map(|u| (u.start, u.end, u.category.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(&again.units), strip(&file.units));
    }

    #[test]
    fn bad_lines_name_the_line() {
        let e = parse_ann(
            b"T1\tOrg 0 4\tSony\nT2\tOrg 12 99\tx\n",
            Path::new("a.ann"),
            TEXT,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.ann: line 2: text-bound annotation T2: end 99 is beyond the 39-character text"
        );
        let e = parse_ann(b"T1\tOrg zero 4\tSony\n", Path::new("a.ann"), TEXT).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a.ann: line 1: text-bound annotation T1: offsets \"zero 4\" are not START END"
        );
        let e = parse_ann(b"T1\tOrg 4 4\t\n", Path::new("a.ann"), TEXT).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 1: text-bound annotation T1: zero-length"),
            "{e}"
        );
        let e = parse_ann(b"annotator,category,start,end\n", Path::new("a.ann"), TEXT).unwrap_err();
        assert!(
            e.to_string().contains("line 1: unknown annotation line"),
            "{e}"
        );
    }
}

#[cfg(test)]
mod relation_tests;
#[cfg(test)]
mod whole_tests;
