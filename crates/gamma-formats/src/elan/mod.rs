//! ELAN `.eaf`: tiers of time-aligned annotations. Each tier becomes an annotator; time
//! slots are milliseconds; the annotation value is the category. Annotations with an empty value
//! are skipped (nothing was labelled), as are symbolic (reference) annotations, which have no
//! time of their own.

pub(crate) mod convert;
mod tree;
mod whole;

pub(crate) use whole::whole_gold;

use super::Warning;
use super::format::{
    Codec, Description, Document, Format, Gold, Grouping, Output, ReadContext, ReadOptions, Source,
};
use super::xml::{self, escape};
use super::{FileError, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;
use std::path::PathBuf;

/// Reads an `.eaf` file; see [`parse`].
pub fn read(path: &Path) -> Result<Continuum, FileError> {
    let bytes = super::read_bytes(path)?;
    parse(&bytes, path)
}

/// Every tier with time-aligned annotations is an annotator.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Continuum, FileError> {
    parse_with_warnings(bytes, path).map(|(continuum, _)| continuum)
}

/// [`parse`], with a warning naming the tiers without a time-aligned annotation with a value
/// (annotators who are not measured).
pub(crate) fn parse_with_warnings(
    bytes: &[u8],
    path: &Path,
) -> Result<(Continuum, Vec<Warning>), FileError> {
    let root = xml::parse_with_root(bytes, path, "ANNOTATION_DOCUMENT", "an ELAN file")?;
    let mut slots: HashMap<&str, Option<f64>> = HashMap::new();
    if let Some(order) = root.child("TIME_ORDER") {
        for slot in order.children_named("TIME_SLOT") {
            let id = slot.attribute("TIME_SLOT_ID").ok_or_else(|| {
                FileError::new(path, Some(slot.line), "TIME_SLOT without TIME_SLOT_ID")
            })?;
            let value = match slot.attribute("TIME_VALUE") {
                None => None,
                Some(v) => Some(v.trim().parse::<f64>().map_err(|_| {
                    FileError::new(
                        path,
                        Some(slot.line),
                        format!("time slot {id}: TIME_VALUE {v:?} is not a number"),
                    )
                })?),
            };
            if slots.insert(id, value).is_some() {
                return Err(FileError::new(
                    path,
                    Some(slot.line),
                    format!("time slot {id} is defined twice"),
                ));
            }
        }
    }
    // Each tier is an annotator: their number is checked before any is read.
    super::files::refuse_too_many_annotators(
        root.children_named("TIER").count(),
        "tiers",
        path,
        None,
    )?;
    let mut tier_ids = std::collections::HashSet::new();
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut continuum = Continuum::new(name);
    let mut empty = Vec::new();
    for tier in root.children_named("TIER") {
        let tier_id = tier.attribute("TIER_ID").unwrap_or_default().to_string();
        if !tier_ids.insert(tier_id.clone()) {
            return Err(FileError::new(
                path,
                Some(tier.line),
                format!("tier {tier_id:?} is defined twice (each tier is one annotator)"),
            ));
        }
        let mut aligned = Vec::new();
        for annotation in tier.children_named("ANNOTATION") {
            let Some(a) = annotation.child("ALIGNABLE_ANNOTATION") else {
                continue;
            };
            let time = |reference: &str| -> Result<f64, FileError> {
                let id = a.attribute(reference).ok_or_else(|| {
                    FileError::new(
                        path,
                        Some(a.line),
                        format!("annotation without {reference}"),
                    )
                })?;
                match slots.get(id) {
                    Some(Some(t)) => Ok(*t),
                    Some(None) => Err(FileError::new(
                        path,
                        Some(a.line),
                        format!(
                            "time slot {id} has no time value (unaligned slots are not supported yet)"
                        ),
                    )),
                    None => Err(FileError::new(
                        path,
                        Some(a.line),
                        format!("unknown time slot {id}"),
                    )),
                }
            };
            let (start, end) = (time("TIME_SLOT_REF1")?, time("TIME_SLOT_REF2")?);
            let value = a
                .child("ANNOTATION_VALUE")
                .map(|v| v.text())
                .unwrap_or_default();
            if value.trim().is_empty() {
                continue;
            }
            let mut unit = Unit::new(start, end, value.trim()).map_err(|e| {
                FileError::new(path, Some(a.line), format!("tier {tier_id:?}: {e}"))
            })?;
            if let Some(id) = a.attribute("ANNOTATION_ID") {
                unit = unit.with_source_id(id);
            }
            aligned.push(unit);
        }
        if aligned.is_empty() {
            empty.push(format!("{tier_id:?}"));
        }
        if !aligned.is_empty() {
            continuum.add_annotator(&tier_id);
            for unit in aligned {
                continuum.add_unit(&tier_id, unit);
            }
        }
    }
    if continuum.n_units() == 0 {
        return Err(FileError::new(
            path,
            None,
            "no time-aligned annotation with a value in this file",
        ));
    }
    let warnings = super::files::empty_annotators_warning(&empty, "tier", path)
        .into_iter()
        .collect();
    Ok((continuum, warnings))
}

