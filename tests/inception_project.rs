//! INCEpTION project exports (issue 17): INCEpTION's own export test file and one laid out as
//! INCEpTION lays them out; users as annotators, the curated document as the reference.

mod common;

use common::{best_alignment, fixture};
use gamma_core::Dissimilarity;
use gamma_formats::reference::with_reference;
use gamma_formats::webanno_tsv::LayerChoice;
use gamma_formats::{Document, Format, ReadOptions, Source, read_documents, write_continuum};
use std::path::{Path, PathBuf};

/// (start, end, category) of units, sorted.
fn spans(units: &[gamma_core::Unit]) -> Vec<(f64, f64, String)> {
    let mut out: Vec<_> = units
        .iter()
        .map(|u| (u.start, u.end, u.category.clone()))
        .collect();
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

fn temporary(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!(
        "gamma-studio-project-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// INCEpTION's own project-export test file: the curated document in TSV 3, the annotator's in
/// plain text (not annotations: counted in a warning).
#[test]
fn inception_project_export_opens_its_documents() {
    let zip = fixture("inception-project/curated-project-3.6.1.zip");
    assert_eq!(
        Format::detect(&zip).unwrap(),
        gamma_formats::inception_project::INCEPTION
    );
    let (documents, warnings) =
        read_documents(std::slice::from_ref(&zip), &ReadOptions::default()).unwrap();
    assert_eq!(documents.len(), 1);
    let continuum = &documents[0].continuum;
    assert_eq!(continuum.name, "example_sentence.txt");
    assert_eq!(continuum.annotators[0].name, "curation");
    assert_eq!(
        spans(&continuum.annotators[0].units),
        [(0.0, 4.0, "*".into())]
    );
    assert_eq!(
        continuum.text.as_deref(),
        Some("This is an example sentence.")
    );
    assert!(
        warnings[0]
            .message
            .starts_with("1 annotation file in a format other than TSV 3 or XMI skipped"),
        "{}",
        warnings[0]
    );
    assert_eq!(
        warnings[1].message,
        "no user's annotations in TSV 3 or XMI, only the curated document: it is read as the annotator curation"
    );
    assert!(
        documents[0].reference().is_none(),
        "the curation is the annotator"
    );
    let Source::InceptionProject { layer, feature, .. } = &documents[0].source else {
        panic!("not a project source")
    };
    assert_eq!(
        (layer.as_str(), feature.as_str()),
        (
            "de.tudarmstadt.ukp.dkpro.core.api.syntax.type.chunk.Chunk",
            "chunkValue"
        )
    );
    let options = ReadOptions {
        users: vec!["nobody".into()],
        ..ReadOptions::default()
    };
    let e = read_documents(&[zip], &options).unwrap_err();
    assert!(
        e.message
            .contains("no user \"nobody\" in this export (users: curation)"),
        "{e}"
    );
}

/// The project export of [`write_project`] (two users and the curation of wsj.txt, carol alone
/// on emoji.txt), read in its NamedEntity layer: the documents and the warnings.
fn read_named_entities(zip_path: &Path) -> (Vec<Document>, Vec<gamma_formats::Warning>) {
    let options = ReadOptions {
        layer: named_entities(),
        ..ReadOptions::default()
    };
    read_documents(&[zip_path.to_path_buf()], &options).unwrap()
}

fn named_entities() -> LayerChoice {
    LayerChoice {
        layer: Some("NamedEntity".into()),
        category_feature: None,
    }
}

/// A project export as INCEpTION lays it out: two users and the curation of one document; the
/// curation is the reference, not an annotator.
#[test]
fn inception_project_users_are_annotators_and_the_curation_the_reference() {
    let root = temporary("project");
    let zip_path = root.join("project.zip");
    let tsv = std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap();
    write_project(&zip_path, &tsv);
    let (documents, warnings) = read_named_entities(&zip_path);
    // The reference, then what each user's entry holds beyond the named entities (the gold
    // carries it).
    let kinds: Vec<gamma_formats::WarningKind> = warnings.iter().map(|w| w.kind).collect();
    use gamma_formats::WarningKind::{Carried, Reference};
    assert_eq!(kinds, [Reference, Carried, Carried], "{warnings:?}");
    assert!(
        warnings[0].message.starts_with(
            "the curated document (1 of 2 documents) is the reference, not an annotator"
        ),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[0]
            .file
            .ends_with("curation/wsj.txt/CURATION_USER.tsv")
    );
    // The library names no front end's option: the remedy is typed, said in neutral words.
    assert_eq!(
        warnings[0].remedy,
        Some(gamma_formats::Remedy::CurationAsAnnotator)
    );
    assert!(
        warnings[0].to_string().ends_with(
            "`evaluate` scores them against it: choose curation among the users to measure it as an annotator"
        ),
        "{}",
        warnings[0]
    );
    assert!(!warnings[0].to_string().contains("--"), "{}", warnings[0]);
    assert_eq!(documents.len(), 2);
    assert!(documents[0].reference().is_none(), "emoji.txt: not curated");
    let emoji = &documents[0].continuum;
    assert_eq!(
        (emoji.name.as_str(), emoji.annotators[0].name.as_str()),
        ("emoji.txt", "carol")
    );
    assert_eq!(
        spans(&emoji.annotators[0].units),
        [(10.0, 11.0, "NamedEntity".into())]
    );
    let continuum = &documents[1].continuum;
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["alice", "bob"], "the curation is not an annotator");
    let curation = documents[1].reference().expect("the curated document");
    assert_eq!(curation.name, "curation");
    assert_eq!(curation.own_text, None, "the users' text");
    assert_eq!(
        spans(&curation.units),
        spans(&continuum.annotators[0].units)
    );
    assert_eq!(curation.units.len(), 9, "example2's named entities");
    let names: Vec<String> = documents[1]
        .with_reference()
        .annotators
        .into_iter()
        .map(|a| a.name)
        .collect();
    assert_eq!(names, ["alice", "bob", "curation"]);
}

/// The corpus `evaluate` (and the app's Evaluate window) reads from a project export.
#[test]
fn a_project_is_evaluated_against_its_curation_or_a_user() {
    let root = temporary("project-evaluated");
    let zip_path = root.join("project.zip");
    let tsv = std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap();
    write_project(&zip_path, &tsv);
    let (documents, _) = read_named_entities(&zip_path);
    let continuum = &documents[1].continuum;
    // Against the curated document, the document without one left out; against a user, no
    // curated document.
    let curated = with_reference(&documents, None).unwrap();
    assert_eq!(curated.reference, "curation");
    assert!(curated.curated);
    assert_eq!(curated.continua, [documents[1].with_reference()]);
    assert_eq!(curated.left_out, ["emoji.txt"]);
    let alice = with_reference(&documents, Some("alice")).unwrap();
    assert_eq!((alice.reference.as_str(), alice.curated), ("alice", false));
    // emoji.txt has neither alice nor a curated document: nothing to compare with.
    assert_eq!(alice.continua, std::slice::from_ref(continuum));
    assert_eq!(alice.left_out, ["emoji.txt"]);
    assert!(with_reference(std::slice::from_ref(&documents[0]), None).is_none());
    let (_, alignment) = best_alignment(continuum, &Dissimilarity::default());
    assert!(alignment.disorder > 0.0, "bob differs in one category");
}

/// Users are chosen with `users`: the curation asked for as a user is an annotator, an unknown
/// user is refused naming those there are, and the gold is written back as TSV 3.
#[test]
fn users_are_chosen_and_the_gold_written_in_the_layer_read() {
    let root = temporary("project-users");
    let zip_path = root.join("project.zip");
    write_project(
        &zip_path,
        &std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap(),
    );
    let options = ReadOptions {
        layer: named_entities(),
        users: vec!["alice".into(), "curation".into()],
        ..ReadOptions::default()
    };
    let (documents, warnings) = read_documents(std::slice::from_ref(&zip_path), &options).unwrap();
    let carried: Vec<String> = (warnings.iter())
        .map(|w| format!("{:?} {}", w.kind, w.file.display()))
        .collect();
    let entry = |name: &str| format!("Carried {}", zip_path.join(name).display());
    assert_eq!(
        carried,
        [
            entry("annotation/wsj.txt/alice.tsv"),
            entry("curation/wsj.txt/CURATION_USER.tsv")
        ]
    );
    let names: Vec<&str> = documents[0]
        .continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["alice", "curation"], "asked for as a user");
    assert!(documents[0].reference().is_none());
    let (_, alignment) = best_alignment(&documents[0].continuum, &Dissimilarity::default());
    assert_eq!(alignment.disorder, 0.0);
    let e = read_documents(
        std::slice::from_ref(&zip_path),
        &ReadOptions {
            users: vec!["dave".into()],
            ..ReadOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "no user \"dave\" in this export (users: carol, alice, bob; and curation, the curated document)"
    );
    // The gold of a project document is written as TSV 3 in the layer read.
    let out = root.join("gold");
    let written = write_continuum(
        &documents[0].continuum,
        Some(&documents[0].source),
        gamma_formats::webanno_tsv::TSV3,
        &out,
        &Default::default(),
    )
    .unwrap();
    assert!(
        std::fs::read_to_string(&written[0])
            .unwrap()
            .contains("NamedEntity|value")
    );
}

/// A damaged entry is an error naming the entry and its line; a damaged archive is refused.
#[test]
fn a_damaged_project_is_an_error_naming_the_entry() {
    use std::io::Write;
    let root = temporary("project-damaged");
    let zip_path = root.join("project.zip");
    let tsv = std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap();
    write_project(&zip_path, &tsv);
    let damaged = root.join("damaged.zip");
    {
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&damaged).unwrap());
        writer
            .start_file(
                "annotation/wsj.txt/alice.tsv",
                zip::write::SimpleFileOptions::default(),
            )
            .unwrap();
        writer
            .write_all(tsv.replacen("0-3", "0-x", 1).as_bytes())
            .unwrap();
        writer.finish().unwrap();
    }
    let e = read_documents(std::slice::from_ref(&damaged), &ReadOptions::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: line 8: offsets \"0-x\" are not begin-end",
            damaged.join("annotation/wsj.txt/alice.tsv").display()
        )
    );
    std::fs::write(&damaged, b"PK\x03\x04 not really").unwrap();
    let e = read_documents(&[damaged], &ReadOptions::default()).unwrap_err();
    assert!(e.message.starts_with("not a readable zip archive"), "{e}");
}

