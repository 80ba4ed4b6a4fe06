//! Hostile and damaged exports, each built here: crafted entry names, duplicate and
//! case-colliding names, a damaged end record, zip bombs and lying sizes, many entries.

use super::*;
use zip::CompressionMethod;
use zip::write::SimpleFileOptions;

const TSV: &str = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=He loves her .\n1-1\t0-2\tHe\tPER\t\n1-2\t3-8\tloves\t_\t\n1-3\t9-12\ther\tPER\t\n1-4\t13-14\t.\t_\t\n";

/// A zip of `entries` (name, bytes), each compressed with `method`.
fn zip_of(entries: &[(&str, &[u8])], method: CompressionMethod) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(method)
        .large_file(false);
    for (name, bytes) in entries {
        writer.start_file(*name, options).unwrap();
        std::io::Write::write_all(&mut writer, bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// Replaces every occurrence of `from` by `to` (same length) in `bytes`.
fn patched(mut bytes: Vec<u8>, from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut at = 0;
    let mut count = 0;
    while let Some(found) = bytes[at..].windows(from.len()).position(|w| w == from) {
        bytes[at + found..at + found + to.len()].copy_from_slice(to);
        at += found + to.len();
        count += 1;
    }
    assert!(count > 0, "nothing patched");
    bytes
}

fn read_error(bytes: &[u8]) -> String {
    match read(bytes, Path::new("export.zip"), &[], &LayerChoice::default()) {
        Ok(_) => panic!("read, expected a refusal"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_well_formed_export_is_read() {
    let bytes = zip_of(
        &[
            ("annotation/doc.txt/alice.tsv", TSV.as_bytes()),
            ("annotation/doc.txt/bob.tsv", TSV.as_bytes()),
        ],
        CompressionMethod::Deflated,
    );
    let (documents, _) = read(
        &bytes,
        Path::new("export.zip"),
        &[],
        &LayerChoice::default(),
    )
    .unwrap();
    assert_eq!(documents.len(), 1);
    assert_eq!(documents[0].continuum.name, "doc.txt");
    let names: Vec<&str> = documents[0]
        .continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    assert_eq!(documents[0].continuum.annotators[0].units.len(), 2);
}

/// Entry names that could name a place outside the export are refused, naming the entry.
#[test]
fn crafted_entry_names_are_refused_naming_the_entry() {
    for (name, problem) in [
        ("annotation/../alice.tsv", "`..`"),
        ("annotation/../../x/alice.tsv", "`..`"),
        ("annotation/./alice.tsv", "`.`"),
        ("/annotation/doc/alice.tsv", "an absolute path"),
        ("C:/annotation/doc/alice.tsv", "a drive letter"),
        ("annotation\\doc\\alice.tsv", "a backslash"),
        ("annotation/doc/ali\nce.tsv", "a control character"),
        ("annotation//alice.tsv", "empty part"),
    ] {
        let bytes = zip_of(&[(name, TSV.as_bytes())], CompressionMethod::Stored);
        let error = read_error(&bytes);
        assert!(
            error.starts_with("export.zip: the entry ") && error.contains(problem),
            "{name:?}: {error}"
        );
        assert!(list(&bytes, Path::new("export.zip")).is_err());
    }
    // Not an annotation entry: never used, so never refused.
    let bytes = zip_of(
        &[
            ("source/../odd name.txt", b"x".as_slice()),
            ("annotation/doc/alice.tsv", TSV.as_bytes()),
        ],
        CompressionMethod::Stored,
    );
    assert!(list(&bytes, Path::new("export.zip")).is_ok());
}

#[test]
fn a_name_that_is_not_utf8_is_refused() {
    let bytes = zip_of(
        &[("annotation/doc/al\u{e9}.tsv", TSV.as_bytes())],
        CompressionMethod::Stored,
    );
    // "é" (C3 A9) becomes the lone byte FF and a dot: not UTF-8.
    let bytes = patched(bytes, "\u{e9}".as_bytes(), b"\xff.");
    let error = read_error(&bytes);
    assert!(
        error.contains("name is not UTF-8 (annotation/doc/al\\xff..tsv)"),
        "{error}"
    );
}

#[test]
fn duplicate_and_case_colliding_names_are_refused() {
    let bytes = zip_of(
        &[
            ("annotation/doc/alice.tsv", TSV.as_bytes()),
            ("annotation/doc/alicf.tsv", TSV.as_bytes()),
        ],
        CompressionMethod::Stored,
    );
    let duplicate = patched(bytes, b"alicf", b"alice");
    let error = read_error(&duplicate);
    assert!(error.contains("the same entry name twice"), "{error}");
    let bytes = zip_of(
        &[
            ("annotation/doc/alice.tsv", TSV.as_bytes()),
            ("annotation/doc/ALICE.tsv", TSV.as_bytes()),
        ],
        CompressionMethod::Stored,
    );
    let error = read_error(&bytes);
    assert!(
        error.contains(
            "\"annotation/doc/alice.tsv\" and \"annotation/doc/ALICE.tsv\" differ only in case"
        ),
        "{error}"
    );
}

/// The end record altered to count one entry of two: refused, not read with a user missing.
#[test]
fn a_damaged_end_record_hiding_entries_is_refused() {
    let bytes = zip_of(
        &[
            ("annotation/doc/alice.tsv", TSV.as_bytes()),
            ("annotation/doc/bob.tsv", TSV.as_bytes()),
        ],
        CompressionMethod::Stored,
    );
    let end = bytes.len() - 22;
    assert_eq!(&bytes[end..end + 4], b"PK\x05\x06");
    let mut damaged = bytes.clone();
    // Entries on this disk, and in all.
    damaged[end + 8..end + 12].copy_from_slice(&[1, 0, 1, 0]);
    let error = read_error(&damaged);
    assert!(
        error.contains("damaged: its end record lists 1 entries"),
        "{error}"
    );
}

/// A zip bomb: 64 MiB of zeros deflate to about 64 KiB, 1,000 times smaller. Refused from
/// its declared sizes, before inflating.
#[test]
fn a_zip_bomb_is_refused_before_it_inflates() {
    let zeros = vec![b'0'; 64 << 20];
    let bytes = zip_of(
        &[("annotation/doc/alice.tsv", zeros.as_slice())],
        CompressionMethod::Deflated,
    );
    drop(zeros);
    let error = read_error(&bytes);
    assert!(
        error.contains(&format!("past {MAX_RATIO} times its compressed size")),
        "{error}"
    );
}

/// Sizes that lie: the directory claims a small entry, the data inflates past the ratio. The
/// reading stops at the limit.
#[test]
fn a_lying_declared_size_stops_at_the_limit() {
    let zeros = vec![b'0'; 8 << 20];
    let bytes = zip_of(
        &[("annotation/doc/alice.tsv", zeros.as_slice())],
        CompressionMethod::Deflated,
    );
    // 8 MiB = 0x00800000, as little-endian bytes in the local and central headers: claim 8 bytes.
    let lying = patched(bytes, &[0x00, 0x00, 0x80, 0x00], &[0x08, 0x00, 0x00, 0x00]);
    let error = read_error(&lying);
    assert!(
        error.contains("times its compressed size") || error.contains("cannot read"),
        "{error}"
    );
}

/// Many entries are read in time linear in their number (each used to reopen the archive);
/// past the limit they are refused.
#[test]
fn many_entries_are_read_quickly_and_too_many_refused() {
    let names: Vec<String> = (0..4_000)
        .map(|i| format!("annotation/doc{i}/alice.tsv"))
        .collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), TSV.as_bytes())).collect();
    let bytes = zip_of(&entries, CompressionMethod::Stored);
    let started = std::time::Instant::now();
    let (documents, _) = read(
        &bytes,
        Path::new("export.zip"),
        &[],
        &LayerChoice::default(),
    )
    .unwrap();
    assert_eq!(documents.len(), 4_000);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let names: Vec<String> = (0..=MAX_ENTRIES).map(|i| format!("source/{i}")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), b"".as_slice())).collect();
    let bytes = zip_of(&entries, CompressionMethod::Stored);
    let error = read_error(&bytes);
    assert!(
        error.contains(&format!(
            "{} entries, more than the {MAX_ENTRIES}",
            MAX_ENTRIES + 1
        )),
        "{error}"
    );
}
