//! No reader panics or hangs, whatever the bytes: every sample file (ours, the vendored ones —
//! INCEpTION's TSV 3 and XMI, brat, TextGrid and RTTM files among them — and those of ../shared
//! when present) is fed truncated and byte-flipped to every reader, which must return a value
//! or an error. What the TSV 3 and XMI readers accept, their writers write without panicking,
//! and the XMI written reads back with the same text and spans.

mod common;

use gamma_formats::cora::CoraOptions;
use gamma_formats::webanno_tsv::LayerChoice;
use gamma_formats::{
    aam, brat, cora, csv, elan, glozz, inception_project, rttm, textgrid, webanno_tsv, xmi, xml,
};
use std::path::{Path, PathBuf};

fn files_under(folder: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return out;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else if path.extension().is_some_and(|e| {
            [
                "aa", "ac", "aam", "csv", "eaf", "xml", "tsv", "xmi", "ann", "txt", "TextGrid",
                "rttm", "zip",
            ]
            .contains(&&*e.to_string_lossy())
        }) {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn feed_every_reader(bytes: &[u8], path: &Path) {
    let _ = glozz::parse_aa(bytes, path);
    let _ = aam::parse(bytes, path);
    let _ = csv::parse(bytes, path);
    let _ = xml::parse(bytes, path);
    let _ = elan::parse(bytes, path);
    if let Ok(file) = cora::parse(bytes, path) {
        let _ = file.units(&CoraOptions::default(), path);
    }
    if let Ok(file) = webanno_tsv::parse(bytes, path) {
        let _ = file.units(&LayerChoice::default(), path);
        for (_, layer) in file.span_layers() {
            let choice = LayerChoice {
                layer: Some(layer.name.clone()),
                category_feature: None,
            };
            if let Ok((units, _)) = file.units(&choice, path)
                && let Ok(written) = webanno_tsv::to_tsv3(&file.text, &units, &layer.name, "value")
            {
                let again = webanno_tsv::parse(written.as_bytes(), path)
                    .unwrap_or_else(|e| panic!("{}: the TSV 3 written: {e}", path.display()));
                assert_eq!(again.spans.len(), units.len(), "{}", path.display());
            }
        }
    }
    if let Ok(file) = xmi::parse(bytes, path, None) {
        let _ = file.units(&LayerChoice::default(), path);
        for (layer, _) in &file.layers {
            let choice = LayerChoice {
                layer: Some(layer.clone()),
                category_feature: None,
            };
            if let Ok((name, feature, units, _)) = file.units(&choice, path) {
                xmi_written_reads_back(&file.text, &units, &name, &feature, path);
            }
        }
    }
    let _ = brat::parse_ann(bytes, path, "Sony bought Columbia Pictures in 1989.");
    let _ = textgrid::parse(bytes, path);
    let _ = rttm::parse(bytes, path);
    let _ = inception_project::read(bytes, path, &[], &LayerChoice::default());
}

/// The XMI of units read from an XMI file reads back with the same text and spans.
fn xmi_written_reads_back(
    text: &str,
    units: &[gamma_core::Unit],
    layer: &str,
    feature: &str,
    path: &Path,
) {
    let Ok(written) = xmi::to_xmi(text, units, layer, feature) else {
        return; // a character XML 1.0 cannot hold, reported as an error
    };
    if units.is_empty() {
        return; // no annotation: no layer to read back
    }
    let again = xmi::parse(written.as_bytes(), path, None)
        .unwrap_or_else(|e| panic!("{}: the XMI written: {e}", path.display()));
    assert_eq!(again.text, text, "{}", path.display());
    // The only layer written (its name made a UIMA type name, which a damaged one may not be).
    let choice = LayerChoice::default();
    let spans = |units: &[gamma_core::Unit]| {
        let mut out: Vec<(f64, f64)> = units.iter().map(|u| (u.start, u.end)).collect();
        out.sort_by(|a, b| a.partial_cmp(b).unwrap());
        out
    };
    match again.units(&choice, path) {
        Ok((_, _, read, _)) => assert_eq!(spans(&read), spans(units), "{}", path.display()),
        // Several features written (the category and others): the spans of any one.
        Err(e) => {
            let Some((_, features)) = again.layers.first() else {
                panic!("{}: layer {layer:?}: {e}\n{written}", path.display());
            };
            let choice = LayerChoice {
                category_feature: features.first().cloned(),
                ..choice
            };
            let (_, _, read, _) = again.units(&choice, path).unwrap();
            assert_eq!(spans(&read), spans(units), "{}", path.display());
        }
    }
}

#[test]
fn no_reader_panics_on_truncated_or_damaged_files() {
    let mut samples = files_under(&common::fixture(""));
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    if shared.is_dir() {
        samples.extend(files_under(&shared.join("glozz")));
        samples.extend(files_under(&shared.join("cora")));
    } else {
        println!("notice: ../shared/corpora is absent; only the vendored samples are damaged");
    }
    let kinds: Vec<String> = samples
        .iter()
        .filter_map(|p| p.extension().map(|e| e.to_string_lossy().into_owned()))
        .collect();
    for kind in [
        "aa", "csv", "eaf", "xml", "tsv", "xmi", "ann", "TextGrid", "rttm", "zip",
    ] {
        assert!(kinds.iter().any(|k| k == kind), "no .{kind} sample");
    }
    for sample in samples {
        let bytes = std::fs::read(&sample).unwrap();
        feed_every_reader(&bytes, &sample);
        let cuts = (0..bytes.len()).step_by((bytes.len() / 40).max(1));
        for cut in cuts {
            feed_every_reader(&bytes[..cut], &sample);
        }
        for (i, position) in (0..bytes.len())
            .step_by((bytes.len() / 60).max(1))
            .enumerate()
        {
            let mut damaged = bytes.clone();
            damaged[position] ^= [0xff, 0x20, 0x3c, 0x01][i % 4];
            feed_every_reader(&damaged, &sample);
        }
    }
}

/// `bytes` with a NUL byte at the start of its line `line`.
fn with_nul_on_line(bytes: &[u8], line: usize) -> Vec<u8> {
    let mut at = 0;
    for _ in 1..line {
        at += bytes[at..].iter().position(|&b| b == b'\n').unwrap() + 1;
    }
    let mut damaged = bytes.to_vec();
    damaged.insert(at, 0);
    damaged
}

/// A NUL byte cannot be written to XML nor be part of a file name: every reader refuses it,
/// naming its line, instead of carrying it into names and categories.
#[test]
fn a_nul_byte_is_refused_by_every_reader_with_its_line() {
    type Parse = fn(&[u8], &Path) -> Result<(), String>;
    let readers: [(&str, usize, Parse); 9] = [
        ("glozz/alice.aa", 3, |b, p| {
            glozz::parse_aa(b, p).map(drop).map_err(|e| e.to_string())
        }),
        ("pygamma/h6_three_annot.csv", 2, |b, p| {
            csv::parse(b, p).map(drop).map_err(|e| e.to_string())
        }),
        ("elan/MaureenMarvinRobin.eaf", 4, |b, p| {
            elan::parse(b, p).map(drop).map_err(|e| e.to_string())
        }),
        ("cora/p1_pos_A.xml", 3, |b, p| {
            cora::parse(b, p).map(drop).map_err(|e| e.to_string())
        }),
        ("webanno-tsv/example2.tsv", 3, |b, p| {
            webanno_tsv::parse(b, p)
                .map(drop)
                .map_err(|e| e.to_string())
        }),
        ("webanno-tsv/testSentenceWithEmoji.xmi", 2, |b, p| {
            xmi::parse(b, p, None).map(drop).map_err(|e| e.to_string())
        }),
        ("brat/news/000-introduction.ann", 2, |b, p| {
            let text = std::fs::read_to_string(p.with_extension("txt")).unwrap();
            brat::parse_ann(b, p, &text)
                .map(drop)
                .map_err(|e| e.to_string())
        }),
        ("textgrid/mary.TextGrid", 3, |b, p| {
            textgrid::parse(b, p).map(drop).map_err(|e| e.to_string())
        }),
        ("rttm/sample.rttm", 2, |b, p| {
            rttm::parse(b, p).map(drop).map_err(|e| e.to_string())
        }),
    ];
    for (sample, line, parse) in readers {
        let path = common::fixture(sample);
        let bytes = std::fs::read(&path).unwrap();
        assert!(parse(&bytes, &path).is_ok(), "{sample} reads as it is");
        let message = parse(&with_nul_on_line(&bytes, line), &path).unwrap_err();
        assert!(
            message.contains(&format!("line {line}: a NUL character (U+0000)")),
            "{sample}: {message}"
        );
    }
}

/// A CSV file cut while it was copied ends inside its last record, which reads as a shorter
/// one: it is read with a warning that names the last line.
#[test]
fn a_csv_file_cut_mid_line_is_read_with_a_warning_naming_its_last_line() {
    use gamma_formats::{ReadOptions, WarningKind, read_documents};
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.csv");
    std::fs::write(&whole, "a,X,0,10\nb,X,0,10\n").unwrap();
    let (_, warnings) = read_documents(&[whole], &ReadOptions::default()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let cut = dir.path().join("cut.csv");
    std::fs::write(&cut, "a,X,0,10\nb,X,0,1").unwrap();
    let (documents, warnings) =
        read_documents(std::slice::from_ref(&cut), &ReadOptions::default()).unwrap();
    assert_eq!(documents[0].continuum.n_units(), 2);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].kind, WarningKind::MaybeTruncated);
    assert_eq!(warnings[0].line, Some(2));
    assert_eq!(
        warnings[0].to_string(),
        format!(
            "{}: line 2: the file does not end with a line break: it may have been cut, and its last line \"b,X,0,1\" was read as it stands",
            cut.display()
        )
    );
}

#[test]
fn an_image_renamed_aa_is_refused_for_not_being_text() {
    let dir = tempfile::tempdir().unwrap();
    let png = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons/gamma-studio-256.png");
    let aa = dir.path().join("picture.aa");
    std::fs::copy(png, &aa).unwrap();
    let error = gamma_formats::read_documents(std::slice::from_ref(&aa), &Default::default())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        format!(
            "{}: line 1: not text (a Glozz .aa file is XML): the file is binary or in another encoding",
            aa.display()
        )
    );
}