/// A user named like the curated document would be merged with it: refused, naming the entry.
#[test]
fn a_user_named_curation_is_refused() {
    use std::io::Write;
    let root = temporary("named-curation");
    let tsv = std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap();
    let named_curation = root.join("named-curation.zip");
    {
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&named_curation).unwrap());
        for name in [
            "annotation/wsj.txt/curation.tsv",
            "curation/wsj.txt/CURATION_USER.tsv",
        ] {
            writer
                .start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(tsv.as_bytes()).unwrap();
        }
        writer.finish().unwrap();
    }
    let e = read_documents(
        std::slice::from_ref(&named_curation),
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: a user is named \"curation\", the name the curated document takes here: rename the user in INCEpTION before exporting",
            named_curation
                .join("annotation/wsj.txt/curation.tsv")
                .display()
        )
    );
}

/// A project export as INCEpTION lays it out at `zip_path`: users alice and bob (a copy of
/// `tsv`, bob's with one category changed) and the curation (`tsv`) of `wsj.txt`, the source
/// and a binary entry, and carol's XMI export of `emoji.txt` (a zip with its type system).
fn write_project(zip_path: &Path, tsv: &str) {
    use std::io::Write;
    let entries = [
        ("source/wsj.txt", "text".to_string()),
        ("annotation/wsj.txt/alice.tsv", tsv.to_string()),
        (
            "annotation/wsj.txt/bob.tsv",
            tsv.replacen("\tOTH\t", "\tPER\t", 1),
        ),
        ("curation/wsj.txt/CURATION_USER.tsv", tsv.to_string()),
        ("annotation_ser/wsj.txt/alice.ser", "binary".to_string()),
    ];
    // INCEpTION zips an XMI export with its type system: annotation/<doc>/<user>.zip
    let xmi_zip = {
        let mut buffer = std::io::Cursor::new(Vec::new());
        let mut writer = zip::ZipWriter::new(&mut buffer);
        writer
            .start_file("emoji.xmi", zip::write::SimpleFileOptions::default())
            .unwrap();
        writer
            .write_all(&std::fs::read(fixture("webanno-tsv/testSentenceWithEmoji.xmi")).unwrap())
            .unwrap();
        writer
            .start_file("TypeSystem.xml", zip::write::SimpleFileOptions::default())
            .unwrap();
        writer
            .write_all(b"<typeSystemDescription><types/></typeSystemDescription>")
            .unwrap();
        writer.finish().unwrap();
        buffer.into_inner()
    };
    {
        let mut writer = zip::ZipWriter::new(std::fs::File::create(zip_path).unwrap());
        for (name, content) in &entries {
            writer
                .start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(content.as_bytes()).unwrap();
        }
        writer
            .start_file(
                "annotation/emoji.txt/carol.zip",
                zip::write::SimpleFileOptions::default(),
            )
            .unwrap();
        writer.write_all(&xmi_zip).unwrap();
        writer.finish().unwrap();
    }
}

