//! No reader panics or hangs, whatever the bytes: every sample file (ours, the vendored ones —
//! INCEpTION's TSV 3 and XMI, brat, TextGrid and RTTM files among them — and those of ../shared
//! when present) is fed truncated and byte-flipped to every reader, which must return a value
//! or an error. What the TSV 3 and XMI readers accept, their writers write without panicking,
//! and the XMI written reads back with the same text and spans.

mod common;

use gamma_studio::io::cora::CoraOptions;
use gamma_studio::io::webanno_tsv::LayerChoice;
use gamma_studio::io::{
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
    units: &[gamma_studio::Unit],
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
    let spans = |units: &[gamma_studio::Unit]| {
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