/// A unit's bounds in whole milliseconds, ELAN's resolution: rounded, and a unit shorter than a
/// millisecond keeps one (ELAN has no empty annotation, and our readers refuse them).
pub(crate) fn milliseconds(unit: &gamma_core::unit::Unit) -> (i64, i64) {
    let start = unit.start.round() as i64;
    (start, (unit.end.round() as i64).max(start + 1))
}

/// The `.eaf` XML: one tier per annotator, times rounded to whole milliseconds. A unit before
/// time 0 is refused: ELAN rejects a negative `TIME_VALUE`.
pub(crate) fn to_eaf(continuum: &Continuum) -> Result<String, crate::Unwritable> {
    if let Some(negative) =
        crate::unwritable::negative_time(continuum, "ELAN", |u| milliseconds(u).0 < 0)
    {
        return Err(negative);
    }
    let mut times: Vec<i64> = continuum
        .units()
        .flat_map(|(_, u)| {
            let (start, end) = milliseconds(u);
            [start, end]
        })
        .collect();
    times.sort_unstable();
    times.dedup();
    let slot_of: HashMap<i64, usize> = times.iter().enumerate().map(|(i, t)| (*t, i + 1)).collect();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<ANNOTATION_DOCUMENT AUTHOR=\"\" FORMAT=\"3.0\" VERSION=\"3.0\">\n");
    out.push_str("<HEADER MEDIA_FILE=\"\" TIME_UNITS=\"milliseconds\"/>\n<TIME_ORDER>\n");
    for (i, t) in times.iter().enumerate() {
        let _ = writeln!(
            out,
            "<TIME_SLOT TIME_SLOT_ID=\"ts{}\" TIME_VALUE=\"{t}\"/>",
            i + 1
        );
    }
    out.push_str("</TIME_ORDER>\n");
    let mut next_id = 1;
    for annotator in &continuum.annotators {
        let _ = writeln!(
            out,
            "<TIER LINGUISTIC_TYPE_REF=\"default-lt\" TIER_ID=\"{}\">",
            xml::escape_attribute(&annotator.name)
        );
        for unit in &annotator.units {
            let (start, end) = milliseconds(unit);
            let _ = writeln!(
                out,
                "<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID=\"a{next_id}\" TIME_SLOT_REF1=\"ts{}\" TIME_SLOT_REF2=\"ts{}\"><ANNOTATION_VALUE>{}</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>",
                slot_of[&start],
                slot_of[&end],
                escape(&unit.category)
            );
            next_id += 1;
        }
        out.push_str("</TIER>\n");
    }
    out.push_str("<LINGUISTIC_TYPE GRAPHIC_REFERENCES=\"false\" LINGUISTIC_TYPE_ID=\"default-lt\" TIME_ALIGNABLE=\"true\"/>\n");
    out.push_str("</ANNOTATION_DOCUMENT>\n");
    Ok(out)
}

