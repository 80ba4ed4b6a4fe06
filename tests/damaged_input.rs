//! No reader panics or hangs, whatever the bytes: every sample file (ours, the vendored ones —
//! INCEpTION's TSV 3 and XMI, brat, TextGrid and RTTM files among them — and those of ../shared
//! when present) is fed truncated and byte-flipped to every reader, which must return a value
//! or an error.

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
            let _ = file.units(&choice, path);
        }
    }
    if let Ok(file) = xmi::parse(bytes, path, None) {
        let _ = file.units(&LayerChoice::default(), path);
    }
    let _ = brat::parse_ann(bytes, path, "Sony bought Columbia Pictures in 1989.");
    let _ = textgrid::parse(bytes, path);
    let _ = rttm::parse(bytes, path);
    let _ = inception_project::read(bytes, path, &[], &LayerChoice::default());
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