/// Converting a project export says what the export holds beyond the layer read: the users'
/// other layers, counted in each user's file (TSV 3 and zipped XMI alike), and the curated
/// document, the reference, which is not written. `example2.tsv` has 86 tokens, each with a
/// part of speech and 86 dependencies in all (three tokens have none, three two each); the
/// XMI has two custom spans besides its named entity.
#[test]
fn converting_a_project_lists_the_layers_not_read_and_the_curation() {
    use std::io::Write;
    let root = temporary("project-unread");
    let zip_path = root.join("project.zip");
    let tsv = std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap();
    let xmi = std::fs::read_to_string(fixture("webanno-tsv/testSentenceWithEmoji.xmi"))
        .unwrap()
        .replace(
            "    <cas:Sofa",
            "    <custom:Span xmi:id=\"20\" sofa=\"2\" begin=\"0\" end=\"1\" value=\"A\"/>\n    \
             <custom:Span xmi:id=\"21\" sofa=\"2\" begin=\"2\" end=\"6\" value=\"B\"/>\n    <cas:Sofa",
        )
        .replace(" 9 10\"", " 9 10 20 21\"");
    let xmi_zip = {
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        writer
            .start_file("emoji.xmi", zip::write::SimpleFileOptions::default())
            .unwrap();
        writer.write_all(xmi.as_bytes()).unwrap();
        writer.finish().unwrap().into_inner()
    };
    {
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        let entries: [(&str, &[u8]); 4] = [
            ("annotation/wsj.txt/alice.tsv", tsv.as_bytes()),
            ("annotation/wsj.txt/bob.tsv", tsv.as_bytes()),
            ("curation/wsj.txt/CURATION_USER.tsv", tsv.as_bytes()),
            ("annotation/emoji.txt/carol.zip", &xmi_zip),
        ];
        for (name, content) in entries {
            writer
                .start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(content).unwrap();
        }
        writer.finish().unwrap();
    }
    let (documents, _) = read_named_entities(&zip_path);
    let said = |document: &Document| -> Vec<String> {
        gamma_formats::losses::conversion_losses(
            &document.continuum,
            Some(&document.source),
            &ReadOptions::default(),
            gamma_formats::csv::CSV,
            &root.join("out.csv"),
        )
        .into_iter()
        .map(|w| w.message)
        .collect()
    };
    assert_eq!(documents[0].continuum.name, "emoji.txt");
    assert_eq!(
        said(&documents[0]),
        [
            "CSV is written in the span layer read: the input's other layers are left out \
          (Span 2 annotations)"
        ]
    );
    assert_eq!(documents[1].continuum.name, "wsj.txt");
    let wsj = said(&documents[1]);
    assert_eq!(
        wsj,
        [
            "CSV is written in the span layer read: the input's other layers are left out \
             (Dependency 172 annotations, POS 172 annotations)",
            "CSV is written from the users: the export's curated document, the reference, is \
             left out (9 units)"
        ]
    );
    // The command line says them, the curated document with the option that writes it.
    let out = root.join("out");
    let run = common::cli::gamma_studio(&[
        "convert",
        zip_path.to_str().unwrap(),
        "--layer",
        "NamedEntity",
        "--to",
        "csv",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}: {}: --users …,curation measures it as an annotator",
            out.join("wsj.txt.csv").display(),
            wsj[1]
        )),
        "{stderr}"
    );
    assert!(stderr.contains("(Span 2 annotations)"), "{stderr}");
}