/// Writes the continuum to `path` as `.eaf` XML, one tier per annotator, times rounded to whole
/// milliseconds (through a temporary file, renamed).
pub fn write(continuum: &Continuum, path: &Path) -> Result<(), FileError> {
    let eaf = to_eaf(continuum).map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, eaf.as_bytes())
}

/// The ELAN codec: every file is a document, its tiers the annotators.
pub const ELAN: Format = Format::new(&Elan);

struct Elan;

static DESCRIPTION: Description = Description {
    name: "elan",
    label: "ELAN",
    extensions: &["eaf"],
    written_extension: "eaf",
    mime_type: "text/x-eaf+xml",
    output: Some(Output::File),
    choices: &[],
    holds: crate::format::Holds {
        features: false,
        feature_names: crate::format::FeatureNames::AsTheyAre,
        relations: false,
        relations_to_groups: false,
        undirected_relations: false,
        empty_categories: false,
        overlapping_units: false,
        spaces_in_categories: true,
        spaces_in_annotators: true,
        positions: crate::format::Positions::WholeMilliseconds,
    },
};

impl Codec for Elan {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn grouping(&self, _options: &ReadOptions) -> Grouping {
        Grouping::EachFile
    }

    fn read(
        &self,
        files: &[PathBuf],
        _context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let (continuum, warnings) = parse_with_warnings(&super::read_bytes(&files[0])?, &files[0])?;
        let document = Document {
            continuum,
            source: Source::Elan(files[0].clone()),
        };
        Ok((vec![document], warnings))
    }

    /// The input `.eaf` as it is when the document came from ELAN unchanged
    /// ([`convert::input_file`]), else one tier per annotator ([`to_eaf`]), in milliseconds
    /// (a document read in seconds is rescaled: the `time_unit` module).
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        match convert::input_file(source, continuum) {
            Some(bytes) => write_atomically(out, &bytes)?,
            None => write(&crate::time_unit::in_unit_of(continuum, source, ELAN), out)?,
        }
        Ok(vec![out.to_path_buf()])
    }

    /// ELAN never overlaps annotations on one tier. When the document came from ELAN, the
    /// gold tiers replace the measured ones in the annotators' file, with everything else it
    /// holds ([`whole`]).
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        match gold.source {
            Some(Source::Elan(eaf)) => {
                write_atomically(path, whole_gold(gold, eaf)?.eaf.as_bytes())
            }
            source => write(
                &crate::time_unit::in_unit_of(&gold.as_document(true), source, ELAN),
                path,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_time_is_refused_and_a_tab_in_a_tier_id_reads_back_as_written() {
        let mut c = Continuum::new("t");
        c.add_unit("A\tB\nC", Unit::new(100.0, 900.0, "laugh").unwrap());
        let eaf = to_eaf(&c).unwrap();
        assert!(eaf.contains("TIER_ID=\"A&#9;B&#10;C\""), "{eaf}");
        let again = parse(eaf.as_bytes(), Path::new("tab.eaf")).unwrap();
        assert_eq!(again.annotator_names(), ["A\tB\nC"]);
        c.add_unit("D", Unit::new(-1000.0, 50.0, "x").unwrap());
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("n.eaf");
        let message = write(&c, &out).unwrap_err().to_string();
        assert!(
            message.contains("annotator \"D\": unit")
                && message.contains("starts before 0, which ELAN refuses"),
            "{message}"
        );
        assert!(!out.exists(), "nothing written");
    }

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT FORMAT="3.0" VERSION="3.0">
<HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>
<TIME_ORDER>
<TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="100"/>
<TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="900"/>
<TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="1500"/>
</TIME_ORDER>
<TIER TIER_ID="maureen" LINGUISTIC_TYPE_REF="lt">
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>laugh</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts3"><ANNOTATION_VALUE></ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
</TIER>
<TIER TIER_ID="robin" LINGUISTIC_TYPE_REF="lt">
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a3" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts3"><ANNOTATION_VALUE>speech &amp; laugh</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
</TIER>
<TIER TIER_ID="empty" LINGUISTIC_TYPE_REF="lt"/>
</ANNOTATION_DOCUMENT>"#;

    #[test]
    fn tiers_become_annotators_and_round_trip() {
        let c = parse(SAMPLE.as_bytes(), Path::new("talk.eaf")).unwrap();
        assert_eq!(c.n_annotators(), 2);
        assert_eq!(c.annotators[0].units.len(), 1, "the empty value is skipped");
        let robin = &c.annotators[1].units[0];
        assert_eq!(
            (robin.start, robin.end, robin.category.as_str()),
            (100.0, 1500.0, "speech & laugh")
        );
        let again = parse(to_eaf(&c).unwrap().as_bytes(), Path::new("again.eaf")).unwrap();
        let strip = |c: &Continuum| -> Vec<(String, f64, f64, String)> {
            c.units()
                .map(|(a, u)| {
                    (
                        c.annotators[a].name.clone(),
                        u.start,
                        u.end,
                        u.category.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(strip(&again), strip(&c));
    }

    #[test]
    fn duplicate_tiers_and_time_slots_are_errors() {
        let twice = SAMPLE.replace("TIER_ID=\"robin\"", "TIER_ID=\"maureen\"");
        let e = parse(twice.as_bytes(), Path::new("t.eaf")).unwrap_err();
        assert!(
            e.to_string().contains("tier \"maureen\" is defined twice"),
            "{e}"
        );
        let slot_twice = SAMPLE.replace("TIME_SLOT_ID=\"ts2\"", "TIME_SLOT_ID=\"ts1\"");
        let e = parse(slot_twice.as_bytes(), Path::new("t.eaf")).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 6: time slot ts1 is defined twice"),
            "{e}"
        );
    }

    #[test]
    fn units_shorter_than_a_millisecond_keep_one_and_read_back() {
        let mut c = Continuum::new("short");
        c.add("a", 10.2, 10.4, "x").unwrap();
        c.add("a", 20.0, 30.0, "y").unwrap();
        let again = parse(to_eaf(&c).unwrap().as_bytes(), Path::new("short.eaf")).unwrap();
        let spans: Vec<(f64, f64)> = again.units().map(|(_, u)| (u.start, u.end)).collect();
        assert_eq!(spans, vec![(10.0, 11.0), (20.0, 30.0)]);
    }

    #[test]
    fn bad_files_are_errors_naming_the_place() {
        let bad_slot = SAMPLE.replace(
            "TIME_SLOT_REF2=\"ts3\"><ANNOTATION_VALUE>speech",
            "TIME_SLOT_REF2=\"ts9\"><ANNOTATION_VALUE>speech",
        );
        let e = parse(bad_slot.as_bytes(), Path::new("t.eaf")).unwrap_err();
        assert_eq!(e.to_string(), "t.eaf: line 14: unknown time slot ts9");
        let reversed = SAMPLE.replace(
            "TIME_SLOT_REF1=\"ts1\" TIME_SLOT_REF2=\"ts3\"",
            "TIME_SLOT_REF1=\"ts3\" TIME_SLOT_REF2=\"ts1\"",
        );
        let e = parse(reversed.as_bytes(), Path::new("t.eaf")).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 14: tier \"robin\": end 100 is before start 1500"),
            "{e}"
        );
        let e = parse(b"<annotations/>", Path::new("t.eaf")).unwrap_err();
        assert!(e.to_string().contains("<ANNOTATION_DOCUMENT>"), "{e}");
    }
}

#[cfg(test)]
mod whole_tests;
